//! The wider reads a search of the list covers when its rows filled the limit: the service
//! lists oldest first, so a pet added a minute ago is past the limit of a big store. They are
//! a resource of their own, read after the list and from it (data runs one way: the list's
//! read, the list on screen, these reads): the list's status alone up to 100, or each status
//! and any, merged by id, the plan the compare page reads with too (`Client::list_every`).

use std::sync::Arc;

use futures::future::LocalBoxFuture;
use leptos::prelude::*;
use petstore_core::{Listing, Side};

use crate::api::{ApiError, Client, PetStatus};
use crate::config::Environment;
use crate::session::{use_session, CallError};
use crate::split::{split, SplitLoaderError};

/// The list the wider reads were asked for: its filters, and when it was read (a read again
/// of that list asks again).
#[derive(Clone, Debug, PartialEq)]
struct Asked {
    /// The list's limit and status, as the list on screen names them (`shown_filters`).
    filters: (u32, Option<PetStatus>),
    read_at: f64,
}

/// What the wider reads found for the list they were asked for: none when they failed or
/// their code could not be downloaded (the search then covers the rows loaded, and says so).
#[derive(Clone, Debug)]
struct Found {
    asked: Asked,
    side: Option<Arc<Side>>,
}

/// The wider reads of one environment's list, built by its rows.
pub(super) struct WiderReads {
    /// The reads: `Ok` once they are in, or when none are needed.
    pub reads: ArcLocalResource<Result<(), CallError>>,
    /// What they found for the list on screen, once read for its filters.
    pub side: Signal<Option<Arc<Side>>>,
    /// Whether a search waits for them: its matches may still change (the page says it is
    /// loading). Not while a list they already covered is read again.
    pub on_the_way: Signal<bool>,
}

impl WiderReads {
    /// The wider reads for the list on screen (`shown`, with its filters `shown_filters`),
    /// asked for when `search` is typed, or a `category` chosen, over a list that needs them
    /// ([`Listing::needs_wider_reads`]) and again after each read of that list; kept when the
    /// search is cleared, so typing again reads nothing more. (A category's pets are counted
    /// on the Store page from the same reads: its link shows them all.)
    pub fn new(
        env: Environment,
        shown: RwSignal<Option<Listing>>,
        shown_filters: Memo<Option<(u32, Option<PetStatus>)>>,
        search: Memo<String>,
        category: Memo<Option<i64>>,
    ) -> WiderReads {
        let session = use_session();
        let searching =
            Memo::new(move |_| !search.read().trim().is_empty() || category.with(Option::is_some));
        // Its own last value tells a search cleared over the same read (kept) from a new read.
        let asked = Memo::new(move |before: Option<&Option<Asked>>| {
            let now = shown.with(|l| {
                l.as_ref().filter(|l| l.needs_wider_reads()).map(|l| Asked {
                    filters: (l.limit, l.status.clone()),
                    read_at: l.read_at,
                })
            });
            let kept = now.is_some() && before == Some(&now);
            (searching.get() || kept).then_some(now).flatten()
        });
        // An Arc signal: the reads' answer may come after this part of the page is gone.
        let found = ArcRwSignal::new(None::<Found>);
        let reads = ArcLocalResource::new({
            let found = found.clone();
            move || {
                // A key change (Sign out everywhere) can rerun this after the page that owns
                // `asked` is gone: then nothing is read.
                let asked = asked.try_get().flatten();
                // A read of every status the Store page made, while no read is due, is the
                // same read: shared, not made twice.
                let kept = asked
                    .as_ref()
                    .filter(|a| a.filters.1.is_none())
                    .and_then(|_| session.kept_every(env));
                let call = asked.as_ref().filter(|_| kept.is_none()).map(|a| {
                    let status = a.filters.1.clone();
                    // A read is as old as its start: a pet sent meanwhile may be missing.
                    let started = crate::clock::now();
                    session.call(env, move |client| async move {
                        // If their code cannot be downloaded, the search covers the rows
                        // loaded.
                        let every = status.is_none();
                        let Ok(reads) = read_wide(client, status).await else {
                            return Ok(None);
                        };
                        let side = Arc::new(reads.await?);
                        // So that opening one of them shows it at once.
                        session.remember_pets(env, &side.pets);
                        if every {
                            session.keep_every(env, side.clone(), started);
                        }
                        Ok(Some(side))
                    })
                });
                let found = found.clone();
                async move {
                    if let (Some(asked), Some(side)) = (asked.clone(), kept) {
                        found.set(Some(Found {
                            asked,
                            side: Some(side.0),
                        }));
                        return Ok(());
                    }
                    let (Some(asked), Some(call)) = (asked, call) else {
                        // Nothing asked now (no search, or a new read of the list): what
                        // earlier reads found is out of date, and a search typed again reads
                        // anew, said as loading.
                        found.set(None);
                        return Ok(());
                    };
                    let result = call.await;
                    // Cut off because this part of the page went away (a resource runs one
                    // read at a time, so no newer one is waiting): nothing to keep.
                    if let Err(e) = &result {
                        if e.api() == Some(&ApiError::Cancelled) {
                            return Ok(());
                        }
                    }
                    let side = result.as_ref().ok().cloned().flatten();
                    found.set(Some(Found { asked, side }));
                    result.map(|_| ())
                }
            }
        });
        // Derived, not a memo. The table reads it twice: in its search line, and through its
        // memo of the rows. With a memo here, when that memo of the rows recomputed to the
        // same rows, reactive_graph 0.2 left the search line unrun ("3 pets loaded" beside
        // the wider reads' matches): the test `a_link_with_a_search_reads_a_full_list_once`
        // catches it. (`Arc`: read twice per keystroke, the pets are not copied.)
        let side = {
            let found = found.clone();
            Signal::derive(move || {
                found.with(|f| {
                    let f = f.as_ref()?;
                    let on_screen = shown_filters.with(|s| s.as_ref() == Some(&f.asked.filters));
                    on_screen.then(|| f.side.clone()).flatten()
                })
            })
        };
        let on_the_way = Signal::derive(move || {
            asked.with(|a| {
                a.as_ref().is_some_and(|a| {
                    !found.with(|f| f.as_ref().is_some_and(|f| f.asked.filters == a.filters))
                })
            })
        });
        WiderReads {
            reads,
            side,
            on_the_way,
        }
    }
}

split! {
    live, preload_wide;
    /// The wider reads themselves: in the `live` chunk with the tracker, since a list only
    /// needs them once a search is typed. (Boxed: a split function cannot be `async` itself.)
    fn read_wide(
        client: Client,
        status: Option<PetStatus>,
    ) -> Result<LocalBoxFuture<'static, Result<Side, ApiError>>, SplitLoaderError> {
        Ok(Box::pin(async move { client.list_every(status.as_ref()).await }))
    }
}
