//! Shared by the browser suites: where the dev service runs, and its keys.
// Each suite uses a different part of this module.
#![allow(dead_code)]

/// Where scripts/test.sh started the dev service (origin only, no path).
pub const SERVICE: &str = env!(
    "PETSTORE_TEST_SERVICE",
    "run the browser tests through scripts/test.sh, which starts the dev service"
);

/// The dev service's production key.
pub const PROD_KEY: &str = "dev-production-key";
/// The dev service's staging key.
pub const STAGING_KEY: &str = "dev-staging-key";

/// Production's base URL on the test service.
pub fn production() -> String {
    format!("{SERVICE}/production/v1")
}

/// Staging's base URL on the test service.
pub fn staging() -> String {
    format!("{SERVICE}/staging/v1")
}

/// An origin where nothing listens (scripts/test.sh started a service there and stopped it).
pub const REFUSED: &str = env!(
    "PETSTORE_TEST_REFUSED",
    "run the browser tests through scripts/test.sh, which picks a closed port"
);

/// A second service whose every answer takes 400 ms, to watch loading states.
pub const SLOW: &str = env!(
    "PETSTORE_TEST_SLOW",
    "run the browser tests through scripts/test.sh, which starts a slow service"
);

#[cfg(target_arch = "wasm32")]
pub mod ui;

#[cfg(target_arch = "wasm32")]
pub mod import;
#[cfg(target_arch = "wasm32")]
pub mod sandbox;
