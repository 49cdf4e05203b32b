//! What the header's menu holds: the environment, the language and the two ways to sign out.
//! A split part of its own, drawn on the menu's first opening (and kept drawn after): a daily
//! start does not open the menu, so the first screen need not carry its code.

use leptos::ev;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use web_sys::HtmlSelectElement;

use super::{LanguageSelect, LoadFailed, SignOutEverywhere};
use crate::config::Environment;
use crate::i18n::{t, words, Label};
use crate::session::{use_current_env, use_hold, use_keys, use_session, use_set_query, Leave};
use crate::split::{split, SplitLoaderError};

split! {
    header_menu, preload_menu_contents;
    /// The menu's controls.
    fn menu_contents_view(hide: Callback<()>, close: Callback<()>, asking: RwSignal<bool>) -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <MenuContents hide close asking /> }.into_any())
    }
}

/// The menu's controls once their code is here: "Loading…" while it downloads, and a message
/// with Reload if it cannot.
pub(crate) fn menu_contents(
    hide: Callback<()>,
    close: Callback<()>,
    asking: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <Suspense fallback=|| view! { <p role="status">{t(words::loading)}</p> }>
            {move || {
                Suspend::new(
                    SendWrapper::new(async move {
                        menu_contents_view(hide, close, asking).await.unwrap_or_else(|_| {
                            view! { <LoadFailed what=words::menu_not_downloaded /> }.into_any()
                        })
                    }),
                )
            }}
        </Suspense>
    }
}

/// Downloads the menu's code without drawing it, so that its first opening is as quick as
/// the next: once the first screen is idle, or when the menu button is pointed at or
/// focused. On a first visit it waits for the service worker, whose install fetches it too.
pub(crate) fn prefetch_menu_contents() {
    crate::split::prefetch_when_installed(preload_menu_contents());
}

/// The environment, the language, Sign out (with a key) and Sign out everywhere. `hide` puts
/// the menu away; `close` also gives the keyboard back to its button.
#[component]
fn MenuContents(
    /// Puts the menu away.
    hide: Callback<()>,
    /// Puts the menu away and gives the keyboard back to its button.
    close: Callback<()>,
    /// Whether Sign out everywhere's question is shown.
    asking: RwSignal<bool>,
) -> impl IntoView {
    let session = use_session();
    let keys = use_keys();
    let current = use_current_env();
    let set_query = use_set_query();
    let hold = use_hold();
    // Switching keeps the page and its filters; only `env` in the query changes. With a pet
    // held, the manager is asked first what becomes of it (the select shows the current
    // environment until then).
    let switch = move |ev: ev::Event| {
        if let Some(env) = Environment::parse(&event_target_value(&ev)) {
            if hold.ask_before(Leave::Switch(env)) {
                event_target::<HtmlSelectElement>(&ev).set_value(current.env_untracked().as_str());
                // The question takes the keyboard (`HeldLine`).
                hide.run(());
                return;
            }
            set_query("env", Some(env.as_str().to_owned()), false);
        }
        close.run(());
    };
    view! {
        <label for="environment">{t(words::environment)}</label>
        <select id="environment" on:change=switch>
            {Environment::ALL
                .map(|e| {
                    view! {
                        <option value=e.as_str() prop:selected=move || current.env() == e>
                            {move || e.label().into_owned()}
                        </option>
                    }
                })}
        </select>
        <LanguageSelect on_chosen=close />
        <Show when=move || !keys.needs_sign_in()>
            <button
                type="button"
                class="secondary"
                on:click=move |_| {
                    if hold.ask_before(Leave::SignOut(current.env_untracked())) {
                        hide.run(());
                    } else {
                        close.run(());
                        session.sign_out();
                    }
                }
            >
                {t(words::sign_out)}
            </button>
        </Show>
        // Always offered: the other environment's key, drafts and activity may be kept while
        // this one has no key.
        <SignOutEverywhere asking on_done=close />
    }
}
