//! The app's words in any of its languages, read from its catalogues (`locales/`), so a test
//! finds what it clicks and reads by what a person sees in that language.

use std::path::PathBuf;

use petstore_i18n::{parse, pseudo, Catalogue, Entry, PSEUDO};

/// One language's catalogue.
pub struct Words(Catalogue);

impl Words {
    /// The catalogue of `tag` (`en`, `es`, `fr`, `de`, or the pseudo-locale's `en-XA`).
    pub fn of(tag: &str) -> Words {
        let file = if tag == PSEUDO { "en" } else { tag };
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../locales")
            .join(format!("{file}.json"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let catalogue = parse(file, &text)
            .unwrap_or_else(|p| panic!("{}: {p:?}", path.display()));
        Words(if tag == PSEUDO { pseudo(&catalogue) } else { catalogue })
    }

    /// The text of `key` (a plural's `other` form), its placeholders as written.
    pub fn say(&self, key: &str) -> String {
        match self.0.entries.get(key) {
            Some(Entry::Text(text)) => text.clone(),
            Some(Entry::Plural(forms)) => forms.get("other").cloned().unwrap_or_default(),
            None => panic!("no key {key} in {}", self.0.locale),
        }
    }

    /// The plural form `form` of `key`.
    pub fn form(&self, key: &str, form: &str) -> String {
        match self.0.entries.get(key) {
            Some(Entry::Plural(forms)) => forms.get(form).cloned().unwrap_or_default(),
            _ => panic!("{key} is not plural in {}", self.0.locale),
        }
    }

    /// The text of `key` with its placeholders filled in.
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        fill(&self.say(key), values)
    }

    /// The part of `key`'s text before its first placeholder.
    pub fn before(&self, key: &str) -> String {
        let text = self.say(key);
        text.split('{').next().unwrap_or_default().to_owned()
    }
}

/// `text` with each `{name}` replaced by its value.
pub fn fill(text: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(text.to_owned(), |t, (name, value)| t.replace(&format!("{{{name}}}"), value))
}
