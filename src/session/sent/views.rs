//! What the pages read of the record of sent pets: each a question about it, never its raw
//! entries (the record is the session's to keep).

use petstore_core::sent::{self, Entry, Ledger, Standing};
use petstore_core::{ImportRow, NewPet, Pet};

use super::SentPets;
use crate::config::Environment;

impl SentPets {
    /// The newest pet of `env` equal to `pet` that is about to be sent, on its way, created or
    /// perhaps created, read from storage now, with where it stands: the manager is asked
    /// before another is sent.
    pub fn earlier_equal(&self, env: Environment, pet: &NewPet) -> Option<(Entry, Standing)> {
        self.reload(env);
        leptos::prelude::untrack(|| {
            self.with(env, |record, pages| {
                sent::earlier_equal(record, pet, pages).map(|e| (e.clone(), e.standing(pages)))
            })
        })
    }

    /// Whether a run (an import or a copy) into `env` is sending now, in this page or another
    /// (tracked).
    pub fn run_sending(&self, env: Environment) -> bool {
        self.with(env, sent::run_sending)
    }

    /// Where entry `key` of `env` stands, if the record holds it (tracked).
    pub fn standing(&self, env: Environment, key: &str) -> Option<Standing> {
        self.with(env, |record, pages| {
            record
                .iter()
                .find(|e| e.key == key)
                .map(|e| e.standing(pages))
        })
    }

    /// The pets this device created in `env`, newest first, each with when it was sent
    /// (tracked).
    pub fn created(&self, env: Environment) -> Vec<(Pet, u64)> {
        self.with(env, |record, _| {
            sent::created(record)
                .map(|(pet, e)| (pet, e.sent_ms.unwrap_or(e.noted_ms)))
                .collect()
        })
    }

    /// When the last of the entries `keys` of `env` was sent (or noted, if not sent yet).
    pub fn sent_at(&self, env: Environment, keys: &[String]) -> Option<u64> {
        self.with(env, |record, _| {
            record
                .iter()
                .filter(|e| keys.contains(&e.key))
                .map(|e| e.sent_ms.unwrap_or(e.noted_ms))
                .max()
        })
    }

    /// Run `run`'s `rows` in `env` as the record has them (tracked).
    pub fn ledger(&self, env: Environment, run: &str, rows: &[ImportRow]) -> Ledger {
        self.with(env, |record, pages| Ledger::read(record, run, rows, pages))
    }
}
