//! Any path the app does not know.

use leptos::prelude::*;

use crate::components::page_title;
use crate::session::use_session;

/// The page for unknown paths.
#[component]
pub fn NotFound() -> impl IntoView {
    let session = use_session();
    page_title(|| "Page not found".to_owned());
    view! {
        <h1>"Page not found"</h1>
        <p>
            "This address is not a page of the admin. " <a href=move || session.href("/pets")>
                "Go to the pets"
            </a> "."
        </p>
    }
}
