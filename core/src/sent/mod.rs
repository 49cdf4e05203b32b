//! The record of every pet this device sent, or is about to send, to one environment: the one
//! authority on "is this pet already on its way, or there?". Every path that sends a pet (the
//! add form and its hold, an import, a copy, any later one) notes the pet here when it is held
//! or queued, moves it to sending just before the request leaves, settles it with the answer,
//! and asks here before it sends anything. The service can never remove a pet, so a pet that
//! is held, queued, on its way, created or perhaps created is never sent again without the
//! manager's yes. The form's outcome, an import's rows and a copy's rows are views of these
//! entries (`runs.rs`), never copies of them.
//!
//! An entry that a page holds, queues or sends belongs to that page until it is settled; a
//! page that went away (its word no longer believed, see [`Pages`]) sends nothing more: what it
//! held or queued was never sent, and what it was sending may exist.

mod runs;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::{Environment, NewPet, Pet};

pub use runs::{fingerprint, fnv1a, run_outcomes, Ledger, Progress, RowOutcome};

/// The oldest settled entries are forgotten beyond this many per environment: twice the rows
/// of the largest import.
pub const KEPT: usize = 2 * crate::MAX_ROWS;

/// An entry noted within this long (a day) is never forgotten, however many there are: a run
/// of today stands on its entries.
pub const KEPT_FOR_MS: u64 = 24 * 60 * 60 * 1000;

/// What sent (or is about to send) a pet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Origin {
    /// The add form: Add pet, Add and add another, Add one like this, Send now.
    Form,
    /// Row `row` (counted from 0) of the import whose rows have the fingerprint `run`.
    Import {
        /// The rows' fingerprint: the same rows pasted again are the same run.
        run: String,
        /// The row's place among them.
        row: usize,
    },
    /// Row `row` of the copy `run`: pet `id` of `from`.
    Copy {
        /// The copy's fingerprint (where from, the pets and their ids).
        run: String,
        /// The row's place in the copy.
        row: usize,
        /// Where the pet was copied from.
        from: Environment,
        /// Its id there.
        id: i64,
    },
}

impl Origin {
    /// The run and row of an import or a copy.
    pub fn run(&self) -> Option<(&str, usize)> {
        match self {
            Origin::Form => None,
            Origin::Import { run, row } | Origin::Copy { run, row, .. } => Some((run, *row)),
        }
    }
}

/// Where an entry stands, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum State {
    /// Held by its page for a moment before it is sent (the add form's Undo).
    Held {
        /// When its page sends it, in ms since the epoch.
        until_ms: u64,
    },
    /// Waiting in its page's run for its turn.
    Queued,
    /// Sent by its page; no answer yet.
    Sending,
    /// Created, with the id the service gave it.
    Created {
        /// Its id.
        id: i64,
    },
    /// Refused by the service: not created (sending it again is no duplicate).
    Refused {
        /// The service's reason.
        message: String,
    },
    /// Sent without a usable answer: it may exist.
    Unknown {
        /// What happened, as the app said it; `None` when the page that sent it went away
        /// before the answer.
        #[serde(default)]
        message: Option<String>,
    },
}

/// One pet of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// Names this entry for good (its page's name and a count).
    pub key: String,
    /// The pet, as it is (or was) sent.
    pub pet: NewPet,
    /// What sends it.
    pub origin: Origin,
    /// Where it stands, as written.
    pub state: State,
    /// The page that noted it, which alone sends it.
    pub page: String,
    /// When it was noted (held or queued), in ms since the epoch.
    pub noted_ms: u64,
    /// When it was sent, if it was.
    #[serde(default)]
    pub sent_ms: Option<u64>,
}

/// The pages of the app on this device that are still there (their word believed), and which
/// one is this.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pages {
    /// This page.
    pub here: String,
    /// The other pages believed to be there.
    pub others: Vec<String>,
}

impl Pages {
    /// Whether `page` is this page or one believed to be there.
    pub fn alive(&self, page: &str) -> bool {
        page == self.here || self.others.iter().any(|p| p == page)
    }
}

/// Where an entry stands now: as written, with its page's absence taken into account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Held by a page that is there (`here`: this one).
    Held {
        /// Whether this page holds it.
        here: bool,
        /// When it is sent.
        until_ms: u64,
    },
    /// Queued by a page that is there.
    Queued {
        /// Whether this page queued it.
        here: bool,
    },
    /// On its way, sent by a page that is there.
    Sending {
        /// Whether this page sent it.
        here: bool,
    },
    /// Created.
    Created {
        /// Its id.
        id: i64,
    },
    /// Refused: not created.
    Refused {
        /// The service's reason.
        message: String,
    },
    /// It may exist: sent without a usable answer, or by a page that went before it came.
    Unknown {
        /// What happened; `None` when the page went away.
        message: Option<String>,
    },
    /// Never sent: held or queued by a page that went away.
    Dropped,
}

impl Standing {
    /// Whether a pet equal to this one must not be sent without asking: it is about to be
    /// sent, on its way, created, or perhaps created.
    pub fn counts(&self) -> bool {
        !matches!(self, Standing::Refused { .. } | Standing::Dropped)
    }

    /// Whether a page is still to do something with it (hold, queue or send).
    pub fn live(&self) -> bool {
        matches!(
            self,
            Standing::Held { .. } | Standing::Queued { .. } | Standing::Sending { .. }
        )
    }
}

impl Entry {
    /// A new entry for `pet` from `origin`, noted by `page` at `now_ms` in `state` (held or
    /// queued).
    pub fn new(
        key: String,
        pet: NewPet,
        origin: Origin,
        state: State,
        page: &str,
        now_ms: u64,
    ) -> Entry {
        Entry {
            key,
            pet,
            origin,
            state,
            page: page.to_owned(),
            noted_ms: now_ms,
            sent_ms: None,
        }
    }

    /// Where this entry stands now, `pages` being the pages still there.
    pub fn standing(&self, pages: &Pages) -> Standing {
        let here = self.page == pages.here;
        let alive = pages.alive(&self.page);
        match &self.state {
            State::Held { until_ms } if alive => Standing::Held {
                here,
                until_ms: *until_ms,
            },
            State::Queued if alive => Standing::Queued { here },
            State::Sending if alive => Standing::Sending { here },
            State::Held { .. } | State::Queued => Standing::Dropped,
            State::Sending => Standing::Unknown { message: None },
            State::Created { id } => Standing::Created { id: *id },
            State::Refused { message } => Standing::Refused {
                message: message.clone(),
            },
            State::Unknown { message } => Standing::Unknown {
                message: message.clone(),
            },
        }
    }

    /// Whether sending `pet` would store a pet equal to this one: the same name, category and
    /// status (the app sends names trimmed and categories as numbers, as the service keeps
    /// them).
    pub fn same_as(&self, pet: &NewPet) -> bool {
        self.pet == *pet
    }
}

/// What came of a request that was sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Created, with this id.
    Created(i64),
    /// Refused by the service, with its reason.
    Refused(String),
    /// No usable answer: it may exist (what happened, in the app's words).
    Unknown(String),
    /// Not sent after all (no key, a refused key, offline): it was never created.
    NotSent,
}

/// Notes `entry` (held or queued), forgetting the oldest settled entries beyond [`KEPT`] that
/// are older than [`KEPT_FOR_MS`].
pub fn note(record: &mut Vec<Entry>, entry: Entry) {
    let now = entry.noted_ms;
    record.push(entry);
    let mut over = record.len().saturating_sub(KEPT);
    // Only old settled entries are forgotten: a live one still has a page acting on it, and a
    // recent one may be what a run stands on.
    record.retain(|e| {
        let settled = !matches!(e.state, State::Held { .. } | State::Queued | State::Sending);
        let old = now.saturating_sub(e.noted_ms) > KEPT_FOR_MS;
        let drop = over > 0 && settled && old;
        over -= usize::from(drop);
        !drop
    });
}

/// Moves entry `key`, held or queued by `page`, to sending at `now_ms`. Answers whether it
/// may be sent: not when it is gone (taken back, swept, or the record was emptied), belongs
/// to another page, or is already past that.
pub fn start_sending(record: &mut [Entry], key: &str, page: &str, now_ms: u64) -> bool {
    let Some(entry) = record.iter_mut().find(|e| e.key == key) else {
        return false;
    };
    if entry.page != page || !matches!(entry.state, State::Held { .. } | State::Queued) {
        return false;
    }
    entry.state = State::Sending;
    entry.sent_ms = Some(now_ms);
    true
}

/// Settles entry `key` with what came of sending it; answers whether `record` changed. Only
/// its sender settles it, so the answer stands over whatever is written (an unknown a page
/// wrote while the sender seemed gone, or a state another tab's write took back to queued);
/// a created pet always wins; a pet not sent after all goes from the record.
pub fn settle(record: &mut Vec<Entry>, key: &str, answer: Answer) -> bool {
    let Some(at) = record.iter().position(|e| e.key == key) else {
        return false;
    };
    let open = !matches!(
        record[at].state,
        State::Created { .. } | State::Refused { .. } | State::Unknown { message: Some(_) }
    );
    match answer {
        Answer::Created(id) => record[at].state = State::Created { id },
        _ if !open => return false,
        Answer::Refused(message) => record[at].state = State::Refused { message },
        Answer::Unknown(message) => {
            record[at].state = State::Unknown {
                message: Some(message),
            }
        }
        Answer::NotSent => {
            record.remove(at);
        }
    }
    true
}

/// Takes back entry `key` if it is still only held or queued (Undo, a pause, a cancel):
/// nothing was sent. Answers whether it was.
pub fn withdraw(record: &mut Vec<Entry>, key: &str) -> bool {
    let before = record.len();
    record.retain(|e| e.key != key || !matches!(e.state, State::Held { .. } | State::Queued));
    record.len() != before
}

/// Writes down what the pages that went away left: what they held or queued goes (it was
/// never sent), what they were sending may exist. Answers whether anything changed.
pub fn sweep(record: &mut Vec<Entry>, pages: &Pages) -> bool {
    let mut changed = false;
    record.retain_mut(|e| match e.standing(pages) {
        Standing::Dropped => {
            changed = true;
            false
        }
        Standing::Unknown { message: None } if e.state == State::Sending => {
            e.state = State::Unknown { message: None };
            changed = true;
            true
        }
        _ => true,
    });
    changed
}

/// The newest entry of `record` equal to `pet` that is about to be sent, on its way, created
/// or perhaps created: the manager is asked before another is sent.
pub fn earlier_equal<'a>(record: &'a [Entry], pet: &NewPet, pages: &Pages) -> Option<&'a Entry> {
    record
        .iter()
        .rev()
        .find(|e| e.same_as(pet) && e.standing(pages).counts())
}

/// The pets of `record` that were created, newest first.
pub fn created(record: &[Entry]) -> impl Iterator<Item = (Pet, &Entry)> {
    record.iter().rev().filter_map(|e| match e.state {
        State::Created { id } => Some((
            Pet {
                id,
                name: e.pet.name.clone(),
                category_id: e.pet.category_id,
                status: e.pet.status.clone(),
            },
            e,
        )),
        _ => None,
    })
}

/// The newest pet of `pets` equal to `pet` (the same name, category and status) that is not
/// one of `taken`: where a pet sent without a usable answer is looked for in what the service
/// lists.
pub fn newest_equal<'a>(pets: &'a [Pet], pet: &NewPet, taken: &[i64]) -> Option<&'a Pet> {
    pets.iter()
        .filter(|p| !taken.contains(&p.id))
        .filter(|p| {
            p.name == pet.name && p.category_id == pet.category_id && p.status == pet.status
        })
        .max_by_key(|p| p.id)
}

/// Whether a run (an import or a copy) of this environment is sending now, here or in another
/// page: its rows are queued or on their way.
pub fn run_sending(record: &[Entry], pages: &Pages) -> bool {
    record.iter().any(|e| {
        e.origin.run().is_some()
            && matches!(
                e.standing(pages),
                Standing::Queued { .. } | Standing::Sending { .. }
            )
    })
}
