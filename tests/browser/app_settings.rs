//! What a deployment's `config.json` says and how the app takes it: a misspelt or misplaced
//! setting named for whoever set it up (the app starts all the same), the environments' own
//! names on every page and in a run's confirmation, and cage cards that print only what stays
//! true.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_misspelt_and_a_misplaced_setting_are_named_and_the_app_starts() {
    let sb = Sandbox::new("settings-notes");
    // Each would hold an added pet for ten seconds where it was meant; both are ignored.
    let config = sb.config_written(r#""undoSeconds":10,"#, r#""undoSecs":10,"#);
    let app = open_with("/pets?env=production", &config).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || rows(host).len() == 20).await;
    let notes = wait_for("the settings' note", || {
        host.query_selector("details.config-notes").ok().flatten()
    })
    .await;
    let said = notes.text_content().unwrap_or_default();
    for wanted in [
        "The settings this app was set up with have 2 mistakes, which were ignored.",
        "undoSecs is not a setting; did you mean undoSeconds?",
        "undoSeconds belongs at the top of config.json, not inside \"production\"",
    ] {
        assert!(said.contains(wanted), "{wanted}: {said}");
    }
    // For whoever set the app up: folded away from the manager's page until opened.
    assert!(!notes.has_attribute("open"));
}

#[wasm_bindgen_test]
async fn a_good_config_has_no_note() {
    let sb = Sandbox::new("settings-good");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || rows(host).len() == 20).await;
    assert!(host
        .query_selector("details.config-notes")
        .unwrap()
        .is_none());
}

#[wasm_bindgen_test]
async fn the_environments_own_names_are_shown_and_confirm_a_run() {
    let sb = Sandbox::new("settings-names");
    let config = sb.config_written(r#""name":"Shop","#, "");
    let app = open_with("/pets/import?env=production", &config).await;
    let host = &app.host;
    wait_until("the sign-in asks for the Shop's key", || {
        page_text(host).contains("Sign in to Shop")
    })
    .await;
    sign_in(host, PROD_KEY).await;
    common::import::paste(host, "name,categoryId\nNamed Rex,1\n").await;
    common::import::press(host, "Check rows").await;
    let start = wait_for("Start import", || button(host, "Start import")).await;
    let confirm = input(host, "Type Shop to confirm").await;
    type_into(&confirm, "production").await;
    wait_until("the service's word confirms", || {
        !start.has_attribute("disabled")
    })
    .await;
    type_into(&confirm, "SHOP").await;
    wait_until("the shop's name confirms", || {
        !start.has_attribute("disabled")
    })
    .await;
    click(&start).await;
    wait_until("sent", || page_text(host).contains("1 of 1 sent")).await;
    assert_eq!(sb.count_named("production", "Named Rex").await, 1);
    assert!(
        !page_text(host).contains("Production"),
        "the shop's name everywhere: {}",
        page_text(host)
    );
}

/// Opens Print card on production's Rex and answers the card's text.
async fn rex_card(config: &str) -> String {
    let app = open_with("/pets/1?env=production", config).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    let print = wait_for("Print card", || button(host, "Print card")).await;
    click(&print).await;
    let card = wait_for("the card", || {
        host.query_selector(".pet-card .card-code").ok().flatten()?;
        host.query_selector(".pet-card").ok().flatten()
    })
    .await;
    // Print and Close stand apart.
    let print = button(host, "Print card")
        .expect("Print card")
        .get_bounding_client_rect();
    let close = button(host, "Close")
        .expect("Close")
        .get_bounding_client_rect();
    let gap = (close.left() - print.right()).max(close.top() - print.bottom());
    assert!(gap >= 8.0, "Print card and Close {gap} px apart");
    card.text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_production_card_prints_neither_its_environment_nor_a_status_unless_asked() {
    let sb = Sandbox::new("settings-cards");
    let card = rex_card(&sb.config()).await;
    assert!(card.contains("Rex"), "{card}");
    for stale in ["Production", "Status", "available"] {
        assert!(!card.contains(stale), "{stale} on the card: {card}");
    }
    let card = rex_card(&sb.config_written("", r#""cardsShowStatus":true,"#)).await;
    assert!(
        card.contains("Status") && card.contains("available"),
        "{card}"
    );
    assert!(!card.contains("Production"), "{card}");
}
