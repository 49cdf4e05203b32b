//! A shared tablet: the activity log (a created pet, a refused create, `curl` without the key),
//! "Sign out everywhere" (nothing of the last person left in the tab), and signing out by
//! itself after `idleMinutes` without input, with a warning that input dismisses.

use crate::common;
use petstore_admin::clock::advance;
use std::time::Duration;

use common::import::{paste, press, sheet};
use common::sandbox::Sandbox;
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use wasm_bindgen_test::*;

/// Every slot of this app in the tab's sessionStorage.
fn stored() -> Vec<String> {
    let s = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap();
    slots(&s)
}

/// The app's slots in the device's storage that hold a person's work (the record of pets
/// sent, the activity), in order, not the device's own choices (language, paper).
fn stored_on_device() -> Vec<String> {
    let s = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let mut slots: Vec<String> = slots(&s)
        .into_iter()
        .filter(|k| {
            k.starts_with("petstore-admin.sent.") || k.starts_with("petstore-admin.activity.")
        })
        .collect();
    slots.sort();
    slots
}

fn slots(s: &web_sys::Storage) -> Vec<String> {
    (0..s.length().unwrap())
        .filter_map(|i| s.key(i).unwrap())
        .filter(|k| k.starts_with("petstore-admin."))
        .collect()
}

async fn add(host: &web_sys::Element, name: &str) {
    type_into(&input(host, "Name").await, name).await;
    type_into(&input(host, "Category ID").await, "2").await;
    click(&button(host, "Add pet").unwrap()).await;
}

#[wasm_bindgen_test]
async fn activity_holds_a_created_pet_and_a_refused_create_and_never_the_key() {
    let sb = Sandbox::new("activity");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    add(host, "Activity Ace").await;
    wait_until("the new pet", || page_text(host).contains("Pet added.")).await;
    follow(host, "New pet").await;
    add(host, &"y".repeat(201)).await;
    wait_until("the refusal", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("did not accept this pet"))
    })
    .await;

    follow(host, "Activity").await;
    wait_until("two entries", || rows(host).len() == 2).await;
    let rows = rows(host);
    assert_eq!(rows[0][1], "Production");
    assert!(
        rows[0][2].starts_with(&format!(
            "Could not add “{}”: The name must be at most 200 characters.",
            "y".repeat(201)
        )),
        "{rows:?}"
    );
    assert!(
        rows[1][2].starts_with("Added “Activity Ace” (ID "),
        "{rows:?}"
    );
    // The line's own text: before its "Add one like this" and its details.
    let added = rows[1][2]
        .split("Add one like this")
        .next()
        .unwrap_or_default();
    assert!(
        link(host, added.trim()).is_some(),
        "the created pet is a link: {added}"
    );
    let text = page_text(host);
    assert!(
        text.contains("curl -X POST") && text.contains("$PETSTORE_API_KEY"),
        "{text}"
    );
    assert!(!text.contains(PROD_KEY), "no key on the page: {text}");
    let stored_log = stored_log();
    assert!(stored_log.contains("Activity Ace") && !stored_log.contains(PROD_KEY));
    assert_eq!(
        sb.log("production")
            .await
            .iter()
            .filter(|s| s.method == "POST")
            .count(),
        2
    );
    // Made in this tab.
    assert!(rows[0][0].ends_with("this tab"), "{rows:?}");
}

#[wasm_bindgen_test]
async fn sign_out_everywhere_leaves_nothing_of_the_last_person_in_the_tab() {
    let sb = Sandbox::new("sign-out-everywhere");
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    // A tab that keeps nothing has nothing to ask about.
    wait_until("the sign-in form", || dialog_shown(host)).await;
    click(&menu_button(host, "Sign out everywhere").await).await;
    assert!(
        button(host, "Forget everything").is_none(),
        "nothing to ask"
    );
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Leaving", 2, None)).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    wait_until("the import done", || page_text(host).contains("Done.")).await;
    follow(host, "New pet").await;
    type_into(&input(host, "Name").await, "Half typed").await;
    choose(&menu_select(host, "Environment").await, "production").await;
    sign_in(host, PROD_KEY).await;
    let slots = stored();
    for expected in [
        "api-key.production",
        "api-key.staging",
        "import-text",
        "new-pet-draft",
    ] {
        assert!(
            slots.iter().any(|s| s.contains(expected)),
            "{expected} in {slots:?}"
        );
    }
    // The import's rows are entries of the device's record of pets sent, and of its activity.
    let on_device = [
        "petstore-admin.activity.staging",
        "petstore-admin.sent.staging",
    ];
    assert_eq!(stored_on_device(), on_device);

    // Asked first, saying what would go (a list in the browser's own words); keeping it
    // keeps everything.
    click(&menu_button(host, "Sign out everywhere").await).await;
    wait_until("the question", || {
        page_text(host).contains(
            "Every open tab of this app on this device will forget the API keys, the drafts, the pets added on this device (so none is added twice), the import records, and the activity.",
        )
    })
    .await;
    click(&button(host, "Keep everything").unwrap()).await;
    assert_eq!(stored(), slots, "everything kept");
    assert_eq!(stored_on_device(), on_device);
    assert!(button(host, "Forget everything").is_none() && !dialog_shown(host));

    click(&menu_button(host, "Sign out everywhere").await).await;
    click(&wait_for("Forget everything", || button(host, "Forget everything")).await).await;
    wait_until("the sign-in form", || dialog_shown(host)).await;
    let left = stored();
    assert_eq!(left, ["petstore-admin.environment"], "{left:?}");
    assert!(stored_on_device().is_empty(), "{:?}", stored_on_device());
    sign_in(host, PROD_KEY).await;
    follow(host, "Activity").await;
    wait_until("an empty log", || {
        page_text(host).contains("Nothing yet on this device.")
    })
    .await;
    // The page has the stored log read (a task queued as it was drawn): an empty one is not
    // written back.
    pause(0).await;
    assert!(stored_on_device().is_empty(), "{:?}", stored_on_device());
    choose(&menu_select(host, "Environment").await, "staging").await;
    wait_until("staging asks for its key again", || dialog_shown(host)).await;
    sign_in(host, STAGING_KEY).await;
    follow(host, "New pet").await;
    assert_eq!(
        input(host, "Name").await.value(),
        "",
        "staging's form was built anew, without its draft"
    );
}

#[wasm_bindgen_test]
async fn an_idle_tablet_warns_then_signs_out_everywhere() {
    let sb = Sandbox::new("idle");
    // A minute without input (on the app's clock, moved on by the test); the warning comes
    // half-way.
    let app = open_with("/pets?env=production", &sb.config_idle(1.0)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || !rows(host).is_empty()).await;
    let warned = || {
        alerts(host)
            .iter()
            .any(|a| a.contains("signs out everywhere in"))
    };
    assert!(!warned(), "no warning at once");
    advance(Duration::from_secs(35));
    wait_until("the warning", warned).await;
    // Any input dismisses it and starts the time again.
    let key = web_sys::KeyboardEvent::new("keydown").unwrap();
    web_sys::window().unwrap().dispatch_event(&key).unwrap();
    settle().await;
    assert!(!warned(), "a key press dismisses the warning");
    assert!(!dialog_shown(host));
    advance(Duration::from_secs(35));
    wait_until("the warning again", warned).await;
    assert!(!dialog_shown(host), "warned before");
    advance(Duration::from_secs(30));
    wait_until("signed out", || dialog_shown(host)).await;
    assert_eq!(stored(), ["petstore-admin.environment"]);
    assert!(rows(host).is_empty(), "no rows left under the form");
}

fn stored_log() -> String {
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item("petstore-admin.activity.production")
        .unwrap()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_log_outlives_a_reload_and_what_is_done_after_it_goes_in_front() {
    let sb = Sandbox::new("activity-reload");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    sign_in(&app.host, PROD_KEY).await;
    add(&app.host, "Before Reload").await;
    wait_until("the new pet", || {
        page_text(&app.host).contains("Pet added.")
    })
    .await;
    wait_until("the log stored", || stored_log().contains("Before Reload")).await;
    drop(app);
    // The tab reloads; a pet is added at once (the stored log is read after the first
    // screen, and whatever is done before then goes in front of it).
    let app = reopen_with(&sb.config()).await;
    let host = &app.host;
    wait_until("the app again", || link(host, "New pet").is_some()).await;
    follow(host, "New pet").await;
    if dialog_shown(host) {
        sign_in(host, PROD_KEY).await;
    }
    add(host, "After Reload").await;
    wait_until("the new pet", || page_text(host).contains("Pet added.")).await;
    follow(host, "Activity").await;
    wait_until("both entries", || rows(host).len() == 2).await;
    let rows = rows(host);
    assert!(rows[0][2].starts_with("Added “After Reload”"), "{rows:?}");
    assert!(rows[1][2].starts_with("Added “Before Reload”"), "{rows:?}");
    wait_until("both stored, the newer first", || {
        let log = stored_log();
        log.find("After Reload")
            .zip(log.find("Before Reload"))
            .is_some_and(|(after, before)| after < before)
    })
    .await;
}
