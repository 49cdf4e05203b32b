//! The add form's create: an action of the whole app (`Action::new_local`), not of the form, so
//! that leaving the form while a create is on its way and coming back shows it (and offers no
//! second create of the same pet). The pet is an entry of the record of sent pets (`sent.rs`)
//! from the moment it is held or queued until its answer settles it; the form's view of it is
//! marked in this tab's storage while unanswered, so that a reload in the meantime can say the
//! outcome is unknown.

use std::future::Future;

use serde::{Deserialize, Serialize};

use leptos::prelude::*;

use super::sent::Sending;
use super::{CallError, Held, Session, Unsent};
use crate::api::{NewPet, Pet};
use crate::clock;
use crate::config::Environment;
use crate::input::Draft;
use crate::storage;
use petstore_core::sent::{Origin, State};

/// Where a create stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CreateState {
    /// Sent; no answer yet.
    Pending,
    /// Sent before the tab was reloaded: its answer was never read.
    Interrupted,
    /// Created, with the id the service gave it.
    Created(Pet),
    /// No pet was created, or none is known to have been (see [`crate::api::ApiError::outcome_unknown`]).
    Failed(CallError),
}

/// One create: the environment it went to, the draft it was made from, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreateRecord {
    /// Which submit of this tab it was (0 for one found after a reload).
    pub id: u64,
    /// The environment the create was sent to.
    pub env: Environment,
    /// The form as it was when Add was pressed.
    pub draft: Draft,
    /// Where it stands.
    pub state: CreateState,
}

/// One create as dispatched.
#[derive(Clone, Debug)]
struct Submit {
    id: u64,
    env: Environment,
    draft: Draft,
    pet: NewPet,
    // The tab's count of "sign out everywhere"s when it was sent: the create of a tab since
    // emptied is shown no more.
    generation: u32,
    // Its entry in the record of sent pets.
    key: String,
}

/// What storage keeps of an unanswered create.
#[derive(Serialize, Deserialize)]
struct InFlight {
    env: String,
    draft: Draft,
}

/// The create that was unanswered when this tab was last closed or reloaded, if any.
fn interrupted_from_storage() -> Option<CreateRecord> {
    let found: InFlight = storage::get_json(storage::CREATE_SLOT)?;
    Some(CreateRecord {
        id: 0,
        env: Environment::parse(&found.env)?,
        draft: found.draft,
        state: CreateState::Interrupted,
    })
}

/// The add form's creates: one action for the whole app, and the create a reload interrupted.
/// Sign out everywhere leaves them in place: what was sent before it is shown no more (each
/// create carries the tab's generation), and its answer writes nothing to the emptied tab.
#[derive(Clone, Copy)]
pub struct Creates {
    action: Action<(Submit, Sending), ()>,
    // The tab's latest create and, once it came, its answer. The action's own input and value
    // follow every dispatch and every answer, but after Sign out everywhere two creates can be
    // on their way, and the older one may answer last.
    latest: RwSignal<Option<Latest>>,
    interrupted: StoredValue<Option<CreateRecord>>,
    // The create held for `undoSeconds` before it is sent, if any (its hold is `session.hold`).
    held: StoredValue<Option<Submit>>,
    submits: StoredValue<u64>,
    session: Session,
}

/// The tab's latest create, and its answer once it came.
#[derive(Clone, Debug)]
struct Latest {
    submit: Submit,
    answer: Option<Result<Pet, CallError>>,
}

/// Where the session keeps the [`Creates`], made by the first page that asks for them.
#[derive(Clone, Copy)]
pub(super) struct CreatesSlot {
    made: StoredValue<Option<Creates>>,
    app: StoredValue<Owner>,
}

impl CreatesSlot {
    /// Room for the creates, under the current owner (the app root's), so that they outlive
    /// every page.
    pub(super) fn new() -> CreatesSlot {
        let app = Owner::current().expect("the session is made under the app root");
        CreatesSlot {
            made: StoredValue::new(None),
            app: StoredValue::new(app),
        }
    }
}

/// The add form's creates, made under the app root's owner the first time a page asks for
/// them: their code (the action, sending, the tab's record of created pets, reading the
/// interrupted create) is then the asking page's, out of the first screen
/// (`docs/benchmark.md`).
///
/// # Panics
/// Outside the app root's component tree (a programming error). Call it while a component is
/// built.
pub fn use_creates() -> Creates {
    let session = super::use_session();
    let slot = session.creates;
    if let Some(creates) = slot.made.get_value() {
        return creates;
    }
    let creates = slot.app.with_value(|app| {
        app.with(|| {
            let latest = RwSignal::new(None);
            Creates {
                action: Action::new_local(move |(submit, sending): &(Submit, Sending)| {
                    create(session, latest, submit, sending)
                }),
                latest,
                interrupted: StoredValue::new(interrupted_from_storage()),
                held: StoredValue::new(None),
                submits: StoredValue::new(0),
                session,
            }
        })
    });
    slot.made.set_value(Some(creates));
    creates
}

/// Sends one create (the record settles its entry with the answer) and writes down what
/// became of it.
fn create(
    session: Session,
    latest: RwSignal<Option<Latest>>,
    submit: &Submit,
    sending: &Sending,
) -> impl Future<Output = ()> {
    let submit = submit.clone();
    let env = submit.env;
    let sent = untrack(|| session.send_pet(sending.clone(), submit.pet.clone(), None));
    async move {
        let result = sent.await;
        // After Sign out everywhere the tab's storage belongs to the next person: their
        // draft and marks stay as they are.
        if session.generation.try_get_untracked() == Some(submit.generation) {
            storage::remove(storage::CREATE_SLOT);
            if result.is_ok() {
                // The draft kept for `env` goes with the pet it described, but not one written
                // since (the next pet's, or one opened by "Add one like this").
                if storage::kept_draft(env).is_some_and(|k| k.draft == submit.draft) {
                    storage::forget_draft(env);
                }
                session.read_again_now(env);
            }
        }
        // Only the tab's latest create is shown: an older one answering late says nothing.
        latest.maybe_update(|latest| match latest {
            Some(shown) if shown.submit.id == submit.id => {
                shown.answer = Some(result);
                true
            }
            _ => false,
        });
    }
}

impl Creates {
    /// The last create sent to `env` in this tab, if any (tracked).
    pub fn last(&self, env: Environment) -> Option<CreateRecord> {
        let generation = self.session.generation();
        match self.latest.get() {
            // The latest create, whichever environment it went to, unless the tab was emptied
            // since.
            Some(Latest { submit, answer }) => {
                if submit.env != env || submit.generation != generation {
                    return None;
                }
                Some(CreateRecord {
                    id: submit.id,
                    env: submit.env,
                    draft: submit.draft,
                    state: match answer {
                        None => CreateState::Pending,
                        Some(Ok(pet)) => CreateState::Created(pet),
                        Some(Err(e)) => CreateState::Failed(e),
                    },
                })
            }
            // Found after a reload, until the tab is emptied or a create is sent.
            None => self
                .interrupted
                .get_value()
                .filter(|r| r.env == env && generation == 0),
        }
    }

    /// Whether a create sent since the tab was last emptied is on its way (tracked): no other
    /// is sent meanwhile.
    pub fn pending(&self) -> bool {
        let generation = self.session.generation();
        self.latest.with(|latest| {
            latest
                .as_ref()
                .is_some_and(|l| l.answer.is_none() && l.submit.generation == generation)
        })
    }

    /// Sends `pet`, made from `draft`, to `env`, noted in the record of sent pets until the
    /// answer settles it; the draft is forgotten once it is created. Where the configuration
    /// holds adds (`undoSeconds`), it is held first, and sent when the time is up or on
    /// [`Creates::send_now`]. The caller asked the record first (see `SentPets::earlier_equal`).
    /// Returns the create's id, or `None` (nothing sent nor held) while another create is
    /// held or on its way, or when the record would not have it sent.
    pub fn send(&self, env: Environment, draft: Draft, pet: NewPet) -> Option<u64> {
        if untrack(|| self.pending() || self.session.hold.is_held()) {
            return None;
        }
        self.submits.update_value(|n| *n += 1);
        let id = self.submits.get_value();
        let undo_ms = self.session.undo_ms();
        let until_ms = clock::now() + undo_ms.unwrap_or_default();
        let state = match undo_ms {
            Some(_) => State::Held {
                until_ms: until_ms as u64,
            },
            None => State::Queued,
        };
        let key = self
            .session
            .sent
            .note(env, pet.clone(), Origin::Form, state);
        let submit = Submit {
            id,
            env,
            draft,
            pet,
            generation: self.session.generation.get_untracked(),
            key: key.clone(),
        };
        let Some(for_ms) = undo_ms else {
            return self.dispatch(submit).then_some(id);
        };
        let held = Held {
            env,
            name: submit.pet.name.clone(),
            until_ms,
            for_ms,
            key,
        };
        self.held.set_value(Some(submit));
        let creates = *self;
        self.session.hold.start(held, move || creates.time_up());
        Some(id)
    }

    /// The held create's time is up: it is sent, unless the manager is being asked what
    /// becomes of it (their answer decides).
    fn time_up(&self) {
        if self.session.hold.asking() {
            self.session.hold.note_due();
        } else {
            self.send_now();
        }
    }

    /// Sends the held create now; offline, it is not sent and the page says so (its draft
    /// stays). Once sent, a line says what comes of it on whatever page the manager is.
    pub fn send_now(&self) {
        let Some(held) = self.session.hold.end() else {
            return;
        };
        let Some(submit) = self.held.try_update_value(Option::take).flatten() else {
            return;
        };
        if untrack(|| self.session.read_only(submit.env)) {
            self.session.sent.withdraw(submit.env, &submit.key);
            self.session
                .hold
                .say_unsent(submit.env, held.name, Unsent::Offline);
            return;
        }
        if self.dispatch(submit.clone()) {
            self.session
                .hold
                .note_sent(submit.env, held.name, submit.key);
        } else {
            self.session
                .hold
                .say_unsent(submit.env, held.name, Unsent::Cleared);
        }
    }

    /// Answers the question about the held create by staying: the environment switch or the
    /// sign-out that asked is not done, and the create stays held, or is sent now if its time
    /// ran out while the question waited.
    pub fn stay(&self) {
        if self.session.hold.due() {
            self.send_now();
        } else {
            self.session.hold.put_away();
        }
    }

    /// Takes the held create back: nothing is sent (its entry goes), and its draft stays as
    /// it was typed.
    pub fn undo(&self) {
        if let Some(held) = self.session.hold.end() {
            self.session.sent.withdraw(held.env, &held.key);
        }
        self.held.set_value(None);
    }

    /// Sends `submit` at once, if the record still has it to send (Sign out everywhere in
    /// another tab may have emptied it meanwhile); answers whether it was sent.
    fn dispatch(&self, submit: Submit) -> bool {
        let Some(sending) = self.session.sent.start_sending(submit.env, &submit.key) else {
            return false;
        };
        let marker = InFlight {
            env: submit.env.as_str().to_owned(),
            draft: submit.draft.clone(),
        };
        storage::set_json(storage::CREATE_SLOT, &marker);
        // The create a reload interrupted gives way to this one.
        self.interrupted.set_value(None);
        self.latest.set(Some(Latest {
            submit: submit.clone(),
            answer: None,
        }));
        self.action.dispatch_local((submit, sending));
        true
    }
}
