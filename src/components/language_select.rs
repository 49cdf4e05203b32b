//! The header's language control: each language named in its own words, the choice the
//! device's. Changing it redraws every text in place: the rows, a half-typed pet, pasted rows,
//! a running import or copy and the address all stay.

use leptos::prelude::*;

use crate::i18n::language::not_loaded;
use crate::i18n::{choose_language, dynamic, language, t, words, Language};

/// A labelled `<select>` of the languages offered (in the preview, the pseudo-locale too),
/// and a line when a language's words could not be fetched (offline, before it was ever
/// chosen on this device): the control then shows the language still spoken.
#[component]
pub fn LanguageSelect() -> impl IntoView {
    let choose = move |ev: leptos::ev::Event| {
        if let Some(chosen) = Language::from_tag(&event_target_value(&ev)) {
            choose_language(chosen);
        }
    };
    // The pseudo-locale is offered in the preview, or while it is spoken.
    let pseudo = cfg!(debug_assertions) || language() == Language::Pseudo;
    let chosen = |l: Language| move || language() == l;
    // The options are written out, one by one, in `Language::OFFERED`'s order, each named in
    // its own words and marked with its language (a screen reader says "Español" in Spanish):
    // options made from that list cost the first screen 0.4 KB more (measured).
    view! {
        <label for="language">{t(words::language)}</label>
        <select id="language" on:change=choose>
            <option value="en" lang="en" prop:selected=chosen(Language::English)>"English"</option>
            <option value="es" lang="es" prop:selected=chosen(Language::Spanish)>"Español"</option>
            <option value="fr" lang="fr" prop:selected=chosen(Language::French)>"Français"</option>
            <option value="de" lang="de" prop:selected=chosen(Language::German)>"Deutsch"</option>
            {pseudo
                .then(|| {
                    view! {
                        <option value="en-XA" lang="en-XA" prop:selected=chosen(Language::Pseudo)>
                            "⟦Pséûdö⟧"
                        </option>
                    }
                })}
        </select>
        <p class="note language-note" role="status">
            {dynamic(Box::new(move || {
                not_loaded().map(|l| words::language_not_loaded(l.own_name())).unwrap_or_default()
            }))}
        </p>
    }
}
