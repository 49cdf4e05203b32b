//! The second visit: the app's files come from the service worker's cache, so a second visit
//! downloads only `config.json` (the deployment's own) and the list; the browser also checks
//! the worker's script for a new deploy.

use std::path::Path;
use std::time::Duration;

use fantoccini::Locator;
use petstore_e2e::worker::worker_active;
use petstore_e2e::{serve_site_with, Browser, SiteLog};

/// Visits the build in `dir` twice in one browser and prints what the second visit asked
/// of the site: each path, and the bytes of the app files among them (raw, as on disk).
pub async fn report(name: &str, dir: &Path, config: String, policy: &str) {
    let log = SiteLog::default();
    let site = serve_site_with(dir, "/", config, policy, log.clone()).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    let url = format!("{site}pets?env=production&limit=100");
    let rows = Locator::XPath("//table//tbody/tr[100]");
    let visit = || async {
        c.goto(&url).await.expect("open the list");
        c.wait()
            .at_most(Duration::from_secs(30))
            .for_element(rows)
            .await
            .expect("the list");
    };
    visit().await;
    worker_active(c).await;
    log.take();
    visit().await;
    let paths = log.take();
    browser.close().await;
    let app_files: Vec<&String> = paths
        .iter()
        .filter(|p| *p != "/config.json" && *p != "/sw.js")
        .collect();
    let bytes: u64 = app_files
        .iter()
        .filter_map(|p| std::fs::metadata(dir.join(p.trim_start_matches('/'))).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "\n{name}: a second visit asked the site for {paths:?}: {} app files, {:.1} KB",
        app_files.len(),
        bytes as f64 / 1000.0
    );
}
