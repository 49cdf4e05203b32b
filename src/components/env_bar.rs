//! The header: app name, the environment switch, navigation and sign-out. Its colour band
//! says which environment is in use, so production and staging never look alike.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};

use crate::config::Environment;
use crate::session::use_session;

/// The header band with the environment `<select>`.
#[component]
pub fn EnvironmentBar() -> impl IntoView {
    let session = use_session();
    let location = use_location();
    let navigate = use_navigate();
    // Switching keeps the page and its filters; only `env` in the query changes.
    let switch = move |ev: leptos::ev::Event| {
        let Some(env) = Environment::parse(&event_target_value(&ev)) else {
            return;
        };
        let mut query = location.query.get_untracked();
        query.replace("env", env.as_str().to_owned());
        let path = location.pathname.get_untracked();
        navigate(
            &format!("{path}{}", query.to_query_string()),
            Default::default(),
        );
    };
    let env = move || session.env();
    view! {
        <header class=move || format!("app-header env-{}", env().as_str())>
            <div class="brand">
                <a href=move || session.href("/pets")>"Pet Store Admin"</a>
                <span class="env-badge" aria-hidden="true">{move || env().label()}</span>
            </div>
            <nav aria-label="Main">
                <a href=move || session.href("/pets")>"Pets"</a>
                <a href=move || session.href("/pets/new")>"New pet"</a>
            </nav>
            <div class="env-controls">
                <label for="environment">"Environment"</label>
                <select id="environment" on:change=switch>
                    {Environment::ALL
                        .map(|e| {
                            view! {
                                <option value=e.as_str() prop:selected=move || env() == e>
                                    {e.label()}
                                </option>
                            }
                        })}
                </select>
                <Show when=move || !session.needs_sign_in()>
                    <button type="button" class="secondary" on:click=move |_| session.sign_out()>
                        "Sign out"
                    </button>
                </Show>
            </div>
        </header>
    }
}
