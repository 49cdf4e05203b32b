//! The device's activity, per environment: every create and every failed read, with what the
//! service answered, newest first, kept in the device's storage so that every tab sees it and
//! closing a tab loses none of it; forgotten with the keys (Sign out everywhere). Each entry
//! names the tab it was made in (by the time of that tab's first entry) and keeps its request as a
//! `curl` command that reads the key from `$PETSTORE_API_KEY`.
//!
//! The stored log is read after the first screen (its parsing is in the `live` chunk with the
//! rest of what the first rows do without; the figure is in `docs/benchmark.md`): entries made
//! before then are kept in memory and written once it has been read, in front of it. Each
//! write reads the stored log first, so two tabs writing at once each keep the other's entries.

use serde::{Deserialize, Serialize};

use leptos::prelude::*;

use crate::api::{ApiError, Exchange, PetStatus};
use crate::config::Environment;
use crate::i18n::{said, words};
use crate::input::plain_message;
use crate::split::{split, SplitLoaderError};
use crate::storage;

use super::offline::index;

/// The oldest entries of an environment go beyond this many.
const KEPT: usize = 300;

/// What came of one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// A pet was created.
    Created {
        /// Its id.
        id: i64,
        /// Its name.
        name: String,
        /// Its category, for "Add one like this" (none in an entry of an older version).
        #[serde(default)]
        category_id: Option<i64>,
        /// Its status, if it has one.
        #[serde(default)]
        status: Option<PetStatus>,
    },
    /// The service refused the create: nothing was created.
    Refused {
        /// The name of the pet it was for.
        #[serde(default)]
        name: String,
        /// Why, as the service (or the app) put it, in plain words.
        message: String,
    },
    /// No answer was read: the create may or may not have happened.
    Unknown {
        /// The name of the pet it was for.
        #[serde(default)]
        name: String,
        /// What went wrong.
        message: String,
    },
    /// A pet's number the environment has no pet for (a mistyped number, say): not a failure.
    NoSuchPet {
        /// The number asked for.
        id: i64,
    },
    /// A read failed.
    Failed {
        /// The pet it was for, when it read one pet; `None` for the list.
        #[serde(default)]
        pet: Option<i64>,
        /// What went wrong.
        message: String,
    },
}

/// One request in the activity log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Its place in its environment's stored log (numbered again as the log is written).
    pub seq: u64,
    /// Drawn at random when it is made and never changed, for keyed lists: the same entry
    /// before and after it is written beside another tab's (0 in an entry of an older
    /// version).
    #[serde(default)]
    pub id: u64,
    /// When the answer (or failure) came, in milliseconds since the epoch.
    pub at_ms: u64,
    /// The environment's name as [`Environment::as_str`] writes it.
    pub env: String,
    /// `GET` or `POST`, and the address.
    pub request: String,
    /// What came of it.
    pub outcome: Outcome,
    /// The request as a `curl` command, without the key.
    pub curl: String,
    /// When the tab that made it made its first entry (milliseconds since the epoch; 0 in an
    /// entry of an older version): the tab it was made in, in words a person can match.
    #[serde(default)]
    pub tab_ms: u64,
    /// For a create that copied a pet: the environment it was copied from (as
    /// [`Environment::as_str`] writes it) and the pet's id there, as `staging 12`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copied_from: Option<String>,
}

impl Entry {
    /// Where the pet this entry created was copied from, if it was: the environment and the
    /// pet's id there.
    pub fn source(&self) -> Option<(Environment, i64)> {
        let (env, id) = self.copied_from.as_deref()?.split_once(' ')?;
        Some((Environment::parse(env)?, id.parse().ok()?))
    }

    /// The environment, if the entry names one this app knows.
    pub fn environment(&self) -> Option<Environment> {
        Environment::parse(&self.env)
    }
}

/// The entry an exchange leaves, if any: creates always, reads only when they failed (a
/// cancelled read was the app's own doing, not the service's answer).
pub(super) fn entry_for(
    env: Environment,
    exchange: &Exchange,
    at_ms: u64,
    copied_from: Option<(Environment, i64)>,
) -> Option<Entry> {
    let sent = &exchange.sent;
    // The create's pet, by the name it was sent with.
    let name = || {
        let body = sent.body.as_deref().unwrap_or_default();
        serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v.get("name")?.as_str().map(str::to_owned))
            .unwrap_or_default()
    };
    let outcome = match (&exchange.outcome, sent.is_read()) {
        (Err(ApiError::Cancelled), true) | (Ok(_), true) => return None,
        (Err(e), true) => {
            // A single pet's address ends with its id; the list's with `pets`.
            let pet = sent.url.rsplit('/').next().and_then(|id| id.parse().ok());
            match (e, pet) {
                (ApiError::NotFound(_), Some(id)) => Outcome::NoSuchPet { id },
                _ => Outcome::Failed {
                    pet,
                    message: said(e),
                },
            }
        }
        (Ok(Some(pet)), false) => Outcome::Created {
            id: pet.id,
            name: pet.name.clone(),
            category_id: Some(pet.category_id),
            status: pet.status.clone(),
        },
        (Ok(None), false) => Outcome::Unknown {
            name: name(),
            message: words::answer_held_no_pet().into(),
        },
        (Err(e), false) if e.outcome_unknown() => Outcome::Unknown {
            name: name(),
            message: said(e),
        },
        (Err(e), false) => Outcome::Refused {
            name: name(),
            message: e
                .body()
                .map_or_else(|| said(e), |b| plain_message(&b.message)),
        },
    };
    Some(Entry {
        seq: 0,
        id: (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64,
        at_ms,
        env: env.as_str().to_owned(),
        request: format!("{} {}", exchange.sent.method, exchange.sent.address()),
        outcome,
        curl: exchange.sent.curl(),
        // Named by the log as it records the entry (`ActivityLog::record`).
        tab_ms: 0,
        copied_from: copied_from.map(|(from, id)| format!("{} {id}", from.as_str())),
    })
}

/// The name this tab's entries carry, if it has made one: when it made its first (kept in the
/// tab's storage, so a reload is the same tab).
pub fn this_tab() -> Option<u64> {
    storage::get(storage::TAB_SLOT).and_then(|t| t.parse().ok())
}

/// This tab's name for its entries, given at its first.
fn tab_opened_ms() -> u64 {
    if let Some(at) = this_tab() {
        return at;
    }
    let now = js_sys::Date::now() as u64;
    storage::set(storage::TAB_SLOT, &now.to_string());
    now
}

/// `env`'s log as the device's storage holds it (empty when it holds none); `None` when it
/// holds one this version cannot read (a later version's), which is then never written over.
fn from_storage(env: Environment) -> Option<Vec<Entry>> {
    match storage::device_get(&storage::activity_slot(env)) {
        None => Some(Vec::new()),
        Some(text) => serde_json::from_str(&text).ok(),
    }
}

split! {
    live, preload_stored_log;
    /// Reads the device's log of each environment, writing this page's unsaved entries in
    /// front of it first.
    fn take_in_stored(log: ActivityLog) -> Result<(), SplitLoaderError> {
        let Some(mut unsaved) = log.unsaved.try_update_value(std::mem::take) else {
            return Ok(());
        };
        // Entries recorded from here on have the log read again.
        log.due.set_value(false);
        // What pages that went away left unwritten goes in first: it is older than this
        // page's own.
        let mut left = Vec::new();
        for slot in storage::device_slots(storage::ACTIVITY_LEFT_PREFIX) {
            let entries: Option<Vec<Entry>> =
                storage::device_get(&slot).and_then(|text| serde_json::from_str(&text).ok());
            storage::device_remove(&slot);
            left.extend(entries.unwrap_or_default());
        }
        left.append(&mut unsaved);
        let unsaved = left;
        for (i, env) in Environment::ALL.into_iter().enumerate() {
            let mine: Vec<Entry> = unsaved
                .iter()
                .filter(|e| e.environment() == Some(env))
                .cloned()
                .collect();
            let Some(mut stored) = from_storage(env) else {
                // Kept on screen only: another version's log is left as it is.
                log.entries[i].update(|shown| mine.into_iter().for_each(|e| push(shown, e)));
                continue;
            };
            if !mine.is_empty() {
                // (An entry another tab took in from what a page left is there already.)
                for entry in mine {
                    if !stored.iter().any(|e| e.id == entry.id && e.id != 0) {
                        push(&mut stored, entry);
                    }
                }
                storage::device_set_json(&storage::activity_slot(env), &stored);
            }
            log.entries[i].maybe_update(|shown| {
                let changed = *shown != stored;
                *shown = std::mem::take(&mut stored);
                changed
            });
        }
        Ok(())
    }
}

/// Adds `entry` at the top of `log`, numbering it.
pub(super) fn push(log: &mut Vec<Entry>, mut entry: Entry) {
    entry.seq = log.first().map_or(1, |e| e.seq + 1);
    log.insert(0, entry);
    log.truncate(KEPT);
}

/// The device's activity log, provided by the app root ([`use_activity`]); the session writes
/// in it as requests are answered.
#[derive(Clone, Copy)]
pub struct ActivityLog {
    /// Per environment, the log as last read, with this page's newest entries in front.
    entries: [RwSignal<Vec<Entry>>; 2],
    /// This page's entries not yet written to the device's storage.
    unsaved: StoredValue<Vec<Entry>>,
    /// A read of the stored log is on its way: an import's hundred entries ask for one.
    due: StoredValue<bool>,
}

/// The activity log provided by the app root.
///
/// # Panics
/// Outside the app root's component tree (a programming error). Call it while a component is
/// built.
pub fn use_activity() -> ActivityLog {
    use_context::<ActivityLog>().expect("the activity log is provided by the app root")
}

impl ActivityLog {
    /// An empty log, its stored part not read yet; follows the other tabs' entries. Call
    /// once, where the session is made.
    pub(super) fn new() -> ActivityLog {
        let log = ActivityLog {
            entries: [RwSignal::new(Vec::new()), RwSignal::new(Vec::new())],
            unsaved: StoredValue::new(Vec::new()),
            due: StoredValue::new(false),
        };
        let changes = window_event_listener(leptos::ev::storage, move |ev| {
            // No key: the whole storage was cleared (Sign out everywhere elsewhere).
            let ours = ev
                .key()
                .is_none_or(|k| k.starts_with(storage::ACTIVITY_PREFIX));
            if ours {
                log.read_stored();
            }
        });
        // A page left (a reload, a link followed out, the tab closed) before the log's code
        // came writes what it has not written yet where the next read of the log takes it in.
        // (A phone often kills a hidden tab without `pagehide`: hiding writes them too.)
        let leaving = window_event_listener_untyped("pagehide", move |_| log.leave_unsaved());
        let hiding = window_event_listener_untyped("visibilitychange", move |_| {
            if super::refresh::hidden() {
                log.leave_unsaved();
            }
        });
        on_cleanup(move || {
            changes.remove();
            leaving.remove();
            hiding.remove();
        });
        log
    }

    /// Writes this page's unsaved entries under a key of their own, for the next read of the
    /// log (this page's, should it come back, or another's).
    fn leave_unsaved(&self) {
        let unsaved = self
            .unsaved
            .try_with_value(Clone::clone)
            .unwrap_or_default();
        if let Some(first) = unsaved.first() {
            let slot = format!("{}{}", storage::ACTIVITY_LEFT_PREFIX, first.id);
            storage::device_set_json(&slot, &unsaved);
        }
    }

    /// The activity on this device, each environment's entries kept apart and named, newest
    /// first (tracked).
    pub fn entries(&self) -> Vec<Entry> {
        let mut all: Vec<Entry> = self.entries.iter().flat_map(|e| e.get()).collect();
        all.sort_by_key(|e| std::cmp::Reverse(e.at_ms));
        all
    }

    /// Has the stored log read (in the background; again after a failed download), unless a
    /// read is on its way already.
    pub fn read_stored(&self) {
        if self
            .due
            .try_update_value(|due| std::mem::replace(due, true))
            != Some(false)
        {
            return;
        }
        let log = *self;
        leptos::task::spawn_local(async move {
            if take_in_stored(log).await.is_err() {
                // The chunk could not be downloaded: the next entry tries again.
                log.due.try_set_value(false);
            }
        });
    }

    /// Shows `entry` at once and has it written in front of the stored log. (`try_`: an
    /// answer may arrive after the app is gone, as in the browser tests, which mount and drop
    /// one app after another.)
    pub(super) fn record(&self, mut entry: Entry) {
        let Some(env) = entry.environment() else {
            return;
        };
        entry.tab_ms = tab_opened_ms();
        if self
            .unsaved
            .try_update_value(|u| u.push(entry.clone()))
            .is_none()
        {
            return;
        }
        self.entries[index(env)].update(|log| push(log, entry));
        self.read_stored();
    }

    /// Forgets every entry (the device's storage is emptied by the caller).
    pub(super) fn forget(&self) {
        self.unsaved.set_value(Vec::new());
        for entries in self.entries {
            entries.maybe_update(|log| !std::mem::take(log).is_empty());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Pet, Sent};
    use wasm_bindgen_test::wasm_bindgen_test;

    fn create(outcome: Result<Option<Pet>, ApiError>) -> Exchange {
        Exchange {
            sent: Sent::post(
                "https://p.example/v1/pets".into(),
                r#"{"name":"Rex"}"#.into(),
            ),
            outcome,
            kept: None,
        }
    }

    #[wasm_bindgen_test]
    fn creates_are_kept_and_reads_only_when_they_failed() {
        let env = Environment::Staging;
        let pet = Pet {
            id: 9_007_199_254_740_993,
            name: "Rex".into(),
            category_id: 1,
            status: None,
        };
        let made = entry_for(env, &create(Ok(Some(pet))), 5, None).unwrap();
        assert_eq!(
            made.outcome,
            Outcome::Created {
                id: 9_007_199_254_740_993,
                name: "Rex".into(),
                category_id: Some(1),
                status: None,
            }
        );
        // An entry kept by an older version, without the pet's category, still reads.
        let older: Outcome = serde_json::from_str(r#"{"Created":{"id":7,"name":"Tom"}}"#).unwrap();
        assert!(matches!(
            older,
            Outcome::Created {
                category_id: None,
                ..
            }
        ));
        assert_eq!(made.request, "POST https://p.example/v1/pets");
        assert!(made.curl.contains("$PETSTORE_API_KEY"));
        let refused = entry_for(env, &create(Err(ApiError::from_status(400, ""))), 5, None);
        assert!(matches!(refused.unwrap().outcome, Outcome::Refused { name, .. } if name == "Rex"));
        let lost = entry_for(env, &create(Err(ApiError::from_status(502, ""))), 5, None);
        assert!(matches!(lost.unwrap().outcome, Outcome::Unknown { .. }));
        let read = |outcome| Exchange {
            sent: Sent::get("https://p.example/v1/pets".into(), vec![]),
            outcome,
            kept: None,
        };
        assert_eq!(entry_for(env, &read(Ok(None)), 5, None), None);
        assert_eq!(
            entry_for(env, &read(Err(ApiError::Cancelled)), 5, None),
            None
        );
        let failed = entry_for(env, &read(Err(ApiError::from_status(503, ""))), 5, None);
        assert!(matches!(
            failed.unwrap().outcome,
            Outcome::Failed { pet: None, .. }
        ));
        let one = Exchange {
            sent: Sent::get("https://p.example/v1/pets/12".into(), vec![]),
            outcome: Err(ApiError::from_status(503, "")),
            kept: None,
        };
        let failed = entry_for(env, &one, 5, None).unwrap();
        assert!(matches!(
            failed.outcome,
            Outcome::Failed { pet: Some(12), .. }
        ));
    }

    #[wasm_bindgen_test]
    fn a_copy_names_its_source_and_entries_from_before_read_back() {
        let copied = Some((Environment::Staging, 12));
        let entry = entry_for(Environment::Production, &create(Ok(None)), 1, copied).unwrap();
        let text = serde_json::to_string(&entry).unwrap();
        assert!(text.contains(r#""copied_from":"staging 12""#), "{text}");
        let back: Entry = serde_json::from_str(&text).unwrap();
        assert_eq!(back.source(), copied);
        let plain = entry_for(Environment::Production, &create(Ok(None)), 1, None).unwrap();
        let older = serde_json::to_string(&plain).unwrap();
        assert!(!older.contains("copied_from"));
        assert_eq!(
            serde_json::from_str::<Entry>(&older).unwrap().copied_from,
            None
        );
    }

    #[wasm_bindgen_test]
    fn the_log_is_newest_first_and_bounded() {
        let mut log = Vec::new();
        let entry = entry_for(Environment::Production, &create(Ok(None)), 1, None).unwrap();
        for _ in 0..KEPT + 5 {
            push(&mut log, entry.clone());
        }
        assert_eq!(log.len(), KEPT);
        assert_eq!(log[0].seq, KEPT as u64 + 5);
        assert!(log[0].seq > log[1].seq);
    }
}
