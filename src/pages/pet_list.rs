//! `/pets`: the list, filtered by status and limit (sent to the service), searched by name
//! and sorted (over the rows loaded), all kept in the URL query.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_query_map};
use wasm_bindgen::JsCast;

use crate::api::{ApiError, Client, Pet, PetStatus};
use crate::compare::{reads, READ_LIMIT};
use crate::components::{
    error_fallback, page_title, status_options, Freshness, ListChanges, ListView, PetTable,
};
use crate::config::Environment;
use crate::input::{parse_filters, parse_limit, ListFilters, Sort};
use crate::live::Listing;
use crate::session::{use_session, use_set_query, CallError};

/// The list page.
#[component]
pub fn PetList() -> impl IntoView {
    let session = use_session();
    let query = use_query_map();
    let filters = Memo::new(move |_| {
        let q = query.read();
        parse_filters(q.get_str("status"), q.get_str("limit"))
    });

    let set_query = use_set_query();
    let search = Memo::new(move |_| query.read().get("q").unwrap_or_default());
    let sort = Memo::new(move |_| query.read().get_str("sort").and_then(Sort::parse));
    let set_sort = set_query.clone();
    let on_sort = Callback::new(move |column| {
        let next = Sort::after_click(sort.get_untracked(), column);
        set_sort("sort", Some(next.as_query()), false);
    });
    let list_view = ListView {
        search,
        sort,
        on_sort,
    };
    // Each keystroke replaces the address rather than adding to the history.
    let set_search = set_query.clone();
    let on_search = move |ev| {
        session.note_typing();
        let text = event_target_value(&ev);
        set_search("q", (!text.is_empty()).then_some(text), true);
    };
    focus_search_on_slash();
    let set_param = move |key, value| set_query(key, value, false);
    // What the limit field holds while it is not a valid limit; `None` once it is.
    let (bad_limit, set_bad_limit) = signal(None::<String>);
    let set_status = set_param.clone();
    let on_status = move |ev| {
        let value = event_target_value(&ev);
        set_status("status", (!value.is_empty()).then_some(value));
    };
    // Checked as the user types (so the message goes as soon as the value is right again) and
    // on change (some ways of emptying a field send only that); sent on change (Enter or
    // leaving the field), so a half-typed number is not fetched.
    let check_limit = move |text: String| {
        let bad = parse_limit(&text).is_none().then_some(text);
        if bad_limit.with_untracked(|b| *b != bad) {
            set_bad_limit.set(bad);
        }
    };
    let on_limit_input = move |ev| {
        session.note_typing();
        check_limit(event_target_value(&ev))
    };
    let on_limit = move |ev| {
        let text = event_target_value(&ev);
        if let Some(n) = parse_limit(&text) {
            set_param("limit", Some(n.to_string()));
        }
        check_limit(text);
    };
    let limit_invalid = move || bad_limit.with(Option::is_some);
    let status_is = move |s: Option<&PetStatus>| filters.with(|f| f.status.as_ref() == s);
    // An unusable sort is said, like an unusable status or limit, and the rows keep the
    // service's order.
    let sort_note = Memo::new(move |_| {
        let q = query.read();
        let raw = q.get_str("sort").filter(|s| !s.is_empty())?;
        Sort::parse(raw)
            .is_none()
            .then(|| format!("Unknown sort “{raw}” in the address: showing the service's order."))
    });
    // Remembered for "Back to the list" (outside the reactive graph: a plain value).
    let location = use_location();
    // The router may run this once more on its way to the next page: only the list's own
    // address is kept.
    Effect::new(move |_| {
        if location.pathname.with(|p| p.ends_with("/pets")) {
            let query = location.query.with(|q| q.to_query_string());
            session.note_list_query(session.env(), query);
        }
    });
    page_title(move || format!("Pets ({})", session.env().label()));

    view! {
        <div class="page-head">
            <h1>"Pets"</h1>
            <div class="page-actions">
                <a class="button" href=move || session.href("/pets/new")>"Add pet"</a>
                <a
                    class="button secondary"
                    href=move || session.href("/pets/import")
                    title="Add many pets from a spreadsheet"
                >
                    "Import"
                </a>
            </div>
        </div>
        <form class="filters" on:submit=|ev| ev.prevent_default()>
            <div class="field">
                <label for="search">"Search by name"</label>
                <input
                    id="search"
                    type="search"
                    aria-keyshortcuts="/"
                    prop:value=move || search.get()
                    on:input=on_search
                />
            </div>
            <div class="field">
                <label for="status-filter">"Status"</label>
                <select id="status-filter" on:change=on_status>
                    {status_options(status_is)}
                </select>
            </div>
            <div class="field">
                <label for="limit">"Limit"</label>
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
                    {move || limit_invalid().then_some("The limit must be a whole number from 1 to 100.")}
                </p>
            </div>
        </form>
        {move || {
            filters
                .with(|f| f.ignored.clone())
                .into_iter()
                .chain(sort_note.get())
                .map(|note| view! { <p class="note">{note}</p> })
                .collect_view()
        }}
        // Rows belong to one environment: switching builds this part anew, which aborts the
        // old environment's request and never shows its rows under the new band.
        {move || view! { <PetRows env=session.env() filters list_view /> }}
    }
}

/// `/` focuses the search, unless the user is typing in a field (where it is a character).
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
            .get_element_by_id("search")
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
        if let (false, Some(search)) = (typing, search) {
            ev.prevent_default();
            let _ = search.focus();
        }
    });
    on_cleanup(move || handle.remove());
}

/// The rows of `env` for `filters`. Within one environment a filter change keeps the old rows
/// (dimmed) until the new ones arrive; a read again of the same list (a refresh, Refresh, the
/// network back) changes only the rows that changed, in place, and a failed one keeps them.
#[component]
fn PetRows(env: Environment, filters: Memo<ListFilters>, list_view: ListView) -> impl IntoView {
    let session = use_session();
    // The list on screen, written by the read itself (never by reading the resource outside
    // the `<Transition>`, which would hold the whole app's suspense while it loads): the last
    // one read; kept, marked failed, through a failed read again of the same list; none after
    // any other failure.
    let shown = RwSignal::new(None::<Listing>);
    // A search of a list that filled its limit reaches past it (below): it needs the wider
    // reads. (A list that did not fill it holds every pet there is: nothing to read again.)
    let wide = Memo::new(move |_| {
        !list_view.search.read().trim().is_empty()
            && shown.with(|l| l.as_ref().is_some_and(Listing::is_full))
    });
    // An Arc resource: its reader below may run once more while this part is being dropped
    // (an environment switch), and an arena resource would be gone by then.
    let pets = ArcLocalResource::new(move || {
        // Read again when the network may be back (while kept answers are shown), and when
        // the data is due to be read again (session/refresh.rs).
        session.reread();
        session.refreshes();
        let searching = wide.try_get().unwrap_or(false);
        // A key change (sign out everywhere) can reach this after the page that owns the
        // filters is gone: then nothing is sent.
        let asked = filters.try_get();
        let call = asked.clone().map(|f| {
            session.call(env, move |client| async move {
                let pets = client.list_pets(f.limit, f.status.as_ref()).await?;
                // So that opening one of them shows it at once.
                session.remember_pets(env, &pets);
                let query = Listing::query(f.limit, f.status.as_ref());
                let changes = session.track_list(env, &query, &pets);
                let full = pets.len() >= usize::try_from(f.limit).unwrap_or(usize::MAX);
                let wide = match searching && full {
                    true => read_wide(&client, f.status.as_ref(), f.limit).await?,
                    false => None,
                };
                if let Some((pets, _)) = &wide {
                    session.remember_pets(env, pets);
                }
                // The filters travel with the rows, so the "first N" note and exported files
                // match what was fetched.
                Ok(Listing {
                    pets,
                    limit: f.limit,
                    status: f.status,
                    changes,
                    read_at: js_sys::Date::now(),
                    failed_at: None,
                    wide_full: wide.as_ref().is_some_and(|(_, full)| *full),
                    wide: wide.map(|(pets, _)| pets),
                })
            })
        });
        async move {
            let result = match call {
                Some(call) => call.await,
                None => Err(CallError::Api(ApiError::Cancelled)),
            };
            show(shown, result, asked.as_ref())
        }
    });
    // The filters of the list on screen, as one number (another memo type would add code to
    // the first screen; 0 for none): a read of the list already on screen is quiet, no loading
    // line, nothing dimmed; another filter builds another table.
    let shown_filters = Memo::new(move |_| {
        shown.with(|l| {
            l.as_ref()
                .map_or(0, |l| filters_code(l.limit, l.status.as_ref()))
        })
    });
    let quiet = move || {
        let asked = filters.with(|f| filters_code(f.limit, f.status.as_ref()));
        shown_filters.get() == asked
    };
    let (loading, set_loading) = signal(false);
    let busy = move || loading.get() && !quiet();
    let retry = {
        let pets = pets.clone();
        Callback::new(move |()| pets.refetch())
    };
    let table = move || {
        (shown_filters.get() != 0).then(|| {
            let at = move |pick: fn(&Listing) -> Option<f64>| {
                Signal::derive(move || shown.with(|l| l.as_ref().and_then(pick)))
            };
            view! {
                <Freshness
                    read_at=at(|l| Some(l.read_at))
                    failed_at=at(|l| l.failed_at)
                    on_refresh=retry
                />
                <ListChanges listing=shown />
                <PetTable listing=shown env session view=list_view />
            }
        })
    };
    view! {
        <p class="loading" role="status">
            // Not while the sign-in form asks for a key: nothing loads until it has one.
            {move || (busy() && !session.needs_sign_in()).then_some("Loading pets…")}
        </p>
        // The rows on screen stay, dimmed and marked busy, until the new ones are in.
        // Kept answers shown while the service is out of reach are dimmed.
        <div
            class="rows"
            class:stale=move || session.stale_since(env).is_some()
            aria-busy=move || busy().to_string()
        >
        <Transition set_pending=set_loading>
            <ErrorBoundary fallback=error_fallback(None, retry)>
                {move || {
                    let pets = pets.clone();
                    Suspend::new(async move {
                    match pets.await {
                        // The rows are drawn below, from `shown`, so that a read again keeps
                        // every unchanged row as it is.
                        Ok(()) => Ok(().into_any()),
                        // The sign-in form is showing: an error here would only repeat it.
                        Err(e) if e.needs_sign_in() => Ok(view! { <p class="note">"Sign in to see the pets."</p> }.into_any()),
                        Err(e) => Err(e),
                    }
                })
                }}
            </ErrorBoundary>
        </Transition>
        {table}
        </div>
    }
}

/// A list's filters as one number, never 0: the limit and which status.
fn filters_code(limit: u32, status: Option<&PetStatus>) -> u32 {
    let status = PetStatus::KNOWN
        .iter()
        .position(|s| Some(s) == status)
        .map_or(0, |i| i as u32 + 1);
    limit * 8 + status
}

/// The wider reads a search covers when the list filled its limit (the service lists oldest
/// first, so a pet added a minute ago is past the limit of a big store): `status` alone up to
/// [`READ_LIMIT`], or each status and any, as the compare page reads, merged by id (in the
/// order read); and whether one of them came back full. `None` where they would read nothing more
/// than the list itself. One after the other: a search is not in a hurry, and joining them
/// would add code to the first screen.
async fn read_wide(
    client: &Client,
    status: Option<&PetStatus>,
    limit: u32,
) -> Result<Option<(Vec<Pet>, bool)>, ApiError> {
    let asked: Vec<Option<PetStatus>> = match status {
        Some(_) if limit >= READ_LIMIT => return Ok(None),
        Some(s) => vec![Some(s.clone())],
        None => reads().to_vec(),
    };
    let (mut all, mut full) = (Vec::new(), false);
    for status in asked {
        let pets = client.list_pets(READ_LIMIT, status.as_ref()).await?;
        full |= pets.len() >= READ_LIMIT as usize;
        // (At most 400 pets: a look-up each is cheaper than the code of a sort.)
        for pet in pets {
            if !all.iter().any(|p: &Pet| p.id == pet.id) {
                all.push(pet);
            }
        }
    }
    Ok(Some((all, full)))
}

/// Puts what a read brought on screen (`shown`): a list; or, when a read of the list already
/// on screen (read with the filters `asked`) failed, that list marked with when; or, after
/// any other failure, nothing (the page's error or the sign-in form says why).
fn show(
    shown: RwSignal<Option<Listing>>,
    result: Result<Listing, CallError>,
    asked: Option<&ListFilters>,
) -> Result<(), CallError> {
    let error = match result {
        Ok(listing) => {
            shown.try_set(Some(listing));
            return Ok(());
        }
        Err(e) => e,
    };
    let keeps = !error.needs_sign_in() && error.api() != Some(&ApiError::Cancelled);
    let kept = shown
        .try_update(|l| match l {
            Some(l) if keeps && asked.is_some_and(|f| l.is_for(f.limit, f.status.as_ref())) => {
                l.failed_at = Some(js_sys::Date::now());
                true
            }
            _ => false,
        })
        .unwrap_or(false);
    if kept {
        return Ok(());
    }
    if shown.try_with_untracked(Option::is_some) == Some(true) {
        shown.try_set(None);
    }
    Err(error)
}
