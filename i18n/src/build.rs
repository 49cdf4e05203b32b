//! What a checked set of catalogues becomes: the Rust that names each key ([`generate`]),
//! another locale's table ([`table`]), the pseudo-locale ([`pseudo`]), and all of it for a
//! folder ([`build`]).

use super::{check, parse, placeholders, problem, Catalogue, Entry, Problem};

/// The Rust source for the reference locale's words: one function per key, named after it
/// (`pets_match`), so a view cannot name a key that does not exist, and a placeholder is an
/// argument of that name (a missing or extra one does not compile). Each function holds its
/// English text and asks `crate::i18n` for the chosen locale's: a page's words then sit
/// with the page's code, in its own chunk of the split build, instead of in one table every
/// page would pull into the first screen. A key's index is its place in [`table`]'s array.
///
/// The functions call `crate::i18n::text(index, english) -> Cow<'static, str>`,
/// `crate::i18n::plural(index, count, english_forms) -> Cow<'static, str>` (the form chosen
/// by `Intl.PluralRules`; the forms written as in a [`table`]) and `crate::i18n::fill(text, &[(name, value)]) -> String`.
pub fn generate(reference: &Catalogue) -> String {
    let mut out = format!(
        "/// How many keys the catalogues have.\npub const KEYS: usize = {};\n\
         /// Between two entries of another locale's table (see `petstore_i18n::table`).\n\
         pub const ENTRY: char = {ENTRY:?};\n\
         /// Before each plural form and its text in a table.\n\
         pub const FORM: char = {FORM:?};\n",
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
                format!(
                    "crate::i18n::plural({index}, count, {:?})",
                    plural_entry(forms)
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
            Some(Entry::Plural(forms)) => plural_entry(forms),
            None => String::new(),
        })
        .collect();
    items.join(&ENTRY.to_string())
}

/// A plural's forms as one entry: after [`FORM`], each form's name and its text, split by
/// [`FORM`] (so English's forms, in the wasm, are read as another locale's are).
fn plural_entry(forms: &std::collections::BTreeMap<String, String>) -> String {
    forms
        .iter()
        .map(|(f, t)| format!("{FORM}{f}{FORM}{t}"))
        .collect()
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
    /// `(locale, table)` for every locale but the reference, sorted by locale, and last
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
