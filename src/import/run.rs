//! The import page's run: sends the valid rows not yet in the ledger, at most two at a time,
//! through the session like every request, and records each outcome as it arrives. It pauses
//! by itself on a refused key (and goes on once a key is accepted), when the environment is
//! switched, and when the page is left; unknown outcomes are never re-sent by themselves.

use leptos::prelude::*;
use leptos_router::hooks::use_location;

use super::{ImportRow, Ledger, LedgerSlot, Outcome};
use crate::api::ApiError;
use crate::config::Environment;
use crate::input::plain_message;
use crate::session::{CallError, Session};

/// At most this many creates in flight at once.
const IN_FLIGHT: usize = 2;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Not started (or nothing left to send).
    Idle,
    /// Sending.
    Running,
    /// Stopped for a while, for this reason.
    Paused(Pause),
    /// Stopped by the user; Start goes on from where it stopped.
    Cancelled,
    /// Every valid row has an outcome.
    Done,
}

/// Why a run paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pause {
    /// The user pressed Pause.
    User,
    /// The key was refused: it goes on once a key is accepted.
    SignIn,
    /// The environment was switched away from the run's.
    Environment,
    /// The page was left.
    Left,
    /// The service went out of reach: nothing more is sent until Resume.
    Offline,
}

/// One import's rows, ledger and state; cheap to copy into closures.
#[derive(Clone, Copy)]
pub struct Run {
    /// The environment the rows go to.
    pub env: Environment,
    /// The rows, as checked.
    pub rows: StoredValue<Vec<ImportRow>>,
    /// What became of each row (tracked by the page).
    pub ledger: RwSignal<Ledger>,
    /// Where the run stands (tracked by the page).
    pub state: RwSignal<RunState>,
    in_flight: StoredValue<usize>,
    session: Session,
    path: Memo<String>,
}

impl Run {
    /// A run of `rows` into `env`, resuming what `ledger` recorded. Call while the page is
    /// built: it watches the sign-in state, the environment and the address.
    pub fn new(session: Session, env: Environment, rows: Vec<ImportRow>, ledger: Ledger) -> Run {
        let location = use_location();
        let run = Run {
            env,
            rows: StoredValue::new(rows),
            ledger: RwSignal::new(ledger),
            state: RwSignal::new(RunState::Idle),
            in_flight: StoredValue::new(0),
            session,
            path: Memo::new(move |_| location.pathname.get()),
        };
        // Pauses and resumes that no button causes: the key, the environment, the address.
        Effect::new(move |_| {
            let signed_in = !session.needs_sign_in();
            let here = run.shown();
            match run.state.get() {
                RunState::Running if !here => run.set_state(RunState::Paused(Pause::Left)),
                RunState::Paused(Pause::SignIn) if signed_in && here => run.start(),
                _ => {}
            }
        });
        run
    }

    /// Whether the import page is shown in the run's environment (tracked).
    fn shown(&self) -> bool {
        self.session.env() == self.env && self.path.with(|p| p.ends_with("/pets/import"))
    }

    fn set_state(&self, state: RunState) {
        if self.state.try_get_untracked().is_some_and(|s| s != state) {
            self.state.try_set(state);
        }
    }

    /// Valid rows that have no outcome yet (tracked).
    pub fn remaining(&self) -> usize {
        let ledger = self.ledger.read();
        self.rows.with_value(|rows| ledger.remaining(rows))
    }

    /// Starts or resumes sending.
    pub fn start(&self) {
        self.set_state(RunState::Running);
        self.pump();
    }

    /// Makes the unknown rows sendable again: the user checked they do not exist.
    pub fn forget_unknown(&self) {
        self.ledger.update(|l| {
            let unknown: Vec<usize> = (0..self.rows.with_value(Vec::len))
                .filter(|i| matches!(l.get(*i), Some(Outcome::Unknown { .. })))
                .collect();
            for i in unknown {
                l.set(i, None);
            }
        });
    }

    /// Sends rows while running and fewer than two are in flight; ends the run when nothing
    /// is left.
    fn pump(&self) {
        let run = *self;
        loop {
            if run.state.try_get_untracked() != Some(RunState::Running) {
                return;
            }
            if !untrack(|| run.shown()) {
                run.set_state(RunState::Paused(Pause::Environment));
                return;
            }
            if run.in_flight.get_value() >= IN_FLIGHT {
                return;
            }
            let next = run.rows.with_value(|rows| {
                run.ledger.with_untracked(|l| {
                    rows.iter()
                        .enumerate()
                        .find(|(i, r)| r.checked.is_ok() && l.get(*i).is_none())
                        .and_then(|(i, r)| Some((i, r.checked.clone().ok()?)))
                })
            });
            let Some((index, pet)) = next else {
                if run.in_flight.get_value() == 0 {
                    run.set_state(RunState::Done);
                }
                return;
            };
            run.ledger.update(|l| l.set(index, Some(Outcome::Sending)));
            let slot = run.ledger.with_untracked(Ledger::slot);
            run.in_flight.update_value(|n| *n += 1);
            let sent = untrack(|| {
                run.session
                    .call_detached(run.env, move |c| async move { c.create_pet(&pet).await })
            });
            leptos::task::spawn_local(async move {
                let result = sent.await;
                run.finish(index, result, slot);
            });
        }
    }

    fn finish(&self, index: usize, result: Result<crate::api::Pet, CallError>, slot: LedgerSlot) {
        // The page may be gone (left, or switched to the other environment): every touch is a
        // try_, and the outcome then goes straight to storage, where the next page finds it.
        self.in_flight
            .try_update_value(|n| *n = n.saturating_sub(1));
        let outcome = match result {
            Ok(pet) => Some(Outcome::Created { id: pet.id }),
            // A refused key created nothing: the row waits for the next key.
            Err(e) if e.needs_sign_in() => {
                self.set_state(RunState::Paused(Pause::SignIn));
                None
            }
            // Not sent: the row waits, as the others do.
            Err(CallError::Offline) => {
                self.set_state(RunState::Paused(Pause::Offline));
                None
            }
            Err(CallError::Api(e)) if e.outcome_unknown() => Some(Outcome::Unknown {
                message: e.to_string(),
            }),
            Err(CallError::Api(ApiError::BadRequest(Some(body)))) => Some(Outcome::Refused {
                message: plain_message(&body.message),
            }),
            Err(e) => Some(Outcome::Refused {
                message: e.to_string(),
            }),
        };
        let kept = outcome.clone();
        if self.ledger.try_update(|l| l.set(index, kept)).is_none() {
            slot.record(index, outcome);
        }
        self.pump();
    }
}
