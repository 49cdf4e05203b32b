//! A page's query changed ahead of the address, as shallow routing does (SvelteKit's
//! `replaceState`/`pushState`, nuqs): the page redraws from the new query at once, and the
//! address is written in the next task, with the history entry it always had. The router's
//! navigation (writing the history, parsing the address, notifying everything that reads it)
//! costs more than a frame (docs/benchmark.md): the change's own task no longer waits behind
//! it, so a status's request leaves first and a search is drawn first. (The answer to that
//! request still waits behind the write: see docs/benchmark.md for what that leaves.)

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::location::Location;
use leptos_router::params::ParamsMap;

use super::{go_to_query, set_param};

/// The query a page shows: the address's, or a change not yet written to it.
#[derive(Clone)]
pub struct ShallowQuery {
    shown: Memo<ParamsMap>,
    ahead: RwSignal<Option<Ahead>>,
    location: Location,
    address: Memo<ParamsMap>,
}

/// A change not yet in the address.
#[derive(Clone, Debug, PartialEq)]
struct Ahead {
    /// The address (path and query) it was made on: it stands only while that is the address.
    from: String,
    /// The query to show and to write.
    query: ParamsMap,
    /// Whether the write replaces the history's entry rather than adding one.
    replace: bool,
}

/// The page's query, changed ahead of the address (see the module's docs). Call in the page's
/// component: a change not yet written when the page goes is dropped with it.
pub fn use_shallow_query() -> ShallowQuery {
    let address = use_query_map();
    let location = use_location();
    let ahead = RwSignal::new(None::<Ahead>);
    let shown = Memo::new({
        let location = location.clone();
        move |_| {
            let here = here(&location, address);
            // A change made on this address stands until the address holds it; once the address
            // is anything else (written, or Back, a link), the address is what shows.
            ahead
                .with(|a| {
                    a.as_ref()
                        .filter(|a| a.from == here)
                        .map(|a| a.query.clone())
                })
                .unwrap_or_else(|| address.get())
        }
    });
    ShallowQuery {
        shown,
        ahead,
        location,
        address,
    }
}

/// Whether `change` is still the one ahead of the address (no later one, the page not gone).
fn still_ahead(ahead: RwSignal<Option<Ahead>>, change: &Ahead) -> bool {
    ahead.try_with_untracked(|a| a.as_ref() == Some(change)) == Some(true)
}

/// The address now, path and query (tracked).
fn here(location: &Location, address: Memo<ParamsMap>) -> String {
    let path = location.pathname.get();
    format!("{path}{}", address.with(ParamsMap::to_query_string))
}

impl ShallowQuery {
    /// The query shown (tracked).
    pub fn query(&self) -> Memo<ParamsMap> {
        self.shown
    }

    /// Returns `set(key, value, replace)`: sets (or, with `None`, removes) one parameter of the
    /// query shown, at once, and of the address in the next task (`replace` keeps it out of the
    /// history). Changes made within one task are written together, as one entry.
    pub fn setter(&self) -> impl Fn(&'static str, Option<String>, bool) + Clone {
        let (shown, ahead, address) = (self.shown, self.ahead, self.address);
        let location = self.location.clone();
        let navigate = use_navigate();
        move |key, value, replace| {
            let mut query = shown.get_untracked();
            set_param(&mut query, key, value);
            let from = untrack(|| here(&location, address));
            // A change on top of one not yet written: one write, an entry if either adds one.
            let replace = replace
                && ahead.with_untracked(|a| a.as_ref().is_none_or(|a| a.from != from || a.replace));
            let change = Ahead {
                from,
                query,
                replace,
            };
            ahead.set(Some(change.clone()));
            let (location, navigate) = (location.clone(), navigate.clone());
            let write = move || {
                // Only the last change, and only on the address it was made on (not after a
                // link or Back meanwhile).
                if !still_ahead(ahead, &change) {
                    return;
                }
                if untrack(|| here(&location, address)) == change.from {
                    go_to_query(&navigate, &location, &change.query, change.replace);
                }
                // What the page reads of the address (`use_query_map`) follows as the router
                // redraws, once this task's own work is done (not within `navigate`): the
                // change stands until then, and the address holds it after.
                set_timeout(
                    move || {
                        if still_ahead(ahead, &change) {
                            ahead.set(None);
                        }
                    },
                    Duration::ZERO,
                );
            };
            // In a task of its own, after this one: by then the rows are drawn (a search, a
            // sort) or their request is on its way (a status, a limit), and the browser may
            // paint before it runs.
            set_timeout(write, Duration::ZERO);
        }
    }
}
