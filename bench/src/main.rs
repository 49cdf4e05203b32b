//! `petstore-bench`: prints the size of the release build and, in headless Chromium, how fast
//! the app shows 100 pets and re-filters them, next to a hand-written vanilla JavaScript page
//! doing the same against the same local service. Figures, not a pass/fail test.
//!
//! Usage: petstore-bench [--dist DIR] [--floor DIR] [--runs N] [--latency-ms N] [--lighthouse BIN]
//!        petstore-bench --brotli-size FILE
//! (scripts/bench.sh builds dist/, the floor app's dist and installs Lighthouse first)

mod lighthouse;
mod sizes;
mod timing;

use std::path::PathBuf;

use petstore_dev_service::Config;
use petstore_e2e::{csp, serve_site, start_service_with};
use timing::{stats, Sample};

struct Args {
    dist: PathBuf,
    floor: Option<PathBuf>,
    runs: usize,
    latency_ms: u64,
    lighthouse: Option<PathBuf>,
}

/// `--brotli-size FILE` (for scripts/size-breakdown.sh): prints the file's brotli size.
fn brotli_size_only() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, file] if flag == "--brotli-size" => {
            let data = std::fs::read(file).unwrap_or_else(|e| panic!("read {file}: {e}"));
            println!("{}", sizes::compress_br(&data).len());
            true
        }
        _ => false,
    }
}

fn parse_args() -> Args {
    let mut args = Args {
        dist: PathBuf::from("dist"),
        floor: None,
        runs: 7,
        latency_ms: 0,
        lighthouse: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--dist" => args.dist = value.into(),
            "--floor" => args.floor = Some(value.into()),
            "--runs" => args.runs = value.parse().expect("--runs takes a whole number"),
            "--latency-ms" => {
                args.latency_ms = value.parse().expect("--latency-ms takes a whole number")
            }
            "--lighthouse" => args.lighthouse = Some(value.into()),
            _ => panic!("unknown flag {flag}; see the usage in bench/src/main.rs"),
        }
    }
    args
}

/// A table row: its label, how to read it from a sample, and the unit's divisor.
type Figure = (&'static str, fn(&Sample) -> f64, f64);

fn row(label: &str, app: &[f64], vanilla: &[f64], scale: f64) {
    let (am, amin, amax) = stats(app.iter().map(|v| v / scale).collect());
    let (vm, vmin, vmax) = stats(vanilla.iter().map(|v| v / scale).collect());
    let ratio = if vm > 0.0 {
        format!("{:.2}", am / vm)
    } else {
        "—".to_owned()
    };
    println!(
        "{label:<26} {am:>8.1} ({amin:.1}–{amax:.1})   {vm:>8.1} ({vmin:.1}–{vmax:.1})   {ratio:>6}"
    );
}

#[tokio::main]
async fn main() {
    if brotli_size_only() {
        return;
    }
    let args = parse_args();
    let app_sizes = sizes::measure(&args.dist);
    sizes::report(&app_sizes);
    if let Some(floor) = &args.floor {
        sizes::report_floor(&app_sizes, &sizes::measure(floor));
    }

    let (service, config) = start_service_with(Config {
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
    let app_site = serve_site(&app_dir, "/", config.clone(), &policy).await;
    let vanilla_site = serve_site(&vanilla_dir, "/", config, &policy).await;
    let app_url = format!("{app_site}pets?env=production&limit=100");
    let vanilla_url = format!("{vanilla_site}index.html");

    // Alternate the two pages so that machine noise falls on both alike.
    let (mut app, mut vanilla): (Vec<Sample>, Vec<Sample>) = (Vec::new(), Vec::new());
    for i in 0..args.runs {
        eprintln!("run {}/{}", i + 1, args.runs);
        app.push(timing::run(&app_url).await);
        vanilla.push(timing::run(&vanilla_url).await);
    }
    println!(
        "\nHeadless Chromium, 100 pets, service latency {} ms, {} cold runs each: median (min–max)",
        args.latency_ms, args.runs
    );
    println!(
        "{:<26} {:>22}   {:>22}   {:>6}",
        "", "app", "vanilla JS", "ratio"
    );
    let figures: [Figure; 8] = [
        ("first 100 rows (ms)", |s| s.first_rows_ms, 1.0),
        ("  wasm arrived (ms)", |s| s.wasm_arrived_ms, 1.0),
        ("  app started (ms)", |s| s.started_ms, 1.0),
        ("  list request sent (ms)", |s| s.request_sent_ms, 1.0),
        ("  list answer done (ms)", |s| s.response_done_ms, 1.0),
        ("filter re-render (ms)", |s| s.filter_ms, 1.0),
        ("JS heap + wasm (KiB)", |s| s.memory_bytes, 1024.0),
        ("files fetched twice", |s| s.fetched_twice, 1.0),
    ];
    for (label, figure, divisor) in figures {
        let values = |samples: &[Sample]| samples.iter().map(figure).collect::<Vec<_>>();
        row(label, &values(&app), &values(&vanilla), divisor);
    }
    if let Some(bin) = &args.lighthouse {
        lighthouse::report(bin, &format!("{app_site}pets?env=production")).await;
    }
    println!("\nTargets: first-load transfer at most 130 KB brotli; first rows at most 1.4x");
    println!("vanilla; filter re-render within 16 ms and at most 1.3x vanilla; Lighthouse");
    println!("performance at least 98 and accessibility 100; no file fetched twice.");
    println!("Figures vary with the machine: compare the ratio, measured in the same run.");
    let _ = std::fs::remove_dir_all(&served);
}
