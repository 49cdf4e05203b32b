//! The list's one box and its filters as a manager types them: the limit applies once the
//! typing pauses (without Enter, and only the value typed), Find a pet takes a name as well as
//! a number or a code, and what it says goes when the filters change.

use std::time::Duration;

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use wasm_bindgen_test::*;

/// The limits of the list reads `env`'s service was sent, in order.
fn limits_read() -> Vec<String> {
    sent()
        .into_iter()
        .filter(|(method, url, _)| method == "GET" && url.contains("/pets?"))
        .filter_map(|(_, url, _)| {
            let (_, query) = url.split_once('?')?;
            query
                .split('&')
                .find_map(|p| p.strip_prefix("limit=").map(str::to_owned))
        })
        .collect()
}

#[wasm_bindgen_test]
async fn the_limit_applies_once_the_typing_pauses_and_only_as_typed() {
    let sb = Sandbox::new("limit-typed");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("20 rows", || rows(host).len() == 20).await;
    assert_eq!(limits_read(), ["20"]);
    let limit = input(host, "Limit").await;
    for typed in ["1", "10", "100"] {
        type_only(&limit, typed).await;
    }
    petstore_admin::clock::advance(Duration::from_millis(700));
    wait_until("every pet", || rows(host).len() == 24).await;
    assert_eq!(limits_read(), ["20", "100"], "one read, of the limit typed");
    assert!(address().contains("limit=100"), "{}", address());

    // Out of range: said beside the field, and nothing read.
    type_only(&limit, "500").await;
    petstore_admin::clock::advance(Duration::from_millis(700));
    wait_until("the limit's message", || {
        page_text(host).contains("The limit must be a whole number from 1 to 100.")
    })
    .await;
    assert_eq!(limit.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(limits_read(), ["20", "100"]);
    assert_eq!(rows(host).len(), 24);
}

#[wasm_bindgen_test]
async fn find_a_pet_takes_a_name_and_opens_the_one_pet_it_names() {
    let sb = Sandbox::new("find-name");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("20 rows", || rows(host).len() == 20).await;
    // On the list, the box is the search: a name narrows the rows as it is typed.
    let find = input(host, "Find a pet").await;
    type_only(&find, "LUN").await;
    wait_until("Luna alone", || {
        rows(host).len() == 1 && rows(host)[0][1] == "Luna"
    })
    .await;
    wait_until("the search in the address", || address().contains("q=LUN")).await;
    press_enter(&find).await;
    wait_until("Luna's page", || address().starts_with("/pets/6?")).await;
    wait_until("her name", || page_text(host).contains("Luna")).await;

    // On a pet's page, a name opens the list searched for it.
    let find = input(host, "Find a pet").await;
    type_only(&find, "bu").await;
    press_enter(&find).await;
    wait_until("the list searched", || {
        address().starts_with("/pets?") && address().contains("q=bu")
    })
    .await;
    wait_until("the pets named so", || {
        let names: Vec<String> = rows(host).into_iter().map(|r| r[1].clone()).collect();
        names == ["Bubbles", "Buddy"] || names == ["Buddy", "Bubbles"]
    })
    .await;
    // Two pets: Enter opens neither.
    press_enter(&input(host, "Find a pet").await).await;
    assert!(address().starts_with("/pets?"), "{}", address());
    assert_eq!(input(host, "Find a pet").await.value(), "bu");
}

#[wasm_bindgen_test]
async fn what_find_a_pet_said_goes_when_the_filters_change() {
    let sb = Sandbox::new("find-said");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("20 rows", || rows(host).len() == 20).await;
    let find = input(host, "Find a pet").await;
    type_only(&find, "https://elsewhere.example/pets/1").await;
    press_enter(&find).await;
    let said = "This is an address of elsewhere.example, not a card from this app.";
    wait_until("the answer", || page_text(host).contains(said)).await;
    // A code is no name: the rows stay as they were.
    assert_eq!(rows(host).len(), 20);
    choose(&select(host, "Status").await, "sold").await;
    wait_until("sold rows", || {
        let rows = rows(host);
        !rows.is_empty() && rows.iter().all(|r| r[3] == "sold")
    })
    .await;
    wait_until("the answer gone", || !page_text(host).contains(said)).await;
}
