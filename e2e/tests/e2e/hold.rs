//! The hold before an added pet is sent (`undoSeconds`), on the release build in headless
//! Chromium, where a browser test cannot go: the browser's leave warning while a pet is held,
//! a real reload during the hold (nothing sent; the next visit says so, with the draft), the
//! network cut during the hold (nothing sent when its time is up; the page says so and keeps
//! the draft), and a tab duplicated during the hold (it leaves the pet to the first, never
//! saying it was not added, and asks before adding it again: the record of sent pets is the
//! device's). The service's own record counts what it received.

use std::time::Duration;

use fantoccini::Client;
use petstore_dev_service::control::MAIN;
use petstore_dev_service::handlers::Deployment;
use petstore_dev_service::Config;
use petstore_e2e::look::wait_js;
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

/// The POSTs `deployment` received.
fn posts_to(deployment: &Deployment) -> usize {
    deployment
        .log()
        .iter()
        .filter(|s| s.method == "POST")
        .count()
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
    let posts = || posts_to(&production);
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
    // The page that held it is gone (the reload), and the new page has swept its held entry
    // from the device's record of sent pets: nothing is left anywhere that could send it.
    wait_js(
        c,
        "the held pet gone from the record",
        "const record = JSON.parse(localStorage.getItem('petstore-admin.sent.production') || '[]');
         return record.every((e) => typeof e.state !== 'object' || !('held' in e.state));",
    )
    .await;
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

#[tokio::test(flavor = "multi_thread")]
async fn a_tab_duplicated_during_the_hold_leaves_the_pet_to_the_first() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let posts = || posts_to(&production);
    let site = serve_release(&service, with_undo(&config, 60.0)).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    let form = format!("{site}pets/new?env=production");
    c.goto(&form).await.expect("open the form");
    wait_for(c, "//input[@id='pet-name']").await;
    type_in(c, "pet-name", "Pepper").await;
    type_in(c, "pet-category", "4").await;
    add_and_hold(c).await;
    let first = c.window().await.expect("the first tab");

    // Duplicated: a second tab with a copy of the first's sessionStorage (the held pet's
    // marker, the draft, the key), as the browser's Duplicate makes it.
    let stored = c
        .execute(
            "return JSON.stringify(Object.fromEntries(Object.entries(sessionStorage)));",
            vec![],
        )
        .await
        .expect("the first tab's storage");
    let second = c.new_window(true).await.expect("a second tab");
    c.switch_to_window(second.handle.clone())
        .await
        .expect("to the second tab");
    c.goto(&form).await.expect("open the form there");
    c.execute(
        "sessionStorage.clear();
         for (const [key, value] of Object.entries(JSON.parse(arguments[0])))
           sessionStorage.setItem(key, value);",
        vec![stored],
    )
    .await
    .expect("copy the storage");
    c.refresh().await.expect("start the copy");
    // The copy starts with the draft, as a duplicate does; it never says the pet was not
    // added, which would invite adding it twice: the first tab still holds it.
    wait_js(
        c,
        "the draft in the copy",
        "return document.getElementById('pet-name')?.value === 'Pepper';",
    )
    .await;
    let never = "return [...document.querySelectorAll('[role=alert]')]
                   .some((a) => a.textContent.includes('was not added'));";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    while tokio::time::Instant::now() < deadline {
        let said = c.execute(never, vec![]).await.expect("read the alerts");
        assert_eq!(said, json!(false), "the copy says the pet was not added");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Add pet in the copy asks first: the record of sent pets, the device's, holds the first
    // tab's pet. Nothing is sent.
    click(c, "//button[normalize-space()='Add pet']").await;
    let asked = |said: &'static str| {
        format!(
            "return [...document.querySelectorAll('[role=alert]')]
               .some((a) => a.textContent.includes({said:?}));"
        )
    };
    wait_js(
        c,
        "the copy asks about the held pet",
        &asked("is waiting to be added to Production on this device"),
    )
    .await;
    assert_eq!(posts(), 0, "the copy sent nothing");

    // The first tab sends it, once; the copy then asks about the pet added.
    c.switch_to_window(first)
        .await
        .expect("back to the first tab");
    click(c, "//button[normalize-space()='Send now']").await;
    wait_js(
        c,
        "the first tab's pet added",
        "return document.body.textContent.includes('Pet added.');",
    )
    .await;
    c.switch_to_window(second.handle.clone())
        .await
        .expect("to the copy again");
    click(c, "//button[normalize-space()='Add pet']").await;
    wait_js(
        c,
        "the copy asks about the pet added",
        &asked("was added to Production at"),
    )
    .await;
    assert_eq!(posts(), 1, "sent once, by the first tab");
    browser.close().await;
}
