//! The header's menu: the environment, the language and the two ways to sign out, behind one
//! button at every width. Kept out of the header's row, they let it stay one row on a laptop and
//! two on a phone in every language, and signing in or out never changes the header's size.

use leptos::ev;
use leptos::html::Button;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlSelectElement;

use super::{LanguageSelect, SignOutEverywhere};
use crate::config::Environment;
use crate::i18n::{t, words, Label};
use crate::session::{use_current_env, use_hold, use_keys, use_session, use_set_query, Leave};

/// Whether `target` (an event's) is inside the menu.
fn in_menu(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest(".header-menu").ok().flatten())
        .is_some()
}

/// The "Menu" button and the panel it opens (`#header-menu`). The panel closes when the button
/// is pressed again, on Escape, on a press or a move of the keyboard outside it, and after a
/// choice made in it (a new environment's sign-in form must not be under it).
#[component]
pub fn HeaderMenu() -> impl IntoView {
    let session = use_session();
    let keys = use_keys();
    let current = use_current_env();
    let set_query = use_set_query();
    let hold = use_hold();
    let (open, set_open) = signal(false);
    // Sign out everywhere's question, put away with the menu.
    let asking = RwSignal::new(false);
    let hide = move || {
        set_open.set(false);
        asking.set(false);
    };
    let button = NodeRef::<Button>::new();
    // Closed from within, the focus goes back to the button (the control it was on is hidden).
    let close = move || {
        hide();
        if let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    };
    // Switching keeps the page and its filters; only `env` in the query changes. With a pet
    // held, the manager is asked first what becomes of it (the select shows the current
    // environment until then).
    let switch = move |ev: ev::Event| {
        if let Some(env) = Environment::parse(&event_target_value(&ev)) {
            if hold.ask_before(Leave::Switch(env)) {
                event_target::<HtmlSelectElement>(&ev).set_value(current.env_untracked().as_str());
                // The question takes the keyboard (`HeldLine`).
                hide();
                return;
            }
            set_query("env", Some(env.as_str().to_owned()), false);
        }
        close();
    };
    let on_keydown = move |ev: ev::KeyboardEvent| {
        if ev.key() == "Escape" && open.get_untracked() {
            close();
        }
    };
    // The keyboard moving on past the menu (Tab, or `/` to the search) puts it away: it must
    // not cover where the focus went. A press elsewhere moves the focus nowhere, so it is
    // watched on the window.
    let on_focusout = move |ev: ev::FocusEvent| {
        if ev.related_target().is_some() && !in_menu(ev.related_target()) {
            hide();
        }
    };
    let outside = window_event_listener(ev::pointerdown, move |ev| {
        if open.get_untracked() && !in_menu(ev.target()) {
            hide();
        }
    });
    on_cleanup(move || outside.remove());
    view! {
        <div class="header-menu" on:keydown=on_keydown on:focusout=on_focusout>
            <button
                type="button"
                id="menu-button"
                class="menu-button"
                aria-expanded=move || open.get().to_string()
                aria-controls="header-menu"
                node_ref=button
                on:click=move |_| {
                    if open.get_untracked() { hide() } else { set_open.set(true) }
                }
            >
                // On a phone only the bars show; the word stays the button's name.
                <span class="menu-word">{t(words::menu)}</span>
            </button>
            <div id="header-menu" class="menu-panel" hidden=move || !open.get()>
                <label for="environment">{t(words::environment)}</label>
                <select id="environment" on:change=switch>
                    {Environment::ALL
                        .map(|e| {
                            view! {
                                <option
                                    value=e.as_str()
                                    prop:selected=move || current.env() == e
                                >
                                    {move || e.label().into_owned()}
                                </option>
                            }
                        })}
                </select>
                <LanguageSelect on_chosen=close />
                <Show when=move || !keys.needs_sign_in()>
                    <button
                        type="button"
                        class="secondary"
                        on:click=move |_| {
                            if hold.ask_before(Leave::SignOut(current.env_untracked())) {
                                hide();
                            } else {
                                close();
                                session.sign_out();
                            }
                        }
                    >
                        {t(words::sign_out)}
                    </button>
                </Show>
                // Always offered: the other environment's key, drafts and activity may be
                // kept while this one has no key.
                <SignOutEverywhere asking on_done=close />
            </div>
        </div>
    }
}
