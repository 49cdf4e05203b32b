//! The pet view, environments and keys, sign-out, a 401 mid-session, and the configuration.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::{service, PROD_KEY, STAGING_KEY};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_pet_opened_by_url_shows_its_id_exactly_and_no_distant_removal() {
    let app = open("/pets/9007199254740993?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the pet", || page_text(host).contains("Big Id Barney")).await;
    let text = page_text(host);
    assert!(text.contains("9007199254740993"), "{text}");
    assert!(!text.contains("9007199254740992"));
    // The lookup's removal is four years away: nothing for a store manager to read.
    assert!(
        !text.contains("December 2030") && !text.contains("Sunset"),
        "{text}"
    );
    assert!(
        !text.contains("Pet added."),
        "only a creation shows that notice"
    );
    // What managers look for first is named once, as something this service cannot do.
    assert_eq!(
        text.matches("This service cannot change or remove a pet")
            .count(),
        1,
        "{text}"
    );
}

#[wasm_bindgen_test]
async fn a_non_numeric_id_is_explained_without_a_request() {
    let app = open("/pets/abc?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the explanation", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("“abc” is not a pet ID"))
    })
    .await;
    // Anything this page sends goes out before the list's read that a later click starts.
    follow(host, "Back to the list").await;
    wait_until("the list's read", || {
        sent().iter().any(|(_, url, _)| url.contains("/pets?"))
    })
    .await;
    assert!(
        sent().iter().all(|(_, url, _)| !url.contains("/pets/")),
        "{:?}",
        sent()
    );
}

#[wasm_bindgen_test]
async fn an_unknown_id_says_the_pet_does_not_exist_here() {
    let sandbox = Sandbox::new("unknown-id");
    let app = open_with("/pets/424242?env=staging", &sandbox.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    wait_until("the 404", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("Staging has no pet with ID 424242."))
    })
    .await;
    let said = alerts(host).join(" ");
    assert!(
        said.contains("not_found") && said.contains("404"),
        "details: {said}"
    );
    assert!(!said.contains("may still exist"), "{said}");
    // The service's 404 is its answer: no list is read to look for the pet.
    sandbox.wait_until_answered("staging").await;
    let log = sandbox.log("staging").await;
    let paths: Vec<_> = log.iter().map(|s| s.path.as_str()).collect();
    assert!(
        paths.len() == 1 && paths[0].ends_with("/pets/424242"),
        "{paths:?}"
    );
    // Asking again cannot help: the way back to the list is offered, not Try again.
    assert!(button(host, "Try again").is_none());
    assert!(link(host, "Back to the list").is_some());
}

#[wasm_bindgen_test]
async fn a_negative_id_is_no_pet_and_offers_the_way_back_not_try_again() {
    let app = open("/pets/-1?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the answer", || !alerts(host).is_empty()).await;
    assert!(button(host, "Try again").is_none(), "{:?}", alerts(host));
    follow(host, "Back to the list").await;
    wait_until("the list", || !rows(host).is_empty()).await;
}

#[wasm_bindgen_test]
async fn switching_environment_shows_its_data_and_sends_only_its_key() {
    let app = open("/pets?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("production rows", || {
        rows(host).iter().any(|r| r[1] == "Rex")
    })
    .await;
    assert!(host
        .query_selector("header.env-production")
        .unwrap()
        .is_some());

    choose(&menu_select(host, "Environment").await, "staging").await;
    wait_until("a request for the staging key", || dialog_shown(host)).await;
    assert!(address().contains("env=staging"));
    assert!(host.query_selector("header.env-staging").unwrap().is_some());
    assert!(page_text(host).contains("Sign in to Staging"));
    sign_in(host, STAGING_KEY).await;
    wait_until("staging rows", || {
        rows(host).iter().any(|r| r[1] == "Staging Sam")
    })
    .await;
    assert!(
        rows(host)
            .iter()
            .all(|r| r[1] != "Rex" && r[1] != "Big Id Barney"),
        "no production pet"
    );

    choose(&menu_select(host, "Environment").await, "production").await;
    wait_until("production rows again, no new sign-in", || {
        !dialog_shown(host) && rows(host).iter().any(|r| r[1] == "Rex")
    })
    .await;

    let requests = sent();
    assert!(requests
        .iter()
        .any(|(_, url, _)| url.contains("/staging/v1/")));
    for (_, url, auth) in requests.iter().filter(|(_, url, _)| url.contains("/v1/")) {
        let expected = if url.contains("/staging/v1/") {
            STAGING_KEY
        } else {
            PROD_KEY
        };
        assert_eq!(auth, &format!("Bearer {expected}"), "{url}");
    }
}

#[wasm_bindgen_test]
async fn the_key_lives_in_session_storage_only_and_sign_out_forgets_it() {
    let app = open("/pets?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("rows", || !rows(host).is_empty()).await;
    let w = web_sys::window().unwrap();
    assert!(!w.location().href().unwrap().contains(PROD_KEY));
    let local = w.local_storage().unwrap().unwrap();
    let stored: Vec<String> = (0..local.length().unwrap())
        .filter_map(|i| local.key(i).unwrap())
        .filter_map(|k| local.get_item(&k).unwrap())
        .collect();
    assert!(
        stored.iter().all(|v| !v.contains(PROD_KEY)),
        "nothing in localStorage"
    );

    click(&menu_button(host, "Sign out").await).await;
    wait_until("the sign-in dialog", || dialog_shown(host)).await;
    drop(app);
    let again = reopen().await;
    wait_until("a sign-in after reload too", || dialog_shown(&again.host)).await;
}

#[wasm_bindgen_test]
async fn a_401_mid_session_asks_for_a_key_and_keeps_the_filters() {
    let app = open("/pets?env=production&status=sold&limit=2").await;
    let host = &app.host;
    sign_in(host, "expired-key").await;
    wait_until("the refusal", || {
        dialog_shown(host) && page_text(host).contains("did not accept the API key")
    })
    .await;
    sign_in(host, PROD_KEY).await;
    wait_until("two sold rows", || {
        let rows = rows(host);
        rows.len() == 2 && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
    assert!(address().contains("status=sold") && address().contains("limit=2"));
    assert_eq!(select(host, "Status").await.value(), "sold");
}

#[wasm_bindgen_test]
async fn the_environment_is_remembered_for_the_tab() {
    let app = open("/pets?env=staging").await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    wait_until("staging rows", || !rows(host).is_empty()).await;
    drop(app);
    let w = web_sys::window().unwrap();
    w.history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("/"))
        .unwrap();
    let again = reopen().await;
    wait_until("staging from memory", || address() == "/pets?env=staging").await;
    wait_until("rows", || {
        rows(&again.host).iter().any(|r| r[1] == "Staging Sam")
    })
    .await;
}

#[wasm_bindgen_test]
async fn a_missing_or_malformed_config_says_what_is_wrong() {
    let app = open_with("/pets", &format!("{}/no-config-here.json", service())).await;
    wait_until("the config error", || {
        alerts(&app.host)
            .iter()
            .any(|a| a.contains("config.json could not be loaded"))
    })
    .await;
    drop(app);
    let bad = format!(
        "data:application/json,{}",
        js_sys::encode_uri_component("{\"production\":")
    );
    let app = open_with("/pets", &bad).await;
    wait_until("the malformed config error", || {
        alerts(&app.host)
            .iter()
            .any(|a| a.contains("config.json is not valid"))
    })
    .await;
    assert!(
        page_text(&app.host).contains("baseUrl"),
        "the page shows the expected format"
    );
}
