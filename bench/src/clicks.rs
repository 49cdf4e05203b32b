//! How long a click on a header link takes to show a page whose code is downloaded on first use
//! (the add form, the Store page): the
//! first click before that code was fetched, the first click once the list had been idle for
//! 2 s (its code prefetched), and a second click.

use std::time::Duration;

use petstore_e2e::Browser;
use serde_json::{json, Value};

/// One run's figures, each from the click to the page's heading in the DOM.
pub struct Clicks {
    /// Right after the list showed: the page's code is fetched on the click.
    pub cold_ms: f64,
    /// Whether the code was indeed not there yet at that click (else prefetched already).
    pub cold_was_cold: bool,
    /// After 2 s of idle: the code was prefetched.
    pub prefetched_ms: f64,
    /// The same page again, after going back to the list.
    pub second_ms: f64,
}

const KEY: &str =
    r#"sessionStorage.setItem("petstore-admin.api-key.production", "dev-production-key");"#;

/// Clicks the navigation link named `arguments[0]` and answers with the milliseconds until the
/// page's heading reads `arguments[1]`.
const CLICK: &str = r#"
const [name, heading, done] = arguments;
const link = [...document.querySelectorAll("nav a")].find((a) => a.textContent.trim() === name);
const ready = () => {
  const h = document.querySelector("main h1");
  return h && h.textContent.trim() === heading;
};
const t0 = performance.now();
const observer = new MutationObserver(() => {
  if (ready()) { observer.disconnect(); done(performance.now() - t0); }
});
observer.observe(document.body, { childList: true, subtree: true, characterData: true });
link.click();
"#;

/// Whether the file named `arguments[0]` has been fetched by this document.
const FETCHED: &str = r#"
return performance.getEntriesByType("resource").some((e) => e.name.endsWith("/" + arguments[0]));
"#;

/// Whether the file named `arguments[0]` has been fetched, or the build is not split.
const PREFETCHED: &str = r#"
const names = performance.getEntriesByType("resource").map((e) => e.name);
return names.some((n) => n.endsWith("/" + arguments[0]))
  || !names.some((n) => n.endsWith("/main_bg.wasm"));
"#;

async fn wait_until(c: &fantoccini::Client, script: &str, args: Vec<Value>, what: &str) {
    for _ in 0..1500 {
        let v = c.execute(script, args.clone()).await.expect("run a script");
        if v.as_bool() == Some(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{what} did not happen in 30 s");
}

async fn click(c: &fantoccini::Client, link: &str, heading: &str) -> f64 {
    let v = c
        .execute_async(CLICK, vec![json!(link), json!(heading)])
        .await
        .expect("click a link");
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Opens the list at `list_url` in a new browser, signed in, and waits for its rows.
async fn open_list(list_url: &str) -> Browser {
    let browser = Browser::start().await;
    browser
        .cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": KEY }),
        )
        .await;
    browser.client.goto(list_url).await.expect("navigate");
    wait_until(
        &browser.client,
        "return document.querySelectorAll('tbody tr').length > 0",
        vec![],
        "the rows",
    )
    .await;
    browser
}

/// A lazy page as the header links to it: the link's name, the page's heading, its code's file.
pub type LazyLink = (&'static str, &'static str, &'static str);

/// The pages timed: the add form, and the Store page.
pub const PAGES: [LazyLink; 2] = [
    ("New pet", "New pet", "split_page_new.wasm"),
    ("Store", "The store at a glance", "split_page_store.wasm"),
];

/// One run against the app's list at `list_url`, clicking the header's link to `page` (a build
/// without the split is timed the same way, for comparison).
pub async fn run(list_url: &str, page: LazyLink) -> Clicks {
    let (link, heading, file) = page;

    let browser = open_list(list_url).await;
    let c = &browser.client;
    let fetched = c
        .execute(FETCHED, vec![json!(file)])
        .await
        .expect("read resource timing");
    let cold_ms = click(c, link, heading).await;
    browser.close().await;

    let browser = open_list(list_url).await;
    let c = &browser.client;
    // (A build without the split has nothing to prefetch: its page code came with the rest.)
    wait_until(c, PREFETCHED, vec![json!(file)], "the prefetch").await;
    // The scenario itself: a store manager looks at the list for a moment before clicking.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let prefetched_ms = click(c, link, heading).await;
    let rows = c
        .execute_async(
            "const done = arguments[0];
             const t0 = performance.now();
             const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Pets');
             const observer = new MutationObserver(() => {
               if (document.querySelectorAll('tbody tr').length > 0) { observer.disconnect(); done(performance.now() - t0); }
             });
             observer.observe(document.body, { childList: true, subtree: true });
             link.click();",
            vec![],
        )
        .await
        .expect("back to the list");
    assert!(rows.is_number(), "the list came back: {rows}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let second_ms = click(c, link, heading).await;
    browser.close().await;
    Clicks {
        cold_ms,
        cold_was_cold: fetched.as_bool() == Some(false),
        prefetched_ms,
        second_ms,
    }
}
