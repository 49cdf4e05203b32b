//! A pet's cage card: Print card on a pet's page shows Print and Close over the card as it
//! will print. Only the card is printed (the stylesheet's print rules hide the rest), on an A6
//! page. Its code opens the pet's page in its environment at this deployment's address; the
//! encoder is a chunk of its own, downloaded on the first Print card.

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use crate::api::Pet;
use crate::config::Environment;
use crate::i18n::{status_name, t, today_long, words, Label};
use crate::session::{use_current_env, use_session};
use crate::split::{split, SplitLoaderError};
use petstore_core::{qr_squares, Page, QrSquares};

split! {
    card_code, preload_card_code;
    /// Each address's code squares (`None` for one too long for a code), for one card or a
    /// sheet of them.
    pub(crate) fn card_codes(addresses: Vec<String>) -> Result<Vec<Option<QrSquares>>, SplitLoaderError> {
        Ok(addresses.iter().map(|a| qr_squares(a)).collect())
    }
}

/// What a card says about its pet.
#[derive(Clone, Debug, PartialEq)]
pub struct CardPet {
    /// The pet.
    pub pet: Pet,
    /// Its category as its page says it ("Dogs (1)", or the number).
    pub category: String,
    /// The environment it was read in.
    pub env: Environment,
}

/// Print card, and the card it prints.
#[component]
pub fn PrintCard(card: CardPet) -> impl IntoView {
    let (open, set_open) = signal(false);
    let card = StoredValue::new(card);
    // Close takes the keyboard back to Print card, not to the top of the page.
    let opener = NodeRef::<leptos::html::Button>::new();
    let close = move |_| {
        set_open.set(false);
        if let Some(button) = opener.get_untracked() {
            let _ = button.focus();
        }
    };
    let preview = move || {
        open.get().then(|| {
            view! {
                <section class="card-preview" aria-label=t(words::card_preview)>
                    <p class="card-actions">
                        <button type="button" on:click=|_| print()>
                            {t(words::card_print)}
                        </button>
                        <button type="button" class="secondary" on:click=close>
                            {t(words::close)}
                        </button>
                    </p>
                    <CardSheet card=card.get_value() />
                </section>
            }
        })
    };
    view! {
        <button
            type="button"
            class="secondary"
            aria-expanded=move || open.get().to_string()
            node_ref=opener
            on:click=move |_| set_open.update(|o| *o = !*o)
        >
            {t(words::print_card)}
        </button>
        {preview}
    }
}

/// The browser's print dialog; a browser that cannot print leaves the preview as it is.
pub(crate) fn print() {
    if let Err(error) = window().print() {
        leptos::logging::error!("print: {error:?}");
    }
}

/// The sheet the printer gets: one card, once its code is drawn.
#[component]
fn CardSheet(card: CardPet) -> impl IntoView {
    let address = use_current_env().full_link(&Page::pet(card.pet.id), card.env);
    let card = StoredValue::new(card);
    let squares = LocalResource::new(move || card_codes(vec![address.clone()]));
    view! {
        <Suspense fallback=|| view! { <p role="status">{t(words::card_preparing)}</p> }>
            {move || Suspend::new(SendWrapper::new(async move {
                match squares.await {
                    Ok(mut squares) => view! {
                        <div class="print-sheet">
                            <Card card=card.get_value() squares=squares.pop().flatten() />
                        </div>
                    }.into_any(),
                    Err(_) => view! {
                        <p class="alert" role="alert">{t(words::card_not_downloaded)}</p>
                    }.into_any(),
                }
            }))}
        </Suspense>
    }
}

/// One card: the name large, what the shop needs to know, the code, and where it is from.
#[component]
pub(crate) fn Card(card: CardPet, squares: Option<QrSquares>) -> impl IntoView {
    let CardPet { pet, category, env } = card;
    let staging = env == Environment::Staging;
    // A status printed is wrong the day it changes: printed only where the deployment asks.
    let status_shown = use_session().cards_show_status();
    let name = pet.name.clone();
    let status = pet.status.clone();
    let code = squares.map(|QrSquares { size, path }| {
        let view_box = format!("0 0 {size} {size}");
        view! {
            <svg
                class="card-code"
                viewBox=view_box
                role="img"
                aria-label=move || words::card_code_label(&name)
                shape-rendering="crispEdges"
            >
                <rect width=size height=size fill="#fff" />
                <path d=path fill="#000" />
            </svg>
        }
    });
    view! {
        <article class="pet-card" class:staging=staging>
            {staging.then(|| view! { <p class="card-band">{t(words::card_staging_band)}</p> })}
            <h2 class="card-name wrap">{pet.name.clone()}</h2>
            <dl class="card-facts">
                <dt>{t(words::column_category)}</dt>
                <dd>{category}</dd>
                {status_shown.then(|| view! {
                    <dt>{t(words::column_status)}</dt>
                    <dd>{move || status_name(status.as_ref()).into_owned()}</dd>
                })}
                <dt>{t(words::column_id)}</dt>
                <dd>{pet.id.to_string()}</dd>
            </dl>
            {code}
            // The environment is the staging card's warning; a customer reads nothing in it.
            <p class="card-foot">
                {staging.then(|| view! { <span>{move || env.label().into_owned()}</span> })}
                <span>{move || words::card_printed(&today_long())}</span>
            </p>
        </article>
    }
}
