//! The print previews, a split part of their own (fetched on the first Print cards or Print
//! list): a sheet of cage cards or labels, cut lines between them and never a card across two
//! pages, or a stock sheet with the list's filters, environment and time read in its heading
//! and page numbers. Each is shown as it prints,
//! with Print and Close; the paper is chosen once per device.

use std::collections::HashSet;

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::pet_card::{card_codes, print, Card, CardPet};
use crate::api::Pet;
use crate::i18n::{clock_time, day_long, status_name, t, words, Label};
use crate::session::CurrentEnv;
use crate::split::{split, SplitLoaderError};
use crate::storage;
use petstore_core::{ExportScope, Layout, Page, Paper};

/// What is being printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Printing {
    /// Print cards: a sheet of cage cards or labels.
    Cards,
    /// Print list: a stock sheet.
    List,
}

/// The rows to print and how the list that showed them was read.
#[derive(Clone, Debug)]
pub(crate) struct Printed {
    /// The rows shown at the press, in their order.
    pub rows: Vec<Pet>,
    /// Where they are from, the status filter and the limit.
    pub scope: ExportScope,
    /// The search the rows were narrowed by (empty for none).
    pub search: String,
    /// The category the rows were narrowed to, if any.
    pub category: Option<i64>,
    /// When the rows were read (ms since the epoch).
    pub read_at: Option<f64>,
    /// Whether the list filled its limit: a stock-take must know the sheet may miss pets.
    pub maybe_more: bool,
}

split! {
    print_sheets, preload_print_sheets;
    /// The preview of `what` for `printed`.
    pub(crate) fn print_preview(what: Printing, printed: Printed, current: CurrentEnv, on_close: Callback<()>) -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <PrintPreview what printed current on_close /> }.into_any())
    }
}

/// The paper this device prints on: its own choice, else the one its language's region
/// most likely has.
fn device_paper() -> Paper {
    storage::device_get(storage::PAPER_SLOT)
        .and_then(|p| Paper::parse(&p))
        .or_else(|| {
            window()
                .navigator()
                .language()
                .map(|tag| Paper::likely_for(&tag))
        })
        .unwrap_or(Paper::A4)
}

/// The options, Print and Close, and the sheet as it prints.
#[component]
fn PrintPreview(
    what: Printing,
    printed: Printed,
    current: CurrentEnv,
    on_close: Callback<()>,
) -> impl IntoView {
    let paper = RwSignal::new(device_paper());
    let layout = RwSignal::new(Layout::Cards);
    let Printed {
        rows,
        scope,
        search,
        category,
        read_at,
        maybe_more,
    } = printed;
    // Every row shown is on the sheet until it is unticked.
    let ticked = RwSignal::new(rows.iter().map(|p| p.id).collect::<HashSet<i64>>());
    let tick_rows = rows.clone();
    let on_paper = move |ev| {
        if let Some(chosen) = Paper::parse(&event_target_value(&ev)) {
            storage::device_set(storage::PAPER_SLOT, chosen.as_str());
            paper.set(chosen);
        }
    };
    let on_layout = move |ev| {
        if let Some(chosen) = Layout::parse(&event_target_value(&ev)) {
            layout.set(chosen);
        }
    };
    let options = move |what: Printing| {
        let pets = (what == Printing::Cards).then(|| {
            let choices = tick_rows
                .iter()
                .map(|pet| {
                    let id = pet.id;
                    let on_tick = move |ev| {
                        let on = event_target_checked(&ev);
                        ticked.update(|t| {
                            if on {
                                t.insert(id);
                            } else {
                                t.remove(&id);
                            }
                        });
                    };
                    view! {
                        <label>
                            <input
                                type="checkbox"
                                prop:checked=move || ticked.with(|t| t.contains(&id))
                                on:change=on_tick
                            />
                            {format!("{} ({id})", pet.name)}
                        </label>
                    }
                })
                .collect_view();
            view! {
                <fieldset class="sheet-pets">
                    <legend>{t(words::sheet_pets)}</legend>
                    {choices}
                </fieldset>
            }
        });
        let layouts = (what == Printing::Cards).then(|| {
            view! {
                <div class="field">
                    <label for="sheet-layout">{t(words::sheet_layout)}</label>
                    <select id="sheet-layout" on:change=on_layout>
                        {Layout::ALL.map(|l| {
                            let word = match l {
                                Layout::Cards => words::layout_cards,
                                Layout::Labels => words::layout_labels,
                            };
                            view! {
                                <option value=l.as_str() prop:selected=move || layout.get() == l>
                                    {t(word)}
                                </option>
                            }
                        })}
                    </select>
                </div>
            }
        });
        view! {
            <div class="filters">
                <div class="field">
                    <label for="sheet-paper">{t(words::paper)}</label>
                    <select id="sheet-paper" on:change=on_paper>
                        {Paper::ALL.map(|p| {
                            let word = match p {
                                Paper::A4 => words::paper_a4,
                                Paper::Letter => words::paper_letter,
                            };
                            view! {
                                <option value=p.as_str() prop:selected=move || paper.get() == p>
                                    {t(word)}
                                </option>
                            }
                        })}
                    </select>
                </div>
                {layouts}
            </div>
            {pets}
        }
    };
    let sheet = match what {
        Printing::Cards => {
            let env = scope.env;
            let cards = {
                let pets = &rows;
                pets.iter()
                    .map(|pet| CardPet {
                        pet: pet.clone(),
                        category: scope.categories.label(pet.category_id),
                        env,
                    })
                    .collect::<Vec<_>>()
            };
            view! { <CardsSheet cards paper layout ticked current /> }.into_any()
        }
        Printing::List => {
            // Said in the language shown, again if it changes while the preview is open.
            let categories = scope.categories.clone();
            let env = scope.env;
            let heading = move || stock_said(&scope, &search, category);
            let read = move || read_at.map(|at| words::stock_read(&day_long(at), &clock_time(at)));
            view! {
                <div class=move || format!("print-sheet stock paper-{}", paper.get().as_str())>
                    <h2>{move || words::stock_heading(&env.label())}</h2>
                    <p>{heading}</p>
                    <p>{read}</p>
                    {maybe_more.then(|| view! { <p><strong>{t(words::stock_maybe_more)}</strong></p> })}
                    <table class="stock">
                        <thead>
                            <tr>
                                <th scope="col">{t(words::column_id)}</th>
                                <th scope="col">{t(words::column_name)}</th>
                                <th scope="col">{t(words::column_category)}</th>
                                <th scope="col">{t(words::column_status)}</th>
                                <th scope="col">{t(words::stock_checked)}</th>
                            </tr>
                        </thead>
                        <tbody>
                            {rows.clone().into_iter().map(|pet| view! {
                                <tr>
                                    <td>{pet.id.to_string()}</td>
                                    <td class="wrap">{pet.name}</td>
                                    <td>{categories.label(pet.category_id)}</td>
                                    <td>{move || status_name(pet.status.as_ref()).into_owned()}</td>
                                    <td></td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            }
            .into_any()
        }
    };
    view! {
        <section class="card-preview" aria-label=t(words::sheet_preview)>
            {options(what)}
            <p class="card-actions">
                <button type="button" on:click=|_| print()>
                    {t(words::card_print)}
                </button>
                <button type="button" class="secondary" on:click=move |_| on_close.run(())>
                    {t(words::close)}
                </button>
            </p>
            // Scrolls sideways on a narrow screen, by keyboard too.
            <div class="sheet-scroll" tabindex="0" role="group" aria-label=t(words::sheet_preview)>
                {sheet}
            </div>
        </section>
    }
}

/// The stock sheet's line of filters: status, category, search and limit, as the list was
/// read.
fn stock_said(scope: &ExportScope, search: &str, category: Option<i64>) -> String {
    let status = scope.status.as_deref().map_or_else(
        || words::all().into_owned(),
        |s| status_name(Some(&s.to_owned().into())).into_owned(),
    );
    let mut parts = vec![words::filter_value(&words::column_status(), &status)];
    if let Some(id) = category {
        parts.push(words::filter_value(
            &words::column_category(),
            &scope.categories.label(id),
        ));
    }
    let search = search.trim();
    if !search.is_empty() {
        parts.push(words::filter_value(
            &words::search_by_name(),
            &format!("“{search}”"),
        ));
    }
    parts.push(words::filter_value(
        &words::limit(),
        &scope.limit.to_string(),
    ));
    parts.join(" · ")
}

/// A sheet of the `ticked` cards, `layout` to a page of `paper`, once their codes are drawn.
#[component]
fn CardsSheet(
    cards: Vec<CardPet>,
    paper: RwSignal<Paper>,
    layout: RwSignal<Layout>,
    ticked: RwSignal<HashSet<i64>>,
    current: CurrentEnv,
) -> impl IntoView {
    let addresses = cards
        .iter()
        .map(|c| current.full_link(&Page::pet(c.pet.id), c.env))
        .collect::<Vec<_>>();
    let cards = StoredValue::new(cards);
    let codes = LocalResource::new(move || card_codes(addresses.clone()));
    let class = move || {
        format!(
            "print-sheet sheet paper-{} layout-{}",
            paper.get().as_str(),
            layout.get().as_str()
        )
    };
    view! {
        <Suspense fallback=|| view! { <p role="status">{t(words::card_preparing)}</p> }>
            {move || Suspend::new(SendWrapper::new(async move {
                match codes.await {
                    Ok(codes) => {
                        let pages = move || {
                            let per_page = layout.get().per_page();
                            let ticked = ticked.read();
                            cards.with_value(|cards| {
                                cards
                                    .iter()
                                    .zip(codes.iter())
                                    .filter(|(card, _)| ticked.contains(&card.pet.id))
                                    .collect::<Vec<_>>()
                                    .chunks(per_page)
                                    .map(|page| {
                                        let page = page
                                            .iter()
                                            .map(|(card, squares)| {
                                                view! { <Card card=(*card).clone() squares=(*squares).clone() /> }
                                            })
                                            .collect_view();
                                        view! { <div class="sheet-page">{page}</div> }
                                    })
                                    .collect_view()
                            })
                        };
                        view! { <div class=class>{pages}</div> }.into_any()
                    }
                    Err(_) => view! {
                        <p class="alert" role="alert">{t(words::card_not_downloaded)}</p>
                    }
                    .into_any(),
                }
            }))}
        </Suspense>
    }
}
