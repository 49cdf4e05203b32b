//! A create in sequence with leaving the form, coming back, switching environment and
//! reloading, against a slow service: one press makes at most one pet, the app never moves
//! the user by itself later, and what it says names the environment the pet went to.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use wasm_bindgen_test::*;

async fn fill(host: &web_sys::Element, name: &str) {
    type_into(&input(host, "Name").await, name).await;
    type_into(&input(host, "Category ID").await, "4").await;
}

/// A sandbox whose production answers take `slow` (the dev service's `slow:` mode), the add
/// form opened and signed in there, and `name` sent with Add pet: a create on its way.
async fn slow_create(sandbox: &str, slow: &str, name: &str) -> (Sandbox, Mounted) {
    let sb = Sandbox::new(sandbox);
    sb.mode("production", slow).await;
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    sign_in(&app.host, PROD_KEY).await;
    fill(&app.host, name).await;
    click(&button(&app.host, "Add pet").unwrap()).await;
    (sb, app)
}

async fn posts(sb: &Sandbox, env: &str) -> Vec<u16> {
    let log = sb.log(env).await;
    log.iter()
        .filter(|s| s.method == "POST")
        .map(|s| s.status)
        .collect()
}

/// Waits until `env` has answered every POST it received (reads left by the user are aborted
/// and stay unanswered).
async fn posts_answered(sb: &Sandbox, env: &str) {
    for _ in 0..200 {
        let p = posts(sb, env).await;
        if !p.is_empty() && p.iter().all(|s| *s != 0) {
            return;
        }
        pause(50).await;
    }
    panic!("the POST was not answered within 10 s");
}

#[wasm_bindgen_test]
async fn leaving_and_returning_during_a_create_offers_no_second_one_and_never_navigates_later() {
    let (sb, app) = slow_create("leave-create", "slow:1500", "Slow Sam").await;
    let host = &app.host;
    follow(host, "Pets").await;
    wait_until("the list", || by_label(host, "Limit").is_some()).await;
    follow(host, "New pet").await;
    wait_until("the form says the create is on its way", || {
        page_text(host).contains("Adding “Slow Sam” to Production…")
    })
    .await;
    let add = button(host, "Add pet").unwrap();
    assert!(
        add.has_attribute("disabled"),
        "no second create of the same pet"
    );
    add.click();

    wait_until("the outcome on the form", || {
        page_text(host).contains("“Slow Sam” was added to Production")
    })
    .await;
    assert!(
        address().starts_with("/pets/new"),
        "no navigation: {}",
        address()
    );
    assert_eq!(posts(&sb, "production").await, [201]);
    assert_eq!(
        input(host, "Name").await.value(),
        "",
        "the created draft is gone"
    );
}

#[wasm_bindgen_test]
async fn a_create_answered_after_switching_environment_moves_nobody() {
    let (sb, app) = slow_create("switch-create", "slow:1000", "Wandering Wanda").await;
    let host = &app.host;
    follow(host, "Pets").await;
    wait_until("the list", || by_label(host, "Limit").is_some()).await;
    choose(&menu_select(host, "Environment").await, "staging").await;
    sign_in(host, STAGING_KEY).await;
    choose(&select(host, "Status").await, "sold").await;
    posts_answered(&sb, "production").await;
    // A late move would follow the answer within a few milliseconds: watch a while.
    holds_for("the address as chosen", 300, || {
        address() == "/pets?env=staging&status=sold"
    })
    .await;
    assert!(posts(&sb, "staging").await.is_empty());
    assert_eq!(posts(&sb, "production").await, [201]);
}

/// What this tab keeps as `env`'s draft, if anything.
fn stored_draft(env: &str) -> Option<String> {
    let storage = web_sys::window()?.session_storage().ok()??;
    storage
        .get_item(&format!("petstore-admin.new-pet-draft.{env}"))
        .ok()?
}

#[wasm_bindgen_test]
async fn sign_out_everywhere_during_a_create_frees_the_form_and_its_late_answer_touches_nothing() {
    let (sb, app) = slow_create("sign-out-create", "slow:1500", "Early Ed").await;
    let host = &app.host;
    wait_until("the create on its way", || {
        page_text(host).contains("Adding “Early Ed” to Production…")
    })
    .await;
    click(&menu_button(host, "Sign out everywhere").await).await;
    click(&wait_for("Forget everything", || button(host, "Forget everything")).await).await;
    wait_until("the sign-in form", || dialog_shown(host)).await;

    // The next person: an empty form, free to add, saying nothing of the last one's pet.
    sign_in(host, PROD_KEY).await;
    wait_until("the add form", || button(host, "Add pet").is_some()).await;
    assert!(
        !button(host, "Add pet").unwrap().has_attribute("disabled"),
        "the last person's create holds nobody up"
    );
    assert!(!page_text(host).contains("Early Ed"), "{}", page_text(host));
    type_into(&input(host, "Name").await, "Next Nia").await;
    posts_answered(&sb, "production").await;
    // The late answer would land within a few milliseconds: watch a while.
    holds_for("the next person's form and draft as they are", 300, || {
        !page_text(host).contains("Early Ed")
            && stored_draft("production").is_some_and(|d| d.contains("Next Nia"))
    })
    .await;
    assert_eq!(
        posts(&sb, "production").await,
        [201],
        "one pet, nothing more"
    );
}

#[wasm_bindgen_test]
async fn a_create_sent_after_sign_out_everywhere_is_shown_though_the_one_before_answers_later() {
    let (sb, app) = slow_create("sign-out-create-again", "slow:1500", "Early Ed").await;
    let host = &app.host;
    sb.wait_for_requests("production", 1).await;
    click(&menu_button(host, "Sign out everywhere").await).await;
    click(&wait_for("Forget everything", || button(host, "Forget everything")).await).await;
    wait_until("the sign-in form", || dialog_shown(host)).await;

    // The next person's create is answered at once, while the last one's is still slow.
    sb.mode("production", "normal").await;
    sign_in(host, PROD_KEY).await;
    fill(host, "Next Nia").await;
    click(&wait_for("Add pet", || button(host, "Add pet")).await).await;
    // The new pet's own page: `/pets/` and its id.
    let on_new_pet = || {
        address()
            .strip_prefix("/pets/")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    };
    wait_until("the next person's new pet", || {
        on_new_pet() && page_text(host).contains("Next Nia")
    })
    .await;
    let shown = address();
    posts_answered(&sb, "production").await;
    assert_eq!(posts(&sb, "production").await, [201, 201]);
    // The late answer would land within a few milliseconds: watch a while.
    holds_for(
        "the next person's pet, and nothing of the last one's",
        300,
        || address() == shown && !page_text(host).contains("Early Ed"),
    )
    .await;
    // Back on the form: the next person's pet is the one said, and the form is free.
    follow(host, "New pet").await;
    wait_until("the form with the next person's outcome", || {
        page_text(host).contains("“Next Nia” was added to Production")
    })
    .await;
    assert!(!page_text(host).contains("Early Ed"), "{}", page_text(host));
    assert!(!button(host, "Add pet").unwrap().has_attribute("disabled"));
}

#[wasm_bindgen_test]
async fn a_reload_during_a_create_says_its_outcome_is_unknown() {
    let (sb, app) = slow_create("reload-create", "slow:1500", "Reloaded Rita").await;
    sb.wait_for_requests("production", 1).await;
    drop(app);

    let again = reopen_with(&sb.config()).await;
    let host = &again.host;
    wait_until("the unknown outcome", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("reloaded while “Reloaded Rita” was being added to Production"))
    })
    .await;
    assert!(link(host, "Check the list").is_some());
    assert_eq!(input(host, "Name").await.value(), "Reloaded Rita");
}

#[wasm_bindgen_test]
async fn a_refusal_in_one_environment_is_not_shown_in_the_other() {
    let sb = Sandbox::new("error-env");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    sb.mode("production", "error-503").await;
    fill(host, "Unlucky Uma").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the unknown outcome", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("created in Production"))
    })
    .await;
    let check = link(host, "Check the list").unwrap();
    assert_eq!(
        check.get_attribute("href").as_deref(),
        Some("/pets?env=production")
    );

    choose(&menu_select(host, "Environment").await, "staging").await;
    sign_in(host, STAGING_KEY).await;
    wait_until("the staging form", || {
        page_text(host).contains("added to Staging.")
    })
    .await;
    assert!(alerts(host).is_empty(), "{:?}", alerts(host));
    assert!(link(host, "Check the list").is_none());
    choose(&menu_select(host, "Environment").await, "production").await;
    wait_until("production's outcome again", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("created in Production"))
    })
    .await;
}

#[wasm_bindgen_test]
async fn small_things_limit_message_ids_beyond_int64_and_unknown_environments() {
    let app = open("/pets?env=foo").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the note", || {
        page_text(host).contains("Unknown environment “foo” in the address: showing Production.")
    })
    .await;
    assert_eq!(address(), "/pets?env=production");

    let limit = input(host, "Limit").await;
    type_into(&limit, "101").await;
    wait_until("the limit message", || {
        page_text(host).contains("from 1 to 100")
    })
    .await;
    assert_eq!(limit.get_attribute("aria-invalid").as_deref(), Some("true"));
    type_into(&limit, "7").await;
    wait_until("the message gone", || {
        !page_text(host).contains("from 1 to 100")
    })
    .await;
    assert_eq!(
        limit.get_attribute("aria-invalid").as_deref(),
        Some("false")
    );
    wait_until("7 rows", || rows(host).len() == 7).await;
    drop(app);

    let app = open("/pets/9223372036854775808?env=production").await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the explanation", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("is not a pet ID: no pet can have this number"))
    })
    .await;
    assert!(sent().iter().all(|(_, url, _)| !url.contains("/pets/")));
}
