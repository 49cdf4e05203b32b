//! `/store`: the store at a glance. How many pets of each status the environment has, per
//! category as a chart and as the table it is drawn from, and the pets this device added there
//! today and in the past week. One read of every status (the largest limit, merged by id, as
//! the list's search and the compare page read), shared with the list's search while no
//! read is due, read again like the list (the timer, the tab shown again, the network back),
//! and kept on screen through a failed read again.

use std::sync::Arc;

use leptos::prelude::*;
use petstore_core::{added_lately, Glance, Page, Side, READ_LIMIT};

use crate::api::ApiError;
use crate::clock;
use futures::future::LocalBoxFuture;

use crate::components::{
    category_label, clock_time, page_title, ErrorAlert, Freshness, Patterns, StoreChart,
    StoreCounts,
};
use crate::config::Environment;
use crate::i18n::{call_said, day_long, number, status_name, t, words, Label};
use crate::session::{use_current_env, use_sent, use_session, CallError, CurrentEnv};

/// How many of the pets added today, and in the week before, are listed.
const ADDED_SHOWN: usize = 20;

/// A read of every status on screen: what it found, when, and when a read again failed.
#[derive(Clone, Debug)]
struct Read {
    side: Arc<Side>,
    read_at: f64,
    failed_at: Option<f64>,
}

/// The Store page.
#[component]
pub fn Store() -> impl IntoView {
    let current = use_current_env();
    page_title(move || words::page_with_environment(&current.env().label(), &words::nav_store()));
    view! {
        <div class="page-head store-head">
            <h1>{t(words::store_title)}</h1>
            <div class="page-actions">
                <button type="button" class="secondary" on:click=|_| {
                    let _ = window().print();
                }>{t(words::store_print)}</button>
            </div>
        </div>
        // Figures belong to one environment: a switch builds them anew (and aborts the reads).
        {move || {
            let env = current.env();
            view! {
                <div class="store">
                    <StoreFigures env current />
                    <AddedLately env current />
                </div>
            }
        }}
    }
}

/// The counts and the chart of `env`, read once and again when due.
#[component]
fn StoreFigures(env: Environment, current: CurrentEnv) -> impl IntoView {
    let session = use_session();
    // The read on screen, written by the read itself (as the list's rows are): a read again
    // that changes nothing redraws nothing, and a failed one keeps it, marked.
    let shown = RwSignal::new(None::<Read>);
    // Whether a read has come back, set by the read (reading the resource here would suspend
    // the whole page while it reads again).
    let answered = RwSignal::new(false);
    let read = LocalResource::new(move || {
        session.reread();
        session.refreshes();
        let started = clock::now();
        let read: LocalBoxFuture<'static, Result<(Arc<Side>, f64), CallError>> =
            match session.kept_every(env) {
                // The list's search read the same a moment ago.
                Some(kept) => Box::pin(async move { Ok(kept) }),
                None => {
                    let call = session.call(env, move |client| async move {
                        let side = Arc::new(client.list_every(None).await?);
                        // So that opening one of them shows it at once.
                        session.remember_pets(env, &side.pets);
                        // As old as the service worker's copy, if it answered from one.
                        let read_at = session.keep_every(env, side.clone(), started);
                        Ok((side, read_at))
                    });
                    Box::pin(call)
                }
            };
        async move {
            let read = read.await;
            answered.try_set(true);
            match read {
                Ok((side, read_at)) => {
                    let read = Read {
                        side,
                        read_at,
                        failed_at: None,
                    };
                    shown.try_set(Some(read));
                    Ok(())
                }
                // The key is wanted (the sign-in form shows): nothing of it stays on screen.
                Err(e) if e.needs_sign_in() => {
                    shown.try_set(None);
                    Err(e)
                }
                // The figures stay, marked with the time the read again failed.
                Err(e) => match shown
                    .try_update(|s| s.as_mut().map(|r| r.failed_at = Some(clock::now())))
                {
                    Some(Some(())) => Ok(()),
                    _ => Err(e),
                },
            }
        }
    });
    let on_refresh = Callback::new(move |()| {
        session.forget_every(env);
        read.refetch();
    });
    // Drawn once there is a read, and kept: each read again changes what they show.
    let has_read = Memo::new(move |_| shown.with(Option::is_some));
    let figures = move || {
        has_read.get().then(|| {
            view! { <Figures env current shown on_refresh /> }
        })
    };
    // A read on its way over what a read left on screen (figures, a failed read's alert, or
    // the sign-in form it asked for): said, and the figures dimmed until it is in. The first
    // read has the fallback's words.
    let (reading, set_reading) = signal(false);
    let again = move || reading.get() && answered.get();
    view! {
        <div class="store-figures" aria-busy=move || again().to_string()>
            <p class="loading" role="status">{move || again().then(words::store_reading)}</p>
            <Transition
                fallback=|| view! { <p role="status">{t(words::store_reading)}</p> }
                set_pending=set_reading
            >
                {move || Suspend::new(async move {
                    match read.await {
                        Ok(()) => ().into_any(),
                        Err(e) if e.needs_sign_in() => ().into_any(),
                        Err(e) => {
                            view! {
                                <ErrorAlert
                                    error=e.api().cloned().unwrap_or(ApiError::Cancelled)
                                    summary=words::could_not_be_read(&env.label(), &call_said(&e))
                                />
                                <button
                                    type="button"
                                    class="secondary"
                                    on:click=move |_| on_refresh.run(())
                                >
                                    {t(words::try_again)}
                                </button>
                            }
                                .into_any()
                        }
                    }
                })}
            </Transition>
            {figures}
        </div>
    }
}

/// The read on screen: its age, the counts per status, the chart and its table.
#[component]
fn Figures(
    env: Environment,
    current: CurrentEnv,
    shown: RwSignal<Option<Read>>,
    on_refresh: Callback<()>,
) -> impl IntoView {
    let session = use_session();
    let sent = use_sent();
    let at = move |pick: fn(&Read) -> Option<f64>| {
        Signal::derive(move || shown.with(|r| r.as_ref().and_then(pick)))
    };
    let read_at = at(|r| Some(r.read_at));
    // The pets this device added since the read (here or in another tab) are counted too.
    let glance = Memo::new(move |_| {
        shown.with(|r| {
            r.as_ref()
                .map(|r| Glance::with_created(&r.side, &sent.created(env), r.read_at))
                .unwrap_or_default()
        })
    });
    let kept = move || {
        session.kept_answer(env).filter(|k| !k.slow).map(|k| {
            let at = js_sys::Date::parse(&k.at);
            view! { <p class="note kept" role="status">{words::store_kept(&clock_time(at))}</p> }
        })
    };
    let printed = move || {
        read_at
            .get()
            .map(|at| words::store_printed(&day_long(at), &env.label(), &clock_time(at)))
    };
    view! {
        <Freshness read_at failed_at=at(|r| r.failed_at) on_refresh />
        {kept}
        <p class="print-only store-printed">{printed}</p>
        // The statuses' patterns, for the counts' keys and the chart's segments.
        <Patterns />
        <section aria-labelledby="store-by-status">
            <h2 id="store-by-status">{t(words::store_by_status)}</h2>
            <StoreCounts glance env current />
            <Show when=move || glance.with(Glance::any_more)>
                <p class="note">{move || words::store_limit_note(&number(READ_LIMIT.into()))}</p>
            </Show>
        </section>
        <section aria-labelledby="store-by-category">
            <h2 id="store-by-category">{t(words::store_by_category)}</h2>
            <StoreChart glance env current names=session.categories(env) />
        </section>
    }
}

/// The pets this device added to `env` today and in the six days before, newest first, each a
/// link to its page (the record of sent pets is the source, so every tab's adds are there).
#[component]
fn AddedLately(env: Environment, current: CurrentEnv) -> impl IntoView {
    let sent = use_sent();
    let session = use_session();
    let names = StoredValue::new(session.categories(env));
    let added = Memo::new(move |_| {
        // Worked out again at each refresh too, so that yesterday's pets leave Today.
        session.refreshes();
        let (today, week) = day_starts(clock::now());
        added_lately(&sent.created(env), today, week)
    });
    let list = move |pets: Vec<(crate::api::Pet, u64)>| {
        if pets.is_empty() {
            return view! { <p class="note">{t(words::store_added_none)}</p> }.into_any();
        }
        let more = pets.len() > ADDED_SHOWN;
        let items = pets
            .into_iter()
            .take(ADDED_SHOWN)
            .map(|(pet, at)| {
                let href = current.link(&Page::pet(pet.id), env);
                let category = names.with_value(|n| category_label(n, pet.category_id));
                let details = format!(
                    ", {category}, {}, {}",
                    match &pet.status {
                        Some(status) => status_name(Some(status)),
                        None => words::no_status(),
                    },
                    clock_time(at as f64)
                );
                view! {
                    <li>
                        <a href=href>{pet.name}</a>
                        {details}
                    </li>
                }
            })
            .collect_view();
        view! {
            <ol class="added-pets">{items}</ol>
            {more.then(|| view! {
                <p class="note">
                    {words::store_added_newest(&number(ADDED_SHOWN as u64))}
                    " "
                    <a href=current.link(&Page::Activity, env)>{t(words::nav_activity)}</a>
                </p>
            })}
        }
        .into_any()
    };
    view! {
        <section class="added-lately" aria-labelledby="store-added">
            <h2 id="store-added">{t(words::store_added_title)}</h2>
            <h3>{t(words::store_added_today)}</h3>
            {move || list(added.get().today)}
            <h3>{t(words::store_added_week)}</h3>
            {move || list(added.get().week)}
        </section>
    }
}

/// When today began on this device's calendar, and the day six days before (ms since the
/// epoch): the browser's own date arithmetic, so a change of summer time is right.
fn day_starts(now: f64) -> (u64, u64) {
    let at = js_sys::Date::new(&now.into());
    let (year, month, date) = (
        at.get_full_year(),
        at.get_month() as i32,
        at.get_date() as i32,
    );
    let today = js_sys::Date::new_with_year_month_day(year, month, date).get_time();
    // A day of the month below 1 is in the month before, as the browser counts.
    let week = js_sys::Date::new_with_year_month_day(year, month, date - 6).get_time();
    (today as u64, week as u64)
}
