//! The table of pets on the list page, searched and sorted over the rows loaded.

use leptos::prelude::*;

use crate::api::{Pet, PetStatus};
use crate::components::ExportButtons;
use crate::config::Environment;
use crate::export::ExportScope;
use crate::input::{search_and_sort, Column, Sort};
use crate::session::Session;

/// How the list is searched and sorted (from the URL query), and how a header click asks for
/// another sort. Built by the page, before any `.await`.
#[derive(Clone, Copy)]
pub struct ListView {
    /// The search text (`q=`).
    pub search: Memo<String>,
    /// The sort (`sort=`), if any.
    pub sort: Memo<Option<Sort>>,
    /// Called with the column whose header was clicked.
    pub on_sort: Callback<Column>,
}

/// The pets as a table (ID, Name, Category, Status; each header a sort button), each row
/// linking to the pet's view; what the search covers; an empty state; and a note when the
/// list may go on past the limit.
#[component]
pub fn PetTable(
    /// The pets, in the service's order.
    pets: Vec<Pet>,
    /// The limit the list was fetched with: as many rows as this means there may be more.
    limit: u32,
    /// The status the list was filtered by, if any (named in exported files).
    status: Option<PetStatus>,
    /// The environment the pets are from: their links open them there.
    env: Environment,
    /// The session, passed in because rows are built after an `.await`, where no context can
    /// be looked up.
    session: Session,
    /// The search and sort.
    view: ListView,
) -> impl IntoView {
    if pets.is_empty() {
        return view! { <p class="empty">"No pets match these filters."</p> }.into_any();
    }
    // The API has no total count: a full page is all we can tell.
    let full = usize::try_from(limit).is_ok_and(|l| pets.len() == l);
    let scope = ExportScope {
        env,
        status: status.map(|s| s.as_str().to_owned()),
        limit,
        maybe_more: full,
        search: None,
    };
    let loaded = pets.len();
    let pets = StoredValue::new(pets);
    let shown = Memo::new(move |_| {
        pets.with_value(|p| search_and_sort(p, &view.search.read(), view.sort.get()))
    });
    // The files hold what the table shows, searched and sorted.
    let export = view! { <ExportButtons pets=shown search=view.search scope /> };
    let scope_text = move || {
        let q = view.search.read();
        let q = q.trim();
        (!q.is_empty()).then(|| {
            let matching = match shown.with(Vec::len) {
                0 => "no pet matches".to_owned(),
                1 => "1 pet matches".to_owned(),
                n => format!("{n} pets match"),
            };
            format!("Searching the {loaded} pets loaded: {matching} “{q}”.")
        })
    };
    let header = move |column: Column| {
        let aria_sort = move || match view.sort.get() {
            Some(s) if s.column == column && s.descending => "descending",
            Some(s) if s.column == column => "ascending",
            _ => "none",
        };
        view! {
            <th scope="col" aria-sort=aria_sort>
                <button type="button" class="sort" on:click=move |_| view.on_sort.run(column)>
                    {column.label()}
                </button>
            </th>
        }
    };
    let row = move |pet: Pet| {
        let href = session.link(&format!("/pets/{}", pet.id), env);
        let status = status_badge(pet.status.as_ref());
        // No attribute that CSS can do without (the number columns are styled by position):
        // each one costs a call per row when a list of 100 is drawn.
        view! {
            <tr>
                <td>
                    <a href=href.clone()>{pet.id.to_string()}</a>
                </td>
                <td>
                    <a href=href>{pet.name}</a>
                </td>
                <td>{pet.category_id.to_string()}</td>
                <td>{status}</td>
            </tr>
        }
    };
    // The body is drawn anew when the rows change, so the old rows leave the page in one
    // removal instead of one per row (the header, and the focus on its buttons, stay).
    let body = move || {
        let rows = shown.get().into_iter().map(row).collect_view();
        view! { <tbody>{rows}</tbody> }
    };
    view! {
        <p class="note search-scope" role="status">{scope_text}</p>
        <table class="pets">
            <thead>
                <tr>{Column::ALL.map(header)}</tr>
            </thead>
            {body}
        </table>
        {full
            .then(|| {
                view! {
                    <p class="note">
                        {format!("Showing the first {limit}. Raise the limit to see more.")}
                    </p>
                }
            })}
        {export}
    }
    .into_any()
}

/// A status filter's options: All, then the interface's three statuses; `is_shown` says
/// whether a status (`None`: all) is the one shown.
pub fn status_options(
    is_shown: impl Fn(Option<&PetStatus>) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <option value="" prop:selected=move || is_shown(None)>"All"</option>
        {PetStatus::KNOWN
            .map(|s| {
                let value = s.as_str().to_owned();
                let text = value.clone();
                view! {
                    <option value=value prop:selected=move || is_shown(Some(&s))>
                        {text}
                    </option>
                }
            })}
    }
}

/// A pet's status as a badge: the word itself (never colour alone), "none" when it has none,
/// as everywhere in the app.
pub fn status_badge(status: Option<&PetStatus>) -> impl IntoView {
    let word = status.map_or("none", PetStatus::as_str).to_owned();
    let class = match status {
        Some(PetStatus::Available) => "status status-available",
        Some(PetStatus::Pending) => "status status-pending",
        Some(PetStatus::Sold) => "status status-sold",
        Some(PetStatus::Other(_)) => "status",
        None => "status status-none",
    };
    view! { <span class=class>{word}</span> }
}
