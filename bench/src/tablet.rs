//! The app and the vanilla page on a shop tablet's terms, in one run (`--tablet`): the files
//! served brotli as a CDN serves them, the CPU slowed four times through DevTools (a mid-range
//! tablet). The daily start (the app's worker installed, the vanilla page from the browser's
//! cache) and a status filter change; then the first visit after a deploy over Lighthouse's
//! slow 4G (150 ms, 1.6 Mbps down, 750 kbps up, for the page and the service alike), with no
//! worker and nothing cached: a worker's own fetches escape DevTools' throttling, so it is
//! bypassed. First paint, the first 100 rows, and where that time went.

use std::time::Duration;

use petstore_e2e::Browser;
use serde_json::{json, Value};

use crate::timing::{stats, FILTER, SETUP};

/// DevTools' CPU slowdown for a mid-range tablet.
const CPU_SLOWDOWN: u32 = 4;

/// A table row: its label, and how to read it from a sample.
type Figure = (&'static str, fn(&Sample) -> f64);

/// One run's figures, in milliseconds.
struct Sample {
    /// Daily start: navigation to the 100th row, the worker (or the cache) warm.
    daily_rows: f64,
    /// Daily start: a status change to its rows.
    filter: f64,
    /// First visit: navigation to the first contentful paint.
    first_paint: f64,
    /// First visit: navigation to the 100th row.
    first_rows: f64,
    /// First visit: until the last file the page needed to start had arrived (the wasm, or
    /// the vanilla page's script).
    downloading: f64,
    /// First visit: from then until the app had started (compiling the wasm and running its
    /// start; none for the vanilla page).
    starting: f64,
}

/// What the page says of its first visit: `[first contentful paint, files arrived, started]`:
/// the files the page starts with are the app's main wasm, or the vanilla page's scripts (the
/// app's later pages, fetched while it starts, are not waited for).
const FIRST_VISIT: &str = r#"
const paint = performance.getEntriesByType("paint")
  .find((e) => e.name === "first-contentful-paint");
const files = performance.getEntriesByType("resource")
  .filter((e) => new URL(e.name).origin === location.origin);
const wasm = files.find((e) => /\/main_bg\.wasm$/.test(e.name));
const scripts = files.filter((e) => /\.js$/.test(e.name));
const arrived = wasm ? wasm.responseEnd : Math.max(0, ...scripts.map((e) => e.responseEnd));
return [paint ? paint.startTime : 0, arrived, window.__bench.started || arrived];
"#;

/// Waits up to `limit` for the 100th row; its time from navigation.
async fn rows_shown(browser: &Browser, url: &str, limit: Duration) -> f64 {
    let start = std::time::Instant::now();
    loop {
        let v = browser
            .client
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

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// The CPU slowed as a tablet's.
async fn slow_cpu(browser: &Browser) {
    browser
        .cdp(
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": CPU_SLOWDOWN }),
        )
        .await;
}

/// One run of the page at `url`: a daily start in one browser, a first visit in another.
/// `worker`: the page installs a service worker, waited for before the daily start.
async fn run(url: &str, worker: bool) -> Sample {
    let limit = Duration::from_secs(60);
    // Daily start: a first load installs the worker (the app) or fills the cache; the
    // next load, at a tablet's speed, is timed.
    let browser = Browser::start().await;
    browser.on_every_load(SETUP).await;
    let c = &browser.client;
    c.goto(url).await.expect("navigate");
    rows_shown(&browser, url, limit).await;
    if worker {
        c.execute_async(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true));",
            vec![],
        )
        .await
        .expect("the worker installed");
    }
    slow_cpu(&browser).await;
    c.goto(url).await.expect("navigate again");
    let daily_rows = rows_shown(&browser, url, limit).await;
    // As between two choices of a user.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let filter = number(
        &c.execute_async(FILTER, vec![json!("sold")])
            .await
            .expect("change the filter"),
    );
    browser.close().await;

    // First visit after a deploy, over slow 4G.
    let browser = Browser::start().await;
    browser.on_every_load(SETUP).await;
    browser.cdp("Network.enable", json!({})).await;
    browser
        .cdp(
            "Network.emulateNetworkConditions",
            json!({
                "offline": false,
                "latency": 150,
                "downloadThroughput": 1_600_000 / 8,
                "uploadThroughput": 750_000 / 8,
            }),
        )
        .await;
    browser
        .cdp("Network.setBypassServiceWorker", json!({ "bypass": true }))
        .await;
    slow_cpu(&browser).await;
    let c = &browser.client;
    c.goto(url).await.expect("navigate");
    let first_rows = rows_shown(&browser, url, limit).await;
    let said = c
        .execute(FIRST_VISIT, vec![])
        .await
        .expect("read the timings");
    let [first_paint, arrived, started] = [0, 1, 2].map(|i| number(&said[i]));
    browser.close().await;
    Sample {
        daily_rows,
        filter,
        first_paint,
        first_rows,
        downloading: arrived,
        starting: started - arrived,
    }
}

/// Times each page (its name, address, and whether it installs a worker) `runs` times,
/// alternating them, and prints the table: each page's median (min–max), then the first
/// page's ratio to the last (the app's to the vanilla page's).
pub async fn report(pages: &[(&str, String, bool)], runs: usize) {
    let mut samples: Vec<Vec<Sample>> = pages.iter().map(|_| Vec::new()).collect();
    for i in 0..runs {
        eprintln!("tablet {}/{runs}", i + 1);
        for ((_, url, worker), samples) in pages.iter().zip(&mut samples) {
            samples.push(run(url, *worker).await);
        }
    }
    println!(
        "\nA tablet's terms: files brotli, CPU slowed {CPU_SLOWDOWN}x; first visit over slow 4G \
         (150 ms, 1.6 Mbps), no worker, nothing cached; {runs} runs each: median (min–max)"
    );
    let mut header = format!("{:<40}", "");
    for (name, ..) in pages {
        header += &format!(" {name:>22}");
    }
    println!("{header} {:>6}", "ratio");
    let figures: [Figure; 6] = [
        ("daily start: first 100 rows (ms)", |s| s.daily_rows),
        ("status filter -> rows (ms)", |s| s.filter),
        ("first visit: first paint (ms)", |s| s.first_paint),
        ("first visit: first 100 rows (ms)", |s| s.first_rows),
        ("  of which downloading (ms)", |s| s.downloading),
        ("  of which compiling and starting (ms)", |s| s.starting),
    ];
    for (label, figure) in figures {
        let medians: Vec<(f64, f64, f64)> = samples
            .iter()
            .map(|page| stats(page.iter().map(figure).collect()))
            .collect();
        let mut line = format!("{label:<40}");
        for (median, min, max) in &medians {
            line += &format!(" {median:>8.0} ({min:.0}–{max:.0})");
        }
        let (first, last) = (medians[0].0, medians[medians.len() - 1].0);
        line += &match last > 0.0 {
            true => format!(" {:>6.2}", first / last),
            false => format!(" {:>6}", "—"),
        };
        println!("{line}");
    }
}
