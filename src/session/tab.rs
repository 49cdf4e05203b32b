//! What this tab knows beyond keys: pets already seen (so their page shows at once), whether
//! `getPet` is gone, a read waiting on a busy service; and forgetting all of it, for a shared
//! tablet.

use petstore_core::Page;
use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;

use super::Session;
use crate::api::{Pet, Wait, GET_PET_REMOVAL};
use crate::config::Environment;
use crate::storage;
use petstore_core::{Categories, Side};

/// Pets seen in lists and creates, and the environments where `getPet` answered 410 (gone).
#[derive(Debug, Default)]
pub(super) struct Known {
    pets: HashMap<(Environment, i64), Pet>,
    get_pet_gone: Vec<Environment>,
    // The list's query as last shown in each environment, for "Back to the list".
    list_query: HashMap<Environment, String>,
    // The last read of every status per environment, for the next page that needs one.
    every: HashMap<Environment, Every>,
}

/// A read of every status (`Client::list_every(None)`), kept until a read is next due.
#[derive(Debug)]
struct Every {
    side: Arc<Side>,
    read_at: f64,
    // `refreshes` and `reread` when it was read: once either has moved on, it is out of date.
    due: (u32, u32),
    // The key it was read with: a read is never shown to another key.
    key: Option<String>,
}

impl Session {
    /// Remembers `pets` of `env` as just read, for their pages.
    pub fn remember_pets(&self, env: Environment, pets: &[Pet]) {
        self.known.update_value(|k| {
            for pet in pets {
                k.pets.insert((env, pet.id), pet.clone());
            }
        });
    }

    /// Keeps `side`, a read of every status of `env` just answered, begun at `started`, for
    /// the pages that need the same read before the next one is due: the Store page and the
    /// list's search share it rather than reading twice. Returns when it was read: the kept
    /// copy's time if the service worker answered from one, else `started`.
    pub fn keep_every(&self, env: Environment, side: Arc<Side>, started: f64) -> f64 {
        let read_at = self.kept_at(env).unwrap_or(started);
        let due = self.due_count();
        let key = untrack(|| self.keys.slot(env).usable().map(str::to_owned));
        if key.is_some() {
            let every = Every {
                side,
                read_at,
                due,
                key,
            };
            self.known.update_value(|k| {
                k.every.insert(env, every);
            });
        }
        read_at
    }

    /// The read of every status of `env` [`Session::keep_every`] kept, with when it was read,
    /// if no read has been due since (a refresh, the network back) and `env`'s
    /// key is the one it was read with. The key is tracked: a reader runs again when it
    /// changes.
    pub fn kept_every(&self, env: Environment) -> Option<(Arc<Side>, f64)> {
        let due = self.due_count();
        let key = self.keys.slot(env).usable().map(str::to_owned);
        self.known.with_value(|k| {
            k.every
                .get(&env)
                .filter(|e| e.due == due && key.is_some() && e.key == key)
                .map(|e| (e.side.clone(), e.read_at))
        })
    }

    /// Forgets the read of every status of `env`: Refresh reads anew.
    pub fn forget_every(&self, env: Environment) {
        self.known.update_value(|k| {
            k.every.remove(&env);
        });
    }

    /// How many reads have been due so far, untracked.
    fn due_count(&self) -> (u32, u32) {
        untrack(|| (self.refreshes(), self.reread.try_get().unwrap_or_default()))
    }

    /// Forgets what this tab read of `env` (its pets, the list's query): a sign-out.
    pub(super) fn forget_read(&self, env: Environment) {
        self.known.update_value(|k| {
            k.pets.retain(|(of, _), _| *of != env);
            k.list_query.remove(&env);
            k.every.remove(&env);
        });
        self.forget_tracked(&[env]);
    }

    /// Pet `id` of `env` as last seen in this tab, if it was.
    pub fn known_pet(&self, env: Environment, id: i64) -> Option<Pet> {
        self.known.with_value(|k| k.pets.get(&(env, id)).cloned())
    }

    /// The pets of `env` this tab has read whose name holds `text` (as the list's search
    /// matches), in id order.
    pub fn known_named(&self, env: Environment, text: &str) -> Vec<Pet> {
        let mut pets: Vec<Pet> = self.known.with_value(|k| {
            k.pets
                .iter()
                .filter(|((of, _), _)| *of == env)
                .map(|(_, pet)| pet.clone())
                .collect()
        });
        pets.sort_by_key(|p| p.id);
        petstore_core::search_and_sort(&pets, text, None)
    }

    /// Remembers the query the list of `env` is shown with (`?env=…&status=…`), so that going
    /// back to the list from a pet returns to it as it was.
    pub fn note_list_query(&self, env: Environment, query: String) {
        self.known.update_value(|k| {
            if k.list_query.get(&env) != Some(&query) {
                k.list_query.insert(env, query);
            }
        });
    }

    /// The address of the list of `env` as it was last shown in this tab (its filters,
    /// search and sort), else the plain list.
    pub fn list_link(&self, env: Environment) -> String {
        let plain = self.current.link(&Page::List, env);
        let kept = self.known.with_value(|k| k.list_query.get(&env).cloned());
        match kept {
            Some(query) => format!("{}{query}", plain.split('?').next().unwrap_or_default()),
            None => plain,
        }
    }

    /// Whether `getPet` is still worth asking in `env`: its removal date has not come, and
    /// it has not answered 410 (gone) in this tab.
    pub fn get_pet_usable(&self, env: Environment) -> bool {
        GET_PET_REMOVAL.days_left(crate::clock::now()) > 0
            && self.known.with_value(|k| !k.get_pet_gone.contains(&env))
    }

    /// Records that `getPet` answered 410 (gone) in `env`.
    pub fn note_get_pet_gone(&self, env: Environment) {
        self.known.update_value(|k| {
            if !k.get_pet_gone.contains(&env) {
                k.get_pet_gone.push(env);
            }
        });
    }

    /// A read waiting to be sent again to a busy service, and its environment (tracked).
    pub fn waiting(&self) -> Option<(Environment, Wait)> {
        self.waiting.get()
    }

    /// Counts [`Session::sign_out_everywhere`]s (tracked): the pages are built anew on each.
    pub fn generation(&self) -> u32 {
        self.generation.get()
    }

    /// The category names of `env` in the configuration (empty when it gives none).
    pub fn categories(&self, env: Environment) -> Categories {
        self.config.with_value(|c| c.categories(env).clone())
    }

    /// How long an added pet is held before it is sent (`undoSeconds`), in milliseconds;
    /// `None` to send at once.
    pub fn undo_ms(&self) -> Option<f64> {
        self.config.with_value(|c| c.undo_ms())
    }

    /// Whether cage cards print the pet's status (`cardsShowStatus`).
    pub fn cards_show_status(&self) -> bool {
        self.config.with_value(|c| c.cards_show_status)
    }

    /// What was wrong with the configuration and ignored, for whoever set it up.
    pub fn config_notes(&self) -> Vec<String> {
        self.config.with_value(|c| c.notes.clone())
    }

    /// The `idleMinutes` of the configuration, if set.
    pub fn idle_minutes(&self) -> Option<f64> {
        self.config.with_value(|c| c.idle_minutes)
    }

    /// Forgets both keys, the drafts, the import text, the record of sent pets, the activity
    /// and every pet seen, in memory and in storage: the next person at a shared tablet finds nothing of
    /// this one's work. The pages are built anew (so no form keeps what was typed), and
    /// answers to requests already sent are not written down. (Sign out everywhere, here or in
    /// another tab, and the idle sign-out.)
    pub(super) fn empty_tab(&self) {
        // First, while the pages that show the connection are still there to be told.
        self.forget_kept_answers(&Environment::ALL);
        self.generation.update(|g| *g += 1);
        // A held pet is never sent by a sign-out: it goes with the drafts.
        self.hold.forget();
        self.sent.forget_all();
        storage::forget_everything();
        self.keys.forget_all();
        self.activity.forget();
        self.waiting.maybe_update(|w| w.take().is_some());
        self.known.update_value(|k| *k = Known::default());
        self.forget_tracked(&Environment::ALL);
    }
}
