//! The controls of one run of rows (an import's pasted rows, or a copy of chosen pets): what
//! is about to be sent and where, the production confirmation, Start, Pause, Resume, Cancel,
//! the result files, the progress and every row's outcome.

use leptos::prelude::*;

use super::{download, ImportProgress, ImportTable, OfflineWrites, TextField};
use crate::config::Environment;
use crate::i18n::{number, t, words, Label};
use crate::import::{
    failed_rows_csv, results_csv, ImportRow, Ledger, Origin, Outcome, Pause, Run, RunState,
};
use crate::session::{use_keys, use_session};

/// The word a production run must be confirmed with.
const CONFIRM_WORD: &str = "production";

/// Counts, confirmation, the buttons, progress and the table of one run, which lives (and
/// whose sending stops) with this panel.
#[component]
pub fn RunPanel(
    /// The environment the rows go to.
    env: Environment,
    /// The rows as checked.
    rows: Vec<ImportRow>,
    /// What earlier runs of the same rows did.
    ledger: Ledger,
    /// Where the rows come from.
    origin: Origin,
    /// What was typed to confirm a production run (kept by the page across runs).
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
    let copy_from = match &origin {
        Origin::Copy { from, .. } => Some(*from),
        Origin::Import => None,
    };
    let mut run = Run::new(env, rows, ledger, origin);
    // An import's confirmation is for one run: the next run of rows is confirmed again.
    let on_done = on_done.or_else(|| {
        copy_from
            .is_none()
            .then(|| Callback::new(move |_| confirm.set(String::new())))
    });
    if let Some(done) = on_done {
        run = run.when_done(done);
    }
    // Start first asks about already created rows ticked to be sent again.
    let asking = RwSignal::new(false);
    let again = move || run.again.with(|a| a.len());
    let start_or_ask = move |_| {
        if again() == 0 {
            run.start();
        } else {
            asking.set(true);
        }
    };
    let cancel = move |_| {
        run.state.set(RunState::Cancelled);
        if copy_from.is_none() {
            confirm.set(String::new());
        }
    };
    let (total, valid) = run
        .rows
        .with_value(|r| (r.len(), r.iter().filter(|r| r.checked.is_ok()).count()));
    let state = move || run.state.get();
    let running = move || state() == RunState::Running;
    let confirmed = move || {
        env == Environment::Staging || confirm.with(|c| c.trim().eq_ignore_ascii_case(CONFIRM_WORD))
    };
    // A memo of this panel's: the buttons follow the session's signals through it, so when
    // the panel goes, nothing of it is told of them any more.
    let can_send = Memo::new(move |_| {
        !running() && !session.read_only(env) && confirmed() && run.shown() && keys.has_key(env)
    });
    let can_start =
        move || can_send.get() && (run.remaining() != 0 || run.again.with(|a| !a.is_empty()));
    let unknown = move || {
        let ledger = run.ledger.read();
        (0..total)
            .filter(|i| matches!(ledger.get(*i), Some(Outcome::Unknown { .. })))
            .count()
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
    let (start, confirm_id) = match copy_from {
        Some(_) => (words::start_copy as fn() -> _, "copy-confirm"),
        None => (words::start_import as fn() -> _, "import-confirm"),
    };
    let confirm_value: Signal<String> = confirm.into();
    view! {
        <p class="note">{summary}</p>
        {(env == Environment::Production).then(|| view! {
            <TextField
                id=confirm_id
                label=words::type_production
                value=confirm_value
                on_input=move |v| confirm.set(v)
                error=Signal::derive(|| None::<String>)
            />
        })}
        <OfflineWrites env />
        <div class="import-actions">
            <button type="button" disabled=move || !can_start() on:click=start_or_ask>
                {t(start)}
            </button>
            <Show when=running>
                <button type="button" class="secondary" on:click=move |_| run.state.set(RunState::Paused(Pause::User))>
                    {t(words::pause)}
                </button>
            </Show>
            <Show when=move || { matches!(state(), RunState::Paused(_)) && run.remaining() != 0 }>
                <button type="button" class="secondary" disabled=move || !can_start() on:click=move |_| run.start()>
                    {t(words::resume)}
                </button>
            </Show>
            <Show when=move || matches!(state(), RunState::Running | RunState::Paused(_))>
                <button type="button" class="secondary" on:click=cancel>
                    {t(words::cancel)}
                </button>
            </Show>
            <Show when=move || { !running() && unknown() != 0 }>
                <button type="button" class="secondary" disabled=move || session.read_only(env) on:click=move |_| run.forget_unknown()>
                    {t(words::send_unknown_again)}
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
        <Show when=move || asking.get()>
            <div class="alert" role="alert">
                <p>{move || words::send_again_question(again() as u64)}</p>
                <button type="button" disabled=move || !can_send.get() on:click=move |_| {
                    asking.set(false);
                    run.send_again();
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
