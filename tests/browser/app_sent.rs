//! One record of every pet sent: each path that once created a pet twice, against a slow
//! service, counting the creates the service itself received. Check rows is off while an
//! import sends; the import page left and come back to mid-run shows its rows still on their
//! way, not unknown, and sends the rest once; a copy into a production fuller than its reads
//! shows the copied pet as there and never copies it again; Copy is off while a copy sends, and
//! the typed confirmation is empty at each copy's start; a held pet sent while the manager is
//! on the list is said there and shown there; a read pet is gone from the page once its
//! environment is signed out.

use crate::common;

use common::import::{paste, press, sheet};
use common::sandbox::{Sandbox, Seen};
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlButtonElement};

fn is_post(s: &Seen) -> bool {
    s.method == "POST"
}

/// Whether the button named `name` is shown and off.
fn off(host: &Element, name: &str) -> bool {
    button(host, name)
        .and_then(|b| b.dyn_into::<HtmlButtonElement>().ok())
        .is_some_and(|b| b.disabled())
}

/// Waits (up to 10 s) until `env` of `sb` has received `n` POSTs.
async fn posts_reach(sb: &Sandbox, env: &str, n: usize) {
    for _ in 0..200 {
        if sb.log(env).await.iter().filter(|s| is_post(s)).count() >= n {
            return;
        }
        pause(50).await;
    }
    panic!("{env} did not receive {n} POSTs within 10 s");
}

/// Every POST `env` received, once all were answered and no other came for a moment (a read
/// the page gave up on, as it was left, is never answered: only creates are waited for).
async fn posts_in_all(sb: &Sandbox, env: &str) -> usize {
    for _ in 0..200 {
        if sb
            .log(env)
            .await
            .iter()
            .all(|s| !is_post(s) || s.status != 0)
        {
            break;
        }
        pause(50).await;
    }
    sb.receives_no_more(env, 500, "no more creates", is_post)
        .await
}

#[wasm_bindgen_test]
async fn check_rows_is_off_while_an_import_sends_and_no_row_goes_twice() {
    let sb = Sandbox::new("sent-check-rows");
    sb.mode("staging", "slow:1500").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Checked", 3, None)).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    posts_reach(&sb, "staging", 2).await;
    // Two rows on their way: checking again would draw the rows anew under them.
    wait_until("Check rows off", || off(host, "Check rows")).await;
    button(host, "Check rows").unwrap().click();
    settle().await;
    assert!(
        !page_text(host).contains("Unknown"),
        "no row on its way is taken for lost: {}",
        page_text(host)
    );
    wait_until("done", || {
        page_text(host).contains("3 of 3 sent, 0 refused. Done.")
    })
    .await;
    assert!(!off(host, "Check rows"), "on again once nothing is sent");
    assert_eq!(posts_in_all(&sb, "staging").await, 3, "each row sent once");
}

#[wasm_bindgen_test]
async fn the_import_left_and_come_back_to_mid_run_sends_the_rest_once() {
    let sb = Sandbox::new("sent-left");
    sb.mode("staging", "slow:1500").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Left", 3, None)).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    posts_reach(&sb, "staging", 2).await;
    follow(host, "Pets").await;
    wait_until("the list", || address().starts_with("/pets?")).await;
    follow(host, "Import").await;
    // The rows on their way are still on their way: Check rows waits for them, then shows
    // them created, and Start sends only the third.
    wait_until("Check rows on once they are answered", || {
        button(host, "Check rows").is_some() && !off(host, "Check rows")
    })
    .await;
    press(host, "Check rows").await;
    wait_until("the two rows created", || {
        page_text(host).contains("2 of 3 sent, 0 refused.")
    })
    .await;
    assert!(!page_text(host).contains("Unknown"), "{}", page_text(host));
    press(host, "Start import").await;
    wait_until("done", || {
        page_text(host).contains("3 of 3 sent, 0 refused. Done.")
    })
    .await;
    assert_eq!(posts_in_all(&sb, "staging").await, 3, "each row sent once");
    for i in 1..=3 {
        let name = format!("Left {i}");
        assert_eq!(sb.count_named("staging", &name).await, 1, "{name}");
    }
}

/// Opens the compare page of `sb`, signed in to both environments.
async fn compare_signed_in(sb: &Sandbox) -> Mounted {
    let app = open_with("/compare?env=staging", &sb.config()).await;
    let host = &app.host;
    let dialog = wait_for("the dialog", || {
        host.query_selector("[role=dialog]").ok().flatten()
    })
    .await;
    sign_in(&dialog, STAGING_KEY).await;
    let form = wait_for("the form in the page", || {
        host.query_selector(".inline-sign-in").ok().flatten()
    })
    .await;
    type_into(&input(&form, "API key for Production").await, PROD_KEY).await;
    press(&form, "Sign in").await;
    wait_until("the groups", || page_text(host).contains("Only in Staging")).await;
    app
}

/// Ticks staging's pet named `name` in "Only in Staging".
async fn tick(host: &Element, name: &str) {
    let label = format!("Choose {name}");
    let found = wait_for(&label, || {
        let boxes = host
            .query_selector_all("section[aria-labelledby=only-staging] label.choose")
            .ok()?;
        (0..boxes.length())
            .filter_map(|i| boxes.item(i)?.dyn_into::<Element>().ok())
            .find(|l| l.text_content().unwrap_or_default().trim() == label)
    })
    .await;
    found.unchecked_into::<web_sys::HtmlElement>().click();
    settle().await;
}

/// The Copy button of "Only in Staging".
fn copy_button(host: &Element) -> Option<web_sys::HtmlElement> {
    let section = host
        .query_selector("section[aria-labelledby=only-staging]")
        .ok()??;
    let buttons = section.query_selector_all("button").ok()?;
    (0..buttons.length())
        .filter_map(|i| buttons.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
        .find(|b| b.text_content().unwrap_or_default().starts_with("Copy "))
}

#[wasm_bindgen_test]
async fn a_copy_into_a_crowded_production_is_there_and_never_copied_again() {
    let sb = Sandbox::new("crowded-sent-copy");
    sb.mode("production", "slow:800").await;
    let app = compare_signed_in(&sb).await;
    let host = &app.host;
    tick(host, "Staging Sam").await;
    click(&copy_button(host).expect("the Copy button")).await;
    // Production holds more than its reads reach: the copy says a pet there may be unseen.
    wait_until("the crowded store said", || {
        page_text(host).contains("Production holds more pets than one read shows")
    })
    .await;
    let confirm = input(host, "Type Production to confirm").await;
    type_into(&confirm, "production").await;
    press(host, "Start copy").await;
    // Typed for this copy only; and no other copy starts while it sends.
    wait_until("the confirmation emptied", || confirm.value().is_empty()).await;
    tick(host, "Staging Tilly").await;
    assert!(
        copy_button(host).is_some_and(|b| b.unchecked_into::<HtmlButtonElement>().disabled()),
        "Copy is off while a copy sends"
    );
    wait_until("done", || page_text(host).contains("Done.")).await;
    // Read again: production reads 100 pets of each status of its 400, and not the copy; it
    // shows as there all the same.
    wait_until("Sam in both", || {
        let only = host
            .query_selector("section[aria-labelledby=only-staging]")
            .ok()
            .flatten()
            .and_then(|s| s.text_content())
            .unwrap_or_default();
        !only.contains("Staging Sam") && only.contains("Staging Tilly")
    })
    .await;
    // Every pet only in staging copied: Sam is not among them.
    press(host, "Close").await;
    let choose_all = wait_for("Choose all", || {
        let section = host
            .query_selector("section[aria-labelledby=only-staging]")
            .ok()??;
        button(&section, "Choose all")
    })
    .await;
    click(&choose_all).await;
    click(&copy_button(host).expect("the Copy button")).await;
    let confirm = input(host, "Type Production to confirm").await;
    assert_eq!(confirm.value(), "", "typed again for each copy");
    type_into(&confirm, "production").await;
    press(host, "Start copy").await;
    wait_until("done", || page_text(host).contains("Done.")).await;
    posts_in_all(&sb, "production").await;
    for name in ["Staging Sam", "Staging Tilly", "Staging Hugo"] {
        assert_eq!(sb.count_named("production", name).await, 1, "{name}");
    }
}

#[wasm_bindgen_test]
async fn a_held_pet_sent_while_on_the_list_is_said_and_shown_there() {
    let sb = Sandbox::new("sent-on-list");
    let app = open_with("/pets/new?env=production", &sb.config_undo(1.0)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, "Tiger").await;
    type_into(&input(host, "Category ID").await, "4").await;
    click(&button(host, "Add pet").expect("Add pet")).await;
    wait_until("held", || {
        page_text(host).contains("will be added to Production in a moment")
    })
    .await;
    follow(host, "Pets").await;
    // Its time runs out on the app's clock, while the manager is on the list.
    petstore_admin::clock::advance(std::time::Duration::from_secs(2));
    wait_until("the pet said added on the list", || {
        page_text(host).contains("“Tiger” was added to Production with ID")
    })
    .await;
    // The list reads its first 20 of 25 pets, oldest first: the new one is not among them,
    // and shows first all the same, marked.
    wait_until("Tiger first on the list", || {
        rows(host)
            .first()
            .is_some_and(|r| r.iter().any(|c| c.contains("Tiger")))
    })
    .await;
    assert!(
        rows(host)[0].join(" ").contains("Added here"),
        "{:?}",
        rows(host)[0]
    );
    assert_eq!(posts_in_all(&sb, "production").await, 1);
    // It stays until dismissed.
    press(host, "Dismiss").await;
    assert!(!page_text(host).contains("was added to Production with ID"));
}

#[wasm_bindgen_test]
async fn a_pet_read_before_a_sign_out_is_gone_from_its_page() {
    let sb = Sandbox::new("sent-sign-out");
    sb.get_pet("production", false).await;
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || {
        rows(host).iter().any(|r| r.join(" ").contains("Rex"))
    })
    .await;
    follow(host, "Rex").await;
    wait_until("Rex's page", || page_text(host).contains("Category")).await;
    // Read once through the lists (getPet is gone): the next visit shows it at once.
    follow(host, "Back to the list").await;
    wait_until("the rows", || {
        rows(host).iter().any(|r| r.join(" ").contains("Rex"))
    })
    .await;
    follow(host, "Rex").await;
    wait_until("Rex's page", || page_text(host).contains("Category")).await;
    let pet_page = address();
    click(&menu_button(host, "Sign out").await).await;
    wait_until("the sign-in form", || dialog_shown(host)).await;
    // Back to the list, and Forward to the pet's page again, as the browser's buttons do.
    let history = web_sys::window().unwrap().history().unwrap();
    history.back().unwrap();
    wait_until("back on the list", || {
        address() != pet_page && page_text(host).contains("Sign in to see the pets.")
    })
    .await;
    history.forward().unwrap();
    wait_until("the pet's page drawn again", || {
        address() == pet_page && page_text(host).contains("Back to the list")
    })
    .await;
    holds_for("no pet of the signed-out environment drawn", 1000, || {
        !page_text(host).contains("Rex")
    })
    .await;
}
