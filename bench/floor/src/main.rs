//! The size floor: the smallest app with what every Leptos 0.8 front-end with pages has (a
//! router with two routes, a link, a signal and an event handler), built with the release
//! profile and the tools of the real app. `scripts/bench.sh` prints its size beside the app's,
//! so that what the app adds above the framework can be read off.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::path;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(|| {
        view! {
            <Router>
                <nav><A href="/">"Home"</A> <A href="/count">"Count"</A></nav>
                <Routes fallback=|| "Not found">
                    <Route path=path!("/") view=|| view! { <p>"Floor"</p> } />
                    <Route path=path!("/count") view=Counter />
                </Routes>
            </Router>
        }
    });
}

/// A button counting its clicks.
#[component]
fn Counter() -> impl IntoView {
    let count = RwSignal::new(0);
    view! { <button on:click=move |_| count.update(|n| *n += 1)>{count}</button> }
}
