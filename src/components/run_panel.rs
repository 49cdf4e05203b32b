//! The controls of one run of rows (an import's pasted rows, or a copy of chosen pets): what
//! is about to be sent and where, the production confirmation (typed again for every run),
//! Start, Pause, Resume, Cancel, Send unknown rows again (after a question naming them), the
//! result files, the progress and every row's outcome. Nothing starts while a run of the same
//! environment is sending elsewhere.

use std::time::Duration;

use leptos::prelude::*;

use super::{download, ImportProgress, ImportTable, OfflineWrites, SendUnknownAgain, TextField};
use crate::clock;
use crate::config::Environment;
use crate::i18n::{number, t, words, Label};
use petstore_core::fold;

use crate::i18n::{clock_time, listed, moment};
use crate::import::{failed_rows_csv, results_csv, ImportRow, Origin, Pause, Run, RunState};
use crate::session::{use_keys, use_sent, use_session, SentPets};

/// The service's word for production, which confirms a production run in every language.
const SERVICE_WORD: &str = "production";

/// The confirmation's label: production's name as the page shows it.
fn type_production() -> std::borrow::Cow<'static, str> {
    words::type_to_confirm(&Environment::Production.label()).into()
}

/// Counts, confirmation, the buttons, progress and the table of one run, which lives (and
/// whose sending stops) with this panel.
#[component]
pub fn RunPanel(
    /// The environment the rows go to.
    env: Environment,
    /// The rows as checked.
    rows: Vec<ImportRow>,
    /// The run's name in the record of sent pets (the rows' fingerprint).
    name: String,
    /// Where the rows come from.
    origin: Origin,
    /// What was typed to confirm a production run (emptied as each run starts).
    confirm: RwSignal<String>,
    /// Called each time the run ends with every row answered.
    #[prop(optional)]
    on_done: Option<Callback<()>>,
    /// Called by Close, offered when given and nothing is being sent.
    #[prop(optional)]
    on_close: Option<Callback<()>>,
) -> impl IntoView {
    let session = use_session();
    let keys = use_keys();
    let sent = use_sent();
    let copy_from = match &origin {
        Origin::Copy { from, .. } => Some(*from),
        Origin::Import => None,
    };
    let mut run = Run::new(env, rows, name, origin);
    if let Some(done) = on_done {
        run = run.when_done(done);
    }
    // The confirmation typed for this run: Resume goes on with it; a new run (Start after a
    // cancel or the end, a copy of other pets) is confirmed again.
    let confirmed_run = RwSignal::new(false);
    let start = move || {
        confirmed_run.set(env == Environment::Production);
        confirm.set(String::new());
        run.start();
    };
    // Start first asks about rows sent before that were ticked to be sent again, naming them
    // and when they were sent.
    let asking = RwSignal::new(false);
    let again = move || run.again.with(|a| a.len());
    let again_question = move || {
        let ticked = run.before_ticked();
        let (names, at) = said_rows(run, sent, &ticked);
        words::send_again_question(ticked.len() as u64, &env.label(), &names, &at)
    };
    let start_or_ask = move |_| {
        if again() == 0 {
            start();
        } else {
            asking.set(true);
        }
    };
    let cancel = move |_| {
        run.stop(RunState::Cancelled);
        confirmed_run.set(false);
    };
    let (total, valid) = run
        .rows
        .with_value(|r| (r.len(), r.iter().filter(|r| r.checked.is_ok()).count()));
    let state = move || run.state.get();
    let running = move || state() == RunState::Running;
    // The name the page shows (in its language, or the deployment's own) or the service's
    // word, capitals and accents aside.
    let typed = move || {
        env == Environment::Staging
            || confirm.with(|c| {
                let typed = fold(c.trim());
                typed == SERVICE_WORD || typed == fold(&env.label())
            })
    };
    // Said once what is typed can no longer become the name, not while it is being typed.
    let mistyped = move || {
        confirm.with(|c| {
            let typed = fold(c.trim());
            !typed.is_empty()
                && !SERVICE_WORD.starts_with(&typed)
                && !fold(&env.label()).starts_with(&typed)
        })
    };
    // Another run of this environment, here or in another tab, is sending (or this one's rows
    // still finish on their way): nothing else starts meanwhile.
    let busy = Memo::new(move |_| sent.run_sending(env));
    // A memo of this panel's: the buttons follow the session's signals through it, so when
    // the panel goes, nothing of it is told of them any more.
    let can_send = Memo::new(move |_| {
        !running() && !busy.get() && !session.read_only(env) && run.shown() && keys.has_key(env)
    });
    let can_start = move || {
        can_send.get() && typed() && (run.remaining() != 0 || run.again.with(|a| !a.is_empty()))
    };
    let can_resume = move || can_send.get() && (typed() || confirmed_run.get());
    // A busy service said when to ask again: once pressed, the run goes on by itself then
    // (that pause's time: one after a later failure waits for its own press).
    let resumes_at = RwSignal::new(None::<u64>);
    let waiting_for = move || match state() {
        RunState::Paused(Pause::Failed {
            retry_at_ms: Some(until),
            ..
        }) => Some(until),
        _ => None,
    };
    let resume_timer = StoredValue::new(None::<clock::Wait>);
    on_cleanup(move || drop(resume_timer.try_update_value(Option::take)));
    let resume_then = move |until: u64| {
        let wait = until.saturating_sub(clock::now() as u64);
        resumes_at.set(Some(until));
        let go_on = move || {
            // Unless the manager did something else with it meanwhile.
            let still = matches!(
                run.state.try_get_untracked(),
                Some(RunState::Paused(Pause::Failed { retry_at_ms: Some(t), .. })) if t == until
            );
            if still {
                run.resume();
            }
        };
        resume_timer.set_value(Some(clock::after(Duration::from_millis(wait), go_on)));
    };

    let save = move |failed: bool| {
        let csv = run.rows.with_value(|rows| {
            run.ledger.with_untracked(|l| {
                if failed {
                    failed_rows_csv(rows, l)
                } else {
                    results_csv(rows, l)
                }
            })
        });
        let part = if failed {
            words::file_failed_rows()
        } else {
            words::file_results()
        };
        let name = match copy_from {
            Some(from) => words::file_copy(from.as_str(), &part, env.as_str()),
            None => words::file_import(env.as_str(), &part),
        };
        let _ = download(&name, "text/csv;charset=utf-8", &csv);
    };
    let invalid = total - valid;
    let summary = move || {
        let (valid, invalid) = (number(valid as u64), number(invalid as u64));
        match copy_from {
            Some(from) => {
                words::copy_summary(total as u64, &env.label(), &from.label(), &invalid, &valid)
            }
            None => words::import_summary(total as u64, &env.label(), &invalid, &valid),
        }
    };
    let (start_word, confirm_id) = match copy_from {
        Some(_) => (words::start_copy as fn() -> _, "copy-confirm"),
        None => (words::start_import as fn() -> _, "import-confirm"),
    };
    let confirm_value: Signal<String> = confirm.into();
    view! {
        <p class="note">{summary}</p>
        {(env == Environment::Production).then(|| view! {
            <TextField
                id=confirm_id
                label=type_production
                value=confirm_value
                on_input=move |v| confirm.set(v)
                error=Signal::derive(move || mistyped().then(|| words::confirm_mismatch(&env.label())))
            />
        })}
        <OfflineWrites env />
        <div class="import-actions">
            <button type="button" disabled=move || !can_start() on:click=start_or_ask>
                {t(start_word)}
            </button>
            <Show when=running>
                <button type="button" class="secondary" on:click=move |_| run.stop(RunState::Paused(Pause::User))>
                    {t(words::pause)}
                </button>
            </Show>
            <Show when=move || { matches!(state(), RunState::Paused(_)) && run.remaining() != 0 }>
                <button type="button" class="secondary" disabled=move || !can_resume() on:click=move |_| run.resume()>
                    {t(words::resume)}
                </button>
            </Show>
            {move || match waiting_for() {
                Some(until) if resumes_at.get() != Some(until) => {
                    Some(view! {
                        <button type="button" class="secondary" disabled=move || !can_resume() on:click=move |_| resume_then(until)>
                            {move || words::resume_at(&clock_time(until as f64))}
                        </button>
                    })
                }
                _ => None,
            }}
            <Show when=move || matches!(state(), RunState::Running | RunState::Paused(_))>
                <button type="button" class="secondary" on:click=cancel>
                    {t(words::cancel)}
                </button>
            </Show>
            <Show when=move || !running() && run.ledger.with(|l| (0..total).any(|i| l.get(i).is_some()))>
                <button type="button" class="secondary" on:click=move |_| save(false)>{t(words::download_results)}</button>
                <button type="button" class="secondary" on:click=move |_| save(true)>{t(words::download_failed_rows)}</button>
            </Show>
            {on_close.map(|close| view! {
                <Show when=move || matches!(state(), RunState::Idle | RunState::Cancelled | RunState::Done)>
                    <button type="button" class="secondary" on:click=move |_| close.run(())>{t(words::close)}</button>
                </Show>
            })}
        </div>
        <p class="note" role="status">
            {move || {
                if let Some(until) = waiting_for().filter(|t| resumes_at.get() == Some(*t)) {
                    Some(words::resumes_at(&clock_time(until as f64)))
                } else if run.elsewhere() {
                    Some(words::run_elsewhere().into_owned())
                } else if busy.get() && !running() {
                    Some(words::runs_sending(&env.label()))
                } else {
                    None
                }
            }}
        </p>
        <SendUnknownAgain run can_send sent />
        <Show when=move || asking.get()>
            <div class="alert" role="alert">
                <p>{again_question}</p>
                <button type="button" disabled=move || !can_send.get() on:click=move |_| {
                    asking.set(false);
                    start();
                }>
                    {t(words::send_them_again)}
                </button>
                <button type="button" class="secondary" on:click=move |_| asking.set(false)>
                    {t(words::cancel)}
                </button>
            </div>
        </Show>
        <ImportProgress run valid invalid />
        <ImportTable run />
    }
}

/// The names of `rows` of `run` (each with the key of the entry it stands on), as a list in
/// the page's language, and when the last of those entries was sent (or noted).
pub(super) fn said_rows(run: Run, sent: SentPets, rows: &[(usize, String)]) -> (String, String) {
    let names: Vec<String> = run.rows.with_value(|all| {
        rows.iter()
            .filter_map(|(i, _)| all.get(*i))
            .map(|r| words::quoted(r.draft.name.trim()))
            .collect()
    });
    let keys: Vec<String> = rows.iter().map(|(_, k)| k.clone()).collect();
    let at = sent.sent_at(run.env, &keys);
    (
        listed(&names),
        at.map(|at| moment(at as f64)).unwrap_or_default(),
    )
}
