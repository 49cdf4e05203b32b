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

use std::time::Duration;

use leptos::prelude::*;

use super::offline::index;
use super::Session;
use crate::api::{Pet, PetStatus};
use crate::clock;
use crate::config::Environment;
use crate::split::{split, SplitLoaderError};
use petstore_core::{Changes, Tracker};

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
    // A refresh asked for but held back (by typing, after a return to view; or by a read on
    // its way that may have left before a pet this tab added): the age it needs.
    owed: Option<f64>,
    // The lists' changes, per environment, for the whole tab.
    trackers: [Tracker; 2],
    // What the trackers have not taken in yet, per environment (see `Session::track_list`).
    noted: [Vec<Noted>; 2],
    // The session's owner, for the watch (below) to end with it; and whether it has begun.
    pub(super) owner: Option<Owner>,
    watching: bool,
}

/// Something for a tracker to take in, noted on the first screen, whose code leaves the
/// tracker's own in the `live` chunk.
#[derive(Debug)]
enum Noted {
    /// A list read: its name, its rows, when.
    Read(String, Vec<Pet>, f64),
    /// A pet this tab created.
    Saw(Pet),
}

/// Counts one read on its way for as long as it lives (however it ends: answered, failed,
/// aborted or dropped), and notes when it settled.
pub(super) struct InFlight {
    clock: StoredValue<Clock>,
    env: Environment,
}

impl InFlight {
    pub(super) fn start(clock: StoredValue<Clock>, env: Environment) -> InFlight {
        clock.update_value(|c| c.in_flight += 1);
        InFlight { clock, env }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let env = self.env;
        self.clock.update_value(|c| {
            c.in_flight = c.in_flight.saturating_sub(1);
            c.settled_at[index(env)] = clock::now();
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
        self.clock.update_value(|c| c.typed_at = clock::now());
    }

    /// A read ended on a busy service that asked to wait `ms`: no refresh comes sooner.
    pub(super) fn note_busy(&self, ms: f64) {
        let until = clock::now() + ms;
        self.clock
            .update_value(|c| c.not_before = c.not_before.max(until));
    }

    /// Records `env`'s list `query` (read with `status`) answered with `pets` now, against the
    /// tab's earlier reads, and says what changed.
    ///
    /// The environment's first read has nothing earlier to differ from: it is only noted, and
    /// the tracker's code (the `live` chunk, fetched once the first screen is idle) takes it
    /// in at the next read. If that code cannot be downloaded, nothing is said to have
    /// changed, and the reads wait for the next try.
    pub async fn track_list(
        &self,
        env: Environment,
        query: String,
        status: Option<PetStatus>,
        pets: &[Pet],
    ) -> Changes {
        let now = clock::now();
        let first = self.clock.try_update_value(|c| {
            let i = index(env);
            let first = c.trackers[i].is_empty()
                && !c.noted[i].iter().any(|n| matches!(n, Noted::Read(..)));
            c.noted[i].push(Noted::Read(query, pets.to_vec(), now));
            first
        });
        match first {
            Some(false) => take_in(self.clock, env, status).await.unwrap_or_default(),
            _ => Changes::default(),
        }
    }

    /// Records a pet this tab created in `env`: it is no news to the lists.
    pub(super) fn track_created(&self, env: Environment, pet: &Pet) {
        self.clock
            .update_value(|c| c.noted[index(env)].push(Noted::Saw(pet.clone())));
    }

    /// Has the pages read again now if they show `env` and nothing holds it back: after this
    /// tab added a pet there (sent from the list, say, after its hold), the list shows it
    /// without waiting for the next refresh. A read on its way may have left before the pet
    /// was added: then the next read is owed, and the refresh timer (running once the `live`
    /// chunk is in) asks for it once that one settles.
    pub(super) fn read_again_now(&self, env: Environment) {
        if self.current.env_untracked() != env {
            return;
        }
        let on_its_way = self.clock.try_update_value(|c| {
            let busy = c.in_flight > 0;
            if busy {
                c.owed = Some(0.0);
            }
            busy
        });
        if on_its_way == Some(false) {
            self.pulse_if_due(0.0);
        }
    }

    /// Forgets what the lists of `envs` showed (a sign-out).
    pub(super) fn forget_tracked(&self, envs: &[Environment]) {
        self.clock.update_value(|c| {
            for env in envs {
                c.trackers[index(*env)] = Tracker::default();
                c.noted[index(*env)].clear();
            }
        });
    }

    /// Has the pages read again if the current environment's data is at least `age` ms old
    /// and nothing holds it back; a refresh held back by typing is owed until it ends.
    fn pulse_if_due(&self, age: f64) {
        let env = self.current.env_untracked();
        let now = clock::now();
        let usable = untrack(|| self.keys.has_key(env))
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

split! {
    // (Several split points share the `live` chunk: the list's age line and wider reads, the
    // stored activity log's parsing.)
    live, preload_live;
    /// Has `env`'s tracker take in what was noted, and says what the last list read noted
    /// changed (with the words for it, `status` being the list's filter).
    pub(crate) fn take_in(
        clock: StoredValue<Clock>,
        env: Environment,
        status: Option<PetStatus>,
    ) -> Result<Changes, SplitLoaderError> {
        let changes = clock.try_update_value(|c| {
            let i = index(env);
            let mut last = Changes::default();
            for noted in std::mem::take(&mut c.noted[i]) {
                match noted {
                    Noted::Read(query, pets, at) => last = c.trackers[i].read(&query, &pets, at),
                    Noted::Saw(pet) => c.trackers[i].saw(&pet),
                }
            }
            last
        });
        Ok(changes.map(|c| c.said(status.as_ref())).unwrap_or_default())
    }
}

split! {
    live, preload_watch;
    /// Begins following the tab's visibility and running the refresh timer, once the
    /// `live` chunk is here: called once the first screen is idle, and by the list's age
    /// line, whichever comes first (if the download fails, the next call tries again).
    pub(crate) fn start_watch(session: Session) -> Result<(), SplitLoaderError> {
        begin_watch(session);
        Ok(())
    }
}

/// Starts [`watch`] under the session's owner, unless it has begun, or the app is gone.
pub(crate) fn begin_watch(session: Session) {
    let owner = session.clock.try_update_value(|c| match c.watching {
        true => None,
        false => {
            c.watching = true;
            c.owner.clone()
        }
    });
    let refresh_ms = session.config.try_with_value(|c| c.refresh_ms());
    if let (Some(Some(owner)), Some(refresh_ms)) = (owner, refresh_ms) {
        owner.with(|| watch(session, refresh_ms));
    }
}

/// Follows the tab's visibility and runs the refresh timer, until the session's owner ends.
fn watch(session: Session, refresh_ms: Option<f64>) {
    let shown = window_event_listener_untyped("visibilitychange", move |_| {
        if !hidden() {
            session.pulse_if_due(VISIBLE_AGE_MS);
        }
    });
    // Fine enough for the timer and for a refresh owed to typing, cheap all day long.
    let step = refresh_ms.map_or(500.0, |ms| (ms / 4.0).clamp(50.0, 1000.0)) as u64;
    let timer = clock::every(Duration::from_millis(step), move || {
        let owed = session.clock.try_with_value(|c| c.owed).flatten();
        let age = match (refresh_ms, owed) {
            (Some(every), Some(owed)) => every.min(owed),
            (Some(every), None) => every,
            (None, Some(owed)) => owed,
            (None, None) => return,
        };
        session.pulse_if_due(age);
    });
    on_cleanup(move || {
        shown.remove();
        timer.clear();
    });
}
