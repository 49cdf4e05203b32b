//! The add form's create: an action of the whole app (`Action::new_local`), not of the form, so
//! that leaving the form while a create is on its way and coming back shows it (and offers no
//! second create of the same pet). It is marked in this tab's storage while unanswered, so
//! that a reload in the meantime can say the outcome is unknown.

use std::future::Future;

use serde::{Deserialize, Serialize};

use leptos::prelude::*;

use super::created;
use super::{CallError, Session};
use crate::api::{NewPet, Pet};
use crate::config::Environment;
use crate::input::Draft;
use crate::storage;

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
    action: Action<Submit, (Submit, Result<Pet, CallError>)>,
    // The action's input (the create on its way) and value (the last answered), each read
    // once here: every read of the action's own makes a new signal.
    input: MappedSignal<Option<Submit>>,
    value: MappedSignal<Option<(Submit, Result<Pet, CallError>)>>,
    interrupted: StoredValue<Option<CreateRecord>>,
    submits: StoredValue<u64>,
    session: Session,
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
            let action = Action::new_local(move |submit: &Submit| create(session, submit));
            Creates {
                action,
                input: action.input(),
                value: action.value(),
                interrupted: StoredValue::new(interrupted_from_storage()),
                submits: StoredValue::new(0),
                session,
            }
        })
    });
    slot.made.set_value(Some(creates));
    creates
}

/// Sends one create and writes down what became of it.
fn create(
    session: Session,
    submit: &Submit,
) -> impl Future<Output = (Submit, Result<Pet, CallError>)> {
    let submit = submit.clone();
    let (env, pet) = (submit.env, submit.pet.clone());
    // Counted as a pet that may exist from now until its answer.
    let sent_at = created::note_sending(env, &pet);
    let sending = pet.clone();
    let sent = untrack(|| {
        session.call_detached(env, move |c| async move { c.create_pet(&sending).await })
    });
    async move {
        let result = sent.await;
        // After Sign out everywhere the tab's storage belongs to the next person: their
        // draft and marks stay as they are.
        if session.generation.try_get_untracked() == Some(submit.generation) {
            created::settle(env, &pet, sent_at, &result);
            storage::remove(storage::CREATE_SLOT);
            if result.is_ok() {
                storage::remove(&storage::draft_slot(env));
            }
        }
        (submit, result)
    }
}

impl Creates {
    /// The create on its way, if it was sent since the tab was last emptied (tracked).
    fn on_its_way(&self) -> Option<Submit> {
        let generation = self.session.generation();
        self.input.get().filter(|s| s.generation == generation)
    }

    /// The last create sent to `env` in this tab, if any (tracked).
    pub fn last(&self, env: Environment) -> Option<CreateRecord> {
        let generation = self.session.generation();
        let record = |s: Submit, state| CreateRecord {
            id: s.id,
            env: s.env,
            draft: s.draft,
            state,
        };
        // The create on its way is the last one, whichever environment it went to.
        if let Some(sent) = self.on_its_way() {
            return (sent.env == env).then(|| record(sent, CreateState::Pending));
        }
        match self.value.get() {
            Some((sent, result)) => {
                (sent.env == env && sent.generation == generation).then(|| match result {
                    Ok(pet) => record(sent, CreateState::Created(pet)),
                    Err(e) => record(sent, CreateState::Failed(e)),
                })
            }
            // Found after a reload, until the tab is emptied or a create is sent.
            None => self
                .interrupted
                .get_value()
                .filter(|r| r.env == env && generation == 0),
        }
    }

    /// Whether a create is on its way (tracked): no other is sent meanwhile.
    pub fn pending(&self) -> bool {
        self.on_its_way().is_some()
    }

    /// Sends `pet`, made from `draft`, to `env`, and records it until the answer comes; the
    /// draft is forgotten once it is created. Returns the create's id, or `None` (nothing
    /// sent) while another create is on its way.
    pub fn send(&self, env: Environment, draft: Draft, pet: NewPet) -> Option<u64> {
        if untrack(|| self.pending()) {
            return None;
        }
        let marker = InFlight {
            env: env.as_str().to_owned(),
            draft: draft.clone(),
        };
        storage::set_json(storage::CREATE_SLOT, &marker);
        // The create a reload interrupted gives way to this one.
        self.interrupted.set_value(None);
        self.submits.update_value(|n| *n += 1);
        let id = self.submits.get_value();
        let generation = self.session.generation.get_untracked();
        self.action.dispatch_local(Submit {
            id,
            env,
            draft,
            pet,
            generation,
        });
        Some(id)
    }
}
