//! A service 400 on a create, put on the field it concerns, in plain words.

use super::{Draft, FieldError, FieldErrors};
use crate::models::ErrorBody;

/// A service message in plain words for a store manager: a field the service names in
/// markdown code marks gets its label ("`name` must be…" becomes "The name must be…"), and
/// no markdown mark is left.
pub fn plain_message(message: &str) -> String {
    let mut text = message.to_owned();
    for (wire, _, words) in FIELDS {
        let marked = format!("`{wire}`");
        if let Some(rest) = text.strip_prefix(&marked) {
            text = format!("{words}{rest}");
        }
        let inside = words.replacen('T', "t", 1);
        text = text.replace(&marked, &inside);
    }
    text.replace(['`', '*'], "")
}

/// The fields of the add form, as the service names them in codes and messages, and in its
/// own (English) sentences.
const FIELDS: [(&str, &str, &str); 3] = [
    ("categoryId", "category_id", "The category ID"),
    ("name", "name", "The name"),
    ("status", "status", "The status"),
];

impl FieldErrors {
    /// The service's refusal `body` of the create sent as `sent`, on the field its code or
    /// message names (`invalid_name`, "`name` must be…"), while that field still holds what
    /// was sent in `now`; nothing when it names no field.
    pub fn from_refusal(body: &ErrorBody, sent: &Draft, now: &Draft) -> FieldErrors {
        let mut errors = FieldErrors::default();
        let named = FIELDS.iter().find(|(wire, code, _)| {
            body.code.ends_with(code) || body.message.contains(&format!("`{wire}`"))
        });
        let Some((wire, _, service_words)) = named else {
            return errors;
        };
        let message = plain_message(&body.message);
        let names_field = message.starts_with(service_words);
        let message = FieldError::Refused {
            message,
            names_field,
        };
        match *wire {
            "name" if sent.name == now.name => errors.name = Some(message),
            "categoryId" if sent.category_id == now.category_id => {
                errors.category_id = Some(message)
            }
            "status" if sent.status == now.status => errors.status = Some(message),
            _ => {}
        }
        errors
    }

    /// These problems, and `other`'s where these have none.
    pub fn or(self, other: FieldErrors) -> FieldErrors {
        FieldErrors {
            name: self.name.or(other.name),
            category_id: self.category_id.or(other.category_id),
            status: self.status.or(other.status),
        }
    }

    /// These problems, found at a submit, checked again against `now`: a field that had one
    /// is checked anew as it changes (a fixed field's message goes at once, and comes back if
    /// it is broken again); a field that had none stays quiet until the next submit.
    pub fn recheck(&self, now: &Draft) -> FieldErrors {
        let fresh = now.validate().err().unwrap_or_default();
        FieldErrors {
            name: self.name.as_ref().and(fresh.name),
            category_id: self.category_id.as_ref().and(fresh.category_id),
            status: self.status.as_ref().and(fresh.status),
        }
    }

    /// The id of the first field with a problem, in the form's order.
    pub fn first_invalid(&self) -> Option<&'static str> {
        [
            (&self.name, "pet-name"),
            (&self.category_id, "pet-category"),
            (&self.status, "pet-status"),
        ]
        .into_iter()
        .find_map(|(message, id)| message.as_ref().map(|_| id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(code: &str, message: &str) -> ErrorBody {
        ErrorBody {
            code: code.into(),
            message: message.into(),
            status: 400,
        }
    }

    #[test]
    fn service_messages_lose_their_markdown_marks() {
        assert_eq!(
            plain_message("`name` must be at most 200 characters."),
            "The name must be at most 200 characters."
        );
        assert_eq!(
            plain_message("Give `categoryId` as a **whole** number."),
            "Give the category ID as a whole number."
        );
        assert_eq!(
            plain_message("this name is reserved"),
            "this name is reserved"
        );
    }

    #[test]
    fn a_refusal_lands_on_its_field_in_plain_words_until_the_field_changes() {
        let sent = Draft {
            name: "x".repeat(201),
            category_id: "3".into(),
            status: String::new(),
        };
        let refusal = body("invalid_name", "`name` must be at most 200 characters.");
        let errors = FieldErrors::from_refusal(&refusal, &sent, &sent);
        assert_eq!(
            errors.name,
            Some(FieldError::Refused {
                message: "The name must be at most 200 characters.".into(),
                names_field: true
            })
        );
        assert_eq!(errors.first_invalid(), Some("pet-name"));
        let edited = Draft {
            name: "Rex".into(),
            ..sent.clone()
        };
        assert_eq!(
            FieldErrors::from_refusal(&refusal, &sent, &edited),
            FieldErrors::default()
        );
        let category = body("invalid_category_id", "Not an int64.");
        assert_eq!(
            FieldErrors::from_refusal(&category, &sent, &sent).category_id,
            Some(FieldError::Refused {
                message: "Not an int64.".into(),
                names_field: false
            })
        );
        let other = body("invalid_json", "The body is not JSON.");
        assert_eq!(
            FieldErrors::from_refusal(&other, &sent, &sent),
            FieldErrors::default()
        );
    }
}
