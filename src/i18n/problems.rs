//! What the core's rules found wrong (`petstore_core`'s [`FieldError`], [`Ignored`],
//! [`KeyProblem`], [`ParseError`]), in the chosen language.

use std::borrow::Cow;

use super::{language, number, words, Language};
use petstore_core::{
    FieldError, FieldErrors, Ignored, KeyProblem, ParseError, PetStatus, DEFAULT_LIMIT, MAX_ROWS,
};

/// A field's problem on the add form; `label` names the field before a refusal of the service
/// that does not name it itself.
pub fn field_said(error: &FieldError, label: fn() -> Cow<'static, str>) -> String {
    match error {
        FieldError::NameMissing => words::enter_a_name().into_owned(),
        FieldError::CategoryMissing => words::enter_a_category_id().into_owned(),
        FieldError::CategoryTooLow => words::category_too_low().into_owned(),
        FieldError::CategoryTooLarge => words::category_too_large(&number(i64::MAX as u64)),
        FieldError::CategoryNotWhole => words::category_not_whole().into_owned(),
        FieldError::StatusUnknown => words::choose_a_status().into_owned(),
        // The service speaks English: its sentence is shown as it is when it already names
        // the field that way, else as its words, after the field's name in the app's language.
        FieldError::Refused {
            message,
            names_field: true,
        } if language() == Language::English => message.clone(),
        FieldError::Refused { message, .. } => words::field_refused(&label(), message),
    }
}

/// The name field's problem, if any.
pub fn name_said(errors: &FieldErrors) -> Option<String> {
    Some(field_said(errors.name.as_ref()?, words::field_name))
}

/// The category field's problem, if any.
pub fn category_said(errors: &FieldErrors) -> Option<String> {
    Some(field_said(
        errors.category_id.as_ref()?,
        words::field_category_id,
    ))
}

/// The category's problem where the form offers the deployment's categories in a list: a
/// missing one is chosen there, not typed.
pub fn category_choice_said(errors: &FieldErrors) -> Option<String> {
    match errors.category_id.as_ref()? {
        FieldError::CategoryMissing => Some(words::choose_a_category().into_owned()),
        _ => category_said(errors),
    }
}

/// The status field's problem, if any.
pub fn status_said(errors: &FieldErrors) -> Option<String> {
    Some(field_said(errors.status.as_ref()?, words::field_status))
}

/// An import row's problems, one sentence each. A file has no list to choose a status from,
/// so its status problem names the statuses it may hold.
pub fn row_problems(errors: &FieldErrors) -> Vec<String> {
    let status = errors.status.as_ref().map(|_| {
        // The page's own words for the statuses are read too, where they differ.
        let page: Vec<String> = PetStatus::KNOWN
            .iter()
            .map(|s| super::status_name(Some(s)).into_owned())
            .collect();
        let same = PetStatus::KNOWN
            .iter()
            .zip(&page)
            .all(|(s, w)| s.as_str() == w);
        match same {
            true => words::status_in_file().into_owned(),
            false => words::status_in_file_or(&super::listed(&page)),
        }
    });
    [name_said(errors), category_said(errors), status]
        .into_iter()
        .flatten()
        .collect()
}

/// A value of the address that was not usable, and what is shown instead.
pub fn ignored_said(ignored: &Ignored) -> String {
    match ignored {
        Ignored::Status(status) => words::unknown_status_in_address(status),
        Ignored::Limit(limit) => words::limit_not_in_range(&number(DEFAULT_LIMIT.into()), limit),
    }
}

/// Why a typed API key cannot be used.
pub fn key_said(problem: &KeyProblem) -> String {
    match *problem {
        KeyProblem::Empty => words::enter_the_api_key().into_owned(),
        KeyProblem::Character { found, position } => {
            let shown = if found.is_ascii_graphic() {
                words::quoted_character(&found.to_string())
            } else {
                words::special_character(&format!("U+{:04X}", u32::from(found)))
            };
            words::key_cannot_contain(&shown, &number(position as u64))
        }
    }
}

/// Why an import's text could not be read as rows.
pub fn parse_said(error: ParseError) -> String {
    match error {
        ParseError::Empty => words::nothing_to_import().into_owned(),
        ParseError::NoHeader { found } if found.is_empty() => {
            words::first_row_names_columns().into_owned()
        }
        ParseError::NoHeader { found } => format!(
            "{} {}",
            words::first_row_names_columns(),
            words::first_row_names_instead(&super::listed(&found))
        ),
        ParseError::NoRows => words::no_rows_under_header().into_owned(),
        ParseError::TooMany => words::too_many_rows(&number(MAX_ROWS as u64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petstore_core::{parse_api_key, parse_filters, Draft};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn each_problem_is_said_in_words() {
        let e = Draft::default().validate().unwrap_err();
        assert_eq!(name_said(&e).as_deref(), Some("Enter a name."));
        assert_eq!(category_said(&e).as_deref(), Some("Enter a category ID."));
        assert_eq!(
            category_choice_said(&e).as_deref(),
            Some("Choose a category from the list.")
        );
        let large = FieldError::CategoryTooLarge;
        assert!(field_said(&large, words::field_category_id)
            .contains("up to 9,223,372,036,854,775,807"));
        let refused = FieldError::Refused {
            message: "Not an int64.".into(),
            names_field: false,
        };
        assert_eq!(
            field_said(&refused, words::field_category_id),
            "The category ID was refused: Not an int64."
        );
        let key = parse_api_key("“dev-key”").unwrap_err();
        let said = key_said(&key);
        assert!(
            said.contains("U+201C") && said.contains("character 1"),
            "{said}"
        );
        assert!(key_said(&parse_api_key("a:b").unwrap_err()).contains("“:”"));
        let ignored = parse_filters(None, Some("500")).ignored;
        assert!(ignored_said(&ignored[0]).contains("“500”"));
        assert!(parse_said(ParseError::TooMany).contains("at most 1,000"));
        let found = vec!["Nom;Catégorie".to_owned()];
        let said = parse_said(ParseError::NoHeader { found });
        assert!(
            said.contains("name, categoryId") && said.contains("It names Nom;Catégorie."),
            "{said}"
        );
    }
}
