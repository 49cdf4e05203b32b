//! index.html's start frame: the header and "Loading pets…", drawn from the HTML and the
//! stylesheet before the app's code has come (see index.html and frame.js). It is static
//! markup outside the app's tree, so the app takes it away itself as it draws its own page.

const ID: &str = "start-frame";

fn find() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(ID)
}

/// Whether the start frame is still on the page (never where index.html had none: the
/// browser suites, another host).
pub(super) fn shown() -> bool {
    find().is_some()
}

/// Takes the start frame away. Called from an effect of the app's first page: effects run in
/// the same turn of the event loop as the render that made them, so the browser never paints
/// the frame and the page together, nor neither.
pub(super) fn take_down() {
    if let Some(frame) = find() {
        frame.remove();
    }
}
