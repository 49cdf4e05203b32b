//! Send unknown rows again, for a run whose rows may exist (sent, no usable answer): the page
//! first looks for them in what the service lists and marks those it finds created, then names
//! the rest and when they were sent, and asks. Only a yes makes them sendable again.

use leptos::prelude::*;

use crate::i18n::{call_said, t, words, Label};
use crate::import::{Looked, Run};
use crate::session::SentPets;

use super::run_panel::said_rows;

/// The button, what looking for the rows found, and the question.
#[component]
pub fn SendUnknownAgain(
    /// The run whose unknown rows these are.
    run: Run,
    /// Whether the run's rows may be sent now (nothing else sending, a key, online).
    can_send: Memo<bool>,
    /// The record the rows stand in.
    sent: SentPets,
) -> impl IntoView {
    let env = run.env;
    let unknown = Memo::new(move |_| run.unknown());
    // `None`: not asked; `Some(None)`: looking; `Some(Some(…))`: what was found.
    let asking = RwSignal::new(None::<Option<Result<Looked, String>>>);
    // The rows the question names, as it was put: a yes sends those, and only those.
    let asked = StoredValue::new(Vec::<(usize, String)>::new());
    let running = move || run.state.get() == crate::import::RunState::Running;
    let look = move |_| {
        asking.set(Some(None));
        leptos::task::spawn_local(async move {
            let looked = run.look_for_unknown().await.map_err(|e| call_said(&e));
            asking.maybe_update(|a| match a {
                Some(None) => {
                    asked.set_value(run.unknown());
                    *a = Some(Some(looked));
                    true
                }
                _ => false,
            });
        });
    };
    // The rows asked about that are still unknown (another tab may have settled some since).
    let still_asked = move || {
        let now = unknown.get();
        asked.with_value(|a| {
            a.iter()
                .filter(|r| now.contains(r))
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    let question = move || {
        let rows = still_asked();
        let (names, at) = said_rows(run, sent, &rows);
        words::send_unknown_question(rows.len() as u64, &env.label(), &names, &at)
    };
    let found = move |looked: &Result<Looked, String>| {
        let label = env.label();
        match looked {
            Err(message) => vec![words::could_not_look(&label, message)],
            Ok(l) => {
                let mut said = Vec::new();
                if l.found > 0 {
                    said.push(words::looked_found(l.found as u64, &label));
                }
                if l.unchecked > 0 {
                    said.push(words::looked_unchecked(l.unchecked as u64, &label));
                }
                said
            }
        }
    };
    let send = move |_| {
        asking.set(None);
        run.forget_unknown(&untrack(still_asked));
    };
    view! {
        <Show when=move || { !running() && unknown.with(|u| !u.is_empty()) }>
            <div class="import-actions">
                <button
                    type="button"
                    class="secondary"
                    disabled=move || !can_send.get() || asking.with(|a| a == &Some(None))
                    on:click=look
                >
                    {t(words::send_unknown_again)}
                </button>
            </div>
        </Show>
        {move || {
            asking.get().map(|asked| match asked {
                None => view! { <p class="loading" role="status">{words::looking_for_rows(&env.label())}</p> }
                    .into_any(),
                Some(looked) => {
                    let said = found(&looked).join(" ");
                    view! {
                        <div class="alert wrap" role="alert">
                            <p>{said}</p>
                            <Show
                                when=move || !still_asked().is_empty()
                                fallback=|| view! { <p>{t(words::nothing_to_send_again)}</p> }
                            >
                                <p>{question}</p>
                                <button type="button" disabled=move || !can_send.get() on:click=send>
                                    {t(words::send_them_again)}
                                </button>
                                " "
                            </Show>
                            <button type="button" class="secondary" on:click=move |_| asking.set(None)>
                                {t(words::keep_them)}
                            </button>
                        </div>
                    }
                    .into_any()
                }
            })
        }}
    }
}
