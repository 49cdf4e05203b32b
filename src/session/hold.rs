//! A pet held for a moment before it is sent (`undoSeconds`), since the service can never take
//! one back: what every page shows of it, its timer, the browser's leave warning while it is
//! held, and what is said when one was not sent, or once it was. The pet itself is an entry of
//! the record of sent pets (`sent.rs`), held there by this page; the create waits in
//! `create.rs`. This part is the session's (Sign out everywhere ends a hold, and a reload
//! finds one that was cut short), so it knows nothing of how a pet is sent.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::holding;
use super::sent::SentPets;
use crate::clock;
use crate::config::Environment;
use crate::storage;

/// The pet held, as the pages show it.
#[derive(Clone, Debug, PartialEq)]
pub struct Held {
    /// The environment it will be added to.
    pub env: Environment,
    /// Its name, as typed.
    pub name: String,
    /// When it is sent, in milliseconds since the epoch.
    pub until_ms: f64,
    /// How long it is held in all, in milliseconds.
    pub for_ms: f64,
    /// Its entry in the record of sent pets.
    pub key: String,
}

/// Why a held pet was not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsent {
    /// The tab was closed or reloaded during the hold.
    TabClosed,
    /// The service could not be reached (the device offline, say) when its time was up.
    Offline,
    /// Its environment was signed out (here or in another tab) before it was sent.
    SignedOut,
    /// The device's record no longer had it when it was due (cleared in another tab).
    Cleared,
}

/// What the manager asked for while a pet was held, which waits for them to say what becomes
/// of the pet first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The header menu's environment switch, to this one.
    Switch(Environment),
    /// Sign out of this environment.
    SignOut(Environment),
}

/// What storage keeps of a pet while it is held: found by the next visit if the page was
/// closed or reloaded.
#[derive(Serialize, Deserialize)]
struct Marker {
    env: Environment,
    name: String,
    /// The page that holds it (`holding.rs`); none in a marker of an older version.
    #[serde(default)]
    page: String,
}

/// The tab's held pet, if any, and what is said about one that was not sent.
#[derive(Clone, Copy)]
pub struct Hold {
    held: RwSignal<Option<Held>>,
    unsent: RwSignal<Option<(Environment, String, Unsent)>>,
    leaving: RwSignal<Option<Leave>>,
    // The time-up's timer and the leave warning, while a pet is held.
    timer: StoredValue<Option<clock::Wait>>,
    warning: StoredValue<Option<WindowListenerHandle>>,
    // The record the held pet is an entry of (this page's name is its).
    sent: SentPets,
    // The held pet sent last, while its line says what came of it: its environment, name and
    // entry.
    sent_line: RwSignal<Option<(Environment, String, String)>>,
    // Whether its line (with Undo, and room for a question) is on screen: its code is a lazy
    // part, and a question nobody can see would hold the pet for good.
    on_screen: StoredValue<bool>,
    // Whether its time ran out while a question waited: the answer decides, and staying
    // sends it (noted, not read from the clock, which may be set back meanwhile).
    due: StoredValue<bool>,
}

impl Hold {
    /// No pet held; one the last visit held when its tab closed is said (not one a tab this
    /// was duplicated from still holds: that tab sends it).
    pub(super) fn new(sent: SentPets) -> Hold {
        let cut_short = storage::get_json::<Marker>(storage::HELD_SLOT)
            .filter(|marker| !holding::believed(&marker.page));
        storage::remove(storage::HELD_SLOT);
        let hold = Hold {
            held: RwSignal::new(None),
            unsent: RwSignal::new(cut_short.map(|m| (m.env, m.name, Unsent::TabClosed))),
            leaving: RwSignal::new(None),
            timer: StoredValue::new(None),
            warning: StoredValue::new(None),
            sent,
            sent_line: RwSignal::new(None),
            on_screen: StoredValue::new(false),
            due: StoredValue::new(false),
        };
        // An app taken off its page (the browser tests' reload) sends nothing after it; its
        // marker stays, as a closed tab's would.
        on_cleanup(move || hold.stop());
        hold
    }

    /// Stops the timer and the leave warning, if running.
    fn stop(&self) {
        if let Some(timer) = self.timer.try_update_value(Option::take).flatten() {
            timer.clear();
        }
        if let Some(warning) = self.warning.try_update_value(Option::take).flatten() {
            warning.remove();
        }
    }

    /// The pet held, if any (tracked).
    pub fn held(&self) -> Option<Held> {
        self.held.get()
    }

    /// Whether a pet is held (tracked).
    pub fn is_held(&self) -> bool {
        self.held.with(Option::is_some)
    }

    /// Whether the held pet, if any, is for `env` (tracked).
    pub fn held_in(&self, env: Environment) -> bool {
        self.held.with(|h| h.as_ref().is_some_and(|h| h.env == env))
    }

    /// Whether anything is to be shown: a pet held, one not sent, or one sent whose line is
    /// still up (tracked).
    pub fn shown(&self) -> bool {
        self.is_held() || self.unsent.with(Option::is_some) || self.sent_line.with(Option::is_some)
    }

    /// Holds `held`, and calls `time_up` when its time is up (unless it was ended before).
    /// Until then the browser warns before the tab is closed or reloaded, and storage marks it,
    /// so the next visit can say it was not sent.
    pub fn start(&self, held: Held, time_up: impl FnOnce() + 'static) {
        self.end();
        let wait = Duration::from_millis((held.until_ms - clock::now()).max(0.0) as u64);
        let marker = Marker {
            env: held.env,
            name: held.name.clone(),
            page: self.sent.page(),
        };
        storage::set_json(storage::HELD_SLOT, &marker);
        self.unsent.set(None);
        self.sent_line.set(None);
        self.held.set(Some(held));
        self.timer.set_value(Some(clock::after(wait, time_up)));
        let warn = window_event_listener(ev::beforeunload, |ev| {
            ev.prevent_default();
            // Older browsers show the warning only when a value is returned.
            ev.set_return_value("held");
        });
        self.warning.set_value(Some(warn));
    }

    /// Ends the hold, sending nothing (the caller sends it, or not): the timer, the warning
    /// and the marker go, and a question about it is put away. Returns the pet that was held.
    pub fn end(&self) -> Option<Held> {
        self.stop();
        self.due.set_value(false);
        storage::remove(storage::HELD_SLOT);
        // The pet first: its line goes at once, rather than drawing its countdown again as the
        // question goes.
        let mut ended = None;
        self.held.maybe_update(|h| {
            ended = h.take();
            ended.is_some()
        });
        self.leaving.maybe_update(|l| l.take().is_some());
        ended
    }

    /// Ends the hold if its pet is for `env`, sending nothing (its entry is taken back), and
    /// says why.
    pub fn end_for(&self, env: Environment, why: Unsent) {
        if self
            .held
            .with_untracked(|h| h.as_ref().is_some_and(|h| h.env == env))
        {
            if let Some(held) = self.end() {
                self.sent.withdraw(env, &held.key);
                self.say_unsent(env, held.name, why);
            }
        }
    }

    /// Notes that the held pet named `name` was sent to `env` as entry `key`: a line says what
    /// comes of it, on whatever page the manager is, until it is dismissed.
    pub fn note_sent(&self, env: Environment, name: String, key: String) {
        self.sent_line.set(Some((env, name, key)));
    }

    /// The held pet sent last, while its line is shown: its environment, name and entry
    /// (tracked).
    pub fn sent_line(&self) -> Option<(Environment, String, String)> {
        self.sent_line.get()
    }

    /// Puts away the line about the held pet sent last (dismissed, or said elsewhere).
    pub fn dismiss_sent(&self) {
        self.sent_line.maybe_update(|l| l.take().is_some());
    }

    /// Notes whether the held pet's line is on screen (its component, as it is drawn and
    /// taken away).
    pub fn note_on_screen(&self, shown: bool) {
        let _ = self.on_screen.try_set_value(shown);
    }

    /// Says that the pet named `name` was not added to `env`, and why.
    pub fn say_unsent(&self, env: Environment, name: String, why: Unsent) {
        self.unsent.set(Some((env, name, why)));
    }

    /// The pet not sent and why, if any is to be said (tracked).
    pub fn unsent(&self) -> Option<(Environment, String, Unsent)> {
        self.unsent.get()
    }

    /// Puts away what is said of a pet not sent.
    pub fn dismiss(&self) {
        self.unsent.set(None);
    }

    /// Asks what becomes of the held pet before `leave` is done; returns whether there is one
    /// to ask about (if not, the caller goes on at once).
    pub fn ask_before(&self, leave: Leave) -> bool {
        // Only where the question can be seen (the held line's code came), and a sign-out
        // only about a pet of the environment it signs out.
        let concerned = self.held.with_untracked(|h| match (h, leave) {
            (Some(held), Leave::SignOut(env)) => held.env == env,
            (held, _) => held.is_some(),
        });
        let ask = concerned && self.on_screen.get_value();
        if ask {
            self.leaving.set(Some(leave));
        }
        ask
    }

    /// Notes that the held pet's time ran out while a question waited.
    pub(super) fn note_due(&self) {
        self.due.set_value(true);
    }

    /// Whether the held pet's time ran out while a question waited (then staying sends it).
    pub(super) fn due(&self) -> bool {
        self.due.get_value()
    }

    /// Puts the question away, leaving where the manager is; the pet stays held.
    pub(super) fn put_away(&self) {
        self.leaving.set(None);
    }

    /// What waits for the manager's answer about the held pet, if anything (tracked).
    pub fn leaving(&self) -> Option<Leave> {
        self.leaving.get()
    }

    /// Whether a question about the held pet waits for the manager's answer (untracked; none
    /// once the app is taken down).
    pub fn asking(&self) -> bool {
        self.leaving
            .try_with_untracked(Option::is_some)
            .unwrap_or(false)
    }

    /// Forgets the held pet and what is said, sending nothing (Sign out everywhere, here or in
    /// another tab, and the idle sign-out).
    pub(super) fn forget(&self) {
        self.end();
        self.unsent.set(None);
        self.sent_line.set(None);
    }
}

/// The tab's held pet. Call from a component.
///
/// # Panics
/// Outside the app root's component tree (a programming error).
pub fn use_hold() -> Hold {
    use_context::<Hold>().expect("the hold is provided by the app root")
}
