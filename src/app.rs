//! The root component: routes and the context every page shares.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

/// The application name, shown in the header and used in page titles.
pub const APP_NAME: &str = "Pet Store Admin";

/// The whole admin app, ready to mount.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <Router>
            <header class="app-header">
                <h1>{APP_NAME}</h1>
            </header>
            <main>
                <Routes fallback=|| view! { <p>"This page does not exist."</p> }>
                    <Route path=path!("/") view=Home />
                </Routes>
            </main>
        </Router>
    }
}

/// Placeholder home page until the pet pages exist.
#[component]
fn Home() -> impl IntoView {
    view! {
        <section>
            <h2>"Pets"</h2>
            <p>"The pet list, the add form and the pet view are on their way."</p>
        </section>
    }
}
