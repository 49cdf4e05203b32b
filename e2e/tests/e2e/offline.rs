//! Read-only offline, on the release build and its service worker, in headless Chromium over
//! WebDriver (the network cut with DevTools' `Network.emulateNetworkConditions`, the site and
//! the service out of reach): a reload of a signed-in tab shows the last list, marked with the
//! time it was received and dimmed, with adding and importing off and the reason said; a tab
//! with no key sees only the sign-in form; back online the page says so and reads again; the
//! service saw no write; and signing out empties the kept answers from Cache Storage. The
//! service stopped while the device is online (its address blocked for the worker) looks the
//! same: the band, adding off with the reason beside Add pet, and the age lines (the list's,
//! the Store page's) giving the kept answers' time. A service that is only slow
//! is never called offline: its kept list shows, said to be waiting, and adding works.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_dev_service::control::{Mode, MAIN};
use petstore_dev_service::Config;
use petstore_e2e::look::click_button;
use petstore_e2e::words::type_in;
use petstore_e2e::worker::{
    deploy, go_offline, go_online, site_folder, stop_service, until, worker_active,
};
use petstore_e2e::{
    click_nav, csp, root_dist, serve_site_with, start_service_with_registry, wait_for, with_undo,
    Browser, SiteLog,
};

/// Signs the tab in to production on every load, unless the test has asked for a tab with
/// no key (`petstore-test.no-key`).
const SETUP: &str = r#"
if (!sessionStorage.getItem("petstore-test.no-key")) {
  sessionStorage.setItem("petstore-admin.api-key.production", "dev-production-key");
}
"#;

/// When the page's age line says what it shows was read (its `datetime`, in ms since the
/// epoch), once it is there.
async fn age_line_at(c: &Client) -> f64 {
    let script = "const done = arguments[arguments.length - 1]; \
                  const t = document.querySelector('.age-line time[datetime]'); \
                  done(t ? Date.parse(t.getAttribute('datetime')) : null);";
    let at = until(c, "the age line", script).await;
    at.as_f64()
        .unwrap_or_else(|| panic!("the age line's time: {at}"))
}

/// The names of the kept answers' caches in Cache Storage.
async fn kept_caches(c: &Client) -> Vec<String> {
    let names = until(
        c,
        "read Cache Storage",
        "const done = arguments[0];
         caches.keys().then((k) => done(k.filter((n) => n.startsWith('petstore-api-'))));",
    )
    .await;
    serde_json::from_value(names).expect("a list of names")
}

/// The text of the page's first element matching `css`, or "" if none.
async fn text_of(c: &Client, css: &str) -> String {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

#[tokio::test]
async fn offline_shows_the_last_list_read_only_and_only_to_a_tab_with_its_key() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let folder = site_folder("offline");
    deploy(&root_dist(), &folder);
    let log = SiteLog::default();
    let site = serve_site_with(&folder, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start().await;
    browser.on_every_load(SETUP).await;
    let c = &browser.client;
    let list = format!("{site}pets?env=production");
    c.goto(&list).await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    worker_active(c).await;
    // The worker's from here on: this read is kept.
    c.refresh().await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    let rows_online = c
        .find_all(Locator::XPath("//table//tbody/tr"))
        .await
        .unwrap()
        .len();
    assert_eq!(kept_caches(c).await, vec!["petstore-api-production"]);
    // The store at a glance, read online: its reads are kept too.
    click_nav(c, "Store").await;
    wait_for(c, "//table[contains(@class, 'store-table')]//tbody/tr").await;
    let counts_online = text_of(c, ".store-counts").await;
    click_nav(c, "Pets").await;
    wait_for(c, "//table//tbody/tr[3]").await;

    // Offline: the same rows, marked and dimmed; adding off, with the reason.
    let offline = go_offline(&browser, &log).await;
    c.refresh().await.unwrap();
    // A band as plain as the environment's, not a small grey note.
    wait_for(
        c,
        "//p[contains(@class, 'band')][@role='status'][contains(., 'Offline — Production as it was at')]",
    )
    .await;
    // Add pet and Import say why they would fail, beside them.
    wait_for(
        c,
        "//div[contains(@class, 'page-head')]/following-sibling::p[contains(., 'This device is offline: nothing can be added to Production')]",
    )
    .await;
    let rows = c
        .find_all(Locator::XPath("//table//tbody/tr"))
        .await
        .unwrap()
        .len();
    assert_eq!(rows, rows_online, "the kept list is not the last one");
    c.find(Locator::Css(".rows.stale"))
        .await
        .expect("the kept rows are not dimmed");
    click_nav(c, "New pet").await;
    wait_for(c, "//button[normalize-space()='Add pet'][@disabled]").await;
    wait_for(
        c,
        "//p[contains(., 'This device is offline: nothing can be added to Production')]",
    )
    .await;
    // The store's figures are the kept ones, and say so.
    click_nav(c, "Store").await;
    wait_for(
        c,
        "//p[contains(@class, 'kept')][contains(., 'These figures are the ones kept from')]",
    )
    .await;
    assert_eq!(text_of(c, ".store-counts").await, counts_online);
    click_nav(c, "Pets").await;
    wait_for(c, "//table//tbody/tr[3]").await;

    // A tab with no key for production sees the sign-in form, never the kept pets.
    c.execute(
        "sessionStorage.setItem('petstore-test.no-key', '1');
         sessionStorage.removeItem('petstore-admin.api-key.production');",
        vec![],
    )
    .await
    .unwrap();
    c.refresh().await.unwrap();
    wait_for(c, "//*[@role='dialog']").await;
    let rows = c
        .find_all(Locator::XPath("//table//tbody/tr"))
        .await
        .unwrap();
    assert!(rows.is_empty(), "kept pets shown to a tab with no key");

    // Back online, signed in again: the page says so and reads again.
    c.execute(
        "sessionStorage.removeItem('petstore-test.no-key');
         sessionStorage.setItem('petstore-admin.api-key.production', 'dev-production-key');",
        vec![],
    )
    .await
    .unwrap();
    c.refresh().await.unwrap();
    wait_for(
        c,
        "//*[@role='status'][contains(., 'Offline — Production')]",
    )
    .await;
    let reads_before = production.log().len();
    go_online(&browser, &log, offline).await;
    wait_for(
        c,
        "//*[@role='status'][contains(., 'Back online: Production is up to date again.')]",
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while production.log().len() == reads_before {
        assert!(
            Instant::now() < deadline,
            "no read after the connection came back"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        c.find(Locator::Css(".rows.stale")).await.is_err(),
        "still dimmed"
    );
    let writes: Vec<_> = production
        .log()
        .into_iter()
        .filter(|e| e.method != "GET")
        .collect();
    assert!(writes.is_empty(), "the service saw writes: {writes:?}");

    // Sign out empties this environment's kept answers.
    assert_eq!(kept_caches(c).await, vec!["petstore-api-production"]);
    click_button(c, "Sign out").await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while !kept_caches(c).await.is_empty() {
        assert!(
            Instant::now() < deadline,
            "the kept answers stayed after sign out"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(text_of(c, ".rows.stale").await, "");
    assert_eq!(browser.trap_in_console().await, None, "the app stopped");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test]
async fn the_service_stopped_is_said_as_not_answering_with_adding_off_and_why() {
    let (service, config, _registry) = start_service_with_registry(Config::default()).await;
    let folder = site_folder("service-stopped");
    deploy(&root_dist(), &folder);
    let log = SiteLog::default();
    let site = serve_site_with(&folder, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start().await;
    browser.on_every_load(SETUP).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    worker_active(c).await;
    c.refresh().await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    // The Store page read once too, so that its reads are kept.
    let now = "return Date.now();";
    let kept_from: f64 = serde_json::from_value(c.execute(now, vec![]).await.unwrap()).unwrap();
    click_nav(c, "Store").await;
    wait_for(c, "//ul[@class='store-counts']/li[4]").await;
    click_nav(c, "Pets").await;
    wait_for(c, "//table//tbody/tr[3]").await;
    let kept_by: f64 = serde_json::from_value(c.execute(now, vec![]).await.unwrap()).unwrap();

    // The service stops answering; the device is still online.
    let stopped = stop_service(&browser, &service).await;
    c.refresh().await.unwrap();
    wait_for(
        c,
        "//p[contains(@class, 'band')][@role='status'][contains(., 'The service for Production is not answering — shown as it was at')][contains(., 'tell whoever runs the service')]",
    )
    .await;
    // The age line gives the kept answer's time, not the read's: "Updated just now" beside
    // "shown as it was at" a while ago said two things (the Store page's too).
    let list_at = age_line_at(c).await;
    assert!(
        (kept_from..=kept_by).contains(&list_at),
        "the list's age line is not the kept answer's time: {list_at}, kept from {kept_from} \
         to {kept_by}"
    );
    click_nav(c, "Store").await;
    wait_for(c, "//ul[@class='store-counts']/li[4]").await;
    let store_at = age_line_at(c).await;
    assert!(
        (kept_from..=kept_by).contains(&store_at),
        "the Store page's age line is not the kept answers' time: {store_at}, kept from \
         {kept_from} to {kept_by}"
    );
    click_nav(c, "Pets").await;
    let online: bool =
        serde_json::from_value(c.execute("return navigator.onLine;", vec![]).await.unwrap())
            .unwrap();
    assert!(
        online,
        "the device went offline: this test is of the service alone"
    );
    wait_for(
        c,
        "//div[contains(@class, 'page-head')]/following-sibling::p[contains(., 'The service for Production is not answering: nothing can be added')]",
    )
    .await;
    click_nav(c, "New pet").await;
    wait_for(c, "//button[normalize-space()='Add pet'][@disabled]").await;
    go_online(&browser, &log, stopped).await;
    assert_eq!(browser.trap_in_console().await, None, "the app stopped");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test]
async fn a_slow_service_is_not_offline_and_adding_still_works_once() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let folder = site_folder("slow-service");
    deploy(&root_dist(), &folder);
    let log = SiteLog::default();
    let site = serve_site_with(&folder, "/", with_undo(&config, 0.0), &csp(&service), log).await;
    let browser = Browser::start().await;
    browser.on_every_load(SETUP).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    worker_active(c).await;
    // The worker's from here on: this read is kept.
    c.refresh().await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;

    // Every answer takes 5 s, past the worker's 4 s: the kept list shows, said to be waiting
    // for a slow service, never offline; its answer then comes, and the line goes.
    production.set_mode(Mode::Slow(Duration::from_secs(5)));
    c.refresh().await.unwrap();
    wait_for(
        c,
        "//p[@role='status'][contains(., 'Production is slow to answer')]",
    )
    .await;
    assert_eq!(text_of(c, ".band.offline").await, "", "called offline");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !text_of(c, ".waiting").await.is_empty() {
        assert!(
            Instant::now() < deadline,
            "the slow answer never replaced the kept one"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Adding works while it is slow, once.
    click_nav(c, "New pet").await;
    wait_for(c, "//input[@id='pet-name']").await;
    type_in(c, "pet-name", "Slowpoke").await;
    type_in(c, "pet-category", "4").await;
    wait_for(c, "//button[normalize-space()='Add pet'][not(@disabled)]").await;
    click_button(c, "Add pet").await;
    // Its page, once created.
    wait_for(c, "//p[@role='status'][normalize-space()='Pet added.']").await;
    let posts = production
        .log()
        .iter()
        .filter(|e| e.method == "POST")
        .count();
    assert_eq!(posts, 1, "one pet sent, once");
    assert_eq!(browser.trap_in_console().await, None, "the app stopped");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}
