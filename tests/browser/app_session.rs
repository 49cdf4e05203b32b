//! The pages in sequence with what the service does meanwhile: a key refused in the middle of
//! any page (counting what is sent after it), signing in again on each page, and pasted keys. Each test has deployments of
//! its own on the dev service (a sandbox), so it can rotate keys and read the request log.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use wasm_bindgen_test::*;

const NEW_KEY: &str = "rotated-production-key";

/// How long a refused key is watched for repeats.
const WATCH_MS: u32 = 1000;

/// Waits for the sign-in form after a refusal, watches a while, and checks the refused key
/// reached production exactly `expected` times in all.
async fn refused_once(sb: &Sandbox, host: &web_sys::Element, expected: usize) {
    wait_until("the sign-in form after the 401", || dialog_shown(host)).await;
    assert!(alerts(host)
        .iter()
        .any(|a| a.contains("did not accept the API key for Production")));
    // Repeats would come within milliseconds (they came hundreds a second): watch a second.
    sb.receives_no_more("production", WATCH_MS, "a repeat of the refused key", |s| {
        s.auth == PROD_KEY && s.status == 401
    })
    .await;
    let log = sb.log("production").await;
    let refused = log
        .iter()
        .filter(|s| s.auth == PROD_KEY && s.status == 401)
        .count();
    assert_eq!(refused, 1, "one request with the refused key: {log:#?}");
    let with_old = log.iter().filter(|s| s.auth == PROD_KEY).count();
    assert_eq!(with_old, expected, "{log:#?}");
}

#[wasm_bindgen_test]
async fn list_a_refused_key_on_a_filter_change_is_sent_once_and_signing_in_continues() {
    let sb = Sandbox::new("list-filter-401");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("20 rows", || rows(host).len() == 20).await;

    sb.rotate_key("production", NEW_KEY).await;
    choose(&select(host, "Status").await, "sold").await;
    refused_once(&sb, host, 2).await;

    sign_in(host, NEW_KEY).await;
    wait_until("sold rows with the new key", || {
        let rows = rows(host);
        !rows.is_empty() && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
    assert!(!dialog_shown(host));
    assert!(address().contains("status=sold"), "the filter is kept");
    assert_eq!(sb.count_with_key("production", NEW_KEY).await, 1);
}

#[wasm_bindgen_test]
async fn list_a_refused_key_after_a_reload_is_sent_once() {
    let sb = Sandbox::new("list-reload-401");
    let app = open_with("/pets?env=production&limit=5", &sb.config()).await;
    sign_in(&app.host, PROD_KEY).await;
    wait_until("5 rows", || rows(&app.host).len() == 5).await;
    drop(app);

    sb.rotate_key("production", NEW_KEY).await;
    let again = reopen_with(&sb.config()).await;
    let host = &again.host;
    refused_once(&sb, host, 2).await;
    sign_in(host, NEW_KEY).await;
    wait_until("the rows again", || rows(host).len() == 5).await;
}

#[wasm_bindgen_test]
async fn view_a_refused_key_after_a_reload_is_sent_once_and_signing_in_shows_the_pet() {
    let sb = Sandbox::new("view-401");
    let app = open_with("/pets/9007199254740993?env=production", &sb.config()).await;
    sign_in(&app.host, PROD_KEY).await;
    wait_until("the pet", || page_text(&app.host).contains("Big Id Barney")).await;
    drop(app);

    sb.rotate_key("production", NEW_KEY).await;
    let again = reopen_with(&sb.config()).await;
    let host = &again.host;
    refused_once(&sb, host, 2).await;
    sign_in(host, NEW_KEY).await;
    wait_until("the pet again", || {
        page_text(host).contains("Big Id Barney")
    })
    .await;
    assert_eq!(sb.count_with_key("production", NEW_KEY).await, 1);
}

#[wasm_bindgen_test]
async fn add_a_refused_key_keeps_the_draft_and_signing_in_lets_one_pet_be_added() {
    let sb = Sandbox::new("add-401");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, "Rotated Rosie").await;
    type_into(&input(host, "Category ID").await, "3").await;
    sb.rotate_key("production", NEW_KEY).await;
    click(&button(host, "Add pet").unwrap()).await;
    refused_once(&sb, host, 1).await;

    sign_in(host, NEW_KEY).await;
    wait_until("the form again", || !dialog_shown(host)).await;
    assert_eq!(input(host, "Name").await.value(), "Rotated Rosie");
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet", || page_text(host).contains("Pet added.")).await;
    let posts: Vec<_> = sb
        .log("production")
        .await
        .into_iter()
        .filter(|s| s.method == "POST")
        .collect();
    assert_eq!(posts.len(), 2, "{posts:#?}");
    assert_eq!((posts[0].status, posts[1].status), (401, 201));
}

#[wasm_bindgen_test]
async fn signing_in_again_after_switching_back_to_a_rotated_environment() {
    let sb = Sandbox::new("switch-back-401");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("production rows", || {
        rows(host).iter().any(|r| r[1] == "Rex")
    })
    .await;
    choose(&menu_select(host, "Environment").await, "staging").await;
    sign_in(host, STAGING_KEY).await;
    wait_until("staging rows", || {
        !rows(host).is_empty() && rows(host).iter().all(|r| r[1] != "Rex")
    })
    .await;

    sb.rotate_key("production", NEW_KEY).await;
    choose(&menu_select(host, "Environment").await, "production").await;
    refused_once(&sb, host, 2).await;
    sign_in(host, NEW_KEY).await;
    wait_until("production rows again", || {
        rows(host).iter().any(|r| r[1] == "Rex")
    })
    .await;
    assert_eq!(sb.count_with_key("staging", PROD_KEY).await, 0);
    assert_eq!(sb.count_with_key("production", STAGING_KEY).await, 0);
}

#[wasm_bindgen_test]
async fn a_pasted_key_is_trimmed_and_an_impossible_one_is_refused_on_the_form() {
    let sb = Sandbox::new("pasted-key");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, "“dev-production-key”").await;
    wait_until("the message naming the quote", || {
        page_text(host).contains("U+201C")
    })
    .await;
    assert_eq!(
        input(host, "API key")
            .await
            .get_attribute("aria-invalid")
            .as_deref(),
        Some("true")
    );
    assert!(sb.log("production").await.is_empty(), "nothing sent");
    let stored = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap();
    assert_eq!(
        stored
            .get_item("petstore-admin.api-key.production")
            .unwrap(),
        None
    );

    sign_in(host, "\u{200B}dev-production-key\u{A0}\n").await;
    wait_until("rows", || rows(host).len() == 20).await;
    assert_eq!(sb.count_with_key("production", PROD_KEY).await, 1);
    // A bad key left in storage (an older version, a hand edit) is not trusted.
    stored
        .set_item("petstore-admin.api-key.production", "bad\u{200B}key")
        .unwrap();
    drop(app);
    let again = reopen_with(&sb.config()).await;
    wait_until("the sign-in form", || dialog_shown(&again.host)).await;
    assert_eq!(
        sb.log("production").await.len(),
        1,
        "the bad stored key was never sent"
    );
}

#[wasm_bindgen_test]
async fn a_slow_read_after_signing_in_says_it_loads_and_not_to_sign_in() {
    let sb = Sandbox::new("slow-sign-in");
    sb.mode("production", "slow:1500").await;
    // Each page: what it says while the read is on its way, what it asks for before, and what
    // the read shows.
    for (path, waiting, asked, read) in [
        (
            "/pets?env=production",
            "Loading pets",
            "Sign in to see the pets.",
            "Rex",
        ),
        (
            "/pets/9007199254740993?env=production",
            "Loading the pet",
            "Sign in to see this pet.",
            "Big Id Barney",
        ),
    ] {
        let app = open_with(path, &sb.config()).await;
        let host = &app.host;
        wait_until("the page asking for a key", || {
            dialog_shown(host) && page_text(host).contains(asked)
        })
        .await;
        sign_in(host, PROD_KEY).await;
        wait_until("the slow read said", || page_text(host).contains(waiting)).await;
        assert!(!page_text(host).contains(asked), "{}", page_text(host));
        wait_until("the read shown", || page_text(host).contains(read)).await;
    }
}
