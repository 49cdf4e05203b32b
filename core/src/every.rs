//! Reading past the list's limit, as the list's search, the compare page and nothing else do:
//! the interface has no paging, so an environment is read with the largest limit once per
//! status and once without one, and the answers are merged by id. A read that filled its
//! limit may have left pets out, and says so.

use std::collections::BTreeMap;

use crate::models::{Pet, PetStatus};

/// The `limit` of each of these reads: the largest the interface allows.
pub const READ_LIMIT: u32 = 100;

/// The reads that reach every pet the list shows: each status, then none (which also finds
/// pets with no status or another).
pub fn reads() -> [Option<PetStatus>; 4] {
    [
        Some(PetStatus::Available),
        Some(PetStatus::Pending),
        Some(PetStatus::Sold),
        None,
    ]
}

/// What the reads found: the pets merged by id, and the reads that came back full.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Side {
    /// Every pet any read returned, once, in id order.
    pub pets: Vec<Pet>,
    /// The status of each read that returned [`READ_LIMIT`] pets (`None`: the read of all).
    pub full: Vec<Option<PetStatus>>,
}

impl Side {
    /// Merges the answers to [`reads`], in that order.
    pub fn merge(answers: Vec<(Option<PetStatus>, Vec<Pet>)>) -> Side {
        let mut by_id = BTreeMap::new();
        let mut full = Vec::new();
        for (status, pets) in answers {
            if pets.len() >= READ_LIMIT as usize {
                full.push(status);
            }
            for pet in pets {
                by_id.entry(pet.id).or_insert(pet);
            }
        }
        Side {
            pets: by_id.into_values().collect(),
            full,
        }
    }
}

impl Side {
    /// Whether the reads may have left out a pet of `status`: every read that would return it
    /// (its status's, and the read of all) came back full.
    pub fn may_miss(&self, status: Option<&PetStatus>) -> bool {
        let full = |s: Option<&PetStatus>| self.full.iter().any(|f| f.as_ref() == s);
        full(None) && status.is_none_or(|s| !s.is_known() || full(Some(s)))
    }

    /// Takes in the pets of `known` (this device created them) that the reads may have left
    /// out: a store fuller than the reads reach still shows a pet just added there.
    pub fn take_in(&mut self, known: impl IntoIterator<Item = Pet>) {
        let mut by_id: BTreeMap<i64, Pet> = self.pets.drain(..).map(|p| (p.id, p)).collect();
        for pet in known {
            if self.may_miss(pet.status.as_ref()) {
                by_id.entry(pet.id).or_insert(pet);
            }
        }
        self.pets = by_id.into_values().collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::test_pet as pet;

    #[test]
    fn answers_merge_by_id_in_id_order_and_full_reads_are_named() {
        let sold = Some(PetStatus::Sold);
        let full: Vec<Pet> = (1..=i64::from(READ_LIMIT)).map(|i| pet(i, None)).collect();
        let side = Side::merge(vec![
            (
                sold.clone(),
                vec![pet(500, sold.clone()), pet(3, sold.clone())],
            ),
            (None, full),
        ]);
        assert_eq!(side.pets.len(), 101);
        assert_eq!(side.pets[2].status, sold, "the first answer's copy is kept");
        assert_eq!(side.pets.last().map(|p| p.id), Some(500));
        assert_eq!(side.full, [None]);
    }

    #[test]
    fn a_pet_created_here_is_taken_in_only_where_the_reads_may_have_missed_it() {
        let a = Some(PetStatus::Available);
        let mut side = Side {
            pets: vec![pet(1, a.clone())],
            full: vec![a.clone(), None],
        };
        assert!(side.may_miss(a.as_ref()));
        assert!(side.may_miss(None));
        assert!(
            !side.may_miss(Some(&PetStatus::Sold)),
            "the sold read was not full"
        );
        side.take_in([
            pet(1, a.clone()),
            pet(7, a.clone()),
            pet(8, Some(PetStatus::Sold)),
        ]);
        let ids: Vec<i64> = side.pets.iter().map(|p| p.id).collect();
        assert_eq!(ids, [1, 7]);
        let mut small = Side {
            pets: vec![],
            full: vec![a.clone()],
        };
        small.take_in([pet(7, a)]);
        assert!(
            small.pets.is_empty(),
            "the read of all was not full: it has every pet"
        );
    }
}
