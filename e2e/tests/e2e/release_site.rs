//! The release build as a CDN serves it: at the root and under a sub-path, with the SPA
//! fallback rule and a strict Content-Security-Policy, in headless Chromium over WebDriver.
//! The browser suites run debug builds, so only these catch a release build broken by the
//! optimiser (as Debian's wasm-opt 108 does) or by the policy.

use std::time::Duration;

use fantoccini::{Client, Locator};
use petstore_dev_service::control::{LogEntry, MAIN};
use petstore_dev_service::Config;
use petstore_e2e::{
    click, csp, dist_dir, serve_release, serve_site, start_service, start_service_with_registry,
    wait_for, Browser,
};
use serde_json::json;

/// The form control labelled `label`, found the way a person finds it.
fn labelled(label: &str) -> String {
    format!("//*[@id=//label[normalize-space()='{label}']/@for]")
}

fn button(name: &str) -> String {
    format!("//button[normalize-space()='{name}']")
}

async fn type_into(c: &Client, label: &str, text: &str) {
    let field = c.find(Locator::XPath(&labelled(label))).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(text).await.unwrap();
}

async fn choose(c: &Client, label: &str, value: &str) {
    let select = c.find(Locator::XPath(&labelled(label))).await.unwrap();
    select.select_by_value(value).await.unwrap();
}

async fn row_count(c: &Client) -> usize {
    c.find_all(Locator::XPath("//table//tbody/tr"))
        .await
        .unwrap()
        .len()
}

/// Signs in, lists, filters, adds a pet, views it, and opens deep links directly and after a
/// reload, on the site at `site`; then checks the console for errors and CSP violations.
async fn use_the_site(browser: &Browser, site: &str) {
    let c = &browser.client;
    // index.html holds only the start frame: everything below exists only once the wasm app runs.
    c.goto(site).await.unwrap();
    wait_for(c, &labelled("API key")).await;
    type_into(c, "API key", "dev-production-key").await;
    click(c, &button("Sign in")).await;
    wait_for(c, "//table//tbody/tr[20]").await;
    assert_eq!(row_count(c).await, 20);
    let url = c.current_url().await.unwrap();
    assert_eq!(url.as_str(), format!("{site}pets?env=production"));

    choose(c, "Status", "sold").await;
    wait_for(
        c,
        "//table//tbody[count(tr) < 20][not(tr/td[4][. != 'sold'])]",
    )
    .await;
    assert!(c
        .current_url()
        .await
        .unwrap()
        .as_str()
        .contains("status=sold"));

    click(c, "//nav//a[normalize-space()='New pet']").await;
    wait_for(c, &labelled("Name")).await;
    type_into(c, "Name", "Released").await;
    type_into(c, "Category ID", "12").await;
    choose(c, "Status", "pending").await;
    click(c, &button("Add pet")).await;
    wait_for(c, "//*[@role='status'][normalize-space()='Pet added.']").await;
    wait_for(c, "//h1[normalize-space()='Released']").await;
    let pet_url = c.current_url().await.unwrap();
    assert!(
        pet_url.as_str().starts_with(&format!("{site}pets/")),
        "{pet_url}"
    );

    // Deep links are answered with index.html by the fallback rule; the key stays in the tab.
    c.goto(&format!("{site}pets/9007199254740993?env=production"))
        .await
        .unwrap();
    wait_for(c, "//h1[normalize-space()='Big Id Barney']").await;
    wait_for(c, "//dd[normalize-space()='9007199254740993']").await;
    c.refresh().await.unwrap();
    wait_for(c, "//h1[normalize-space()='Big Id Barney']").await;
    c.goto(pet_url.as_str()).await.unwrap();
    wait_for(c, "//h1[normalize-space()='Released']").await;

    let log = browser.console_log().await;
    let errors: Vec<_> = log.iter().filter(|e| e["level"] == "SEVERE").collect();
    assert!(
        errors.is_empty(),
        "console errors or CSP violations: {errors:#?}"
    );
}

/// Serves the build in `$var` (else `default`) under `prefix` with the strict policy, and uses it.
async fn check_build(var: &str, default: &str, prefix: &str) {
    let (service, config) = start_service().await;
    let site = serve_site(&dist_dir(var, default), prefix, config, &csp(&service)).await;
    let browser = Browser::start().await;
    use_the_site(&browser, &site).await;
    browser.close().await;
}

#[tokio::test]
async fn at_the_site_root_under_a_strict_csp() {
    check_build("PETSTORE_DIST", "target/dist-root", "/").await;
}

#[tokio::test]
async fn under_a_sub_path_under_a_strict_csp() {
    check_build("PETSTORE_DIST_ADMIN", "target/dist-admin", "/admin/").await;
}

/// The GETs of the list that production's log holds after the first `from` entries.
fn list_gets(log: &[LogEntry], from: usize) -> Vec<String> {
    log.iter()
        .skip(from)
        .filter(|e| e.method == "GET" && e.path.starts_with("/production/v1/pets?"))
        .map(|e| e.path.clone())
        .collect()
}

#[tokio::test]
async fn the_list_request_starts_before_the_wasm_and_is_sent_once() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").unwrap();
    let staging = registry.deployment(MAIN, "staging").unwrap();
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&site).await.unwrap();
    wait_for(c, &labelled("API key")).await;
    type_into(c, "API key", "dev-production-key").await;
    click(c, &button("Sign in")).await;
    wait_for(c, "//table//tbody/tr[20]").await;

    // With the wasm blocked, only the start-up script can send the list request.
    browser.cdp("Network.enable", json!({})).await;
    browser
        .cdp("Network.setBlockedURLs", json!({ "urls": ["*.wasm"] }))
        .await;
    let from = production.log().len();
    c.goto(&format!("{site}pets?env=production&limit=7"))
        .await
        .unwrap();
    let mut sent = Vec::new();
    for _ in 0..100 {
        sent = list_gets(&production.log(), from);
        if !sent.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(
        sent,
        ["/production/v1/pets?limit=7"],
        "sent before the wasm ran"
    );
    browser
        .cdp("Network.setBlockedURLs", json!({ "urls": [] }))
        .await;

    // The app adopts it: each list page load sends its request once, whatever the filters.
    for (query, path, rows) in [
        ("env=production&limit=100", "limit=100", 24),
        ("env=production", "limit=20", 20),
        (
            "env=production&status=sold&limit=2",
            "limit=2&status=sold",
            2,
        ),
    ] {
        let from = production.log().len();
        c.goto(&format!("{site}pets?{query}")).await.unwrap();
        wait_for(c, &format!("//table//tbody[count(tr) = {rows}]")).await;
        // Answered and shown: a second request would have been sent by now.
        assert_eq!(
            list_gets(&production.log(), from),
            [format!("/production/v1/pets?{path}")],
            "{query}"
        );
        assert_eq!(
            production.log().len(),
            from + 1,
            "{query}: nothing else sent"
        );
    }

    // No key for staging: nothing is sent there, and the sign-in form asks for one.
    let before = staging.log().len();
    c.goto(&format!("{site}pets?env=staging")).await.unwrap();
    wait_for(c, &labelled("API key")).await;
    assert_eq!(staging.log().len(), before);
    browser.close().await;
}

#[tokio::test]
async fn a_slow_list_does_not_hold_back_the_page() {
    // The start-up script holds the page back for the early list answer, 250 ms at most: with
    // an answer seconds away, the page shows first, saying it is loading, and the rows follow.
    let (service, config, registry) = start_service_with_registry(Config {
        latency: Duration::from_secs(5),
        ..Config::default()
    })
    .await;
    let production = registry.deployment(MAIN, "production").unwrap();
    let site = serve_release(&service, config).await;
    // Signed in, as in a tab that already was (signing in would wait for the service too).
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    let from = production.log().len();
    c.goto(&format!("{site}pets?env=production&limit=5"))
        .await
        .unwrap();
    wait_for(c, "//*[@role='status'][normalize-space()='Loading pets…']").await;
    assert_eq!(row_count(c).await, 0, "the page waited for the rows");
    wait_for(c, "//table//tbody[count(tr) = 5]").await;
    assert_eq!(
        list_gets(&production.log(), from),
        ["/production/v1/pets?limit=5"],
        "the early request, adopted"
    );
    browser.close().await;
}
