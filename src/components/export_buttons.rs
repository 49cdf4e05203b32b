//! "Export CSV" and "Export JSON" for the rows shown on the list.

use leptos::prelude::*;

use super::download;
use crate::api::Pet;
use crate::export::{compact_stamp, file_name, to_csv, to_json, ExportScope};

/// The two export buttons for the rows shown, and what went wrong if a file could not be
/// made.
#[component]
pub fn ExportButtons(
    /// The rows shown (searched and sorted), in their order.
    #[prop(into)]
    pets: Signal<Vec<Pet>>,
    /// The search the rows were narrowed by (empty for none).
    #[prop(into)]
    search: Signal<String>,
    /// Where they are from and whether there may be more.
    scope: ExportScope,
) -> impl IntoView {
    let (problem, set_problem) = signal(None::<String>);
    let scope = StoredValue::new(scope);
    let export = move |json: bool| {
        let iso = String::from(js_sys::Date::new_0().to_iso_string());
        let search = search.get_untracked();
        let search = search.trim();
        let made = scope.with_value(|scope| {
            let scope = ExportScope {
                search: (!search.is_empty()).then(|| search.to_owned()),
                ..scope.clone()
            };
            let scope = &scope;
            pets.with_untracked(|pets| {
                let (text, extension, mime) = if json {
                    (to_json(pets, scope, &iso)?, "json", "application/json")
                } else {
                    (to_csv(pets), "csv", "text/csv;charset=utf-8")
                };
                let name = file_name(scope, &compact_stamp(&iso), extension);
                download(&name, mime, &text).map_err(|e| format!("{e:?}"))
            })
        });
        let now = made
            .err()
            .map(|e| format!("The file could not be made: {e}"));
        if problem.with_untracked(|p| *p != now) {
            set_problem.set(now);
        }
    };
    view! {
        <div class="export">
            <button type="button" class="secondary" on:click=move |_| export(false)>
                "Export CSV"
            </button>
            <button type="button" class="secondary" on:click=move |_| export(true)>
                "Export JSON"
            </button>
            {move || problem.get().map(|p| view! { <p class="alert" role="alert">{p}</p> })}
        </div>
    }
}
