//! The document title of each page.

use leptos::prelude::*;

use crate::app::APP_NAME;

/// Keeps `document.title` at "`page` · Pet Store Admin" while the calling page is mounted.
/// The title lives outside the app's element, so it is written by an effect, which stops with
/// the page's owner (never after it is gone).
pub fn page_title(page: impl Fn() -> String + 'static) {
    Effect::new(move |_| {
        let title = format!("{} · {APP_NAME}", page());
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&title);
        }
    });
}
