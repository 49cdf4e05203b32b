//! What a read of the list found changed ([`Changes`]), in words.

use super::{sentence, status_name, words};
use petstore_core::Changes;

/// All of it in the chosen language, to be said once ("2 new pets, 1 changed."); empty when
/// nothing changed. Worked out when shown, so a change of language says it again in the new
/// one.
pub fn changes_said(changes: &Changes) -> String {
    let (new, changed) = changes.counts();
    let mut parts = Vec::new();
    if new > 0 {
        parts.push(words::new_pets(new as u64));
    }
    if changed > 0 {
        parts.push(words::changed_pets(changed as u64));
    }
    if changes.left > 0 {
        let why = match &changes.listed {
            Some(s) => words::no_longer_status(&status_name(Some(s))),
            None => words::no_longer_listed().into_owned(),
        };
        parts.push(words::pets_left_list(changes.left as u64, &why));
    }
    match parts.is_empty() {
        true => String::new(),
        false => sentence(&parts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petstore_core::{Mark, Pet, PetStatus, Tracker};
    use wasm_bindgen_test::wasm_bindgen_test;

    fn pet(id: i64) -> Pet {
        Pet {
            id,
            name: format!("Pet {id}"),
            category_id: 1,
            status: Some(PetStatus::Available),
        }
    }

    #[wasm_bindgen_test]
    fn what_changed_is_said_in_words_once_and_nothing_for_nothing() {
        let mut tracker = Tracker::default();
        let said = |c: Changes| changes_said(&c.said(Some(&PetStatus::Available)));
        assert_eq!(
            said(tracker.read("available/20", &[pet(1), pet(2)], 0.0)),
            ""
        );
        assert_eq!(
            said(tracker.read("available/20", &[pet(1), pet(3)], 1.0)),
            "1 new pet, 1 pet left this list (no longer available)."
        );
        let changes = Changes {
            marks: vec![
                (4, Mark::New),
                (5, Mark::New),
                (6, Mark::Changed { was: None }),
            ],
            left: 2,
            listed: None,
        };
        assert_eq!(
            changes_said(&changes.said(None)),
            "2 new pets, 1 changed, 2 pets left this list (no longer listed)."
        );
    }
}
