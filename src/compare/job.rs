//! A copy of chosen pets from one environment into the other: the pets as they were chosen,
//! made into import rows so that the import's run sends them (two at a time, each row an entry
//! of the record of sent pets, so none is sent twice: a pet an earlier copy created, or that
//! may exist, is left out of a later one unless the manager asks). The job (which pets, from
//! where to where) is kept in this tab's storage, so a reload finds it.

use serde::{Deserialize, Serialize};

use crate::api::Pet;
use crate::config::Environment;
use crate::import::{fingerprint, fnv1a, ImportRow};
use crate::input::Draft;

/// The storage key of the last copy (an `import` slot: forgotten and listed with them).
pub const COPY_SLOT: &str = "petstore-admin.import-copy";

/// The pets chosen in `from`, to be created in `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopyJob {
    /// Where the pets are.
    pub from: Environment,
    /// Where they are created.
    pub to: Environment,
    /// The pets as they were read in `from` (their ids are `from`'s).
    pub pets: Vec<Pet>,
}

impl CopyJob {
    /// The pets as import rows: name, category and status as read, checked as the add form
    /// checks them (a status the service does not define is never sent). A row's "line" is
    /// its position.
    pub fn rows(&self) -> Vec<ImportRow> {
        self.pets
            .iter()
            .zip(1u64..)
            .map(|(pet, line)| {
                let draft = Draft {
                    name: pet.name.clone(),
                    category_id: pet.category_id.to_string(),
                    status: pet.status.as_ref().map_or("", |s| s.as_str()).to_owned(),
                };
                ImportRow {
                    line,
                    checked: draft.validate(),
                    draft,
                }
            })
            .collect()
    }

    /// What tells this job's ledger from an import's and from a copy of other pets: the
    /// source environment and the pets' ids, with the rows.
    pub fn fingerprint(&self) -> String {
        let ids: Vec<String> = self.pets.iter().map(|p| p.id.to_string()).collect();
        format!(
            "copy-{}-{}-{}",
            self.from.as_str(),
            fingerprint(&self.rows()),
            fnv1a(&ids.join(","))
        )
    }

    /// The last copy of this tab, if storage holds one.
    pub fn load() -> Option<CopyJob> {
        crate::storage::get_json(COPY_SLOT)
    }

    /// Keeps this job as the tab's last copy.
    pub fn save(&self) {
        crate::storage::set_json(COPY_SLOT, self);
    }
}
