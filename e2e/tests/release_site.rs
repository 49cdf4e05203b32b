//! The release build, served over HTTP as a CDN would, renders in headless Chromium with no
//! error in the console. The browser suites run debug builds, so only this catches a release
//! build broken by the optimiser (as Debian's wasm-opt 108 does).

use std::time::Duration;

use fantoccini::Locator;
use petstore_e2e::{dist_dir, serve_site, Browser};

const APP_HEADING: &str = "//h1[normalize-space()='Pet Store Admin']";

#[tokio::test]
async fn release_build_renders_with_a_clean_console() {
    let site = serve_site(&dist_dir()).await;
    let browser = Browser::start().await;
    let c = &browser.client;

    c.goto(&site).await.unwrap();
    // index.html has an empty body: the heading exists only once the wasm app has run.
    c.wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::XPath(APP_HEADING))
        .await
        .expect("the release app renders its heading");

    // A deep link is answered with index.html by the fallback rule, and the app starts there.
    c.goto(&format!("{site}/pets/1")).await.unwrap();
    c.wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::XPath(APP_HEADING))
        .await
        .expect("the app renders on a deep link");

    let log = browser.console_log().await;
    let errors: Vec<_> = log.iter().filter(|e| e["level"] == "SEVERE").collect();
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    browser.close().await;
}
