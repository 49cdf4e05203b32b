//! The release build in Firefox and in Safari's engine (WebKitGTK), with the strict
//! Content-Security-Policy, over WebDriver: sign in, the list with an id above 2^53 exact, a
//! status filter, a pet's page (a lazy page's code) and back to the list as it was left, a pet
//! added through the form, the activity naming it, and the environment switched.
//! (Chromium runs everything else; `docs/testing.md` says which parts run where.)

use std::time::Duration;

use fantoccini::{Client, Locator};
use petstore_e2e::engines::Engine;
use petstore_e2e::look::{click_button, form_field, sign_in};
use petstore_e2e::{click, click_nav, serve_release, start_service, wait_for, Browser};

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

/// Chooses `value` in the `<select>` with the id `id`.
async fn choose(c: &Client, id: &str, value: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("choose {value} in #{id}: {e}"));
}

async fn walk(engine: Engine) {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start_engine(engine).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    sign_in(c, "dev-production-key").await;
    // The default 20 rows, the third with its id exact (a JavaScript number would round it).
    wait_for(c, "//table//tbody/tr[20]").await;
    wait_for(c, "//table//tbody//a[normalize-space()='9007199254740993']").await;

    choose(c, "status-filter", "sold").await;
    all_rows_are(c, "sold", "the filter chosen").await;
    let address = c.current_url().await.expect("the address");
    assert!(address.as_str().contains("status=sold"), "{address}");

    click(c, "//table//tbody//a[normalize-space()='Nemo']").await;
    wait_for(
        c,
        "//*[contains(@class,'pet-details')]//*[normalize-space()='Nemo']",
    )
    .await;
    // Shown at once from the list's row, then drawn again once read: Back is pressed on the
    // page as read (a click on the link being replaced would be lost).
    wait_for(c, "//*[starts-with(normalize-space(),'Read at')]").await;
    click(c, "//a[normalize-space()='Back to the list']").await;
    all_rows_are(c, "sold", "back on the list").await;

    // Add a pet (the form is a lazy page too): its page says so, with the id the service gave.
    click_nav(c, "New pet").await;
    for (id, text) in [("pet-name", "Safari Sam"), ("pet-category", "7")] {
        form_field(c, id).await.send_keys(text).await.expect("type");
    }
    choose(c, "pet-status", "available").await;
    click_button(c, "Add pet").await;
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
    choose(c, "environment", "staging").await;
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
