//! `petstore-bench`: prints the size of the release build and, in headless Chromium, how fast
//! the app shows 100 pets and re-filters them, next to a hand-written vanilla JavaScript page
//! doing the same against the same local service. Figures, not a pass/fail test.
//!
//! Usage: petstore-bench [--dist DIR] [--floor DIR] [--floor-list DIR] [--floor-url DIR]
//!                       [--compare DIR] [--runs N] [--latency-ms N] [--site-latency-ms N]
//!                       [--lighthouse BIN] [--tablet] [--tablet-only] [--sizes-only]
//!                       [--clicks-only]
//! (scripts/bench.sh builds dist/, the floor app's dist and installs Lighthouse first)

mod clicks;
mod lighthouse;
mod long_tab;
mod refresh;
mod second_visit;
mod sizes;
mod tablet;
mod timing;

use std::path::PathBuf;

use petstore_dev_service::Config;
use petstore_e2e::{
    csp, serve_site, serve_site_with, start_service_with_registry, with_refresh, SiteLog,
};
use timing::{stats, Sample};

struct Args {
    dist: PathBuf,
    floor: Option<PathBuf>,
    floor_list: Option<PathBuf>,
    /// The speed floor with its status in the URL query, as the app keeps its filters.
    floor_url: Option<PathBuf>,
    /// Another build of the app (before a change), timed in the same run: on a shared,
    /// noisy machine only figures from one run compare.
    compare: Option<PathBuf>,
    runs: usize,
    latency_ms: u64,
    /// How long the site (the app's files, the vanilla page's) takes to answer: a CDN's
    /// distance, which is what preloads and early fetches are for.
    site_latency_ms: u64,
    lighthouse: Option<PathBuf>,
    /// Also time the app and the vanilla page on a tablet's terms (`tablet.rs`).
    tablet: bool,
    /// Time them on a tablet's terms only (sizes first, as always).
    tablet_only: bool,
    /// The sizes alone: no browser, no timing.
    sizes_only: bool,
    /// The clicks on the lazy pages' links alone (after the sizes).
    clicks_only: bool,
}

fn parse_args() -> Args {
    let mut args = Args {
        dist: PathBuf::from("dist"),
        floor: None,
        floor_list: None,
        floor_url: None,
        compare: None,
        runs: 7,
        latency_ms: 0,
        site_latency_ms: 0,
        lighthouse: None,
        tablet: false,
        tablet_only: false,
        sizes_only: false,
        clicks_only: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--tablet" || flag == "--tablet-only" {
            args.tablet = true;
            args.tablet_only |= flag == "--tablet-only";
            continue;
        }
        if flag == "--sizes-only" {
            args.sizes_only = true;
            continue;
        }
        if flag == "--clicks-only" {
            args.clicks_only = true;
            continue;
        }
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--dist" => args.dist = value.into(),
            "--floor" => args.floor = Some(value.into()),
            "--floor-list" => args.floor_list = Some(value.into()),
            "--floor-url" => args.floor_url = Some(value.into()),
            "--compare" => args.compare = Some(value.into()),
            "--runs" => args.runs = value.parse().expect("--runs takes a whole number"),
            "--latency-ms" => {
                args.latency_ms = value.parse().expect("--latency-ms takes a whole number")
            }
            "--site-latency-ms" => {
                args.site_latency_ms = value
                    .parse()
                    .expect("--site-latency-ms takes a whole number")
            }
            "--lighthouse" => args.lighthouse = Some(value.into()),
            _ => panic!("unknown flag {flag}; see the usage in bench/src/main.rs"),
        }
    }
    args
}

/// Serves `dir` at the site root, every answer held `delay` first.
async fn far_site(
    dir: &std::path::Path,
    config: String,
    policy: &str,
    delay: std::time::Duration,
) -> String {
    let log = SiteLog::default();
    log.set_delay(delay);
    serve_site_with(dir, "/", config, policy, log).await
}

/// A table row: its label, how to read it from a sample, and the unit's divisor.
type Figure = (&'static str, fn(&Sample) -> f64, f64);

/// Prints one figure for every page (median, min–max), then each page's ratio to the last
/// page (the vanilla one).
fn row(label: &str, pages: &[Vec<f64>], scale: f64) {
    let stats: Vec<_> = pages
        .iter()
        .map(|values| stats(values.iter().map(|v| v / scale).collect()))
        .collect();
    let mut line = format!("{label:<26}");
    for (median, min, max) in &stats {
        line += &format!(" {median:>8.1} ({min:.1}–{max:.1})");
    }
    let reference = stats.last().map_or(0.0, |s| s.0);
    for (median, _, _) in &stats[..stats.len() - 1] {
        line += &match reference > 0.0 {
            true => format!(" {:>6.2}", median / reference),
            false => format!(" {:>6}", "—"),
        };
    }
    println!("{line}");
}

#[tokio::main]
async fn main() {
    let args = parse_args();
    let app_sizes = sizes::measure(&args.dist);
    sizes::report(&app_sizes);
    if let Some(floor) = &args.floor {
        sizes::report_floor(&app_sizes, &sizes::measure(floor));
    }
    if args.sizes_only {
        return;
    }

    let (service, config, registry) = start_service_with_registry(Config {
        production_pets: Some(100),
        // A service further away than this machine, as from a shop's Wi-Fi (both pages alike).
        latency: std::time::Duration::from_millis(args.latency_ms),
        ..Config::default()
    })
    .await;
    let policy = csp(&service);
    let served = std::env::temp_dir().join(format!("petstore-bench-{}", std::process::id()));
    let (app_dir, vanilla_dir) = (served.join("app"), served.join("vanilla"));
    sizes::precompress(&args.dist, &app_dir);
    let vanilla_src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vanilla");
    sizes::precompress(&vanilla_src, &vanilla_dir);
    let site_delay = std::time::Duration::from_millis(args.site_latency_ms);
    let app_site = far_site(&app_dir, config.clone(), &policy, site_delay).await;
    // The long-lived tab's builds: the same files, reading the list again every 0.2 s.
    let mut long_tab_dirs = vec![("app", app_dir.clone())];
    let vanilla_site = far_site(&vanilla_dir, config.clone(), &policy, site_delay).await;
    // Each page: its name, the short name of its ratio column, its address.
    let mut pages = vec![(
        "app",
        "app",
        format!("{app_site}pets?env=production&limit=100"),
    )];
    if let Some(dir) = &args.compare {
        let before_dir = served.join("before");
        sizes::precompress(dir, &before_dir);
        let site = far_site(&before_dir, config.clone(), &policy, site_delay).await;
        long_tab_dirs.push(("before", before_dir.clone()));
        pages.push((
            "before",
            "before",
            format!("{site}pets?env=production&limit=100"),
        ));
    }
    // Trunk's own start-up script is inline: the floor pages alone may run inline scripts.
    let inline = policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
    let floors = [
        (
            &args.floor_list,
            "floor-list",
            "Leptos floor",
            "floor",
            "index.html",
        ),
        (
            &args.floor_url,
            "floor-url",
            "floor, URL state",
            "f.URL",
            "pets?limit=100",
        ),
    ];
    for (dir, served_as, name, short, path) in floors {
        if let Some(dir) = dir {
            let floor_dir = served.join(served_as);
            sizes::precompress(dir, &floor_dir);
            let site = serve_site(&floor_dir, "/", config.clone(), &inline).await;
            pages.push((name, short, format!("{site}{path}")));
        }
    }
    pages.push(("vanilla JS", "vanilla", format!("{vanilla_site}index.html")));
    if args.clicks_only {
        click_runs(&pages, &args).await;
        let _ = std::fs::remove_dir_all(&served);
        return;
    }

    if !args.tablet_only {
        timed_runs(&pages, &args).await;
    }
    if args.tablet {
        // The app (its worker installed for the daily start), the build compared with it if
        // any, and the vanilla page.
        let tablet_pages: Vec<_> = pages
            .iter()
            .filter(|(name, ..)| ["app", "before", "vanilla JS"].contains(name))
            .map(|(name, _, url)| (*name, url.clone(), *name != "vanilla JS"))
            .collect();
        let extra = format!(
            "the service {} ms and the site {} ms further",
            args.latency_ms, args.site_latency_ms
        );
        tablet::report(&tablet_pages, args.runs, &extra).await;
    }
    if args.tablet_only {
        let _ = std::fs::remove_dir_all(&served);
        return;
    }
    if let Some(bin) = &args.lighthouse {
        lighthouse::report(bin, &format!("{app_site}pets?env=production")).await;
    }
    second_visit::report("app", &args.dist, config.clone(), &policy).await;
    // The app's own read again (a build before it has no Refresh to press).
    let still = serve_site(&app_dir, "/", with_refresh(&config, 0.0), &policy).await;
    refresh::report("app", &still, &registry, args.runs).await;
    // Last: it rotates the service's production key.
    for (name, dir) in &long_tab_dirs {
        let site = serve_site(dir, "/", with_refresh(&config, 0.2), &policy).await;
        long_tab::report(name, &site, &registry).await;
    }
    println!("\nTargets: first-screen bytes at most 130 KB brotli (aim 110); first rows at most");
    println!("1.4x vanilla; filter re-render within 16 ms and at most 1.3x vanilla; a first click");
    println!("after 2 s idle within 1.2x a second click; Lighthouse performance 99+ and");
    println!("accessibility 100; no file fetched twice; the long-lived tab's JS heap within +10 %");
    println!("from change 52 to 500, its wasm memory and element count the same; no app file");
    println!("fetched on a second visit.");
    println!("Figures vary with the machine: compare the ratio, measured in the same run.");
    let _ = std::fs::remove_dir_all(&served);
}

/// Times every page `args.runs` times, alternating them so that machine noise falls on all
/// alike, and prints the table; then the clicks on the lazy pages' links of the app's builds.
async fn timed_runs(pages: &[(&str, &str, String)], args: &Args) {
    let mut samples: Vec<Vec<Sample>> = pages.iter().map(|_| Vec::new()).collect();
    for i in 0..args.runs {
        eprintln!("run {}/{}", i + 1, args.runs);
        for ((_, _, url), samples) in pages.iter().zip(&mut samples) {
            samples.push(timing::run(url).await);
        }
    }
    println!(
        "\nHeadless Chromium, 100 pets, service latency {} ms, site latency {} ms, {} cold runs \
             each: median (min–max)",
        args.latency_ms, args.site_latency_ms, args.runs
    );
    let mut header = format!("{:<26}", "");
    for (name, _, _) in pages {
        header += &format!(" {name:>22}");
    }
    for (_, short, _) in &pages[..pages.len() - 1] {
        header += &format!(" {:>6}", format!("{short}×"));
    }
    println!("{header}");
    let figures: [Figure; 10] = [
        ("first-screen bytes (KB)", |s| s.first_screen_bytes, 1000.0),
        ("first 100 rows (ms)", |s| s.first_rows_ms, 1.0),
        ("  wasm arrived (ms)", |s| s.wasm_arrived_ms, 1.0),
        ("  app started (ms)", |s| s.started_ms, 1.0),
        ("  list request sent (ms)", |s| s.request_sent_ms, 1.0),
        ("  list answer done (ms)", |s| s.response_done_ms, 1.0),
        ("filter re-render (ms)", |s| s.filter_ms, 1.0),
        ("  second change (ms)", |s| s.filter_again_ms, 1.0),
        ("JS heap + wasm (KiB)", |s| s.memory_bytes, 1024.0),
        ("files fetched twice", |s| s.fetched_twice, 1.0),
    ];
    for (label, figure, divisor) in figures {
        let values: Vec<Vec<f64>> = samples
            .iter()
            .map(|page| page.iter().map(figure).collect())
            .collect();
        row(label, &values, divisor);
    }
    click_runs(pages, args).await;
}

/// Times the clicks on the header's links to the lazy pages, for the app's builds.
async fn click_runs(pages: &[(&str, &str, String)], args: &Args) {
    // The app, and the build compared with it if any: the builds of the app come first.
    let builds: Vec<_> = pages
        .iter()
        .filter(|(name, ..)| ["app", "before"].contains(name))
        .collect();
    for page in clicks::PAGES {
        let mut runs: Vec<Vec<clicks::Clicks>> = builds.iter().map(|_| Vec::new()).collect();
        for i in 0..args.runs {
            eprintln!("clicks on {} {}/{}", page.0, i + 1, args.runs);
            for ((_, _, url), runs) in builds.iter().zip(&mut runs) {
                runs.push(clicks::run(url, page).await);
            }
        }
        for ((name, ..), runs) in builds.iter().zip(&runs) {
            click_figures(name, page.0, runs);
        }
    }
}

/// One build's clicks on the link to one page, as medians with their spread.
fn click_figures(name: &str, link: &str, runs: &[clicks::Clicks]) {
    println!(
        "\n{name}: a click on {link} to its page in the DOM (ms), {} runs: median (min–max)",
        runs.len()
    );
    for (label, pick) in [
        (
            "first click, code not yet fetched",
            (|r| r.cold_ms) as fn(&clicks::Clicks) -> f64,
        ),
        ("first click after 2 s idle", |r| r.prefetched_ms),
        ("second click", |r| r.second_ms),
    ] {
        let (median, min, max) = stats(runs.iter().map(pick).collect());
        println!("{label:<36} {median:>8.1} ({min:.1}–{max:.1})");
    }
    let cold = runs.iter().filter(|r| r.cold_was_cold).count();
    println!(
        "(the first click found the code not yet fetched in {cold} of {} runs)",
        runs.len()
    );
}
