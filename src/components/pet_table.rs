//! The table of pets on the list page, searched and sorted over the rows loaded.

use std::sync::Arc;

use leptos::prelude::*;
use petstore_core::Page;

use crate::api::{Pet, PetStatus};
use crate::components::{ExportButtons, PrintRows};
use crate::config::Environment;
use crate::i18n::{changes_said, language, number, status_name, t, words, Label, Language};
use crate::input::{search_and_sort, Column, Sort};
use crate::session::CurrentEnv;
use petstore_core::ExportScope;
use petstore_core::{Categories, Listing, Mark, Side, READ_LIMIT};

/// How the list is searched and sorted (from the URL query), and how a header click asks for
/// another sort. Built by the page, before any `.await`.
#[derive(Clone, Copy)]
pub struct ListView {
    /// The search text (`q=`).
    pub search: Memo<String>,
    /// The category the rows are narrowed to (`category=`), if any.
    pub category: Memo<Option<i64>>,
    /// The sort (`sort=`), if any.
    pub sort: Memo<Option<Sort>>,
    /// Called with the column whose header was clicked.
    pub on_sort: Callback<Column>,
}

/// The pets as a table (ID, Name, Category, Status; each header a sort button), each row
/// linking to the pet's view, the pets this device just added first (marked) where the read
/// did not reach them; what the search covers; an empty state; and a note when the list may
/// go on past the limit. Rows are keyed by id, status, mark and language
/// ([`Row::key`]): a read again that changes nothing
/// leaves every row element as it is (focus, a selection and the scroll position with it),
/// and a row that changed, or was marked, is drawn anew alone.
#[component]
pub fn PetTable(
    /// The list on screen (its filters are fixed for this table: another filter builds
    /// another table); none while there is none.
    listing: RwSignal<Option<Listing>>,
    /// What the wider reads found, when a search of a full list needed them
    /// (`pages/wider_reads.rs`): the search covers those pets.
    wider: Signal<Option<Arc<Side>>>,
    /// The pets this device added to the environment a moment ago, newest first, that fit the
    /// list's filter: shown first, marked, when the read did not reach them.
    added: Memo<Vec<Pet>>,
    /// The environment the pets are from: their links open them there.
    env: Environment,
    /// The current environment's links, passed in because rows are built after an `.await`,
    /// where no context can be looked up.
    current: CurrentEnv,
    /// The search and sort.
    view: ListView,
    /// The environment's category names (empty: the numbers are shown).
    categories: Categories,
) -> impl IntoView {
    let (limit, status) = listing.with_untracked(|l| {
        l.as_ref()
            .map_or((0, None), |l| (l.limit, l.status.clone()))
    });
    // The API has no total count: a full page is all we can tell.
    let full = move || listing.with(|l| l.as_ref().is_some_and(Listing::is_full));
    // What a full list says: raise the limit, or, at the service's most, narrow it.
    let limit_note = move || {
        full().then(|| match limit >= READ_LIMIT {
            true => words::most_at_a_time(&number(READ_LIMIT.into())),
            false => words::showing_first(limit as u64),
        })
    };
    let searching = move || view.search.with(|q| !q.trim().is_empty());
    let categories = StoredValue::new(categories);
    // What the files and the sheets say of the rows shown: the list's filters, and the
    // search, the category and whether there may be more as they stand at a press.
    let scope = Signal::derive(move || {
        let search = view.search.read();
        let search = search.trim();
        ExportScope {
            env,
            status: status.as_ref().map(|s| s.as_str().to_owned()),
            limit,
            maybe_more: full(),
            search: (!search.is_empty()).then(|| search.to_owned()),
            category: view.category.get(),
            categories: categories.get_value(),
        }
    });
    // The pets this device added that the reads did not reach (yet, or at all in a full list).
    let unread = Memo::new(move |_| {
        added.with(|added| {
            listing.with(|l| {
                wider.with(|wide| {
                    let read = |id: i64| {
                        l.as_ref()
                            .is_some_and(|l| l.pets.iter().any(|p| p.id == id))
                            || wide
                                .as_ref()
                                .is_some_and(|w| w.pets.iter().any(|p| p.id == id))
                    };
                    added
                        .iter()
                        .filter(|a| !read(a.id))
                        .cloned()
                        .collect::<Vec<_>>()
                })
            })
        })
    });
    // A search, and a category, cover the wider reads where there are some
    // (`pages/wider_reads.rs`).
    let shown = Memo::new(move |_| {
        let search = view.search.read();
        let category = view.category.get();
        wider.with(|wide| {
            listing.with(|l| {
                let Some(l) = l else { return Vec::new() };
                let read = match (wide, search.trim().is_empty() && category.is_none()) {
                    (Some(wide), false) => &wide.pets,
                    _ => &l.pets,
                };
                let mut pets = unread.get();
                pets.extend(read.iter().cloned());
                let mut found = search_and_sort(&pets, &search, view.sort.get());
                if let Some(category) = category {
                    found.retain(|p| p.category_id == category);
                }
                found
            })
        })
    });
    let scope_text = move || {
        let q = view.search.read();
        let q = q.trim();
        (!q.is_empty()).then(|| {
            let matching = match shown.with(Vec::len) {
                0 => words::no_pet_matches().into_owned(),
                n => words::pets_match(n as u64),
            };
            let loaded = listing.with(|l| l.as_ref().map_or(0, |l| l.pets.len()));
            let wide = wider.with(|w| w.as_ref().map(|w| (w.pets.len(), !w.full.is_empty())));
            // One note: what the search covered and matched, and what lies past it.
            let (covered, past) = match wide {
                None => (
                    words::searching_loaded(loaded as u64, &matching, q),
                    limit_note(),
                ),
                Some((read, more)) => (
                    words::searching_read(read as u64, &matching, q),
                    more.then(|| words::most_at_a_time(&number(READ_LIMIT.into()))),
                ),
            };
            match past {
                Some(past) => format!("{covered} {past}"),
                None => covered,
            }
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
                    {move || column.label()}
                </button>
            </th>
        }
    };
    let row = move |Row {
                        pet, mark, added, ..
                    }: Row| {
        let href = current.link(&Page::pet(pet.id), env);
        let status = status_badge(pet.status.as_ref());
        let new = match (added, mark == Some(Mark::New)) {
            (true, _) => Some(badge("badge-new", words::mark_added_here().into())),
            (false, true) => Some(badge("badge-new", words::mark_new().into())),
            (false, false) => None,
        };
        let was = match mark {
            Some(Mark::Changed { was }) => {
                Some(badge("was", words::status_was(&status_name(was.as_ref()))))
            }
            _ => None,
        };
        // The number columns are styled by position, not by a class on every cell.
        view! {
            <tr>
                <td>
                    <a href=href.clone()>{pet.id.to_string()}</a>
                </td>
                <td>
                    <a href=href>{pet.name}</a>
                    " "
                    {new}
                </td>
                // On a phone the header row is hidden: the cell names its column.
                <td data-label=words::column_category()>
                    {categories.with_value(|c| c.label(pet.category_id))}
                </td>
                <td>{status}{was}</td>
            </tr>
        }
    };
    // Each row with its mark and the language it is drawn in.
    let rows = move || {
        let language = language();
        shown.with(|pets| {
            listing.with(|l| {
                unread.with(|unread| {
                    pets.iter()
                        .map(|pet| Row {
                            mark: l.as_ref().and_then(|l| l.changes.mark(pet.id).cloned()),
                            added: unread.iter().any(|a| a.id == pet.id),
                            pet: pet.clone(),
                            language,
                        })
                        .collect::<Vec<_>>()
                })
            })
        })
    };
    // Built when there are rows, gone when there are none (a memo: not at every read). A
    // category none of the rows loaded holds says so as an empty list does; a search keeps
    // the table, its note saying nothing matches.
    let has_rows = Memo::new(move |_| {
        let loaded = listing.with(|l| l.as_ref().is_some_and(|l| !l.pets.is_empty()))
            || unread.with(|u| !u.is_empty());
        let emptied =
            view.category.with(Option::is_some) && !searching() && shown.with(Vec::is_empty);
        loaded && !emptied
    });
    let table = move || {
        view! {
            <p class="note search-scope" role="status">{scope_text}</p>
            <table class="pets">
                <thead>
                    <tr>{Column::ALL.map(header)}</tr>
                </thead>
                <tbody>
                    <For each=rows key=Row::key children=row />
                </tbody>
            </table>
            // Under a search, the note above says it all.
            {move || {
                (!searching())
                    .then(limit_note)
                    .flatten()
                    .map(|text| view! { <p class="note">{text}</p> })
            }}
            // The files hold what the table shows, searched and sorted.
            <ExportButtons pets=shown scope />
            // Cage cards or a stock sheet of the same rows.
            <PrintRows
                pets=shown
                scope
                read_at=Signal::derive(move || listing.with(|l| l.as_ref().map(|l| l.read_at)))
                current
            />
        }
    };
    move || match has_rows.get() {
        true => table().into_any(),
        false => view! { <p class="empty">{words::no_pets_match_filters()}</p> }.into_any(),
    }
}

/// One row of the table: a pet, its mark (or that this device just added it, unread), and
/// the language it is drawn in.
#[derive(Clone)]
struct Row {
    pet: Pet,
    mark: Option<Mark>,
    added: bool,
    language: Language,
}

impl Row {
    /// What tells a row apart from the same pet's row before: its id, status, mark and
    /// language (names and categories never change: the interface has no update). A read again
    /// that changes none of these leaves the row's element as it is.
    fn key(&self) -> (i64, Option<PetStatus>, Option<Mark>, bool, Language) {
        (
            self.pet.id,
            self.pet.status.clone(),
            self.mark.clone(),
            self.added,
            self.language,
        )
    }
}

/// What the last reads of the list found, said once in a polite live region ("2 new pets,
/// 1 changed"), and pets that left the list with why; nothing when nothing changed.
#[component]
pub fn ListChanges(
    /// The list on screen.
    listing: RwSignal<Option<Listing>>,
) -> impl IntoView {
    let text = Memo::new(move |_| {
        listing.with(|l| l.as_ref().map(|l| l.changes.clone()).unwrap_or_default())
    });
    view! { <p class="note changes" role="status">{move || text.with(changes_said)}</p> }
}

/// A status filter's options: All, then the interface's three statuses; `is_shown` says
/// whether a status (`None`: all) is the one shown.
pub fn status_options(
    is_shown: impl Fn(Option<&PetStatus>) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <option value="" prop:selected=move || is_shown(None)>{t(words::all)}</option>
        {PetStatus::KNOWN
            .map(|s| {
                let value = s.as_str().to_owned();
                let shown = s.clone();
                let text = move || status_name(Some(&shown)).into_owned();
                view! {
                    <option value=value prop:selected=move || is_shown(Some(&s))>
                        {text}
                    </option>
                }
            })}
    }
}

/// The options of a category select, one per named category in `names`' order; `is_chosen`
/// says whether a category is the one chosen.
pub fn category_options(
    names: &Categories,
    is_chosen: impl Fn(i64) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    names
        .iter()
        .map(|(id, name)| {
            let name = name.to_owned();
            view! { <option value=id.to_string() prop:selected=move || is_chosen(id)>{name}</option> }
        })
        .collect_view()
}

/// A pet's status as a badge: the word itself (never colour alone), "none" when it has none,
/// as everywhere in the app.
pub fn status_badge(status: Option<&PetStatus>) -> impl IntoView {
    let word = status_name(status).into_owned();
    let class = match status {
        Some(PetStatus::Available) => "status status-available",
        Some(PetStatus::Pending) => "status status-pending",
        Some(PetStatus::Sold) => "status status-sold",
        Some(PetStatus::Other(_)) => "status",
        None => "status status-none",
    };
    badge(class, word)
}

/// A span of `class` saying `text`.
fn badge(class: &'static str, text: String) -> impl IntoView {
    view! { <span class=class>{text}</span> }
}
