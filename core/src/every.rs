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
}
