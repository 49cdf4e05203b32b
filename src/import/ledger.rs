//! What became of each row of an import, kept in this tab's storage as it happens, keyed by
//! the environment and a fingerprint of the rows: a reload, a crash or a second run of the
//! same rows resumes where it was, and a created row is never sent again.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::matching::already_created;
use crate::config::Environment;
use crate::i18n::words;
use crate::storage;
use petstore_core::CreatedPet;
use petstore_core::ImportRow;

/// The storage keys of all ledgers start with this.
pub const LEDGER_PREFIX: &str = "petstore-admin.import.";

/// What became of one row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "lowercase")]
pub enum Outcome {
    /// Sent, no answer yet.
    Sending,
    /// Created with this id.
    Created {
        /// The id the service gave the pet.
        id: i64,
    },
    /// The service refused it (400): not created.
    Refused {
        /// The service's reason.
        message: String,
    },
    /// No usable answer: the pet may or may not exist. Never sent again by itself.
    Unknown {
        /// What happened.
        message: String,
    },
    /// Not sent: the row equals a pet this tab already created in the environment (see
    /// `matching.rs`). Sent again only when the manager asks for it.
    AlreadyCreated {
        /// The id of the pet created before.
        id: i64,
    },
}

impl Outcome {
    /// The word used in the results file and the table.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Sending => "sending",
            Outcome::Created { .. } => "created",
            Outcome::Refused { .. } => "refused",
            Outcome::Unknown { .. } => "unknown",
            Outcome::AlreadyCreated { .. } => "already created",
        }
    }
}

/// FNV-1a over the rows as read (line, name, category, status), as 16 hex digits.
pub fn fingerprint(rows: &[ImportRow]) -> String {
    let text: String = rows
        .iter()
        .map(|row| {
            let d = &row.draft;
            format!(
                "{}\u{1f}{}\u{1f}{}\u{1f}{}\u{1e}",
                row.line, d.name, d.category_id, d.status
            )
        })
        .collect();
    fnv1a(&text)
}

/// FNV-1a (64 bits) of `text`, as 16 hex digits: a short, stable name for what was read.
pub fn fnv1a(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// How far an import has gone: the rows with an outcome, and of those the refused, the
/// unknown and the already created ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Rows sent and answered (or known to be lost): every outcome but `Sending`.
    pub done: usize,
    /// Of those, refused by the service.
    pub refused: usize,
    /// Of those, with no usable answer.
    pub unknown: usize,
    /// Of those, left out as equal to a pet created before (not sent by this import).
    pub already: usize,
}

/// The outcomes of one import, by row index, saved on every change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    key: String,
    entries: BTreeMap<usize, Outcome>,
}

impl Ledger {
    /// The ledger of these rows in `env`, as storage holds it. A row left `Sending` (the page
    /// went away before its answer) becomes `Unknown`.
    pub fn load(env: Environment, fingerprint: &str) -> Ledger {
        let key = format!("{LEDGER_PREFIX}{}.{fingerprint}", env.as_str());
        let mut entries: BTreeMap<usize, Outcome> = storage::get_json(&key).unwrap_or_default();
        for outcome in entries.values_mut() {
            if *outcome == Outcome::Sending {
                *outcome = Outcome::Unknown {
                    message: words::row_left_while_sending().into(),
                };
            }
        }
        Ledger { key, entries }
    }

    /// How far the first `rows` rows have gone.
    pub fn progress(&self, rows: usize) -> Progress {
        let mut p = Progress::default();
        for outcome in self.entries.range(..rows).map(|(_, o)| o) {
            if *outcome == Outcome::Sending {
                continue;
            }
            p.done += 1;
            p.refused += usize::from(matches!(outcome, Outcome::Refused { .. }));
            p.unknown += usize::from(matches!(outcome, Outcome::Unknown { .. }));
            p.already += usize::from(matches!(outcome, Outcome::AlreadyCreated { .. }));
        }
        p
    }

    /// Valid rows of `rows` that have no outcome yet.
    pub fn remaining(&self, rows: &[ImportRow]) -> usize {
        rows.iter()
            .enumerate()
            .filter(|(i, r)| r.checked.is_ok() && self.get(*i).is_none())
            .count()
    }

    /// Whether a run of `rows` started and did not finish: some rows were sent, and some
    /// valid rows have no outcome yet.
    pub fn interrupted(&self, rows: &[ImportRow]) -> bool {
        let p = self.progress(rows.len());
        p.done > p.already && self.remaining(rows) > 0
    }

    /// Marks each row of `rows` that equals a pet of `created` (and has no outcome yet) as
    /// already created, or as unknown where that pet was sent without an answer, so that it is
    /// not sent again by itself; says how many it marked.
    pub fn mark_already_created(&mut self, rows: &[ImportRow], created: &[CreatedPet]) -> usize {
        let found = already_created(rows, self, created);
        for (index, id) in &found {
            let outcome = match id {
                Some(id) => Outcome::AlreadyCreated { id: *id },
                None => Outcome::Unknown {
                    message: words::row_maybe_created_before().into(),
                },
            };
            self.entries.insert(*index, outcome);
        }
        if !found.is_empty() {
            save(&self.key, &self.entries);
        }
        found.len()
    }

    /// Where this ledger is stored, for an answer that arrives after its page is gone.
    pub fn slot(&self) -> LedgerSlot {
        LedgerSlot(self.key.clone())
    }

    /// What became of row `index`, if it was sent.
    pub fn get(&self, index: usize) -> Option<&Outcome> {
        self.entries.get(&index)
    }

    /// Records `outcome` for row `index` (`None` forgets it, so it can be sent again).
    pub fn set(&mut self, index: usize, outcome: Option<Outcome>) {
        match outcome {
            Some(o) => self.entries.insert(index, o),
            None => self.entries.remove(&index),
        };
        save(&self.key, &self.entries);
    }
}

/// Where a ledger is stored (see [`Ledger::slot`]).
#[derive(Clone, Debug)]
pub struct LedgerSlot(String);

impl LedgerSlot {
    /// Records `outcome` for row `index` in storage, as [`Ledger::set`] would, for a ledger no
    /// page holds any more: the next page that loads it sees the answer.
    pub fn record(&self, index: usize, outcome: Option<Outcome>) {
        let mut entries: BTreeMap<usize, Outcome> = storage::get_json(&self.0).unwrap_or_default();
        match outcome {
            Some(o) => entries.insert(index, o),
            None => entries.remove(&index),
        };
        save(&self.0, &entries);
    }
}

fn save(key: &str, entries: &BTreeMap<usize, Outcome>) {
    // A ledger not loaded from storage (`default`) is kept in memory only.
    if key.is_empty() {
        return;
    }
    storage::set_json(key, entries);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::parse_rows;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn the_fingerprint_follows_the_rows() {
        let a = parse_rows("name,categoryId\nRex,1\n", &Default::default()).unwrap();
        let b = parse_rows("name,categoryId\nRex,2\n", &Default::default()).unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&a.clone()));
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_eq!(fingerprint(&a).len(), 16);
    }

    #[wasm_bindgen_test]
    fn progress_counts_outcomes_and_knows_an_interrupted_run() {
        let rows = parse_rows("name,categoryId\nA,1\nB,2\n,3\nD,4\n", &Default::default()).unwrap();
        let mut ledger = Ledger::default();
        assert!(!ledger.interrupted(&rows), "not started");
        ledger.set(0, Some(Outcome::Created { id: 1 }));
        ledger.set(
            1,
            Some(Outcome::Unknown {
                message: "x".into(),
            }),
        );
        ledger.set(3, Some(Outcome::Sending));
        let p = ledger.progress(rows.len());
        assert_eq!((p.done, p.refused, p.unknown), (2, 0, 1));
        assert_eq!(ledger.remaining(&rows), 0, "the invalid row never counts");
        assert!(!ledger.interrupted(&rows), "every valid row has an outcome");
        ledger.set(3, None);
        assert_eq!(ledger.remaining(&rows), 1);
        assert!(ledger.interrupted(&rows));
    }

    #[wasm_bindgen_test]
    fn outcomes_keep_exact_ids_through_json() {
        let mut entries = BTreeMap::new();
        entries.insert(
            3usize,
            Outcome::Created {
                id: 9_007_199_254_740_993,
            },
        );
        entries.insert(
            4usize,
            Outcome::Unknown {
                message: "x".into(),
            },
        );
        let text = serde_json::to_string(&entries).unwrap();
        assert!(text.contains("9007199254740993"), "{text}");
        let back: BTreeMap<usize, Outcome> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, entries);
        assert_eq!(back[&4].word(), "unknown");
    }
}
