//! index.html's start frame: the header and "Loading pets…", drawn from the HTML and the
//! stylesheet before the app's code has come (see index.html and frame.js). It is static
//! markup outside the app's tree, so the app takes it away itself as it draws its own page.

use leptos::prelude::*;

const ID: &str = "start-frame";

fn find() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(ID)
}

/// Whether the start frame is still on the page (never where index.html had none: the
/// browser suites, another host).
pub(super) fn shown() -> bool {
    find().is_some()
}

/// Takes the start frame away once drawn beside the app's first page (the shell, or the
/// configuration's error): its effect runs in the same turn of the event loop as the render
/// that drew that page, so the browser never paints the frame and the page together, nor
/// neither.
#[component]
pub(super) fn TakeStartFrameAway() -> impl IntoView {
    Effect::new(move |_| {
        if let Some(frame) = find() {
            frame.remove();
        }
    });
}
