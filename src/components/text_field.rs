//! A labelled text input with its message beneath, wired for assistive technology.

use leptos::prelude::*;

use crate::i18n::t;
use std::borrow::Cow;

/// `<label>`, `<input>` and the field's message (`{id}-error`, linked by
/// `aria-describedby`; `aria-invalid` while there is a message).
#[component]
pub fn TextField(
    /// The input's id; the label points at it.
    id: &'static str,
    /// The label's words.
    label: fn() -> Cow<'static, str>,
    /// What the input shows.
    #[prop(into)]
    value: Signal<String>,
    /// Called with the new text on every keystroke.
    on_input: impl Fn(String) + 'static,
    /// The message for this field, if any.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Whether a numeric keypad suits the field (on tablets and phones).
    #[prop(optional)]
    numeric: bool,
    /// A short hint under the label, if the field needs one.
    #[prop(optional)]
    hint: Option<fn() -> Cow<'static, str>>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described = match hint {
        Some(_) => format!("{hint_id} {error_id}"),
        None => error_id.clone(),
    };
    view! {
        <div class="field">
            <label for=id>{t(label)}</label>
            {hint.map(|text| view! { <p id=hint_id class="hint">{t(text)}</p> })}
            <input
                id=id
                type="text"
                inputmode=if numeric { "numeric" } else { "text" }
                autocomplete="off"
                aria-describedby=described
                aria-invalid=move || error.with(Option::is_some).to_string()
                prop:value=value
                on:input:target=move |ev| on_input(ev.target().value())
            />
            <p id=error_id class="field-error">{error}</p>
        </div>
    }
}
