//! "Export CSV" and "Export JSON" for the rows shown on the list.

use crate::i18n::{t, words};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::download;
use crate::api::Pet;
use crate::split::{split, SplitLoaderError};
use petstore_core::{compact_stamp, file_name, to_csv, to_json, ExportScope, FileWords};

/// Why a file was not made: its code did not download, or the browser refused the file.
pub(crate) enum ExportProblem {
    /// The export's code could not be downloaded.
    Download,
    /// The file could not be made or handed over; what the browser said.
    Refused(String),
}

impl From<SplitLoaderError> for ExportProblem {
    fn from(_: SplitLoaderError) -> Self {
        Self::Download
    }
}

split! {
    export_files, preload_export;
    /// Writes the rows as a CSV or JSON file and hands it to the browser's download. Its own
    /// chunk: the list needs it only on a click (`preload_export` fetches it ahead).
    pub(crate) fn save_file(pets: Vec<Pet>, scope: ExportScope, iso: String, json: bool) -> Result<(), ExportProblem> {
        let (text, extension, mime) = if json {
            (to_json(&pets, &scope, &iso).map_err(ExportProblem::Refused)?, "json", "application/json")
        } else {
            (to_csv(&pets, &scope.categories), "csv", "text/csv;charset=utf-8")
        };
        let words = FileWords {
            pets: &words::file_pets(),
            first: &words::file_first(),
        };
        let name = file_name(&scope, words, &compact_stamp(&iso), extension);
        download(&name, mime, &text).map_err(|e| ExportProblem::Refused(format!("{e:?}")))
    }
}

/// The two export buttons for the rows shown, and what went wrong if a file could not be
/// made.
#[component]
pub fn ExportButtons(
    /// The rows shown (searched and sorted), in their order.
    #[prop(into)]
    pets: Signal<Vec<Pet>>,
    /// Where they are from and how they were narrowed, as the list stands at a click (a read
    /// again can fill the list, or leave it under its limit).
    scope: Signal<ExportScope>,
) -> impl IntoView {
    let (problem, set_problem) = signal(None::<String>);
    let export = move |json: bool| {
        let iso = String::from(js_sys::Date::new_0().to_iso_string());
        let scope = scope.get_untracked();
        let pets = pets.get_untracked();
        spawn_local(async move {
            let now = match save_file(pets, scope, iso, json).await {
                Ok(()) => None,
                Err(ExportProblem::Refused(e)) => Some(words::file_not_made(&e)),
                Err(ExportProblem::Download) => {
                    Some(words::file_part_not_downloaded().into_owned())
                }
            };
            // The list may be gone by now (a click, then a quick move elsewhere).
            if problem.try_with_untracked(|p| *p != now) == Some(true) {
                set_problem.set(now);
            }
        });
    };
    view! {
        <div class="export">
            <button type="button" class="secondary" on:click=move |_| export(false)>
                {t(words::export_csv)}
            </button>
            <button type="button" class="secondary" on:click=move |_| export(true)>
                {t(words::export_json)}
            </button>
            {move || problem.get().map(|p| view! { <p class="alert" role="alert">{p}</p> })}
        </div>
    }
}
