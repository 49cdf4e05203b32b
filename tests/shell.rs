//! The app shell in headless Chromium, and the browser reaching the local service
//! cross-origin (the test page and the service listen on different ports).
#![cfg(target_arch = "wasm32")]

mod common;

use common::{production, staging, PROD_KEY};
use gloo_net::http::Request;
use leptos::mount::mount_to;
use leptos::task::tick;
use petstore_admin::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn app_mounts_into_its_own_element_and_shows_its_name() {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let handle = mount_to(host.clone().unchecked_into(), App);
    tick().await;

    let heading = host
        .query_selector("h1")
        .unwrap()
        .expect("the app renders a heading");
    assert_eq!(heading.text_content().as_deref(), Some("Pet Store Admin"));
    assert!(host.query_selector("main").unwrap().is_some());

    drop(handle);
    assert!(
        host.query_selector("h1").unwrap().is_none(),
        "unmounting removes the app"
    );
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
