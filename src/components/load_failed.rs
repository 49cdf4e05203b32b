//! What a page says when its part of the app cannot be downloaded.

use crate::i18n::{t, words};
use leptos::prelude::*;

/// A page's code did not arrive (the connection is down, or a new version was published
/// since this tab opened and the old files are gone). Reloading fetches the current version;
/// what was typed is kept, as on any reload.
#[component]
pub fn LoadFailed() -> impl IntoView {
    let reload = move |_| {
        // A reload that cannot start leaves the page as it is, with the button still there to
        // press again: there is nothing better to show.
        if let Err(error) = window().location().reload() {
            leptos::logging::error!("reload: {error:?}");
        }
    };
    view! {
        <div class="alert" role="alert">
            <p>{t(words::page_part_not_downloaded)}</p>
            <button type="button" on:click=reload>
                {t(words::reload)}
            </button>
        </div>
    }
}
