//! What people type or put in the URL, checked against the interface before anything is sent.
//! What is wrong is said as data ([`FieldError`], [`Ignored`], [`KeyProblem`]); the app's view
//! layer puts it in words.

use serde::{Deserialize, Serialize};

mod key;
mod refusal;
mod view;

pub use key::{parse_api_key, KeyProblem};
pub use refusal::plain_message;
pub use view::{search_and_sort, Column, Sort};

use crate::int64::{parse_int64, Int64Problem};
use crate::models::{NewPet, Pet, PetStatus};
use crate::wire::{DEFAULT_LIMIT, LIMIT_RANGE};

/// The list page's filters, read from the URL query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListFilters {
    /// `status=`; `None` lists all.
    pub status: Option<PetStatus>,
    /// `limit=`, 1..=100.
    pub limit: u32,
    /// What in the URL was not usable and was replaced by the default.
    pub ignored: Vec<Ignored>,
}

/// A value of the URL query that was not usable, as it was written there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// `status=` named no status of the interface.
    Status(String),
    /// `limit=` was not a whole number from 1 to 100.
    Limit(String),
}

/// Reads `status` and `limit` from the query. Unusable values fall back to the defaults (all
/// statuses, 20) and are reported in [`ListFilters::ignored`] rather than sent.
pub fn parse_filters(status: Option<&str>, limit: Option<&str>) -> ListFilters {
    let mut ignored = Vec::new();
    let status = match status {
        None | Some("") => None,
        Some(s) => PetStatus::parse_known(s).or_else(|| {
            ignored.push(Ignored::Status(s.to_owned()));
            None
        }),
    };
    let limit = match limit {
        None | Some("") => DEFAULT_LIMIT,
        Some(text) => match text.trim().parse::<u32>() {
            Ok(n) if LIMIT_RANGE.contains(&n) => n,
            _ => {
                ignored.push(Ignored::Limit(text.to_owned()));
                DEFAULT_LIMIT
            }
        },
    };
    ListFilters {
        status,
        limit,
        ignored,
    }
}

/// The limit field's value if it is a whole number from 1 to 100.
pub fn parse_limit(text: &str) -> Option<u32> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| LIMIT_RANGE.contains(n))
}

/// The add form as typed, kept while it is being filled (and across a reload, in this tab).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The "Name" field.
    pub name: String,
    /// The "Category ID" field, as text.
    pub category_id: String,
    /// The "Status" select: `""` for none, else a status value.
    pub status: String,
}

impl Draft {
    /// Whether nothing has been typed or chosen.
    pub fn is_empty(&self) -> bool {
        self.name.trim().is_empty() && self.category_id.trim().is_empty() && self.status.is_empty()
    }

    /// The form for a pet like `pet` ("Add one like this"): its category and status, the name
    /// empty. A status the interface does not define cannot be sent: none is chosen then.
    pub fn like(pet: &Pet) -> Draft {
        let status = match &pet.status {
            Some(PetStatus::Other(_)) | None => String::new(),
            Some(known) => known.as_str().to_owned(),
        };
        Draft {
            name: String::new(),
            category_id: pet.category_id.to_string(),
            status,
        }
    }

    /// The form for the next pet of a round ("Add and add another"): this one's category and
    /// status, the name empty.
    pub fn next_of_round(&self) -> Draft {
        Draft {
            name: String::new(),
            ..self.clone()
        }
    }
}

/// A pet added in this round of "Add and add another": its id and name, as the service
/// answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPet {
    /// Its id in the environment it was added to.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// A draft as the tab keeps it, with when it was last changed, so a form that brings it back
/// can say how old it is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedDraft {
    /// What was typed.
    pub draft: Draft,
    /// When it was last changed (ms since the epoch).
    pub saved_at_ms: u64,
    /// The pets added so far in this round of "Add and add another", in order (none kept by
    /// an older version of the app).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round: Vec<RoundPet>,
}

/// What is wrong with one field of a draft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// The name is empty or only spaces.
    NameMissing,
    /// The category ID is empty.
    CategoryMissing,
    /// The category ID is a whole number below the int64 range.
    CategoryTooLow,
    /// The category ID is a whole number above the int64 range.
    CategoryTooLarge,
    /// The category ID is not a whole number.
    CategoryNotWhole,
    /// The status is none of the interface's.
    StatusUnknown,
    /// The service refused the field, with its message in plain words ([`plain_message`]).
    Refused {
        /// The service's (English) sentence.
        message: String,
        /// Whether that sentence begins with the field's English name ("The name must…"),
        /// so that in English it can be shown as it is.
        names_field: bool,
    },
}

/// Per-field problems of a draft that cannot be sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors {
    /// The name field's.
    pub name: Option<FieldError>,
    /// The category ID field's.
    pub category_id: Option<FieldError>,
    /// The status field's.
    pub status: Option<FieldError>,
}

impl Draft {
    /// The pet to send, or what is wrong, field by field. Mirrors the interface: a name that is
    /// not just spaces (sent without surrounding spaces), a category ID that is a whole number
    /// within int64, and an optional known status.
    pub fn validate(&self) -> Result<NewPet, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = self.name.trim();
        if name.is_empty() {
            errors.name = Some(FieldError::NameMissing);
        }
        let category = self.category_id.trim();
        let category_id = if category.is_empty() {
            errors.category_id = Some(FieldError::CategoryMissing);
            None
        } else {
            match parse_int64(category) {
                Ok(n) => Some(n),
                Err(problem) => {
                    errors.category_id = Some(match problem {
                        Int64Problem::OutOfRange if category.starts_with('-') => {
                            FieldError::CategoryTooLow
                        }
                        Int64Problem::OutOfRange => FieldError::CategoryTooLarge,
                        Int64Problem::NotANumber => FieldError::CategoryNotWhole,
                    });
                    None
                }
            }
        };
        let status = match self.status.as_str() {
            "" => None,
            s => PetStatus::parse_known(s).or_else(|| {
                errors.status = Some(FieldError::StatusUnknown);
                None
            }),
        };
        match category_id {
            Some(category_id) if errors == FieldErrors::default() => Ok(NewPet {
                name: name.to_owned(),
                category_id,
                status,
            }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pet_like_another_has_its_category_and_a_status_that_can_be_sent() {
        let pet = |status| Pet {
            id: 9_007_199_254_740_993,
            name: "Rex".into(),
            category_id: -7,
            status,
        };
        let like = Draft::like(&pet(Some(PetStatus::Sold)));
        assert_eq!((like.name.as_str(), like.category_id.as_str()), ("", "-7"));
        assert_eq!(like.status, "sold");
        assert_eq!(Draft::like(&pet(None)).status, "");
        assert_eq!(
            Draft::like(&pet(Some(PetStatus::Other("lost".into())))).status,
            ""
        );
    }

    #[test]
    fn a_round_keeps_the_category_and_status_and_is_kept_with_the_draft() {
        let sent = Draft {
            name: "Tom".into(),
            category_id: "3".into(),
            status: "available".into(),
        };
        let next = sent.next_of_round();
        assert_eq!((next.name.as_str(), next.category_id.as_str()), ("", "3"));
        assert_eq!(next.status, "available");
        let saved = SavedDraft {
            draft: next,
            saved_at_ms: 1,
            round: vec![RoundPet {
                id: 12,
                name: "Tom".into(),
            }],
        };
        let text = serde_json::to_string(&saved).unwrap();
        assert_eq!(serde_json::from_str::<SavedDraft>(&text).unwrap(), saved);
        // A draft kept by a version before rounds has none.
        let older = r#"{"draft":{"name":"Rex","category_id":"1","status":""},"saved_at_ms":5}"#;
        let older: SavedDraft = serde_json::from_str(older).unwrap();
        assert!(older.round.is_empty());
        assert!(!serde_json::to_string(&older).unwrap().contains("round"));
    }

    #[test]
    fn a_field_that_showed_an_error_is_checked_again_as_it_changes_and_no_other() {
        let draft = Draft::default();
        let shown = draft.validate().unwrap_err();
        assert!(shown.name.is_some() && shown.category_id.is_some());
        let typed = Draft {
            name: "Rex".into(),
            category_id: "x".into(),
            ..draft
        };
        let now = shown.recheck(&typed);
        assert_eq!(now.name, None, "fixed: gone at once");
        assert_eq!(now.category_id, Some(FieldError::CategoryNotWhole));
        let broken = Draft {
            name: " ".into(),
            ..typed.clone()
        };
        assert_eq!(shown.recheck(&broken).name, Some(FieldError::NameMissing));
        // A field that showed nothing at the submit says nothing until the next one.
        let quiet = FieldErrors::default().recheck(&typed);
        assert_eq!(quiet, FieldErrors::default());
        assert!(Draft::default().is_empty() && !typed.is_empty());
    }

    #[test]
    fn filters_default_and_parse() {
        let f = parse_filters(None, None);
        assert_eq!((f.status, f.limit, f.ignored.len()), (None, 20, 0));
        let f = parse_filters(Some("sold"), Some("100"));
        assert_eq!((f.status, f.limit), (Some(PetStatus::Sold), 100));
    }

    #[test]
    fn unusable_filters_fall_back_and_say_so() {
        let f = parse_filters(Some("lost"), Some("500"));
        assert_eq!((f.status, f.limit), (None, 20));
        assert_eq!(
            f.ignored,
            [Ignored::Status("lost".into()), Ignored::Limit("500".into())]
        );
        assert_eq!(parse_filters(None, Some("0")).limit, 20);
        assert_eq!(parse_filters(None, Some("abc")).ignored.len(), 1);
    }

    #[test]
    fn limit_field_accepts_1_to_100_only() {
        assert_eq!(parse_limit(" 7 "), Some(7));
        assert_eq!(parse_limit("100"), Some(100));
        assert_eq!(parse_limit("0"), None);
        assert_eq!(parse_limit("101"), None);
        assert_eq!(parse_limit("2.5"), None);
    }

    fn draft(name: &str, category_id: &str, status: &str) -> Draft {
        Draft {
            name: name.into(),
            category_id: category_id.into(),
            status: status.into(),
        }
    }

    #[test]
    fn a_valid_draft_becomes_a_new_pet() {
        let pet = draft("  Rex ", " 9223372036854775807 ", "pending")
            .validate()
            .unwrap();
        assert_eq!(pet.name, "Rex");
        assert_eq!(pet.category_id, i64::MAX);
        assert_eq!(pet.status, Some(PetStatus::Pending));
        assert_eq!(draft("Rex", "-3", "").validate().unwrap().status, None);
    }

    #[test]
    fn each_field_says_what_is_wrong() {
        let e = draft("   ", "", "").validate().unwrap_err();
        assert_eq!(e.name, Some(FieldError::NameMissing));
        assert_eq!(e.category_id, Some(FieldError::CategoryMissing));
        let e = draft("Rex", "9223372036854775808", "")
            .validate()
            .unwrap_err();
        assert_eq!(e.category_id, Some(FieldError::CategoryTooLarge));
        let e = draft("Rex", "-9223372036854775809", "")
            .validate()
            .unwrap_err();
        assert_eq!(e.category_id, Some(FieldError::CategoryTooLow));
        assert_eq!(e.name, None);
        let e = draft("Rex", "1.5", "").validate().unwrap_err();
        assert_eq!(e.category_id, Some(FieldError::CategoryNotWhole));
        let e = draft("Rex", "1", "lost").validate().unwrap_err();
        assert_eq!(e.status, Some(FieldError::StatusUnknown));
    }
}
