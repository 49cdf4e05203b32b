//! One sign-in for the app's open tabs, in real tabs of headless Chromium over WebDriver: a
//! pet opened in a new tab (as a Ctrl-click or a middle click opens it) shows without asking
//! for the key; Sign out everywhere pressed in the first tab empties a third, which says why;
//! and the key is nowhere that outlives the tabs: not in `localStorage`, IndexedDB or Cache
//! Storage, in any of them.

use fantoccini::{Client, Locator};
use petstore_e2e::look::{click_button, sign_in};
use petstore_e2e::{serve_release, start_service, wait_for, Browser};
use serde_json::Value;

/// Where this tab holds the production key, of the places that outlive a tab (and of its own
/// `sessionStorage`, which does not): their names.
async fn key_found_in(c: &Client) -> Vec<String> {
    let found: Value = c
        .execute_async(
            r#"const done = arguments[0];
               (async () => {
                 const key = "dev-production-key";
                 const found = [];
                 const scan = (store, name) => {
                   for (let i = 0; i < store.length; i++) {
                     const k = store.key(i);
                     if (k.includes(key) || (store.getItem(k) || "").includes(key)) found.push(name);
                   }
                 };
                 scan(localStorage, "localStorage");
                 scan(sessionStorage, "sessionStorage");
                 const dbs = indexedDB.databases ? await indexedDB.databases() : [];
                 for (const db of dbs) found.push("IndexedDB " + db.name);
                 for (const name of await caches.keys()) {
                   const cache = await caches.open(name);
                   for (const request of await cache.keys()) {
                     const response = await cache.match(request);
                     const text = response ? await response.text() : "";
                     if (request.url.includes(key) || text.includes(key)) found.push("Cache Storage " + name);
                   }
                 }
                 return found;
               })().then(done, (e) => done(["error: " + e]));"#,
            vec![],
        )
        .await
        .expect("the scan");
    serde_json::from_value(found).unwrap_or_default()
}

/// Whether the sign-in form is shown in this tab.
async fn asks_for_a_key(c: &Client) -> bool {
    c.find(Locator::Css("[role=dialog]")).await.is_ok()
}

#[tokio::test]
async fn a_new_tab_is_signed_in_by_an_open_one_and_sign_out_everywhere_empties_every_tab() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    sign_in(c, "dev-production-key").await;
    wait_for(c, "//table//tbody/tr[3]").await;
    let first = c.window().await.unwrap();
    let pet = c
        .find(Locator::Css("table tbody tr a"))
        .await
        .expect("a pet's link")
        .prop("href")
        .await
        .unwrap()
        .expect("its address");

    // The pet in a new tab: shown, never the sign-in form.
    let second = c.new_window(true).await.unwrap();
    c.switch_to_window(second.handle.clone()).await.unwrap();
    c.goto(&pet).await.unwrap();
    wait_for(c, "//dl[contains(@class, 'pet-details')]").await;
    assert!(!asks_for_a_key(c).await, "the new tab asked for the key");

    // A third tab, the list.
    let third = c.new_window(true).await.unwrap();
    c.switch_to_window(third.handle.clone()).await.unwrap();
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    wait_for(c, "//table//tbody/tr[3]").await;
    assert!(!asks_for_a_key(c).await, "the third tab asked for the key");

    // Sign out everywhere in the first: every tab is emptied, and says why.
    c.switch_to_window(first).await.unwrap();
    click_button(c, "Sign out everywhere").await;
    click_button(c, "Forget everything").await;
    wait_for(c, "//*[@role='dialog']").await;
    for tab in [third.handle, second.handle] {
        c.switch_to_window(tab).await.unwrap();
        wait_for(
            c,
            "//*[@role='dialog']//*[contains(., 'Sign out everywhere was pressed in another tab')]",
        )
        .await;
        assert_eq!(key_found_in(c).await, Vec::<String>::new());
    }
    assert_eq!(browser.trap_in_console().await, None, "the app stopped");
    browser.close().await;
}

/// The texts of the activity page's entries, newest first.
async fn entries(c: &Client) -> Vec<String> {
    let found = c
        .execute(
            "return Array.from(document.querySelectorAll('table.activity tbody tr'))
               .map((tr) => tr.innerText.replace(/\\s+/g, ' ').trim());",
            vec![],
        )
        .await
        .expect("the entries");
    serde_json::from_value(found).unwrap_or_default()
}

#[tokio::test]
async fn activity_is_the_devices_seen_from_another_tab_and_after_the_first_is_closed() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    // A mistyped number in the first tab: an entry, and not a failure.
    c.goto(&format!("{site}pets/424242?env=production"))
        .await
        .unwrap();
    wait_for(c, "//main//*[@role='alert']").await;
    let first = c.window().await.unwrap();

    // A second tab sees it, naming the tab it was made in.
    let second = c.new_window(true).await.unwrap();
    c.switch_to_window(second.handle.clone()).await.unwrap();
    c.goto(&format!("{site}activity?env=production"))
        .await
        .unwrap();
    let said = "Production has no pet with ID 424242.";
    wait_for(
        c,
        &format!("//table[contains(@class, 'activity')]//tr[contains(., '{said}')]"),
    )
    .await;
    let seen = entries(c).await;
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(
        seen[0].contains("another tab (its first entry at") && !seen[0].contains("Could not read"),
        "{seen:?}"
    );

    // The first tab closed, the second read again: still there; and what this tab does goes
    // in front, as this tab's.
    c.switch_to_window(first).await.unwrap();
    c.close_window().await.unwrap();
    c.switch_to_window(second.handle).await.unwrap();
    c.refresh().await.unwrap();
    wait_for(c, &format!("//tr[contains(., '{said}')]")).await;
    c.goto(&format!("{site}pets/424243?env=production"))
        .await
        .unwrap();
    wait_for(c, "//main//*[@role='alert']").await;
    c.goto(&format!("{site}activity?env=production"))
        .await
        .unwrap();
    wait_for(c, "//tr[contains(., '424243')]").await;
    let seen = entries(c).await;
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert!(
        seen[0].contains("424243") && seen[0].contains("this tab"),
        "{seen:?}"
    );
    assert!(seen[1].contains("424242"), "{seen:?}");
    browser.close().await;
}
