//! What changed between one read of a list and the tab's earlier reads: pets new since then,
//! pets whose status changed, pets that left the list. The app keeps one [`Tracker`] per
//! environment for the whole tab, and says the [`Changes`] in words.
//!
//! A mark stays on a row for [`MARK_MS`] from the read that found it, not until the next
//! read: a manager who looked away for a minute still sees what came in meanwhile.

use crate::models::{Pet, PetStatus};
use crate::READ_LIMIT;

/// How long a "New" or "changed" mark, and a pet that left a list, stay said.
pub const MARK_MS: f64 = 5.0 * 60_000.0;

/// One list as read: its rows, the filters it was read with, what changed, and when.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    /// The pets, in the service's order.
    pub pets: Vec<Pet>,
    /// The limit sent: as many rows as this means there may be more.
    pub limit: u32,
    /// The status sent, if any.
    pub status: Option<PetStatus>,
    /// Against the tab's earlier reads.
    pub changes: Changes,
    /// When it was read (ms since the epoch).
    pub read_at: f64,
    /// When a later read of the same list failed, if the last one did: the rows are kept.
    pub failed_at: Option<f64>,
}

impl Listing {
    /// What was sent, as the name of the list for [`Tracker::read`].
    pub fn query(limit: u32, status: Option<&PetStatus>) -> String {
        format!("{}/{limit}", status.map_or("all", PetStatus::as_str))
    }

    /// Whether its rows filled the limit: there may be more.
    pub fn is_full(&self) -> bool {
        usize::try_from(self.limit).is_ok_and(|n| self.pets.len() >= n)
    }

    /// Whether a search of it needs the wider reads ([`crate::reads`]): its rows filled the
    /// limit, and those reads reach further (a status read at [`READ_LIMIT`] already holds
    /// all the service gives of it).
    pub fn needs_wider_reads(&self) -> bool {
        self.is_full() && !(self.status.is_some() && self.limit >= READ_LIMIT)
    }

    /// Whether it was read with these filters.
    pub fn is_for(&self, limit: u32, status: Option<&PetStatus>) -> bool {
        self.limit == limit && self.status.as_ref() == status
    }
}

/// What a row is marked with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Not in the tab's earlier reads of this list.
    New,
    /// Its status changed since the tab last saw it: what it was.
    Changed {
        /// The status before.
        was: Option<PetStatus>,
    },
}

/// What one read found, against the tab's earlier reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// The marked rows (by id, in the list's order), each still within [`MARK_MS`] of when
    /// it was found.
    pub marks: Vec<(i64, Mark)>,
    /// How many pets left this list (were in an earlier read of it, are not in this one)
    /// within [`MARK_MS`].
    pub left: usize,
    /// The list's status filter, for why a pet left it (set by [`Changes::said`]).
    pub listed: Option<PetStatus>,
}

impl Changes {
    /// The mark of pet `id`, if it has one.
    pub fn mark(&self, id: i64) -> Option<&Mark> {
        self.marks.iter().find(|(i, _)| *i == id).map(|(_, m)| m)
    }

    /// How many rows are new, and how many changed.
    pub fn counts(&self) -> (usize, usize) {
        let new = self.marks.iter().filter(|(_, m)| *m == Mark::New).count();
        (new, self.marks.len() - new)
    }

    /// Whether there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty() && self.left == 0
    }

    /// These changes, for a list read with `status` (why a pet left it).
    pub fn said(mut self, status: Option<&PetStatus>) -> Changes {
        self.listed = status.cloned();
        self
    }
}

// Vectors, not hash maps: a store's few hundred pets need no more.
#[derive(Debug)]
struct Seen {
    id: i64,
    status: Option<PetStatus>,
    mark: Option<(Mark, f64)>,
}

#[derive(Debug, Default)]
struct Query {
    name: String,
    // The ids of its last answer.
    ids: Vec<i64>,
    // Pets that left it, and when.
    left: Vec<(i64, f64)>,
}

/// Every pet one environment's lists showed in this tab (by id), and each list's last rows.
#[derive(Debug, Default)]
pub struct Tracker {
    pets: Vec<Seen>,
    queries: Vec<Query>,
}

impl Tracker {
    /// Whether it has taken in no read yet.
    pub fn is_empty(&self) -> bool {
        self.queries.is_empty()
    }

    fn find(&self, id: i64) -> Result<usize, usize> {
        self.pets.binary_search_by_key(&id, |s| s.id)
    }

    /// Records `pet` as seen, unmarked: one this tab created itself is not news to it.
    pub fn saw(&mut self, pet: &Pet) {
        if let Err(at) = self.find(pet.id) {
            let status = pet.status.clone();
            let seen = Seen {
                id: pet.id,
                status,
                mark: None,
            };
            self.pets.insert(at, seen);
        }
    }

    /// Records the answer `pets` to the list `query` (what was sent: status and limit) read
    /// at `now` (ms), and says what changed. The first read of a list marks nothing new:
    /// there is nothing earlier to be new against.
    pub fn read(&mut self, query: &str, pets: &[Pet], now: f64) -> Changes {
        let first = !self.queries.iter().any(|q| q.name == query);
        for pet in pets {
            match self.find(pet.id) {
                Ok(at) if self.pets[at].status != pet.status => {
                    let seen = &mut self.pets[at];
                    let was = std::mem::replace(&mut seen.status, pet.status.clone());
                    seen.mark = Some((Mark::Changed { was }, now));
                }
                Ok(_) => {}
                Err(at) => {
                    let mark = (!first).then_some((Mark::New, now));
                    let status = pet.status.clone();
                    self.pets.insert(
                        at,
                        Seen {
                            id: pet.id,
                            status,
                            mark,
                        },
                    );
                }
            }
        }
        let fresh = |at: f64| now - at < MARK_MS;
        let marks: Vec<(i64, Mark)> = pets
            .iter()
            .filter_map(|pet| {
                let seen = &self.pets[self.find(pet.id).ok()?];
                let (mark, at) = seen.mark.as_ref()?;
                fresh(*at).then(|| (pet.id, mark.clone()))
            })
            .collect();
        let ids: Vec<i64> = pets.iter().map(|p| p.id).collect();
        let at = match self.queries.iter().position(|q| q.name == query) {
            Some(at) => at,
            None => {
                self.queries.push(Query {
                    name: query.to_owned(),
                    ..Query::default()
                });
                self.queries.len() - 1
            }
        };
        let list = &mut self.queries[at];
        for gone in &list.ids {
            if !ids.contains(gone) && !list.left.iter().any(|(id, _)| id == gone) {
                list.left.push((*gone, now));
            }
        }
        list.left.retain(|(id, at)| !ids.contains(id) && fresh(*at));
        list.ids = ids;
        Changes {
            marks,
            left: list.left.len(),
            listed: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::test_pet as pet;

    const SOLD: Option<PetStatus> = Some(PetStatus::Sold);
    const AVAILABLE: Option<PetStatus> = Some(PetStatus::Available);

    #[test]
    fn a_search_needs_the_wider_reads_only_past_a_full_list_they_reach_beyond() {
        let listing = |count: i64, limit: u32, status: Option<PetStatus>| Listing {
            pets: (1..=count).map(|id| pet(id, status.clone())).collect(),
            limit,
            status,
            changes: Changes::default(),
            read_at: 0.0,
            failed_at: None,
        };
        assert!(listing(20, 20, None).needs_wider_reads());
        assert!(listing(20, 20, SOLD).needs_wider_reads());
        // Not full: every pet there is. A status read at 100: all the service gives of it.
        assert!(!listing(19, 20, None).needs_wider_reads());
        assert!(!listing(100, 100, SOLD).needs_wider_reads());
        assert!(listing(100, 100, None).needs_wider_reads());
    }

    #[test]
    fn the_first_read_marks_nothing_and_a_later_one_marks_what_is_new() {
        let mut t = Tracker::default();
        let first = t.read("all/20", &[pet(1, SOLD), pet(2, None)], 0.0);
        assert!(first.is_empty());
        let later = t.read(
            "all/20",
            &[pet(1, SOLD), pet(2, None), pet(3, None)],
            1000.0,
        );
        assert_eq!(later.mark(3), Some(&Mark::New));
        assert_eq!(later.counts(), (1, 0));
        // An unchanged read a minute later still shows it: the mark lasts minutes.
        let again = t.read(
            "all/20",
            &[pet(1, SOLD), pet(2, None), pet(3, None)],
            61_000.0,
        );
        assert_eq!(again, later);
        // And is gone once its time is up.
        let much_later = t.read(
            "all/20",
            &[pet(1, SOLD), pet(2, None), pet(3, None)],
            MARK_MS + 1001.0,
        );
        assert!(much_later.is_empty());
    }

    #[test]
    fn another_filter_first_read_is_not_new_and_a_status_change_says_what_it_was() {
        let mut t = Tracker::default();
        t.read("available/20", &[pet(1, AVAILABLE), pet(2, AVAILABLE)], 0.0);
        // Pet 1 was sold meanwhile: it leaves the available list...
        let available = t.read("available/20", &[pet(2, AVAILABLE)], 1000.0);
        assert_eq!(available.left, 1);
        assert!(available.marks.is_empty());
        // ...and the sold list, read for the first time, shows it changed, nothing new.
        let sold = t.read("sold/20", &[pet(1, SOLD), pet(7, SOLD)], 2000.0);
        assert_eq!(sold.mark(1), Some(&Mark::Changed { was: AVAILABLE }));
        assert_eq!(sold.mark(7), None);
        assert_eq!(sold.counts(), (0, 1));
    }

    #[test]
    fn a_pet_this_tab_created_is_not_new_to_it() {
        let mut t = Tracker::default();
        t.read("all/20", &[pet(1, None)], 0.0);
        t.saw(&pet(2, None));
        assert!(t
            .read("all/20", &[pet(1, None), pet(2, None)], 1.0)
            .is_empty());
    }

    #[test]
    fn a_pet_that_comes_back_has_not_left() {
        let mut t = Tracker::default();
        t.read("all/20", &[pet(1, None), pet(2, None)], 0.0);
        assert_eq!(t.read("all/20", &[pet(2, None)], 1.0).left, 1);
        assert_eq!(t.read("all/20", &[pet(1, None), pet(2, None)], 2.0).left, 0);
    }

    #[test]
    fn a_later_read_counts_what_is_new_and_what_left() {
        let mut tracker = Tracker::default();
        let first = [pet(1, AVAILABLE), pet(2, AVAILABLE)];
        let said = |c: Changes| c.said(AVAILABLE.as_ref());
        assert!(said(tracker.read("available/20", &first, 0.0)).is_empty());
        let later = [pet(1, AVAILABLE), pet(3, AVAILABLE)];
        let changes = said(tracker.read("available/20", &later, 1.0));
        assert_eq!((changes.counts(), changes.left), ((1, 0), 1));
        assert_eq!(changes.listed, AVAILABLE);
    }
}
