//! The store at a glance: how many pets of each status the reads of every status found, the
//! same per category (the Store page's chart and its table, one value for both), and which of
//! the pets this device added fall today or in the past week. The counts are honest about the
//! interface's limit: where every read that would list a pet came back full, a count is "at
//! least" (`more`).

use std::collections::BTreeMap;

use crate::every::Side;
use crate::models::{Pet, PetStatus};

/// The statuses the page counts, in its order: the three the interface names, then every pet
/// with none (or with a status the interface does not list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `available`
    Available,
    /// `pending`
    Pending,
    /// `sold`
    Sold,
    /// No status, or one the interface does not name.
    NoStatus,
}

impl Kind {
    /// Every kind, in the page's order.
    pub const ALL: [Kind; 4] = [Kind::Available, Kind::Pending, Kind::Sold, Kind::NoStatus];

    /// The kind of a pet with `status`.
    pub fn of(status: Option<&PetStatus>) -> Kind {
        match status {
            Some(PetStatus::Available) => Kind::Available,
            Some(PetStatus::Pending) => Kind::Pending,
            Some(PetStatus::Sold) => Kind::Sold,
            Some(PetStatus::Other(_)) | None => Kind::NoStatus,
        }
    }

    /// The status the list filters by for this kind (none: the list cannot ask for "no
    /// status").
    pub fn status(self) -> Option<PetStatus> {
        match self {
            Kind::Available => Some(PetStatus::Available),
            Kind::Pending => Some(PetStatus::Pending),
            Kind::Sold => Some(PetStatus::Sold),
            Kind::NoStatus => None,
        }
    }

    /// Its place in [`Kind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How many pets of one kind the reads found; `more` when there may be others they could not
/// reach (the page writes "100+").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// The pets found.
    pub pets: usize,
    /// Whether the reads may have left some out.
    pub more: bool,
}

/// One category's pets by kind: a bar of the chart and a row of the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bar {
    /// The category's number.
    pub category: i64,
    /// Its pets, by [`Kind::index`].
    pub counts: [usize; 4],
}

impl Bar {
    /// All its pets.
    pub fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Its segments, in [`Kind::ALL`]'s order, those with pets only: each with where it starts
    /// and how wide it is, in percent of a bar `scale` pets long (the longest bar's total).
    pub fn segments(&self, scale: usize) -> Vec<Segment> {
        let scale = scale.max(1) as f64;
        let mut start = 0.0;
        Kind::ALL
            .into_iter()
            .filter(|kind| self.counts[kind.index()] > 0)
            .map(|kind| {
                let pets = self.counts[kind.index()];
                let width = pets as f64 * 100.0 / scale;
                let segment = Segment {
                    kind,
                    pets,
                    start,
                    width,
                };
                start += width;
                segment
            })
            .collect()
    }
}

/// A segment of a bar: one kind's pets in one category.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Whose pets.
    pub kind: Kind,
    /// How many.
    pub pets: usize,
    /// Where it starts, in percent of the chart's width.
    pub start: f64,
    /// How wide it is, in percent of the chart's width.
    pub width: f64,
}

/// The store at a glance, from one read of every status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Glance {
    /// Per kind, by [`Kind::index`].
    pub counts: [Count; 4],
    /// Per category, in category order (a category never moves when another grows).
    pub bars: Vec<Bar>,
}

impl Glance {
    /// Counts what `side` found, read at `read_at` (ms since the epoch), with the pets this
    /// device created there (`created`, each with when it was sent) that it cannot hold: those
    /// sent after it was read, and those a full read may have left out.
    pub fn with_created(side: &Side, created: &[(Pet, u64)], read_at: f64) -> Glance {
        let mut side = side.clone();
        side.take_in(created.iter().map(|(pet, _)| pet.clone()));
        let newer = created
            .iter()
            .filter(|(pet, at)| *at as f64 > read_at && !side.pets.iter().any(|p| p.id == pet.id))
            .map(|(pet, _)| pet.clone())
            .collect::<Vec<_>>();
        side.pets.extend(newer);
        Glance::of(&side)
    }

    /// Counts what `side` found.
    pub fn of(side: &Side) -> Glance {
        // A kind whose own read filled the limit while the read of all did not is counted
        // exactly: the read of all holds every pet.
        let mut counts = Kind::ALL.map(|kind| Count {
            pets: 0,
            more: side.may_miss(kind.status().as_ref()),
        });
        let mut bars: BTreeMap<i64, [usize; 4]> = BTreeMap::new();
        for pet in &side.pets {
            let kind = Kind::of(pet.status.as_ref()).index();
            counts[kind].pets += 1;
            bars.entry(pet.category_id).or_default()[kind] += 1;
        }
        Glance {
            counts,
            bars: bars
                .into_iter()
                .map(|(category, counts)| Bar { category, counts })
                .collect(),
        }
    }

    /// Whether any count may be short.
    pub fn any_more(&self) -> bool {
        self.counts.iter().any(|c| c.more)
    }

    /// The longest bar's total: the chart's scale.
    pub fn scale(&self) -> usize {
        self.bars.iter().map(Bar::total).max().unwrap_or(0)
    }
}

/// The pets this device added, split by when: `today` those sent since `today_ms` (the local
/// day's start), `week` the others sent since `week_ms` (six days before it), both newest
/// first as `created` lists them.
pub fn added_lately(created: &[(Pet, u64)], today_ms: u64, week_ms: u64) -> Added {
    let mut added = Added::default();
    for (pet, at) in created {
        if *at >= today_ms {
            added.today.push((pet.clone(), *at));
        } else if *at >= week_ms {
            added.week.push((pet.clone(), *at));
        }
    }
    added
}

/// What [`added_lately`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// Sent today, newest first, each with when.
    pub today: Vec<(Pet, u64)>,
    /// Sent in the six days before today, newest first.
    pub week: Vec<(Pet, u64)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::every::READ_LIMIT;
    use crate::models::test_pet;

    fn pet(id: i64, category: i64, status: Option<PetStatus>) -> Pet {
        Pet {
            category_id: category,
            ..test_pet(id, status)
        }
    }

    #[test]
    fn counts_per_status_and_category_agree_and_other_statuses_count_as_none() {
        let a = Some(PetStatus::Available);
        let side = Side {
            pets: vec![
                pet(1, 2, a.clone()),
                pet(2, 2, Some(PetStatus::Sold)),
                pet(3, 1, a.clone()),
                pet(4, 2, None),
                pet(5, 1, Some(PetStatus::Other("reserved".into()))),
            ],
            full: vec![],
        };
        let glance = Glance::of(&side);
        let pets: Vec<usize> = glance.counts.iter().map(|c| c.pets).collect();
        assert_eq!(pets, [2, 0, 1, 2]);
        assert!(!glance.any_more());
        assert_eq!(
            glance.bars,
            [
                Bar {
                    category: 1,
                    counts: [1, 0, 0, 1]
                },
                Bar {
                    category: 2,
                    counts: [1, 0, 1, 1]
                },
            ]
        );
        // The table's rows add up to the counts.
        for kind in Kind::ALL {
            let summed: usize = glance.bars.iter().map(|b| b.counts[kind.index()]).sum();
            assert_eq!(summed, glance.counts[kind.index()].pets);
        }
        assert_eq!(glance.scale(), 3);
    }

    #[test]
    fn a_count_is_at_least_only_where_every_read_reaching_it_came_back_full() {
        let a = Some(PetStatus::Available);
        let full: Vec<Pet> = (1..=i64::from(READ_LIMIT))
            .map(|i| pet(i, 1, a.clone()))
            .collect();
        // Available's read and the read of all full: available and no status may be more;
        // pending's and sold's reads were not full, so they are exact.
        let glance = Glance::of(&Side {
            pets: full,
            full: vec![a, None],
        });
        let more: Vec<bool> = glance.counts.iter().map(|c| c.more).collect();
        assert_eq!(more, [true, false, false, true]);
        assert_eq!(glance.counts[0].pets, 100);
        assert!(glance.any_more());
    }

    #[test]
    fn a_pet_created_after_the_read_is_counted_once_and_one_it_holds_is_not_counted_again() {
        let a = Some(PetStatus::Available);
        let side = Side {
            pets: vec![pet(1, 1, a.clone())],
            full: vec![],
        };
        let created = [
            (pet(1, 1, a.clone()), 900),
            (pet(2, 3, a.clone()), 1_100),
            (pet(3, 3, a), 800),
        ];
        let glance = Glance::with_created(&side, &created, 1_000.0);
        assert_eq!(glance.counts[Kind::Available.index()].pets, 2);
        let categories: Vec<i64> = glance.bars.iter().map(|b| b.category).collect();
        // Pet 2 came after the read; pet 3 was sent before it, and a read that was not full
        // would hold it: it is not counted from the record.
        assert_eq!(categories, [1, 3]);
        assert_eq!(glance.bars[1].counts, [1, 0, 0, 0]);
    }

    #[test]
    fn segments_lie_end_to_end_in_percent_of_the_longest_bar_and_skip_empty_kinds() {
        let bar = Bar {
            category: 3,
            counts: [2, 0, 1, 1],
        };
        let segments = bar.segments(8);
        let kinds: Vec<Kind> = segments.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, [Kind::Available, Kind::Sold, Kind::NoStatus]);
        let places: Vec<(f64, f64)> = segments.iter().map(|s| (s.start, s.width)).collect();
        assert_eq!(places, [(0.0, 25.0), (25.0, 12.5), (37.5, 12.5)]);
        assert!(Bar {
            category: 1,
            counts: [0; 4]
        }
        .segments(0)
        .is_empty());
    }

    #[test]
    fn pets_added_split_into_today_and_the_week_before_and_older_ones_are_left_out() {
        let day = 86_400_000;
        let today = 10 * day;
        let created = vec![
            (test_pet(3, None), today + 5),
            (test_pet(2, None), today - 1),
            (test_pet(1, None), today - 7 * day),
        ];
        let added = added_lately(&created, today, today - 6 * day);
        assert_eq!(added.today.len(), 1);
        assert_eq!(added.today[0].0.id, 3);
        let week: Vec<i64> = added.week.iter().map(|(p, _)| p.id).collect();
        assert_eq!(week, [2]);
    }
}
