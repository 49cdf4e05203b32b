//! The header: app name, the environment switch, navigation and sign-out. Its colour band
//! says which environment is in use, so production and staging never look alike.

use leptos::prelude::*;
use petstore_core::Page;

use super::{LanguageSelect, SignOutEverywhere};
use crate::config::Environment;
use crate::i18n::{t, words, Label};
use crate::session::{use_current_env, use_keys, use_session, use_set_query};
use leptos_router::components::A;
use leptos_router::hooks::use_location;

/// The header band with the environment `<select>`.
#[component]
pub fn EnvironmentBar() -> impl IntoView {
    let session = use_session();
    let keys = use_keys();
    let current = use_current_env();
    let set_query = use_set_query();
    // Switching keeps the page and its filters; only `env` in the query changes.
    let switch = move |ev: leptos::ev::Event| {
        if let Some(env) = Environment::parse(&event_target_value(&ev)) {
            set_query("env", Some(env.as_str().to_owned()), false);
        }
    };
    let env = move || current.env();
    let location = use_location();
    // The list as the manager left it (its filters, search and sort), as Back to the list
    // does: on the list, its address now; elsewhere, the list's last address in this
    // environment.
    let pets_href = move || match location.pathname.with(|p| Page::List.is_at(p)) {
        true => {
            let path = location.pathname.get();
            location.search.with(|q| match q.is_empty() {
                true => path,
                false => format!("{path}?{q}"),
            })
        }
        false => session.list_link(env()),
    };
    view! {
        <header class=move || format!("app-header env-{}", env().as_str())>
            <div class="brand">
                <a href=move || current.href(&Page::List)>{t(words::app_name)}</a>
                <span class="env-badge" aria-hidden="true">{move || env().label().into_owned()}</span>
            </div>
            // `<A exact>` marks the page shown with `aria-current`.
            <nav aria-label=t(words::main_navigation)>
                <A href=pets_href exact=true>
                    {t(words::nav_pets)}
                </A>
                <A href=move || current.href(&Page::New) exact=true>
                    {t(words::nav_new_pet)}
                </A>
                <A href=move || current.href(&Page::Compare) exact=true>
                    {t(words::nav_compare)}
                </A>
                <A href=move || current.href(&Page::Activity) exact=true>
                    {t(words::nav_activity)}
                </A>
            </nav>
            <div class="env-controls">
                <label for="environment">{t(words::environment)}</label>
                <select id="environment" on:change=switch>
                    {Environment::ALL
                        .map(|e| {
                            view! {
                                <option value=e.as_str() prop:selected=move || env() == e>
                                    {move || e.label().into_owned()}
                                </option>
                            }
                        })}
                </select>
                <LanguageSelect />
                <Show when=move || !keys.needs_sign_in()>
                    <button type="button" class="secondary" on:click=move |_| session.sign_out()>
                        {t(words::sign_out)}
                    </button>
                </Show>
                // Always offered: the other environment's key, drafts and activity may be
                // kept while this one has no key.
                <SignOutEverywhere />
            </div>
        </header>
    }
}
