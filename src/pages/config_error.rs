//! Shown instead of the app when `config.json` is missing or malformed.

use leptos::prelude::*;

use crate::components::page_title;
use crate::config::ConfigError;
use crate::i18n::{t, words};

/// What an operator needs to fix the configuration.
#[component]
pub fn ConfigErrorPage(
    /// What went wrong.
    error: ConfigError,
) -> impl IntoView {
    let example = r#"{
  "production": { "baseUrl": "https://pets.example.com/v1" },
  "staging": { "baseUrl": "https://staging.pets.example.com/v1" }
}"#;
    page_title(|| words::configuration_error().into_owned());
    view! {
        <main class="config-error">
            <h1>{t(words::not_configured)}</h1>
            <div class="alert" role="alert">
                <p>{error.to_string()}</p>
            </div>
            <p>{t(words::config_explained)}</p>
            <pre>{example}</pre>
        </main>
    }
}
