//! The header's menu: the environment, the language and the two ways to sign out, behind one
//! button at every width. Kept out of the header's row, they let it stay one row on a laptop and
//! two on a phone in every language, and signing in or out never changes the header's size.
//! The controls themselves are drawn on the first opening (`menu_contents.rs`).

use leptos::ev;
use leptos::html::Button;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::menu_contents::{menu_contents, prefetch_menu_contents};
use crate::i18n::{t, words};

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
    let (open, set_open) = signal(false);
    // Whether the menu was ever opened: its controls are drawn then, and kept.
    let (drawn, set_drawn) = signal(false);
    // Sign out everywhere's question, put away with the menu.
    let asking = RwSignal::new(false);
    let hide = Callback::new(move |()| {
        set_open.set(false);
        asking.set(false);
    });
    let button = NodeRef::<Button>::new();
    // Closed from within, the focus goes back to the button (the control it was on is hidden).
    let close = Callback::new(move |()| {
        hide.run(());
        if let Some(button) = button.get_untracked() {
            let _ = button.focus();
        }
    });
    // Its code fetched before the first press, until it is drawn.
    let warm = move || {
        if !drawn.get_untracked() {
            prefetch_menu_contents();
        }
    };
    let on_keydown = move |ev: ev::KeyboardEvent| {
        if ev.key() == "Escape" && open.get_untracked() {
            close.run(());
        }
    };
    // The keyboard moving on past the menu (Tab, or `/` to the search) puts it away: it must
    // not cover where the focus went. A press elsewhere moves the focus nowhere, so it is
    // watched on the window.
    let on_focusout = move |ev: ev::FocusEvent| {
        if ev.related_target().is_some() && !in_menu(ev.related_target()) {
            hide.run(());
        }
    };
    let outside = window_event_listener(ev::pointerdown, move |ev| {
        if open.get_untracked() && !in_menu(ev.target()) {
            hide.run(());
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
                // As a page's code is when its link is pointed at.
                on:pointerenter=move |_| warm()
                on:focus=move |_| warm()
                on:click=move |_| {
                    if open.get_untracked() {
                        hide.run(())
                    } else {
                        set_drawn.set(true);
                        set_open.set(true);
                    }
                }
            >
                // On a phone only the bars show; the word stays the button's name.
                <span class="menu-word">{t(words::menu)}</span>
            </button>
            <div id="header-menu" class="menu-panel" hidden=move || !open.get()>
                <Show when=move || drawn.get()>{move || menu_contents(hide, close, asking)}</Show>
            </div>
        </div>
    }
}
