//! The hold before an added pet is sent (`undoSeconds`), on the release build in headless
//! Chromium, where a browser test cannot go: the browser's leave warning while a pet is held,
//! a real reload during the hold (nothing sent; the next visit says so, with the draft), and
//! the network cut during the hold (nothing sent when its time is up; the page says so and
//! keeps the draft). The service's own record counts what it received.

use std::time::Duration;

use fantoccini::Client;
use petstore_dev_service::control::MAIN;
use petstore_dev_service::Config;
use petstore_e2e::words::{says, type_in, Words};
use petstore_e2e::{
    click, serve_release, start_service_with_registry, wait_for, with_undo, Browser,
};
use serde_json::json;

/// Whether the page cancels a `beforeunload`, which is how it asks the browser to warn.
async fn warns_before_leaving(c: &Client) -> bool {
    c.execute(
        "const e = new Event('beforeunload', { cancelable: true });
         dispatchEvent(e);
         return e.defaultPrevented;",
        vec![],
    )
    .await
    .ok()
        == Some(json!(true))
}

/// Presses Add pet and waits until the pet is held.
async fn add_and_hold(c: &Client) {
    click(c, "//button[normalize-space()='Add pet']").await;
    wait_for(c, "//section[contains(@class, 'held')]").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_held_pet_warns_before_the_tab_goes_and_neither_a_reload_nor_the_network_sends_it() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let posts = || {
        production
            .log()
            .iter()
            .filter(|s| s.method == "POST")
            .count()
    };
    // Long enough for the steps below to reach it, under load too.
    let site = serve_release(&service, with_undo(&config, 5.0)).await;
    let en = Words::of("en");
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets/new?env=production"))
        .await
        .expect("open the form");
    wait_for(c, "//input[@id='pet-name']").await;
    assert!(
        !warns_before_leaving(c).await,
        "no warning with nothing held"
    );
    type_in(c, "pet-name", "Biscuit").await;
    type_in(c, "pet-category", "4").await;
    add_and_hold(c).await;
    assert!(
        warns_before_leaving(c).await,
        "the leave warning while held"
    );

    // A reload during the hold: the browser asks first (accepted here), nothing is sent, and
    // the next visit says so, with the draft.
    if c.refresh().await.is_err() {
        c.accept_alert().await.expect("leave the page");
    }
    let said = en.fill(
        "unsent_tab_closed",
        &[("name", "Biscuit"), ("environment", "Production")],
    );
    says(c, "[role=alert]", &said).await;
    wait_for(c, "//input[@id='pet-name']").await;
    let name = c
        .execute("return document.getElementById('pet-name').value;", vec![])
        .await
        .expect("the name");
    assert_eq!(name, json!("Biscuit"), "the draft is ready");
    // Well past the hold's time: only a check that nothing happens needs the wait.
    tokio::time::sleep(Duration::from_millis(5500)).await;
    assert_eq!(posts(), 0, "a reload sends nothing");

    // The network cut during the hold: nothing sent when its time is up; said, draft kept.
    click(c, "//button[normalize-space()='Dismiss']").await;
    add_and_hold(c).await;
    let offline =
        json!({ "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 });
    browser
        .cdp("Network.emulateNetworkConditions", offline)
        .await;
    let said = en.fill(
        "unsent_offline",
        &[("name", "Biscuit"), ("environment", "Production")],
    );
    says(c, "[role=alert]", &said).await;
    assert!(
        !warns_before_leaving(c).await,
        "no warning once nothing is held"
    );
    let name = c
        .execute("return document.getElementById('pet-name').value;", vec![])
        .await
        .expect("the name");
    assert_eq!(name, json!("Biscuit"), "the draft is kept");
    assert_eq!(posts(), 0, "nothing sent offline");
    browser.close().await;
}
