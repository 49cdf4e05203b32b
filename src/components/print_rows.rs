//! Print cards and Print list, for the rows the list shows (searched and sorted, in their
//! order). The previews are a split part of their own (`print_sheets.rs`), fetched on the
//! first press.

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::pet_card::preload_card_code;
use super::print_sheets::{print_preview, Printed, Printing};
use crate::api::Pet;
use crate::i18n::{t, words};
use crate::session::CurrentEnv;
use crate::split::prefetch;
use petstore_core::ExportScope;

/// Print cards and Print list, and the preview of the one pressed.
#[component]
pub fn PrintRows(
    /// The rows shown, in their order.
    #[prop(into)]
    pets: Signal<Vec<Pet>>,
    /// Where they are from, how the list was read and how the rows were narrowed.
    scope: Signal<ExportScope>,
    /// When the rows were read (ms since the epoch).
    #[prop(into)]
    read_at: Signal<Option<f64>>,
    /// The environment's links (rows are built after an `.await`, where no context is found).
    current: CurrentEnv,
) -> impl IntoView {
    // The preview holds the rows as they were at the press: a read again meanwhile does not
    // change the paper under the manager's eyes.
    let (open, set_open) = signal(None::<(Printing, Printed)>);
    let press = move |what: Printing| {
        // The cards' code encoder comes alongside the sheet's own part, not after it.
        if what == Printing::Cards {
            prefetch(preload_card_code());
        }
        let again = open.with_untracked(|o| o.as_ref().is_some_and(|(w, _)| *w == what));
        set_open.set((!again).then(|| {
            let printed = Printed {
                rows: pets.get_untracked(),
                scope: scope.get_untracked(),
                read_at: read_at.get_untracked(),
            };
            (what, printed)
        }));
    };
    // Close takes the keyboard back to the button that opened the preview.
    let cards_button = NodeRef::<leptos::html::Button>::new();
    let list_button = NodeRef::<leptos::html::Button>::new();
    let on_close = Callback::new(move |()| {
        let opener = match open.with_untracked(|o| o.as_ref().map(|(what, _)| *what)) {
            Some(Printing::List) => list_button,
            _ => cards_button,
        };
        set_open.set(None);
        if let Some(button) = opener.get_untracked() {
            let _ = button.focus();
        }
    });
    let preview = move || {
        open.get().map(|(what, printed)| {
            view! {
                <Suspense fallback=|| view! { <p role="status">{t(words::card_preparing)}</p> }>
                    {move || {
                        let printed = printed.clone();
                        Suspend::new(SendWrapper::new(async move {
                            print_preview(what, printed, current, on_close).await.unwrap_or_else(|_| {
                                view! { <p class="alert" role="alert">{t(words::card_not_downloaded)}</p> }
                                    .into_any()
                            })
                        }))
                    }}
                </Suspense>
            }
        })
    };
    let expanded = move |what: Printing| {
        move || {
            open.with(|o| o.as_ref().is_some_and(|(w, _)| *w == what))
                .to_string()
        }
    };
    let button = move |what: Printing, opener: NodeRef<leptos::html::Button>, word| {
        view! {
            <button
                type="button"
                class="secondary"
                aria-expanded=expanded(what)
                node_ref=opener
                on:click=move |_| press(what)
            >
                {t(word)}
            </button>
        }
    };
    view! {
        <div class="export">
            {button(Printing::Cards, cards_button, words::print_cards)}
            {button(Printing::List, list_button, words::print_list)}
        </div>
        {preview}
    }
}
