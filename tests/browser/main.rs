//! The browser suites (wasm-bindgen-test in headless Chromium, against the dev services that
//! scripts/test.sh starts), one module per area, in one test binary: one link, one
//! wasm-bindgen run and one browser for all of them, instead of one of each per file.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod common;

mod api_client;
mod app_add;
mod app_add_round;
mod app_categories;
mod app_compare;
mod app_create_flow;
mod app_daily;
mod app_export;
mod app_find_and_filter;
mod app_hold;
mod app_import;
mod app_import_resume;
mod app_list;
mod app_list_reads;
mod app_live;
mod app_look;
mod app_run_failing;
mod app_sent;
mod app_session;
mod app_settings;
mod app_store;
mod app_switching;
mod app_tablet;
mod app_tabs;
mod app_view_env;
mod shell;
mod start_rules;
