//! The pets this tab created in each environment (by the add form, an import or a copy), as
//! the service stored them, and those it sent without a usable answer (they may exist), kept
//! in this tab's storage. The service can never remove a pet, so before sending one again the
//! app asks: an import shows a row equal to a pet already created as "Already created" (or,
//! for one that may exist, as unknown) and leaves it out, and the add form asks before adding
//! a pet equal to one added in the last hour.

use serde::{Deserialize, Serialize};

use super::{ImportRow, Ledger, Outcome};
use crate::api::CallError;
use crate::api::{NewPet, Pet, PetStatus};
use crate::config::Environment;
use crate::storage;

/// The oldest pets are forgotten beyond this many per environment.
const KEPT: usize = 2000;

/// How long the add form asks before adding a pet equal to one it added (an hour).
pub const ASK_WITHIN_MS: u64 = 60 * 60 * 1000;

/// One pet this tab sent: created, or perhaps (no usable answer yet, or ever).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatedPet {
    /// The id the service gave it; `None` when no usable answer came (it may exist).
    pub id: Option<i64>,
    /// Its name, as the service stored it.
    pub name: String,
    /// Its category, as the service stored it.
    pub category_id: i64,
    /// Its status, as the service stored it.
    #[serde(default)]
    pub status: Option<PetStatus>,
    /// When it was sent, in milliseconds since the epoch.
    pub at_ms: u64,
}

impl CreatedPet {
    /// Whether sending `pet` would store a pet equal to this one: the same name, category and
    /// status (the app sends names trimmed and categories as numbers, as the service keeps
    /// them).
    pub fn same_as(&self, pet: &NewPet) -> bool {
        self.name == pet.name && self.category_id == pet.category_id && self.status == pet.status
    }
}

/// The pets this tab sent to `env`, oldest first.
pub fn created_in(env: Environment) -> Vec<CreatedPet> {
    storage::get(&storage::created_slot(env))
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Notes that `pet` is being sent to `env` now, before it is: until its answer settles it
/// (see [`settle`]), it counts as a pet that may exist. Answers the time it was noted at,
/// which names the entry.
pub fn note_sending(env: Environment, pet: &NewPet) -> u64 {
    let at_ms = js_sys::Date::now() as u64;
    let mut all = created_in(env);
    all.push(CreatedPet {
        id: None,
        name: pet.name.clone(),
        category_id: pet.category_id,
        status: pet.status.clone(),
        at_ms,
    });
    let over = all.len().saturating_sub(KEPT);
    all.drain(..over);
    save(env, &all);
    at_ms
}

/// Settles the entry [`note_sending`] made for `pet` at `sent_at` with what came of it:
/// created (its id), perhaps created (no usable answer: it stays, with no id), or not
/// created (refused, or never sent: it goes). Nothing when the entry is gone (Sign out
/// everywhere forgot it meanwhile).
pub fn settle(env: Environment, pet: &NewPet, sent_at: u64, result: &Result<Pet, CallError>) {
    let mut all = created_in(env);
    let Some(at) = all
        .iter()
        .position(|c| c.id.is_none() && c.at_ms == sent_at && c.same_as(pet))
    else {
        return;
    };
    match result {
        Ok(created) => all[at].id = Some(created.id),
        Err(CallError::Api(e)) if e.outcome_unknown() => return,
        Err(_) => {
            all.remove(at);
        }
    }
    save(env, &all);
}

fn save(env: Environment, all: &[CreatedPet]) {
    if let Ok(text) = serde_json::to_string(all) {
        storage::set(&storage::created_slot(env), &text);
    }
}

/// The newest pet of `created` equal to `pet` and sent less than [`ASK_WITHIN_MS`] before
/// `now_ms` (created, or perhaps): the add form asks before adding it again.
pub fn recent_equal<'a>(
    created: &'a [CreatedPet],
    pet: &NewPet,
    now_ms: u64,
) -> Option<&'a CreatedPet> {
    created
        .iter()
        .rev()
        .take_while(|c| now_ms.saturating_sub(c.at_ms) < ASK_WITHIN_MS)
        .find(|c| c.same_as(pet))
}

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
        let rows = parse_rows("name,categoryId\nRex,7\nRex,7\n").unwrap();
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

    #[wasm_bindgen_test]
    fn the_form_asks_only_within_the_hour() {
        let pet = NewPet {
            name: "Pepper".into(),
            category_id: 2,
            status: None,
        };
        let mut made = vec![created(1, "Pepper", 2, None)];
        made[0].at_ms = 10_000;
        assert_eq!(
            recent_equal(&made, &pet, 10_000 + 60_000).and_then(|c| c.id),
            Some(1)
        );
        assert_eq!(recent_equal(&made, &pet, 10_000 + ASK_WITHIN_MS), None);
        // One sent without an answer may exist: asked about too.
        made[0].id = None;
        assert!(recent_equal(&made, &pet, 10_001).is_some());
        let other = NewPet {
            category_id: 3,
            ..pet
        };
        assert_eq!(recent_equal(&made, &other, 10_001), None);
    }
}
