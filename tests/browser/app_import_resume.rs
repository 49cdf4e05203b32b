//! Import runs interrupted and resumed: a reload, a refused key, a pause, a switch of
//! environment and a cancel in the middle; afterwards every row exists exactly once.

use crate::common;

use common::import::*;
use common::sandbox::Sandbox;
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_reload_in_the_middle_resumes_without_a_duplicate() {
    let sb = Sandbox::new("import-reload");
    sb.mode("staging", "slow:150").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    sign_in(&app.host, STAGING_KEY).await;
    paste(&app.host, &sheet("Resumed", 30, None)).await;
    press(&app.host, "Check rows").await;
    press(&app.host, "Start import").await;
    sb.wait_for_requests("staging", 8).await;
    drop(app);

    let again = reopen_with(&sb.config()).await;
    let host = &again.host;
    // Said on arrival, before anything is pressed.
    wait_until("the interrupted run said", || {
        page_text(host).contains("An import into Staging was interrupted: ")
            && page_text(host).contains("Check rows to see and go on.")
    })
    .await;
    press(host, "Check rows").await;
    wait_until("the earlier outcomes", || {
        page_text(host).contains("Created: ")
    })
    .await;
    press(host, "Start import").await;
    wait_until("done", || page_text(host).contains("Done.")).await;
    // Rows sent before the reload and not answered then are "unknown", never sent again; their
    // requests still reach the service: wait for every answer before counting.
    sb.wait_until_answered("staging").await;
    let counts = count_named(&sb, "staging", STAGING_KEY, "Resumed").await;
    assert!(
        counts.iter().all(|n| *n == 1),
        "each row exactly once: {counts:?}"
    );
}

#[wasm_bindgen_test]
async fn a_refused_key_in_the_middle_pauses_and_signing_in_resumes() {
    let sb = Sandbox::new("import-401");
    sb.mode("staging", "slow:100").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Keyed", 30, None)).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    sb.wait_for_requests("staging", 6).await;
    sb.rotate_key("staging", "rotated-staging-key").await;
    wait_until("the sign-in form", || dialog_shown(host)).await;
    wait_until("paused", || {
        page_text(host).contains("Paused: sign in again")
    })
    .await;
    sign_in(host, "rotated-staging-key").await;
    wait_until("done", || page_text(host).contains("Done.")).await;
    let counts = count_named(&sb, "staging", "rotated-staging-key", "Keyed").await;
    assert!(
        counts.iter().all(|n| *n == 1),
        "each row exactly once: {counts:?}"
    );
    let refused = sb
        .log("staging")
        .await
        .iter()
        .filter(|s| s.status == 401)
        .count();
    assert!(
        refused <= 2,
        "at most the two in flight were refused: {refused}"
    );
}

#[wasm_bindgen_test]
async fn pause_resume_and_a_switch_of_environment_send_nothing_meanwhile() {
    let sb = Sandbox::new("import-pause");
    sb.mode("staging", "slow:150").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Paused", 30, None)).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    sb.wait_for_requests("staging", 4).await;
    press(host, "Pause").await;
    wait_until("paused", || page_text(host).contains("Paused.")).await;
    // What was in flight is answered; then nothing more is sent while paused.
    sb.wait_until_answered("staging").await;
    let sent = sb
        .receives_no_more("staging", 400, "nothing sent while paused", |_| true)
        .await;

    // Resumed, then switched away: the run stops, and nothing goes to the other environment.
    press(host, "Resume").await;
    sb.wait_for_requests("staging", sent + 2).await;
    choose(&menu_select(host, "Environment").await, "production").await;
    sign_in(host, PROD_KEY).await;
    wait_until("production's own page", || {
        page_text(host).contains("Import pets") && !page_text(host).contains("Paused 1")
    })
    .await;
    sb.wait_until_answered("staging").await;
    sb.receives_no_more("staging", 300, "the switch stopped the run", |_| true)
        .await;
    assert!(sb
        .log("production")
        .await
        .iter()
        .all(|s| s.method != "POST"));
    // Back in staging, the page says the run stopped, and Check rows goes on from there.
    choose(&menu_select(host, "Environment").await, "staging").await;
    wait_until("the interrupted run said", || {
        page_text(host).contains("An import into Staging was interrupted: ")
    })
    .await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    wait_until("done", || page_text(host).contains("Done.")).await;
    sb.wait_until_answered("staging").await;
    let counts = count_named(&sb, "staging", STAGING_KEY, "Paused").await;
    assert!(
        counts.iter().all(|n| *n == 1),
        "each row exactly once: {counts:?}"
    );
    assert!(sb
        .log("production")
        .await
        .iter()
        .all(|s| s.method != "POST"));
}

#[wasm_bindgen_test]
async fn cancel_stops_and_start_goes_on_with_the_rest() {
    let sb = Sandbox::new("import-cancel");
    sb.mode("staging", "slow:150").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Cancelled", 12, None)).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    sb.wait_for_requests("staging", 2).await;
    press(host, "Cancel").await;
    wait_until("cancelled", || page_text(host).contains("Cancelled.")).await;
    sb.wait_until_answered("staging").await;
    sb.receives_no_more("staging", 400, "the cancel stopped the run", |s| {
        s.method == "POST"
    })
    .await;
    let sent = sb.log("staging").await.len();
    assert!(sent < 12, "the run stopped: {sent}");
    press(host, "Start import").await;
    wait_until("done", || {
        page_text(host).contains("12 of 12 sent, 0 refused. Done.")
    })
    .await;
    assert_eq!(sb.log("staging").await.len(), 12, "no row sent twice");
}
