//! The header menu's language control: each language named in its own words, the choice the
//! device's. Changing it redraws every text in place: the rows, a half-typed pet, pasted rows,
//! a running import or copy and the address all stay.

use leptos::prelude::*;

use crate::i18n::language::not_loaded;
use crate::i18n::{choose_language, language, t, words, Language};

/// A labelled `<select>` of the languages offered (in the preview, the pseudo-locale too).
#[component]
pub fn LanguageSelect(
    /// Runs after a choice.
    #[prop(into)]
    on_chosen: Callback<()>,
) -> impl IntoView {
    let choose = move |ev: leptos::ev::Event| {
        if let Some(chosen) = Language::from_tag(&event_target_value(&ev)) {
            choose_language(chosen);
        }
        on_chosen.run(());
    };
    // The pseudo-locale is offered in the preview, or while it is spoken.
    let pseudo = cfg!(debug_assertions) || language() == Language::Pseudo;
    let offered = Language::OFFERED
        .into_iter()
        .chain(pseudo.then_some(Language::Pseudo));
    // Each named in its own words and marked with its language (a screen reader says
    // "Español" in Spanish).
    let options = offered
        .map(|l| {
            view! {
                <option value=l.tag() lang=l.tag() prop:selected=move || language() == l>
                    {l.own_name()}
                </option>
            }
        })
        .collect_view();
    view! {
        <label for="language">{t(words::language)}</label>
        <select id="language" on:change=choose>
            {options}
        </select>
    }
}

/// A line when a language's words could not be fetched (offline, before it was ever chosen on
/// this device): the control then shows the language still spoken. Always there (empty), so a
/// screen reader hears it when it is said.
#[component]
pub fn LanguageNote() -> impl IntoView {
    view! {
        <p class="note language-note" role="status">
            {move || {
                not_loaded().map(|l| words::language_not_loaded(l.own_name())).unwrap_or_default()
            }}
        </p>
    }
}
