//! `/pets/import`: many pets at once, from rows pasted from a spreadsheet or a CSV file. The
//! rows are checked and shown before anything is sent; the run is in `import/run.rs`. Each
//! environment has its own box, rows and ledger.

use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::api::PetStatus;
use crate::components::{page_title, RunPanel};
use crate::config::Environment;
use crate::i18n::problems::parse_said;
use crate::i18n::status_name;
use crate::i18n::{number, t, words, Label};
use crate::import::{fingerprint, parse_rows, ImportRow, Origin, Progress};
use crate::session::{use_current_env, use_sent, use_session, SentPets};
use crate::storage;
use petstore_core::{Categories, ImportWords};

/// The import page: the form of the current environment, built anew on a switch, so that
/// each environment shows, checks and sends only the rows pasted for it.
#[component]
pub fn PetImport() -> impl IntoView {
    let current = use_current_env();
    page_title(move || words::page_with_environment(&current.env().label(), &words::import_pets()));
    view! {
        <h1>{t(words::import_pets)}</h1>
        // The column names are the file's, the same in every language.
        <p>
            {t(words::import_intro_columns)}
            <code>"name"</code>
            {t(words::list_separator)}
            <code>"categoryId"</code>
            {t(words::import_intro_optionally)}
            <code>"status"</code>
            {t(words::import_intro_end)}
        </p>
        {move || {
            let env = current.env();
            view! { <ImportForm env /> }
        }}
    }
}

/// What an import reads beside the interface's words: the deployment's category names, and
/// the statuses as the page says them in its language ("verfügbar").
fn import_words(names: &Categories) -> ImportWords {
    ImportWords {
        categories: names.clone(),
        statuses: PetStatus::KNOWN
            .map(|s| (status_name(Some(&s)).into_owned(), s))
            .into(),
    }
}

/// How far a run of the rows pasted for `env` went, and how many valid rows they have, if
/// that run started and did not finish (as the record of sent pets says).
fn interrupted(
    sent: SentPets,
    env: Environment,
    text: &str,
    names: &Categories,
) -> Option<(Progress, usize)> {
    let rows = parse_rows(text, &import_words(names)).ok()?;
    let run = fingerprint(&rows);
    let ledger = untrack(|| sent.ledger(env, &run, &rows));
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
    // A category may be given by its name where the deployment names them.
    let names = use_session().categories(env);
    let sent = use_sent();
    // The pasted text survives a reload of the tab, so a run can be resumed.
    let text = RwSignal::new(storage::get(&storage::import_text_slot(env)).unwrap_or_default());
    // A run that a reload, a switch or leaving the page stopped is said on arrival.
    let stopped = text
        .with_untracked(|t| interrupted(sent, env, t, &names))
        .map(|(p, valid)| {
            move || {
                words::import_interrupted(
                    &number((p.done - p.already) as u64),
                    &env.label(),
                    &number(p.refused as u64),
                    &number(p.unknown as u64),
                    &number((valid - p.already) as u64),
                )
            }
        });
    let (problem, set_problem) = signal(None::<String>);
    // The rows as last checked; the run is built from them by the panel below, so it lives
    // (and its requests stop) with that panel. What became of each row is the record's.
    let checked = RwSignal::new(None::<Vec<ImportRow>>);
    let confirm = RwSignal::new(String::new());

    // Changed rows are new rows: production must be confirmed for them again.
    let set_text = move |value: String| {
        storage::set(&storage::import_text_slot(env), &value);
        text.set(value);
        confirm.set(String::new());
    };
    let check = move |_| {
        confirm.set(String::new());
        match text.with_untracked(|t| parse_rows(t, &import_words(&names))) {
            Err(e) => {
                set_problem.set(Some(parse_said(e)));
                checked.set(None);
            }
            Ok(rows) => {
                set_problem.set(None);
                checked.set(Some(rows));
            }
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
                    set_problem.set(Some(words::file_not_read().into()));
                }
            }
        });
    };

    view! {
        {stopped.map(|notice| view! {
            <Show when=move || checked.with(Option::is_none)>
                <p class="note wrap" role="status">{notice}</p>
            </Show>
        })}
        <div class="field">
            <label for="import-text">{t(words::paste_rows)}</label>
            <textarea
                id="import-text"
                rows="8"
                spellcheck="false"
                prop:value=move || text.get()
                on:input:target=move |ev| set_text(ev.target().value())
            ></textarea>
        </div>
        <div class="field">
            <label for="import-file">{t(words::csv_file)}</label>
            <input id="import-file" type="file" accept=".csv,text/csv,text/plain" on:change=on_file />
        </div>
        // Not while a run of this environment sends: its rows would be checked anew under it.
        <button
            type="button"
            class="secondary"
            disabled=move || sent.run_sending(env)
            on:click=check
        >
            {t(words::check_rows)}
        </button>
        {move || problem.get().map(|p| view! { <p class="alert wrap" role="alert">{p}</p> })}
        {move || {
            checked
                .get()
                .map(|rows| {
                    let name = fingerprint(&rows);
                    view! { <RunPanel env rows name origin=Origin::Import confirm /> }
                })
        }}
    }
}
