//! The print previews, a split part of their own (fetched on the first Print cards or Print
//! list): a sheet of cage cards or labels, cut lines between them and never a card across two
//! pages, or a stock sheet (`stock_sheet.rs`). Each is shown as it prints, with Print and
//! Close; the paper is chosen once per device.

use std::collections::HashSet;

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::pet_card::{card_codes, print, Card, CardPet};
use super::stock_sheet::StockSheet;
use crate::api::Pet;
use crate::i18n::{t, words, Word};
use crate::session::CurrentEnv;
use crate::split::{split, SplitLoaderError};
use crate::storage;
use petstore_core::{ExportScope, Layout, Page, Paper, QrSquares};

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
    /// Where they are from, how the list was read (status, limit, whether it filled its
    /// limit: a stock-take must know the sheet may miss pets) and how the rows were narrowed.
    pub scope: ExportScope,
    /// When the rows were read (ms since the epoch).
    pub read_at: Option<f64>,
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
    let Printed {
        rows,
        scope,
        read_at,
    } = printed;
    let paper = RwSignal::new(device_paper());
    let paper_choice = choice(
        "sheet-paper",
        words::paper,
        Paper::ALL.map(|p| {
            let word = match p {
                Paper::A4 => words::paper_a4,
                Paper::Letter => words::paper_letter,
            };
            (p, p.as_str(), word)
        }),
        paper,
        // The paper is the device's: the next preview starts on it.
        |p| storage::device_set(storage::PAPER_SLOT, p.as_str()),
    );
    let (options, sheet) = match what {
        Printing::Cards => {
            let layout = RwSignal::new(Layout::Cards);
            let layout_choice = choice(
                "sheet-layout",
                words::sheet_layout,
                Layout::ALL.map(|l| {
                    let word = match l {
                        Layout::Cards => words::layout_cards,
                        Layout::Labels => words::layout_labels,
                    };
                    (l, l.as_str(), word)
                }),
                layout,
                |_| {},
            );
            // Every row shown is on the sheet until it is unticked.
            let ticked = RwSignal::new(rows.iter().map(|p| p.id).collect::<HashSet<i64>>());
            let options = view! {
                <div class="filters">{paper_choice}{layout_choice}</div>
                {ticks(&rows, ticked)}
            };
            let cards = rows
                .into_iter()
                .map(|pet| CardPet {
                    category: scope.categories.label(pet.category_id),
                    env: scope.env,
                    pet,
                })
                .collect();
            let sheet = view! { <CardsSheet cards paper layout ticked current /> };
            (options.into_any(), sheet.into_any())
        }
        Printing::List => {
            let options = view! { <div class="filters">{paper_choice}</div> };
            let sheet = view! { <StockSheet rows scope read_at paper /> };
            (options.into_any(), sheet.into_any())
        }
    };
    view! {
        <section class="card-preview" aria-label=t(words::sheet_preview)>
            {options}
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

/// A labelled select (`id`, its label `word`) of `choices`, each a value, how it is written
/// in the select and its word; it shows `chosen`, and sets it (then calls `also` with it,
/// which may do nothing more) when another is picked.
fn choice<T, const N: usize>(
    id: &'static str,
    word: Word,
    choices: [(T, &'static str, Word); N],
    chosen: RwSignal<T>,
    also: fn(T),
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let on_change = move |ev| {
        let value = event_target_value(&ev);
        if let Some((picked, ..)) = choices.iter().find(|(_, v, _)| *v == value) {
            chosen.set(*picked);
            also(*picked);
        }
    };
    view! {
        <div class="field">
            <label for=id>{t(word)}</label>
            <select id=id on:change=on_change>
                {choices.map(|(value, written, word)| view! {
                    <option value=written prop:selected=move || chosen.get() == value>
                        {t(word)}
                    </option>
                })}
            </select>
        </div>
    }
}

/// The pets of a sheet of cards, each ticked while its card is on the sheet.
fn ticks(rows: &[Pet], ticked: RwSignal<HashSet<i64>>) -> impl IntoView {
    let choices = rows
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
                    Ok(codes) => view! {
                        <div class=class>
                            <SheetPages cards codes layout ticked />
                        </div>
                    }
                    .into_any(),
                    Err(_) => view! {
                        <p class="alert" role="alert">{t(words::card_not_downloaded)}</p>
                    }
                    .into_any(),
                }
            }))}
        </Suspense>
    }
}

/// The sheet's pages of the `ticked` cards (with their `codes`, in the same order),
/// `layout`'s number to a page.
#[component]
fn SheetPages(
    cards: StoredValue<Vec<CardPet>>,
    codes: Vec<Option<QrSquares>>,
    layout: RwSignal<Layout>,
    ticked: RwSignal<HashSet<i64>>,
) -> impl IntoView {
    let codes = StoredValue::new(codes);
    // The cards on the sheet, by their place in `cards`: the ticked ones, in the rows' order.
    let on_sheet = Memo::new(move |_| {
        let ticked = ticked.read();
        cards.with_value(|cards| {
            (0..cards.len())
                .filter(|&i| ticked.contains(&cards[i].pet.id))
                .collect::<Vec<usize>>()
        })
    });
    let per_page = Memo::new(move |_| layout.get().per_page());
    let card = move |i: usize| {
        let card = cards.with_value(|c| c[i].clone());
        let squares = codes.with_value(|c| c.get(i).cloned().flatten());
        view! { <Card card squares /> }
    };
    // Keyed by page and by card (its place in `cards`, which never changes while the
    // preview is open): a tick or another layout draws only the cards that come onto a page.
    let page = move |number: usize| {
        let on_page = move || {
            let per_page = per_page.get();
            on_sheet.with(|all| {
                all.iter()
                    .skip(number * per_page)
                    .take(per_page)
                    .copied()
                    .collect::<Vec<_>>()
            })
        };
        view! {
            <div class="sheet-page">
                <For each=on_page key=|i| *i children=card />
            </div>
        }
    };
    let pages = move || 0..on_sheet.with(Vec::len).div_ceil(per_page.get());
    view! { <For each=pages key=|n| *n children=page /> }
}
