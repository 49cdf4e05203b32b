//! "A new version is ready" with Reload, once the service worker has installed a new deploy
//! beside the running one (start.js watches for it: the browser plumbing is JavaScript).

use crate::config::start_field;
use crate::i18n::{t, words};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// The event start.js dispatches on the window when a new deploy is ready.
const READY_EVENT: &str = "petstore-update-ready";

/// Whether a new version is ready (start.js found a new deploy installed beside the running
/// one), watched for the life of the calling owner. Once it is, [`UpdateBanner`] says so; its
/// code is downloaded then, since most visits never need it. Until then the tab keeps running
/// its own build (its lazy pages come from its own build's cache), so nothing is lost by
/// waiting: a form being filled in can be finished first.
pub fn update_ready() -> ReadSignal<bool> {
    // start.js may have found the new deploy before the app started listening.
    let (ready, set_ready) = signal(start_field("updateReady").is_some_and(|v| v.is_truthy()));
    let handle = window_event_listener_untyped(READY_EVENT, move |_| {
        if !ready.get_untracked() {
            set_ready.set(true);
        }
    });
    on_cleanup(move || handle.remove());
    ready
}

/// "A new version is ready" with Reload, which runs it.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    view! {
        <p class="note update" role="status">
            {t(words::new_version_ready)}
            " "
            <button type="button" class="secondary" on:click=|_| apply_update()>
                {t(words::reload)}
            </button>
        </p>
    }
}

/// Lets the new deploy's worker take over and reloads (start.js's `applyUpdate`); a plain
/// reload if that is missing.
fn apply_update() {
    let apply = start_field("applyUpdate").and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let called = apply.is_some_and(|f| f.call0(&JsValue::NULL).is_ok());
    if !called {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    }
}
