//! A run's rows (an import's or a copy's) as the record says they stand: each row's own entry,
//! or the earlier pet it equals, which it is not sent over without the manager's yes.

use std::collections::{BTreeMap, HashMap, VecDeque};

use super::{Entry, Pages, Standing};
use crate::{ImportRow, NewPet};

/// Where one row of a run stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowOutcome {
    /// Waiting for its turn in a page's run.
    Queued {
        /// Whether this page queued it.
        here: bool,
    },
    /// On its way.
    Sending {
        /// Whether this page sent it.
        here: bool,
    },
    /// Created by this run.
    Created {
        /// Its id.
        id: i64,
    },
    /// Refused by the service: not created.
    Refused {
        /// The service's reason.
        message: String,
    },
    /// Sent without a usable answer: it may exist.
    Unknown {
        /// What happened; `None` when the page that sent it went away first.
        message: Option<String>,
    },
    /// Not sent by this run: it equals a pet sent before by another path (the add form,
    /// another run), created with this id, or (`None`) about to be, on its way or perhaps
    /// created. Sent only when the manager asks for it.
    Before {
        /// That pet's id, once it has one.
        id: Option<i64>,
    },
}

impl RowOutcome {
    /// Whether the row has been dealt with: answered, or left out as sent before.
    pub fn done(&self) -> bool {
        !matches!(self, RowOutcome::Queued { .. } | RowOutcome::Sending { .. })
    }
}

/// The rows of run `run` (`rows`, in order) as `record` says they stand, each with the key of
/// the entry it stands on: its own newest entry; else, for a valid row, the first earlier entry
/// of another origin equal to it that no other row stands for (two equal rows of which one was
/// created leave the other to be sent). A row with neither is to be sent.
pub fn run_outcomes(
    record: &[Entry],
    run: &str,
    rows: &[ImportRow],
    pages: &Pages,
) -> BTreeMap<usize, (RowOutcome, String)> {
    let mut found = BTreeMap::new();
    for entry in record {
        let Some((of, row)) = entry.origin.run() else {
            continue;
        };
        if of != run || row >= rows.len() {
            continue;
        }
        let outcome = match entry.standing(pages) {
            Standing::Held { here, .. } | Standing::Queued { here } => RowOutcome::Queued { here },
            Standing::Sending { here } => RowOutcome::Sending { here },
            Standing::Created { id } => RowOutcome::Created { id },
            Standing::Refused { message } => RowOutcome::Refused { message },
            Standing::Unknown { message } => RowOutcome::Unknown { message },
            Standing::Dropped => continue,
        };
        found.insert(row, (outcome, entry.key.clone()));
    }
    // The earlier pets a row may stand for, by pet, oldest first: one pass over each.
    let mut earlier: HashMap<&NewPet, VecDeque<(&Entry, Standing)>> = HashMap::new();
    for entry in record {
        let standing = entry.standing(pages);
        if entry.origin.run().is_none_or(|(of, _)| of != run) && standing.counts() {
            earlier
                .entry(&entry.pet)
                .or_default()
                .push_back((entry, standing));
        }
    }
    for (index, row) in rows.iter().enumerate() {
        let Ok(pet) = &row.checked else { continue };
        if found.contains_key(&index) {
            continue;
        }
        if let Some((entry, standing)) = earlier.get_mut(pet).and_then(VecDeque::pop_front) {
            let id = match standing {
                Standing::Created { id } => Some(id),
                _ => None,
            };
            found.insert(index, (RowOutcome::Before { id }, entry.key.clone()));
        }
    }
    found
}
