//! The release build split by page: the first screen fetches the list's code only, the other
//! pages' code follows once the screen is idle (so a first click waits for nothing), and a page
//! whose code cannot be downloaded says so and offers Reload; the list stands without the live
//! list's own code (its age line, what changed); the shared-tablet guard's code comes after the
//! first screen, only where a store sets `idleMinutes`, and says so if it cannot. In headless
//! Chromium over WebDriver, against the release build served with the strict
//! Content-Security-Policy.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_e2e::{click, click_nav, open_menu, serve_release, start_service, wait_for, Browser};
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(20);

/// The lazy pages' own files, as wasm-split-cli names them.
const PAGES: [&str; 6] = [
    "split_page_new.wasm",
    "split_page_import.wasm",
    "split_page_view.wasm",
    "split_page_activity.wasm",
    "split_page_compare.wasm",
    "split_page_store.wasm",
];

/// The shared-tablet guard's own file: fetched after the first screen, where it is set.
const IDLE_GUARD: &str = "split_idle_guard.wasm";
/// The sign-in form's code: a daily start (the tab holds its key) fetches it with the pages.
const SIGN_IN: &str = "split_sign_in.wasm";
/// The header menu's controls, drawn on its first opening: fetched with the pages.
const MENU: &str = "split_header_menu.wasm";

/// Every file this document has fetched: its name and when the fetch started and ended (ms).
async fn fetched(c: &Client) -> Vec<(String, f64, f64)> {
    let entries: Value = c
        .execute(
            "return performance.getEntriesByType('resource').map((e) =>
               [e.name.split('/').pop().split('?')[0], e.startTime, e.responseEnd]);",
            vec![],
        )
        .await
        .expect("read the resource timings");
    entries
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| {
            (
                e[0].as_str().unwrap_or_default().to_owned(),
                e[1].as_f64().unwrap_or_default(),
                e[2].as_f64().unwrap_or_default(),
            )
        })
        .collect()
}

/// `config` with `idleMinutes` set: the shared-tablet guard's time without input.
fn with_idle(config: &str, minutes: f64) -> String {
    let mut config: Value = serde_json::from_str(config).expect("config.json is JSON");
    config["idleMinutes"] = json!(minutes);
    config.to_string()
}

/// Waits until every lazy page's code, the sign-in form's and the menu's have been fetched (the
/// app has started and been idle), and returns every file fetched by then.
async fn after_the_pages(c: &Client) -> Vec<(String, f64, f64)> {
    let deadline = Instant::now() + WAIT;
    loop {
        let files = fetched(c).await;
        let have = |page: &str| files.iter().any(|(name, ..)| name == page);
        if PAGES.iter().chain([&SIGN_IN, &MENU]).all(|page| have(page)) {
            return files;
        }
        assert!(
            Instant::now() < deadline,
            "the pages' code did not arrive: {files:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Makes the browser fail every request to an address matching one of `urls` (none: back to
/// normal), as a file gone from the network would.
async fn block(browser: &Browser, urls: &[&str]) {
    browser.cdp("Network.enable", json!({})).await;
    browser
        .cdp("Network.setBlockedURLs", json!({ "urls": urls }))
        .await;
}

#[tokio::test]
async fn other_pages_arrive_after_the_first_screen_and_a_first_click_fetches_nothing() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[20]").await;

    // Every page's code arrives without a click, within the time limit.
    let files = after_the_pages(c).await;
    // The idle guard's is not among them: this store sets no `idleMinutes`.
    assert!(
        !files.iter().any(|(name, ..)| name == IDLE_GUARD),
        "the idle guard's code was fetched without idleMinutes: {files:?}"
    );
    // ... and only once the app's own code is in and has run for a second: the first screen
    // does not share its bandwidth with pages it does not show.
    let main_done = files
        .iter()
        .find(|(name, ..)| name == "main_bg.wasm")
        .map(|(_, _, end)| *end)
        .expect("the main wasm was fetched");
    let later = |name: &str| PAGES.contains(&name) || name == SIGN_IN || name == MENU;
    for (name, start, _) in files.iter().filter(|(name, ..)| later(name)) {
        assert!(
            *start >= main_done + 1000.0,
            "{name} started at {start} ms, the main wasm ended at {main_done} ms"
        );
    }

    // A first click opens the page, and the menu, from what is already here: nothing more is
    // fetched.
    let before = fetched(c).await.len();
    click_nav(c, "New pet").await;
    wait_for(c, "//h1[normalize-space()='New pet']").await;
    let drawn = c
        .execute("return !!document.getElementById('environment');", vec![])
        .await
        .expect("look for the menu's controls");
    assert_eq!(
        drawn,
        json!(false),
        "the menu's controls drawn before it was opened"
    );
    open_menu(c).await;
    assert_eq!(fetched(c).await.len(), before, "fetched on the clicks");
    browser.close().await;
}

#[tokio::test]
async fn a_page_whose_code_cannot_download_says_so_and_reload_recovers() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    // The Wi-Fi gone for these files (or a deploy that removed them).
    block(
        &browser,
        &["*split_page_activity.wasm", "*split_header_menu.wasm"],
    )
    .await;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[20]").await;
    click_nav(c, "Activity").await;
    wait_for(
        c,
        "//*[@role='alert'][contains(., 'This page could not be opened')]",
    )
    .await;
    let url = c.current_url().await.unwrap();
    assert!(
        url.path().ends_with("/activity"),
        "the address moved: {url}"
    );
    // The menu says so in its place.
    click(c, "//button[@id='menu-button']").await;
    wait_for(
        c,
        "//*[@id='header-menu']//*[@role='alert'][contains(., 'could not be shown')]",
    )
    .await;
    click(c, "//button[@id='menu-button']").await;
    // The app lives on: the rest of it still works.
    let trap = browser.trap_in_console().await;
    assert!(trap.is_none(), "a panic or trap: {trap:?}");
    click_nav(c, "New pet").await;
    wait_for(c, "//h1[normalize-space()='New pet']").await;
    c.back().await.unwrap();
    wait_for(
        c,
        "//*[@role='alert'][contains(., 'This page could not be opened')]",
    )
    .await;

    // Back online: Reload opens the page.
    block(&browser, &[]).await;
    c.find(Locator::XPath("//main//button[normalize-space()='Reload']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(c, "//h1[normalize-space()='Activity']").await;
    browser.close().await;
}

#[tokio::test]
async fn the_list_stands_without_its_live_code() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    // The live list's code (the age line, what changed, the refresh timer) cannot download.
    block(&browser, &["*split_live.wasm"]).await;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[20]").await;
    // Another filter is read and shown (its read asks for that code too, and goes on
    // without it).
    c.find(Locator::Id("status-filter"))
        .await
        .unwrap()
        .select_by_value("sold")
        .await
        .unwrap();
    wait_for(c, "//table//tbody/tr[1]/td[4][normalize-space()='sold']").await;
    let shown: Value = c
        .execute(
            "return [document.querySelectorAll('table tbody tr').length,
                     [...document.querySelectorAll('table tbody tr td:nth-child(4)')]
                       .every((td) => td.textContent.trim() === 'sold'),
                     document.querySelectorAll('[role=alert]').length,
                     document.querySelectorAll('.freshness').length];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(shown[1], json!(true), "{shown}");
    assert_eq!(shown[2], json!(0), "no alert: {shown}");
    assert_eq!(shown[3], json!(0), "no age line without its code: {shown}");
    assert!(shown[0].as_u64().unwrap_or_default() > 0, "{shown}");
    let trap = browser.trap_in_console().await;
    assert!(trap.is_none(), "a panic or trap: {trap:?}");
    browser.close().await;
}

#[tokio::test]
async fn the_idle_guard_follows_the_first_screen_and_signs_out_everywhere() {
    let (service, config) = start_service().await;
    // 3 seconds without input; the warning comes half-way.
    let site = serve_release(&service, with_idle(&config, 0.05)).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[20]").await;
    // Its code comes after the first screen's, not with it.
    let files = fetched(c).await;
    let end = |file: &str| files.iter().find(|(name, ..)| name == file).map(|f| f.2);
    let start = |file: &str| files.iter().find(|(name, ..)| name == file).map(|f| f.1);
    let main_done = end("main_bg.wasm").expect("the main wasm was fetched");
    if let Some(guard) = start(IDLE_GUARD) {
        assert!(
            guard >= main_done,
            "the guard's code started before the main wasm ended"
        );
    }
    wait_for(
        c,
        "//*[@role='alert'][contains(., 'signs out everywhere in')]",
    )
    .await;
    // Nothing touched: the tab signs out everywhere, and the sign-in form asks for a key.
    wait_for(c, "//*[@role='dialog']//input[@type='password']").await;
    let kept: Value = c
        .execute("return Object.keys(sessionStorage).sort();", vec![])
        .await
        .unwrap();
    assert!(
        !kept.to_string().contains("api-key"),
        "a key was left behind: {kept}"
    );
    let trap = browser.trap_in_console().await;
    assert!(trap.is_none(), "a panic or trap: {trap:?}");
    browser.close().await;
}

#[tokio::test]
async fn an_idle_guard_whose_code_cannot_download_says_so() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, with_idle(&config, 5.0)).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    block(&browser, &[&format!("*{IDLE_GUARD}")]).await;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[20]").await;
    // The manager is told the tab will not sign out by itself, and the list stands.
    wait_for(
        c,
        "//*[@role='alert'][contains(., 'will not sign out everywhere by itself')]",
    )
    .await;
    wait_for(c, "//table//tbody/tr[20]").await;
    let trap = browser.trap_in_console().await;
    assert!(trap.is_none(), "a panic or trap: {trap:?}");
    browser.close().await;
}

#[tokio::test]
async fn a_first_visit_whose_sign_in_form_cannot_download_says_so() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    block(&browser, &[&format!("*{SIGN_IN}")]).await;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(
        c,
        "//*[@role='alert'][contains(., 'The sign-in form could not be opened')]",
    )
    .await;
    // Reload brings the form (from the service worker, whose install was not blocked, or the
    // site, the file back).
    block(&browser, &[]).await;
    c.find(Locator::XPath("//button[normalize-space()='Reload']"))
        .await
        .expect("Reload")
        .click()
        .await
        .expect("click Reload");
    wait_for(c, "//*[@role='dialog']//input[@type='password']").await;
    let trap = browser.trap_in_console().await;
    assert!(trap.is_none(), "a panic or trap: {trap:?}");
    browser.close().await;
}
