//! A run of rows: sends the valid rows not yet in the ledger, at most two at a time, through
//! the session like every request, and records each outcome as it arrives. It pauses by
//! itself on a refused key (and goes on once a key is accepted), when the page is left, and
//! (an import) when the environment is switched; unknown outcomes are never re-sent by
//! themselves. The import page runs pasted rows; the compare page runs copies of chosen pets.

use petstore_core::Page;
use std::collections::BTreeSet;

use leptos::prelude::*;
use leptos_router::hooks::use_location;

use super::{ImportRow, Ledger, LedgerSlot, Outcome};
use crate::api::ApiError;
use crate::config::Environment;
use crate::i18n::{call_said, said};
use crate::input::plain_message;
use crate::session::{
    created, use_current_env, use_keys, use_session, ApiKeys, CallError, CurrentEnv, Session,
};

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

/// Where a run's rows come from, which also says the page it runs on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Rows pasted or read from a file, on the import page, in the run's environment.
    Import,
    /// Pets chosen on the compare page in `from`, with their ids there, row by row.
    Copy {
        /// Where the pets are.
        from: Environment,
        /// Each row's pet's id in `from`.
        ids: Vec<i64>,
    },
}

/// One run's rows, ledger and state; cheap to copy into closures.
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
    /// Rows already created before that the manager ticked to send again (tracked).
    pub again: RwSignal<BTreeSet<usize>>,
    /// Where the rows come from.
    pub origin: StoredValue<Origin>,
    in_flight: StoredValue<usize>,
    session: Session,
    current: CurrentEnv,
    keys: ApiKeys,
    path: Memo<String>,
    on_done: StoredValue<Option<Callback<()>>>,
}

impl Run {
    /// A run of `rows` from `origin` into `env`, resuming what `ledger` recorded. Call while
    /// the page is built: it watches the sign-in state, the environment and the address.
    pub fn new(env: Environment, rows: Vec<ImportRow>, ledger: Ledger, origin: Origin) -> Run {
        let location = use_location();
        let run = Run {
            env,
            rows: StoredValue::new(rows),
            ledger: RwSignal::new(ledger),
            state: RwSignal::new(RunState::Idle),
            again: RwSignal::new(BTreeSet::new()),
            origin: StoredValue::new(origin),
            in_flight: StoredValue::new(0),
            session: use_session(),
            current: use_current_env(),
            keys: use_keys(),
            path: Memo::new(move |_| location.pathname.get()),
            on_done: StoredValue::new(None),
        };
        // A reload or leaving the site aborts the creates on their way, and the page would
        // send the next row in the moment before it goes: nothing more is sent once it is
        // going.
        let leaving = window_event_listener_untyped("pagehide", move |_| {
            if run.state.try_get_untracked() == Some(RunState::Running) {
                run.set_state(RunState::Paused(Pause::Left));
            }
        });
        on_cleanup(move || leaving.remove());
        // Pauses and resumes that no button causes: the key, the environment, the address.
        Effect::new(move |_| {
            let signed_in = run.keys.has_key(run.env);
            let here = run.shown();
            match run.state.get() {
                RunState::Running if !here => run.set_state(RunState::Paused(Pause::Left)),
                RunState::Paused(Pause::SignIn) if signed_in && here => run.start(),
                _ => {}
            }
        });
        run
    }

    /// Calls `done` each time the run ends with every valid row answered.
    pub fn when_done(self, done: Callback<()>) -> Run {
        self.on_done.set_value(Some(done));
        self
    }

    /// Whether the run's page is shown, an import's in the run's environment (tracked): it
    /// sends only then.
    pub fn shown(&self) -> bool {
        let copy = self.origin.with_value(|o| matches!(o, Origin::Copy { .. }));
        if copy {
            self.path.with(|p| Page::Compare.is_at(p))
        } else {
            self.current.env() == self.env && self.path.with(|p| Page::Import.is_at(p))
        }
    }

    fn set_state(&self, state: RunState) {
        if self.state.try_get_untracked().is_some_and(|s| s != state) {
            self.state.set(state);
            if state == RunState::Done {
                if let Some(done) = self.on_done.try_get_value().flatten() {
                    done.run(());
                }
            }
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

    /// Makes the ticked already created rows sendable again (the manager was asked), and
    /// starts.
    pub fn send_again(&self) {
        let ticked = self.again.try_update(std::mem::take).unwrap_or_default();
        self.ledger.update(|l| {
            for i in ticked {
                if matches!(l.get(i), Some(Outcome::AlreadyCreated { .. })) {
                    l.set(i, None);
                }
            }
        });
        self.start();
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
            let from = run.origin.with_value(|o| match o {
                Origin::Import => None,
                Origin::Copy { from, ids } => ids.get(index).map(|id| (*from, *id)),
            });
            // Counted as a pet that may exist from now until its answer.
            let sent_at = created::note_sending(run.env, &pet);
            let pet_sent = pet.clone();
            let sent =
                untrack(|| {
                    run.session
                        .call_detached_from(run.env, from, move |c| async move {
                            c.create_pet(&pet).await
                        })
                });
            leptos::task::spawn_local(async move {
                let result = sent.await;
                created::settle(run.env, &pet_sent, sent_at, &result);
                run.finish(index, result, slot);
            });
        }
    }

    fn finish(&self, index: usize, result: Result<crate::api::Pet, CallError>, slot: LedgerSlot) {
        // The page may be gone (left, or switched to the other environment): a write to its
        // values then does nothing, and the outcome goes straight to storage, where the next
        // page finds it.
        self.in_flight.update_value(|n| *n = n.saturating_sub(1));
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
            Err(CallError::Api(e)) if e.outcome_unknown() => {
                Some(Outcome::Unknown { message: said(&e) })
            }
            Err(CallError::Api(ApiError::BadRequest(Some(body)))) => Some(Outcome::Refused {
                message: plain_message(&body.message),
            }),
            Err(e) => Some(Outcome::Refused {
                message: call_said(&e),
            }),
        };
        let kept = outcome.clone();
        if self.ledger.try_update(|l| l.set(index, kept)).is_none() {
            slot.record(index, outcome);
        }
        self.pump();
    }
}
