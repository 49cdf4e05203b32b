//! The app and the vanilla page on a shop tablet's terms, in one run (`--tablet`): an upright
//! tablet's screen (820 × 1180), the files served brotli as a CDN serves them, the main thread
//! slowed four times through DevTools (a mid-range tablet). The daily start (the browser
//! started again on a profile where the app's worker is installed, or the vanilla page's files
//! cached) and a status filter change; then a first visit over Lighthouse's slow 4G as DevTools
//! applies it (per request 562.5 ms, 1.47 Mbps down, 675 kbps up, for the page and the service
//! alike) in a fresh profile with no worker: first paint, the first 100 rows, and what came
//! before them; and the same first visit with 150 ms a request at 1.6 Mbps, the terms the
//! tablet goals were set on.

use std::time::Duration;

use fantoccini::Client;
use petstore_e2e::look::viewport;
use petstore_e2e::Browser;
use serde_json::json;

use crate::timing::{filter_change, number, rows_shown, stats, SETUP};

/// DevTools' CPU slowdown for a mid-range tablet (the main thread only: compiling the wasm
/// and painting run on threads it does not slow).
const CPU_SLOWDOWN: u32 = 4;

/// Lighthouse's slow 4G (150 ms round trips, 1.6 Mbps down, 750 kbps up) as its DevTools
/// throttling applies it: DevTools adds latency per request, not per round trip.
const SLOW_4G: [(&str, f64); 3] = [
    ("latency", 150.0 * 3.75),
    ("downloadThroughput", 1.6 * 1024.0 * 1024.0 * 0.9 / 8.0),
    ("uploadThroughput", 750.0 * 1024.0 * 0.9 / 8.0),
];

/// Slow 4G as the tablet goals were set on it: Lighthouse's round trip added once to each
/// request, at its full 1.6 Mbps (a connection already open, as a CDN's usually is).
const SLOW_4G_RTT: [(&str, f64); 3] = [
    ("latency", 150.0),
    ("downloadThroughput", 1.6 * 1024.0 * 1024.0 / 8.0),
    ("uploadThroughput", 750.0 * 1024.0 / 8.0),
];

/// A table row: its label, and how to read it from a sample.
type Figure = (&'static str, fn(&Sample) -> f64);

/// The daily start's figures, in milliseconds.
struct Daily {
    /// The 100th row in the document, from navigation.
    rows: f64,
    /// When the main wasm (the vanilla page's script) had arrived.
    arrived: f64,
    /// From then until the app had started; 0 for the vanilla page.
    starting: f64,
    /// When the list's answer had arrived.
    answered: f64,
    /// A status change to its rows, from the change.
    filter: f64,
    /// From the change until its list request was sent.
    filter_sent: f64,
    /// From the change until its answer had arrived.
    filter_answered: f64,
    /// Files of code fetched from the change until its rows were drawn.
    filter_code: f64,
}

/// One run's figures, in milliseconds from navigation.
struct Sample {
    /// The daily start and its status change.
    daily: Daily,
    /// First visit: the first contentful paint.
    first_paint: f64,
    /// First visit: the 100th row in the document.
    first_rows: f64,
    /// First visit: when the app's main wasm had arrived (the vanilla page's script).
    wasm_arrived: f64,
    /// First visit: from the wasm's last byte until the app had started (finishing its
    /// compilation, instantiating it, running its start); 0 for the vanilla page.
    starting: f64,
    /// First visit at 150 ms a request: the first contentful paint.
    rtt_paint: f64,
    /// First visit at 150 ms a request: the 100th row in the document.
    rtt_rows: f64,
}

/// What the page says of its start (a daily start's or a first visit's): `[wasm (or script)
/// arrived, app started, list answered]`.
const STARTED: &str = r#"
const files = performance.getEntriesByType("resource");
const mine = files.filter((e) => new URL(e.name).origin === location.origin);
const wasm = mine.find((e) => /_bg\.wasm$/.test(e.name));
const scripts = mine.filter((e) => /\.js$/.test(e.name));
const arrived = wasm ? wasm.responseEnd : Math.max(0, ...scripts.map((e) => e.responseEnd));
const list = files.find((e) => /\/pets\?/.test(e.name));
return [arrived, window.__bench.started || arrived, list ? list.responseEnd : 0];
"#;

/// What the page says of the status change (marked `bench-filter` as it was made): `[its
/// request sent, its answer arrived, files of code fetched]`, from the change.
const AFTER_FILTER: &str = r#"
const marks = performance.getEntriesByName("bench-filter");
const t0 = marks[marks.length - 1].startTime;
const after = performance.getEntriesByType("resource").filter((e) => e.startTime >= t0);
const list = after.find((e) => /\/pets\?/.test(e.name));
const code = after.filter((e) => /\.(wasm|js)$/.test(e.name)).length;
return [list ? list.startTime - t0 : 0, list ? list.responseEnd - t0 : 0, code];
"#;

/// The first contentful paint, once the browser has reported it (it comes after the frame is
/// shown, which may be after the rows are in the document).
const FIRST_PAINT: &str = r#"
const done = arguments[0];
new PerformanceObserver((list, observer) => {
  const paint = list.getEntriesByName("first-contentful-paint")[0];
  if (paint) { observer.disconnect(); done(paint.startTime); }
}).observe({ type: "paint", buffered: true });
"#;

/// A browser with a tablet's screen and main thread, on the profile in `profile` if given.
async fn tablet(profile: Option<&std::path::Path>) -> Browser {
    let browser = match profile {
        Some(dir) => {
            Browser::start_with_args(&[&format!("--user-data-dir={}", dir.display())]).await
        }
        None => Browser::start().await,
    };
    viewport(&browser, 820, 1180, true).await;
    browser
}

/// Slows the main thread as a tablet's.
async fn slow_cpu(browser: &Browser) {
    browser
        .cdp(
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": CPU_SLOWDOWN }),
        )
        .await;
}

/// The daily start: a first browser installs the worker (`worker`) or fills the cache and is
/// closed; a second one on the same profile, at a tablet's speed, is timed to the 100th row
/// and a status change.
async fn daily_start(url: &str, worker: bool) -> Daily {
    let limit = Duration::from_secs(60);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let profile = std::env::temp_dir().join(format!(
        "petstore-bench-tablet-{}-{stamp}",
        std::process::id()
    ));
    let browser = tablet(Some(&profile)).await;
    browser.on_every_load(SETUP).await;
    let c = &browser.client;
    c.goto(url).await.expect("navigate");
    rows_shown(c, url, limit).await;
    if worker {
        c.execute_async(
            "const done = arguments[0];
             navigator.serviceWorker.ready.then((r) => {
               const active = r.active;
               if (active.state === 'activated') return done(true);
               active.addEventListener('statechange', () => done(true));
             });",
            vec![],
        )
        .await
        .expect("the worker installed (a build without one cannot be timed so)");
    }
    browser.close().await;

    let browser = tablet(Some(&profile)).await;
    browser.on_every_load(SETUP).await;
    slow_cpu(&browser).await;
    let c = &browser.client;
    c.goto(url).await.expect("navigate again");
    let rows = rows_shown(c, url, limit).await;
    let start = c
        .execute(STARTED, vec![])
        .await
        .expect("daily start timings");
    // As between two choices of a user.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let filter = filter_change(c, "sold").await;
    let after = c
        .execute(AFTER_FILTER, vec![])
        .await
        .expect("filter timings");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    let at = |v: &serde_json::Value, i: usize| number(v[i].clone());
    Daily {
        rows,
        arrived: at(&start, 0),
        starting: at(&start, 1) - at(&start, 0),
        answered: at(&start, 2),
        filter,
        filter_sent: at(&after, 0),
        filter_answered: at(&after, 1),
        filter_code: at(&after, 2),
    }
}

/// The first visit over `network` (DevTools' network conditions) in a fresh profile, the
/// worker never registered (its own fetches would escape DevTools' throttling, and its install
/// would download every file while the page starts). `[first paint, rows, wasm arrived, app
/// started]`.
async fn first_visit(url: &str, network: [(&str, f64); 3]) -> [f64; 4] {
    let browser = tablet(None).await;
    browser
        .on_every_load(&format!(
            "delete Navigator.prototype.serviceWorker;\n{SETUP}"
        ))
        .await;
    browser.cdp("Network.enable", json!({})).await;
    let mut conditions = json!({ "offline": false });
    for (name, value) in network {
        conditions[name] = json!(value);
    }
    browser
        .cdp("Network.emulateNetworkConditions", conditions)
        .await;
    slow_cpu(&browser).await;
    let c: &Client = &browser.client;
    c.goto(url).await.expect("navigate");
    let rows = rows_shown(c, url, Duration::from_secs(60)).await;
    let paint = number(
        c.execute_async(FIRST_PAINT, vec![])
            .await
            .expect("the first contentful paint"),
    );
    let arrived = c.execute(STARTED, vec![]).await.expect("timings");
    browser.close().await;
    [
        paint,
        rows,
        number(arrived[0].clone()),
        number(arrived[1].clone()),
    ]
}

/// One run of the page at `url`; `worker`: it installs a service worker.
async fn run(url: &str, worker: bool) -> Sample {
    let daily = daily_start(url, worker).await;
    let [first_paint, first_rows, wasm_arrived, started] = first_visit(url, SLOW_4G).await;
    let [rtt_paint, rtt_rows, ..] = first_visit(url, SLOW_4G_RTT).await;
    Sample {
        daily,
        first_paint,
        first_rows,
        wasm_arrived,
        starting: started - wasm_arrived,
        rtt_paint,
        rtt_rows,
    }
}

/// Times each page (its name, address, and whether it installs a worker) `runs` times,
/// alternating them, and prints the table: each page's median (min–max), then each page's
/// ratio to the last (the vanilla page). `extra`: what the service and the site add to every
/// request besides DevTools' throttling (`--latency-ms`, `--site-latency-ms`).
pub async fn report(pages: &[(&str, String, bool)], runs: usize, extra: &str) {
    let mut samples: Vec<Vec<Sample>> = pages.iter().map(|_| Vec::new()).collect();
    for i in 0..runs {
        eprintln!("tablet {}/{runs}", i + 1);
        for ((_, url, worker), samples) in pages.iter().zip(&mut samples) {
            samples.push(run(url, *worker).await);
        }
    }
    println!(
        "\nA tablet's terms: 820 x 1180, files brotli, main thread slowed {CPU_SLOWDOWN}x; first \
         visit over Lighthouse's slow 4G, no worker, nothing cached; {extra}; {runs} runs each: \
         median (min–max)"
    );
    let mut header = format!("{:<42}", "");
    for (name, ..) in pages {
        header += &format!(" {name:>22}");
    }
    for (name, ..) in &pages[..pages.len() - 1] {
        header += &format!(" {:>7}", format!("{name}×"));
    }
    println!("{header}");
    let figures: [Figure; 14] = [
        ("daily start: first 100 rows (ms)", |s| s.daily.rows),
        ("  main wasm (vanilla: script) arrived (ms)", |s| {
            s.daily.arrived
        }),
        ("  then until the app started (ms)", |s| s.daily.starting),
        ("  the list's answer arrived (ms)", |s| s.daily.answered),
        ("status filter -> rows (ms)", |s| s.daily.filter),
        ("  its request sent (ms)", |s| s.daily.filter_sent),
        ("  its answer arrived (ms)", |s| s.daily.filter_answered),
        ("  files of code fetched meanwhile", |s| s.daily.filter_code),
        ("first visit: first paint (ms)", |s| s.first_paint),
        ("first visit: first 100 rows (ms)", |s| s.first_rows),
        ("  main wasm (vanilla: script) arrived (ms)", |s| {
            s.wasm_arrived
        }),
        ("  then until the app started (ms)", |s| s.starting),
        ("first visit at 150 ms: first paint (ms)", |s| s.rtt_paint),
        ("  … first 100 rows (ms)", |s| s.rtt_rows),
    ];
    for (label, figure) in figures {
        let medians: Vec<(f64, f64, f64)> = samples
            .iter()
            .map(|page| stats(page.iter().map(figure).collect()))
            .collect();
        let mut line = format!("{label:<42}");
        for (median, min, max) in &medians {
            line += &format!(" {median:>8.0} ({min:.0}–{max:.0})");
        }
        let last = medians[medians.len() - 1].0;
        for (median, ..) in &medians[..medians.len() - 1] {
            line += &match last > 0.0 {
                true => format!(" {:>7.2}", median / last),
                false => format!(" {:>7}", "—"),
            };
        }
        println!("{line}");
    }
}
