//! The speed floor with the status in the URL query, as the app keeps its filters (so a link
//! or a reload shows the same rows): the same page as src/list.rs under leptos_router, a
//! status change being a navigation, as in the app's `use_set_query`. The benchmark times it
//! beside the signal floor, so that what keeping the state in the address costs can be told
//! apart from what the rest of the app adds.

mod rows;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::{path, NavigateOptions};

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(|| {
        view! {
            <Router>
                <Routes fallback=|| "Not found">
                    <Route path=path!("/pets") view=UrlList />
                </Routes>
            </Router>
        }
    });
}

/// The list, its status read from and written to `?status=`.
#[component]
fn UrlList() -> impl IntoView {
    let query = use_query_map();
    let status = Memo::new(move |_| query.read().get("status").unwrap_or_default());
    let location = use_location();
    let navigate = use_navigate();
    let on_status = Callback::new(move |value: String| {
        let mut query = location.query.get_untracked();
        if value.is_empty() {
            query.remove("status");
        } else {
            query.replace("status", value);
        }
        let path = location.pathname.get_untracked();
        let options = NavigateOptions {
            resolve: false,
            scroll: false,
            ..Default::default()
        };
        navigate(&format!("{path}{}", query.to_query_string()), options);
    });
    view! { <rows::List status=status.into() on_status /> }
}
