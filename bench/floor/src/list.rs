//! The speed floor: the vanilla page's job done the Leptos way (src/rows.rs), the status in a
//! signal. The benchmark times it beside the app and the vanilla page, so that what the
//! framework itself costs can be told apart from what the app adds.

mod rows;

use leptos::prelude::*;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(|| {
        let (status, set_status) = signal(String::new());
        let on_status = Callback::new(move |s| set_status.set(s));
        view! { <rows::List status=status.into() on_status /> }
    });
}
