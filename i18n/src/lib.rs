//! The app's words, one catalogue per locale (`locales/<locale>.json`: a flat object of keys to
//! a text, or to an object of plural forms), checked before the app is built:
//! - every locale has exactly the reference locale's keys (none missing, none extra);
//! - a key's placeholders (`{name}`) are the same in every locale and every plural form;
//! - a plural key has the `other` form, and only the forms `Intl.PluralRules` names;
//! - a key is a text in every locale or plural in every locale;
//! - no text holds a control character.
//!
//! [`generate`] writes the Rust that names each key as a function (its placeholders its
//! arguments), so a view cannot name a key that does not exist; [`table`] writes another
//! locale's words as the table the app fetches when that locale is chosen; [`pseudo`] makes
//! the pseudo-locale.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The plural categories of `Intl.PluralRules`.
pub const PLURAL_FORMS: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// One entry of a catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A text.
    Text(String),
    /// A text per plural category (`one`, `other`, …).
    Plural(BTreeMap<String, String>),
}

/// A locale's catalogue: its keys in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    /// The locale's tag, e.g. `en` or `de`.
    pub locale: String,
    /// Key → entry, sorted by key.
    pub entries: BTreeMap<String, Entry>,
}

/// What is wrong with a catalogue, said so a translator can fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The locale the problem is in.
    pub locale: String,
    /// The key, where there is one.
    pub key: Option<String>,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.key {
            Some(key) => write!(f, "{}: {key}: {}", self.locale, self.what),
            None => write!(f, "{}: {}", self.locale, self.what),
        }
    }
}

fn problem(locale: &str, key: Option<&str>, what: impl Into<String>) -> Problem {
    Problem {
        locale: locale.to_owned(),
        key: key.map(str::to_owned),
        what: what.into(),
    }
}

/// Reads a catalogue's JSON text.
pub fn parse(locale: &str, json: &str) -> Result<Catalogue, Vec<Problem>> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| vec![problem(locale, None, format!("not JSON: {e}"))])?;
    let object = value
        .as_object()
        .ok_or_else(|| vec![problem(locale, None, "not a JSON object of keys")])?;
    let mut entries = BTreeMap::new();
    let mut problems = Vec::new();
    for (key, value) in object {
        if !is_key(key) {
            problems.push(problem(locale, Some(key), "a key is lower_snake_case"));
        }
        match value {
            serde_json::Value::String(text) => {
                entries.insert(key.clone(), Entry::Text(text.clone()));
            }
            serde_json::Value::Object(forms) => {
                let mut plural = BTreeMap::new();
                for (form, text) in forms {
                    match text.as_str() {
                        Some(text) => {
                            plural.insert(form.clone(), text.to_owned());
                        }
                        None => problems.push(problem(locale, Some(key), "a form is a text")),
                    }
                }
                entries.insert(key.clone(), Entry::Plural(plural));
            }
            _ => problems.push(problem(locale, Some(key), "a text or an object of forms")),
        }
    }
    match problems.is_empty() {
        true => Ok(Catalogue {
            locale: locale.to_owned(),
            entries,
        }),
        false => Err(problems),
    }
}

fn is_key(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_lowercase())
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The placeholders `{name}` in `text`, or what is wrong with its braces.
pub fn placeholders(text: &str) -> Result<BTreeSet<String>, String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("a lone `}}` in {text:?}"));
        }
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| format!("an unclosed `{{` in {text:?}"))?;
        let name = &after[..close];
        if name.is_empty() || !is_key(name) {
            return Err(format!(
                "`{{{name}}}` is not a placeholder name in {text:?}"
            ));
        }
        found.insert(name.to_owned());
        rest = &after[close + 1..];
    }
    Ok(found)
}

/// Every problem of `others` against `reference`, and of `reference` itself.
pub fn check(reference: &Catalogue, others: &[Catalogue]) -> Vec<Problem> {
    let mut problems = Vec::new();
    for catalogue in std::iter::once(reference).chain(others) {
        for (key, entry) in &catalogue.entries {
            problems.extend(check_entry(&catalogue.locale, key, entry));
        }
    }
    for other in others {
        for key in reference.entries.keys() {
            if !other.entries.contains_key(key) {
                problems.push(problem(&other.locale, Some(key), "missing"));
            }
        }
        for (key, entry) in &other.entries {
            let Some(wanted) = reference.entries.get(key) else {
                problems.push(problem(
                    &other.locale,
                    Some(key),
                    "not a key of the reference",
                ));
                continue;
            };
            problems.extend(compare(
                &other.locale,
                key,
                wanted,
                entry,
                &reference.locale,
            ));
        }
    }
    problems
}

/// An entry's own problems: its braces, and a plural's forms.
fn check_entry(locale: &str, key: &str, entry: &Entry) -> Vec<Problem> {
    let mut problems = Vec::new();
    let texts: Vec<&String> = match entry {
        Entry::Text(text) => vec![text],
        Entry::Plural(forms) => {
            if !forms.contains_key("other") {
                problems.push(problem(
                    locale,
                    Some(key),
                    "a plural needs its `other` form",
                ));
            }
            for form in forms.keys() {
                if !PLURAL_FORMS.contains(&form.as_str()) {
                    problems.push(problem(
                        locale,
                        Some(key),
                        format!("no plural form `{form}`"),
                    ));
                }
            }
            forms.values().collect()
        }
    };
    let mut sets = Vec::new();
    for text in texts {
        if text.chars().any(char::is_control) {
            problems.push(problem(
                locale,
                Some(key),
                "a control character (a line break or a tab, say) in the text",
            ));
        }
        match placeholders(text) {
            Ok(set) => sets.push(set),
            Err(e) => problems.push(problem(locale, Some(key), e)),
        }
    }
    if sets.windows(2).any(|w| w[0] != w[1]) {
        problems.push(problem(
            locale,
            Some(key),
            "the plural forms differ in placeholders",
        ));
    }
    problems
}

/// A translation's entry against the reference's: the same kind, the same placeholders.
fn compare(locale: &str, key: &str, wanted: &Entry, got: &Entry, reference: &str) -> Vec<Problem> {
    let names = |entry: &Entry| match entry {
        Entry::Text(text) => placeholders(text).ok(),
        Entry::Plural(forms) => forms.get("other").and_then(|t| placeholders(t).ok()),
    };
    let mut problems = Vec::new();
    if matches!(wanted, Entry::Plural(_)) != matches!(got, Entry::Plural(_)) {
        let what = format!("a text in one locale and plural in the other ({reference})");
        problems.push(problem(locale, Some(key), what));
    }
    if let (Some(wanted), Some(got)) = (names(wanted), names(got)) {
        if wanted != got {
            let what = format!("placeholders {got:?}, but {reference} has {wanted:?}");
            problems.push(problem(locale, Some(key), what));
        }
    }
    problems
}

mod build;

pub use build::{build, generate, pseudo, pseudo_text, table, Built, ENTRY, FORM, PSEUDO};

#[cfg(test)]
mod tests;
