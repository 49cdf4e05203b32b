//! The release build, served over HTTP as a CDN would, works in headless Chromium with no
//! error in the console. The browser suites run debug builds, so only this catches a release
//! build broken by the optimiser (as Debian's wasm-opt 108 does).

use std::time::Duration;

use fantoccini::{Client, Locator};
use petstore_e2e::{dist_dir, serve_site, start_service, Browser};

const WAIT: Duration = Duration::from_secs(20);

/// The form control labelled `label`, found the way a person finds it.
fn labelled(label: &str) -> String {
    format!("//*[@id=//label[normalize-space()='{label}']/@for]")
}

async fn wait_for(c: &Client, xpath: &str) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::XPath(xpath))
        .await
        .unwrap_or_else(|e| panic!("{xpath} did not appear: {e}"));
}

#[tokio::test]
async fn release_build_signs_in_lists_and_opens_a_deep_link_with_a_clean_console() {
    let site = serve_site(&dist_dir(), start_service().await).await;
    let browser = Browser::start().await;
    let c = &browser.client;

    // index.html has an empty body: everything below exists only once the wasm app runs.
    c.goto(&site).await.unwrap();
    wait_for(c, &labelled("API key")).await;
    c.find(Locator::XPath(&labelled("API key")))
        .await
        .unwrap()
        .send_keys("dev-production-key")
        .await
        .unwrap();
    c.find(Locator::XPath("//button[normalize-space()='Sign in']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(c, "//table//tbody/tr[20]").await;
    let rows = c
        .find_all(Locator::XPath("//table//tbody/tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 20);
    assert!(c
        .current_url()
        .await
        .unwrap()
        .as_str()
        .ends_with("/pets?env=production"));

    // A deep link is answered with index.html by the fallback rule; the key is kept in the tab.
    c.goto(&format!("{site}/pets/9007199254740993?env=production"))
        .await
        .unwrap();
    wait_for(c, "//h1[normalize-space()='Big Id Barney']").await;
    wait_for(c, "//dd[normalize-space()='9007199254740993']").await;
    c.refresh().await.unwrap();
    wait_for(c, "//h1[normalize-space()='Big Id Barney']").await;

    let log = browser.console_log().await;
    let errors: Vec<_> = log.iter().filter(|e| e["level"] == "SEVERE").collect();
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    browser.close().await;
}
