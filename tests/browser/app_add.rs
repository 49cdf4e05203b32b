//! The add form: validation, the service's 400, one click one pet, a refused key mid-draft,
//! and a network failure.

use crate::common;

use common::ui::*;
use common::{production, refused, PROD_KEY, STAGING_KEY};
use petstore_admin::api::Client;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// How many pets named `name` production holds now.
async fn count_named(name: &str) -> usize {
    let pets = Client::new(&production(), PROD_KEY)
        .list_pets(100, None)
        .await
        .unwrap();
    pets.iter().filter(|p| p.name == name).count()
}

/// A name no other test uses.
fn unique(prefix: &str) -> String {
    format!("{prefix} {}", js_sys::Date::now())
}

async fn fill(host: &web_sys::Element, name: &str, category: &str, status: &str) {
    type_into(&input(host, "Name").await, name).await;
    type_into(&input(host, "Category ID").await, category).await;
    choose(&select(host, "Status").await, status).await;
}

fn posts() -> usize {
    sent()
        .iter()
        .filter(|(method, _, _)| method == "POST")
        .count()
}

#[wasm_bindgen_test]
async fn adds_a_pet_and_lands_on_its_view() {
    let name = unique("Biscuit");
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, &name, "7", "pending").await;
    click(&button(host, "Add pet").unwrap()).await;

    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    let path = address();
    assert!(
        path.starts_with("/pets/") && path.ends_with("?env=production"),
        "{path}"
    );
    let id: i64 = path["/pets/".len()..path.find('?').unwrap()]
        .parse()
        .unwrap();
    assert!(
        id > 9_007_199_254_740_993,
        "new ids follow the big seeded one"
    );
    let text = page_text(host);
    assert!(text.contains(&id.to_string()) && text.contains(&name) && text.contains("pending"));
    assert_eq!(count_named(&name).await, 1);

    // The next pet opened by a link is not said to be added, nor this one opened again.
    for (opened, at) in [("Rex", "/pets/1?"), (name.as_str(), path.as_str())] {
        follow(host, "Back to the list").await;
        wait_until("the list", || {
            rows(host).iter().any(|r| r.join(" ").contains(opened))
        })
        .await;
        follow(host, opened).await;
        wait_until("the pet's details", || {
            address().starts_with(at) && page_text(host).contains("Add one like this")
        })
        .await;
        assert!(
            !page_text(host).contains("Pet added."),
            "{}",
            page_text(host)
        );
    }
}

#[wasm_bindgen_test]
async fn client_side_validation_shows_messages_next_to_the_fields() {
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, "   ", "1.5", "").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the field messages", || {
        page_text(host).contains("Enter a name.")
    })
    .await;
    let name_error = host.query_selector("#pet-name-error").unwrap().unwrap();
    assert_eq!(name_error.text_content().unwrap(), "Enter a name.");
    let name = input(host, "Name").await;
    assert_eq!(
        name.get_attribute("aria-describedby").unwrap(),
        "pet-name-error"
    );
    assert_eq!(name.get_attribute("aria-invalid").unwrap(), "true");
    assert!(page_text(host).contains("The category ID must be a whole number"));

    type_into(&input(host, "Category ID").await, "9223372036854775808").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the range message", || {
        page_text(host)
            .contains("too large: it can be a whole number up to 9,223,372,036,854,775,807")
    })
    .await;
    assert_eq!(posts(), 0, "nothing invalid is sent");
}

#[wasm_bindgen_test]
async fn a_field_error_goes_once_fixed_and_a_restored_draft_is_said_and_can_be_discarded() {
    let app = open("/pets/new?env=staging").await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    click(&button(host, "Add pet").unwrap()).await;
    let error = |id: &str| {
        host.query_selector(&format!("#{id}-error"))
            .unwrap()
            .and_then(|e| e.text_content())
            .unwrap_or_default()
    };
    wait_until("the field messages", || {
        error("pet-name") == "Enter a name."
    })
    .await;
    // Fixed: the message goes as the field changes, not at the next submit.
    type_into(&input(host, "Name").await, "Rex").await;
    wait_until("the name's message gone", || error("pet-name").is_empty()).await;
    assert_eq!(
        input(host, "Name")
            .await
            .get_attribute("aria-invalid")
            .unwrap(),
        "false"
    );
    assert!(
        !error("pet-category").is_empty(),
        "the category is still empty"
    );
    // Broken again: said again at once, since the field has shown an error.
    type_into(&input(host, "Name").await, " ").await;
    wait_until("the name's message back", || {
        error("pet-name") == "Enter a name."
    })
    .await;
    type_into(&input(host, "Name").await, "Rex").await;
    type_into(&input(host, "Category ID").await, "4").await;
    wait_until("no message", || error("pet-category").is_empty()).await;

    // Cancel asks; Keep draft keeps it, and the form says so when it brings it back, with the
    // time it was typed (either side of a minute's turn).
    let typed_at = [clock(), {
        pause(0).await;
        clock()
    }];
    click(&button(host, "Cancel").unwrap()).await;
    wait_until("the question", || {
        page_text(host).contains("Keep what you typed for later, or discard it?")
    })
    .await;
    follow(host, "Keep draft").await;
    wait_for("the New pet link", || link(host, "New pet")).await;
    follow(host, "New pet").await;
    assert_eq!(input(host, "Name").await.value(), "Rex");
    wait_until("the restored draft said", || {
        typed_at
            .iter()
            .any(|t| page_text(host).contains(&format!("Draft from {t} restored.")))
    })
    .await;
    click(&button(host, "Discard").unwrap()).await;
    wait_until("an empty form", || {
        by_label(host, "Name").is_some_and(|n| {
            n.dyn_into::<web_sys::HtmlInputElement>()
                .is_ok_and(|n| n.value().is_empty())
        })
    })
    .await;
    assert!(!page_text(host).contains(" restored."));
    assert_eq!(
        stored_draft("staging"),
        None,
        "the discarded draft stays in storage"
    );

    // Cancel's own Discard draft leaves for the list with nothing kept.
    type_into(&input(host, "Name").await, "Gone").await;
    click(&button(host, "Cancel").unwrap()).await;
    wait_for("Discard draft", || button(host, "Discard draft")).await;
    click(&button(host, "Discard draft").unwrap()).await;
    wait_until("the list", || !rows(host).is_empty()).await;
    assert_eq!(stored_draft("staging"), None);
    assert_eq!(posts(), 0, "nothing was sent");
}

/// The time of day now as the form says it ("07:05").
fn clock() -> String {
    let now = js_sys::Date::new_0();
    format!("{:02}:{:02}", now.get_hours(), now.get_minutes())
}

/// The add form's draft of `env` as the tab keeps it, if any.
fn stored_draft(env: &str) -> Option<String> {
    web_sys::window()?
        .session_storage()
        .ok()??
        .get_item(&format!("petstore-admin.new-pet-draft.{env}"))
        .ok()?
}

#[wasm_bindgen_test]
async fn a_400_from_the_service_is_shown_on_the_form_with_the_input_kept() {
    let long = "x".repeat(201);
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, &long, "3", "sold").await;
    click(&button(host, "Add pet").unwrap()).await;

    wait_until("the service's refusal", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("did not accept this pet"))
    })
    .await;
    let alert = alerts(host).join(" ");
    assert!(
        alert.contains("400") && alert.contains("invalid_name"),
        "details: {alert}"
    );
    assert_eq!(input(host, "Name").await.value(), long);
    assert_eq!(input(host, "Category ID").await.value(), "3");
    assert_eq!(select(host, "Status").await.value(), "sold");
    assert!(address().starts_with("/pets/new"));
}

#[wasm_bindgen_test]
async fn double_clicking_add_pet_creates_one_pet() {
    let name = unique("Twice");
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, &name, "2", "").await;
    let add = button(host, "Add pet").unwrap();
    add.click();
    add.click();
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    assert_eq!(posts(), 1);
    assert_eq!(count_named(&name).await, 1);
}

#[wasm_bindgen_test]
async fn a_refused_key_keeps_the_draft_and_the_right_key_creates_one_pet() {
    let name = unique("Patience");
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, "not-the-key").await;
    fill(host, &name, "5", "available").await;
    click(&button(host, "Add pet").unwrap()).await;

    wait_until("the sign-in dialog again", || dialog_shown(host)).await;
    assert!(alerts(host)
        .iter()
        .any(|a| a.contains("did not accept the API key for Production")));
    assert_eq!(
        input(host, "Name").await.value(),
        name,
        "the draft is intact"
    );

    sign_in(host, PROD_KEY).await;
    wait_until("the dialog to close", || !dialog_shown(host)).await;
    assert_eq!(input(host, "Name").await.value(), name);
    assert_eq!(input(host, "Category ID").await.value(), "5");
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    assert_eq!(count_named(&name).await, 1);
}

#[wasm_bindgen_test]
async fn a_network_failure_says_the_pet_may_or_may_not_exist() {
    let down = format!("{}/production/v1", refused());
    let app = open_with("/pets/new?env=production", &config_url(&down, &down)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, "Lost In Transit", "1", "").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the uncertain outcome", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("may or may not have been created"))
    })
    .await;
    assert!(link(host, "Check the list").is_some());
    assert_eq!(input(host, "Name").await.value(), "Lost In Transit");
}

#[wasm_bindgen_test]
async fn the_draft_survives_a_reload_and_goes_to_the_chosen_environment() {
    let name = unique("Staged");
    let app = open("/pets/new?env=staging").await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    fill(host, &name, "4", "").await;
    assert!(page_text(host).contains("The pet will be added to Staging."));
    drop(app);

    let again = reopen().await;
    let host = &again.host;
    assert_eq!(input(host, "Name").await.value(), name);
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    let post = sent().into_iter().find(|(m, _, _)| m == "POST").unwrap();
    assert!(post.1.contains("/staging/v1/pets") && post.2 == format!("Bearer {STAGING_KEY}"));
    assert_eq!(count_named(&name).await, 0, "nothing reached production");
}

#[wasm_bindgen_test]
async fn adding_a_pet_equal_to_one_just_added_asks_first_even_after_a_reload() {
    let name = unique("Pepper");
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, &name, "2", "").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    let first = address();
    let id = &first["/pets/".len()..first.find('?').unwrap()];
    drop(app);

    // A reload, then the same pet typed again: asked before anything is sent.
    let app = reopen().await;
    let host = &app.host;
    wait_for("the New pet link", || link(host, "New pet")).await;
    follow(host, "New pet").await;
    fill(host, &name, "2", "").await;
    let before = posts();
    click(&button(host, "Add pet").unwrap()).await;
    let question = format!("{name}, category 2, was added to Production at");
    wait_until("the question", || {
        alerts(host).iter().any(|a| a.contains(&question))
    })
    .await;
    assert!(
        alerts(host)
            .iter()
            .any(|a| a.contains(&format!("(ID {id}): add it again?"))),
        "{:?}",
        alerts(host)
    );
    assert_eq!(posts(), before, "sent before the answer");
    assert_eq!(count_named(&name).await, 1);
    // Another category is another pet: the question goes as the form changes.
    type_into(&input(host, "Category ID").await, "3").await;
    wait_until("the question gone", || {
        !alerts(host).iter().any(|a| a.contains(&question))
    })
    .await;
    type_into(&input(host, "Category ID").await, "2").await;
    click(&button(host, "Add pet").unwrap()).await;
    let again = wait_for("Add it again", || button(host, "Add it again")).await;
    click(&again).await;
    wait_until("the second pet's page", || {
        page_text(host).contains("Pet added.") && address() != first
    })
    .await;
    assert_eq!(posts(), before + 1);
    assert_eq!(count_named(&name).await, 2);
}

/// The messages the add page shows: notices, alerts and questions.
fn messages(host: &web_sys::Element) -> Vec<String> {
    all(host, ".notice, .alert, .question")
        .iter()
        .map(text)
        .filter(|t| !t.is_empty())
        .collect()
}

#[wasm_bindgen_test]
async fn the_form_shows_one_message_at_a_time_the_newest() {
    let name = unique("Pepper");
    let app = open("/pets/new?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    fill(host, &name, "2", "").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;

    // Back on the form, the pet added is said until the next one is started.
    follow(host, "New pet").await;
    let added = format!("“{name}” was added to Production");
    wait_until("the last pet said", || {
        messages(host).iter().any(|m| m.contains(&added))
    })
    .await;
    fill(host, &name, "2", "").await;
    assert_eq!(messages(host), Vec::<String>::new(), "a new pet started");

    // Add asks about the same pet; Cancel asks about the draft instead, with one primary
    // button.
    click(&button(host, "Add pet").unwrap()).await;
    wait_for("Add it again", || button(host, "Add it again")).await;
    assert_eq!(messages(host).len(), 1, "{:?}", messages(host));
    click(&button(host, "Cancel").unwrap()).await;
    wait_until("the draft's question", || {
        messages(host).iter().any(|m| m.contains("Keep draft"))
    })
    .await;
    assert_eq!(messages(host).len(), 1, "{:?}", messages(host));
    let primary = all(
        host,
        ".question .button:not(.secondary), .question button:not(.secondary)",
    );
    assert_eq!(primary.len(), 1, "one primary button");
}
