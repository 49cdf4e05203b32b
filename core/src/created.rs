//! The record of the pets a tab sent to one environment (by the add form, an import or a
//! copy): created, with the id the service gave, or perhaps created (sent without a usable
//! answer). The service can never remove a pet, so before sending one again the app asks:
//! the add form before adding a pet equal to one added in the last hour, the import by
//! leaving out the rows equal to a pet already created. The app keeps the record in the tab's
//! storage; here it is a plain list.

use serde::{Deserialize, Serialize};

use crate::{CallError, NewPet, Pet, PetStatus};

/// The oldest pets are forgotten beyond this many per environment.
const KEPT: usize = 2000;

/// How long the add form asks before adding a pet equal to one it added (an hour).
pub const ASK_WITHIN_MS: u64 = 60 * 60 * 1000;

/// One pet a tab sent: created, or perhaps (no usable answer yet, or ever).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatedPet {
    /// The id the service gave it; `None` when no usable answer came (it may exist).
    pub id: Option<i64>,
    /// Its name, as the service stored it.
    pub name: String,
    /// Its category, as the service stored it.
    pub category_id: i64,
    /// Its status, as the service stored it.
    #[serde(default)]
    pub status: Option<PetStatus>,
    /// When it was sent, in milliseconds since the epoch.
    pub at_ms: u64,
}

impl CreatedPet {
    /// Whether sending `pet` would store a pet equal to this one: the same name, category and
    /// status (the app sends names trimmed and categories as numbers, as the service keeps
    /// them).
    pub fn same_as(&self, pet: &NewPet) -> bool {
        self.name == pet.name && self.category_id == pet.category_id && self.status == pet.status
    }
}

/// Adds `pet`, sent at `at_ms` and not answered yet, to `record` (a pet that may exist until
/// [`settle_sent`] says what came of it), forgetting the oldest beyond `KEPT`.
pub fn note_sent(record: &mut Vec<CreatedPet>, pet: &NewPet, at_ms: u64) {
    record.push(CreatedPet {
        id: None,
        name: pet.name.clone(),
        category_id: pet.category_id,
        status: pet.status.clone(),
        at_ms,
    });
    let over = record.len().saturating_sub(KEPT);
    record.drain(..over);
}

/// Settles the entry [`note_sent`] made for `pet` at `sent_at` with what came of it: created
/// (its id), perhaps created (no usable answer: it stays, with no id), or not created
/// (refused, or never sent: it goes). Answers whether `record` changed: not when the entry is
/// gone (the tab forgot it meanwhile) or the outcome stays unknown.
pub fn settle_sent(
    record: &mut Vec<CreatedPet>,
    pet: &NewPet,
    sent_at: u64,
    result: &Result<Pet, CallError>,
) -> bool {
    let Some(at) = record
        .iter()
        .position(|c| c.id.is_none() && c.at_ms == sent_at && c.same_as(pet))
    else {
        return false;
    };
    match result {
        Ok(created) => record[at].id = Some(created.id),
        Err(CallError::Api(e)) if e.outcome_unknown() => return false,
        Err(_) => {
            record.remove(at);
        }
    }
    true
}

/// The newest pet of `record` equal to `pet` and sent less than [`ASK_WITHIN_MS`] before
/// `now_ms` (created, or perhaps): the add form asks before adding it again.
pub fn recent_equal<'a>(
    record: &'a [CreatedPet],
    pet: &NewPet,
    now_ms: u64,
) -> Option<&'a CreatedPet> {
    record
        .iter()
        .rev()
        .take_while(|c| now_ms.saturating_sub(c.at_ms) < ASK_WITHIN_MS)
        .find(|c| c.same_as(pet))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ApiError;

    fn pepper() -> NewPet {
        NewPet {
            name: "Pepper".into(),
            category_id: 2,
            status: None,
        }
    }

    #[test]
    fn the_form_asks_only_within_the_hour() {
        let pet = pepper();
        let mut record = Vec::new();
        note_sent(&mut record, &pet, 10_000);
        record[0].id = Some(1);
        assert_eq!(
            recent_equal(&record, &pet, 10_000 + 60_000).and_then(|c| c.id),
            Some(1)
        );
        assert_eq!(recent_equal(&record, &pet, 10_000 + ASK_WITHIN_MS), None);
        // One sent without an answer may exist: asked about too.
        record[0].id = None;
        assert!(recent_equal(&record, &pet, 10_001).is_some());
        let other = NewPet {
            category_id: 3,
            ..pet
        };
        assert_eq!(recent_equal(&record, &other, 10_001), None);
    }

    #[test]
    fn an_answer_settles_its_own_entry_only() {
        let pet = pepper();
        let mut record = Vec::new();
        note_sent(&mut record, &pet, 5);
        note_sent(&mut record, &pet, 6);
        let created = Pet {
            id: 41,
            name: pet.name.clone(),
            category_id: pet.category_id,
            status: None,
        };
        assert!(settle_sent(&mut record, &pet, 6, &Ok(created)));
        assert_eq!(
            record.iter().map(|c| c.id).collect::<Vec<_>>(),
            [None, Some(41)]
        );
        // An answer lost on the way leaves the pet as perhaps created.
        let lost = Err(CallError::Api(ApiError::Cancelled));
        assert!(!settle_sent(&mut record, &pet, 5, &lost));
        assert_eq!(record.len(), 2);
        // A refusal created nothing: its entry goes; an entry already forgotten stays so.
        let refused = Err(CallError::NoKey);
        assert!(settle_sent(&mut record, &pet, 5, &refused));
        assert_eq!(record.len(), 1);
        assert!(!settle_sent(&mut record, &pet, 5, &refused));
    }

    #[test]
    fn the_oldest_are_forgotten_beyond_the_limit() {
        let mut record = Vec::new();
        for at in 0..=KEPT as u64 {
            note_sent(&mut record, &pepper(), at);
        }
        assert_eq!(record.len(), KEPT);
        assert_eq!(record[0].at_ms, 1);
    }
}
