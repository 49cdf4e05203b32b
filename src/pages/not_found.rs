//! Any path the app does not know.

use leptos::prelude::*;
use petstore_core::Page;

use crate::components::page_title;
use crate::i18n::{t, words};
use crate::session::use_session;

/// The page for unknown paths.
#[component]
pub fn NotFound() -> impl IntoView {
    let session = use_session();
    page_title(|| words::page_not_found().into_owned());
    view! {
        <h1>{t(words::page_not_found)}</h1>
        <p>
            {t(words::not_a_page)}
            " "
            <a href=move || session.href(&Page::List)>{t(words::go_to_pets)}</a>
        </p>
    }
}
