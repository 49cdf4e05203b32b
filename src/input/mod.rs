//! What people type or put in the URL, checked against the interface before anything is sent.
//! Pure functions, tested natively.

use crate::i18n::{number, words};
use serde::{Deserialize, Serialize};

mod key;
mod refusal;
mod view;

pub use key::parse_api_key;
pub use petstore_core::{lowercase, parse_int64, Int64Problem};
pub use refusal::plain_message;
pub use view::{search_and_sort, Column, Sort};

use crate::api::{NewPet, PetStatus, DEFAULT_LIMIT, LIMIT_RANGE};

/// The list page's filters, read from the URL query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListFilters {
    /// `status=`; `None` lists all.
    pub status: Option<PetStatus>,
    /// `limit=`, 1..=100.
    pub limit: u32,
    /// What in the URL was not usable and was replaced by the default, in plain words.
    pub ignored: Vec<String>,
}

/// Reads `status` and `limit` from the query. Unusable values fall back to the defaults (all
/// statuses, 20) and are reported in [`ListFilters::ignored`] rather than sent.
pub fn parse_filters(status: Option<&str>, limit: Option<&str>) -> ListFilters {
    let mut ignored = Vec::new();
    let status = match status {
        None | Some("") => None,
        Some(s) => PetStatus::parse_known(s).or_else(|| {
            ignored.push(words::unknown_status_in_address(s));
            None
        }),
    };
    let limit = match limit {
        None | Some("") => DEFAULT_LIMIT,
        Some(text) => match text.trim().parse::<u32>() {
            Ok(n) if LIMIT_RANGE.contains(&n) => n,
            _ => {
                ignored.push(words::limit_not_in_range(
                    &number(DEFAULT_LIMIT.into()),
                    text,
                ));
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

/// Per-field messages for a draft that cannot be sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors {
    /// Message for the name field.
    pub name: Option<String>,
    /// Message for the category ID field.
    pub category_id: Option<String>,
    /// Message for the status field.
    pub status: Option<String>,
}

impl Draft {
    /// The pet to send, or what is wrong, field by field. Mirrors the interface: a name that is
    /// not just spaces (sent without surrounding spaces), a category ID that is a whole number
    /// within int64, and an optional known status.
    pub fn validate(&self) -> Result<NewPet, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = self.name.trim();
        if name.is_empty() {
            errors.name = Some(words::enter_a_name().into());
        }
        let category = self.category_id.trim();
        let category_id = if category.is_empty() {
            errors.category_id = Some(words::enter_a_category_id().into());
            None
        } else {
            match parse_int64(category) {
                Ok(n) => Some(n),
                Err(problem) => {
                    errors.category_id = Some(match problem {
                        Int64Problem::OutOfRange if category.starts_with('-') => {
                            words::category_too_low().into()
                        }
                        Int64Problem::OutOfRange => {
                            words::category_too_large(&number(i64::MAX.unsigned_abs()))
                        }
                        Int64Problem::NotANumber => words::category_not_whole().into(),
                    });
                    None
                }
            }
        };
        let status = match self.status.as_str() {
            "" => None,
            s => PetStatus::parse_known(s).or_else(|| {
                errors.status = Some(words::choose_a_status().into());
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
        assert_eq!(f.ignored.len(), 2);
        assert!(f.ignored[1].contains("“500”"));
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
        assert_eq!(e.name.as_deref(), Some("Enter a name."));
        assert_eq!(e.category_id.as_deref(), Some("Enter a category ID."));
        let e = draft("Rex", "9223372036854775808", "")
            .validate()
            .unwrap_err();
        assert!(e.category_id.unwrap().contains("too large"));
        let e = draft("Rex", "-9223372036854775809", "")
            .validate()
            .unwrap_err();
        assert!(e.category_id.unwrap().contains("below zero"));
        assert_eq!(e.name, None);
        let e = draft("Rex", "1.5", "").validate().unwrap_err();
        assert!(e.category_id.unwrap().contains("whole number"));
        let e = draft("Rex", "1", "lost").validate().unwrap_err();
        assert!(e.status.is_some());
    }
}
