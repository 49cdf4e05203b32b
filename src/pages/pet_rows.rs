//! The list page's rows: read from the service (and read again, quietly, when due), kept on
//! screen through a read again, with their age, what changed, and the wider reads a search
//! of a full list covers.

use leptos::prelude::*;

use crate::api::ApiError;
use crate::components::{error_fallback, Freshness, ListChanges, ListView, PetTable};
use crate::config::Environment;
use crate::i18n::{t, words};
use crate::input::ListFilters;
use crate::session::{
    begin_watch, use_current_env, use_keys, use_sent, use_session, CallError, Session,
};
use crate::split::{split, SplitLoaderError};
use petstore_core::Listing;

use super::wider_reads::WiderReads;

/// The rows of `env` for `filters`. Within one environment a filter change keeps the old rows
/// (dimmed) until the new ones arrive; a read again of the same list (a refresh, Refresh, the
/// network back) changes only the rows that changed, in place, and a failed one keeps them.
#[component]
pub(super) fn PetRows(
    env: Environment,
    filters: Memo<ListFilters>,
    list_view: ListView,
) -> impl IntoView {
    let session = use_session();
    let keys = use_keys();
    let current = use_current_env();
    // The list on screen, written by the read itself (never by reading the resource outside
    // the `<Transition>`, which would hold the whole app's suspense while it loads): the last
    // one read; kept, marked failed, through a failed read again of the same list; none after
    // any other failure.
    let shown = RwSignal::new(None::<Listing>);
    // Refresh or Try again pressed: said like a new list until the answer is in (a read again
    // the timer makes stays quiet). Set by the press, put back by the read made after the last
    // press (a read already on its way when it came is not its answer). Presses are counted.
    let refreshing = RwSignal::new(false);
    let presses = StoredValue::new(0u64);
    // An Arc resource: its reader below may run once more while this part is being dropped
    // (an environment switch), and an arena resource would be gone by then.
    let pets = ArcLocalResource::new(move || {
        // Read again when the network may be back (while kept answers are shown), and when
        // the data is due to be read again (session/refresh.rs).
        session.reread();
        session.refreshes();
        // A key change (sign out everywhere) can reach this after the page that owns the
        // filters is gone: then nothing is sent.
        let asked = filters.try_get();
        // (`try_`: this may run once more while the part is dropped, as said above.)
        let pressed = presses.try_get_value().unwrap_or_default();
        let call = asked.clone().map(|f| {
            session.call(env, move |client| async move {
                let pets = client.list_pets(f.limit, f.status.as_ref()).await?;
                // Taken now: another read may change what is kept while the list is tracked.
                let kept_at = session.kept_at(env);
                // So that opening one of them shows it at once.
                session.remember_pets(env, &pets);
                let query = Listing::query(f.limit, f.status.as_ref());
                let changes = session
                    .track_list(env, query, f.status.clone(), &pets)
                    .await;
                // The filters travel with the rows, so the "first N" note and exported files
                // match what was fetched.
                let listing = Listing {
                    pets,
                    limit: f.limit,
                    status: f.status,
                    changes,
                    read_at: kept_at.unwrap_or_else(crate::clock::now),
                    failed_at: None,
                };
                Ok(listing)
            })
        });
        async move {
            let result = match call {
                Some(call) => call.await,
                None => Err(CallError::Api(ApiError::Cancelled)),
            };
            let answer = show(shown, result, asked.as_ref());
            if presses.try_get_value() == Some(pressed) {
                refreshing.try_set(false);
            }
            answer
        }
    });
    // The filters of the list on screen, if any: a read of the list already on screen is
    // quiet, no loading line, nothing dimmed; another filter builds another table.
    let shown_filters =
        Memo::new(move |_| shown.with(|l| l.as_ref().map(|l| (l.limit, l.status.clone()))));
    let WiderReads {
        reads: wider_reads,
        side: wide_side,
        on_the_way: widening,
    } = WiderReads::new(
        env,
        shown,
        shown_filters,
        list_view.search,
        list_view.category,
    );
    // The pets this device added here a moment ago that fit the list's status filter: the
    // table shows them first where its read did not reach them.
    let sent = use_sent();
    let added = Memo::new(move |_| {
        let since = crate::clock::now() as u64 - ADDED_SHOWN_MS;
        let status = shown_filters.with(|f| f.as_ref().map(|(_, s)| s.clone()));
        sent.created(env)
            .into_iter()
            .filter(|(_, at)| *at >= since)
            .map(|(pet, _)| pet)
            .filter(|pet| match &status {
                Some(Some(status)) => pet.status.as_ref() == Some(status),
                _ => true,
            })
            .collect::<Vec<_>>()
    });
    let quiet = move || {
        filters.with(|f| {
            shown_filters.with(|s| {
                s.as_ref()
                    .is_some_and(|(limit, status)| *limit == f.limit && *status == f.status)
            })
        })
    };
    let (loading, set_loading) = signal(false);
    // A search past the rows loaded reads more of the same list: not quiet, since the matches
    // may change; said (and the rows dimmed) until it is in.
    let busy = move || (loading.get() && (!quiet() || refreshing.get())) || widening.get();
    // Refresh and Try again read anew, the search's wider reads too (never a read of every
    // status kept from a moment ago).
    let retry = {
        let pets = pets.clone();
        Callback::new(move |()| {
            presses.update_value(|n| *n += 1);
            refreshing.set(true);
            session.forget_every(env);
            pets.refetch()
        })
    };
    // What the age line reads, made with the page: the line drawn for one table may take in
    // a change of the list once more as that table makes way for the next.
    let at = move |pick: fn(&Listing) -> Option<f64>| {
        Signal::derive(move || shown.with(|l| l.as_ref().and_then(pick)))
    };
    let ages = Ages {
        read_at: at(|l| Some(l.read_at)),
        failed_at: at(|l| l.failed_at),
    };
    let table = move || {
        shown_filters.get().map(|_| {
            // The age line and what changed come with the `live` chunk, fetched as the table
            // is built: the first screen is the rows. Their place stays empty until that code
            // is in, and if it cannot be downloaded.
            view! {
                <div class="live-line">
                    <Suspense>
                        {move || Suspend::new(async move { live_line(session, ages, shown, retry).await.ok() })}
                    </Suspense>
                </div>
                <PetTable
                    listing=shown
                    wider=wide_side
                    added
                    env
                    current
                    view=list_view
                    categories=session.categories(env)
                />
            }
        })
    };
    view! {
        <p class="loading" role="status">
            // Not while the sign-in form asks for a key: nothing loads until it has one.
            {move || (busy() && !keys.needs_sign_in()).then(words::loading_pets)}
        </p>
        // The rows on screen stay, dimmed and marked busy, until the new ones are in.
        // Kept answers shown while the service is out of reach are dimmed.
        <div
            class="rows"
            class:stale=move || session.kept_answer(env).is_some()
            aria-busy=move || busy().to_string()
        >
        <Transition set_pending=set_loading>
            <ErrorBoundary fallback=error_fallback(None, retry)>
                {move || {
                    let pets = pets.clone();
                    let wider_reads = wider_reads.clone();
                    Suspend::new(async move {
                    // The wider reads' failure is said here too: Try again reads the list
                    // again, and with it them.
                    match pets.await.and(wider_reads.await) {
                        // The rows are drawn below, from `shown`, so that a read again keeps
                        // every unchanged row as it is.
                        Ok(()) => Ok(().into_any()),
                        // The sign-in form is showing: an error here would only repeat it.
                        // Said while the form asks: once a key is given, the read it starts
                        // says it loads, alone.
                        Err(e) if e.needs_sign_in() => Ok((move || {
                            keys.needs_sign_in().then(|| view! { <p class="note">{t(words::sign_in_to_see_pets)}</p> })
                        }).into_any()),
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

/// How long a pet this device added shows on the list where the list's read does not reach it
/// (an hour: the rest of a morning's adding, not for good).
const ADDED_SHOWN_MS: u64 = 60 * 60 * 1000;

split! {
    live, preload_line;
    /// The list's age line (with Refresh) and its polite line of what changed; begins the
    /// session's refresh timer if it has not.
    fn live_line(
        session: Session,
        ages: Ages,
        shown: RwSignal<Option<Listing>>,
        on_refresh: Callback<()>,
    ) -> Result<AnyView, SplitLoaderError> {
        begin_watch(session);
        Ok(view! {
            <Freshness read_at=ages.read_at failed_at=ages.failed_at on_refresh />
            <ListChanges listing=shown />
        }
        .into_any())
    }
}

/// When the list on screen was read, and when a read again of it failed, if one did.
#[derive(Clone, Copy)]
struct Ages {
    read_at: Signal<Option<f64>>,
    failed_at: Signal<Option<f64>>,
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
            shown.set(Some(listing));
            return Ok(());
        }
        Err(e) => e,
    };
    let keeps = !error.needs_sign_in() && error.api() != Some(&ApiError::Cancelled);
    let kept = shown
        .try_update(|l| match l {
            Some(l) if keeps && asked.is_some_and(|f| l.is_for(f.limit, f.status.as_ref())) => {
                l.failed_at = Some(crate::clock::now());
                true
            }
            _ => false,
        })
        .unwrap_or(false);
    if kept {
        return Ok(());
    }
    if shown.try_with_untracked(Option::is_some) == Some(true) {
        shown.set(None);
    }
    Err(error)
}
