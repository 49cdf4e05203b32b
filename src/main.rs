//! The browser entry point: install the panic hook, mount the app. Nothing else lives here.

use leptos::prelude::*;
use petstore_admin::App;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(|| view! { <App /> });
}
