use super::*;
use crate::{parse_rows, ImportWords, Pet, PetStatus};

fn pet(name: &str) -> NewPet {
    NewPet {
        name: name.into(),
        category_id: 2,
        status: None,
    }
}

fn pages(here: &str, others: &[&str]) -> Pages {
    Pages {
        here: here.into(),
        others: others.iter().map(|p| p.to_string()).collect(),
    }
}

fn entry(key: &str, name: &str, origin: Origin, state: State, page: &str) -> Entry {
    Entry::new(key.into(), pet(name), origin, state, page, 1_000)
}

fn import(run: &str, row: usize) -> Origin {
    Origin::Import {
        run: run.into(),
        row,
    }
}

#[test]
fn a_held_pet_is_sent_once_and_settled_by_its_answer() {
    let mut record = Vec::new();
    note(
        &mut record,
        entry(
            "a",
            "Tiger",
            Origin::Form,
            State::Held { until_ms: 5_000 },
            "p",
        ),
    );
    // Only its own page sends it, and only once.
    assert!(!start_sending(&mut record, "a", "q", 2_000));
    assert!(start_sending(&mut record, "a", "p", 2_000));
    assert!(!start_sending(&mut record, "a", "p", 2_001));
    assert_eq!(record[0].sent_ms, Some(2_000));
    assert!(settle(&mut record, "a", Answer::Created(41)));
    assert_eq!(record[0].state, State::Created { id: 41 });
    // A later word about it changes nothing.
    assert!(!settle(&mut record, "a", Answer::Unknown("late".into())));
    assert_eq!(record[0].state, State::Created { id: 41 });
}

#[test]
fn undo_takes_back_only_what_was_not_sent() {
    let mut record = Vec::new();
    note(
        &mut record,
        entry("a", "Tiger", Origin::Form, State::Held { until_ms: 5 }, "p"),
    );
    note(
        &mut record,
        entry("b", "Tom", import("r", 0), State::Queued, "p"),
    );
    start_sending(&mut record, "b", "p", 2);
    assert!(withdraw(&mut record, "a"));
    assert!(!withdraw(&mut record, "b"), "on its way: it stays");
    assert_eq!(record.len(), 1);
}

#[test]
fn a_pet_not_sent_after_all_goes_and_a_refused_one_stays_refused() {
    let mut record = Vec::new();
    for key in ["a", "b"] {
        note(
            &mut record,
            entry(key, "Tiger", Origin::Form, State::Queued, "p"),
        );
        start_sending(&mut record, key, "p", 2);
    }
    assert!(settle(&mut record, "a", Answer::NotSent));
    assert!(settle(&mut record, "b", Answer::Refused("no".into())));
    assert_eq!(record.len(), 1);
    assert!(!record[0].standing(&pages("p", &[])).counts());
}

#[test]
fn the_pages_that_went_leave_their_held_pets_unsent_and_their_sends_unknown() {
    let mut record = vec![
        entry("a", "A", Origin::Form, State::Held { until_ms: 9 }, "gone"),
        entry("b", "B", import("r", 0), State::Queued, "gone"),
        entry("c", "C", import("r", 1), State::Sending, "gone"),
        entry("d", "D", Origin::Form, State::Sending, "there"),
        entry("e", "E", Origin::Form, State::Held { until_ms: 9 }, "p"),
    ];
    let now = pages("p", &["there"]);
    assert_eq!(record[0].standing(&now), Standing::Dropped);
    assert_eq!(
        record[2].standing(&now),
        Standing::Unknown { message: None }
    );
    assert_eq!(record[3].standing(&now), Standing::Sending { here: false });
    assert_eq!(
        record[4].standing(&now),
        Standing::Held {
            here: true,
            until_ms: 9
        }
    );
    assert!(sweep(&mut record, &now));
    let keys: Vec<&str> = record.iter().map(|e| e.key.as_str()).collect();
    assert_eq!(keys, ["c", "d", "e"]);
    assert_eq!(record[0].state, State::Unknown { message: None });
    assert!(!sweep(&mut record, &now), "nothing more to write");
    // Its answer, come after all (a page slowed in the background), wins.
    assert!(settle(&mut record, "c", Answer::Created(7)));
    assert_eq!(record[0].state, State::Created { id: 7 });
}

#[test]
fn the_manager_is_asked_about_every_pet_about_to_be_or_perhaps_created() {
    let now = pages("p", &["q"]);
    let asked = |state: State, page: &str| {
        let record = vec![entry("a", "Tiger", Origin::Form, state, page)];
        earlier_equal(&record, &pet("Tiger"), &now).is_some()
    };
    assert!(
        asked(State::Held { until_ms: 1 }, "q"),
        "held in another tab"
    );
    assert!(asked(State::Queued, "p"));
    assert!(asked(State::Sending, "gone"), "perhaps created");
    assert!(asked(State::Created { id: 1 }, "gone"), "long ago too");
    assert!(asked(State::Unknown { message: None }, "gone"));
    assert!(!asked(State::Held { until_ms: 1 }, "gone"), "never sent");
    assert!(!asked(
        State::Refused {
            message: "x".into()
        },
        "p"
    ));
    let record = vec![entry("a", "Tiger", Origin::Form, State::Queued, "p")];
    assert!(earlier_equal(&record, &pet("Tom"), &now).is_none());
}

#[test]
fn only_old_settled_entries_are_forgotten_beyond_the_limit() {
    let at = |ms: u64, key: &str, state| Entry {
        noted_ms: ms,
        ..entry(key, "A", Origin::Form, state, "p")
    };
    let day = KEPT_FOR_MS + 1;
    let mut record = vec![at(0, "live", State::Sending)];
    for n in 0..KEPT {
        note(
            &mut record,
            at(0, &n.to_string(), State::Created { id: n as i64 }),
        );
    }
    assert_eq!(record.len(), KEPT + 1, "nothing forgotten within a day");
    note(&mut record, at(day, "new", State::Queued));
    assert_eq!(record.len(), KEPT);
    assert_eq!(record[0].key, "live", "a live entry stays");
    assert_eq!(record[1].key, "2", "the two oldest settled ones went");
}

#[test]
fn entries_keep_exact_ids_through_json() {
    let mut e = entry(
        "a",
        "Rex",
        import("r", 3),
        State::Created {
            id: 9_007_199_254_740_993,
        },
        "p",
    );
    e.pet.status = Some(PetStatus::Sold);
    e.origin = Origin::Copy {
        run: "c".into(),
        row: 1,
        from: Environment::Staging,
        id: 9_007_199_254_740_995,
    };
    let text = serde_json::to_string(&vec![e.clone()]).unwrap();
    assert!(
        text.contains("9007199254740993") && text.contains("9007199254740995"),
        "{text}"
    );
    let back: Vec<Entry> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, [e]);
}

fn rows(text: &str) -> Vec<crate::ImportRow> {
    parse_rows(text, &ImportWords::default()).unwrap()
}

#[test]
fn a_run_reads_its_rows_from_the_record() {
    let rows = rows("name,categoryId\nA,2\nB,2\nC,2\nD,2\n");
    let record = vec![
        entry("0", "A", import("r", 0), State::Created { id: 10 }, "gone"),
        entry("1", "B", import("r", 1), State::Sending, "q"),
        entry("2", "C", import("r", 2), State::Sending, "gone"),
        entry("3", "D", import("r", 3), State::Queued, "gone"),
        entry(
            "x",
            "D",
            import("other", 0),
            State::Refused {
                message: "m".into(),
            },
            "q",
        ),
    ];
    let found = run_outcomes(&record, "r", &rows, &pages("p", &["q"]));
    assert_eq!(found[&0], (RowOutcome::Created { id: 10 }, "0".into()));
    assert_eq!(found[&1].0, RowOutcome::Sending { here: false });
    assert_eq!(found[&2].0, RowOutcome::Unknown { message: None });
    assert!(
        !found.contains_key(&3),
        "queued by a page that went: still to send"
    );
}

#[test]
fn a_row_equal_to_a_pet_sent_before_waits_for_a_yes_once_per_pet() {
    let rows = rows("name,categoryId\nRex,2\nRex,2\nTom,2\nKiki,2\n,2\n");
    let record = vec![
        entry("f", "Rex", Origin::Form, State::Created { id: 11 }, "gone"),
        entry("h", "Tom", Origin::Form, State::Held { until_ms: 1 }, "q"),
        entry(
            "k",
            "Kiki",
            import("old", 0),
            State::Refused {
                message: "m".into(),
            },
            "q",
        ),
    ];
    let now = pages("p", &["q"]);
    let found = run_outcomes(&record, "r", &rows, &now);
    let before = |id, key: &str| (RowOutcome::Before { id }, key.to_owned());
    assert_eq!(found[&0], before(Some(11), "f"));
    assert!(
        !found.contains_key(&1),
        "one Rex was created: the other is to send"
    );
    assert_eq!(found[&2], before(None, "h"), "held in another tab");
    assert!(!found.contains_key(&3), "refused: nothing exists");
    // A row of this run sent again (the manager said yes) stands on its own entry.
    let mut record = record;
    record.push(entry("r0", "Rex", import("r", 0), State::Queued, "p"));
    let found = run_outcomes(&record, "r", &rows, &now);
    assert_eq!(found[&0].0, RowOutcome::Queued { here: true });
    assert_eq!(found[&1], before(Some(11), "f"));
}

#[test]
fn a_run_sending_anywhere_is_known() {
    let now = pages("p", &["q"]);
    let sending = |state, page| run_sending(&[entry("a", "A", import("r", 0), state, page)], &now);
    assert!(sending(State::Queued, "q"));
    assert!(sending(State::Sending, "p"));
    assert!(!sending(State::Sending, "gone"));
    let form = [entry("a", "A", Origin::Form, State::Sending, "p")];
    assert!(!run_sending(&form, &now), "the form is no run");
}

#[test]
fn a_pet_sent_without_an_answer_is_found_as_the_newest_equal_one_not_taken() {
    let listed = |id: i64, name: &str| Pet {
        id,
        name: name.into(),
        category_id: 2,
        status: None,
    };
    let pets = [listed(3, "Rex"), listed(9, "Rex"), listed(5, "Tom")];
    assert_eq!(newest_equal(&pets, &pet("Rex"), &[]).map(|p| p.id), Some(9));
    assert_eq!(
        newest_equal(&pets, &pet("Rex"), &[9]).map(|p| p.id),
        Some(3)
    );
    assert_eq!(newest_equal(&pets, &pet("Rex"), &[9, 3]), None);
    let sold = NewPet {
        status: Some(PetStatus::Sold),
        ..pet("Tom")
    };
    assert_eq!(
        newest_equal(&pets, &sold, &[]),
        None,
        "another status is another pet"
    );
}

#[test]
fn the_answer_settles_what_its_sender_sent_whatever_was_written_over_it() {
    let mut record = vec![entry("a", "A", import("r", 0), State::Queued, "p")];
    assert!(settle(&mut record, "a", Answer::Refused("no".into())));
    assert_eq!(
        record[0].state,
        State::Refused {
            message: "no".into()
        }
    );
    assert!(
        !settle(&mut record, "a", Answer::Unknown("late".into())),
        "settled once"
    );
}
