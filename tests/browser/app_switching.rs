//! Switching environment and leaving pages while forms and requests are open: a key typed
//! for one environment, a hanging request, a page left mid-request; and the sign-in dialog's
//! focus and long words at phone width. Each test has deployments of its own (a sandbox).

use crate::common;

use common::import::{paste, press, sheet};
use common::sandbox::Sandbox;
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use wasm_bindgen_test::*;

/// The text in the box labelled `label` (a textarea or an input).
async fn box_text(host: &web_sys::Element, label: &str) -> String {
    let field = wait_for(label, || by_label(host, label)).await;
    js_sys::Reflect::get(&field, &"value".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn rows_and_drafts_typed_for_one_environment_stay_with_it() {
    let sb = Sandbox::new("work-env");
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Staged", 3, None)).await;
    press(host, "Check rows").await;
    wait_until("staging's rows checked", || {
        page_text(host).contains("They go to Staging")
    })
    .await;

    // Production has a box of its own: empty, and nothing of staging's rows shown.
    choose(&menu_select(host, "Environment").await, "production").await;
    sign_in(host, PROD_KEY).await;
    wait_until("production's page", || {
        page_text(host).contains("Import pets") && !page_text(host).contains("Staged 1")
    })
    .await;
    assert_eq!(box_text(host, "Paste rows").await, "", "production's box");
    // What is pasted in production is all that is checked and sent there.
    paste(host, &sheet("Prod", 1, None)).await;
    press(host, "Check rows").await;
    wait_until("production's row checked", || {
        page_text(host).contains("1 row: 1 valid, 0 invalid (never sent). They go to Production.")
    })
    .await;
    type_into(
        &input(host, "Type Production to confirm").await,
        "production",
    )
    .await;
    press(host, "Start import").await;
    wait_until("done", || {
        page_text(host).contains("1 of 1 sent, 0 refused. Done.")
    })
    .await;

    // The add form: a draft for production, and staging's own (empty) form.
    follow(host, "New pet").await;
    type_into(&input(host, "Name").await, "Production draft").await;
    choose(&menu_select(host, "Environment").await, "staging").await;
    wait_until("staging's form", || {
        page_text(host).contains("The pet will be added to Staging.")
    })
    .await;
    assert_eq!(input(host, "Name").await.value(), "", "staging's draft");
    follow(host, "Pets").await;
    wait_for("the Import link", || link(host, "Import")).await;
    follow(host, "Import").await;
    assert_eq!(
        box_text(host, "Paste rows").await,
        sheet("Staged", 3, None),
        "staging's rows are kept for staging"
    );
    choose(&menu_select(host, "Environment").await, "production").await;
    follow(host, "New pet").await;
    wait_until("production's draft back", || {
        by_label(host, "Name").is_some_and(|n| {
            js_sys::Reflect::get(&n, &"value".into())
                .ok()
                .and_then(|v| v.as_string())
                == Some("Production draft".into())
        })
    })
    .await;

    let posts: Vec<_> = sb
        .log("production")
        .await
        .into_iter()
        .filter(|s| s.method == "POST")
        .collect();
    assert_eq!(posts.len(), 1, "production got its one row only: {posts:?}");
    assert!(sb.log("staging").await.iter().all(|s| s.method != "POST"));
    let pets = petstore_admin::api::Client::new(&sb.base("production"), PROD_KEY)
        .list_pets(100, None)
        .await
        .unwrap();
    assert!(
        pets.iter().all(|p| !p.name.starts_with("Staged")),
        "{pets:?}"
    );
}

const NEW_KEY: &str = "rotated-production-key";

#[wasm_bindgen_test]
async fn a_key_typed_for_one_environment_never_goes_to_the_other() {
    let sb = Sandbox::new("form-env");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    let field = input(host, "API key").await;
    type_into(&field, PROD_KEY).await;
    assert!(page_text(host).contains("Sign in to Production"));

    choose(&menu_select(host, "Environment").await, "staging").await;
    wait_until("the staging form", || {
        page_text(host).contains("Sign in to Staging")
    })
    .await;
    assert_eq!(
        input(host, "API key").await.value(),
        "",
        "what was typed is cleared"
    );
    click(&button(host, "Sign in").unwrap()).await;
    wait_until("the empty key refused", || {
        page_text(host).contains("Enter the API key.")
    })
    .await;
    sign_in(host, STAGING_KEY).await;
    wait_until("staging rows", || !rows(host).is_empty()).await;

    assert_eq!(sb.count_with_key("staging", PROD_KEY).await, 0);
    assert!(
        sb.log("production").await.is_empty(),
        "production was never asked"
    );
    let stored = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap();
    assert_eq!(
        stored
            .get_item("petstore-admin.api-key.staging")
            .unwrap()
            .as_deref(),
        Some(STAGING_KEY)
    );
    assert_eq!(
        stored
            .get_item("petstore-admin.api-key.production")
            .unwrap(),
        None
    );
}

#[wasm_bindgen_test]
async fn switching_away_from_a_hanging_environment_shows_the_other_at_once() {
    let sb = Sandbox::new("hang-switch");
    let app = open_with("/pets?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    wait_until("staging rows", || !rows(host).is_empty()).await;
    let staging_rows = rows(host);

    sb.mode("production", "hang").await;
    choose(&menu_select(host, "Environment").await, "production").await;
    sign_in(host, PROD_KEY).await;
    wait_until("production loading", || {
        page_text(host).contains("Loading pets")
    })
    .await;
    sb.wait_for_requests("production", 1).await;
    assert!(
        rows(host).is_empty(),
        "no staging rows under the production band"
    );

    choose(&menu_select(host, "Environment").await, "staging").await;
    // wait_until gives up after 10 s, before the 15 s time limit would free the old request.
    wait_until("staging rows again, at once", || rows(host) == staging_rows).await;
    assert!(host.query_selector("header.env-staging").unwrap().is_some());
    let production = sb.log("production").await;
    assert_eq!(production.len(), 1, "{production:#?}");
}

#[wasm_bindgen_test]
async fn the_sign_in_dialog_keeps_focus_and_gives_it_back() {
    let sb = Sandbox::new("focus");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    let document = web_sys::window().unwrap().document().unwrap();
    let active_id = || {
        document
            .active_element()
            .map(|e| e.id())
            .unwrap_or_default()
    };
    wait_until("the key field focused", || active_id() == "api-key").await;
    sign_in(host, PROD_KEY).await;
    wait_until("rows", || rows(host).len() == 20).await;

    let status = select(host, "Status").await;
    status.focus().unwrap();
    sb.rotate_key("production", NEW_KEY).await;
    choose(&status, "sold").await;
    wait_until("the form after the 401", || dialog_shown(host)).await;
    wait_until("the key field focused", || active_id() == "api-key").await;

    // Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    let tab = |shift: bool| {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key("Tab");
        init.set_shift_key(shift);
        init.set_bubbles(true);
        init.set_cancelable(true);
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap()
    };
    let field = input(host, "API key").await;
    field.dispatch_event(&tab(true)).unwrap();
    let sign_in_button = button(host, "Sign in").unwrap();
    assert_eq!(
        document.active_element(),
        Some(sign_in_button.clone().into())
    );
    sign_in_button.dispatch_event(&tab(false)).unwrap();
    assert_eq!(active_id(), "api-key");

    sign_in(host, NEW_KEY).await;
    wait_until("focus back on the Status filter", || {
        active_id() == "status-filter"
    })
    .await;
}

#[wasm_bindgen_test]
async fn long_names_and_ids_wrap_at_phone_width() {
    let sb = Sandbox::new("wrap");
    let client = petstore_admin::api::Client::new(&sb.base("production"), PROD_KEY);
    let name = "W".repeat(200);
    let pet = petstore_admin::api::NewPet {
        name: name.clone(),
        category_id: 1,
        status: None,
    };
    let created = client.create_pet(&pet).await.unwrap();
    let app = open_with(
        &format!("/pets/{}?env=production", created.id),
        &sb.config(),
    )
    .await;
    let host = &app.host;
    // The browser suites run without the app's stylesheet: add it, as index.html does.
    let document = web_sys::window().unwrap().document().unwrap();
    let style = document.create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../../style/main.css")));
    host.append_child(&style).unwrap();
    host.set_attribute("style", "width: 360px").unwrap();
    sign_in(host, PROD_KEY).await;
    wait_until("the pet", || page_text(host).contains(&name)).await;
    let fits = |selector: &str| {
        let e = host.query_selector(selector).unwrap().unwrap();
        e.scroll_width() <= e.client_width()
    };
    assert!(fits("h1") && fits(".pet-details"), "the name wraps");
    drop(app);

    let long_id = "1".repeat(300);
    let app = open_with(&format!("/pets/{long_id}?env=production"), &sb.config()).await;
    let host = &app.host;
    host.append_child(&style).unwrap();
    host.set_attribute("style", "width: 360px").unwrap();
    sign_in(host, PROD_KEY).await;
    wait_until("the explanation", || !alerts(host).is_empty()).await;
    let alert = host.query_selector("[role=alert]").unwrap().unwrap();
    assert!(alert.scroll_width() <= alert.client_width(), "the id wraps");
}

#[wasm_bindgen_test]
async fn leaving_a_page_aborts_its_request() {
    let sb = Sandbox::new("leave-abort");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("rows", || rows(host).len() == 20).await;
    sb.mode("production", "slow:1500").await;
    follow(host, "9007199254740993").await;
    sb.wait_for_requests("production", 2).await;
    follow(host, "Back to the list").await;
    wait_until("the list again", || rows(host).len() == 20).await;
    // The service answers every request 1.5 s after it came, unless the browser dropped it:
    // then the answer is never written and its status stays 0. A read sent now is answered
    // after the view's would have been.
    let fence = gloo_net::http::Request::get(&format!("{}/pets?limit=1", sb.base("production")))
        .header("Authorization", &format!("Bearer {PROD_KEY}"))
        .send()
        .await
        .expect("a read after the view's");
    assert_eq!(fence.status(), 200);
    let log = sb.log("production").await;
    let view = log
        .iter()
        .find(|s| s.path.ends_with("/pets/9007199254740993"))
        .unwrap();
    assert_eq!(view.status, 0, "the view's request was aborted: {log:#?}");
}
