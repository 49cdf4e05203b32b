//! `/compare`: staging and production compared, in groups. Each is read as `compare` says (every
//! status, the largest limit, merged by id), with its own key; the pets are matched by name
//! into groups; chosen pets are copied through the import's run; the differences download as
//! CSV. The search and the status filter are kept in the address, like the list's.

use std::collections::BTreeSet;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::api::{ApiError, PetStatus};
use crate::compare::{compare, differences_csv, CopyJob, Shown};
use crate::components::{
    clock_time, download, iso_time, page_title, status_options, Chosen, CompareGroups, ErrorAlert,
    KeyForm, Names, RunPanel,
};
use crate::config::Environment;
use crate::i18n::{call_said, number, status_name, t, words, Label};
use crate::import::Origin;
use crate::session::{
    use_current_env, use_keys, use_sent, use_session, use_set_query, CallError, CurrentEnv,
    SentPets,
};
use petstore_core::compact_stamp;
use petstore_core::{Side, READ_LIMIT};

/// The read of one environment and when it was read (ms since the epoch), or why there is
/// none.
type Answer = Result<(Side, f64), CallError>;

/// The compare page.
#[component]
pub fn Compare() -> impl IntoView {
    let session = use_session();
    let keys = use_keys();
    let current = use_current_env();
    // Each environment's category names, for the groups (built after an `.await`).
    let names = StoredValue::new(Environment::ALL.map(|env| session.categories(env)));
    page_title(|| words::compare_environments().into_owned());
    let query = use_query_map();
    let set_query = use_set_query();
    let shown = Memo::new(move |_| {
        let q = query.read();
        Shown {
            search: q.get("q").unwrap_or_default(),
            status: q.get_str("status").and_then(PetStatus::parse_known),
        }
    });
    let sent = use_sent();
    // Bumped to read both environments again (a copy ended, or Refresh was pressed).
    let again = RwSignal::new(0u32);
    // A run sending, here or in another tab (a copy, or an import, which changes what both
    // sides list): Refresh waits for it (the reads would redraw what is being copied), and
    // no copy starts.
    let copying = Memo::new(move |_| Environment::ALL.iter().any(|env| sent.run_sending(*env)));
    let read = move |env: Environment| {
        LocalResource::new(move || {
            session.reread();
            again.track();
            let call = session.call(env, move |client| async move {
                let side = client.list_every(None).await?;
                session.remember_pets(env, &side.pets);
                Ok(side)
            });
            async move { call.await.map(|side| (side, crate::clock::now())) }
        })
    };
    let staging = read(Environment::Staging);
    let production = read(Environment::Production);
    let chosen: Chosen = RwSignal::new(BTreeSet::new());
    let confirm = RwSignal::new(String::new());
    // The copy on screen; on arrival, the tab's last one if a reload or leaving cut it short
    // (what became of its pets is the record's).
    let job = RwSignal::new(CopyJob::load().and_then(|j| {
        let rows = j.rows();
        let ledger = untrack(|| sent.ledger(j.to, &j.fingerprint(), &rows));
        ledger.interrupted(&rows).then_some((j, true))
    }));
    let on_copy = Callback::new(move |(from, pets): (Environment, Vec<_>)| {
        let to = from.other();
        let new = CopyJob { from, to, pets };
        new.save();
        chosen.update(|c| c.retain(|(env, _)| *env != from));
        job.set(Some((new, false)));
        // Where the copy is started: the reader and the keyboard go there.
        focus_soon("copy-heading".to_owned());
    });
    let on_done = Callback::new(move |()| again.update(|n| *n += 1));
    // A copy that is not sending can be put away; what it sent stays in the record of sent pets, so
    // a later copy of the same pets does not send them again.
    let on_close = Callback::new(move |()| {
        let from = job.with_untracked(|j| j.as_ref().map(|(j, ..)| j.from));
        job.set(None);
        // The reader and the keyboard go back to the group the pets were copied from.
        if let Some(from) = from {
            focus_soon(format!("only-{}", from.as_str()));
        }
    });
    let set_search = set_query.clone();
    let on_search = move |ev| {
        let text = event_target_value(&ev);
        set_search("q", (!text.is_empty()).then_some(text), true);
    };
    let on_status = move |ev| {
        let value = event_target_value(&ev);
        set_query("status", (!value.is_empty()).then_some(value), false);
    };
    let status_is = move |s: Option<&PetStatus>| shown.with(|v| v.status.as_ref() == s);
    // The other environment's key form, in place; the current one's is the dialog.
    let key_forms = move || {
        Environment::ALL
            .into_iter()
            .filter(|env| *env != current.env() && !keys.has_key(*env))
            .map(|env| {
                let (id, title_id) = match env {
                    Environment::Production => ("key-production", "sign-in-production"),
                    Environment::Staging => ("key-staging", "sign-in-staging"),
                };
                view! {
                    <section class="inline-sign-in" aria-labelledby=title_id>
                        <KeyForm env keys id title_id named=true />
                    </section>
                }
            })
            .collect_view()
    };
    view! {
        <h1>{t(words::compare_environments)}</h1>
        <p>{move || words::compare_intro(&number(READ_LIMIT.into()))}</p>
        {key_forms}
        <form class="filters" on:submit=|ev| ev.prevent_default()>
            <div class="field">
                <label for="compare-search">{t(words::search_by_name)}</label>
                <input
                    id="compare-search"
                    type="search"
                    prop:value=move || shown.with(|s| s.search.clone())
                    on:input=on_search
                />
            </div>
            <div class="field">
                <label for="compare-status">{t(words::column_status)}</label>
                <select id="compare-status" on:change=on_status>
                    {status_options(status_is)}
                </select>
            </div>
            <button
                type="button"
                class="secondary"
                disabled=move || copying.get()
                aria-describedby="compare-refresh-why"
                on:click=move |_| again.update(|n| *n += 1)
            >
                {t(words::refresh)}
            </button>
            <p id="compare-refresh-why" class="note">
                {move || copying.get().then(words::refresh_waits_for_copy)}
            </p>
        </form>
        {move || {
            job.get()
                .map(|(job, interrupted)| {
                    let ids = job.pets.iter().map(|p| p.id).collect();
                    let origin = Origin::Copy { from: job.from, ids };
                    // The target's reads may leave out a chosen pet already there: said, as
                    // the record cannot know of one it never held.
                    let target = match job.to {
                        Environment::Staging => staging,
                        Environment::Production => production,
                    };
                    let statuses: Vec<_> = job.pets.iter().map(|p| p.status.clone()).collect();
                    let to = job.to;
                    let may_miss = move || {
                        target.with(|read| {
                            matches!(read, Some(Ok((side, _)))
                                if statuses.iter().any(|s| side.may_miss(s.as_ref())))
                        })
                    };
                    let name = job.fingerprint();
                    view! {
                        <section class="copy" aria-labelledby="copy-heading">
                            <h2 id="copy-heading" tabindex="-1">
                                {words::copy_from_to(&job.from.label(), &job.to.label())}
                            </h2>
                            {interrupted.then(|| view! {
                                <p class="note" role="status">{words::copy_cut_short()}</p>
                            })}
                            <Show when=may_miss.clone()>
                                <p class="note">{words::copy_may_miss(&to.label())}</p>
                            </Show>
                            <RunPanel env=job.to rows=job.rows() name origin confirm on_done on_close />
                        </section>
                    }
                })
        }}
        <div class="rows">
            <Transition fallback=|| view! { <p role="status">{t(words::reading_both)}</p> }>
                {move || Suspend::new(async move {
                    let sides = (staging.await, production.await);
                    view! { <Results sides shown chosen on_copy copying again current names sent /> }
                })}
            </Transition>
        </div>
    }
}

/// Moves the focus to the element `id` once the page has drawn it.
fn focus_soon(id: String) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&id) {
            let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(el).focus();
        }
    });
}

/// What a read that filled its limit may have left out, in words.
fn limit_note(env: Environment, full: &Option<PetStatus>) -> String {
    match full {
        Some(status) => words::more_than_limit_status(
            &env.label(),
            &number(READ_LIMIT.into()),
            &status_name(Some(status)),
        ),
        None => words::more_than_limit_all(&env.label(), &number(READ_LIMIT.into())),
    }
}

/// Both reads: why one is missing, or the comparison.
#[component]
fn Results(
    sides: (Answer, Answer),
    shown: Memo<Shown>,
    chosen: Chosen,
    on_copy: Callback<(Environment, Vec<crate::api::Pet>)>,
    copying: Memo<bool>,
    again: RwSignal<u32>,
    current: CurrentEnv,
    names: Names,
    sent: SentPets,
) -> impl IntoView {
    let problem = |env: Environment, read: &Answer| match read {
        Ok(_) => None,
        Err(e) if e.needs_sign_in() => Some(
            view! { <p class="note">{move || words::sign_in_to_compare(&env.label())}</p> }
                .into_any(),
        ),
        Err(e) => Some(
            view! {
                <ErrorAlert
                    error=e.api().cloned().unwrap_or(ApiError::Cancelled)
                    summary=words::could_not_be_read(&env.label(), &call_said(e))
                />
                <button type="button" class="secondary" on:click=move |_| again.update(|n| *n += 1)>
                    {t(words::try_again)}
                </button>
            }
            .into_any(),
        ),
    };
    let problems = [
        problem(Environment::Staging, &sides.0),
        problem(Environment::Production, &sides.1),
    ];
    let (Ok((mut staging, staging_at)), Ok((mut production, production_at))) = sides else {
        return problems.into_iter().flatten().collect_view().into_any();
    };
    // A pet this device created (a copy, say) that a full read did not reach is there all
    // the same: shown, and never offered to be copied again.
    for (env, side) in [
        (Environment::Staging, &mut staging),
        (Environment::Production, &mut production),
    ] {
        let known = untrack(|| sent.created(env));
        side.take_in(known.into_iter().map(|(pet, _)| pet));
    }
    // The exact times too, for machines (and the tests).
    let read_at = view! {
        {t(words::staging_read_at)}
        " "
        <time datetime=iso_time(staging_at)>{move || clock_time(staging_at)}</time>
        {t(words::production_read_at)}
        " "
        <time datetime=iso_time(production_at)>{move || clock_time(production_at)}</time>
        {t(words::read_at_end)}
    };
    let full: Vec<(Environment, Option<PetStatus>)> = [
        (Environment::Staging, &staging),
        (Environment::Production, &production),
    ]
    .iter()
    .flat_map(|(env, side)| side.full.iter().map(|f| (*env, f.clone())))
    .collect();
    let notes = move || {
        full.iter()
            .map(|(env, f)| view! { <p class="note">{limit_note(*env, f)}</p> })
            .collect_view()
    };
    let (in_staging, in_production) = (staging.pets.len() as u64, production.pets.len() as u64);
    let counts = move || words::compared_counts(&number(in_production), &number(in_staging));
    let all = StoredValue::new(compare(&staging.pets, &production.pets));
    let filtered = Memo::new(move |_| all.with_value(|c| shown.with(|s| s.apply(c))));
    let save = move |_| {
        // Production's names, then staging's (see `Names`).
        let csv = names.with_value(|[production, staging]| {
            filtered.with_untracked(|c| differences_csv(c, staging, production))
        });
        let stamp = compact_stamp(&String::from(js_sys::Date::new_0().to_iso_string()));
        let _ = download(
            &words::file_differences(&stamp),
            "text/csv;charset=utf-8",
            &csv,
        );
    };
    view! {
        <p class="note freshness">{read_at}</p>
        <p class="note">{counts}</p>
        {notes}
        <button type="button" class="secondary" on:click=save>{t(words::download_differences)}</button>
        <CompareGroups shown=filtered chosen on_copy copying current names />
    }
    .into_any()
}
