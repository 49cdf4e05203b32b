//! What the compare page shows of a comparison: a summary with each group's count, then the
//! groups that need a decision (those both hold but differently, the ambiguous names), the
//! pets only one environment holds (to be chosen and copied), and those alike. A group of more
//! than [`COLLAPSED_ROWS`] pets shows that many until "Show all" is pressed, and every group's
//! table has its name first, in a column of one width, so the groups line up.

use petstore_core::Page;
use std::borrow::Cow;
use std::collections::BTreeSet;

use leptos::prelude::*;

use super::{focus, status_badge};
use crate::api::{Pet, PetStatus};
use crate::compare::{Ambiguous, Comparison, Pair};
use crate::config::Environment;
use crate::i18n::{language, number, status_name, t, words, Label, Language};
use crate::session::CurrentEnv;
use petstore_core::Categories;

/// The pets chosen for a copy, by the environment they are in and their id there.
pub type Chosen = RwSignal<BTreeSet<(Environment, i64)>>;

/// A column header's words.
type Header = fn() -> Cow<'static, str>;

/// Each environment's category names (production's, then staging's): a pet's category is said
/// in its own environment's names.
pub type Names = StoredValue<[Categories; 2]>;

/// Category `id` of `env` as a table shows it: its name there, else its number.
fn category(names: Names, env: Environment, id: i64) -> String {
    let at = match env {
        Environment::Production => 0,
        Environment::Staging => 1,
    };
    names.with_value(|n| n[at].label(id))
}

/// How many pets a group shows before "Show all": a store of 143 pets only in one environment
/// made the page 11,500 px tall.
pub const COLLAPSED_ROWS: usize = 20;

/// The first [`COLLAPSED_ROWS`] of `items`, or all of them once `all` is set, each with the
/// language it is drawn in: keyed with it too, every row is drawn again in a new language.
fn first_rows<T: Clone>(items: &[T], all: bool) -> Vec<(T, Language)> {
    let n = if all { items.len() } else { COLLAPSED_ROWS };
    let language = language();
    items
        .iter()
        .take(n)
        .map(|i| (i.clone(), language))
        .collect()
}

/// "Show all 143" under the group headed `heading`, of `count` pets, that shows only its first
/// rows; nothing once all are shown or when there are few.
fn show_all(
    heading: &'static str,
    count: impl Fn() -> usize + Send + Sync + 'static,
    all: RwSignal<bool>,
) -> impl IntoView {
    move || {
        let n = count();
        (n > COLLAPSED_ROWS && !all.get()).then(|| {
            let show = move |_| {
                all.set(true);
                // Its heading is focusable: the keyboard goes to the group, which brings it
                // into view after its "Show all", which goes.
                focus(heading);
            };
            view! {
                <button type="button" class="secondary show-all" on:click=show>
                    {words::show_all(&number(n as u64))}
                </button>
            }
        })
    }
}

/// A group's table: its column headers, then `rows`.
fn table(columns: &[Header], rows: impl IntoView + 'static) -> impl IntoView {
    let headers = columns
        .iter()
        .map(|c| {
            let c = *c;
            view! { <th scope="col">{t(c)}</th> }
        })
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
    view! { <p class="empty">{t(words::none_in_group)}</p> }
}

fn status_text(status: Option<&PetStatus>) -> Cow<'static, str> {
    match status {
        Some(_) => status_name(status),
        None => words::no_status(),
    }
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
    /// Whether a copy is sending: no other starts meanwhile.
    copying: Memo<bool>,
    /// The links of pets, passed in because the groups are built after an `.await`.
    current: CurrentEnv,
    /// The category names, passed in for the same reason.
    names: Names,
) -> impl IntoView {
    // The groups that need a decision first, and the empty ones ("None.") after every group
    // with pets: the first screen shows what there is to act on. Drawn again only when a
    // group empties or fills.
    let order = Memo::new(move |_| {
        shown.with(|c| {
            let mut groups = Group::ALL;
            groups.sort_by_key(|g| g.is_empty(c));
            groups
        })
    });
    // Keyed: a group moved keeps its element and its state ("Show all").
    view! {
        // Each group's count, linking to it, in the order the groups come.
        <nav class="compare-summary" aria-label=t(words::compare_summary)>
            <ul>
                <For each=move || order.get() key=|g| *g let:g>
                    <li>
                        <a href=format!("#{}", g.id())>{move || shown.with(g.said())}</a>
                    </li>
                </For>
            </ul>
        </nav>
        <For each=move || order.get() key=|g| *g let:g>
            {match g {
                Group::Different => view! { <Different shown names /> }.into_any(),
                Group::Ambiguous => view! { <AmbiguousNames shown /> }.into_any(),
                Group::Only(env) => {
                    view! { <OnlyIn env shown chosen on_copy copying current names /> }.into_any()
                }
                Group::Same => view! { <Same shown names /> }.into_any(),
            }}
        </For>
    }
}

/// A group of the compare page, in the order they come when none is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Group {
    Different,
    Ambiguous,
    Only(Environment),
    Same,
}

impl Group {
    const ALL: [Group; 5] = [
        Group::Different,
        Group::Ambiguous,
        Group::Only(Environment::Staging),
        Group::Only(Environment::Production),
        Group::Same,
    ];

    /// The id of its heading, which the summary links to.
    fn id(self) -> &'static str {
        match self {
            Group::Different => "in-both-different",
            Group::Ambiguous => "ambiguous",
            Group::Only(Environment::Staging) => "only-staging",
            Group::Only(Environment::Production) => "only-production",
            Group::Same => "in-both-same",
        }
    }

    /// Whether it holds no pet.
    fn is_empty(self, c: &Comparison) -> bool {
        match self {
            Group::Different => c.different.is_empty(),
            Group::Ambiguous => c.ambiguous.is_empty(),
            Group::Only(Environment::Staging) => c.only_staging.is_empty(),
            Group::Only(Environment::Production) => c.only_production.is_empty(),
            Group::Same => c.same.is_empty(),
        }
    }

    /// Its heading with its count, in words.
    fn said(self) -> fn(&Comparison) -> String {
        match self {
            Group::Different => |c| words::in_both_different(&number(c.different.len() as u64)),
            Group::Ambiguous => |c| words::ambiguous_names(&number(c.ambiguous.len() as u64)),
            Group::Only(Environment::Staging) => {
                |c| words::only_in(c.only_staging.len() as u64, &Environment::Staging.label())
            }
            Group::Only(Environment::Production) => |c| {
                words::only_in(
                    c.only_production.len() as u64,
                    &Environment::Production.label(),
                )
            },
            Group::Same => |c| words::same_in_both(&number(c.same.len() as u64)),
        }
    }
}

/// "Only in `env`": a table with a box to choose each pet, and the copy button.
#[component]
fn OnlyIn(
    env: Environment,
    shown: Memo<Comparison>,
    chosen: Chosen,
    on_copy: Callback<(Environment, Vec<Pet>)>,
    copying: Memo<bool>,
    current: CurrentEnv,
    names: Names,
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
    // Whether the group shows all its pets, not only the first ones.
    let all = RwSignal::new(false);
    let count = move || picked.with(Vec::len);
    // Before anything is ticked, the button says what to do (it cannot be pressed yet).
    let copy_text = move || match count() {
        0 => words::tick_pets_to_copy().into_owned(),
        n => words::copy_pets_to(n as u64, &to.label()),
    };
    let all_chosen = move || count() == pets.with(Vec::len);
    let choose_all = move |_| {
        // Only pets on screen are copied: choosing them all shows them all.
        all.set(true);
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
    // Keyed by id: "Show all" adds the rows past the first ones, a search keeps those it
    // leaves.
    let rows = move || {
        view! {
            <For
                each=move || pets.with(|p| first_rows(p, all.get()))
                key=|(pet, language)| (pet.id, *language)
                children=move |(pet, _)| {
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
                            // The box sits in the name's cell: every group's name column lines up.
                            <td class="wrap">
                                // The box and the name centred on one line.
                                <div class="pick">
                                    // The whole label is the target: 44 px square on a tablet.
                                    <label class="choose" for=label_for>
                                        <input id=box_id type="checkbox" prop:checked=checked on:change=toggle />
                                        <span class="visually-hidden">{words::choose_pet(&pet.name)}</span>
                                    </label>
                                    <a href=current.link(&Page::pet(id), env)>{pet.name.clone()}</a>
                                </div>
                            </td>
                            <td data-label=words::column_category()>{category(names, env, pet.category_id)}</td>
                            <td>{status_badge(pet.status.as_ref())}</td>
                            <td class="num" data-label=words::column_id()>{id.to_string()}</td>
                        </tr>
                    }
                }
            />
        }
    };
    view! {
        <section aria-labelledby=heading>
            <h2 id=heading tabindex="-1">{move || words::only_in(pets.with(Vec::len) as u64, &env.label())}</h2>
            <Show
                when=move || pets.with(|p| !p.is_empty())
                fallback=none
            >
                {table(
                    &[words::column_name, words::column_category, words::column_status, words::column_id],
                    rows,
                )}
                {show_all(heading, move || pets.with(Vec::len), all)}
                <div class="import-actions">
                    <button type="button" class="secondary" on:click=choose_all>
                        {move || if all_chosen() { words::choose_none() } else { words::choose_all() }}
                    </button>
                    <button
                        type="button"
                        disabled=move || count() == 0 || copying.get()
                        on:click=move |_| on_copy.run((env, picked.get_untracked()))
                    >
                        {copy_text}
                    </button>
                </div>
            </Show>
        </section>
    }
}

/// One side of a pair, in `env`: category and status.
fn side(names: Names, env: Environment, pet: &Pet) -> String {
    words::category_and_status(
        &category(names, env, pet.category_id),
        &status_text(pet.status.as_ref()),
    )
}

/// Each difference of a pair, in words.
fn differences(names: Names, pair: &Pair) -> String {
    let (s, p) = (&pair.staging, &pair.production);
    let mut said = Vec::new();
    if pair.category_differs() {
        said.push(words::category_differs(
            &category(names, Environment::Production, p.category_id),
            &category(names, Environment::Staging, s.category_id),
        ));
    }
    if pair.status_differs() {
        said.push(words::status_differs(
            &status_text(p.status.as_ref()),
            &status_text(s.status.as_ref()),
        ));
    }
    said.join(" ")
}

#[component]
fn Different(shown: Memo<Comparison>, names: Names) -> impl IntoView {
    let pairs = Memo::new(move |_| shown.with(|c| c.different.clone()));
    let all = RwSignal::new(false);
    let rows = move || {
        view! {
            <For
                each=move || pairs.with(|p| first_rows(p, all.get()))
                key=|(pair, language)| (pair.staging.id, pair.production.id, *language)
                children=move |(pair, _)| {
                    view! {
                        <tr>
                            <td class="wrap">{pair.staging.name.clone()}</td>
                            <td data-label=words::in_staging()>{side(names, Environment::Staging, &pair.staging)}</td>
                            <td data-label=words::in_production()>{side(names, Environment::Production, &pair.production)}</td>
                            <td class="wrap said">{differences(names, &pair)}</td>
                        </tr>
                    }
                }
            />
        }
    };
    view! {
        <section aria-labelledby="in-both-different">
            <h2 id="in-both-different" tabindex="-1">{move || words::in_both_different(&number(pairs.with(Vec::len) as u64))}</h2>
            <p class="note">{t(words::differences_not_fixed)}</p>
            <Show when=move || pairs.with(|p| !p.is_empty()) fallback=none>
                {table(&[words::column_name, words::in_staging, words::in_production, words::column_differences], rows)}
                {show_all("in-both-different", move || pairs.with(Vec::len), all)}
            </Show>
        </section>
    }
}

/// The pets holding one name on one side, in words.
fn holders(pets: &[Pet]) -> String {
    match pets {
        [] => words::no_pets_hold().into_owned(),
        many => {
            let ids: Vec<String> = many.iter().map(|p| p.id.to_string()).collect();
            words::pets_with_ids(many.len() as u64, &ids.join(&words::list_separator()))
        }
    }
}

#[component]
fn AmbiguousNames(shown: Memo<Comparison>) -> impl IntoView {
    let names = Memo::new(move |_| shown.with(|c| c.ambiguous.clone()));
    let all = RwSignal::new(false);
    let rows = move || {
        view! {
            <For
                each=move || names.with(|n| first_rows(n, all.get()))
                key=|(a, language)| (a.name.clone(), *language)
                children=|(Ambiguous { name, staging, production }, _)| {
                    view! {
                        <tr>
                            <td class="wrap">{name}</td>
                            <td data-label=words::in_staging()>{holders(&staging)}</td>
                            <td data-label=words::in_production()>{holders(&production)}</td>
                        </tr>
                    }
                }
            />
        }
    };
    view! {
        <section aria-labelledby="ambiguous">
            <h2 id="ambiguous" tabindex="-1">{move || words::ambiguous_names(&number(names.with(Vec::len) as u64))}</h2>
            <p class="note">{t(words::ambiguous_not_matched)}</p>
            <Show when=move || names.with(|n| !n.is_empty()) fallback=none>
                {table(&[words::column_name, words::in_staging, words::in_production], rows)}
                {show_all("ambiguous", move || names.with(Vec::len), all)}
            </Show>
        </section>
    }
}

#[component]
fn Same(shown: Memo<Comparison>, names: Names) -> impl IntoView {
    let pairs = Memo::new(move |_| shown.with(|c| c.same.clone()));
    let all = RwSignal::new(false);
    let rows = move || {
        view! {
            <For
                each=move || pairs.with(|p| first_rows(p, all.get()))
                key=|(pair, language)| (pair.staging.id, pair.production.id, *language)
                children=move |(Pair { staging, production }, _)| {
                    view! {
                        <tr>
                            <td class="wrap">{staging.name.clone()}</td>
                            <td data-label=words::column_category()>{category(names, Environment::Staging, staging.category_id)}</td>
                            <td>{status_badge(staging.status.as_ref())}</td>
                            <td class="num" data-label=words::id_in_staging()>{staging.id.to_string()}</td>
                            <td class="num" data-label=words::id_in_production()>{production.id.to_string()}</td>
                        </tr>
                    }
                }
            />
        }
    };
    view! {
        <section aria-labelledby="in-both-same">
            <h2 id="in-both-same" tabindex="-1">{move || words::same_in_both(&number(pairs.with(Vec::len) as u64))}</h2>
            <Show when=move || pairs.with(|p| !p.is_empty()) fallback=none>
                {table(
                    &[words::column_name, words::column_category, words::column_status, words::id_in_staging, words::id_in_production],
                    rows,
                )}
                {show_all("in-both-same", move || pairs.with(Vec::len), all)}
            </Show>
        </section>
    }
}
