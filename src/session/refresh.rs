//! Keeping what is on screen fresh, for a tablet left open all day: the pages that show live
//! data (the list, a pet's page) track [`Session::refreshes`], a count that goes up when their
//! data is due to be read again:
//! - every `refreshSeconds` (config.json) after the environment's last read, while visible;
//! - when the tab comes back into view, if that read is older than [`VISIBLE_AGE_MS`].
//!
//! It never goes up while the tab is hidden, while a read is on its way (so one list is never
//! read twice at once, and a busy service's wait is honoured), while offline (the offline
//! rules read again on their own), without a usable key (after a 401 nothing more is sent with
//! it), nor within [`TYPING_MS`] of a keystroke in a field that narrows the list: a due
//! refresh waits for it.

use gloo_timers::callback::Interval;
use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::offline::index;
use super::Session;
use crate::config::Environment;
use crate::live::{Changes, Tracker};

/// A tab brought back into view reads again if what it shows is older than this.
pub const VISIBLE_AGE_MS: f64 = 30_000.0;
/// A refresh waits until this long after the last keystroke in the search or limit field.
pub const TYPING_MS: f64 = 2_000.0;

/// When the environments were last read, what is on its way, and when the manager last typed.
#[derive(Debug, Default)]
pub(super) struct Clock {
    // Per environment: when its last read settled (ms since the epoch; 0 never).
    settled_at: [f64; 2],
    // Reads on their way, of any environment.
    in_flight: u32,
    typed_at: f64,
    // A busy service asked not to be asked before then (ms since the epoch).
    not_before: f64,
    // A refresh asked for (by a return to view) but held back by typing: the age it needs.
    owed: Option<f64>,
    // The lists' changes, per environment, for the whole tab.
    trackers: [Tracker; 2],
}

/// Counts one read on its way for as long as it lives (however it ends: answered, failed,
/// aborted or dropped), and notes when it settled.
pub(super) struct InFlight {
    clock: StoredValue<Clock>,
    env: Environment,
}

impl InFlight {
    pub(super) fn start(clock: StoredValue<Clock>, env: Environment) -> InFlight {
        clock.try_update_value(|c| c.in_flight += 1);
        InFlight { clock, env }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let env = self.env;
        self.clock.try_update_value(|c| {
            c.in_flight = c.in_flight.saturating_sub(1);
            c.settled_at[index(env)] = js_sys::Date::now();
        });
    }
}

/// Whether the tab is hidden (behind another tab, minimised, the screen off).
pub(super) fn hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.hidden())
}

impl Session {
    /// Read by the reads that keep themselves fresh (tracked): it goes up when their data is
    /// due to be read again.
    pub fn refreshes(&self) -> u32 {
        // try_: a read may run once more while the app is being taken down.
        self.refreshes.try_get().unwrap_or_default()
    }

    /// A keystroke in a field that narrows the list: a due refresh waits until the typing
    /// pauses.
    pub fn note_typing(&self) {
        self.clock
            .update_value(|c| c.typed_at = js_sys::Date::now());
    }

    /// A read ended on a busy service that asked to wait `ms`: no refresh comes sooner.
    pub(super) fn note_busy(&self, ms: f64) {
        let until = js_sys::Date::now() + ms;
        self.clock
            .try_update_value(|c| c.not_before = c.not_before.max(until));
    }

    /// Records `env`'s list `query` answered with `pets` now, against the tab's earlier reads.
    pub fn track_list(&self, env: Environment, query: &str, pets: &[crate::api::Pet]) -> Changes {
        let now = js_sys::Date::now();
        self.clock
            .try_update_value(|c| c.trackers[index(env)].read(query, pets, now))
            .unwrap_or_default()
    }

    /// Records a pet this tab created in `env`: it is no news to the lists.
    pub(super) fn track_created(&self, env: Environment, pet: &crate::api::Pet) {
        self.clock
            .try_update_value(|c| c.trackers[index(env)].saw(pet));
    }

    /// Forgets what the lists showed (sign out everywhere).
    pub(super) fn forget_tracked(&self) {
        self.clock.update_value(|c| c.trackers = Default::default());
    }

    /// Has the pages read again if the current environment's data is at least `age` ms old
    /// and nothing holds it back; a refresh held back by typing is owed until it ends.
    fn pulse_if_due(&self, age: f64) {
        let env = self.env.get_untracked();
        let now = js_sys::Date::now();
        let usable = untrack(|| self.has_key(env))
            && !self.connection.with_untracked(|c| c.read_only_now(env))
            && self.waiting.with_untracked(Option::is_none);
        if !usable || hidden() {
            return;
        }
        let due = self.clock.try_update_value(|c| {
            let old = now - c.settled_at[index(env)] >= age;
            if !old || c.in_flight > 0 || now < c.not_before {
                return false;
            }
            if now - c.typed_at < TYPING_MS {
                c.owed = Some(c.owed.map_or(age, |a| a.min(age)));
                return false;
            }
            c.owed = None;
            // The pulse counts as this read's start: nothing more is due until it settles.
            c.settled_at[index(env)] = now;
            true
        });
        if due == Some(true) {
            self.refreshes.update(|n| *n += 1);
        }
    }
}

/// Follows the tab's visibility and runs the refresh timer. Call once, where the session is
/// made.
pub(super) fn watch(session: Session, refresh_ms: Option<f64>) {
    let shown = window_event_listener_untyped("visibilitychange", move |_| {
        if !hidden() {
            session.pulse_if_due(VISIBLE_AGE_MS);
        }
    });
    // Fine enough for the timer and for a refresh owed to typing, cheap all day long.
    let step = refresh_ms.map_or(500.0, |ms| (ms / 4.0).clamp(50.0, 1000.0)) as u32;
    let timer = Interval::new(step, move || {
        let owed = session.clock.try_with_value(|c| c.owed).flatten();
        let age = match (refresh_ms, owed) {
            (Some(every), Some(owed)) => every.min(owed),
            (Some(every), None) => every,
            (None, Some(owed)) => owed,
            (None, None) => return,
        };
        session.pulse_if_due(age);
    });
    let timer = SendWrapper::new(timer);
    on_cleanup(move || {
        shown.remove();
        drop(timer);
    });
}
