//! What the app says when a part of it cannot be downloaded.

use crate::i18n::{t, words};
use leptos::prelude::*;

/// A part of the app's code did not arrive (the connection is down, or a new version was
/// published since this tab opened and the old files are gone): `what` says which, and Reload
/// fetches the current version; what was typed is kept, as on any reload.
#[component]
pub fn LoadFailed(
    /// What cannot be done without it, in words ("This page could not be opened…").
    what: fn() -> std::borrow::Cow<'static, str>,
) -> impl IntoView {
    let reload = move |_| {
        // A reload that cannot start leaves the page as it is, with the button still there to
        // press again: there is nothing better to show.
        if let Err(error) = window().location().reload() {
            leptos::logging::error!("reload: {error:?}");
        }
    };
    view! {
        <div class="alert" role="alert">
            <p>{t(what)}</p>
            <button type="button" on:click=reload>
                {t(words::reload)}
            </button>
        </div>
    }
}
