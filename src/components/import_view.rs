//! What an import shows while and after it runs: the progress, and every row with its
//! problems or outcome.

use leptos::prelude::*;

use crate::import::{Origin, Outcome, Pause, Run, RunState};
use crate::session::Session;

/// A `<progress>` bar with its text, and a live region that speaks every tenth row and every
/// change of state (not every row, which would drown a screen reader).
#[component]
pub fn ImportProgress(
    /// The run to show.
    run: Run,
    /// How many rows can be sent at all (the valid ones).
    valid: usize,
    /// How many rows were never sent because they need fixing first (the invalid ones).
    invalid: usize,
) -> impl IntoView {
    let counts = Memo::new(move |_| {
        let p = run
            .ledger
            .with(|l| l.progress(run.rows.with_value(Vec::len)));
        (p.done, p.refused, p.unknown)
    });
    let text = move || {
        let (done, refused, unknown) = counts.get();
        let state = match run.state.get() {
            RunState::Idle => "",
            RunState::Running => "",
            RunState::Paused(Pause::User) => " Paused.",
            RunState::Paused(Pause::SignIn) => " Paused: sign in again to go on.",
            RunState::Paused(Pause::Offline) => {
                " Paused: the service is out of reach. Press Resume once the connection is back."
            }
            RunState::Paused(Pause::Environment | Pause::Left) => {
                " Paused: come back to this page in its environment and press Resume."
            }
            RunState::Cancelled => " Cancelled.",
            RunState::Done => " Done.",
        };
        let unknown = if unknown > 0 {
            format!(
                ", {unknown} unknown (they may exist: check the list before sending them again)"
            )
        } else {
            String::new()
        };
        // The rows that were never sent are part of the outcome too.
        let never = match invalid {
            0 => String::new(),
            1 => ", 1 never sent (it needs fixing first)".to_owned(),
            n => format!(", {n} never sent (they need fixing first)"),
        };
        format!("{done} of {valid} sent, {refused} refused{unknown}{never}.{state}")
    };
    // What is spoken changes only every tenth row or with the state.
    let spoken = Memo::new(move |_| (counts.get().0 / 10, run.state.get()));
    let announcement = move || {
        // Read, not just tracked: a memo re-checks its sources only when its value is read,
        // so a tracked-only memo went stale and the live line kept saying "0 of N sent".
        let _ = spoken.get();
        untrack(text)
    };
    view! {
        <div class="import-progress">
            <progress max=valid value=move || counts.get().0></progress>
            <p aria-hidden="true">{text}</p>
            <p class="visually-hidden" role="status" aria-live="polite">{announcement}</p>
        </div>
    }
}

/// Every row: line (for a copy, the pet's id where it was copied from), name, category,
/// status, and its problems or outcome (a created pet links to its page in the run's
/// environment).
#[component]
pub fn ImportTable(
    /// The run to show.
    run: Run,
    /// The session, for links.
    session: Session,
) -> impl IntoView {
    let env = run.env;
    let rows = run.rows.get_value();
    let (first, ids) = run.origin.with_value(|o| match o {
        Origin::Copy { from, ids } => (format!("Id in {}", from.label()), Some(ids.clone())),
        Origin::Import => ("Line".to_owned(), None),
    });
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let problems = row.checked.as_ref().err().map(|p| p.join(" "));
            let invalid = problems.is_some();
            let result = move || match (run.ledger.with(|l| l.get(i).cloned()), &problems) {
                (Some(Outcome::Created { id }), _) => {
                    let href = session.link(&format!("/pets/{id}"), env);
                    view! { "Created: " <a href=href>{id.to_string()}</a> }.into_any()
                }
                (Some(Outcome::Sending), _) => "Sending…".into_any(),
                (Some(Outcome::Refused { message }), _) => format!("Refused: {message}").into_any(),
                (Some(Outcome::Unknown { message }), _) => format!("Unknown: {message}").into_any(),
                // Said in words, not by colour alone (the row is marked too).
                (None, Some(p)) => view! { <strong>"Invalid:"</strong> " " {p.clone()} }.into_any(),
                (None, None) => "Not sent".into_any(),
            };
            let d = row.draft;
            view! {
                <tr class:invalid=invalid>
                    <td class="num">
                        {ids
                            .as_ref()
                            .and_then(|ids| ids.get(i))
                            .map_or_else(|| row.line.to_string(), i64::to_string)}
                    </td>
                    <td class="wrap">{d.name}</td>
                    <td class="num">{d.category_id}</td>
                    <td>{d.status}</td>
                    <td class="wrap">{result}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="pets import-rows">
            <thead>
                <tr>
                    <th scope="col">{first}</th>
                    <th scope="col">"Name"</th>
                    <th scope="col">"Category"</th>
                    <th scope="col">"Status"</th>
                    <th scope="col">"Result"</th>
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}
