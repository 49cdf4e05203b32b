//! Kept answers belong to the key that read them, on the release build and its service worker
//! in headless Chromium (the network cut for the page and the worker, as in `offline.rs`):
//! a made-up key offline sees no pet and is told why, what was typed stays, and once the
//! network is back the page reads again by itself and meets the sign-in form; the key that
//! read the list, in a fresh tab, still sees it kept; a key the service refuses loses what it
//! kept; and Cache Storage never holds the key.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_dev_service::control::MAIN;
use petstore_dev_service::Config;
use petstore_e2e::worker::{deploy, go_offline, go_online, site_folder, until, worker_active};
use petstore_e2e::{
    csp, root_dist, serve_site_with, start_service_with_registry, wait_for, Browser, SiteLog,
};
use serde_json::Value;

const KEY: &str = "dev-production-key";
const MADE_UP: &str = "intruder-key-0000";
const DRAFT: &str = r#"{"name":"Half typed","category_id":"4","status":""}"#;

/// Everything in Cache Storage (the build's files and the kept answers): each entry's cache,
/// address, body (but a wasm file's) and headers.
async fn kept_entries(c: &Client) -> Vec<Value> {
    let found = until(
        c,
        "read Cache Storage",
        "const done = arguments[0];
         (async () => {
           const out = [];
           for (const name of await caches.keys()) {
             const cache = await caches.open(name);
             for (const request of await cache.keys()) {
               const answer = await cache.match(request);
               const text = answer.headers.get('Content-Type')?.startsWith('application/wasm')
                 ? '' : await answer.text();
               out.push({ cache: name, url: request.url, body: text,
                          headers: [...answer.headers].join('; ') });
             }
           }
           return out;
         })().then(done, (e) => done(String(e)));",
    )
    .await;
    found.as_array().cloned().expect("a list of kept answers")
}

/// Reloads the page as a fresh tab would open it, with only `key` for production (and the
/// add form's draft where `draft`).
async fn fresh_tab(c: &Client, key: &str, draft: bool) {
    c.execute(
        "sessionStorage.clear();
         sessionStorage.setItem('petstore-admin.api-key.production', arguments[0]);
         if (arguments[1]) sessionStorage.setItem('petstore-admin.new-pet-draft.production', arguments[2]);",
        vec![key.into(), draft.into(), DRAFT.into()],
    )
    .await
    .unwrap();
    c.refresh().await.unwrap();
}

/// The kept answers alone (the `petstore-api-` caches).
async fn kept_answers(c: &Client) -> Vec<Value> {
    kept_entries(c)
        .await
        .into_iter()
        .filter(|e| {
            e["cache"]
                .as_str()
                .is_some_and(|n| n.starts_with("petstore-api-"))
        })
        .collect()
}

async fn row_count(c: &Client) -> usize {
    c.find_all(Locator::XPath("//table//tbody/tr"))
        .await
        .unwrap()
        .len()
}

#[tokio::test]
async fn kept_pets_are_shown_only_to_the_key_that_read_them() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let folder = site_folder("offline-keys");
    deploy(&root_dist(), &folder);
    let log = SiteLog::default();
    let site = serve_site_with(&folder, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.unwrap();
    worker_active(c).await;
    // The worker's from here on: this read is kept, under the key's digest.
    fresh_tab(c, KEY, false).await;
    wait_for(c, "//table//tbody/tr[3]").await;
    let rows_online = row_count(c).await;
    let everything = kept_entries(c).await;
    for entry in &everything {
        let text = entry.to_string();
        assert!(!text.contains(KEY), "the key is in Cache Storage: {text}");
    }
    let kept = kept_answers(c).await;
    assert!(!kept.is_empty(), "nothing kept");
    for entry in &kept {
        let url = entry["url"].as_str().unwrap();
        let digest = url.split("petstore-kept-for=").nth(1).unwrap_or_default();
        assert!(
            digest.len() == 64 && digest.bytes().all(|b| b.is_ascii_hexdigit()),
            "not filed under a digest: {url}"
        );
    }

    // Offline, a made-up key of the right form in a fresh tab: no pet, and the reason.
    let offline = go_offline(&browser, &log).await;
    fresh_tab(c, MADE_UP, true).await;
    wait_for(
        c,
        "//*[@role='alert'][contains(., 'This API key cannot be checked until the network is back')]",
    )
    .await;
    assert_eq!(row_count(c).await, 0, "kept pets shown to a made-up key");
    let draft = c
        .execute(
            "return sessionStorage.getItem('petstore-admin.new-pet-draft.production');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(draft.as_str(), Some(DRAFT), "what was typed was lost");

    // The network back, with no reload: the page reads again by itself, and the service
    // refuses the made-up key: the sign-in form, still no pet; the real key's answers stay.
    go_online(&browser, &log, offline).await;
    wait_for(c, "//*[@role='dialog']").await;
    assert_eq!(row_count(c).await, 0);
    assert!(
        !kept_answers(c).await.is_empty(),
        "another key's refusal forgot this key's answers"
    );

    // The key that read the list, in a fresh tab, offline again: the kept list, marked.
    let offline = go_offline(&browser, &log).await;
    fresh_tab(c, KEY, false).await;
    wait_for(
        c,
        "//*[@role='status'][contains(., 'Offline — Production as it was at')]",
    )
    .await;
    assert_eq!(row_count(c).await, rows_online);
    go_online(&browser, &log, offline).await;

    // The real key rotated by the service: its refusal forgets what it kept.
    production.set_key("rotated-production-key".into());
    fresh_tab(c, KEY, false).await;
    wait_for(c, "//*[@role='dialog']").await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while !kept_answers(c).await.is_empty() {
        assert!(Instant::now() < deadline, "a refused key's answers stayed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let writes = production
        .log()
        .into_iter()
        .filter(|e| e.method != "GET")
        .count();
    assert_eq!(writes, 0, "the service saw writes");
    assert_eq!(browser.trap_in_console().await, None, "the app stopped");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
}
