//! A run of rows: queues the valid rows still to send in the record of sent pets, then sends
//! them, at most two at a time, through the session like every request; each answer settles
//! its row's entry. What the run shows of its rows is the record's (`ledger.rs`), so a second
//! panel, a page left and come back to, or another tab sees the same rows. It pauses by itself
//! on a refused key (and goes on once a key is accepted), when the page is left, and (an
//! import) when the environment is switched; its queued rows are then taken back. Unknown
//! outcomes are never sent again by themselves. The import page runs pasted rows; the compare
//! page runs copies of chosen pets.

use std::collections::BTreeSet;

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use petstore_core::sent::{self, State};
use petstore_core::{NewPet, Page};

use super::{ImportRow, Ledger, Outcome};
use crate::clock;
use crate::config::Environment;
use crate::session::{
    answer_of, use_current_env, use_keys, use_sent, use_session, ApiKeys, CallError, CurrentEnv,
    SentPets, Session,
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
    /// A create met a failing service (no usable answer, a 5xx, a 429): nothing more is sent
    /// until Resume.
    Failed {
        /// When, in ms since the epoch.
        at_ms: u64,
        /// When the service said it could be asked again, if it said.
        retry_at_ms: Option<u64>,
    },
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

/// What looking for the rows that may exist found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Looked {
    /// Rows whose pet is in the service's lists: marked created.
    pub found: usize,
    /// Rows whose pet is not there, in lists that hold every pet of its status.
    pub not_there: usize,
    /// Rows whose pet is not in lists that came back full: it may be past them.
    pub unchecked: usize,
}

/// One run's rows and state, its rows' outcomes read from the record; cheap to copy into
/// closures.
#[derive(Clone, Copy)]
pub struct Run {
    /// The environment the rows go to.
    pub env: Environment,
    /// The rows, as checked.
    pub rows: StoredValue<Vec<ImportRow>>,
    /// Its name in the record (the rows' fingerprint).
    pub name: StoredValue<String>,
    /// Where each row stands, as the record says (tracked by the page).
    pub ledger: Memo<Ledger>,
    /// Where the run stands in this panel (tracked by the page).
    pub state: RwSignal<RunState>,
    /// Rows left out as sent before that the manager ticked to send again (tracked).
    pub again: RwSignal<BTreeSet<usize>>,
    /// Where the rows come from.
    pub origin: StoredValue<Origin>,
    // The rows this run sent (and did not find unsent after all): never queued again by it,
    // whatever the record says of them (forgotten, emptied, or written over meanwhile).
    started: StoredValue<BTreeSet<usize>>,
    sent: SentPets,
    session: Session,
    current: CurrentEnv,
    keys: ApiKeys,
    path: Memo<String>,
    on_done: StoredValue<Option<Callback<()>>>,
}

impl Run {
    /// A run named `name` of `rows` from `origin` into `env`, its rows as the record has them.
    /// Call while the page is built: it watches the sign-in state, the environment and the
    /// address, and takes back what it queued when it goes.
    pub fn new(env: Environment, rows: Vec<ImportRow>, name: String, origin: Origin) -> Run {
        let location = use_location();
        let sent = use_sent();
        let rows = StoredValue::new(rows);
        let name = StoredValue::new(name);
        let ledger =
            Memo::new(move |_| name.with_value(|n| rows.with_value(|r| sent.ledger(env, n, r))));
        let run = Run {
            env,
            rows,
            name,
            ledger,
            state: RwSignal::new(RunState::Idle),
            again: RwSignal::new(BTreeSet::new()),
            origin: StoredValue::new(origin),
            started: StoredValue::new(BTreeSet::new()),
            sent,
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
        on_cleanup(move || {
            leaving.remove();
            // Its queued rows are no page's any more; what is on its way settles by itself.
            sent.withdraw_queued(env, &name.get_value());
        });
        // Pauses and resumes that no button causes: the key, the environment, the address.
        Effect::new(move |_| {
            let signed_in = run.keys.has_key(run.env);
            let here = run.shown();
            match run.state.get() {
                RunState::Running if !here => run.set_state(RunState::Paused(Pause::Left)),
                RunState::Paused(Pause::SignIn) if signed_in && here => run.resume(),
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
        if self.state.try_get_untracked().is_none_or(|s| s == state) {
            return;
        }
        self.state.set(state);
        // Stopped: nothing more is sent, and no other page need wait for its queued rows.
        if state != RunState::Running {
            self.sent.withdraw_queued(self.env, &self.name.get_value());
        }
        if state == RunState::Done {
            if let Some(done) = self.on_done.try_get_value().flatten() {
                done.run(());
            }
        }
    }

    /// Pauses (Pause), or stops (Cancel) the run: the rows on their way finish, nothing more
    /// is sent.
    pub fn stop(&self, state: RunState) {
        self.set_state(state);
    }

    /// Valid rows still to be sent (tracked).
    pub fn remaining(&self) -> usize {
        self.ledger
            .with(|ledger| self.rows.with_value(|rows| ledger.remaining(rows)))
    }

    /// Whether rows of this run are queued or on their way in another page (tracked): this one
    /// sends none of it meanwhile.
    pub fn elsewhere(&self) -> bool {
        self.ledger.with(|ledger| {
            ledger.rows().any(|(_, o)| {
                matches!(
                    o,
                    Outcome::Queued { here: false } | Outcome::Sending { here: false }
                )
            })
        })
    }

    /// Starts sending (Start): the rows still to send, and those the manager ticked to send
    /// again (asked first), are queued in the record first.
    pub fn start(&self) {
        if self.queue(true) {
            self.set_state(RunState::Running);
            self.pump();
        }
    }

    /// Goes on sending (Resume, or a key accepted again): the rows still to send are queued
    /// again; rows ticked meanwhile wait for Start and its question.
    pub fn resume(&self) {
        if self.queue(false) {
            self.set_state(RunState::Running);
            self.pump();
        }
    }

    /// Queues every row still to send (and, with `ticked`, the ones left out as sent before
    /// that the manager ticked) in the record, this page's; never a row this run sent. Answers
    /// whether it may go on (no other page is sending this run).
    fn queue(&self, ticked: bool) -> bool {
        if untrack(|| self.elsewhere()) {
            return false;
        }
        let again = match ticked {
            true => self.again.try_update(std::mem::take).unwrap_or_default(),
            false => BTreeSet::new(),
        };
        let started = self.started.get_value();
        let name = self.name.get_value();
        let from = self.origin.with_value(|o| match o {
            Origin::Copy { from, ids } => Some((*from, ids.clone())),
            Origin::Import => None,
        });
        let pets: Vec<_> = self.ledger.with_untracked(|ledger| {
            self.rows.with_value(|rows| {
                rows.iter()
                    .enumerate()
                    .filter(|(i, _)| !started.contains(i))
                    .filter(|(i, _)| match ledger.get(*i) {
                        None => true,
                        Some(Outcome::Before { .. }) => again.contains(i),
                        Some(_) => false,
                    })
                    .filter_map(|(i, row)| Some((i, row.checked.clone().ok()?)))
                    .collect()
            })
        });
        let noted = pets.into_iter().map(|(row, pet)| {
            let origin = match &from {
                None => sent::Origin::Import {
                    run: name.clone(),
                    row,
                },
                Some((from, ids)) => sent::Origin::Copy {
                    run: name.clone(),
                    row,
                    from: *from,
                    id: ids.get(row).copied().unwrap_or_default(),
                },
            };
            (pet, origin)
        });
        self.sent.note_all(self.env, noted.collect(), State::Queued);
        true
    }

    /// Sends this page's queued rows while running and fewer than two are on their way; ends
    /// the run when nothing is left.
    fn pump(&self) {
        let run = *self;
        // Each row is tried once a pass at most: an entry that cannot be sent (taken back
        // meanwhile) is given up rather than tried again in a loop.
        let tries = run.rows.with_value(Vec::len) + IN_FLIGHT + 2;
        for _ in 0..tries {
            if run.state.try_get_untracked() != Some(RunState::Running) {
                return;
            }
            if !untrack(|| run.shown()) {
                run.set_state(RunState::Paused(Pause::Environment));
                return;
            }
            let (in_flight, next) = run.ledger.with_untracked(|ledger| {
                let mine = |o: &Outcome| matches!(o, Outcome::Sending { here: true });
                let in_flight = ledger.rows().filter(|(_, o)| mine(o)).count();
                let next = ledger
                    .rows()
                    .find(|(_, o)| matches!(o, Outcome::Queued { here: true }))
                    .and_then(|(i, _)| Some((i, ledger.key(i)?.to_owned())));
                (in_flight, next)
            });
            if in_flight >= IN_FLIGHT {
                return;
            }
            let Some((index, key)) = next else {
                if in_flight == 0 {
                    // Rows whose queued entry another page swept (this one seemed gone) are
                    // queued again; otherwise the run is done.
                    if untrack(|| run.remaining()) > 0 && run.queue(false) {
                        continue;
                    }
                    run.set_state(RunState::Done);
                }
                return;
            };
            let Some(pet) = run.rows.with_value(|r| r.get(index)?.checked.clone().ok()) else {
                continue;
            };
            let Some(sending) = run.sent.start_sending(run.env, &key) else {
                run.sent.withdraw(run.env, &key);
                continue;
            };
            run.started.update_value(|s| {
                s.insert(index);
            });
            let from = run.origin.with_value(|o| match o {
                Origin::Import => None,
                Origin::Copy { from, ids } => ids.get(index).map(|id| (*from, *id)),
            });
            // The record settles the row's entry with the answer, page or no page.
            let call = untrack(|| run.session.send_pet(sending, pet, from));
            leptos::task::spawn_local(async move {
                let result = call.await;
                if answer_of(&result) == sent::Answer::NotSent {
                    // Never sent after all (no key, offline, a busy service): it waits.
                    let _ = run.started.try_update_value(|s| s.remove(&index));
                }
                run.finish(result);
            });
        }
    }

    /// An answer came: a refused key, the service out of reach or failing pause the run (the
    /// rows on their way finish, nothing new is sent); then the next row goes. Nothing, once
    /// the panel is gone.
    fn finish(&self, result: Result<crate::api::Pet, CallError>) {
        let Some(state) = self.state.try_get_untracked() else {
            return;
        };
        match result {
            Err(e) if e.needs_sign_in() => self.set_state(RunState::Paused(Pause::SignIn)),
            Err(CallError::Offline) => self.set_state(RunState::Paused(Pause::Offline)),
            // The first failure pauses it; a row on its way that fails after keeps that time.
            Err(CallError::Api(e)) if e.service_failing() && state == RunState::Running => {
                let at_ms = clock::now() as u64;
                let retry_at_ms = e.asked_to_wait().map(|w| at_ms + w.as_millis() as u64);
                self.set_state(RunState::Paused(Pause::Failed { at_ms, retry_at_ms }));
            }
            _ => {}
        }
        self.pump();
    }

    /// Looks for the pets of the rows that may exist in what the service lists (up to 100 of
    /// each status, as a search of a full list reads), before they are offered to be sent
    /// again: a row whose pet is there (the same name, category and status, not a pet the
    /// record already holds as created) is marked created with its id.
    pub async fn look_for_unknown(self) -> Result<Looked, CallError> {
        // What is looked for is read before the lists come: the panel may be gone by then.
        let (env, sent) = (self.env, self.sent);
        let unknown: Vec<(String, NewPet)> = untrack(|| {
            self.unknown()
                .into_iter()
                .filter_map(|(row, key)| {
                    let pet = self.rows.with_value(|r| r.get(row)?.checked.clone().ok())?;
                    Some((key, pet))
                })
                .collect()
        });
        let mut known: Vec<i64> = untrack(|| sent.created(env))
            .into_iter()
            .map(|(pet, _)| pet.id)
            .collect();
        let side = self
            .session
            .call(env, |client| async move { client.list_every(None).await })
            .await?;
        let mut looked = Looked::default();
        for (key, pet) in unknown {
            // The newest equal pet: the one most likely sent by this row.
            match sent::newest_equal(&side.pets, &pet, &known) {
                Some(found) => {
                    known.push(found.id);
                    sent.settle(env, &key, sent::Answer::Created(found.id));
                    looked.found += 1;
                }
                None if side.may_miss(pet.status.as_ref()) => looked.unchecked += 1,
                None => looked.not_there += 1,
            }
        }
        Ok(looked)
    }

    /// The rows ticked to be sent again that equal a pet sent before, each with that pet's
    /// entry, in order.
    pub fn before_ticked(&self) -> Vec<(usize, String)> {
        let ticked = self.again.get();
        self.ledger.with(|ledger| {
            ledger
                .rows()
                .filter(|(i, o)| ticked.contains(i) && matches!(o, Outcome::Before { .. }))
                .filter_map(|(i, _)| Some((i, ledger.key(i)?.to_owned())))
                .collect()
        })
    }

    /// The keys of the entries of the rows whose pets may exist (sent, no usable answer),
    /// with their rows, in order.
    pub fn unknown(&self) -> Vec<(usize, String)> {
        self.ledger.with(|ledger| {
            ledger
                .rows()
                .filter(|(_, o)| matches!(o, Outcome::Unknown { .. }))
                .filter_map(|(i, _)| Some((i, ledger.key(i)?.to_owned())))
                .collect()
        })
    }

    /// Makes the unknown rows `rows` (each with its entry) sendable again: the manager was
    /// asked, named them, and said yes. Their entries go from the record.
    pub fn forget_unknown(&self, rows: &[(usize, String)]) {
        let keys: Vec<String> = rows.iter().map(|(_, k)| k.clone()).collect();
        self.sent.forget_unknown(self.env, &keys);
        self.started
            .update_value(|started| started.retain(|r| !rows.iter().any(|(row, _)| row == r)));
    }
}
