//! The header: app name, navigation and the menu (environment, language, sign-out). Its colour
//! band says which environment is in use, so production and staging never look alike.

use leptos::prelude::*;
use petstore_core::Page;

use super::HeaderMenu;
use crate::i18n::{t, words, Label};
use crate::session::{use_current_env, use_session};
use leptos_router::components::A;
use leptos_router::hooks::use_location;

/// The header band: one row from a laptop's width up, two on a tablet or a phone.
#[component]
pub fn EnvironmentBar() -> impl IntoView {
    let session = use_session();
    let current = use_current_env();
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
                // On a phone the short name is shown; the link's name stays the full one.
                <a href=move || current.href(&Page::List)>
                    <span class="app-name">{t(words::app_name)}</span>
                    <span class="app-short-name" aria-hidden="true">
                        {t(words::app_short_name)}
                    </span>
                </a>
                <span class="env-badge" aria-hidden="true">{move || env().label().into_owned()}</span>
            </div>
            // `<A exact>` marks the page shown with `aria-current`.
            <nav aria-label=t(words::main_navigation)>
                <A href=move || current.href(&Page::Store) exact=true>
                    {t(words::nav_store)}
                </A>
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
            <HeaderMenu />
        </header>
    }
}
