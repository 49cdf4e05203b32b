//! The copy of chosen pets.

use super::*;
use crate::import::{Ledger, Outcome};
use petstore_core::sent::{Entry, Origin, Pages, State};
use petstore_core::{Pet, PetStatus};
use wasm_bindgen_test::wasm_bindgen_test;

fn pet(id: i64, name: &str, category: i64, status: Option<PetStatus>) -> Pet {
    Pet {
        id,
        name: name.into(),
        category_id: category,
        status,
    }
}

const A: Option<PetStatus> = Some(PetStatus::Available);

#[wasm_bindgen_test]
fn a_copy_is_rows_of_its_pets_and_never_resends_what_an_earlier_copy_did() {
    let job = CopyJob {
        from: crate::config::Environment::Staging,
        to: crate::config::Environment::Production,
        pets: vec![
            pet(4, "Only Here", 5, None),
            pet(6, "Solo", 1, A),
            pet(7, "Odd", 1, Some(PetStatus::Other("lost".into()))),
        ],
    };
    let rows = job.rows();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].checked.as_ref().map(|p| p.category_id), Ok(5));
    assert!(rows[2].checked.is_err(), "an unknown status is never sent");
    let other = CopyJob {
        pets: job.pets[1..].to_vec(),
        ..job.clone()
    };
    assert_ne!(job.fingerprint(), other.fingerprint());

    // An earlier copy created pet 4 and was sending pet 6 when its page went: a later copy of
    // them leaves both out (one created, one perhaps), and sends the new one.
    let entry = |row: usize, state| {
        let origin = Origin::Copy {
            run: job.fingerprint(),
            row,
            from: job.from,
            id: job.pets[row].id,
        };
        let pet = rows[row].checked.clone().unwrap();
        Entry::new(row.to_string(), pet, origin, state, "gone", 1)
    };
    let record = [
        entry(0, State::Created { id: 99 }),
        entry(1, State::Sending),
    ];
    let next = CopyJob {
        pets: vec![
            job.pets[1].clone(),
            job.pets[0].clone(),
            pet(8, "New", 1, A),
        ],
        ..job.clone()
    };
    let pages = Pages::default();
    let ledger = Ledger::read(&record, &next.fingerprint(), &next.rows(), &pages);
    assert_eq!(ledger.get(1), Some(&Outcome::Before { id: Some(99) }));
    assert_eq!(ledger.get(0), Some(&Outcome::Before { id: None }));
    assert_eq!(ledger.get(2), None);
}
