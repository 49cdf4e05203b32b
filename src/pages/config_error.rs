//! Shown instead of the app when `config.json` is missing or malformed.

use leptos::prelude::*;

use crate::components::page_title;
use crate::config::ConfigError;

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
    page_title(|| "Configuration error".to_owned());
    view! {
        <main class="config-error">
            <h1>"The admin is not configured"</h1>
            <div class="alert" role="alert">
                <p>{error.to_string()}</p>
            </div>
            <p>
                "The app reads the service addresses from "<code>"config.json"</code>
                ", served beside index.html. It should look like this:"
            </p>
            <pre>{example}</pre>
        </main>
    }
}
