//! What an import shows while and after it runs: the progress, and every row with its
//! problems or outcome.

use leptos::prelude::*;
use petstore_core::Page;

use crate::api::PetStatus;
use crate::i18n::{clock_time, number, sentence, status_name, t, words, Label};

use crate::i18n::problems::row_problems;
use crate::import::{Origin, Outcome, Pause, Run, RunState};
use crate::session::use_current_env;

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
    // Rows left out as already created were not sent by this import: they count apart.
    let counts = Memo::new(move |_| {
        let p = run
            .ledger
            .with(|l| l.progress(run.rows.with_value(Vec::len)));
        (p.done - p.already, p.refused, p.unknown, p.already)
    });
    let to_send = move || valid - counts.get().3;
    let text = move || {
        let (done, refused, unknown, already) = counts.get();
        let state = match run.state.get() {
            RunState::Idle | RunState::Running => None,
            RunState::Paused(Pause::User) => Some(words::run_paused()),
            RunState::Paused(Pause::SignIn) => Some(words::run_paused_sign_in()),
            RunState::Paused(Pause::Offline) => Some(words::run_paused_offline()),
            RunState::Paused(Pause::Failed { at_ms, retry_at_ms }) => {
                let at = clock_time(at_ms as f64);
                Some(match retry_at_ms {
                    Some(until) => words::run_paused_busy(&at, &clock_time(until as f64)).into(),
                    None => words::run_paused_failed(&at).into(),
                })
            }
            RunState::Paused(Pause::Environment | Pause::Left) => Some(words::run_paused_away()),
            RunState::Cancelled => Some(words::run_cancelled()),
            RunState::Done => Some(words::run_done()),
        };
        let mut parts = vec![
            words::rows_sent(to_send() as u64, &number(done as u64)),
            words::rows_refused(refused as u64),
        ];
        if unknown > 0 {
            parts.push(words::rows_unknown(unknown as u64));
        }
        if already > 0 {
            parts.push(words::rows_already_created(already as u64));
        }
        // The rows that were never sent are part of the outcome too.
        if invalid > 0 {
            parts.push(words::rows_never_sent(invalid as u64));
        }
        let said = sentence(&parts);
        match state {
            Some(state) => format!("{said} {state}"),
            None => said,
        }
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
            <progress max=to_send value=move || counts.get().0></progress>
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
) -> impl IntoView {
    let current = use_current_env();
    let env = run.env;
    let rows = run.rows.get_value();
    let (from, ids) = run.origin.with_value(|o| match o {
        Origin::Copy { from, ids } => (Some(*from), Some(ids.clone())),
        Origin::Import => (None, None),
    });
    let first = move || match from {
        Some(from) => words::id_in(&from.label()),
        None => words::column_line().into_owned(),
    };
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let problems = row
                .checked
                .as_ref()
                .err()
                .map(|p| row_problems(p).join(" "));
            let invalid = problems.is_some();
            let result = move || match (run.ledger.with(|l| l.get(i).cloned()), &problems) {
                (Some(Outcome::Created { id }), _) => {
                    let href = current.link(&Page::pet(id), env);
                    view! { {words::row_created()} " " <a href=href>{id.to_string()}</a> }
                        .into_any()
                }
                // Left out; sent again only if ticked here, and after a question at Start.
                (Some(Outcome::Before { id }), _) => {
                    let said = match id {
                        Some(id) => {
                            let href = current.link(&Page::pet(id), env);
                            view! { {words::row_already_created()} " " <a href=href>{id.to_string()}</a> }
                                .into_any()
                        }
                        None => words::row_maybe_created_before().into_any(),
                    };
                    let again = run.again;
                    let tick = move |on: bool| {
                        again.update(|a| {
                            if on {
                                a.insert(i);
                            } else {
                                a.remove(&i);
                            }
                        })
                    };
                    view! {
                        {said} " "
                        <label class="send-again">
                            <input
                                type="checkbox"
                                prop:checked=move || again.with(|a| a.contains(&i))
                                on:change:target=move |ev| tick(ev.target().checked())
                            />
                            {t(words::row_send_again)}
                        </label>
                    }
                    .into_any()
                }
                (Some(Outcome::Queued { .. }), _) => words::row_queued().into_any(),
                (Some(Outcome::Sending { .. }), _) => words::row_sending().into_any(),
                (Some(Outcome::Refused { message }), _) => words::row_refused(&message).into_any(),
                (Some(Outcome::Unknown { message }), _) => {
                    let message = message.unwrap_or_else(|| words::row_left_while_sending().into_owned());
                    words::row_unknown(&message).into_any()
                }
                // Said in words, not by colour alone (the row is marked too).
                (None, Some(p)) => {
                    view! { <strong>{words::row_invalid()}</strong> " " {p.clone()} }.into_any()
                }
                (None, None) => words::row_not_sent().into_any(),
            };
            let d = row.draft;
            view! {
                <tr class:invalid=invalid>
                    // On a phone the header row is hidden: the cell names its column.
                    <td class="num" data-label=first>
                        {ids
                            .as_ref()
                            .and_then(|ids| ids.get(i))
                            .map_or_else(|| row.line.to_string(), i64::to_string)}
                    </td>
                    <td class="wrap">{d.name}</td>
                    <td class="num" data-label=t(words::column_category)>
                        {d.category_id}
                    </td>
                    // A status the interface defines in the app's words; anything else as typed.
                    <td>
                        {move || match PetStatus::parse_known(&d.status) {
                            Some(s) => status_name(Some(&s)).into_owned(),
                            None => d.status.clone(),
                        }}
                    </td>
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
                    <th scope="col">{t(words::column_name)}</th>
                    <th scope="col">{t(words::column_category)}</th>
                    <th scope="col">{t(words::column_status)}</th>
                    <th scope="col">{t(words::column_result)}</th>
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}
