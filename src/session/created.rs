//! The tab's record of the pets it sent to each environment (`petstore_core::CreatedPet`),
//! kept in this tab's storage: the add form, an import and a copy note a pet before sending it
//! and settle it with the answer, so a pet that may exist is never sent again unasked.

use petstore_core::{note_sent, settle_sent, CallError, CreatedPet, NewPet, Pet};

use crate::config::Environment;
use crate::storage;

/// The pets this tab sent to `env`, oldest first.
pub fn created_in(env: Environment) -> Vec<CreatedPet> {
    storage::get_json(&storage::created_slot(env)).unwrap_or_default()
}

/// Notes that `pet` is being sent to `env` now, before it is: until its answer settles it
/// (see [`settle`]), it counts as a pet that may exist. Answers the time it was noted at,
/// which names the entry.
pub fn note_sending(env: Environment, pet: &NewPet) -> u64 {
    let at_ms = js_sys::Date::now() as u64;
    let mut record = created_in(env);
    note_sent(&mut record, pet, at_ms);
    storage::set_json(&storage::created_slot(env), &record);
    at_ms
}

/// Settles the entry [`note_sending`] made for `pet` at `sent_at` with what came of it (see
/// `petstore_core::settle_sent`). Nothing when the entry is gone (Sign out everywhere forgot
/// it meanwhile).
pub fn settle(env: Environment, pet: &NewPet, sent_at: u64, result: &Result<Pet, CallError>) {
    let mut record = created_in(env);
    if settle_sent(&mut record, pet, sent_at, result) {
        storage::set_json(&storage::created_slot(env), &record);
    }
}
