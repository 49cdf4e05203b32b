//! The list page, driven as a store manager would: sign in, list, filter, change the limit.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::{service, slow, PROD_KEY};
use petstore_admin::api::{Client, NewPet};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn signs_in_and_lists_production_pets_with_exact_ids() {
    let app = open("/").await;
    let host = &app.host;
    wait_until("the sign-in dialog shows", || dialog_shown(host)).await;
    assert!(
        sent().iter().all(|(_, url, _)| !url.contains("/pets")),
        "no request before a key"
    );

    sign_in(host, PROD_KEY).await;
    wait_until("20 rows", || rows(host).len() == 20).await;
    assert!(!dialog_shown(host));
    assert_eq!(address(), "/pets?env=production");
    assert_eq!(headers(host), ["ID", "Name", "Category", "Status"]);
    let barney = rows(host)
        .into_iter()
        .find(|r| r[1] == "Big Id Barney")
        .unwrap();
    assert_eq!(
        barney,
        ["9007199254740993", "Big Id Barney", "1", "available"]
    );
    assert!(page_text(host).contains("Showing the first 20"));
    assert!(
        link(host, "9007199254740993").is_some(),
        "each row links to the pet's view"
    );
    assert_eq!(
        web_sys::window().unwrap().document().unwrap().title(),
        "Pets (Production) · Pet Store Admin"
    );
}

#[wasm_bindgen_test]
async fn filters_by_each_status_and_keeps_it_in_the_url() {
    let app = open("/pets?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the first page", || rows(host).len() == 20).await;

    for status in ["available", "pending", "sold"] {
        choose(&select(host, "Status").await, status).await;
        wait_until(&format!("only {status} rows"), || {
            let rows = rows(host);
            !rows.is_empty() && rows.iter().all(|r| r[3] == status)
        })
        .await;
        assert!(
            address().contains(&format!("status={status}")),
            "{}",
            address()
        );
    }
    choose(&select(host, "Status").await, "").await;
    wait_until("all statuses again", || rows(host).len() == 20).await;
    assert!(!address().contains("status="));
}

#[wasm_bindgen_test]
async fn the_limit_drives_the_request_and_the_url() {
    let app = open("/pets?env=production&status=available").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("available rows", || !rows(host).is_empty()).await;

    type_into(&input(host, "Limit").await, "3").await;
    wait_until("3 rows", || rows(host).len() == 3).await;
    assert!(address().contains("limit=3") && address().contains("status=available"));
    assert!(rows(host).iter().all(|r| r[3] == "available"));
    assert!(page_text(host).contains("Showing the first 3"));
    let last = sent().into_iter().last().unwrap();
    assert!(
        last.1
            .ends_with("/production/v1/pets?limit=3&status=available"),
        "{last:?}"
    );

    let before = sent().len();
    type_into(&input(host, "Limit").await, "101").await;
    wait_until("a message for 101", || {
        page_text(host).contains("from 1 to 100")
    })
    .await;
    assert_eq!(sent().len(), before, "an invalid limit is not sent");
    assert!(address().contains("limit=3"), "{}", address());
}

#[wasm_bindgen_test]
async fn a_limit_from_the_url_is_used_and_reload_keeps_it() {
    let app = open("/pets?env=production&limit=100").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("more than 20 rows", || rows(host).len() > 20).await;
    assert_eq!(input(host, "Limit").await.value(), "100");
    drop(app);

    // A reload is a new mount on the same address, in the same tab (sessionStorage kept).
    let again = reopen().await;
    let host = &again.host;
    wait_until("the same rows without signing in again", || {
        rows(host).len() > 20
    })
    .await;
    assert!(!dialog_shown(host));
}

#[wasm_bindgen_test]
async fn markup_in_a_name_is_shown_as_text() {
    let markup = "<img src=x onerror=alert(1)>";
    let client = Client::new(&common::production(), PROD_KEY);
    let pet = NewPet {
        name: markup.into(),
        category_id: 1,
        status: None,
    };
    let created = client.create_pet(&pet).await.unwrap();

    let app = open("/pets?env=production&limit=100").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the pet with markup", || {
        rows(host).iter().any(|r| r[0] == created.id.to_string())
    })
    .await;
    let row = rows(host)
        .into_iter()
        .find(|r| r[0] == created.id.to_string())
        .unwrap();
    assert_eq!(row[1], markup);
    assert_eq!(
        row[3], "none",
        "no status is shown as the word used everywhere"
    );
    assert!(
        host.query_selector("img").unwrap().is_none(),
        "no element was made from the name"
    );
}

#[wasm_bindgen_test]
async fn unknown_statuses_from_the_service_are_shown_as_text() {
    let odd = format!("{}/faults/unknown-status/v1", service());
    let app = open_with("/pets?env=production", &config_url(&odd, &odd)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("three rows", || rows(host).len() == 3).await;
    assert_eq!(
        rows(host)[1],
        ["9007199254740993", "Odd", "2", "quarantined"]
    );
}

#[wasm_bindgen_test]
async fn an_empty_result_says_so() {
    let sb = Sandbox::new("empty-list");
    sb.mode("production", "slow:300").await;
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the loading indicator", || {
        page_text(host).contains("Loading")
    })
    .await;
    wait_until("the empty state", || {
        page_text(host).contains("No pets match")
    })
    .await;
    assert!(host.query_selector("table").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn loading_keeps_the_previous_rows_until_the_new_ones_arrive() {
    let slow_base = |env: &str| format!("{}/{env}/v1", slow());
    let app = open_with(
        "/pets?env=production",
        &config_url(&slow_base("production"), &slow_base("staging")),
    )
    .await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the first rows", || rows(host).len() == 20).await;

    choose(&select(host, "Status").await, "sold").await;
    wait_until("the loading indicator", || {
        page_text(host).contains("Loading pets…")
    })
    .await;
    assert_eq!(rows(host).len(), 20, "the previous rows stay while loading");
    wait_until("only sold rows", || {
        let rows = rows(host);
        !rows.is_empty() && rows.len() < 20 && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
    assert!(!page_text(host).contains("Loading pets…"));
}

/// The search box's text now, once it is shown.
fn search_text(host: &web_sys::Element) -> Option<String> {
    use wasm_bindgen::JsCast;
    by_label(host, "Find a pet")
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
}

fn go_to(address: &str) {
    web_sys::window()
        .unwrap()
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(address))
        .unwrap();
}

#[wasm_bindgen_test]
async fn search_text_stays_as_typed_through_the_address_a_reload_a_link_and_back() {
    let app = open("/pets?env=production").await;
    sign_in(&app.host, PROD_KEY).await;
    wait_until("the rows", || !rows(&app.host).is_empty()).await;
    drop(app);
    for text in ["%41", "%", "100%", "a+b", "a#1", "&", "=", "a b"] {
        let encoded = String::from(js_sys::encode_uri_component(text));
        let wanted = format!("/pets?env=production&q={encoded}");
        let as_typed = || Some(text.to_owned());
        // Typed: the box, the address and the page's words keep the text as typed (`%41`
        // matches no pet; it once turned into `A`, which matched seven).
        let app = reopen().await;
        let host = &app.host;
        wait_until("the rows", || !rows(host).is_empty()).await;
        type_into(&input(host, "Find a pet").await, text).await;
        wait_until("the address", || address() == wanted).await;
        assert_eq!(search_text(host), as_typed());
        wait_until("the search's words", || {
            page_text(host).contains(&format!("“{text}”"))
        })
        .await;
        if text == "%41" {
            let page = page_text(host);
            assert!(page.contains("no pet matches “%41”"), "{page}");
        }
        // Back from another page.
        follow(host, "Add pet").await;
        web_sys::window()
            .unwrap()
            .history()
            .unwrap()
            .back()
            .unwrap();
        wait_until("back on the list", || address() == wanted).await;
        wait_until("the box as typed", || search_text(host) == as_typed()).await;
        // A reload.
        drop(app);
        let app = reopen().await;
        wait_until("the box as typed after a reload", || {
            search_text(&app.host) == as_typed()
        })
        .await;
        drop(app);
        // A copied link, opened in a tab with nothing in it (a key to type first).
        let app = open(&wanted).await;
        sign_in(&app.host, PROD_KEY).await;
        wait_until("the box as typed from a link", || {
            search_text(&app.host) == as_typed()
        })
        .await;
        assert_eq!(address(), wanted);
        drop(app);
        go_to("/pets?env=production");
    }
}

/// A status change sends its read before the address is written: the router's navigation no
/// longer stands between the change and the rows. The address follows just after, as its own
/// history entry, without a second read; Back and Forward show the rows of each address.
#[wasm_bindgen_test]
async fn a_filter_change_reads_first_and_writes_the_address_just_after() {
    let app = open("/pets?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the first page", || rows(host).len() == 20).await;
    // The history's writes go in the same record as the requests, in the order they happen.
    js_sys::Function::new_no_args(
        "window.__pushState = history.pushState;
         history.pushState = function (state, title, url) {
           window.__sent.push(['pushState', String(url), '']);
           return window.__pushState.call(this, state, title, url);
         };",
    )
    .call0(&wasm_bindgen::JsValue::NULL)
    .unwrap();
    choose(&select(host, "Status").await, "sold").await;
    wait_until("only sold rows", || {
        let rows = rows(host);
        !rows.is_empty() && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
    // Restored before any assertion (the address was written as `choose` settled), so that a failure leaves the next tests a plain history.
    js_sys::Function::new_no_args("history.pushState = window.__pushState;")
        .call0(&wasm_bindgen::JsValue::NULL)
        .unwrap();
    let sold_reads = || {
        sent()
            .iter()
            .filter(|(method, url, _)| method == "GET" && url.contains("status=sold"))
            .count()
    };
    holds_for("one read of the sold pets", 300, || sold_reads() == 1).await;
    let order: Vec<String> = sent()
        .into_iter()
        .map(|(what, url, _)| format!("{what} {url}"))
        .collect();
    let read = order
        .iter()
        .position(|e| e.starts_with("GET") && e.contains("status=sold"));
    let written = order
        .iter()
        .position(|e| e.starts_with("pushState") && e.contains("status=sold"));
    assert!(
        matches!((read, written), (Some(r), Some(w)) if r < w),
        "the read before the address: {order:?}"
    );
    assert_eq!(address(), "/pets?env=production&status=sold");

    let history = web_sys::window().unwrap().history().unwrap();
    history.back().unwrap();
    wait_until("every status again", || {
        address() == "/pets?env=production" && rows(host).iter().any(|r| r[3] != "sold")
    })
    .await;
    history.forward().unwrap();
    wait_until("the sold pets again", || {
        let rows = rows(host);
        address() == "/pets?env=production&status=sold"
            && !rows.is_empty()
            && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
}
