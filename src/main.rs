//! The browser entry point: install the panic hook, mount the app. Nothing else lives here.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(petstore_admin::App);
}
