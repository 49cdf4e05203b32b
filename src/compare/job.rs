//! A copy of chosen pets from one environment into the other: the pets as they were chosen,
//! made into import rows so that the import's run sends them (two at a time, a ledger that
//! never sends a row twice). The job is kept in this tab's storage, so a reload finds it.

use serde::{Deserialize, Serialize};

use crate::api::Pet;
use crate::config::Environment;
use crate::i18n::words;
use crate::import::{fingerprint, fnv1a, ImportRow, Ledger, Outcome};
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

    /// This job's ledger, as storage holds it.
    pub fn ledger(&self) -> Ledger {
        Ledger::load(self.to, &self.fingerprint())
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

/// Starts `new`'s ledger with what `old` (the copy before it) recorded for the same pets in
/// the same direction: a pet created, or perhaps created, by the earlier copy is never sent
/// again by this one. One still on its way counts as perhaps created.
pub fn carry_over(old: &CopyJob, old_ledger: &Ledger, new: &CopyJob, new_ledger: &mut Ledger) {
    if (old.from, old.to) != (new.from, new.to) {
        return;
    }
    for (index, pet) in new.pets.iter().enumerate() {
        if new_ledger.get(index).is_some() {
            continue;
        }
        let before = old
            .pets
            .iter()
            .position(|p| p.id == pet.id)
            .and_then(|i| old_ledger.get(i));
        let kept = match before {
            Some(o @ (Outcome::Created { .. } | Outcome::Unknown { .. })) => o.clone(),
            Some(Outcome::Sending) => Outcome::Unknown {
                message: words::sent_when_copy_restarted().into(),
            },
            _ => continue,
        };
        new_ledger.set(index, Some(kept));
    }
}
