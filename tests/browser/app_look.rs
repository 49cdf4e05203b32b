//! Look and feel that a test can see in the DOM: the form points at the problem (focus, a
//! service 400 on its field), the nav marks the current page, the list's Add pet button,
//! stale rows marked busy while new ones load, the way back to the list as it was, an unknown
//! sort said, and no loading line under the sign-in form.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::{slow, PROD_KEY};
use wasm_bindgen_test::*;

fn field_message(host: &web_sys::Element, id: &str) -> String {
    host.query_selector(&format!("#{id}-error"))
        .unwrap()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

fn current_nav(host: &web_sys::Element) -> Vec<String> {
    let list = host.query_selector_all("nav a[aria-current=page]").unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.text_content())
        .map(|t| t.trim().to_owned())
        .collect()
}

#[wasm_bindgen_test]
async fn an_invalid_submit_moves_focus_to_the_first_field_to_fix() {
    let sb = Sandbox::new("focus-invalid");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    click(&button(host, "Add pet").unwrap()).await;
    assert_eq!(focused_id(), "pet-name");
    type_into(&input(host, "Name").await, "Fixed").await;
    type_into(&input(host, "Category ID").await, "three").await;
    click(&button(host, "Add pet").unwrap()).await;
    assert_eq!(focused_id(), "pet-category");
    assert!(field_message(host, "pet-category").contains("whole number"));
    assert!(sb.log("production").await.is_empty(), "nothing was sent");
}

#[wasm_bindgen_test]
async fn a_400_on_the_name_is_shown_on_the_name_field_until_it_is_changed() {
    let sb = Sandbox::new("refusal-on-field");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, &"z".repeat(201)).await;
    type_into(&input(host, "Category ID").await, "3").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the refusal on the name", || {
        field_message(host, "pet-name") == "The name must be at most 200 characters."
    })
    .await;
    let name = input(host, "Name").await;
    assert_eq!(name.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert!(alerts(host)
        .iter()
        .any(|a| a.contains("see the field marked above")));
    type_into(&name, "Shorter").await;
    wait_until("the message gone once the name changed", || {
        field_message(host, "pet-name").is_empty()
    })
    .await;
    assert_eq!(sb.log("production").await.len(), 1);
}

#[wasm_bindgen_test]
async fn the_nav_marks_the_current_page_and_the_list_offers_add_pet() {
    let sb = Sandbox::new("nav-current");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || !rows(host).is_empty()).await;
    assert_eq!(current_nav(host), ["Pets"]);
    follow(host, "Add pet").await;
    wait_until("the form", || by_label(host, "Name").is_some()).await;
    assert_eq!(current_nav(host), ["New pet"]);
    type_into(&input(host, "Name").await, "Kept draft").await;
    click(&button(host, "Cancel").unwrap()).await;
    follow(host, "Keep draft").await;
    wait_until("the list again", || !rows(host).is_empty()).await;
    assert_eq!(current_nav(host), ["Pets"]);
    follow(host, "Activity").await;
    wait_until("the activity", || current_nav(host) == ["Activity"]).await;
    follow(host, "New pet").await;
    assert_eq!(
        input(host, "Name").await.value(),
        "Kept draft",
        "Cancel keeps the draft"
    );
}

#[wasm_bindgen_test]
async fn stale_rows_are_marked_busy_while_new_ones_load() {
    let sb = Sandbox::new("stale-busy");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("20 rows", || rows(host).len() == 20).await;
    let busy = || {
        host.query_selector(".rows")
            .unwrap()
            .and_then(|e| e.get_attribute("aria-busy"))
            .unwrap_or_default()
    };
    assert_eq!(busy(), "false");
    sb.mode("production", "slow:800").await;
    choose(&select(host, "Status").await, "sold").await;
    wait_until("the old rows marked busy", || busy() == "true").await;
    assert_eq!(rows(host).len(), 20, "the old rows stay while loading");
    wait_until("the new rows", || {
        let rows = rows(host);
        !rows.is_empty() && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
    assert_eq!(busy(), "false");
    sb.mode("production", "normal").await;
}

#[wasm_bindgen_test]
async fn back_to_the_list_returns_to_it_as_it_was_and_an_unknown_sort_is_said() {
    let sb = Sandbox::new("way-back");
    let app = open_with("/pets?env=production&limit=100&sort=banana", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the note", || {
        page_text(host)
            .contains("Unknown sort “banana” in the address: showing the service's order.")
    })
    .await;
    click(&wait_for("the Status sort", || button(host, "Status")).await).await;
    wait_until("sorted by status", || address().contains("sort=status")).await;
    assert!(
        !page_text(host).contains("Unknown sort"),
        "{}",
        page_text(host)
    );
    wait_until("the rows", || !rows(host).is_empty()).await;
    let id = rows(host)[0][0].clone();
    follow(host, &id).await;
    wait_until("the pet", || address().contains(&format!("/pets/{id}"))).await;
    follow(host, "Back to the list").await;
    wait_until("the list as it was", || {
        let at = address();
        at.contains("/pets?") && at.contains("limit=100") && at.contains("sort=status")
    })
    .await;
    wait_until("its rows", || !rows(host).is_empty()).await;
}

#[wasm_bindgen_test]
async fn the_headers_pets_link_returns_to_the_list_as_it_was_left() {
    let sb = Sandbox::new("pets-link");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || !rows(host).is_empty()).await;
    choose(&select(host, "Status").await, "sold").await;
    type_into(&input(host, "Find a pet").await, "o").await;
    wait_until("the filters in the address", || {
        address().contains("status=sold") && address().contains("q=o")
    })
    .await;
    let left = address();
    let pets_href = || link(host, "Pets").and_then(|a| a.get_attribute("href"));
    // On the list, the link is the list as it is now.
    wait_until("the Pets link on the list", || {
        pets_href() == Some(left.clone())
    })
    .await;
    follow(host, "Add pet").await;
    wait_until("the add form", || address().starts_with("/pets/new")).await;
    // Elsewhere, it leads back to the list as it was left, as Back to the list does.
    assert_eq!(pets_href(), Some(left.clone()));
    follow(host, "Pets").await;
    wait_until("the list as it was", || address() == left).await;
    wait_until("its sold rows", || {
        let rows = rows(host);
        !rows.is_empty() && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
}

#[wasm_bindgen_test]
async fn no_loading_line_under_the_sign_in_form() {
    let slow = config_url(
        &format!("{}/production/v1", slow()),
        &format!("{}/staging/v1", slow()),
    );
    let app = open_with("/pets?env=production", &slow).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || !rows(host).is_empty()).await;
    // Signed out while a slow read is under way: the form asks, and nothing says "loading".
    choose(&select(host, "Status").await, "sold").await;
    click(&menu_button(host, "Sign out").await).await;
    wait_until("the sign-in form", || dialog_shown(host)).await;
    for _ in 0..10 {
        assert!(
            !page_text(host).contains("Loading pets…"),
            "{}",
            page_text(host)
        );
        pause(60).await;
    }
    sign_in(host, PROD_KEY).await;
    wait_until("sold rows", || {
        let rows = rows(host);
        !rows.is_empty() && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
}
