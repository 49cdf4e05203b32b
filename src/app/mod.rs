//! The root component: configuration, routes and the context every page shares.

use leptos::prelude::*;
use leptos_router::components::{Redirect, Route, Router, Routes};
use leptos_router::hooks::use_query_map;
use leptos_router::path;
use petstore_core::Page;

use crate::components::{env_icon, update_ready, ConnectionNote, EnvironmentBar, LanguageNote};
use crate::config::{load_config, public_url, AppConfig, CONFIG_FILE};
use crate::i18n::{duration, number, t, words, Label};
use crate::pages::{ConfigErrorPage, NotFound, PetList};
use crate::session::{
    absolute, provide_session, use_current_env, use_hold, use_keys, use_set_query,
};
use crate::storage;

mod lazy;
mod start_frame;

use start_frame::TakeStartFrameAway;

use lazy::{announce_shell_ready, lazy_route, lazy_sign_in, prefetch_lazy_pages, LazyPage};

/// The application name, shown in the header and in page titles.
pub const APP_NAME: &str = "Pet Store Admin";

/// The whole admin app, ready to mount. It first loads its configuration.
#[component]
pub fn App(
    /// Where to read the configuration from; by default `config.json` beside `index.html`.
    #[prop(into, optional)]
    config_url: Option<String>,
) -> impl IntoView {
    let public = public_url();
    // The router works below the public URL: "" at the root, "/admin" under a sub-path.
    let base = public.trim_end_matches('/').to_owned();
    // The start-up script fetches the default file only.
    let started = config_url.is_none();
    let config_url = config_url.unwrap_or_else(|| format!("{public}{CONFIG_FILE}"));
    let config = LocalResource::new(move || {
        let url = config_url.clone();
        async move { load_config(&url, started).await }
    });
    let shell_base = StoredValue::new(base.clone());
    let framed = start_frame::shown();
    view! {
        <Router base>
            // index.html's start frame says "Loading pets…" meanwhile, where there is one.
            <Suspense fallback=move || {
                (!framed).then(|| view! { <p role="status">{t(words::loading)}</p> })
            }>
                {move || Suspend::new(async move {
                    match config.await {
                        Ok(config) => {
                            view! {
                                <TakeStartFrameAway />
                                <Shell config base=shell_base.get_value() />
                            }
                                .into_any()
                        }
                        Err(error) => {
                            view! {
                                <TakeStartFrameAway />
                                <ConfigErrorPage error />
                            }
                                .into_any()
                        }
                    }
                })}
            </Suspense>
        </Router>
    }
}

/// The signed-in frame: session, header, pages, and the sign-in form over them when needed.
#[component]
fn Shell(config: AppConfig, base: String) -> impl IntoView {
    let session = provide_session(config, base.clone());
    let current = use_current_env();
    let keys = use_keys();
    // The lazy page the tab was opened on, if any (a pet's link, say).
    let first_page = window()
        .location()
        .pathname()
        .ok()
        .and_then(|path| path.strip_prefix(base.as_str()).and_then(LazyPage::at));
    prefetch_lazy_pages(base.clone(), session);
    env_icon(base, move || current.env());
    remember_environment();
    let sign_in_for = Memo::new(move |_| keys.sign_in_needed());
    let hold = use_hold();
    // Drawn once per hold (or line about one not sent), not again on each change within it.
    let held_shown = Memo::new(move |_| hold.shown());
    announce_shell_ready(first_page, untrack(|| keys.needs_sign_in()));
    let update = update_ready();
    let config_notes = session.config_notes();
    view! {
        <EnvironmentBar />
        <div class="page-notes">
            {move || update.get().then(|| lazy_route(LazyPage::UpdateBanner))}
            {(!config_notes.is_empty()).then(|| {
                let count = config_notes.len() as u64;
                view! {
                    <details class="note config-notes">
                        <summary>{move || words::settings_mistakes(count)}</summary>
                        <ul lang="en">
                            {config_notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                        </ul>
                    </details>
                }
            })}
            <ConnectionNote />
            <LanguageNote />
            {move || {
                current
                    .replaced()
                    .map(|value| {
                        view! {
                            <p class="note env-note wrap">
                                {words::unknown_environment(&current.env().label(), &value)}
                            </p>
                        }
                    })
            }}
            {move || {
                session
                    .waiting()
                    .map(|(env, wait)| {
                        view! {
                            <p class="note waiting" role="status">
                                {words::busy_asking_again(
                                    &env.label(),
                                    &number(wait.of.into()),
                                    &number(wait.retry.into()),
                                    &wait.status.to_string(),
                                    &duration(wait.delay),
                                )}
                            </p>
                        }
                    })
            }}
            // A pet held before it is sent shows on every page.
            {move || held_shown.get().then(|| lazy_route(LazyPage::HeldPet))}
            // Its warning floats over the page; should its code not arrive, the alert saying so
            // sits with the other notes.
            {session.idle_minutes().map(|_| lazy_route(LazyPage::IdleGuard))}
        </div>
        // Under the sign-in form the page stays mounted (its drafts live on) but out of reach.
        <main inert=move || keys.needs_sign_in() node_ref=session.main_ref()>
            // Built anew on "sign out everywhere", so no page keeps what was typed in it.
            {move || {
                session.generation();
                view! {
                    <Routes fallback=NotFound>
                        <Route path=path!("/") view=ToList />
                        // The paths `petstore_core::Page` names, as the router matches them.
                        <Route path=path!("/pets") view=PetList />
                        <Route path=path!("/pets/new") view=|| lazy_route(LazyPage::New) />
                        <Route
                            path=path!("/pets/import")
                            view=|| lazy_route(LazyPage::Import)
                        />
                        <Route path=path!("/pets/:id") view=|| lazy_route(LazyPage::View) />
                        <Route path=path!("/activity") view=|| lazy_route(LazyPage::Activity) />
                        <Route path=path!("/compare") view=|| lazy_route(LazyPage::Compare) />
                        <Route path=path!("/store") view=|| lazy_route(LazyPage::Store) />
                    </Routes>
                }
            }}
        </main>
        // One form per environment: switching builds a new one, so what was typed for one
        // environment is never stored as the other's key.
        {move || sign_in_for.get().map(lazy_sign_in)}
    }
}

/// `/` leads to the list, in the same environment.
#[component]
fn ToList() -> impl IntoView {
    let current = use_current_env();
    view! { <Redirect path=current.href_untracked(&Page::List) options=absolute(true) /> }
}

/// Keeps the environment visible in the URL (so a copied link opens the same one) and
/// remembered for this tab; an `env=` naming no environment is replaced, and the page says so.
/// These write to the address bar and to storage, outside the reactive graph, which is what
/// effects are for.
fn remember_environment() {
    let current = use_current_env();
    let query = use_query_map();
    let set_query = use_set_query();
    // Two effects, so that storage is written when the environment changes and not on every
    // query change (a filter, a search keystroke), where a synchronous `setItem` cost
    // milliseconds.
    Effect::new(move |_| storage::set(storage::ENVIRONMENT_SLOT, current.env().as_str()));
    Effect::new(move |_| {
        let env = current.env();
        let named = query.with(|q| q.get_str("env").map(str::to_owned));
        if named.as_deref() != Some(env.as_str()) {
            if let Some(unknown) = named.filter(|v| !v.is_empty()) {
                current.note_replaced(unknown);
            }
            set_query("env", Some(env.as_str().to_owned()), true);
        }
    });
}
