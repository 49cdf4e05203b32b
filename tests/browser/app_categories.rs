//! Category names from `config.json`: the list, its category filter, a pet's page, the add
//! form's select (and another number), the import taking a name, the exports' extra column;
//! staging, which names none, shows numbers as before; and a bad name map named for whoever set it up, and ignored.

use crate::common;

use common::import::{paste, press};
use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use wasm_bindgen_test::*;

const NAMES: &str = r#"{"1":"Dogs","2":"Cats","3":"Birds","4":"Fish"}"#;

/// The category a pet's page shows.
fn category_shown(host: &web_sys::Element) -> String {
    host.query_selector(".pet-details dd:nth-of-type(3)")
        .ok()
        .flatten()
        .and_then(|d| d.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_list_and_a_pets_page_say_category_names_and_the_list_filters_by_them() {
    let sandbox = Sandbox::new("names-list");
    capture_downloads();
    let app = open_with("/pets?env=production", &sandbox.config_named(NAMES)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || rows(host).len() == 20).await;
    let rex = rows(host)
        .into_iter()
        .find(|r| r[1].starts_with("Rex"))
        .unwrap();
    assert_eq!(rex[2], "Dogs");
    // A number without a name is shown as the number.
    assert!(rows(host).iter().any(|r| r[2] == "5"), "{:?}", rows(host));

    choose(&select(host, "Category").await, "2").await;
    wait_until("cats only", || rows(host).iter().all(|r| r[2] == "Cats")).await;
    assert!(!rows(host).is_empty());
    assert!(address().contains("category=2"), "{}", address());

    // The export keeps the number exact and adds the name.
    click(&button(host, "Export CSV").unwrap()).await;
    let (_, csv) = downloaded(0).await;
    assert!(
        csv.starts_with("id,name,categoryId,category,status\n"),
        "{csv}"
    );
    let lines: Vec<&str> = csv.lines().skip(1).collect();
    assert!(
        !lines.is_empty() && lines.iter().all(|l| l.contains(",2,Cats,")),
        "{csv}"
    );

    follow(host, "Mittens").await;
    wait_until("the pet's page", || category_shown(host) == "Cats (2)").await;
}

#[wasm_bindgen_test]
async fn the_add_form_offers_the_names_and_another_number() {
    let sandbox = Sandbox::new("names-add");
    let app = open_with("/pets/new?env=production", &sandbox.config_named(NAMES)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, "Whiskers").await;
    // None chosen: the list is where it is chosen, so that is what the form asks.
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the category asked for", || {
        page_text(host).contains("Choose a category from the list.")
    })
    .await;
    assert!(!page_text(host).contains("Enter a category ID."));
    choose(&select(host, "Category").await, "2").await;
    assert!(
        by_label(host, "Category ID").is_none(),
        "the number field shows"
    );
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    assert_eq!(category_shown(host), "Cats (2)");

    // Another number: its field appears, and that number is sent.
    follow(host, "New pet").await;
    type_into(&input(host, "Name").await, "Odd One").await;
    choose(&select(host, "Category").await, "other").await;
    // "1" names Dogs: the number field stays while a longer number is typed.
    type_into(&input(host, "Category ID").await, "1").await;
    assert!(
        by_label(host, "Category ID").is_some(),
        "the number field went"
    );
    type_into(&input(host, "Category ID").await, "9").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the second pet's page", || {
        page_text(host).contains("Odd One") && page_text(host).contains("Pet added.")
    })
    .await;
    assert_eq!(category_shown(host), "9");
    let log = sandbox.log("production").await;
    assert_eq!(
        log.iter().filter(|s| s.method == "POST").count(),
        2,
        "{log:?}"
    );
}

#[wasm_bindgen_test]
async fn an_import_takes_a_category_name_and_staging_shows_numbers() {
    let sandbox = Sandbox::new("names-import");
    let app = open_with("/pets/import?env=production", &sandbox.config_named(NAMES)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    paste(host, "name\tcategoryId\nTom\tcats\nPip\t7\nOdd\tdragons\n").await;
    press(host, "Check rows").await;
    wait_until("the rows checked", || page_text(host).contains("2 valid")).await;
    assert!(page_text(host).contains("1 invalid"), "{}", page_text(host));
    drop(app);

    // Staging names none: numbers, as before, and no category filter.
    let app = open_with("/pets?env=staging", &sandbox.config_named(NAMES)).await;
    let host = &app.host;
    sign_in(host, common::STAGING_KEY).await;
    wait_until("the rows", || !rows(host).is_empty()).await;
    assert!(
        rows(host).iter().all(|r| r[2].parse::<i64>().is_ok()),
        "{:?}",
        rows(host)
    );
    assert!(by_label(host, "Category").is_none());
}

#[wasm_bindgen_test]
async fn a_bad_name_map_is_named_and_ignored_and_the_app_starts() {
    let sandbox = Sandbox::new("names-bad");
    let app = open_with(
        "/pets?env=production",
        &sandbox.config_named(r#"{"1":"Dogs","2":"dogs"}"#),
    )
    .await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows, by number", || {
        rows(host)
            .iter()
            .any(|r| r[1].starts_with("Rex") && r[2] == "1")
    })
    .await;
    let said = page_text(host);
    assert!(
        said.contains(
            "production.categories: \"dogs\" names two categories; the names were ignored"
        ),
        "{said}"
    );
}
