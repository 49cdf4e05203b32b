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
//! locale's words as the array the app fetches when that locale is chosen.

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

/// The Rust source for the reference locale's words: one function per key, named after it
/// (`pets_match`), so a view cannot name a key that does not exist, and a placeholder is an
/// argument of that name (a missing or extra one does not compile). Each function holds its
/// English text and asks `crate::i18n` for the chosen locale's: a page's words then sit
/// with the page's code, in its own chunk of the split build, instead of in one table every
/// page would pull into the first screen. A key's index is its place in [`table`]'s array.
///
/// The functions call `crate::i18n::text(index, english) -> Cow<'static, str>`,
/// `crate::i18n::plural(index, count, english_forms) -> Cow<'static, str>` (the form chosen
/// by `Intl.PluralRules`) and `crate::i18n::fill(text, &[(name, value)]) -> String`.
pub fn generate(reference: &Catalogue) -> String {
    let mut out = format!(
        "/// How many keys the catalogues have.\npub const KEYS: usize = {};\n",
        reference.entries.len()
    );
    for (index, (key, entry)) in reference.entries.iter().enumerate() {
        let names: Vec<String> = match entry {
            Entry::Text(text) => placeholders(text).unwrap_or_default(),
            Entry::Plural(forms) => forms
                .get("other")
                .and_then(|t| placeholders(t).ok())
                .unwrap_or_default(),
        }
        .into_iter()
        .filter(|name| !(matches!(entry, Entry::Plural(_)) && name == "count"))
        .collect();
        let mut params: Vec<String> = names.iter().map(|n| format!("{n}: &str")).collect();
        let words = match entry {
            Entry::Text(text) => {
                out += &format!("\n/// {text:?}\n");
                format!("crate::i18n::text({index}, {text:?})")
            }
            Entry::Plural(forms) => {
                out += &format!(
                    "\n/// {:?}\n",
                    forms.get("other").cloned().unwrap_or_default()
                );
                params.insert(0, "count: u64".to_owned());
                let forms: Vec<String> = forms
                    .iter()
                    .map(|(f, t)| format!("({f:?}, {t:?})"))
                    .collect();
                format!(
                    "crate::i18n::plural({index}, count, &[{}])",
                    forms.join(", ")
                )
            }
        };
        let mut fills: Vec<String> = names.iter().map(|n| format!("({n:?}, {n})")).collect();
        if matches!(entry, Entry::Plural(_)) {
            fills.insert(0, "(\"count\", &crate::i18n::number(count))".to_owned());
        }
        let (ret, body) = match fills.is_empty() {
            true => ("std::borrow::Cow<'static, str>", words),
            false => (
                "String",
                format!("crate::i18n::fill(&{words}, &[{}])", fills.join(", ")),
            ),
        };
        out += &format!(
            "pub fn {key}({}) -> {ret} {{\n    {body}\n}}\n",
            params.join(", ")
        );
    }
    out
}

/// Between two entries of a [`table`] (the ASCII record separator: no catalogue text holds
/// it, [`check`] refuses control characters).
pub const ENTRY: char = '\u{1e}';
/// Before each plural form and each form's text in a [`table`] (the unit separator).
pub const FORM: char = '\u{1f}';

/// A locale's words as the app fetches them when it is chosen: its entries in the reference's
/// key order, each a text or, after [`FORM`], its plural forms and texts, split by [`FORM`];
/// the entries split by [`ENTRY`]. (Plain text, not JSON: the app splits it with no parser.)
pub fn table(reference: &Catalogue, catalogue: &Catalogue) -> String {
    let items: Vec<String> = reference
        .entries
        .keys()
        .map(|key| match catalogue.entries.get(key) {
            Some(Entry::Text(text)) => text.clone(),
            Some(Entry::Plural(forms)) => forms
                .iter()
                .map(|(f, t)| format!("{FORM}{f}{FORM}{t}"))
                .collect(),
            None => String::new(),
        })
        .collect();
    items.join(&ENTRY.to_string())
}

/// The tag of the pseudo-locale [`pseudo`] makes.
pub const PSEUDO: &str = "en-XA";

/// The pseudo-locale: each text of `reference` with its letters accented, about 40 % longer
/// and bracketed (`⟦Śíĝñ íñ··⟧`), its placeholders untouched. Text that did not come from a
/// catalogue shows plain among it; a layout too tight for a longer language shows too.
pub fn pseudo(reference: &Catalogue) -> Catalogue {
    let entries = reference
        .entries
        .iter()
        .map(|(key, entry)| {
            let entry = match entry {
                Entry::Text(text) => Entry::Text(pseudo_text(text)),
                Entry::Plural(forms) => Entry::Plural(
                    forms
                        .iter()
                        .map(|(f, t)| (f.clone(), pseudo_text(t)))
                        .collect(),
                ),
            };
            (key.clone(), entry)
        })
        .collect();
    Catalogue {
        locale: PSEUDO.to_owned(),
        entries,
    }
}

/// One text in the pseudo-locale (see [`pseudo`]).
pub fn pseudo_text(text: &str) -> String {
    const PLAIN: &str = "AaCcEeGgIiLlNnOoSsUuYyZz";
    const ACCENTED: [char; 24] = [
        'Å', 'å', 'Ç', 'ç', 'É', 'é', 'Ĝ', 'ĝ', 'Í', 'í', 'Ĺ', 'ĺ', 'Ñ', 'ñ', 'Ö', 'ö', 'Š', 'š',
        'Û', 'û', 'Ý', 'ý', 'Ž', 'ž',
    ];
    let mut out = String::from("⟦");
    let mut in_placeholder = false;
    let mut letters = 0usize;
    for c in text.chars() {
        match c {
            '{' => in_placeholder = true,
            '}' => in_placeholder = false,
            _ => {}
        }
        if !in_placeholder && c.is_alphanumeric() {
            letters += 1;
        }
        match PLAIN.find(c) {
            Some(at) if !in_placeholder => out.push(ACCENTED[at]),
            _ => out.push(c),
        }
    }
    // About 40 % longer: German and French run that much past English.
    out.extend(std::iter::repeat_n('·', (letters * 2).div_ceil(5)));
    out.push('⟧');
    out
}

/// What a build makes of a folder of catalogues: the Rust of the reference locale's keys
/// ([`generate`]) and every other locale's array ([`table`]), by locale.
#[derive(Debug)]
pub struct Built {
    /// The Rust source naming every key.
    pub source: String,
    /// `(locale, JSON array)` for every locale but the reference, sorted by locale, and last
    /// the pseudo-locale's.
    pub tables: Vec<(String, String)>,
    /// Every catalogue: the reference first, then the others, then the pseudo-locale.
    pub catalogues: Vec<Catalogue>,
}

impl Built {
    /// One text key in every locale, `{"de": …, "en": …}`, as JSON: for words shown where the
    /// app's own are not (the start-up script's note when the app cannot start).
    pub fn texts_of(&self, key: &str) -> String {
        let texts: serde_json::Map<String, serde_json::Value> = self
            .catalogues
            .iter()
            .filter_map(|c| match c.entries.get(key)? {
                Entry::Text(text) => Some((c.locale.clone(), text.as_str().into())),
                Entry::Plural(_) => None,
            })
            .collect();
        serde_json::Value::Object(texts).to_string()
    }
}

/// Reads every `<locale>.json` in `dir`, checks them against `reference`'s and builds them.
/// Any problem, in any file, is an error: the app's `build.rs` fails the build with the list.
pub fn build(dir: &std::path::Path, reference: &str) -> Result<Built, Vec<Problem>> {
    let unreadable = |what: String| vec![problem(reference, None, what)];
    let entries = std::fs::read_dir(dir)
        .map_err(|e| unreadable(format!("cannot read {}: {e}", dir.display())))?;
    let mut files: Vec<(String, std::path::PathBuf)> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .filter_map(|path| Some((path.file_stem()?.to_str()?.to_owned(), path)))
        .collect();
    files.sort();
    let mut problems = Vec::new();
    let mut catalogues = Vec::new();
    for (locale, path) in &files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| unreadable(format!("cannot read {}: {e}", path.display())))?;
        match parse(locale, &text) {
            Ok(catalogue) => catalogues.push(catalogue),
            Err(found) => problems.extend(found),
        }
    }
    let Some(at) = catalogues.iter().position(|c| c.locale == reference) else {
        problems.push(problem(
            reference,
            None,
            format!("no {reference}.json in {}", dir.display()),
        ));
        return Err(problems);
    };
    let reference = catalogues.remove(at);
    problems.extend(check(&reference, &catalogues));
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut tables: Vec<(String, String)> = catalogues
        .iter()
        .map(|c| (c.locale.clone(), table(&reference, c)))
        .collect();
    let fake = pseudo(&reference);
    tables.push((PSEUDO.to_owned(), table(&reference, &fake)));
    let source = generate(&reference);
    let mut all = vec![reference];
    all.extend(catalogues);
    all.push(fake);
    Ok(Built {
        source,
        tables,
        catalogues: all,
    })
}

#[cfg(test)]
mod tests;
