//! The last create sent from the add form. It lives in the session, not the page, so that
//! leaving the form while a create is on its way and coming back shows it (and offers no
//! second create of the same pet); and it is marked in this tab's storage while unanswered, so
//! that a reload in the meantime can say the outcome is unknown.

use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use leptos::prelude::*;

use super::{CallError, Session};
use crate::api::{NewPet, Pet};
use crate::config::Environment;
use crate::import::created;
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

/// What storage keeps of an unanswered create.
#[derive(Serialize, Deserialize)]
struct InFlight {
    env: String,
    draft: Draft,
}

/// The create that was unanswered when this tab was last closed or reloaded, if any.
pub(super) fn interrupted_from_storage() -> Option<CreateRecord> {
    let text = storage::get(storage::CREATE_SLOT)?;
    let found: InFlight = serde_json::from_str(&text).ok()?;
    Some(CreateRecord {
        id: 0,
        env: Environment::parse(&found.env)?,
        draft: found.draft,
        state: CreateState::Interrupted,
    })
}

impl Session {
    /// The last create sent to `env` in this tab, if any (tracked).
    pub fn last_create(&self, env: Environment) -> Option<CreateRecord> {
        self.create.with(|c| c.clone().filter(|c| c.env == env))
    }

    /// Whether a create is on its way (tracked): no other is sent meanwhile.
    pub fn create_pending(&self) -> bool {
        self.create
            .with(|c| matches!(c, Some(r) if r.state == CreateState::Pending))
    }

    /// Sends `pet`, made from `draft`, to `env`, and records it until the answer comes. The
    /// create runs on its own, not as part of the page: it goes on if the page is left, and
    /// the draft is forgotten once it is created. Returns the record's id, or `None` (nothing
    /// sent) while another create is pending.
    pub fn create_pet(&self, env: Environment, draft: Draft, pet: NewPet) -> Option<u64> {
        let pending = self
            .create
            .with_untracked(|c| matches!(c, Some(r) if r.state == CreateState::Pending));
        if pending {
            return None;
        }
        // Unique in the tab even after "sign out everywhere" cleared the record, so a late
        // answer to a create sent before it never lands on a newer one.
        static SENT: AtomicU64 = AtomicU64::new(0);
        let id = SENT.fetch_add(1, Ordering::Relaxed) + 1;
        let marker = InFlight {
            env: env.as_str().to_owned(),
            draft: draft.clone(),
        };
        if let Ok(text) = serde_json::to_string(&marker) {
            storage::set(storage::CREATE_SLOT, &text);
        }
        self.create.set(Some(CreateRecord {
            id,
            env,
            draft,
            state: CreateState::Pending,
        }));
        // Counted as a pet that may exist from now until its answer.
        let sent_at = created::note_sending(env, &pet);
        let sending = pet.clone();
        let sent =
            untrack(|| self.call_detached(env, move |c| async move { c.create_pet(&pet).await }));
        let record = self.create;
        // A task of its own, holding no page's owner: the page may go while it runs.
        leptos::task::spawn_local(async move {
            let result = sent.await;
            created::settle(env, &sending, sent_at, &result);
            storage::remove(storage::CREATE_SLOT);
            if result.is_ok() {
                storage::remove(&storage::draft_slot(env));
            }
            let state = match result {
                Ok(pet) => CreateState::Created(pet),
                Err(e) => CreateState::Failed(e),
            };
            // try_: the app may be gone by the time the answer arrives.
            record.try_update(|c| match c {
                Some(r) if r.id == id => r.state = state,
                _ => {}
            });
        });
        Some(id)
    }
}
