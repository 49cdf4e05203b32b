//! The installable app and its service worker, on the release build served as a CDN would
//! (the strict Content-Security-Policy), in headless Chromium over WebDriver: Chromium finds
//! nothing stopping an install; a second visit fetches no app file from the site; with the
//! site gone and the browser offline the app still starts; and two deploys in a row under one
//! open tab: the tab keeps running its build, offers Reload, and after Reload runs the new one.

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_e2e::worker::{deploy, site_folder, worker_active};
use petstore_e2e::{
    click_nav, csp, dist_dir, root_dist, serve_site_with, start_service, wait_for, Browser, SiteLog,
};
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(20);

/// The address of the build the page runs (its start-up script's).
async fn running_build(c: &Client) -> String {
    c.execute(
        "return document.getElementById('petstore-start').getAttribute('src');",
        vec![],
    )
    .await
    .expect("read the start-up script")
    .as_str()
    .unwrap_or_default()
    .to_owned()
}

/// The folder (`/app-…/`) a build's start-up script is in.
fn folder_of(build: &Path) -> String {
    let index = std::fs::read_to_string(build.join("index.html")).expect("a build's index.html");
    let start = index
        .find("/app-")
        .expect("the build's folder in index.html");
    index[start..start + 22].to_owned()
}

#[tokio::test]
async fn installable_second_visit_fetches_no_app_file_and_starts_offline() {
    installable_at("PETSTORE_DIST", "target/dist-root", "/").await;
}

#[tokio::test]
async fn installable_under_a_sub_path() {
    installable_at("PETSTORE_DIST_ADMIN", "target/dist-admin", "/admin/").await;
}

/// The first test, for the build in `$var` (else `default`) served under `prefix`.
async fn installable_at(var: &str, default: &str, prefix: &str) {
    let (service, config) = start_service().await;
    let folder = site_folder(&format!("installable{}", prefix.replace('/', "-")));
    deploy(&dist_dir(var, default), &folder);
    let log = SiteLog::default();
    let site = serve_site_with(&folder, prefix, config, &csp(&service), log.clone()).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    worker_active(c).await;

    // Installable: a manifest Chromium accepts, and a worker for the scope.
    let errors = browser.cdp("Page.getInstallabilityErrors", json!({})).await;
    assert_eq!(
        errors["installabilityErrors"],
        json!([]),
        "Chromium would not offer to install"
    );
    let manifest = browser.cdp("Page.getAppManifest", json!({})).await;
    let text = manifest["data"].as_str().unwrap_or_default();
    let parsed: Value = serde_json::from_str(text).expect("the manifest is JSON");
    assert_eq!(parsed["display"], "standalone");
    assert!(text.contains("\"maskable\""), "no maskable icon: {text}");
    // The tab says its environment: title and icon.
    let (title, icon): (String, String) = serde_json::from_value(
        c.execute(
            "return [document.title, document.querySelector('link[rel=icon]').href];",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    assert!(title.contains("Production"), "title {title}");
    assert!(
        icon.ends_with("/icons/favicon-production.svg"),
        "icon {icon}"
    );

    // The first visit's own downloads after its first screen (the other pages' code, the
    // live list's) are over before the second visit begins, so that none of them is taken
    // for one of the second visit's.
    first_visit_settled(c).await;
    // A second visit: every app file comes from the worker's cache.
    log.take();
    c.refresh().await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    let controlled = c
        .execute("return !!navigator.serviceWorker.controller;", vec![])
        .await
        .unwrap();
    assert_eq!(
        controlled,
        json!(true),
        "the second visit is not the worker's"
    );
    let fetched: Vec<String> = log
        .take()
        .into_iter()
        // config.json is the deployment's own (network first); the browser checks the
        // worker's script for a new deploy on each visit.
        .filter(|p| *p != format!("{prefix}config.json") && *p != format!("{prefix}sw.js"))
        .collect();
    assert_eq!(fetched, Vec::<String>::new(), "app files fetched again");

    // No network: the site is gone and the browser offline; the app still starts.
    log.set_down(true);
    browser
        .cdp(
            "Network.emulateNetworkConditions",
            json!({ "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 }),
        )
        .await;
    c.refresh().await.unwrap();
    wait_for(c, "//header[contains(., 'Pet Store Admin')]").await;
    wait_for(c, "//main//h1[normalize-space()='Pets']").await;
    assert_eq!(browser.trap_in_console().await, None, "the app stopped");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}

/// Deploys `build` under the open tab, has the worker look for it, and checks the tab: still
/// its own build, working, and offering Reload; then Reload runs `build`.
async fn deploy_under_the_tab(browser: &Browser, build: &Path, folder: &Path, log: &SiteLog) {
    let c = &browser.client;
    let before = running_build(c).await;
    deploy(build, folder);
    log.take();
    c.execute(
        "navigator.serviceWorker.getRegistration().then((r) => r.update());",
        vec![],
    )
    .await
    .expect("ask the worker for news");
    wait_for(
        c,
        "//*[@role='status'][contains(., 'A new version of this app is ready')]",
    )
    .await;
    // The tab still runs its own build, and its pages still open: New pet, then the list.
    assert_eq!(running_build(c).await, before);
    click_nav(c, "New pet").await;
    wait_for(c, "//main//h1[contains(., 'New pet')]").await;
    click_nav(c, "Pets").await;
    wait_for(c, "//table//tbody/tr[3]").await;
    let old = before.trim_end_matches("start.js");
    let stray: Vec<String> = log
        .take()
        .into_iter()
        .filter(|p| p.starts_with(old))
        .collect();
    assert_eq!(
        stray,
        Vec::<String>::new(),
        "the old build's files asked of the site"
    );
    // Reload runs the new build.
    c.find(Locator::XPath("//button[normalize-space()='Reload']"))
        .await
        .expect("a Reload button")
        .click()
        .await
        .expect("click Reload");
    let want = folder_of(build);
    let deadline = Instant::now() + WAIT;
    while !running_build(c).await.starts_with(&want) {
        assert!(Instant::now() < deadline, "Reload did not run {want}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    wait_for(c, "//table//tbody/tr[3]").await;
}

#[tokio::test]
async fn two_deploys_in_a_row_under_one_open_tab() {
    let (service, config) = start_service().await;
    let folder = site_folder("deploys");
    deploy(&root_dist(), &folder);
    let log = SiteLog::default();
    let site = serve_site_with(&folder, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    worker_active(c).await;
    // The worker's own from here on.
    c.refresh().await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    for (var, default) in [
        ("PETSTORE_DIST_NEXT", "target/dist-next"),
        ("PETSTORE_DIST_THIRD", "target/dist-third"),
    ] {
        deploy_under_the_tab(&browser, &dist_dir(var, default), &folder, &log).await;
    }
    let severe: Vec<String> = browser
        .console_log()
        .await
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .filter_map(|e| e["message"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(severe, Vec::<String>::new(), "errors in the console");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}

/// Waits until the page has fetched every split file it fetches after its first screen (the
/// five pages, the export files and the live list's code).
async fn first_visit_settled(c: &Client) {
    let deadline = Instant::now() + WAIT;
    loop {
        let fetched: Value = c
            .execute(
                "return performance.getEntriesByType('resource')
                   .filter((e) => /split_[a-z_]+\\.wasm$/.test(e.name) && e.responseEnd > 0)
                   .length;",
                vec![],
            )
            .await
            .expect("read the resource timings");
        if fetched.as_u64().unwrap_or_default() >= 7 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the first visit's later files did not all arrive: {fetched}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
