//! Timings in headless Chromium: cold navigation to the 100th row, a status-filter change to
//! the re-rendered rows, and the memory in use once the list shows.

use std::time::Duration;

use fantoccini::Client;
use petstore_e2e::Browser;
use serde_json::{json, Value};

/// One cold run's figures.
pub struct Sample {
    /// From navigation start to the 100th row in the DOM.
    pub first_rows_ms: f64,
    /// From the filter's change event to the re-rendered rows in the DOM: the first change
    /// after the rows showed (`sold`).
    pub filter_ms: f64,
    /// The same for a second change (`pending`), once the first has settled: code that runs
    /// for the first time runs slower, and users change filters more than once.
    pub filter_again_ms: f64,
    /// JS heap plus wasm linear memory, once the list shows.
    pub memory_bytes: f64,
    /// When the list request was sent, from navigation start (resource timing).
    pub request_sent_ms: f64,
    /// When its answer had fully arrived.
    pub response_done_ms: f64,
    /// When the wasm file had arrived (0 without one).
    pub wasm_arrived_ms: f64,
    /// When the app had started: the wasm compiled, instantiated and its `main` run.
    pub started_ms: f64,
    /// How many files were fetched more than once (a preload its fetch did not match).
    pub fetched_twice: f64,
    /// Bytes on the wire (brotli, as served) of everything from the page's own origin fetched
    /// by the time the 100th row showed: index.html to wasm, not the list's answer.
    pub first_screen_bytes: f64,
}

/// Runs before any page script: a key for the app (as after signing in), and an observer
/// that notes when the 100th row appears.
pub(crate) const SETUP: &str = r#"
try { sessionStorage.setItem("petstore-admin.api-key.production", "dev-production-key"); } catch (_) {}
window.__bench = {};
addEventListener("TrunkApplicationStarted", (e) => {
  window.__wasm = e.detail.wasm;
  window.__bench.started = performance.now();
});
new MutationObserver(() => {
  if (!window.__bench.rows && document.querySelectorAll("tbody tr").length >= 100) {
    window.__bench.rows = performance.now();
    const own = (e) => new URL(e.name).origin === location.origin;
    window.__bench.firstBytes = [
      ...performance.getEntriesByType("navigation"),
      ...performance.getEntriesByType("resource").filter(own),
    ].reduce((sum, e) => sum + e.encodedBodySize, 0);
  }
}).observe(document, { childList: true, subtree: true });
"#;

/// Changes the status filter to the status given and answers with the milliseconds until
/// every row shown has that status.
const FILTER: &str = r#"
const [status, done] = arguments;
const select = document.getElementById("status-filter");
const ready = () => {
  const rows = [...document.querySelectorAll("tbody tr")];
  return rows.length > 0 && rows.length < 100 && rows.every((r) => r.cells[3].textContent === status);
};
// The change's moment, for what is read of it afterwards (the tablet's request timings).
const t0 = performance.mark("bench-filter").startTime;
const observer = new MutationObserver(() => {
  if (ready()) { observer.disconnect(); done(performance.now() - t0); }
});
observer.observe(document.body, { childList: true, subtree: true, characterData: true });
select.value = status;
select.dispatchEvent(new Event("change", { bubbles: true }));
"#;

/// The list request's resource timing `[startTime, responseEnd]`, when the wasm had arrived,
/// when the app had started (0 for a page without wasm) and the first screen's bytes.
const REQUEST: &str = r#"
const entries = performance.getEntriesByType("resource");
const entry = entries.find((e) => /\/pets\?/.test(e.name));
const wasm = entries.find((e) => /_bg\.wasm$/.test(e.name));
return [
  entry ? entry.startTime : 0,
  entry ? entry.responseEnd : 0,
  wasm ? wasm.responseEnd : 0,
  window.__bench.started || 0,
  window.__bench.firstBytes || 0,
];
"#;

/// How many addresses appear more than once among the resources fetched.
const FETCHED_TWICE: &str = r#"
const names = performance.getEntriesByType("resource").map((e) => e.name);
return names.filter((n, i) => names.indexOf(n) !== i).length;
"#;

const MEMORY: &str = r#"
const wasm = window.__wasm && window.__wasm.memory ? window.__wasm.memory.buffer.byteLength : 0;
return performance.memory.usedJSHeapSize + wasm;
"#;

/// One cold run of the page at `url` (a fresh browser profile, so nothing is cached).
pub async fn run(url: &str) -> Sample {
    let browser = Browser::start_with_args(&["--enable-precise-memory-info"]).await;
    browser.on_every_load(SETUP).await;
    let c = &browser.client;
    c.goto(url).await.expect("navigate");
    let first_rows_ms = rows_shown(c, url, Duration::from_secs(30)).await;
    let memory_bytes = number(c.execute(MEMORY, vec![]).await.expect("read memory"));
    let request = c
        .execute(REQUEST, vec![])
        .await
        .expect("read resource timing");
    let [request_sent_ms, response_done_ms, wasm_arrived_ms, started_ms, first_screen_bytes] =
        [0, 1, 2, 3, 4].map(|i| number(request[i].clone()));
    let fetched_twice = number(
        c.execute(FETCHED_TWICE, vec![])
            .await
            .expect("read resource timing"),
    );
    let filter_ms = filter_change(c, "sold").await;
    // Time for the page to paint and settle, as between two choices of a user.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let filter_again_ms = filter_change(c, "pending").await;
    browser.close().await;
    Sample {
        first_rows_ms,
        filter_ms,
        filter_again_ms,
        memory_bytes,
        request_sent_ms,
        response_done_ms,
        wasm_arrived_ms,
        started_ms,
        fetched_twice,
        first_screen_bytes,
    }
}

/// Changes the status filter to `status`: the milliseconds until every row shown has it.
pub(crate) async fn filter_change(c: &Client, status: &str) -> f64 {
    number(
        c.execute_async(FILTER, vec![json!(status)])
            .await
            .expect("change the filter"),
    )
}

/// Waits up to `limit` for the 100th row (`SETUP` notes it); its time from navigation.
pub(crate) async fn rows_shown(c: &Client, url: &str, limit: Duration) -> f64 {
    let start = std::time::Instant::now();
    loop {
        let v = c
            .execute(
                "return window.__bench && window.__bench.rows || null",
                vec![],
            )
            .await
            .expect("read the row time");
        if let Some(ms) = v.as_f64() {
            return ms;
        }
        assert!(start.elapsed() < limit, "no 100 rows at {url} in {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub(crate) fn number(v: Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Median, min and max.
pub fn stats(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    (median, values[0], values[n - 1])
}
