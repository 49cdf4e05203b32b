//! Any path the app does not know.

use leptos::prelude::*;
use petstore_core::Page;

use crate::components::page_title;
use crate::i18n::{t, words};
use crate::session::use_current_env;

/// The page for unknown paths.
#[component]
pub fn NotFound() -> impl IntoView {
    let current = use_current_env();
    page_title(|| words::page_not_found().into_owned());
    view! {
        <h1>{t(words::page_not_found)}</h1>
        <p>
            {t(words::not_a_page)}
            " "
            <a href=move || current.href(&Page::List)>{t(words::go_to_pets)}</a>
        </p>
    }
}
