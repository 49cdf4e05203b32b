//! The document title of each page, and the tab's icon and colour of the environment.

use leptos::prelude::*;

use crate::config::Environment;
use crate::i18n::words;

/// Keeps `document.title` at "`page` · Pet Store Admin" while the calling page is mounted.
/// The title lives outside the app's element, so it is written by an effect, which stops with
/// the page's owner (never after it is gone).
pub fn page_title(page: impl Fn() -> String + 'static) {
    Effect::new(move |_| {
        let title = words::page_title(&words::app_name(), &page());
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&title);
        }
    });
}

/// Keeps the tab's icon and colour (the `<link rel="icon">` and the theme colour in the page's
/// head, outside the app's element: an effect) those of `env`'s, so a tab, or the installed
/// app's window, says which environment it is in. `base` is the public URL, where the build's
/// `icons/` folder is.
pub fn env_icon(base: String, env: impl Fn() -> Environment + 'static) {
    Effect::new(move |_| {
        let env = env();
        // frame.js puts the same colour in before the app starts: the two must agree.
        let (name, colour) = match env {
            Environment::Production => ("production", "#b42318"),
            Environment::Staging => ("staging", "#0b6b73"),
        };
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let set = |selector: &str, attribute: &str, value: &str| {
            if let Ok(Some(element)) = document.query_selector(selector) {
                if element.get_attribute(attribute).as_deref() != Some(value) {
                    let _ = element.set_attribute(attribute, value);
                }
            }
        };
        set(
            "link[rel=icon]",
            "href",
            &format!("{base}/icons/favicon-{name}.svg"),
        );
        set("meta[name=theme-color]", "content", colour);
    });
}
