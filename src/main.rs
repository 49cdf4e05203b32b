//! The browser entry point: install the panic hook, speak the language start.js fetched the
//! words of (so the first screen is never English first), mount the app.

use leptos::prelude::*;
use petstore_admin::App;

fn main() {
    console_error_panic_hook::set_once();
    petstore_admin::i18n::language::start(|| leptos::mount::mount_to_body(|| view! { <App /> }));
}
