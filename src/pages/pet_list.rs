//! `/pets`: the list, filtered by status and limit (sent to the service), searched by name
//! and sorted (over the rows loaded), all kept in the URL query (written just after the rows
//! follow a change, see `session/shallow.rs`).

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use petstore_core::{Page, DEFAULT_LIMIT};
use wasm_bindgen::JsCast;

use super::pet_rows::PetRows;
use crate::api::PetStatus;
use crate::clock;
use crate::components::{
    category_options, page_title, status_options, FindPet, ListSearch, ListView, OfflineWrites,
};
use crate::i18n::problems::ignored_said;
use crate::i18n::{t, words, Label};
use crate::input::{parse_filters, parse_int64, parse_limit, Column, Sort};
use crate::session::{use_current_env, use_session, use_shallow_query};

/// How long the limit waits after a keystroke before it is applied.
const LIMIT_PAUSE: Duration = Duration::from_millis(600);

/// The list page.
#[component]
pub fn PetList() -> impl IntoView {
    let session = use_session();
    let current = use_current_env();
    // The rows follow a change at once; the address follows in the next task.
    let shallow = use_shallow_query();
    let query = shallow.query();
    let filters = Memo::new(move |_| {
        let q = query.read();
        parse_filters(q.get_str("status"), q.get_str("limit"))
    });

    let set_query = shallow.setter();
    let search = Memo::new(move |_| query.read().get("q").unwrap_or_default());
    let sort = Memo::new(move |_| query.read().get_str("sort").and_then(Sort::parse));
    // The category filter, where the deployment names its categories or the address names one
    // (the Store page's links do, named or not): the select then offers it by its number.
    let names = Memo::new(move |_| session.categories(current.env()));
    let category = Memo::new(move |_| {
        query
            .read()
            .get_str("category")
            .and_then(|c| parse_int64(c).ok())
    });
    let set_sort = set_query.clone();
    let on_sort = Callback::new(move |column| {
        let next = Sort::after_click(sort.get_untracked(), column);
        set_sort("sort", Some(next.as_query()), false);
    });
    let list_view = ListView {
        search,
        category,
        sort,
        on_sort,
    };
    // The Find a pet box is the list's search: each name typed replaces the address rather
    // than adding to the history, and Enter on a name one pet has opens it.
    let set_search = set_query.clone();
    let on_search = Callback::new(move |text: String| {
        session.note_typing();
        set_search("q", (!text.is_empty()).then_some(text), true);
    });
    let only_match = Callback::new(move |text: String| {
        let env = current.env_untracked();
        let (status, category) = (filters.get_untracked().status, category.get_untracked());
        let found: Vec<i64> = session
            .known_named(env, &text)
            .into_iter()
            .filter(|p| status.is_none() || p.status == status)
            .filter(|p| category.is_none_or(|c| p.category_id == c))
            .map(|p| p.id)
            .collect();
        (found.len() == 1).then(|| found[0])
    });
    let list_search = ListSearch {
        text: search,
        on_input: on_search,
        only_match,
    };
    focus_search_on_slash();
    let set_param = move |key, value| set_query(key, value, false);
    // What the limit field holds while it is not a valid limit; `None` once it is.
    let (bad_limit, set_bad_limit) = signal(None::<String>);
    let set_category = set_param.clone();
    let set_sort_param = set_param.clone();
    let on_category = move |ev| {
        let value = event_target_value(&ev);
        set_category("category", (!value.is_empty()).then_some(value));
    };
    // A category the address names that the deployment does not: offered by its number. (A
    // memo, so that choosing a named category does not draw the select anew.)
    let unnamed = Memo::new(move |_| {
        category
            .get()
            .filter(|id| names.with(|n| n.name(*id).is_none()))
    });
    let category_filter = move || {
        let unnamed = unnamed.get();
        names.with(|names| {
            (!names.is_empty() || unnamed.is_some()).then(|| {
                let options = category_options(names, move |id| category.get() == Some(id));
                let unnamed = unnamed.map(|id| {
                    view! {
                        <option value=id.to_string() selected>
                            {words::store_category_number(&id.to_string())}
                        </option>
                    }
                });
                view! {
                    <div class="field">
                        <label for="category-filter">{t(words::column_category)}</label>
                        <select id="category-filter" on:change=on_category.clone()>
                            <option value="" prop:selected=move || category.get().is_none()>
                                {t(words::all)}
                            </option>
                            {options}
                            {unnamed}
                        </select>
                    </div>
                }
            })
        })
    };
    let set_status = set_param.clone();
    let on_status = move |ev| {
        let value = event_target_value(&ev);
        set_status("status", (!value.is_empty()).then_some(value));
    };
    // Checked as the user types (so the message goes as soon as the value is right again),
    // and applied once the typing pauses: each limit is a read of the service, and "100"
    // typed is not meant as "1" then "10". Enter or leaving the field applies it at once.
    let check_limit = move |text: String| {
        let bad = parse_limit(&text).is_none().then_some(text);
        if bad_limit.with_untracked(|b| *b != bad) {
            set_bad_limit.set(bad);
        }
    };
    let limit_wait = StoredValue::new(None::<clock::Wait>);
    on_cleanup(move || drop(limit_wait.try_update_value(Option::take)));
    let apply_limit = move |text: String| {
        limit_wait.set_value(None);
        if let Some(n) = parse_limit(&text) {
            set_param("limit", Some(n.to_string()));
        }
        check_limit(text);
    };
    let apply_later = apply_limit.clone();
    let on_limit_input = move |ev| {
        session.note_typing();
        let text = event_target_value(&ev);
        check_limit(text.clone());
        let apply = apply_later.clone();
        limit_wait.set_value(Some(clock::after(LIMIT_PAUSE, move || apply(text))));
    };
    let on_limit = move |ev| apply_limit(event_target_value(&ev));
    let limit_invalid = move || bad_limit.with(Option::is_some);
    let on_sort_select = Callback::new(move |sort: Option<Sort>| {
        set_sort_param("sort", sort.map(Sort::as_query));
    });
    // How many of the filters differ from the list as it first shows.
    let filters_said = move || {
        let set = filters
            .with(|f| usize::from(f.status.is_some()) + usize::from(f.limit != DEFAULT_LIMIT))
            + usize::from(category.get().is_some())
            + usize::from(sort.get().is_some());
        match set {
            0 => words::filters().into_owned(),
            n => words::filters_set(n as u64),
        }
    };
    let status_is = move |s: Option<&PetStatus>| filters.with(|f| f.status.as_ref() == s);
    // An unusable sort is said, like an unusable status or limit, and the rows keep the
    // service's order.
    let sort_note = Memo::new(move |_| {
        let q = query.read();
        let raw = q.get_str("sort").filter(|s| !s.is_empty())?;
        Sort::parse(raw).is_none().then(|| words::unknown_sort(raw))
    });
    // Remembered for "Back to the list" (outside the reactive graph: a plain value).
    let location = use_location();
    // The router may run this once more on its way to the next page: only the list's own
    // address is kept.
    Effect::new(move |_| {
        if location.pathname.with(|p| Page::List.is_at(p)) {
            let query = location.query.with(|q| q.to_query_string());
            session.note_list_query(current.env(), query);
        }
    });
    page_title(move || words::page_with_environment(&current.env().label(), &words::nav_pets()));
    let unavailable = move || session.read_only(current.env());

    view! {
        <div class="page-head list-head">
            <h1>{t(words::nav_pets)}</h1>
            <div class="page-actions">
                <a
                    class="button"
                    class:unavailable=unavailable
                    href=move || current.href(&Page::New)
                >
                    {t(words::add_pet)}
                </a>
                <a
                    class="button secondary"
                    class:unavailable=unavailable
                    href=move || current.href(&Page::Import)
                    title=t(words::import_title)
                >
                    {t(words::import)}
                </a>
            </div>
        </div>
        // Add pet and Import lead to forms that cannot send while the service is out of reach:
        // said under them.
        {move || view! { <OfflineWrites env=current.env() /> }}
        // A customer points at a cage: its card's code, scanned or typed, opens the pet.
        <FindPet search=list_search />
        // On a phone the filters fold behind one line that says how many are set, so the
        // pets come first; wider, they start open.
        <details class="filters-fold" open=wide_window()>
            <summary>{filters_said}</summary>
            <form class="filters" on:submit=|ev| ev.prevent_default()>
            <div class="field">
                <label for="status-filter">{t(words::column_status)}</label>
                <select id="status-filter" on:change=on_status>
                    {status_options(status_is)}
                </select>
            </div>
            {category_filter}
            <SortSelect sort on_change=on_sort_select />
            <div class="field">
                <label for="limit">{t(words::limit)}</label>
                <input
                    id="limit"
                    type="number"
                    min="1"
                    max="100"
                    step="1"
                    inputmode="numeric"
                    aria-describedby="limit-error"
                    aria-invalid=move || limit_invalid().to_string()
                    prop:value=move || filters.with(|f| f.limit.to_string())
                    on:input=on_limit_input
                    on:change=on_limit
                />
                <p id="limit-error" class="field-error">
                    {move || limit_invalid().then(words::limit_must_be)}
                </p>
            </div>
            </form>
        </details>
        {move || {
            filters
                .with(|f| f.ignored.iter().map(ignored_said).collect::<Vec<_>>())
                .into_iter()
                .chain(sort_note.get())
                .map(|note| view! { <p class="note">{note}</p> })
                .collect_view()
        }}
        // Rows belong to one environment: switching builds this part anew, which aborts the
        // old environment's request and never shows its rows under the new band.
        {move || view! { <PetRows env=current.env() filters list_view /> }}
    }
}

/// The sort as a select, for a phone, where the table's headers (its sort buttons) are not
/// shown; wider, the headers sort and this is hidden.
#[component]
fn SortSelect(sort: Memo<Option<Sort>>, on_change: Callback<Option<Sort>>) -> impl IntoView {
    let options = Column::ALL
        .into_iter()
        .flat_map(|column| [false, true].map(|descending| Sort { column, descending }))
        .map(|option| {
            let text = move || match option.descending {
                false => words::sort_ascending(&option.column.label()),
                true => words::sort_descending(&option.column.label()),
            };
            view! {
                <option value=option.as_query() prop:selected=move || sort.get() == Some(option)>
                    {text}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="field sort-field">
            <label for="sort-select">{t(words::sort_by)}</label>
            <select
                id="sort-select"
                on:change=move |ev| on_change.run(Sort::parse(&event_target_value(&ev)))
            >
                <option value="" prop:selected=move || sort.get().is_none()>
                    {t(words::sort_none)}
                </option>
                {options}
            </select>
        </div>
    }
}

/// Whether the page is laid out wider than a phone: the style sheet's own media query, so the
/// fold starts open exactly where the style sheet shows the table's headers.
fn wide_window() -> bool {
    window()
        .match_media("(max-width: 40rem)")
        .ok()
        .flatten()
        .is_none_or(|phone| !phone.matches())
}

/// `/` focuses the Find a pet box (the list's search), unless the user is typing in a field
/// (where it is a character).
fn focus_search_on_slash() {
    let handle = window_event_listener(leptos::ev::keydown, |ev| {
        if ev.key() != "/" || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            .is_some_and(|el| {
                matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    || el.is_content_editable()
            });
        let search = document()
            .get_element_by_id("find-pet")
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let (false, Some(search)) = (typing, search) {
            ev.prevent_default();
            let _ = search.focus();
        }
    });
    on_cleanup(move || handle.remove());
}
