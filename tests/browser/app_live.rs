//! The list on a tablet left open all day: it reads again by itself (`refreshSeconds`), keeps
//! every unchanged row as it is, marks what is new or changed, says how old it is, keeps its
//! rows through a failed read, waits for typing, and sends nothing more with a refused key.
//! (The tab hidden and shown again is tested end to end, where a real second tab hides it.)

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use petstore_admin::api::{Client, NewPet, PetStatus};
use petstore_admin::clock::advance;
use std::time::Duration;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// The whole store (24 pets): a pet added later is in the list.
const ALL: &str = "/pets?env=production&limit=100";

async fn open_live(sandbox: &Sandbox, path: &str) -> Mounted {
    let app = open_with(path, &sandbox.config_refresh("0.5")).await;
    sign_in(&app.host, PROD_KEY).await;
    app
}

async fn open_list(sandbox: &Sandbox, path: &str) -> Mounted {
    let app = open_live(sandbox, path).await;
    wait_until("the rows", || !rows(&app.host).is_empty()).await;
    app
}

async fn add(sandbox: &Sandbox, name: &str, status: PetStatus) -> i64 {
    let client = Client::new(&sandbox.base("production"), PROD_KEY);
    let new = NewPet {
        name: name.to_owned(),
        category_id: 7,
        status: Some(status),
    };
    client.create_pet(&new).await.unwrap().id
}

/// The `datetime` of the age line: it changes with every read that came back.
fn read_stamp(host: &web_sys::Element) -> Option<String> {
    host.query_selector(".freshness time")
        .ok()
        .flatten()
        .and_then(|t| t.get_attribute("datetime"))
}

fn by_name(host: &web_sys::Element, name: &str) -> Option<Vec<String>> {
    rows(host).into_iter().find(|r| r[1].starts_with(name))
}

fn first_row(host: &web_sys::Element) -> web_sys::Element {
    host.query_selector("table tbody tr").unwrap().unwrap()
}

/// Counts every change under the table's body from now on (rows added or removed,
/// attributes, text), in `window.__mutations`.
fn watch_body(host: &web_sys::Element) {
    let body = host.query_selector("table tbody").unwrap().unwrap();
    let watch = js_sys::Function::new_with_args(
        "body",
        "window.__mutations = 0; \
         new MutationObserver(r => { window.__mutations += r.length; }) \
           .observe(body, { childList: true, subtree: true, attributes: true, characterData: true });",
    );
    watch.call1(&JsValue::NULL, &body).unwrap();
}

fn mutations() -> f64 {
    js_sys::Reflect::get(&web_sys::window().unwrap(), &"__mutations".into())
        .unwrap()
        .as_f64()
        .unwrap()
}

/// Waits for the next read that came back and was drawn.
async fn next_read(host: &web_sys::Element) {
    let before = read_stamp(host);
    wait_until("a read again", || read_stamp(host) != before).await;
}

#[wasm_bindgen_test]
async fn an_unchanged_read_again_touches_no_row_and_says_nothing() {
    let sandbox = Sandbox::new("live-unchanged");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    wait_until("the age line", || {
        page_text(host).contains("Updated just now")
    })
    .await;
    let reads = sandbox.list_reads("production").await;
    let first = first_row(host);
    watch_body(host);
    next_read(host).await;
    next_read(host).await;
    // (The first of the two may have been on its way already.)
    assert!(sandbox.list_reads("production").await > reads);
    assert_eq!(mutations(), 0.0, "an unchanged read changed the rows");
    assert!(first.is_same_node(Some(&first_row(host))));
    assert_eq!(text_of(host, ".changes"), "", "nothing to announce");
    assert!(!page_text(host).contains("Loading pets"));
}

#[wasm_bindgen_test]
async fn a_pet_added_and_one_sold_elsewhere_show_up_marked_and_said_once() {
    let sandbox = Sandbox::new("live-news");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    let first = first_row(host);
    let id = add(&sandbox, "Comet", PetStatus::Available).await;
    // Rex (id 1) is sold at the till meanwhile.
    sandbox.set_status("production", 1, "sold").await;
    wait_until("Comet shows up", || by_name(host, "Comet").is_some()).await;
    wait_until("Rex's change shows", || {
        by_name(host, "Rex").is_some_and(|r| r[3] == "sold, was available")
    })
    .await;
    let comet = by_name(host, "Comet").unwrap();
    assert_eq!(comet[0], id.to_string());
    assert_eq!(comet[1], "Comet New");
    assert_eq!(text_of(host, ".changes"), "1 new pet, 1 changed.");
    assert!(
        !first.is_same_node(Some(&first_row(host))),
        "Rex's row is drawn anew: it changed"
    );
    // An unchanged read keeps the marks (they last minutes) and announces nothing new: the
    // live region's text stays as it was.
    let second = host
        .query_selector("table tbody tr:nth-child(2)")
        .unwrap()
        .unwrap();
    watch_body(host);
    next_read(host).await;
    assert_eq!(mutations(), 0.0);
    let second_now = host.query_selector("table tbody tr:nth-child(2)").unwrap();
    assert!(second.is_same_node(second_now.as_deref()));
    assert_eq!(by_name(host, "Comet").unwrap()[1], "Comet New");
    assert_eq!(text_of(host, ".changes"), "1 new pet, 1 changed.");
}

#[wasm_bindgen_test]
async fn a_pet_whose_status_changed_away_is_said_to_have_left() {
    let sandbox = Sandbox::new("live-left");
    let app = open_list(&sandbox, "/pets?env=production&status=available&limit=100").await;
    let host = &app.host;
    assert!(by_name(host, "Mittens").is_some());
    sandbox.set_status("production", 2, "sold").await;
    wait_until("Mittens leaves", || by_name(host, "Mittens").is_none()).await;
    assert_eq!(
        text_of(host, ".changes"),
        "1 pet left this list (no longer available)."
    );
}

/// Whether the list's rows are marked busy (a read on its way over them).
fn rows_busy(host: &web_sys::Element) -> bool {
    let rows = all(host, ".rows");
    rows.first().and_then(|r| r.get_attribute("aria-busy")) == Some("true".into())
}

#[wasm_bindgen_test]
async fn refresh_pressed_says_the_list_is_loading_until_its_answer_is_in() {
    let sandbox = Sandbox::new("live-refresh");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    let count = rows(host).len();
    assert!(!rows_busy(host), "nothing on its way yet");
    // The timer's reads go on (every 0.5 s here), none said; the press's own read is.
    sandbox.mode("production", "slow:1000").await;
    click(&button(host, "Refresh").expect("Refresh")).await;
    wait_until("loading said, the rows marked busy", || {
        page_text(host).contains("Loading pets") && rows_busy(host)
    })
    .await;
    assert_eq!(rows(host).len(), count, "the rows stay while it reads");
    wait_until("the answer in", || {
        !page_text(host).contains("Loading pets") && !rows_busy(host)
    })
    .await;
    assert_eq!(rows(host).len(), count);
}

#[wasm_bindgen_test]
async fn a_failed_read_again_keeps_the_rows_and_says_so_quietly() {
    let sandbox = Sandbox::new("live-failed");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    let count = rows(host).len();
    sandbox.mode("production", "html-500").await;
    wait_until("the failure is said", || {
        page_text(host).contains("Could not update at")
    })
    .await;
    assert_eq!(rows(host).len(), count, "the rows stay");
    assert!(alerts(host).is_empty(), "no alert over the page");
    assert!(button(host, "Try again").is_none());
    assert!(!page_text(host).contains("Loading pets"));
    sandbox.mode("production", "normal").await;
    wait_until("updated again", || {
        page_text(host).contains("Updated just now")
    })
    .await;
    assert!(!page_text(host).contains("Could not update"));
}

#[wasm_bindgen_test]
async fn a_due_read_waits_until_the_typing_pauses() {
    let sandbox = Sandbox::new("live-typing");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    let search = input(host, "Find a pet").await;
    // Types a letter every 300 ms of the app's clock for three seconds (six refresh
    // periods): no read again meanwhile.
    let reads = sandbox.list_reads("production").await;
    for text in [
        "b", "bu", "bud", "budd", "buddy", "budd", "bud", "bu", "b", "bu",
    ] {
        type_into(&search, text).await;
        advance(Duration::from_millis(300));
        settle().await;
    }
    assert_eq!(
        sandbox.list_reads("production").await,
        reads,
        "read while typing"
    );
    assert_eq!(search.value(), "bu", "the search box is as typed");
    // Not within two seconds of the last keystroke...
    advance(Duration::from_millis(1_000));
    sandbox
        .receives_no_more("production", 200, "read before the typing paused", |s| {
            s.method == "GET"
        })
        .await;
    // ...then, the typing paused, the read comes.
    advance(Duration::from_millis(1_000));
    let mut read = false;
    for _ in 0..100 {
        read = sandbox.list_reads("production").await > reads;
        if read {
            break;
        }
        pause(50).await;
    }
    assert!(read, "a read after the typing paused");
    assert_eq!(search.value(), "bu");
    assert!(address().contains("q=bu"));
}

#[wasm_bindgen_test]
async fn a_refused_key_is_sent_once_and_never_again_by_the_timer() {
    let sandbox = Sandbox::new("live-refused");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    sandbox.rotate_key("production", "rotated-key").await;
    wait_until("the sign-in form", || dialog_shown(host)).await;
    let refused = sandbox.count_with_key("production", PROD_KEY).await;
    // Ten refresh periods with the form showing: the timer sends nothing.
    let watched = sandbox
        .receives_no_more("production", 5000, "the timer sent the refused key", |s| {
            s.auth == PROD_KEY
        })
        .await;
    assert_eq!(watched, refused);
    let log = sandbox.log("production").await;
    assert_eq!(log.iter().filter(|s| s.status == 401).count(), 1);
    sign_in(host, "rotated-key").await;
    wait_until("the rows again", || rows(host).len() == 24).await;
    next_read(host).await;
    assert_eq!(
        sandbox.count_with_key("production", PROD_KEY).await,
        refused
    );
}

#[wasm_bindgen_test]
async fn a_pets_page_says_when_it_was_read_and_reads_again() {
    let sandbox = Sandbox::new("live-pet");
    let app = open_live(&sandbox, "/pets/6?env=production").await;
    let host = &app.host;
    wait_until("Luna's page", || page_text(host).contains("Read at")).await;
    assert!(page_text(host).contains("pending"));
    sandbox.set_status("production", 6, "sold").await;
    wait_until("the new status", || {
        host.query_selector(".pet-details .status")
            .ok()
            .flatten()
            .is_some_and(|s| s.text_content().unwrap_or_default() == "sold")
    })
    .await;
    assert!(button(host, "Refresh").is_some());
}

fn text_of(host: &web_sys::Element, selector: &str) -> String {
    host.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        .map(|e| e.inner_text().trim().to_owned())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_newest_pet_of_a_big_store_is_found_by_a_search_from_the_default_list() {
    let sandbox = Sandbox::new("live-big");
    // 24 seeded pets and 115 more: 139, listed oldest first; then the newest.
    let statuses = [PetStatus::Available, PetStatus::Pending, PetStatus::Sold];
    for n in 0..115 {
        add(&sandbox, &format!("Stock {n}"), statuses[n % 3].clone()).await;
    }
    let newest = add(&sandbox, "Nora the Newest", PetStatus::Available).await;
    let app = open_list(&sandbox, "/pets?env=production").await;
    let host = &app.host;
    assert_eq!(rows(host).len(), 20, "the default limit");
    // While the wider reads are on their way, the page says it is loading: its matches may
    // still change.
    sandbox.mode("production", "slow:300").await;
    type_into(&input(host, "Find a pet").await, "nora").await;
    wait_until("loading said", || page_text(host).contains("Loading pets…")).await;
    wait_until("the newest pet found", || {
        rows(host).iter().any(|r| r[0] == newest.to_string())
    })
    .await;
    assert!(!page_text(host).contains("Loading pets…"));
    sandbox.mode("production", "normal").await;
    // One note: what the search covered and matched, and that the service stops at 100 (its
    // read of all pets came back full). Nothing about raising a limit it cannot pass.
    let most = "The service gives at most 100 at a time: narrow it with Status or search.";
    let text = page_text(host);
    assert!(
        text.contains(&format!(
            "Searching the 140 pets read: 1 pet matches “nora”. {most}"
        )),
        "{text}"
    );
    assert!(
        !text.contains("Showing the first") && !text.contains("(the service"),
        "{text}"
    );
    // The address holds the search only: the limit stays as it was.
    assert_eq!(address(), "/pets?env=production&q=nora");
    // An empty search shows the first 20 again, and says the limit can be raised.
    type_into(&input(host, "Find a pet").await, "").await;
    wait_until("20 rows again", || rows(host).len() == 20).await;
    wait_until("the limit's note", || {
        page_text(host).contains("Showing the first 20. Raise the limit to see more.")
    })
    .await;
    drop(app);

    // At 100, the most the service gives, the note says so once, with or without a search.
    let app = open_list(&sandbox, "/pets?env=production&limit=100").await;
    let host = &app.host;
    wait_until("100 rows", || rows(host).len() == 100).await;
    let text = page_text(host);
    assert_eq!(text.matches(most).count(), 1, "{text}");
    assert!(!text.contains("Raise the limit"), "{text}");
    type_into(&input(host, "Find a pet").await, "stock 1").await;
    wait_until("the search's note", || {
        page_text(host).contains("Searching the 140 pets read")
    })
    .await;
    let text = page_text(host);
    assert_eq!(text.matches(most).count(), 1, "{text}");
}

#[wasm_bindgen_test]
async fn a_search_typed_again_over_a_newer_read_says_it_loads_the_pets_past_the_limit() {
    let sandbox = Sandbox::new("live-search-again");
    // 24 pets, 3 shown: a search reads past the limit.
    let app = open_list(&sandbox, "/pets?env=production&limit=3").await;
    let host = &app.host;
    type_into(&input(host, "Find a pet").await, "barney").await;
    wait_until("the search over the pets read", || {
        page_text(host).contains("pets read")
    })
    .await;
    // The search cleared, the list read again: what the search read is out of date.
    type_into(&input(host, "Find a pet").await, "").await;
    next_read(host).await;
    sandbox.mode("production", "slow:300").await;
    type_into(&input(host, "Find a pet").await, "barney").await;
    wait_until("loading said", || page_text(host).contains("Loading pets…")).await;
    wait_until("the search over the pets read again", || {
        page_text(host).contains("pets read") && !page_text(host).contains("Loading pets…")
    })
    .await;
    sandbox.mode("production", "normal").await;
}

#[wasm_bindgen_test]
async fn a_pet_this_tab_added_is_no_news_to_its_list() {
    let sandbox = Sandbox::new("live-own");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    // One read of the list taken in; then the manager adds a pet here.
    next_read(host).await;
    follow(host, "Add pet").await;
    type_into(&input(host, "Name").await, "Pip").await;
    type_into(&input(host, "Category ID").await, "7").await;
    choose(&select(host, "Status").await, "available").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    follow(host, "Back to the list").await;
    wait_until("Pip in the list", || by_name(host, "Pip").is_some()).await;
    // Another pet added elsewhere meanwhile is news; this tab's own is not.
    add(&sandbox, "Quill", PetStatus::Available).await;
    wait_until("Quill shows up", || by_name(host, "Quill").is_some()).await;
    assert_eq!(by_name(host, "Pip").unwrap()[1], "Pip");
    assert_eq!(by_name(host, "Quill").unwrap()[1], "Quill New");
    assert_eq!(text_of(host, ".changes"), "1 new pet.");
}

#[wasm_bindgen_test]
async fn each_filter_shows_its_own_rows_under_one_age_line() {
    let sandbox = Sandbox::new("live-filters");
    let app = open_list(&sandbox, ALL).await;
    let host = &app.host;
    let count = |selector: &str| host.query_selector_all(selector).unwrap().length();
    for status in ["sold", "available", ""] {
        choose(&select(host, "Status").await, status).await;
        wait_until("the rows of that status", || {
            let rows = rows(host);
            match status {
                "" => rows.len() == 24,
                _ => !rows.is_empty() && rows.iter().all(|r| r[3] == status),
            }
        })
        .await;
        wait_until("the age line", || count(".freshness") == 1).await;
        next_read(host).await;
        // The table's place is reused for each list: nothing of the one before stays in it.
        assert_eq!(count(".freshness"), 1);
        assert_eq!(count(".changes"), 1);
        assert_eq!(count("table tbody tr") as usize, rows(host).len());
    }
}
