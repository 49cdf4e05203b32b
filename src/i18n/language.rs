//! Which language the app speaks on this device, and that language's words.
//!
//! The choice is the device's (`localStorage`, so signing out everywhere keeps it); a first
//! visit follows the browser's languages where one is offered, else English. English is in
//! the wasm; another language's words (`words-<tag>.txt`, built beside the app's files by
//! `build.rs`) are fetched when it is chosen and kept for the page's life: each is parsed and
//! leaked once, so its texts are `&'static` like English's.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::{ArcTrigger, Notify, Track};
use leptos::reactive::graph::Observer;

use super::words::{ENTRY, FORM};
use crate::storage;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// English, the reference: always in the wasm.
    English,
    /// Spanish.
    Spanish,
    /// French.
    French,
    /// German.
    German,
    /// The pseudo-locale: accented, longer, bracketed English, for tests and the preview.
    Pseudo,
}

impl Language {
    /// The languages a store manager can choose, in the order the control lists them.
    pub const OFFERED: [Language; 4] = [
        Language::English,
        Language::Spanish,
        Language::French,
        Language::German,
    ];

    /// Its tag (`<html lang>`, `Intl`, the words' file, the stored choice).
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
            Language::French => "fr",
            Language::German => "de",
            Language::Pseudo => "en-XA",
        }
    }

    /// Its name in its own words, as the language control lists it.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Español",
            Language::French => "Français",
            Language::German => "Deutsch",
            Language::Pseudo => "⟦Pséûdö⟧",
        }
    }

    /// The language of a tag: exact for a stored choice, else by its first part (`es-MX`).
    pub fn from_tag(tag: &str) -> Option<Language> {
        if tag == Language::Pseudo.tag() {
            return Some(Language::Pseudo);
        }
        let primary = tag.get(..2)?;
        Language::OFFERED
            .into_iter()
            .find(|l| primary.eq_ignore_ascii_case(l.tag()))
            .filter(|_| tag.len() == 2 || tag[2..].starts_with(['-', '_']))
    }
}

/// A text of another language's table.
pub(crate) enum Word {
    /// A text.
    Text(&'static str),
    /// Its plural forms, `(form, text)`.
    Plural(Vec<(&'static str, &'static str)>),
}

type Table = &'static [Word];

struct Chosen {
    language: Language,
    table: Option<Table>,
    plural_rules: Option<js_sys::Intl::PluralRules>,
}

thread_local! {
    static CHOSEN: RefCell<Chosen> = const {
        RefCell::new(Chosen { language: Language::English, table: None, plural_rules: None })
    };
    /// Fired when the language changes: every text read inside a reactive closure redraws.
    static CHANGED: ArcTrigger = ArcTrigger::new();
    /// Each table fetched so far (switching back fetches, and leaks, nothing more).
    static LOADED: RefCell<Vec<(Language, Table)>> = const { RefCell::new(Vec::new()) };
}

/// Subscribes the running reactive closure, if any, to a change of language (outside one, an
/// event handler say, there is nothing to subscribe and nothing is said).
fn track() {
    if Observer::get().is_some() {
        CHANGED.with(Track::track);
    }
}

/// The language the app speaks now (a reactive read: a closure calling it redraws on change).
pub fn language() -> Language {
    track();
    CHOSEN.with(|c| c.borrow().language)
}

/// Key `index` of the chosen language's table; `None` in English (the wasm's own words).
pub(crate) fn word(index: usize) -> Option<&'static Word> {
    track();
    CHOSEN.with(|c| c.borrow().table.and_then(|t| t.get(index)))
}

/// The plural category (`one`, `few`, `other`…) of `count` in the chosen language.
pub(crate) fn plural_category(count: u64) -> String {
    if !cfg!(target_arch = "wasm32") {
        return if count == 1 { "one" } else { "other" }.to_owned();
    }
    CHOSEN.with(|c| {
        let mut chosen = c.borrow_mut();
        let tag = chosen.language.tag();
        let rules = chosen.plural_rules.get_or_insert_with(|| {
            js_sys::Intl::PluralRules::new(&super::format::locales(tag), &js_sys::Object::new())
        });
        String::from(rules.select(count as f64))
    })
}

/// The language this device chose, else the first of the browser's languages the app offers,
/// else English.
pub fn first_choice() -> Language {
    let stored = storage::device_language();
    if let Some(language) = stored.as_deref().and_then(Language::from_tag) {
        return language;
    }
    let browser = web_sys::window()
        .map(|w| w.navigator().languages())
        .unwrap_or_default();
    browser
        .iter()
        .filter_map(|tag| tag.as_string())
        .find_map(|tag| Language::from_tag(&tag).filter(|l| *l != Language::Pseudo))
        .unwrap_or(Language::English)
}

/// The language control's choice: [`set_language`], then kept as this device's (a first
/// visit that followed the browser keeps nothing, so it follows the browser again next time).
/// When its words cannot be fetched, every text is said again, so the control (whose options
/// say which is chosen) shows the language still spoken; the language is the error.
pub async fn choose_language(language: Language) -> Result<(), Language> {
    if set_language(language).await.is_err() {
        CHANGED.with(Notify::notify);
        return Err(language);
    }
    storage::set_device_language(language.tag());
    Ok(())
}

/// Speaks `language` from now on: fetches its words first if they are not here yet. Fails
/// (and nothing changes) when its words cannot be fetched. (Boxed: the start and the language
/// control share one copy of its code instead of each inlining it.)
pub fn set_language(language: Language) -> Pin<Box<dyn Future<Output = Result<(), ()>>>> {
    Box::pin(speak(language))
}

async fn speak(language: Language) -> Result<(), ()> {
    let table = match language {
        Language::English => None,
        other => Some(table_of(other).await?),
    };
    let changed = CHOSEN.with(|c| {
        let mut chosen = c.borrow_mut();
        if chosen.language == language {
            return false;
        }
        *chosen = Chosen {
            language,
            table,
            plural_rules: None,
        };
        true
    });
    if changed {
        CHANGED.with(Notify::notify);
    }
    mark_document(language);
    Ok(())
}

/// `<html lang>`, and the words the stylesheet shows itself (a label before a cell on a
/// narrow screen) as custom properties of the root element, set through the CSSOM (the
/// policy refuses style attributes).
fn mark_document(language: Language) {
    use wasm_bindgen::JsCast;
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let _ = root.set_attribute("lang", language.tag());
    let style = root.style();
    for (name, text) in [
        ("--words-sort-by", super::words::sort_by()),
        ("--words-category", super::words::column_category()),
        ("--words-line", super::words::column_line()),
    ] {
        let quoted = format!("\"{}\"", text.replace(['"', '\\'], ""));
        let _ = style.set_property(name, &quoted);
    }
}

async fn table_of(language: Language) -> Result<Table, ()> {
    if let Some(table) = LOADED.with(|l| {
        l.borrow()
            .iter()
            .find(|(l, _)| *l == language)
            .map(|(_, t)| *t)
    }) {
        return Ok(table);
    }
    let url = words_url(language).ok_or(())?;
    let response = gloo_net::http::Request::get(&url)
        .send()
        .await
        .map_err(|_| ())?;
    if !response.ok() {
        return Err(());
    }
    let text = response.text().await.map_err(|_| ())?;
    let table: Table = Vec::leak(String::leak(text).split(ENTRY).map(to_word).collect());
    LOADED.with(|l| l.borrow_mut().push((language, table)));
    Ok(table)
}

fn to_word(entry: &'static str) -> Word {
    match entry.strip_prefix(FORM) {
        None => Word::Text(entry),
        Some(forms) => {
            let mut parts = forms.split(FORM);
            let mut pairs = Vec::new();
            while let (Some(form), Some(text)) = (parts.next(), parts.next()) {
                pairs.push((form, text));
            }
            Word::Plural(pairs)
        }
    }
}

/// The address of a language's words: beside the app's own files.
fn words_url(language: Language) -> Option<String> {
    Some(format!(
        "{}words-{}.txt",
        crate::config::app_folder()?,
        language.tag()
    ))
}
