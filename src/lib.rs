//! petstore-admin: a browser admin front-end for the pet store service.
//!
//! The crate is a library so that the browser tests can mount [`App`] into an element of their
//! own; `src/main.rs` only mounts it into the page body.

pub mod api;
mod app;
pub mod clock;
pub mod compare;
mod components;
pub mod config;
pub mod i18n;
pub mod import;
pub mod input;
mod pages;
mod session;
mod split;
mod storage;

pub use app::{App, APP_NAME};

// The app's own unit tests run in headless Chromium with the browser suites: they test code
// that lives beside the browser, and so no test builds Leptos natively.
#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
