//! The header's language control: each language named in its own words, the choice the
//! device's. Changing it redraws every text in place: the rows, a half-typed pet, pasted rows,
//! a running import or copy and the address all stay.

use leptos::prelude::*;

use crate::i18n::{Language, language, set_language, words};

/// A labelled `<select>` of the languages offered (in the preview, the pseudo-locale too).
#[component]
pub fn LanguageSelect() -> impl IntoView {
    let select = NodeRef::<leptos::html::Select>::new();
    // Set when a language's words could not be fetched (offline, before it was ever chosen).
    let failed = RwSignal::new(None::<Language>);
    let choose = move |ev: leptos::ev::Event| {
        let Some(chosen) = Language::from_tag(&event_target_value(&ev)) else {
            return;
        };
        leptos::task::spawn_local(async move {
            match set_language(chosen).await {
                Ok(()) => {
                    crate::i18n::language::keep(chosen);
                    if failed.get_untracked().is_some() {
                        failed.set(None);
                    }
                }
                Err(()) => {
                    // The control shows the language still spoken.
                    if let Some(select) = select.get_untracked() {
                        select.set_value(language().tag());
                    }
                    failed.set(Some(chosen));
                }
            }
        });
    };
    let mut offered = Language::OFFERED.to_vec();
    if cfg!(debug_assertions) || language() == Language::Pseudo {
        offered.push(Language::Pseudo);
    }
    view! {
        <label for="language">{move || words::language()}</label>
        <select id="language" node_ref=select on:change=choose>
            {offered
                .into_iter()
                .map(|l| {
                    view! {
                        <option value=l.tag() lang=l.tag() prop:selected=move || language() == l>
                            {l.own_name()}
                        </option>
                    }
                })
                .collect_view()}
        </select>
        <span class="language-note" role="status">
            {move || failed.get().map(|l| words::language_not_loaded(l.own_name()))}
        </span>
    }
}
