//! The browser entry point: install the panic hook, fetch the chosen language's words if it
//! is not English (so the first screen is never English first), mount the app.

use leptos::prelude::*;
use petstore_admin::App;

fn main() {
    console_error_panic_hook::set_once();
    // (Leptos's own spawner starts with the mount: this future runs on the browser's.)
    wasm_bindgen_futures::spawn_local(async {
        // Words that cannot be fetched (offline before this language was ever kept): English.
        let _ = petstore_admin::i18n::set_language(petstore_admin::i18n::language::first_choice())
            .await;
        leptos::mount::mount_to_body(|| view! { <App /> });
    });
}
