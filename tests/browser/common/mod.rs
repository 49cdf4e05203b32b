//! Shared by the browser suites: where the dev service runs, and its keys.
// Each suite uses a different part of this module.
#![allow(dead_code)]

/// Where scripts/test.sh started the dev services, read once at run time from the file it
/// writes: one build of the suites serves every run, whatever ports the services got.
#[derive(serde::Deserialize)]
struct Services {
    /// The main service (origin only, no path).
    service: String,
    /// An origin where nothing listens (a service started there and stopped).
    refused: String,
    /// A service whose every answer takes 400 ms, to watch loading states.
    slow: String,
}

/// The file scripts/test.sh writes; the test runner serves the package folder, so the page
/// reads it from its own origin.
const SERVICES_FILE: &str = "/target/test-services.json";

fn services() -> &'static Services {
    static SERVICES: std::sync::OnceLock<Services> = std::sync::OnceLock::new();
    SERVICES.get_or_init(|| {
        #[cfg(target_arch = "wasm32")]
        ui::watch_for_a_hang();
        // Synchronous on purpose: the addresses are plain values in every test's code, and
        // the file is local and tiny.
        let request = web_sys::XmlHttpRequest::new().expect("an XMLHttpRequest");
        request
            .open_with_async("GET", SERVICES_FILE, false)
            .expect("open the services file");
        request.send().expect("read the services file");
        let text = request.response_text().ok().flatten().unwrap_or_default();
        serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!(
                "{SERVICES_FILE}: {e} (run the browser tests through scripts/test.sh, \
                 which starts the dev services and writes it)"
            )
        })
    })
}

/// Where the main dev service listens (origin only, no path).
pub fn service() -> &'static str {
    &services().service
}

/// An origin where nothing listens, for "connection refused".
pub fn refused() -> &'static str {
    &services().refused
}

/// A second service whose every answer takes 400 ms, to watch loading states.
pub fn slow() -> &'static str {
    &services().slow
}

/// The dev service's production key.
pub const PROD_KEY: &str = "dev-production-key";
/// The dev service's staging key.
pub const STAGING_KEY: &str = "dev-staging-key";

/// Production's base URL on the test service.
pub fn production() -> String {
    format!("{}/production/v1", service())
}

/// Staging's base URL on the test service.
pub fn staging() -> String {
    format!("{}/staging/v1", service())
}

#[cfg(target_arch = "wasm32")]
pub mod ui;

#[cfg(target_arch = "wasm32")]
pub mod import;
#[cfg(target_arch = "wasm32")]
pub mod sandbox;
