//! The device's record of every pet sent or about to be sent, one per environment
//! (`petstore_core::sent`): the one authority every path that sends a pet asks first, notes
//! the pet in when it is held or queued, and settles with the answer. It is kept in the
//! device's storage, so every tab of the app on this device reads the same record (a
//! duplicated tab, a second tab) and hears of each change (the browser's `storage` event);
//! this page's word (`holding.rs`) says it is still there while it holds, queues or sends a
//! pet, so that what a closed page left is known for what it is.

mod views;

use std::future::Future;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use petstore_core::sent::{self, Answer, Entry, Origin, Pages, State};
use petstore_core::{ApiError, CallError, NewPet, Pet};

use super::holding::{self, Said};
use super::offline::index;
use super::Session;
use crate::clock;
use crate::config::Environment;
use crate::i18n::said;
use crate::input::plain_message;
use crate::storage;

/// How often the pages that went away are looked for (something is done only while another
/// page's pets are live).
const SWEEP_EVERY: Duration = Duration::from_secs(10);

/// The record of sent pets, as this page last read it, and this page's part in it.
#[derive(Clone, Copy)]
pub struct SentPets {
    records: [RwSignal<Vec<Entry>>; 2],
    // Goes up when the pages believed to be there may have changed (a word went or ran out).
    pages_changed: RwSignal<u32>,
    // This page's number (its name is its digits in hex): plain, so that an answer coming in
    // after the app was taken down still settles its entry.
    page: u64,
    notes: StoredValue<u64>,
    // This page's word, while it holds, queues or sends a pet.
    word: StoredValue<Option<Said>>,
    // The entries this page sent and has not settled yet, whatever storage says of them: none
    // is sent twice, nor taken back, however the record changes under it (another tab's write
    // over this one's, a record emptied or made unreadable elsewhere).
    on_its_way: StoredValue<Vec<String>>,
}

impl SentPets {
    /// The record as storage holds it, this page named `page`; follows the other tabs'
    /// changes and writes down what the pages that went away left. Call once, where the
    /// session is made.
    pub(super) fn open(page: u64) -> SentPets {
        let sent = SentPets {
            records: Environment::ALL.map(|env| RwSignal::new(read_or_empty(env))),
            pages_changed: RwSignal::new(0),
            page,
            notes: StoredValue::new(0),
            word: StoredValue::new(None),
            on_its_way: StoredValue::new(Vec::new()),
        };
        for env in Environment::ALL {
            sent.write(env, sent::sweep);
        }
        let changes = window_event_listener(ev::storage, move |ev| {
            let Some(key) = ev.key() else {
                // The whole storage was cleared (Sign out everywhere elsewhere, say).
                sent.reload_all();
                return;
            };
            match Environment::ALL
                .into_iter()
                .find(|e| key == storage::sent_slot(*e))
            {
                Some(env) => sent.reload(env),
                None if key.starts_with(holding::PREFIX) => sent.pages_changed.update(|n| *n += 1),
                None => {}
            }
        });
        let sweeping = clock::every(SWEEP_EVERY, move || sent.sweep_others());
        on_cleanup(move || {
            changes.remove();
            sweeping.clear();
            if let Some(word) = sent.word.try_update_value(Option::take).flatten() {
                word.withdrawn();
            }
        });
        sent
    }

    /// This page's name, which its entries carry.
    pub fn page(&self) -> String {
        format!("{:x}", self.page)
    }

    /// The pages there now: this one and those whose word is believed (tracked by the
    /// changes of those words).
    pub fn pages(&self) -> Pages {
        self.pages_changed.track();
        Pages {
            here: self.page(),
            others: holding::believed_pages(),
        }
    }

    /// `env`'s record and the pages there, as they are now (tracked).
    fn with<T>(&self, env: Environment, f: impl FnOnce(&[Entry], &Pages) -> T) -> T {
        let pages = self.pages();
        let record = self.records[index(env)];
        // An answer may still come in after the app was taken down: an empty record then.
        if record.is_disposed() {
            return f(&[], &pages);
        }
        record.with(|record| f(record, &pages))
    }

    /// Notes `pet`, from `origin`, as held or queued in `env` (`state`); answers its key.
    pub fn note(&self, env: Environment, pet: NewPet, origin: Origin, state: State) -> String {
        let mut keys = self.note_all(env, vec![(pet, origin)], state);
        keys.pop().unwrap_or_default()
    }

    /// Notes `pets`, each with its origin, as held or queued in `env` (`state`), at once;
    /// answers their keys.
    pub fn note_all(
        &self,
        env: Environment,
        pets: Vec<(NewPet, Origin)>,
        state: State,
    ) -> Vec<String> {
        let page = self.page();
        let now = now_ms();
        let entries: Vec<Entry> = pets
            .into_iter()
            .map(|(pet, origin)| {
                let n = self.notes.try_update_value(|n| {
                    *n += 1;
                    *n
                });
                // After the app was taken down, a key of its own still (the time is unique
                // enough for the one note that could come then).
                let key = format!("{page}-{}", n.unwrap_or(now));
                Entry::new(key, pet, origin, state.clone(), &page, now)
            })
            .collect();
        let keys = entries.iter().map(|e| e.key.clone()).collect();
        if !entries.is_empty() {
            self.write(env, |record, _| {
                for entry in entries {
                    sent::note(record, entry);
                }
                true
            });
        }
        keys
    }

    /// Entry `key` of `env`, held or queued by this page, is sent now: answers the leave to
    /// send it, or none if it may not be (it was taken back, swept or forgotten meanwhile, here
    /// or in another tab, or sent already).
    pub fn start_sending(&self, env: Environment, key: &str) -> Option<Sending> {
        if self.on_its_way(key) {
            return None;
        }
        let page = self.page();
        let mut may = false;
        self.write(env, |record, _| {
            may = sent::start_sending(record, key, &page, now_ms());
            may
        });
        if may {
            self.on_its_way
                .update_value(|keys| keys.push(key.to_owned()));
        }
        may.then(|| Sending {
            env,
            key: key.to_owned(),
        })
    }

    /// Settles entry `key` of `env` with `answer`.
    pub fn settle(&self, env: Environment, key: &str, answer: Answer) {
        let _ = self
            .on_its_way
            .try_update_value(|keys| keys.retain(|k| k != key));
        self.write(env, |record, _| sent::settle(record, key, answer));
    }

    /// Takes back entry `key` of `env` if it was only held or queued.
    pub fn withdraw(&self, env: Environment, key: &str) {
        if !self.on_its_way(key) {
            self.write(env, |record, _| sent::withdraw(record, key));
        }
    }

    /// Takes back every entry of `env` this page queued for run `run`.
    pub fn withdraw_queued(&self, env: Environment, run: &str) {
        let page = self.page();
        let sending = self.on_its_way.try_get_value().unwrap_or_default();
        self.write(env, |record, _| {
            let before = record.len();
            record.retain(|e| {
                let queued_here = e.page == page
                    && e.state == State::Queued
                    && e.origin.run().is_some_and(|(r, _)| r == run);
                !queued_here || sending.contains(&e.key)
            });
            record.len() != before
        });
    }

    /// Forgets the unknown entries `keys` of `env`: the manager checked that those pets do
    /// not exist, and asked to send them again.
    pub fn forget_unknown(&self, env: Environment, keys: &[String]) {
        self.write(env, |record, _| {
            let before = record.len();
            record.retain(|e| !(keys.contains(&e.key) && matches!(e.state, State::Unknown { .. })));
            record.len() != before
        });
    }

    /// Whether this page sent entry `key` and has not settled it yet.
    fn on_its_way(&self, key: &str) -> bool {
        self.on_its_way
            .try_with_value(|keys| keys.iter().any(|k| k == key))
            .unwrap_or(false)
    }

    /// Forgets the whole record, in every tab (Sign out everywhere, the idle sign-out).
    pub(super) fn forget_all(&self) {
        for env in Environment::ALL {
            storage::device_remove(&storage::sent_slot(env));
            self.records[index(env)].set(Vec::new());
        }
        self.keep_word();
    }

    /// Reads `env`'s record again from storage (another tab changed it).
    fn reload(&self, env: Environment) {
        if let Some(Stored::Read(record)) = read(env) {
            self.records[index(env)].maybe_update(|r| {
                let changed = *r != record;
                *r = record;
                changed
            });
            // Another tab may have forgotten this page's pets (Sign out everywhere).
            self.keep_word();
        }
    }

    fn reload_all(&self) {
        for env in Environment::ALL {
            self.reload(env);
        }
        self.pages_changed.update(|n| *n += 1);
    }

    /// Changes `env`'s record as storage holds it now (another tab may have written since this
    /// page last read it) with `change`, which answers whether it changed anything; then
    /// writes it back and shows it.
    fn write(&self, env: Environment, change: impl FnOnce(&mut Vec<Entry>, &Pages) -> bool) {
        let pages = untrack(|| self.pages());
        // Storage that cannot be read, or a record this version cannot read (another
        // version's), is never written over: the page keeps its own until it can.
        let (mut record, writable) = match read(env) {
            Some(Stored::Read(record)) => (record, true),
            _ => (
                self.records[index(env)]
                    .try_get_untracked()
                    .unwrap_or_default(),
                false,
            ),
        };
        // What this page sent stays on its way, whatever another tab wrote over it.
        let healed = self.on_its_way.try_with_value(|keys| {
            let mut healed = false;
            for entry in record.iter_mut().filter(|e| keys.contains(&e.key)) {
                if matches!(entry.state, State::Held { .. } | State::Queued) {
                    entry.state = State::Sending;
                    healed = true;
                }
            }
            healed
        });
        let changed = change(&mut record, &pages) || healed == Some(true);
        if changed && writable {
            storage::device_set_json(&storage::sent_slot(env), &record);
        }
        self.records[index(env)].maybe_update(|r| {
            let changed = *r != record;
            *r = record;
            changed
        });
        self.keep_word();
    }

    /// Keeps this page's word while it holds, queues or sends a pet, and ends it after.
    fn keep_word(&self) {
        let Some(has_word) = self.word.try_with_value(Option::is_some) else {
            // The app was taken down: its word went with it.
            return;
        };
        let page = self.page();
        let live = self.records.iter().any(|r| {
            r.with_untracked(|record| {
                record.iter().any(|e| {
                    e.page == page
                        && matches!(e.state, State::Held { .. } | State::Queued | State::Sending)
                })
            })
        });
        if live && !has_word {
            self.word.set_value(Some(Said::new(&page)));
        } else if !live && has_word {
            if let Some(word) = self.word.try_update_value(Option::take).flatten() {
                word.ended();
            }
        }
    }

    /// Writes down what other pages that went away left, while they have live entries.
    fn sweep_others(&self) {
        let page = self.page();
        for env in Environment::ALL {
            let others_live = self.records[index(env)].with_untracked(|record| {
                record.iter().any(|e| {
                    e.page != page
                        && matches!(e.state, State::Held { .. } | State::Queued | State::Sending)
                })
            });
            if others_live {
                self.pages_changed.update(|n| *n += 1);
                self.write(env, sent::sweep);
            }
        }
    }
}

/// What a create's `result` says of its pet, for the record: created; refused by the service
/// (not created); no usable answer (it may exist); or never sent, or turned away before the
/// service looked at it (no key, a refused key, offline, a busy service's 429), which leaves
/// nothing to remember.
pub fn answer_of(result: &Result<Pet, CallError>) -> Answer {
    match result {
        Ok(pet) => Answer::Created(pet.id),
        Err(CallError::Api(e)) if e.outcome_unknown() => Answer::Unknown(said(e)),
        Err(CallError::Api(ApiError::BadRequest(Some(body)))) => {
            Answer::Refused(plain_message(&body.message))
        }
        Err(e) if e.needs_sign_in() => Answer::NotSent,
        Err(CallError::Api(e)) if e.status() == Some(429) => Answer::NotSent,
        Err(CallError::Api(e)) => Answer::Refused(said(e)),
        Err(_) => Answer::NotSent,
    }
}

/// Leave to send one pet: the record's entry `key` of `env`, marked on its way. Only
/// [`SentPets::start_sending`] makes one, and only [`Session::send_pet`] sends a pet, with one:
/// no create reaches the service without the record having been asked first, and every answer
/// settles its entry.
#[derive(Clone, Debug)]
pub struct Sending {
    env: Environment,
    key: String,
}

impl Session {
    /// Creates `pet` in the environment `sending` was given for (a copy names the pet it came
    /// `from`), through the one path to the service, and settles the record's entry with the
    /// answer.
    pub fn send_pet(
        &self,
        sending: Sending,
        pet: NewPet,
        from: Option<(Environment, i64)>,
    ) -> impl Future<Output = Result<Pet, CallError>> + 'static {
        let record = self.sent;
        let call = self.call_detached(sending.env, from, move |c| async move {
            c.create_pet(&pet).await
        });
        async move {
            let result = call.await;
            // Settled whether or not the page that sent it is still there: the record is
            // the app's.
            record.settle(sending.env, &sending.key, answer_of(&result));
            result
        }
    }
}

/// A record as storage holds it.
enum Stored {
    /// Read (empty when storage holds none).
    Read(Vec<Entry>),
    /// Held in a form this version cannot read.
    Unreadable,
}

/// `env`'s record as storage holds it; `None` when the device's storage cannot be read (then
/// this page keeps what it has).
fn read(env: Environment) -> Option<Stored> {
    Some(match storage::device_item(&storage::sent_slot(env))? {
        None => Stored::Read(Vec::new()),
        Some(text) => match serde_json::from_str(&text) {
            Ok(record) => Stored::Read(record),
            Err(_) => Stored::Unreadable,
        },
    })
}

/// `env`'s record as storage holds it, or none when it cannot be read (a page opened then
/// shows none, and writes none over it).
fn read_or_empty(env: Environment) -> Vec<Entry> {
    match read(env) {
        Some(Stored::Read(record)) => record,
        _ => Vec::new(),
    }
}

/// Now, in milliseconds since the epoch.
fn now_ms() -> u64 {
    clock::now() as u64
}

/// The device's record of sent pets. Call from a component.
///
/// # Panics
/// Outside the app root's component tree (a programming error).
pub fn use_sent() -> SentPets {
    use_context::<SentPets>().expect("the record of sent pets is provided by the app root")
}
