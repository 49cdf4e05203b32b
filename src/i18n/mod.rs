//! The app's words, from the catalogues in `locales/` (checked and turned into [`words`] by
//! `build.rs`): a function per key, its placeholders its arguments, so a view cannot name a
//! key or a placeholder that does not exist.
//!
//! English is in the wasm; another language's words are fetched when it is chosen
//! ([`language`]). A key function reads the chosen language, so a view that calls it inside a
//! closure redraws that text in place when the language changes: nothing is mounted again,
//! nothing is read from the service again.

use std::borrow::Cow;

pub mod changes;
pub mod errors;
pub mod format;
pub mod label;
pub mod language;
pub mod problems;

pub use changes::changes_said;
pub use errors::{call_said, said};
pub use format::{
    clock_seconds, clock_time, day_long, days_ahead, duration, listed, long_date, moment, number,
    relative_time, today_long,
};
pub use label::Label;
pub use language::{choose_language, language, Language};

/// One function per key of `locales/en.json`, e.g. `words::sign_in_to(environment)`.
pub mod words {
    include!(concat!(env!("OUT_DIR"), "/words.rs"));
}

/// A word of the language shown, as the `words` module has them: called each time it is
/// drawn, so that it follows a change of language.
pub type Word = fn() -> Cow<'static, str>;

/// A text of the catalogue that redraws in place when the language changes, for a view:
/// `{t(words::refresh)}`. A text with values is a closure of its own:
/// `{move || words::sign_in_to(&name)}`.
pub fn t(word: Word) -> impl Fn() -> String + Send + Sync + Copy {
    move || word().into_owned()
}

/// `parts` as one sentence of the chosen language ("2 new pets, 1 changed.").
pub fn sentence(parts: &[String]) -> String {
    words::sentence(&parts.join(&words::list_separator()))
}

/// A pet's status in words ("available", "verfügbar"), "none" when it has none; a status the
/// interface does not define is shown as the service sent it.
pub fn status_name(status: Option<&crate::api::PetStatus>) -> Cow<'static, str> {
    use crate::api::PetStatus;
    match status {
        Some(PetStatus::Available) => words::status_available(),
        Some(PetStatus::Pending) => words::status_pending(),
        Some(PetStatus::Sold) => words::status_sold(),
        Some(PetStatus::Other(other)) => Cow::Owned(other.clone()),
        None => words::status_none(),
    }
}

/// The text of key `index` in the chosen language; `english` is the reference's.
pub(crate) fn text(index: usize, english: &'static str) -> Cow<'static, str> {
    debug_assert!(index < words::KEYS, "a key past the catalogue");
    let chosen = language::word(index).filter(|t| !t.starts_with(words::FORM));
    Cow::Borrowed(chosen.unwrap_or(english))
}

/// The form of key `index` that the chosen language's plural rules pick for `count`
/// (`Intl.PluralRules`), falling back to `other`; `english` is the reference's forms, written
/// as a table writes them (see [`form`]).
pub(crate) fn plural(index: usize, count: u64, english: &'static str) -> Cow<'static, str> {
    debug_assert!(index < words::KEYS, "a key past the catalogue");
    let forms = language::word(index).filter(|t| t.starts_with(words::FORM));
    Cow::Borrowed(form(
        forms.unwrap_or(english),
        &language::plural_category(count),
    ))
}

/// The text of form `category` among `forms` (`␟one␟{count} pet␟other␟{count} pets`), else
/// of form `other`.
fn form<'a>(forms: &'a str, category: &str) -> &'a str {
    let mut other = "";
    let mut parts = forms.split(words::FORM);
    parts.next();
    while let (Some(name), Some(text)) = (parts.next(), parts.next()) {
        if name == category {
            return text;
        }
        if name == "other" {
            other = text;
        }
    }
    other
}

/// `text` with each `{name}` replaced by its value.
pub(crate) fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            break;
        };
        let name = &after[..close];
        match values.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn placeholders_take_their_values_and_nothing_else_changes() {
        assert_eq!(
            fill(
                "Added “{name}” to {environment}.",
                &[("environment", "Staging"), ("name", "Rex {x}")]
            ),
            "Added “Rex {x}” to Staging."
        );
        assert_eq!(fill("{a} and {b}", &[("a", "1")]), "1 and {b}");
        assert_eq!(fill("no braces", &[]), "no braces");
        assert_eq!(words::sign_in_to("Production"), "Sign in to Production");
    }

    #[wasm_bindgen_test]
    fn a_plural_reads_its_form_else_other() {
        let forms = "\u{1f}one\u{1f}{count} pet\u{1f}other\u{1f}{count} pets";
        assert_eq!(form(forms, "one"), "{count} pet");
        assert_eq!(form(forms, "other"), "{count} pets");
        assert_eq!(form(forms, "few"), "{count} pets");
        assert_eq!(words::pets_match(1), "1 pet matches");
        assert_eq!(words::pets_match(2), "2 pets match");
    }
}
