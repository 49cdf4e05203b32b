//! The stock sheet of the print previews (`print_sheets.rs`, whose split part it is in): the
//! list's filters, environment and time read in its heading, the rows with a column to tick
//! by hand, and page numbers.

use leptos::prelude::*;

use crate::api::Pet;
use crate::i18n::{clock_time, day_long, status_name, t, words, Label};
use petstore_core::{ExportScope, Paper};

/// The stock sheet: its heading (the environment, the list's filters, when it was read and
/// whether there may be more pets), and the rows with a column to tick by hand.
#[component]
pub(super) fn StockSheet(
    rows: Vec<Pet>,
    scope: ExportScope,
    read_at: Option<f64>,
    paper: RwSignal<Paper>,
) -> impl IntoView {
    let env = scope.env;
    let maybe_more = scope.maybe_more;
    let categories = scope.categories.clone();
    // Said in the language shown, again if it changes while the preview is open.
    let heading = move || stock_said(&scope);
    let read = move || read_at.map(|at| words::stock_read(&day_long(at), &clock_time(at)));
    let rows = rows
        .into_iter()
        .map(|pet| {
            view! {
                <tr>
                    <td>{pet.id.to_string()}</td>
                    <td class="wrap">{pet.name}</td>
                    <td>{categories.label(pet.category_id)}</td>
                    <td>{move || status_name(pet.status.as_ref()).into_owned()}</td>
                    <td></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class=move || format!("print-sheet stock paper-{}", paper.get().as_str())>
            <h2>{move || words::stock_heading(&env.label())}</h2>
            <p>{heading}</p>
            <p>{read}</p>
            {maybe_more.then(|| view! { <p><strong>{t(words::stock_maybe_more)}</strong></p> })}
            <table class="stock">
                <thead>
                    <tr>
                        <th scope="col">{t(words::column_id)}</th>
                        <th scope="col">{t(words::column_name)}</th>
                        <th scope="col">{t(words::column_category)}</th>
                        <th scope="col">{t(words::column_status)}</th>
                        <th scope="col">{t(words::stock_checked)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The stock sheet's line of filters: status, category, search and limit, as the list was
/// read.
fn stock_said(scope: &ExportScope) -> String {
    let status = scope.status.as_deref().map_or_else(
        || words::all().into_owned(),
        |s| status_name(Some(&s.to_owned().into())).into_owned(),
    );
    let mut parts = vec![words::filter_value(&words::column_status(), &status)];
    if let Some(id) = scope.category {
        parts.push(words::filter_value(
            &words::column_category(),
            &scope.categories.label(id),
        ));
    }
    if let Some(search) = &scope.search {
        parts.push(words::filter_value(
            &words::search_by_name(),
            &format!("“{search}”"),
        ));
    }
    parts.push(words::filter_value(
        &words::limit(),
        &scope.limit.to_string(),
    ));
    parts.join(" · ")
}
