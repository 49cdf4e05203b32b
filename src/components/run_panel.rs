//! The controls of one run of rows (an import's pasted rows, or a copy of chosen pets): what
//! is about to be sent and where, the production confirmation, Start, Pause, Resume, Cancel,
//! the result files, the progress and every row's outcome.

use leptos::prelude::*;

use super::{download, ImportProgress, ImportTable, OfflineWrites, TextField};
use crate::config::Environment;
use crate::import::{
    failed_rows_csv, results_csv, ImportRow, Ledger, Origin, Outcome, Pause, Run, RunState,
};
use crate::session::use_session;

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
    let copy_from = match &origin {
        Origin::Copy { from, .. } => Some(*from),
        Origin::Import => None,
    };
    let mut run = Run::new(session, env, rows, ledger, origin);
    if let Some(done) = on_done {
        run = run.when_done(done);
    }
    let (total, valid) = run
        .rows
        .with_value(|r| (r.len(), r.iter().filter(|r| r.checked.is_ok()).count()));
    let state = move || run.state.get();
    let running = move || state() == RunState::Running;
    let confirmed =
        move || env == Environment::Staging || confirm.with(|c| c.trim() == CONFIRM_WORD);
    // A memo of this panel's: the buttons follow the session's signals through it, so when
    // the panel goes, nothing of it is told of them any more.
    let can_start = Memo::new(move |_| {
        !running()
            && !session.read_only(env)
            && confirmed()
            && run.shown()
            && run.remaining() != 0
            && session.has_key(env)
    });
    let can_start = move || can_start.get();
    let unknown = move || {
        let ledger = run.ledger.read();
        (0..total)
            .filter(|i| matches!(ledger.get(*i), Some(Outcome::Unknown { .. })))
            .count()
    };
    let file = StoredValue::new(match copy_from {
        Some(from) => format!("copy-{}-to-{}", from.as_str(), env.as_str()),
        None => format!("import-{}", env.as_str()),
    });
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
        let part = if failed { "failed-rows" } else { "results" };
        let name = file.with_value(|f| format!("{f}-{part}.csv"));
        let _ = download(&name, "text/csv;charset=utf-8", &csv);
    };
    let invalid = total - valid;
    let summary = match copy_from {
        Some(from) => format!(
            "{total} {} chosen in {}: {valid} can be sent, {invalid} cannot (never sent). They go to ",
            if total == 1 { "pet" } else { "pets" },
            from.label(),
        ),
        None => format!(
            "{total} {}: {valid} valid, {invalid} invalid (never sent). They go to ",
            if total == 1 { "row" } else { "rows" },
        ),
    };
    let (start, confirm_id) = match copy_from {
        Some(_) => ("Start copy", "copy-confirm"),
        None => ("Start import", "import-confirm"),
    };
    let confirm_value: Signal<String> = confirm.into();
    view! {
        <p class="note">{summary} <strong>{env.label()}</strong> "."</p>
        {(env == Environment::Production).then(|| view! {
            <TextField
                id=confirm_id
                label="Type production to confirm"
                value=confirm_value
                on_input=move |v| confirm.set(v)
                error=Signal::derive(|| None::<String>)
            />
        })}
        <OfflineWrites env />
        <div class="import-actions">
            <button type="button" disabled=move || !can_start() on:click=move |_| run.start()>
                {start}
            </button>
            <Show when=running>
                <button type="button" class="secondary" on:click=move |_| run.state.set(RunState::Paused(Pause::User))>
                    "Pause"
                </button>
            </Show>
            <Show when=move || { matches!(state(), RunState::Paused(_)) && run.remaining() != 0 }>
                <button type="button" class="secondary" disabled=move || !can_start() on:click=move |_| run.start()>
                    "Resume"
                </button>
            </Show>
            <Show when=move || matches!(state(), RunState::Running | RunState::Paused(_))>
                <button type="button" class="secondary" on:click=move |_| run.state.set(RunState::Cancelled)>
                    "Cancel"
                </button>
            </Show>
            <Show when=move || { !running() && unknown() != 0 }>
                <button type="button" class="secondary" disabled=move || session.read_only(env) on:click=move |_| run.forget_unknown()>
                    "Send unknown rows again"
                </button>
            </Show>
            <Show when=move || !running() && run.ledger.with(|l| (0..total).any(|i| l.get(i).is_some()))>
                <button type="button" class="secondary" on:click=move |_| save(false)>"Download results"</button>
                <button type="button" class="secondary" on:click=move |_| save(true)>"Download failed rows"</button>
            </Show>
            {on_close.map(|close| view! {
                <Show when=move || matches!(state(), RunState::Idle | RunState::Cancelled | RunState::Done)>
                    <button type="button" class="secondary" on:click=move |_| close.run(())>"Close"</button>
                </Show>
            })}
        </div>
        <ImportProgress run valid invalid />
        <ImportTable run session />
    }
}
