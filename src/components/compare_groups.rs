//! What the compare page shows of a comparison: the pets only one environment holds (to be
//! chosen and copied), those both hold but differently, the ambiguous names, and those alike.

use std::collections::BTreeSet;

use leptos::prelude::*;

use super::status_badge;
use crate::api::{Pet, PetStatus};
use crate::compare::{Ambiguous, Comparison, Pair};
use crate::config::Environment;
use crate::session::Session;

/// The pets chosen for a copy, by the environment they are in and their id there.
pub type Chosen = RwSignal<BTreeSet<(Environment, i64)>>;

/// A group's table: its column headers, then `rows`.
fn table(columns: &[&str], rows: impl IntoView + 'static) -> impl IntoView {
    let headers = columns
        .iter()
        .map(|c| view! { <th scope="col">{c.to_string()}</th> })
        .collect_view();
    view! {
        <table class="compare">
            <thead>
                <tr>{headers}</tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// What an empty group shows.
fn none() -> impl IntoView {
    view! { <p class="empty">"None."</p> }
}

fn status_text(status: Option<&PetStatus>) -> String {
    status.map_or_else(|| "no status".to_owned(), |s| s.as_str().to_owned())
}

/// The groups of `shown` (the comparison as the search and status filter leave it).
#[component]
pub fn CompareGroups(
    /// The part of the comparison to show.
    shown: Memo<Comparison>,
    /// The pets chosen for a copy.
    chosen: Chosen,
    /// Called with the environment the pets are in and the chosen pets shown, to copy them.
    on_copy: Callback<(Environment, Vec<Pet>)>,
    /// The session, for links (the groups are built after an `.await`).
    session: Session,
) -> impl IntoView {
    let group = |env| {
        view! { <OnlyIn env shown chosen on_copy session /> }
    };
    view! {
        {group(Environment::Staging)}
        {group(Environment::Production)}
        <Different shown />
        <AmbiguousNames shown />
        <Same shown />
    }
}

/// "Only in `env`": a table with a box to choose each pet, and the copy button.
#[component]
fn OnlyIn(
    env: Environment,
    shown: Memo<Comparison>,
    chosen: Chosen,
    on_copy: Callback<(Environment, Vec<Pet>)>,
    session: Session,
) -> impl IntoView {
    let pets = Memo::new(move |_| {
        shown.with(|c| match env {
            Environment::Staging => c.only_staging.clone(),
            Environment::Production => c.only_production.clone(),
        })
    });
    // Only pets on screen are copied: a choice hidden by the search is not.
    let picked = Memo::new(move |_| {
        chosen.with(|c| {
            pets.with(|p| {
                p.iter()
                    .filter(|p| c.contains(&(env, p.id)))
                    .cloned()
                    .collect::<Vec<_>>()
            })
        })
    });
    let to = env.other();
    let count = move || picked.with(Vec::len);
    // Before anything is ticked, the button says what to do (it cannot be pressed yet).
    let copy_text = move || match count() {
        0 => "Tick pets to copy".to_owned(),
        1 => format!("Copy 1 pet to {}…", to.label()),
        n => format!("Copy {n} pets to {}…", to.label()),
    };
    let all_chosen = move || count() == pets.with(Vec::len);
    let choose_all = move |_| {
        let on = !all_chosen();
        chosen.update(|c| {
            for p in pets.get_untracked() {
                if on {
                    c.insert((env, p.id));
                } else {
                    c.remove(&(env, p.id));
                }
            }
        });
    };
    let heading = match env {
        Environment::Production => "only-production",
        Environment::Staging => "only-staging",
    };
    let rows = move || {
        pets.get()
            .into_iter()
            .map(|pet| {
                let id = pet.id;
                let box_id = format!("choose-{}-{id}", env.as_str());
                let label_for = box_id.clone();
                let checked = move || chosen.with(|c| c.contains(&(env, id)));
                let toggle = move |_| {
                    chosen.update(|c| {
                        if !c.remove(&(env, id)) {
                            c.insert((env, id));
                        }
                    })
                };
                view! {
                    <tr>
                        <td>
                            // The whole label is the target: 44 px square on a tablet.
                            <label class="choose" for=label_for>
                                <input id=box_id type="checkbox" prop:checked=checked on:change=toggle />
                                <span class="visually-hidden">{format!("Choose {}", pet.name)}</span>
                            </label>
                        </td>
                        <td class="wrap">
                            <a href=session.link(&format!("/pets/{id}"), env)>{pet.name.clone()}</a>
                        </td>
                        <td class="num" data-label="Category">{pet.category_id.to_string()}</td>
                        <td>{status_badge(pet.status.as_ref())}</td>
                        <td class="num" data-label="Id">{id.to_string()}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <section aria-labelledby=heading>
            <h2 id=heading tabindex="-1">{move || format!("Only in {} ({})", env.label(), pets.with(Vec::len))}</h2>
            <Show
                when=move || pets.with(|p| !p.is_empty())
                fallback=none
            >
                {table(
                    &["Copy", "Name", "Category", "Status", "Id"],
                    rows,
                )}
                <div class="import-actions">
                    <button type="button" class="secondary" on:click=choose_all>
                        {move || if all_chosen() { "Choose none" } else { "Choose all" }}
                    </button>
                    <button
                        type="button"
                        disabled=move || count() == 0
                        on:click=move |_| on_copy.run((env, picked.get_untracked()))
                    >
                        {copy_text}
                    </button>
                </div>
            </Show>
        </section>
    }
}

/// One side of a pair: category and status.
fn side(pet: &Pet) -> String {
    format!(
        "category {}, {}",
        pet.category_id,
        status_text(pet.status.as_ref())
    )
}

/// Each difference of a pair, in words.
fn differences(pair: &Pair) -> String {
    let (s, p) = (&pair.staging, &pair.production);
    let mut said = Vec::new();
    if pair.category_differs() {
        said.push(format!(
            "Category: {} in Staging, {} in Production.",
            s.category_id, p.category_id
        ));
    }
    if pair.status_differs() {
        said.push(format!(
            "Status: {} in Staging, {} in Production.",
            status_text(s.status.as_ref()),
            status_text(p.status.as_ref())
        ));
    }
    said.join(" ")
}

#[component]
fn Different(shown: Memo<Comparison>) -> impl IntoView {
    let pairs = Memo::new(move |_| shown.with(|c| c.different.clone()));
    let rows = move || {
        pairs
            .get()
            .into_iter()
            .map(|pair| {
                view! {
                    <tr>
                        <td class="wrap">{pair.staging.name.clone()}</td>
                        <td data-label="In Staging">{side(&pair.staging)}</td>
                        <td data-label="In Production">{side(&pair.production)}</td>
                        <td class="wrap said">{differences(&pair)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <section aria-labelledby="in-both-different">
            <h2 id="in-both-different">{move || format!("In both, different ({})", pairs.with(Vec::len))}</h2>
            <p class="note">
                "The service cannot change a pet, so these differences are shown, never fixed here."
            </p>
            <Show when=move || pairs.with(|p| !p.is_empty()) fallback=none>
                {table(&["Name", "In Staging", "In Production", "Differences"], rows)}
            </Show>
        </section>
    }
}

/// The pets holding one name on one side, in words.
fn holders(pets: &[Pet]) -> String {
    match pets {
        [] => "none".to_owned(),
        [one] => format!("1 pet (id {})", one.id),
        many => {
            let ids: Vec<String> = many.iter().map(|p| p.id.to_string()).collect();
            format!("{} pets (ids {})", many.len(), ids.join(", "))
        }
    }
}

#[component]
fn AmbiguousNames(shown: Memo<Comparison>) -> impl IntoView {
    let names = Memo::new(move |_| shown.with(|c| c.ambiguous.clone()));
    let rows = move || {
        names
            .get()
            .into_iter()
            .map(
                |Ambiguous {
                     name,
                     staging,
                     production,
                 }| {
                    view! {
                        <tr>
                            <td class="wrap">{name}</td>
                            <td data-label="In Staging">{holders(&staging)}</td>
                            <td data-label="In Production">{holders(&production)}</td>
                        </tr>
                    }
                },
            )
            .collect_view()
    };
    view! {
        <section aria-labelledby="ambiguous">
            <h2 id="ambiguous">{move || format!("Ambiguous names ({})", names.with(Vec::len))}</h2>
            <p class="note">"Two or more pets in one environment have these names, so they are not matched."</p>
            <Show when=move || names.with(|n| !n.is_empty()) fallback=none>
                {table(&["Name", "In Staging", "In Production"], rows)}
            </Show>
        </section>
    }
}

#[component]
fn Same(shown: Memo<Comparison>) -> impl IntoView {
    let pairs = Memo::new(move |_| shown.with(|c| c.same.clone()));
    let rows = move || {
        pairs
            .get()
            .into_iter()
            .map(
                |Pair {
                     staging,
                     production,
                 }| {
                    view! {
                        <tr>
                            <td class="wrap">{staging.name.clone()}</td>
                            <td class="num" data-label="Category">{staging.category_id.to_string()}</td>
                            <td>{status_badge(staging.status.as_ref())}</td>
                            <td class="num" data-label="Id in Staging">{staging.id.to_string()}</td>
                            <td class="num" data-label="Id in Production">{production.id.to_string()}</td>
                        </tr>
                    }
                },
            )
            .collect_view()
    };
    view! {
        <section aria-labelledby="in-both-same">
            <h2 id="in-both-same">{move || format!("The same in both ({})", pairs.with(Vec::len))}</h2>
            <details>
                <summary>"Show them"</summary>
                {table(
                    &["Name", "Category", "Status", "Id in Staging", "Id in Production"],
                    rows,
                )}
            </details>
        </section>
    }
}
