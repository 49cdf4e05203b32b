//! The deployment configuration (`config.json`, served beside `index.html`), so one build runs
//! against any pair of deployments without recompiling.

use gloo_net::http::Request;

pub use petstore_core::{
    AppConfig, ConfigError, DeploymentConfig, Environment, DEFAULT_REFRESH_SECONDS,
};

/// The file the app reads its configuration from, beside `index.html`.
pub const CONFIG_FILE: &str = "config.json";

/// An attribute of the start-up script's element, which the build writes the site's
/// addresses on; none where there is no such element (the browser tests).
fn start_attribute(name: &str) -> Option<String> {
    web_sys::window()?
        .document()?
        .get_element_by_id("petstore-start")?
        .get_attribute(name)
}

/// A field of `window.petstoreStart`, start.js's hand-over to the app; none where no start-up
/// script ran (the browser tests).
pub(crate) fn start_field(name: &str) -> Option<wasm_bindgen::JsValue> {
    let window: wasm_bindgen::JsValue = web_sys::window()?.into();
    let start = js_sys::Reflect::get(&window, &"petstoreStart".into()).ok()?;
    js_sys::Reflect::get(&start, &name.into())
        .ok()
        .filter(|v| !v.is_undefined())
}

/// The path the site is served under (`/`, or e.g. `/admin/` for a sub-path build), as trunk
/// wrote it on the start-up script element; `/` where there is none (the browser tests).
pub fn public_url() -> String {
    start_attribute("data-base").unwrap_or_else(|| "/".to_owned())
}

/// The folder of this build's files (`/app-<hash>/`), from the address of its `main.js`.
pub fn app_folder() -> Option<String> {
    let script = start_attribute("data-js")?;
    Some(script.strip_suffix("main.js")?.to_owned())
}

/// Fetches and checks the configuration at `url`. With `started`, the answer the start-up
/// script already fetched from the same place is used, when there is one.
pub async fn load_config(url: &str, started: bool) -> Result<AppConfig, ConfigError> {
    let early = match started {
        true => crate::api::take_started_config().await,
        false => None,
    };
    // The start-up script's answer comes with its body read; the app's own is read here.
    let (response, text) = match early {
        Some(answer) => answer
            .map(|(response, text)| (response, Some(text)))
            .map_err(ConfigError::Missing),
        None => Request::get(url)
            .send()
            .await
            .map(|response| (response, None))
            .map_err(|e| ConfigError::Missing(e.to_string())),
    }?;
    if !response.ok() {
        return Err(ConfigError::Missing(format!(
            "the server answered {} for {url}",
            response.status()
        )));
    }
    let text = match text {
        Some(text) => text,
        None => response
            .text()
            .await
            .map_err(|e| ConfigError::Missing(e.to_string()))?,
    };
    AppConfig::parse(&text)
}
