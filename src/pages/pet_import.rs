//! `/pets/import`: many pets at once, from rows pasted from a spreadsheet or a CSV file. The
//! rows are checked and shown before anything is sent; the run is in `import/run.rs`. Each
//! environment has its own box, rows and ledger.

use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::components::{
    download, page_title, ImportProgress, ImportTable, OfflineWrites, TextField,
};
use crate::config::Environment;
use crate::import::{
    failed_rows_csv, fingerprint, parse_rows, results_csv, ImportRow, Ledger, Outcome, Pause,
    Progress, Run, RunState,
};
use crate::session::use_session;
use crate::storage;

/// The word a production import must be confirmed with.
const CONFIRM_WORD: &str = "production";

/// The import page: the form of the current environment, built anew on a switch, so that
/// each environment shows, checks and sends only the rows pasted for it.
#[component]
pub fn PetImport() -> impl IntoView {
    let session = use_session();
    page_title(move || format!("Import pets ({})", session.env().label()));
    view! {
        <h1>"Import pets"</h1>
        <p>
            "Paste rows copied from a spreadsheet, or choose a CSV file. The first row names the "
            "columns: " <code>"name"</code> ", " <code>"categoryId"</code> " and optionally "
            <code>"status"</code> ". Nothing is sent until you start the import."
        </p>
        {move || {
            let env = session.env();
            view! { <ImportForm env /> }
        }}
    }
}

/// How far a run of the rows pasted for `env` went, and how many valid rows they have, if
/// that run started and did not finish.
fn interrupted(env: Environment, text: &str) -> Option<(Progress, usize)> {
    let rows = parse_rows(text).ok()?;
    let ledger = Ledger::load(env, &fingerprint(&rows));
    let valid = rows.iter().filter(|r| r.checked.is_ok()).count();
    ledger
        .interrupted(&rows)
        .then(|| (ledger.progress(rows.len()), valid))
}

/// The box, the file, Check rows and the checked rows' run, for one environment.
#[component]
fn ImportForm(
    /// The environment whose rows these are.
    env: Environment,
) -> impl IntoView {
    // The pasted text survives a reload of the tab, so a run can be resumed.
    let text = RwSignal::new(storage::get(&storage::import_text_slot(env)).unwrap_or_default());
    // A run that a reload, a switch or leaving the page stopped is said on arrival.
    let stopped = text
        .with_untracked(|t| interrupted(env, t))
        .map(|(p, valid)| {
            format!(
                "An import into {} was interrupted: {} of {valid} sent, {} refused, {} unknown. \
             Check rows to see and go on.",
                env.label(),
                p.done,
                p.refused,
                p.unknown,
            )
        });
    let (problem, set_problem) = signal(None::<String>);
    // The rows as last checked, with their ledger; the run is built from them by the panel
    // below, so it lives (and its requests stop) with that panel.
    let checked = RwSignal::new(None::<(Vec<ImportRow>, Ledger)>);
    let (confirm, set_confirm) = signal(String::new());

    let set_text = move |value: String| {
        storage::set(&storage::import_text_slot(env), &value);
        text.set(value);
    };
    let check = move |_| match text.with_untracked(|t| parse_rows(t)) {
        Err(e) => {
            set_problem.set(Some(e.0));
            checked.set(None);
        }
        Ok(rows) => {
            set_problem.set(None);
            let ledger = Ledger::load(env, &fingerprint(&rows));
            checked.set(Some((rows, ledger)));
        }
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        leptos::task::spawn_local(async move {
            match JsFuture::from(file.text()).await {
                Ok(value) => set_text(value.as_string().unwrap_or_default()),
                Err(_) => {
                    set_problem.try_set(Some("The file could not be read.".into()));
                }
            }
        });
    };

    view! {
        {stopped.map(|notice| view! {
            <Show when=move || checked.with(Option::is_none)>
                <p class="note wrap" role="status">{notice.clone()}</p>
            </Show>
        })}
        <div class="field">
            <label for="import-text">"Paste rows"</label>
            <textarea
                id="import-text"
                rows="8"
                spellcheck="false"
                prop:value=move || text.get()
                on:input:target=move |ev| set_text(ev.target().value())
            ></textarea>
        </div>
        <div class="field">
            <label for="import-file">"CSV file"</label>
            <input id="import-file" type="file" accept=".csv,text/csv,text/plain" on:change=on_file />
        </div>
        <button type="button" class="secondary" on:click=check>"Check rows"</button>
        {move || problem.get().map(|p| view! { <p class="alert wrap" role="alert">{p}</p> })}
        {move || {
            checked
                .get()
                .map(|(rows, ledger)| view! { <RunPanel env rows ledger confirm set_confirm /> })
        }}
    }
}

/// Counts, confirmation, the buttons, progress and the table of one checked import.
#[component]
fn RunPanel(
    /// The environment the rows were checked in, and go to.
    env: Environment,
    /// The rows as checked.
    rows: Vec<ImportRow>,
    /// What earlier runs of the same rows did.
    ledger: Ledger,
    /// What was typed to confirm a production import (kept across checks).
    confirm: ReadSignal<String>,
    /// Sets it.
    set_confirm: WriteSignal<String>,
) -> impl IntoView {
    let session = use_session();
    let run = Run::new(session, env, rows, ledger);
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
            && session.env() == env
            && run.remaining() != 0
            && !session.needs_sign_in()
    });
    let can_start = move || can_start.get();
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
        let name = format!(
            "import-{}-{}.csv",
            env.as_str(),
            if failed { "failed-rows" } else { "results" }
        );
        let _ = download(&name, "text/csv;charset=utf-8", &csv);
    };
    view! {
        <p class="note">
            {format!(
                "{total} {}: {valid} valid, {} invalid (never sent). They go to ",
                if total == 1 { "row" } else { "rows" },
                total - valid,
            )}
            <strong>{env.label()}</strong> "."
        </p>
        {(env == Environment::Production).then(|| view! {
            <TextField
                id="import-confirm"
                label="Type production to confirm"
                value=confirm
                on_input=move |v| set_confirm.set(v)
                error=Signal::derive(|| None::<String>)
            />
        })}
        <OfflineWrites env />
        <div class="import-actions">
            <button type="button" disabled=move || !can_start() on:click=move |_| run.start()>
                "Start import"
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
        </div>
        <ImportProgress run valid />
        <ImportTable run session />
    }
}
