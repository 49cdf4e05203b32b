//! Daily use against the dev service: search and sort in the address, a pet opened from the
//! list at once, the view page once `getPet` is gone, "Try again" on read errors, and a busy
//! service (429 with `Retry-After`) on a read and on a create, counted on the service.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

const MAX_ID: &str = "9223372036854775807";
const BIG_ID: &str = "9007199254740993";

fn ids(host: &web_sys::Element) -> Vec<String> {
    rows(host).into_iter().map(|r| r[0].clone()).collect()
}

fn aria_sort(host: &web_sys::Element, column: &str) -> String {
    let button = button(host, column).unwrap_or_else(|| panic!("a {column} sort button"));
    button
        .parent_element()
        .and_then(|th| th.get_attribute("aria-sort"))
        .unwrap_or_default()
}

/// Requests `env` received whose path starts with `path`.
async fn count_path(sb: &Sandbox, env: &str, method: &str, path: &str) -> usize {
    sb.log(env)
        .await
        .iter()
        .filter(|s| s.method == method && s.path.starts_with(path))
        .count()
}

#[wasm_bindgen_test]
async fn search_and_sort_live_in_the_address_survive_a_reload_and_sort_ids_as_int64() {
    let sb = Sandbox::new("maxid-search-sort");
    let app = open_with("/pets?env=production&limit=100", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("25 rows", || rows(host).len() == 25).await;

    type_into(&input(host, "Find a pet").await, "BIG").await;
    wait_until("one match", || ids(host) == [BIG_ID]).await;
    assert!(address().contains("q=BIG"), "{}", address());
    assert!(
        page_text(host).contains("Searching the 25 pets loaded: 1 pet matches “BIG”."),
        "{}",
        page_text(host)
    );
    // Case is ignored beyond ASCII too: "CHLOÉ" finds "Chloé".
    type_into(&input(host, "Find a pet").await, "CHLOÉ").await;
    wait_until("Chloé alone", || ids(host) == ["15"]).await;
    type_into(&input(host, "Find a pet").await, "").await;
    wait_until("every row again", || rows(host).len() == 25).await;
    assert!(!address().contains("q="), "{}", address());

    // By name: in lower-case order, as Rust's own lower case would put them.
    let names = || -> Vec<String> { rows(host).into_iter().map(|r| r[1].clone()).collect() };
    let by_lower_case = |names: &[String]| {
        let mut sorted = names.to_vec();
        sorted.sort_by_key(|n| n.to_lowercase());
        sorted
    };
    assert_ne!(
        names(),
        by_lower_case(&names()),
        "the service's order is not by name"
    );
    click(&button(host, "Name").unwrap()).await;
    wait_until("sorted by name", || {
        let shown = names();
        address().contains("sort=name") && shown.len() == 25 && shown == by_lower_case(&shown)
    })
    .await;

    assert_eq!(aria_sort(host, "ID"), "none");
    click(&button(host, "ID").unwrap()).await;
    wait_until("sorted by id", || address().contains("sort=id")).await;
    let sorted = ids(host);
    assert_eq!(sorted[23..], [BIG_ID, MAX_ID], "int64 order, not text");
    assert_eq!(aria_sort(host, "ID"), "ascending");
    click(&button(host, "ID").unwrap()).await;
    wait_until("largest id first", || ids(host)[0] == MAX_ID).await;
    assert_eq!(aria_sort(host, "ID"), "descending");
    assert!(address().contains("sort=-id"));

    type_into(&input(host, "Find a pet").await, "i").await;
    drop(app);
    let app = reopen_with(&sb.config()).await;
    let host = &app.host;
    wait_until("the same view after a reload", || {
        let ids = ids(host);
        !ids.is_empty() && ids[0] == MAX_ID && ids.len() < 25
    })
    .await;
    assert_eq!(input(host, "Find a pet").await.value(), "i");
    assert_eq!(aria_sort(host, "ID"), "descending");
    // One list request per page load: searching and sorting never ask the service.
    assert_eq!(count_path(&sb, "production", "GET", "/sandbox").await, 2);

    // The files hold what the table shows: the matching rows, in its order.
    capture_downloads();
    click(&button(host, "Export CSV").unwrap()).await;
    let (_, csv) = downloaded(0).await;
    let lines: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(lines.len(), rows(host).len(), "{csv}");
    assert!(lines[0].starts_with(&format!("{MAX_ID},")), "{csv}");
    click(&button(host, "Export JSON").unwrap()).await;
    let (_, json) = downloaded(1).await;
    assert!(json.contains("\"search\": \"i\""), "{json}");

    // "/" goes to the search, except while typing in another field.
    let limit = input(host, "Limit").await;
    limit.focus().unwrap();
    press_key(limit.unchecked_ref(), "/");
    assert_eq!(focused_id(), "limit");
    let body = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .body()
        .unwrap();
    body.focus().ok();
    limit.blur().unwrap();
    press_key(body.unchecked_ref(), "/");
    assert_eq!(focused_id(), "find-pet");
}

#[wasm_bindgen_test]
async fn a_pet_opened_from_the_list_shows_before_any_get_pet_is_answered() {
    let sb = Sandbox::new("instant-view");
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the rows", || rows(host).iter().any(|r| r[1] == "Rex")).await;
    sb.mode("production", "slow:1500").await;
    follow(host, "Rex").await;
    wait_until("Rex's page", || {
        page_text(host).contains("ID1NameRexCategory")
    })
    .await;
    let get_pets = |log: Vec<common::sandbox::Seen>| {
        log.into_iter()
            .filter(|s| s.path.ends_with("/pets/1"))
            .collect::<Vec<_>>()
    };
    let seen = get_pets(sb.log("production").await);
    assert!(
        seen.iter().all(|s| s.status == 0),
        "shown before any getPet answer: {seen:?}"
    );
    assert!(!page_text(host).contains("Loading the pet"));
    // It is refreshed in the background.
    sb.wait_for_requests("production", 2).await;
    sb.wait_until_answered("production").await;
    sb.mode("production", "normal").await;
    assert_eq!(get_pets(sb.log("production").await).len(), 1);
}

#[wasm_bindgen_test]
async fn without_get_pet_the_view_finds_a_listed_pet_and_says_when_it_cannot() {
    let sb = Sandbox::new("crowded-no-get-pet");
    sb.get_pet("production", false).await;
    let app = open_with("/pets/1001?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the pet found in the list", || {
        page_text(host).contains("ID1001NamePet 1001")
    })
    .await;
    assert!(
        page_text(host).contains("found in the list: the service no longer looks up single pets"),
        "{}",
        page_text(host)
    );
    let log = sb.log("production").await;
    assert!(
        log[0].path.ends_with("/pets/1001") && log[0].status == 410,
        "{log:?}"
    );
    assert!(
        log[1..].iter().all(|s| s.path.contains("/pets?limit=100")),
        "{log:?}"
    );

    // The last of 400 pets is past the first 100 of its status and of the whole list.
    drop(app);
    let app = open_with("/pets/1399?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the reach explained", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("not among the first 100 pets of any status"))
    })
    .await;
    // getPet answered 410 once in this tab: it is not asked again.
    let gets = count_path(&sb, "production", "GET", "").await;
    let singles = sb.log("production").await;
    let singles = singles
        .iter()
        .filter(|s| s.path.contains("/pets/13"))
        .count();
    assert_eq!(singles, 1, "one getPet per page load ({gets} requests)");
}

#[wasm_bindgen_test]
async fn try_again_repeats_a_failed_read_on_the_list_and_the_view() {
    let sb = Sandbox::new("try-again");
    sb.mode("production", "html-500").await;
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    let again = wait_for("Try again", || button(host, "Try again")).await;
    assert!(alerts(host).iter().any(|a| a.contains("(500)")));
    sb.mode("production", "normal").await;
    click(&again).await;
    wait_until("the rows", || rows(host).len() == 20).await;
    assert!(alerts(host).is_empty(), "{:?}", alerts(host));
    assert_eq!(count_path(&sb, "production", "GET", "/sandbox").await, 2);

    drop(app);
    sb.mode("production", "html-500").await;
    let app = open_with("/pets/2?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    let again = wait_for("Try again", || button(host, "Try again")).await;
    sb.mode("production", "normal").await;
    click(&again).await;
    wait_until("the pet", || page_text(host).contains("ID2Name")).await;
    assert!(alerts(host).is_empty(), "{:?}", alerts(host));
    let log = sb.log("production").await;
    assert_eq!(
        log.iter().filter(|s| s.path.ends_with("/pets/2")).count(),
        2,
        "{log:?}"
    );
}

#[wasm_bindgen_test]
async fn a_busy_list_is_asked_again_after_retry_after_and_shows_its_rows() {
    let sb = Sandbox::new("busy-list");
    sb.mode("production", "too-many:1:1").await;
    let app = open_with("/pets?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the wait shown", || {
        page_text(host)
            .contains("Production is busy (429): asking again in 1 second (retry 1 of 3)")
    })
    .await;
    wait_until("the rows", || rows(host).len() == 20).await;
    assert!(!page_text(host).contains("is busy"), "the wait is gone");
    let log = sb.log("production").await;
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!((log[0].status, log[1].status), (429, 200));
}

#[wasm_bindgen_test]
async fn a_busy_create_is_shown_with_its_wait_and_never_sent_again() {
    let sb = Sandbox::new("busy-create");
    let app = open_with("/pets/new?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    sb.mode("production", "too-many:1").await;
    type_into(&input(host, "Name").await, "Busy Bee").await;
    type_into(&input(host, "Category ID").await, "3").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the busy message", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("The service is busy (429). Try again in 1 second."))
    })
    .await;
    // A retry would come after the 1 s the service asked for: watch past it.
    let posts = sb
        .receives_no_more("production", 1500, "no retry", |s| s.method == "POST")
        .await;
    sb.mode("production", "normal").await;
    assert_eq!(posts, 1);
}
