//! The sign-in form: shown over the page whenever the current environment has no key or its
//! key was refused. The page stays mounted underneath (inert), so its URL, filters and form
//! draft are intact once a key is entered.

use leptos::ev::{KeyboardEvent, SubmitEvent};
use leptos::html::{Div, Input};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use crate::config::Environment;
use crate::i18n::problems::key_said;
use crate::i18n::{t, words, Label};
use crate::input::{parse_api_key, KeyProblem};
use crate::session::{use_keys, use_session, ApiKeys, SignedOut};

/// The sign-in dialog for `env`, drawn over the page by the app's `lazy_sign_in`. It is built
/// for that one environment: the app builds a new
/// one when the environment changes, so a key typed for one is never stored for the other.
#[component]
pub fn SignIn(
    /// The environment the key is for.
    env: Environment,
) -> impl IntoView {
    let dialog = NodeRef::<Div>::new();
    // Focus goes back where it was once the dialog closes (keyboard and screen reader use).
    let before = document()
        .active_element()
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        .map(SendWrapper::new);
    on_cleanup(move || {
        if let Some(element) = before {
            if element.is_connected() {
                let _ = element.focus();
            }
        }
    });
    // aria-modal promises that focus stays in the dialog: Tab and Shift+Tab wrap around.
    let trap = move |ev: KeyboardEvent| {
        if ev.key() != "Tab" {
            return;
        }
        let Some(dialog) = dialog.get_untracked() else {
            return;
        };
        let Ok(list) = dialog.query_selector_all("input, button") else {
            return;
        };
        let items: Vec<HtmlElement> = (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into().ok())
            .collect();
        let (Some(first), Some(last)) = (items.first(), items.last()) else {
            return;
        };
        let active = document().active_element();
        let at = |e: &HtmlElement| active.as_ref() == Some(e.unchecked_ref());
        let wrap_to = match (ev.shift_key(), at(first), at(last)) {
            (true, true, _) => Some(last),
            (false, _, true) => Some(first),
            _ => None,
        };
        if let Some(target) = wrap_to {
            ev.prevent_default();
            let _ = target.focus();
        }
    };
    // Signed out from another tab, or by the clock: said, so nobody wonders where the key went.
    let session = use_session();
    let why = move || {
        session.signed_out().and_then(|why| match why {
            SignedOut::InAnotherTab(other) if other != env => None,
            SignedOut::InAnotherTab(_) => Some(words::signed_out_in_another_tab(&env.label())),
            SignedOut::EverywhereInAnotherTab => Some(words::emptied_in_another_tab().into_owned()),
            SignedOut::Idle => Some(words::emptied_idle().into_owned()),
        })
    };
    view! {
        <div
            class="sign-in"
            role="dialog"
            aria-modal="true"
            aria-labelledby="sign-in-title"
            node_ref=dialog
            on:keydown=trap
        >
            {move || why().map(|text| view! { <p class="notice signed-out" role="status">{text}</p> })}
            <KeyForm env keys=use_keys() id="api-key" title_id="sign-in-title" focus=true />
        </div>
    }
}

/// The key form of `env`: a heading, why a key is asked for, the key field and Sign in. The
/// dialog above holds one; a page that needs both environments shows one in place for the
/// one that has no key.
#[component]
pub fn KeyForm(
    /// The environment the key is for.
    env: Environment,
    /// The keys, captured by the page: a page may build this form again as the keys change,
    /// in a moment its context is already going (sign out everywhere).
    keys: ApiKeys,
    /// The key field's id.
    id: &'static str,
    /// The heading's id.
    title_id: &'static str,
    /// Whether the key field's label names the environment (a page with a form for each).
    #[prop(optional)]
    named: bool,
    /// Whether the cursor goes into the key field as the form appears.
    #[prop(optional)]
    focus: bool,
) -> impl IntoView {
    let (problem, set_problem) = signal(None::<KeyProblem>);
    let input = NodeRef::<Input>::new();
    // The renderer may reuse the previous form's elements for this one: empty the field, so
    // a key typed for the other environment cannot be sent as this one's. In the dialog the
    // cursor goes there at once (keyboard and tablet use).
    Effect::new(move |_| {
        if let Some(input) = input.get() {
            input.set_value("");
            if focus {
                let _ = input.focus();
            }
        }
    });
    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        // Read from the field itself: no signal mirrors the key, so nothing reactive is left
        // pending when the form unmounts on success.
        let entered = input.get_untracked().map(|i| i.value()).unwrap_or_default();
        match parse_api_key(&entered) {
            Err(found) => set_problem.set(Some(found)),
            // This form unmounts as the key is accepted: touch none of its signals after this.
            Ok(key) => keys.sign_in(env, key),
        }
    };
    let error_id = format!("{id}-error");
    let label = move || match named {
        true => words::api_key_for(&env.label()),
        false => words::api_key().into_owned(),
    };
    view! {
        <form class="key-form" on:submit=submit>
            <h2 id=title_id>{move || words::sign_in_to(&env.label())}</h2>
            <Show when=move || keys.key_rejected(env)>
                <p class="alert" role="alert">{move || words::key_refused(&env.label())}</p>
            </Show>
            <p>{t(words::key_kept_in_tab)}</p>
            <label for=id>{label}</label>
            <input
                id=id
                node_ref=input
                type="password"
                autocomplete="off"
                spellcheck="false"
                aria-invalid=move || problem.with(Option::is_some).to_string()
                aria-describedby=error_id.clone()
            />
            <p id=error_id class="field-error wrap">{move || problem.get().map(|p| key_said(&p))}</p>
            <button type="submit">{t(words::sign_in)}</button>
        </form>
    }
}
