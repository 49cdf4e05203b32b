//! Which language the app speaks on this device, and that language's words.
//!
//! The choice is the device's (`localStorage`, so signing out everywhere keeps it); a first
//! visit follows the browser's languages where one is offered, else English (start.js picks,
//! see [`start`]). English is in the wasm; another language's words (`words-<tag>.txt`, built
//! beside the app's files by `build.rs`) are fetched when it is chosen and kept for the page's
//! life: each is parsed and leaked once, so its texts are `&'static` like English's.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::{ArcTrigger, Notify, Track};
use leptos::reactive::graph::Observer;

use super::words::ENTRY;
use crate::storage;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// The language of a tag, exactly as [`Language::tag`] gives it.
    pub fn from_tag(tag: &str) -> Option<Language> {
        [Language::Pseudo]
            .into_iter()
            .chain(Language::OFFERED)
            .find(|l| l.tag() == tag)
    }
}

/// A language's entries, in key order: a text, or a plural's forms (see [`super::plural`]).
type Table = &'static [&'static str];

struct Chosen {
    language: Language,
    table: Option<Table>,
}

thread_local! {
    static CHOSEN: RefCell<Chosen> = const {
        RefCell::new(Chosen { language: Language::English, table: None })
    };
    /// Fired when the language changes: every text read inside a reactive closure redraws.
    static CHANGED: ArcTrigger = ArcTrigger::new();
    /// See [`not_loaded`].
    static NOT_LOADED: Cell<Option<Language>> = const { Cell::new(None) };
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
pub(crate) fn word(index: usize) -> Option<&'static str> {
    track();
    CHOSEN.with(|c| c.borrow().table.and_then(|t| t.get(index).copied()))
}

/// The plural category (`one`, `few`, `other`…) of `count` in the chosen language
/// (`Intl.PluralRules`; English's, `one` for 1 and `other` else, here: see
/// [`super::number`]).
pub(crate) fn plural_category(count: u64) -> String {
    let english = if count == 1 { "one" } else { "other" };
    if language() == Language::English {
        return english.to_owned();
    }
    super::format::plural_rule(count)
}

/// Speaks the language start.js chose and fetched the words of, then calls `mount`.
///
/// start.js picks it (this device's choice, else the first of the browser's languages the app
/// offers) and fetches its words while the wasm downloads, leaving `{tag, text}` as
/// `petstoreStart.words`: the first screen is drawn in that language, never in English first.
/// Taking them in is the language chunk's work (the first screen's code is English's only).
/// Nothing there (English, the words could not be fetched, or no start-up script, as in the
/// browser tests), or the chunk cannot be had: English, at once.
pub fn start(mount: fn()) {
    // A language taken in marks the page itself (`adopt`); otherwise the page is marked
    // English here, whatever the start frame (index.html) marked it with.
    if crate::config::start_field("words").is_none() {
        mark_document(language());
        return mount();
    }
    // (Leptos's own spawner starts with the mount: this future runs on the browser's.)
    wasm_bindgen_futures::spawn_local(async move {
        let spoken = match speaking(None).await {
            Ok(speak) => speak.await.is_some(),
            Err(NotLoaded) => false,
        };
        if !spoken {
            mark_document(language());
        }
        mount();
    });
}

/// The language control's choice: fetches its words if they are not here yet, speaks it from
/// now on and keeps it as this device's (a first visit that followed the browser keeps
/// nothing, so it follows the browser again next time). When its words (or this code) cannot
/// be fetched, nothing changes but [`not_loaded`], and every text is said again, so the
/// control (whose options say which is chosen) shows the language still spoken.
pub fn choose_language(language: Language) {
    leptos::task::spawn_local(async move {
        let spoken = match speaking(Some(language)).await {
            Ok(speak) => speak.await.is_some(),
            Err(NotLoaded) => false,
        };
        let failed = (!spoken).then_some(language);
        if NOT_LOADED.replace(failed) != failed || failed.is_some() {
            say_again();
        }
    });
}

/// The language last chosen whose words could not be fetched (offline before it was ever
/// chosen here), until a choice succeeds (a reactive read).
pub fn not_loaded() -> Option<Language> {
    track();
    NOT_LOADED.get()
}

crate::split::split! {
    language, preload_language;
    /// Speaks `choice` (fetching its words, and keeping it as this device's), or without one
    /// the language start.js chose, with the words it fetched. The language chunk: a visit in
    /// English that never changes language never downloads it.
    fn speaking(choice: Option<Language>) -> Result<Pin<Box<dyn Future<Output = Option<()>>>>, NotLoaded> {
        Ok(Box::pin(async move {
            let (language, table) = match choice {
                Some(Language::English) => (Language::English, None),
                Some(other) => (other, Some(table_of(other).await?)),
                None => started()?,
            };
            adopt(language, table);
            if choice.is_some() {
                storage::device_set(storage::LANGUAGE_SLOT, language.tag());
            }
            Some(())
        }))
    }
}

/// The language start.js chose and the words it fetched (`petstoreStart.words`, `{tag,
/// text}`), taken in.
fn started() -> Option<(Language, Option<Table>)> {
    let words = crate::config::start_field("words")?;
    let field = |name: &str| js_sys::Reflect::get(&words, &name.into()).ok()?.as_string();
    let language = Language::from_tag(&field("tag")?)?;
    let text = field("text")?;
    Some((
        language,
        (language != Language::English).then(|| keep(language, text)),
    ))
}

/// A language whose words could not be fetched (offline before it was ever chosen here).
#[derive(Debug)]
pub struct NotLoaded;

impl From<crate::split::SplitLoaderError> for NotLoaded {
    fn from(_: crate::split::SplitLoaderError) -> Self {
        NotLoaded
    }
}

/// Says every text again in the language spoken now.
fn say_again() {
    CHANGED.with(Notify::notify);
}

/// Speaks `language`, with `table` its words (none: English), from now on.
fn adopt(language: Language, table: Option<Table>) {
    let changed = CHOSEN.with(|c| {
        let mut chosen = c.borrow_mut();
        if chosen.language == language {
            return false;
        }
        *chosen = Chosen { language, table };
        true
    });
    if changed {
        say_again();
    }
    mark_document(language);
}

/// `<html lang>`.
fn mark_document(language: Language) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", language.tag());
    }
}

async fn table_of(language: Language) -> Option<Table> {
    let kept = LOADED.with(|l| {
        l.borrow()
            .iter()
            .find(|(l, _)| *l == language)
            .map(|(_, t)| *t)
    });
    if kept.is_some() {
        return kept;
    }
    let url = format!(
        "{}words-{}.txt",
        crate::config::app_folder()?,
        language.tag()
    );
    // (gloo-net, as config.json is read: a file of the app's own, not the service's.)
    let response = gloo_net::http::Request::get(&url).send().await.ok()?;
    if !response.ok() {
        return None;
    }
    let text = response.text().await.ok()?;
    Some(keep(language, text))
}

/// A language's words (`words-<tag>.txt`), parsed and leaked once: its texts are `&'static`
/// like English's, and switching back fetches, and leaks, nothing more.
fn keep(language: Language, text: String) -> Table {
    let table: Table = Vec::leak(String::leak(text).split(ENTRY).collect());
    LOADED.with(|l| l.borrow_mut().push((language, table)));
    table
}
