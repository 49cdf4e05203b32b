//! Which rows of an import equal a pet this tab already created in the environment (the
//! tab's record, `session/created.rs`): the import shows such a row as "Already created" (or,
//! for a pet that may exist, as unknown) and leaves it out, as the service can never remove
//! a pet sent twice.

use petstore_core::CreatedPet;

use super::{ImportRow, Ledger, Outcome};

/// The valid rows of `rows` that `ledger` has no outcome for and that equal a pet of
/// `created`, each with that pet's id (`None`: it may exist). Each created pet stands for one
/// row only, and not for one this ledger already names: two equal rows of which one was
/// created leave the other to be sent.
pub fn already_created(
    rows: &[ImportRow],
    ledger: &Ledger,
    created: &[CreatedPet],
) -> Vec<(usize, Option<i64>)> {
    // First the pets this ledger's own rows stand for: those it created, and those it sent
    // without an answer (the same pet, with no id).
    let mut claimed = vec![false; created.len()];
    for (index, row) in rows.iter().enumerate() {
        let mine = |c: &CreatedPet| match ledger.get(index) {
            Some(Outcome::Created { id } | Outcome::AlreadyCreated { id }) => c.id == Some(*id),
            Some(Outcome::Sending | Outcome::Unknown { .. }) => {
                c.id.is_none() && row.checked.as_ref().is_ok_and(|pet| c.same_as(pet))
            }
            _ => false,
        };
        if let Some(i) = (0..created.len()).find(|&i| !claimed[i] && mine(&created[i])) {
            claimed[i] = true;
        }
    }
    let mut found = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let Ok(pet) = &row.checked else { continue };
        if ledger.get(index).is_some() {
            continue;
        }
        let equal = (0..created.len()).find(|&i| !claimed[i] && created[i].same_as(pet));
        if let Some(i) = equal {
            claimed[i] = true;
            found.push((index, created[i].id));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::parse_rows;
    use petstore_core::PetStatus;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn created(id: i64, name: &str, category_id: i64, status: Option<PetStatus>) -> CreatedPet {
        CreatedPet {
            id: Some(id),
            name: name.into(),
            category_id,
            status,
            at_ms: 1_000,
        }
    }

    #[wasm_bindgen_test]
    fn a_row_equal_to_a_created_pet_is_found_once_per_pet() {
        let rows = parse_rows(
            "name,categoryId,status\n Rex ,007,available\nRex,7,available\nRex,7,\nTom,2,\n,1,\n",
            &Default::default(),
        )
        .unwrap();
        let made = [
            created(11, "Rex", 7, Some(PetStatus::Available)),
            created(12, "Tom", 2, None),
        ];
        let found = already_created(&rows, &Ledger::default(), &made);
        // Trimmed and as a number, as sent; one Rex pet stands for one row; a status differs.
        assert_eq!(found, vec![(0, Some(11)), (3, Some(12))]);
    }

    #[wasm_bindgen_test]
    fn rows_this_ledger_created_are_not_matched_again() {
        let rows = parse_rows("name,categoryId\nRex,7\nRex,7\n", &Default::default()).unwrap();
        let mut ledger = Ledger::default();
        ledger.set(0, Some(Outcome::Created { id: 11 }));
        let made = [created(11, "Rex", 7, None)];
        assert!(already_created(&rows, &ledger, &made).is_empty());
        let made = [created(11, "Rex", 7, None), created(15, "Rex", 7, None)];
        assert_eq!(already_created(&rows, &ledger, &made), vec![(1, Some(15))]);
        // One sent without an answer may exist: the row is matched, with no id.
        let mut unknown = created(0, "Rex", 7, None);
        unknown.id = None;
        let made = [created(11, "Rex", 7, None), unknown];
        assert_eq!(already_created(&rows, &ledger, &made), vec![(1, None)]);
        // A row of this ledger still on its way is that pet: the other row goes.
        let mut ledger = Ledger::default();
        ledger.set(0, Some(Outcome::Sending));
        let mut sending = created(0, "Rex", 7, None);
        sending.id = None;
        assert!(already_created(&rows, &ledger, &[sending]).is_empty());
    }
}
