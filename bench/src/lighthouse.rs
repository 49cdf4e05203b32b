//! Lighthouse scores of the app's first visit (the sign-in form over the list page: a
//! first visitor has no key, and Lighthouse cannot sign in).

use std::path::Path;

use serde_json::Value;

/// Runs Lighthouse (`bin`, from npm) against `url` in Debian's Chromium and prints the
/// performance, accessibility and best-practices scores, and every failed audit.
pub async fn report(bin: &Path, url: &str) {
    println!("\nLighthouse (simulated mobile throttling), first visit of {url}");
    let output = tokio::process::Command::new(bin)
        .arg(url)
        .args([
            "--quiet",
            "--output=json",
            "--output-path=stdout",
            "--only-categories=performance,accessibility,best-practices",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu \
             --disable-background-networking --disable-component-update",
        ])
        .env("CHROME_PATH", "/usr/bin/chromium")
        .output()
        .await;
    let report: Value = match output {
        Ok(out) if out.status.success() => match serde_json::from_slice(&out.stdout) {
            Ok(report) => report,
            Err(e) => return println!("  unreadable report: {e}"),
        },
        Ok(out) => {
            return println!(
                "  lighthouse failed: {}",
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .last()
                    .unwrap_or("")
            )
        }
        Err(e) => return println!("  cannot run {}: {e}", bin.display()),
    };
    for (key, category) in report["categories"].as_object().into_iter().flatten() {
        let score = category["score"].as_f64().unwrap_or(0.0) * 100.0;
        println!("  {key:<16} {score:>4.0}");
    }
    // The metrics the performance score is made of, to see which one holds it back.
    for key in [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "speed-index",
        "cumulative-layout-shift",
    ] {
        let audit = &report["audits"][key];
        let shown = audit["displayValue"].as_str().unwrap_or("?");
        let score = audit["score"].as_f64().unwrap_or(0.0) * 100.0;
        println!("    {key:<26} {shown:>10}  (score {score:.0})");
    }
    for (key, audit) in report["audits"].as_object().into_iter().flatten() {
        let mode = audit["scoreDisplayMode"].as_str().unwrap_or("");
        let score = audit["score"].as_f64();
        if matches!(mode, "binary" | "numeric") && score.is_some_and(|s| s < 0.9) {
            let shown = audit["displayValue"].as_str().unwrap_or("");
            println!(
                "    below 90: {key} ({:.0}) {shown}",
                score.unwrap_or(0.0) * 100.0
            );
        }
    }
}
