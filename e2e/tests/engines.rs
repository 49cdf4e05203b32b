//! The release build in Firefox and in Safari's engine (WebKitGTK), with the strict
//! Content-Security-Policy, over WebDriver: sign in, the list with an id above 2^53 exact, a
//! status filter, a pet's page (a lazy page's code) and back to the list as it was left, a pet
//! added through the form, the activity naming it, and the environment switched.
//! (Chromium runs everything else; `docs/testing.md` says which parts run where.)

use std::time::Duration;

use fantoccini::{Client, Locator};
use petstore_e2e::engines::Engine;
use petstore_e2e::{click_nav, serve_release, start_service, wait_for, Browser};

/// Waits up to 20 s until every row of the list has `status` (`what` says when).
async fn all_rows_are(c: &Client, status: &str, what: &str) {
    let script = format!(
        "const rows = Array.from(document.querySelectorAll('table.pets tbody tr'));
         return rows.length > 0 && rows.every((r) => r.cells[3].textContent.trim() === '{status}');"
    );
    let mut last = String::new();
    for _ in 0..200 {
        match c.execute(&script, vec![]).await {
            Ok(v) if v.as_bool() == Some(true) => return,
            Ok(v) => last = v.to_string(),
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let page = c
        .execute(
            "return [location.href, document.body.innerText.slice(0, 600)];",
            vec![],
        )
        .await;
    panic!("{what}: the rows never all showed {status} ({last}); the page: {page:?}");
}

async fn walk(engine: Engine) {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start_engine(engine).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    wait_for(c, "//*[@role='dialog']//input").await;
    c.find(Locator::Css("[role=dialog] input"))
        .await
        .expect("the key field")
        .send_keys("dev-production-key")
        .await
        .expect("type the key");
    c.find(Locator::XPath(
        "//*[@role='dialog']//button[normalize-space()='Sign in']",
    ))
    .await
    .expect("Sign in")
    .click()
    .await
    .expect("click Sign in");
    // The default 20 rows, the third with its id exact (a JavaScript number would round it).
    wait_for(c, "//table//tbody/tr[20]").await;
    wait_for(c, "//table//tbody//a[normalize-space()='9007199254740993']").await;

    c.find(Locator::Id("status-filter"))
        .await
        .expect("the Status filter")
        .select_by_value("sold")
        .await
        .expect("choose sold");
    all_rows_are(c, "sold", "the filter chosen").await;
    let address = c.current_url().await.expect("the address");
    assert!(address.as_str().contains("status=sold"), "{address}");

    c.find(Locator::XPath(
        "//table//tbody//a[normalize-space()='Nemo']",
    ))
    .await
    .expect("Nemo's row")
    .click()
    .await
    .expect("open Nemo");
    wait_for(
        c,
        "//*[contains(@class,'pet-details')]//*[normalize-space()='Nemo']",
    )
    .await;
    // Shown at once from the list's row, then drawn again once read: Back is pressed on the
    // page as read (a click on the link being replaced would be lost).
    wait_for(c, "//*[starts-with(normalize-space(),'Read at')]").await;
    c.find(Locator::XPath("//a[normalize-space()='Back to the list']"))
        .await
        .expect("Back to the list")
        .click()
        .await
        .expect("go back to the list");
    all_rows_are(c, "sold", "back on the list").await;

    // Add a pet (the form is a lazy page too): its page says so, with the id the service gave.
    click_nav(c, "New pet").await;
    wait_for(c, "//input[@id='pet-name']").await;
    for (id, text) in [("pet-name", "Safari Sam"), ("pet-category", "7")] {
        c.find(Locator::Id(id))
            .await
            .expect("a field")
            .send_keys(text)
            .await
            .expect("type");
    }
    c.find(Locator::Id("pet-status"))
        .await
        .expect("the status")
        .select_by_value("available")
        .await
        .expect("choose available");
    c.find(Locator::XPath(
        "//form//button[normalize-space()='Add pet']",
    ))
    .await
    .expect("Add pet")
    .click()
    .await
    .expect("press Add pet");
    wait_for(c, "//*[contains(normalize-space(),'Pet added.')]").await;
    wait_for(
        c,
        "//*[contains(@class,'pet-details')]//*[normalize-space()='Safari Sam']",
    )
    .await;

    // The activity names it; staging asks for its own key.
    click_nav(c, "Activity").await;
    wait_for(
        c,
        "//table//td[contains(normalize-space(),'Added “Safari Sam”')]",
    )
    .await;
    c.find(Locator::Id("environment"))
        .await
        .expect("the environment")
        .select_by_value("staging")
        .await
        .expect("choose staging");
    wait_for(
        c,
        "//*[@role='dialog']//*[contains(normalize-space(),'Staging')]",
    )
    .await;
    browser.close().await;
}

#[tokio::test]
async fn in_firefox_sign_in_list_filter_and_a_pet() {
    walk(Engine::Firefox).await;
}

#[tokio::test]
async fn in_webkit_sign_in_list_filter_and_a_pet() {
    walk(Engine::WebKit).await;
}
