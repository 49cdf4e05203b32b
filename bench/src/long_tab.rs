//! The long-lived tab: one tab on the list page through 500 changes of the Status filter,
//! the production key rotated and signed in again every 50 changes, the tab hidden every 25
//! and the list reading itself again every 0.2 s, its memory read after a
//! forced garbage collection at change 52 and change 500 (the same filter, all, both times).

use std::sync::Arc;

use petstore_dev_service::control::Registry;
use petstore_e2e::long_tab::{run, Reading};
use petstore_e2e::Browser;

/// Filter changes in all.
const CHANGES: usize = 500;
/// A key rotation (and a sign-in with the new key) every this many changes.
const ROTATE_EVERY: usize = 50;

/// Runs the long-lived tab on the build served at `site` and prints its figures as `name`.
pub async fn report(name: &str, site: &str, registry: &Arc<Registry>) {
    eprintln!("long-lived tab: {name}");
    let browser = Browser::start().await;
    let readings = run(
        &browser,
        site,
        registry,
        CHANGES,
        ROTATE_EVERY,
        &[52, CHANGES],
    )
    .await;
    browser.close().await;
    println!(
        "\n{name}: the long-lived tab, {CHANGES} filter changes, the key rotated every \
         {ROTATE_EVERY}, after forced garbage collection"
    );
    match readings.as_deref() {
        Ok([early, late]) => {
            let line = |label: &str, pick: fn(&Reading) -> f64, scale: f64| {
                let (a, b) = (pick(early) / scale, pick(late) / scale);
                let change = if a > 0.0 { (b / a - 1.0) * 100.0 } else { 0.0 };
                println!("{label:<24} {a:>10.1} {b:>10.1} {change:>+8.1} %");
            };
            println!(
                "{:<24} {:>10} {:>10} {:>10}",
                "", "change 52", "change 500", ""
            );
            line("JS heap (KiB)", |r| r.js_heap, 1024.0);
            line("wasm memory (KiB)", |r| r.wasm_memory, 1024.0);
            line("elements", |r| r.dom_nodes, 1.0);
        }
        Ok(other) => println!("unexpected readings: {other:?}"),
        Err(e) => println!("did not finish: {e}"),
    }
}
