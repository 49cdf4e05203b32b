//! A moment to take an added pet back (`undoSeconds`), against the service's own record of
//! what it received: Undo sends nothing and gives the form back as typed, Send now sends once,
//! a double press holds one pet, the time running out on another page sends once, a reload
//! during the hold sends nothing and the next visit offers the draft, Sign out everywhere
//! names the pet and sends nothing (and its question stays in place if the pet is sent
//! meanwhile), and switching environment or signing out asks first (and staying does neither,
//! sending a pet whose time ran out meanwhile, or when it runs out).

use crate::common;

use common::sandbox::{Sandbox, Seen};
use common::ui::*;
use common::PROD_KEY;
use petstore_admin::clock::advance;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn is_post(s: &Seen) -> bool {
    s.method == "POST"
}

/// The POSTs `env` of `sb` received.
async fn posts(sb: &Sandbox, env: &str) -> usize {
    sb.log(env).await.iter().filter(|s| is_post(s)).count()
}

/// Waits (up to 10 s) until `env` of `sb` has received `n` POSTs.
async fn posts_reach(sb: &Sandbox, env: &str, n: usize) {
    sb.wait_for_matching(env, n, "POSTs", is_post).await;
}

/// Waits until production has received `n` POSTs and answered them, then `ms` more for any
/// other; the POSTs it received in all.
async fn sent_in_all(sb: &Sandbox, n: usize, ms: u32) -> usize {
    posts_reach(sb, "production", n).await;
    sb.wait_until_answered("production").await;
    sb.receives_no_more("production", ms, "sent once", is_post)
        .await
}

/// The held pet's line, if shown.
fn held_line(host: &web_sys::Element) -> Option<String> {
    let line = host.query_selector("section.held").ok()??;
    Some(line.text_content().unwrap_or_default())
}

/// The add form of `sb`'s production, signed in, with `name` typed (category 4, available).
async fn form_with(sb: &Sandbox, undo_seconds: f64, name: &str) -> Mounted {
    let app = open_with("/pets/new?env=production", &sb.config_undo(undo_seconds)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, name).await;
    type_into(&input(host, "Category ID").await, "4").await;
    choose(&select(host, "Status").await, "available").await;
    app
}

/// Presses Add pet and waits for the pet to be held.
async fn add_and_hold(host: &web_sys::Element, name: &str) {
    click(&button(host, "Add pet").expect("Add pet")).await;
    let said = format!("“{name}” will be added to Production in a moment.");
    wait_until("the pet held", || {
        held_line(host).is_some_and(|l| l.contains(&said))
    })
    .await;
}

#[wasm_bindgen_test]
async fn undo_sends_nothing_and_gives_the_form_back_and_send_now_sends_once() {
    let sb = Sandbox::new("hold-undo");
    let app = form_with(&sb, 30.0, "Rex").await;
    let host = &app.host;
    // A double press holds one pet: the second press finds the first one held.
    let add = button(host, "Add pet").unwrap();
    add.click();
    add.click();
    add_and_hold(host, "Rex").await;
    // The keyboard on Undo: a second Enter takes it back.
    wait_until("the focus on Undo", || focused_id() == "held-undo").await;
    let name = input(host, "Name").await;
    let off = |input: &web_sys::HtmlInputElement| input.matches(":disabled").unwrap_or(false);
    assert!(off(&name), "the held pet's fields are what will be sent");
    assert!(button(host, "Add pet").unwrap().has_attribute("disabled"));
    // A countdown in whole seconds, from the hold's 30.
    let left = held_line(host)
        .and_then(|l| {
            let (_, after) = l.split_once("Sending in ")?;
            after.split(' ').next()?.parse::<u32>().ok()
        })
        .unwrap_or(0);
    assert!(
        (1..=30).contains(&left),
        "a countdown: {:?}",
        held_line(host)
    );
    assert_eq!(
        host.query_selector("section.held progress")
            .unwrap()
            .and_then(|p| p.get_attribute("aria-label")),
        Some("Time left to undo".to_owned())
    );
    sb.receives_no_more("production", 300, "nothing sent while held", is_post)
        .await;

    // Undo: nothing sent, the form as typed, its name ready for a fix.
    click(&button(host, "Undo").expect("Undo")).await;
    wait_until("the hold gone", || held_line(host).is_none()).await;
    assert!(!off(&name));
    assert_eq!(name.value(), "Rex");
    assert_eq!(input(host, "Category ID").await.value(), "4");
    assert_eq!(select(host, "Status").await.value(), "available");
    wait_until("the focus on the name", || focused_id() == "pet-name").await;
    let none = sb
        .receives_no_more("production", 500, "nothing sent after Undo", is_post)
        .await;
    assert_eq!(none, 0);

    // Fixed, added again, and sent at once with Send now: one pet, on its own page.
    type_into(&name, "Rex II").await;
    add_and_hold(host, "Rex II").await;
    click(&button(host, "Send now").expect("Send now")).await;
    wait_until("the new pet's page", || {
        address()
            .strip_prefix("/pets/")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    })
    .await;
    sb.wait_until_answered("production").await;
    assert_eq!(posts(&sb, "production").await, 1);
    assert!(held_line(host).is_none());
}

/// The one hold that runs out in real time (the others move the app's clock on).
#[wasm_bindgen_test]
async fn the_time_running_out_on_another_page_sends_once_there() {
    let sb = Sandbox::new("hold-elsewhere");
    let app = form_with(&sb, 6.0, "Tibbles").await;
    let host = &app.host;
    add_and_hold(host, "Tibbles").await;
    follow(host, "Pets").await;
    wait_until("the list", || by_label(host, "Limit").is_some()).await;
    assert!(
        held_line(host).is_some_and(|l| l.contains("Tibbles")),
        "the countdown on the list too"
    );
    wait_until("the hold gone", || held_line(host).is_none()).await;
    assert_eq!(sent_in_all(&sb, 1, 500).await, 1);
    assert!(
        address().starts_with("/pets?"),
        "nobody moved: {}",
        address()
    );
    // The list is read again at once, not at its next refresh (a minute here), so a pet
    // within its rows shows.
    let mut read_again = false;
    for _ in 0..100 {
        let log = sb.log("production").await;
        let post = log.iter().position(is_post).unwrap_or(log.len());
        read_again = log[post..]
            .iter()
            .any(|s| s.method == "GET" && s.path.contains("/pets?"));
        if read_again {
            break;
        }
        pause(50).await;
    }
    assert!(read_again, "the list read again after the pet was added");
}

#[wasm_bindgen_test]
async fn a_reload_during_the_hold_sends_nothing_and_the_next_visit_offers_the_draft() {
    let sb = Sandbox::new("hold-reload");
    let config = sb.config_undo(5.0);
    let app = form_with(&sb, 5.0, "Biscuit").await;
    add_and_hold(&app.host, "Biscuit").await;
    drop(app);

    let again = reopen_with(&config).await;
    let host = &again.host;
    wait_until("the pet not added, said", || {
        alerts(host).iter().any(|a| {
            a.contains("“Biscuit” was not added to Production: the page was closed or reloaded")
        })
    })
    .await;
    wait_until("the draft", || {
        by_label(host, "Name")
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|i| i.value() == "Biscuit")
    })
    .await;
    // Past the hold's time on the app's clock: the closed tab's pet never went.
    advance(Duration::from_secs(6));
    let none = sb
        .receives_no_more("production", 300, "nothing sent by a reload", is_post)
        .await;
    assert_eq!(none, 0);
    click(&button(host, "Dismiss").expect("Dismiss")).await;
    wait_until("said once", || {
        !alerts(host).iter().any(|a| a.contains("Biscuit"))
    })
    .await;
}

#[wasm_bindgen_test]
async fn sign_out_everywhere_during_the_hold_sends_nothing() {
    let sb = Sandbox::new("hold-everywhere");
    let app = form_with(&sb, 5.0, "Pudding").await;
    let host = &app.host;
    add_and_hold(host, "Pudding").await;
    click(&menu_button(host, "Sign out everywhere").await).await;
    // The question names the pet that will not be added, before anything is forgotten.
    let lost = "“Pudding”, about to be added to Production, will not be added.";
    wait_until("the held pet named", || {
        host.query_selector("#forget-what")
            .ok()
            .flatten()
            .and_then(|p| p.text_content())
            .is_some_and(|t| t.starts_with(lost))
    })
    .await;
    click(&wait_for("Forget everything", || button(host, "Forget everything")).await).await;
    wait_until("the sign-in form", || dialog_shown(host)).await;
    assert!(held_line(host).is_none());
    advance(Duration::from_secs(6));
    let none = sb
        .receives_no_more("production", 300, "nothing sent by a sign-out", is_post)
        .await;
    assert_eq!(none, 0);
    assert!(!page_text(host).contains("Pudding"), "{}", page_text(host));
}

#[wasm_bindgen_test]
async fn switching_environment_or_signing_out_during_the_hold_asks_first() {
    let sb = Sandbox::new("hold-leave");
    let app = form_with(&sb, 30.0, "Clover").await;
    let host = &app.host;
    add_and_hold(host, "Clover").await;

    // A switch asks, and waits: the environment stays until the answer.
    choose(&menu_select(host, "Environment").await, "staging").await;
    let asked = "“Clover” is about to be added to Production: send it now, or keep it as a draft?";
    wait_until("the question", || page_text(host).contains(asked)).await;
    assert_eq!(address(), "/pets/new?env=production");
    assert_eq!(menu_select(host, "Environment").await.value(), "production");
    wait_until("the focus on the harmless answer", || {
        focused_id() == "held-stay"
    })
    .await;
    // Kept as a draft: nothing sent, the switch done, the draft there on the way back.
    click(&button(host, "Keep it as a draft").unwrap()).await;
    wait_until("staging", || address() == "/pets/new?env=staging").await;
    assert!(held_line(host).is_none());
    choose(&menu_select(host, "Environment").await, "production").await;
    wait_until("the draft kept", || {
        by_label(host, "Name")
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|i| i.value() == "Clover" && !i.matches(":disabled").unwrap_or(true))
    })
    .await;
    assert_eq!(posts(&sb, "production").await, 0);

    // Sign out asks too; sent now, then signed out: one pet.
    add_and_hold(host, "Clover").await;
    click(&menu_button(host, "Sign out").await).await;
    wait_until("the question", || page_text(host).contains(asked)).await;
    assert!(!dialog_shown(host), "not signed out before the answer");
    click(&button(host, "Send it now").unwrap()).await;
    wait_until("signed out", || dialog_shown(host)).await;
    assert_eq!(sent_in_all(&sb, 1, 300).await, 1);
}

#[wasm_bindgen_test]
async fn staying_does_neither_and_sends_once_when_the_time_ran_out_meanwhile() {
    let sb = Sandbox::new("hold-stay");
    let app = form_with(&sb, 6.0, "Juniper").await;
    let host = &app.host;
    add_and_hold(host, "Juniper").await;

    // A switch asks; staying leaves the environment and the pet as they were.
    choose(&menu_select(host, "Environment").await, "staging").await;
    let asked = "“Juniper” is about to be added to Production: send it now, or keep it as a draft?";
    wait_until("the question", || page_text(host).contains(asked)).await;
    // The time runs out while the question waits: nothing is sent before the answer.
    advance(Duration::from_secs(7));
    let meanwhile = sb
        .receives_no_more("production", 300, "nothing sent while asked", is_post)
        .await;
    assert_eq!(meanwhile, 0);
    click(&button(host, "Stay in Production").expect("Stay in Production")).await;
    // Its time is up: staying sends it, once, where it was held.
    assert_eq!(sent_in_all(&sb, 1, 300).await, 1);
    // The new pet opens, in production: the switch was not done.
    wait_until("the new pet's page", || {
        let at = address();
        at.starts_with("/pets/") && !at.starts_with("/pets/new") && at.ends_with("?env=production")
    })
    .await;
    assert!(!page_text(host).contains(asked), "{}", page_text(host));
    assert_eq!(menu_select(host, "Environment").await.value(), "production");
    assert_eq!(posts(&sb, "staging").await, 0);
}

#[wasm_bindgen_test]
async fn staying_signed_in_keeps_the_key_and_the_hold() {
    let sb = Sandbox::new("hold-stay-signed-in");
    // Long enough to answer before its time, under load too; short enough to run out after.
    let app = form_with(&sb, 10.0, "Sorrel").await;
    let host = &app.host;
    add_and_hold(host, "Sorrel").await;
    click(&menu_button(host, "Sign out").await).await;
    let asked = "“Sorrel” is about to be added to Production: send it now, or keep it as a draft?";
    wait_until("the question", || page_text(host).contains(asked)).await;
    click(&button(host, "Stay signed in").expect("Stay signed in")).await;
    // The countdown is back, the keyboard on its Undo, and nothing was sent or signed out.
    wait_until("the countdown back, the keyboard on its Undo", || {
        held_line(host).is_some_and(|l| l.contains("Undo")) && focused_id() == "held-undo"
    })
    .await;
    assert!(!dialog_shown(host), "still signed in");
    assert_eq!(posts(&sb, "production").await, 0);
    // The hold goes on as before: its time runs out and sends it once, with no press.
    advance(Duration::from_secs(11));
    assert_eq!(sent_in_all(&sb, 1, 300).await, 1);
}

#[wasm_bindgen_test]
async fn a_pet_sent_while_sign_out_everywhere_asks_leaves_the_question_in_place() {
    let sb = Sandbox::new("hold-everywhere-sent");
    // Long enough to ask before its time, under load too.
    let app = form_with(&sb, 6.0, "Thyme").await;
    let host = &app.host;
    add_and_hold(host, "Thyme").await;
    click(&menu_button(host, "Sign out everywhere").await).await;
    let named = || {
        host.query_selector("#forget-what")
            .ok()
            .flatten()
            .and_then(|p| p.text_content())
            .is_some_and(|t| t.contains("“Thyme”, about to be added"))
    };
    wait_until("the held pet named", named).await;
    let dialog = host
        .query_selector("[role=alertdialog]")
        .ok()
        .flatten()
        .expect("the question");
    // This question does not hold the pet back: its time runs out and sends it.
    posts_reach(&sb, "production", 1).await;
    wait_until("the pet no longer named", || !named()).await;
    // The same question, its words but the pet's as they were: nothing drawn anew.
    assert!(dialog.is_connected(), "the question was drawn anew");
    assert!(page_text(host).contains("Sign out everywhere?"));
    click(&button(host, "Keep everything").expect("Keep everything")).await;
    assert!(!dialog_shown(host), "still signed in");
}

#[wasm_bindgen_test]
async fn a_pet_sent_from_the_list_while_it_reads_has_the_list_read_again_after() {
    let sb = Sandbox::new("hold-list-read");
    let app = form_with(&sb, 30.0, "Nugget").await;
    let host = &app.host;
    add_and_hold(host, "Nugget").await;
    follow(host, "Pets").await;
    wait_until("the list", || !rows(host).is_empty()).await;
    sb.wait_until_answered("production").await;
    let reads = sb.list_reads("production").await;
    // A read again on its way (slow) when the pet is sent: it left before the pet was added.
    sb.mode("production", "slow:1500").await;
    let before = sb.log("production").await.len();
    click(&button(host, "Refresh").expect("Refresh")).await;
    sb.wait_for_requests("production", before + 1).await;
    sb.mode("production", "normal").await;
    click(&button(host, "Send now").expect("Send now")).await;
    posts_reach(&sb, "production", 1).await;
    // Once that read is in, the list is read again, with no refresh timer set.
    sb.wait_for_matching("production", reads + 2, "list reads", Seen::is_list_read)
        .await;
    sb.wait_until_answered("production").await;
    let log = sb.log("production").await;
    let create = log.iter().position(is_post).expect("the create");
    let reads_after = log[create..].iter().filter(|s| s.method == "GET").count();
    assert_eq!(reads_after, 1, "{log:#?}");
    assert_eq!(sb.list_reads("production").await, reads + 2, "{log:#?}");
}
