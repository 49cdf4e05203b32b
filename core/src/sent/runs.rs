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

/// FNV-1a over the rows as read (line, name, category, status), as 16 hex digits: the rows'
/// name in the record, so the same rows pasted again are the same run.
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

/// How far a run has gone: the rows dealt with (answered, or left out as sent before), and of
/// those the refused, the unknown and the ones left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Rows answered, lost or left out: every outcome but queued and on its way.
    pub done: usize,
    /// Of those, refused by the service.
    pub refused: usize,
    /// Of those, with no usable answer.
    pub unknown: usize,
    /// Of those, left out as equal to a pet sent before (not sent by this run).
    pub already: usize,
}

/// The rows of one run as the record says they stand, by row index, with the key of the
/// entry each stands on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    rows: BTreeMap<usize, (RowOutcome, String)>,
}

impl Ledger {
    /// Run `run`'s `rows` as `record` says they stand, `pages` being the pages there.
    pub fn read(record: &[Entry], run: &str, rows: &[ImportRow], pages: &Pages) -> Ledger {
        Ledger {
            rows: run_outcomes(record, run, rows, pages),
        }
    }

    /// How far the first `rows` rows have gone.
    pub fn progress(&self, rows: usize) -> Progress {
        let mut p = Progress::default();
        for (outcome, _) in self.rows.range(..rows).map(|(_, o)| o) {
            if !outcome.done() {
                continue;
            }
            p.done += 1;
            p.refused += usize::from(matches!(outcome, RowOutcome::Refused { .. }));
            p.unknown += usize::from(matches!(outcome, RowOutcome::Unknown { .. }));
            p.already += usize::from(matches!(outcome, RowOutcome::Before { .. }));
        }
        p
    }

    /// Valid rows of `rows` that stand on no entry: still to be sent.
    pub fn remaining(&self, rows: &[ImportRow]) -> usize {
        rows.iter()
            .enumerate()
            .filter(|(i, r)| r.checked.is_ok() && self.get(*i).is_none())
            .count()
    }

    /// Whether a run of `rows` started and did not finish: some rows were sent, and some
    /// valid rows are still to be sent.
    pub fn interrupted(&self, rows: &[ImportRow]) -> bool {
        let p = self.progress(rows.len());
        p.done > p.already && self.remaining(rows) > 0
    }

    /// Where row `index` stands, if it stands on an entry.
    pub fn get(&self, index: usize) -> Option<&RowOutcome> {
        self.rows.get(&index).map(|(o, _)| o)
    }

    /// The key of the entry row `index` stands on, if any.
    pub fn key(&self, index: usize) -> Option<&str> {
        self.rows.get(&index).map(|(_, k)| k.as_str())
    }

    /// The rows that stand on an entry, with where they stand, in order.
    pub fn rows(&self) -> impl Iterator<Item = (usize, &RowOutcome)> {
        self.rows.iter().map(|(i, (o, _))| (*i, o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sent::{Origin, State};
    use crate::{parse_rows, ImportWords};

    #[test]
    fn the_fingerprint_follows_the_rows() {
        let a = parse_rows("name,categoryId\nRex,1\n", &ImportWords::default()).unwrap();
        let b = parse_rows("name,categoryId\nRex,2\n", &ImportWords::default()).unwrap();
        assert_eq!(fingerprint(&a), fingerprint(&a.clone()));
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_eq!(fingerprint(&a).len(), 16);
    }

    #[test]
    fn progress_counts_outcomes_and_knows_an_interrupted_run() {
        let rows = parse_rows(
            "name,categoryId\nA,1\nB,2\n,3\nD,4\n",
            &ImportWords::default(),
        )
        .unwrap();
        let entry = |row: usize, state| {
            let pet = rows[row].checked.clone().unwrap();
            let origin = Origin::Import {
                run: "r".into(),
                row,
            };
            Entry::new(row.to_string(), pet, origin, state, "p", 1)
        };
        let pages = Pages {
            here: "p".into(),
            ..Pages::default()
        };
        assert!(
            !Ledger::read(&[], "r", &rows, &pages).interrupted(&rows),
            "not started"
        );
        let mut record = vec![
            entry(0, State::Created { id: 1 }),
            entry(1, State::Unknown { message: None }),
            entry(3, State::Sending),
        ];
        let ledger = Ledger::read(&record, "r", &rows, &pages);
        let p = ledger.progress(rows.len());
        assert_eq!((p.done, p.refused, p.unknown), (2, 0, 1));
        assert_eq!(ledger.remaining(&rows), 0, "the invalid row never counts");
        assert!(
            !ledger.interrupted(&rows),
            "every valid row stands on an entry"
        );
        assert_eq!(ledger.key(3), Some("3"));
        record.pop();
        let ledger = Ledger::read(&record, "r", &rows, &pages);
        assert_eq!(ledger.remaining(&rows), 1);
        assert!(ledger.interrupted(&rows));
    }
}
