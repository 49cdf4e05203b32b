//! A tab kept open all day, as on a shop's tablet: the list page's Status filter changed
//! again and again (all, available, pending, sold in turn, each list waited for), the
//! production key rotated by the service now and then and signed in again, the tab hidden
//! behind another one now and then (the site served with a short `refreshSeconds`, so the
//! list also reads itself again all along), and the tab's memory read after a forced garbage
//! collection. Shared by the test that keeps memory flat
//! and the benchmark's long-lived-tab figure.

use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_dev_service::control::{Registry, MAIN};
use serde_json::{json, Value};

use crate::Browser;

/// The statuses the filter goes through, in turn (`""` is "all").
const STATUSES: [&str; 4] = ["", "available", "pending", "sold"];

/// How long one change may take to show its list (or the sign-in form).
const CHANGE_LIMIT: Duration = Duration::from_secs(20);

/// The least time between two changes. Chromium refuses more than 200 address changes in
/// 10 s ("Throttling navigation to prevent the browser from hanging"), a pace no person
/// keeps up: changes closer than this would test the browser's guard, not the app.
const PACE: Duration = Duration::from_millis(60);

/// The tab is hidden behind another one for a moment every this many changes.
const HIDE_EVERY: usize = 25;

/// The dev service's production key, which the tab starts with.
const FIRST_KEY: &str = "dev-production-key";

/// Run before any of the page's own scripts: signs the tab in to production (as a tab that
/// already was) and keeps the app's wasm instance where a reading can find its memory.
const SETUP: &str = r#"
sessionStorage.setItem("petstore-admin.api-key.production", "dev-production-key"); // FIRST_KEY
addEventListener("TrunkApplicationStarted", (e) => { window.__wasm = e.detail.wasm; });
"#;

/// Sets the Status filter to `status` as a person does (the labelled control, a change event)
/// and waits until the list shows that status only, or the sign-in form opens. Answers
/// `"rows"`, `"sign-in"` or, after the time limit, what the page said.
const CHANGE: &str = r#"
const [status, limit, done] = arguments;
const text = (e) => (e ? e.textContent || "" : "").trim();
const label = Array.from(document.querySelectorAll("main label")).find((l) => text(l) === "Status");
const select = label && document.getElementById(label.htmlFor);
if (!select) { done("no Status filter: " + text(document.body).slice(0, 200)); return; }
select.value = status;
select.dispatchEvent(new Event("change", { bubbles: true }));
const deadline = Date.now() + limit;
const settled = () => {
  if (document.querySelector("[role=dialog]")) return "sign-in";
  const query = new URLSearchParams(location.search).get("status") || "";
  const body = text(document.body);
  const busy = document.querySelector("[aria-busy=true]");
  if (query !== status || busy || body.includes("Loading")) return null;
  const cells = Array.from(document.querySelectorAll("table tbody tr td:nth-child(4)")).map(text);
  if (cells.length === 0) return null;
  // All statuses: the whole list of 100 (the rows of one status, still on screen while the
  // list loads, are fewer); one status: its rows only.
  return (status === "" ? cells.length === 100 : cells.every((c) => c === status)) ? "rows" : null;
};
const poll = () => {
  const state = settled();
  if (state) done(state);
  else if (Date.now() > deadline) done("timed out at " + location.search + ": " + text(document.body).slice(0, 300));
  else setTimeout(poll, 10);
};
poll();
"#;

/// The tab's memory at one moment, after a forced garbage collection.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// How many filter changes the tab had made.
    pub changes: usize,
    /// The JS heap in use (bytes).
    pub js_heap: f64,
    /// The wasm instance's linear memory (bytes; it grows in 64 KiB pages and never shrinks).
    pub wasm_memory: f64,
    /// Elements in the document.
    pub dom_nodes: f64,
}

/// Opens the list of 100 production pets in `browser` at `site` (served with `registry`'s
/// service, production seeded with 100 pets or more), makes `changes` filter changes, rotates
/// the production key every `rotate_every` changes (0: never) and signs in with the new one,
/// and reads the tab's memory after each change counted in `read_at`.
pub async fn run(
    browser: &Browser,
    site: &str,
    registry: &Arc<Registry>,
    changes: usize,
    rotate_every: usize,
    read_at: &[usize],
) -> Result<Vec<Reading>, String> {
    let c = &browser.client;
    let production = registry
        .deployment(MAIN, "production")
        .ok_or("no production deployment")?;
    // The key the tab starts signed in with, whatever an earlier run rotated it to.
    production.set_key(FIRST_KEY.into());
    browser.on_every_load(SETUP).await;
    c.goto(&format!("{site}pets?env=production&limit=100"))
        .await
        .map_err(|e| format!("open the list: {e}"))?;
    crate::wait_for(c, "//table//tbody/tr[100]").await;
    let mut readings = Vec::new();
    let mut key = String::new();
    let mut last = Instant::now();
    for n in 1..=changes {
        if rotate_every > 0 && n % rotate_every == 0 {
            key = format!("production-key-{n}");
            production.set_key(key.clone());
        }
        let status = STATUSES[n % STATUSES.len()];
        if n % HIDE_EVERY == 0 {
            crate::hide_for(c, Duration::from_millis(300)).await?;
        }
        tokio::time::sleep(PACE.saturating_sub(last.elapsed())).await;
        last = Instant::now();
        let mut state = change(c, status).await?;
        if state == "sign-in" {
            sign_in(c, &key).await?;
            state = change(c, status).await?;
        }
        if state != "rows" {
            return Err(format!("change {n} to {status:?}: {state}"));
        }
        if read_at.contains(&n) {
            readings.push(read(browser, n).await?);
        }
    }
    Ok(readings)
}

/// One filter change, waited for.
async fn change(c: &Client, status: &str) -> Result<String, String> {
    let limit = CHANGE_LIMIT.as_millis() as u64;
    let state = c
        .execute_async(CHANGE, vec![json!(status), json!(limit)])
        .await
        .map_err(|e| format!("change the filter: {e}"))?;
    Ok(state.as_str().unwrap_or_default().to_owned())
}

/// Types `key` into the sign-in form and signs in, as a person does.
async fn sign_in(c: &Client, key: &str) -> Result<(), String> {
    let field = "//label[normalize-space()='API key']/following::input[1]";
    let input = c
        .find(Locator::XPath(field))
        .await
        .map_err(|e| format!("no API key field: {e}"))?;
    input.clear().await.map_err(|e| e.to_string())?;
    input.send_keys(key).await.map_err(|e| e.to_string())?;
    c.find(Locator::XPath("//button[normalize-space()='Sign in']"))
        .await
        .map_err(|e| format!("no Sign in button: {e}"))?
        .click()
        .await
        .map_err(|e| e.to_string())?;
    let deadline = Instant::now() + CHANGE_LIMIT;
    while c.find(Locator::Css("[role=dialog]")).await.is_ok() {
        if Instant::now() > deadline {
            return Err("the sign-in form stayed open".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Collects garbage (twice: a collection can free what keeps other garbage alive), then reads
/// the JS heap, the wasm memory and the element count.
async fn read(browser: &Browser, changes: usize) -> Result<Reading, String> {
    for _ in 0..2 {
        browser.cdp("HeapProfiler.collectGarbage", json!({})).await;
    }
    let heap = browser.cdp("Runtime.getHeapUsage", json!({})).await;
    let page: Value = browser
        .client
        .execute(
            "return [window.__wasm ? window.__wasm.memory.buffer.byteLength : -1,
                     document.getElementsByTagName('*').length];",
            vec![],
        )
        .await
        .map_err(|e| format!("read the page's memory: {e}"))?;
    let wasm_memory = page[0].as_f64().unwrap_or(-1.0);
    if wasm_memory < 0.0 {
        return Err("the app's wasm instance was not seen starting".into());
    }
    Ok(Reading {
        changes,
        js_heap: heap["usedSize"]
            .as_f64()
            .ok_or("no usedSize in the heap usage")?,
        wasm_memory,
        dom_nodes: page[1].as_f64().unwrap_or_default(),
    })
}
