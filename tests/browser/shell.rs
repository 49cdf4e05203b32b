//! The app shell in headless Chromium, and the browser reaching the local service
//! cross-origin (the test page and the service listen on different ports).

use crate::common;

use common::ui::{open, settle, wait_until};
use common::{production, staging, PROD_KEY};
use gloo_net::http::Request;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn app_mounts_into_its_own_element_and_unmounts_cleanly() {
    let app = open("/pets?env=production").await;
    let host = app.host.clone();
    // The app's name: the link's text shown from a tablet's width up (a phone shows a short one).
    let name = || {
        host.query_selector(".brand .app-name")
            .ok()
            .flatten()?
            .text_content()
    };
    wait_until("the header", || {
        name().as_deref() == Some("Pet Store Admin")
    })
    .await;
    assert!(host.query_selector("main").unwrap().is_some());
    drop(app);
    settle().await;
    settle().await;
    assert!(!host.is_connected(), "the app and its element are gone");
}

#[wasm_bindgen_test]
async fn browser_lists_pets_from_the_service_cross_origin() {
    let res = Request::get(&format!("{}/pets?limit=3", production()))
        .header("Authorization", &format!("Bearer {PROD_KEY}"))
        .send()
        .await
        .expect("the preflight and the request pass CORS");
    assert_eq!(res.status(), 200);
    let body = res.text().await.unwrap();
    assert!(body.contains("\"id\":9007199254740993"), "{body}");
}

#[wasm_bindgen_test]
async fn browser_can_read_the_error_body_of_a_401() {
    let res = Request::get(&format!("{}/pets", staging()))
        .header("Authorization", &format!("Bearer {PROD_KEY}"))
        .send()
        .await
        .expect("an error answer still passes CORS");
    assert_eq!(res.status(), 401);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["status"], 401);
    assert_eq!(body["code"], "unauthorized");
}
