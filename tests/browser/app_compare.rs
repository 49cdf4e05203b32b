//! The compare page: a prepared pair of environments in groups, a read that fills its limit,
//! the other environment's key form in place, each key only to its own environment, and a
//! copy of three pets into production, exactly once each through a reload and a refused key.

use crate::common;

use common::import::press;
use common::sandbox::{Sandbox, Seen};
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use petstore_admin::api::{Client, NewPet, PetStatus};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

const STAGING: [(&str, i64, &str); 8] = [
    ("Rex", 1, "available"),
    ("Mittens", 2, "available"),
    ("Luna", 2, "pending"),
    ("  twin ", 1, "available"),
    ("Cleo", 2, "available"),
    ("New A", 3, "available"),
    ("New B", 4, "pending"),
    ("New C", 5, ""),
];
const PRODUCTION: [(&str, i64, &str); 7] = [
    ("rex", 1, "available"),
    ("Mittens", 2, "pending"),
    ("Luna", 3, "pending"),
    ("Twin", 1, "available"),
    ("TWIN", 1, "sold"),
    ("Prod Only", 1, "sold"),
    ("Cleo", 2, "available"),
];

async fn seed(sb: &Sandbox, env: &str, key: &str, pets: &[(&str, i64, &str)]) {
    let client = Client::new(&sb.base(env), key);
    for (name, category_id, status) in pets {
        let pet = NewPet {
            name: (*name).into(),
            category_id: *category_id,
            status: PetStatus::parse_known(status),
        };
        client.create_pet(&pet).await.unwrap();
    }
}

/// A pair of empty deployments seeded as above.
async fn prepared(test: &str) -> Sandbox {
    let sb = Sandbox::new(&format!("empty-{test}"));
    seed(&sb, "staging", STAGING_KEY, &STAGING).await;
    seed(&sb, "production", PROD_KEY, &PRODUCTION).await;
    sb
}

/// The vertical middle of `e`'s box on the page.
fn middle(e: &Element) -> f64 {
    let r = e.get_bounding_client_rect();
    r.top() + r.height() / 2.0
}

fn find(host: &Element, selector: &str) -> Option<Element> {
    host.query_selector(selector).ok().flatten()
}

/// Signs in through the dialog (its own Sign in button: the page may hold another).
async fn sign_in_dialog(host: &Element, key: &str) {
    let dialog = wait_for("the dialog", || find(host, "[role=dialog]")).await;
    sign_in(&dialog, key).await;
}

/// Signs in through the form in the page, for the environment that is not current.
async fn sign_in_in_page(host: &Element, label: &str, key: &str) {
    let form = wait_for("the form in the page", || find(host, ".inline-sign-in")).await;
    type_into(&input(&form, label).await, key).await;
    press(&form, "Sign in").await;
}

/// Signs in to staging in the dialog, then to production in the page's own form.
async fn sign_in_both(host: &Element, production_key: &str) {
    sign_in_dialog(host, STAGING_KEY).await;
    sign_in_in_page(host, "API key for Production", production_key).await;
}

fn section(host: &Element, heading_id: &str) -> String {
    host.query_selector(&format!("section[aria-labelledby={heading_id}]"))
        .unwrap()
        .map(|s| s.text_content().unwrap_or_default())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_prepared_pair_in_groups_each_key_to_its_own_environment() {
    let sb = prepared("compare-groups").await;
    capture_downloads();
    let app = open_with("/compare?env=staging", &sb.config()).await;
    let host = &app.host;
    // The current environment's key in the dialog; the other's form is in the page.
    wait_until("the dialog", || dialog_shown(host)).await;
    sign_in_both(host, PROD_KEY).await;
    wait_until("the groups", || {
        page_text(host).contains("Only in Staging (3)")
    })
    .await;
    let text = page_text(host);
    for said in [
        "Compared 8 pets in Staging and 7 in Production.",
        "Only in Production (1)",
        "In both, different (2)",
        "Status: available in Staging, pending in Production.",
        "Category: 2 in Staging, 3 in Production.",
        "Ambiguous names (1)",
        "1 pet (ID 4)",
        "The same in both (2)",
        "never fixed",
    ] {
        assert!(text.contains(said), "{said:?} in {text}");
    }
    let only = section(host, "only-staging");
    assert!(
        ["New A", "New B", "New C"].iter().all(|n| only.contains(n)),
        "{only}"
    );
    assert!(section(host, "only-production").contains("Prod Only"));
    assert!(!text.contains("more than 100"), "no read filled its limit");

    // Four reads each (a status each, then none), each with its own key only.
    for (env, key) in [("staging", STAGING_KEY), ("production", PROD_KEY)] {
        let log = sb.log(env).await;
        let reads: Vec<_> = log.iter().filter(|s| s.method == "GET").collect();
        assert_eq!(reads.len(), 4, "{env}: {log:?}");
        assert!(
            reads.iter().all(|s| s.path.contains("limit=100")),
            "{reads:?}"
        );
        assert!(
            log.iter().all(|s| s.auth == key),
            "{env} saw another key: {log:?}"
        );
    }

    // Search and status are in the address and narrow every group.
    type_into(&input(host, "Search by name").await, "mitt").await;
    wait_until("only Mittens", || {
        page_text(host).contains("In both, different (1)")
    })
    .await;
    assert!(page_text(host).contains("Only in Staging (0)"));
    assert!(address().contains("q=mitt"), "{}", address());
    type_into(&input(host, "Search by name").await, "").await;
    choose(&select(host, "Status").await, "sold").await;
    wait_until("sold only", || {
        page_text(host).contains("Only in Production (1)")
            && page_text(host).contains("Only in Staging (0)")
            && page_text(host).contains("Ambiguous names (1)")
    })
    .await;
    assert!(address().contains("status=sold"), "{}", address());
    choose(&select(host, "Status").await, "").await;

    press(host, "Download differences").await;
    let (name, csv) = downloaded(0).await;
    assert!(
        name.starts_with("differences-") && name.ends_with(".csv"),
        "{name}"
    );
    assert!(csv.contains("\nonly in staging,New A,"), "{csv}");
    assert!(csv.contains("\nonly in production,Prod Only,,,,"), "{csv}");
    assert!(csv.contains("\ndifferent,Luna,"), "{csv}");
    assert!(!csv.contains("Cleo"), "the same are left out: {csv}");
}

#[wasm_bindgen_test]
async fn a_read_that_fills_its_limit_says_so() {
    let sb = Sandbox::new("crowded-compare");
    let app = open_with("/compare?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in_dialog(host, PROD_KEY).await;
    sign_in_in_page(host, "API key for Staging", STAGING_KEY).await;
    wait_until("the limit said", || {
        page_text(host)
            .contains("Production: more than 100 available pets; the first 100 compared.")
    })
    .await;
    let text = page_text(host);
    assert!(
        text.contains("Production: more than 100 sold pets"),
        "{text}"
    );
    assert!(
        text.contains("Production: more than 100 pets in all"),
        "{text}"
    );
    assert!(!text.contains("Staging: more than"), "{text}");
}

#[wasm_bindgen_test]
async fn copying_three_pets_into_production_sends_each_once_through_a_reload_and_a_refused_key() {
    let sb = prepared("compare-copy").await;
    let app = open_with("/compare?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in_both(host, PROD_KEY).await;
    wait_until("the groups", || {
        page_text(host).contains("Only in Staging (3)")
    })
    .await;
    // Each box sits on its pet's name's line.
    let boxes = all(host, "label.choose");
    assert_eq!(boxes.len(), 4, "one a pet of either Only in group");
    for label in &boxes {
        let name = label
            .next_element_sibling()
            .expect("the name after the box");
        let (a, b) = (middle(label), middle(&name));
        assert!((a - b).abs() <= 3.0, "a box {a} and its name {b} apart");
    }
    // Before anything is ticked, the button says what to do, and cannot be pressed.
    let copy = button(host, "Tick pets to copy").expect("the copy button, saying what to do");
    assert!(copy.has_attribute("disabled"));
    press(host, "Choose all").await;
    press(host, "Copy 3 pets to Production…").await;
    // Into production only once "production" is typed.
    let start = wait_for("Start copy", || button(host, "Start copy")).await;
    assert!(
        start.has_attribute("disabled"),
        "not before the confirmation"
    );
    assert!(page_text(host).contains("3 pets chosen in Staging: 3 can be sent"));
    type_into(
        &input(host, "Type Production to confirm").await,
        "production",
    )
    .await;
    sb.mode("production", "slow:300").await;
    let before = sb.log("production").await.len();
    press(host, "Start copy").await;
    sb.wait_for_requests("production", before + 2).await;
    drop(app);

    // A reload with two creates on their way: they are never sent again.
    let again = reopen_with(&sb.config()).await;
    let host = &again.host;
    wait_until("the copy said", || {
        page_text(host).contains("This copy was cut short")
    })
    .await;
    wait_until("read again", || page_text(host).contains("Compared ")).await;
    sb.wait_until_answered("production").await;
    sb.mode("production", "normal").await;
    // The key is refused in the middle: the copy pauses and goes on with the new one.
    sb.rotate_key("production", "rotated-production-key").await;
    type_into(
        &input(host, "Type Production to confirm").await,
        "production",
    )
    .await;
    press(host, "Start copy").await;
    wait_until("paused", || {
        page_text(host).contains("Paused: sign in again to go on.")
    })
    .await;
    assert!(
        button(host, "Close").is_none(),
        "a copy on its way cannot be put away"
    );
    sign_in_in_page(host, "API key for Production", "rotated-production-key").await;
    wait_until("done", || page_text(host).contains("Done.")).await;
    wait_until("matched once read again", || {
        page_text(host).contains("Only in Staging (0)")
            && page_text(host).contains("The same in both (5)")
    })
    .await;
    // The emptied group comes after every group with pets, in the summary too; the copy is
    // set off from the comparison under it.
    let groups: Vec<(String, bool)> = all(host, "section[aria-labelledby]:not(.copy)")
        .iter()
        .filter(|s| s.query_selector("h2").ok().flatten().is_some())
        .map(|s| {
            let id = s.get_attribute("aria-labelledby").unwrap_or_default();
            (id, s.query_selector("p.empty").ok().flatten().is_some())
        })
        .filter(|(id, _)| id != "copy-heading")
        .collect();
    let first_empty = groups.iter().position(|(_, empty)| *empty);
    assert!(
        first_empty.is_some_and(|i| groups[i..].iter().all(|(_, empty)| *empty)),
        "empty groups last: {groups:?}"
    );
    let summary: Vec<String> = all(host, ".compare-summary a")
        .iter()
        .map(|a| a.get_attribute("href").unwrap_or_default())
        .collect();
    let order: Vec<String> = groups.iter().map(|(id, _)| format!("#{id}")).collect();
    assert_eq!(summary, order, "the summary in the groups' order");
    let copy = find(host, "section.copy").expect("the copy's panel");
    let read_at = find(host, ".rows .freshness").expect("when the pets were read");
    let gap = read_at.get_bounding_client_rect().top() - copy.get_bounding_client_rect().bottom();
    assert!(gap >= 12.0, "the copy and the reads' time {gap} px apart");

    sb.wait_until_answered("production").await;
    let log = sb.log("production").await;
    let posts: Vec<_> = log.iter().filter(|s| s.method == "POST").collect();
    let refused = posts.iter().filter(|s| s.status == 401).count();
    // Seven seeded, two before the reload, one refused, the last one again with the new key.
    assert_eq!((posts.len(), refused), (7 + 4, 1), "{posts:?}");
    let pets = Client::new(&sb.base("production"), "rotated-production-key")
        .list_pets(100, None)
        .await
        .unwrap();
    for name in ["New A", "New B", "New C"] {
        assert_eq!(pets.iter().filter(|p| p.name == name).count(), 1, "{name}");
    }
    assert!(sb
        .log("staging")
        .await
        .iter()
        .all(|s| s.auth == STAGING_KEY));
    assert!(
        log.iter().all(|s| s.auth != STAGING_KEY),
        "no staging key in production"
    );

    // The finished copy's panel is put away; closing it sends nothing, and the keyboard goes
    // back to the group the pets came from.
    let creates = |log: &[Seen]| log.iter().filter(|s| s.method == "POST").count();
    let sent = creates(&log);
    press(host, "Close").await;
    wait_until("the copy put away", || {
        host.query_selector("#copy-heading").unwrap().is_none()
    })
    .await;
    wait_until("the focus on the group", || {
        web_sys::window()
            .unwrap()
            .document()
            .unwrap()
            .active_element()
            .is_some_and(|e| e.id() == "only-staging")
    })
    .await;
    assert!(button(host, "Refresh").is_some_and(|b| !b.has_attribute("disabled")));
    sb.wait_until_answered("production").await;
    assert_eq!(
        creates(&sb.log("production").await),
        sent,
        "closing sent nothing"
    );

    follow(host, "Activity").await;
    wait_until("the source named", || {
        page_text(host).contains("Copied from Staging, ID 8.")
    })
    .await;
}

#[wasm_bindgen_test]
async fn signing_out_everywhere_with_the_other_key_form_in_the_page() {
    let sb = Sandbox::new("compare-sign-out");
    let app = open_with("/compare?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in_both(host, PROD_KEY).await;
    wait_until("both read", || page_text(host).contains("Compared ")).await;
    // Both keys go at once: the page builds the other environment's form as it goes.
    click(&menu_button(host, "Sign out everywhere").await).await;
    press(host, "Forget everything").await;
    wait_until("the dialog again", || dialog_shown(host)).await;
    // The page built anew asks for both again, and nothing panicked on the way (checked as
    // the next tab opens).
    wait_for("the form in the page", || find(host, ".inline-sign-in")).await;
    drop(app);
    let again = open_with("/compare?env=production", &sb.config()).await;
    wait_until("the dialog", || dialog_shown(&again.host)).await;
}

/// The page's height in CSS pixels.
fn page_height() -> i32 {
    document_element().scroll_height()
}

fn document_element() -> Element {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .expect("a document")
}

#[wasm_bindgen_test]
async fn many_pets_in_one_group_stay_short_after_a_summary_and_the_groups_needing_a_decision() {
    let sb = Sandbox::new("empty-compare-tall");
    seed(&sb, "staging", STAGING_KEY, &[("Rex", 1, "available")]).await;
    // 143 pets only in production, spread over the statuses so that each is read whole.
    let statuses = ["available", "pending", "sold"];
    let names: Vec<String> = (0..143).map(|n| format!("Stock {n}")).collect();
    let mut pets: Vec<(&str, i64, &str)> = vec![("rex", 2, "available")];
    pets.extend(
        names
            .iter()
            .enumerate()
            .map(|(n, name)| (name.as_str(), 7, statuses[n % 3])),
    );
    seed(&sb, "production", PROD_KEY, &pets).await;
    let app = open_with("/compare?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in_both(host, PROD_KEY).await;
    wait_until("the groups", || {
        page_text(host).contains("Only in Production (143)")
    })
    .await;
    // A summary first: each group's count, a link to it.
    let summary = find(host, "nav.compare-summary").expect("the summary");
    let said = summary.text_content().unwrap_or_default();
    assert!(
        said.contains("In both, different (1)") && said.contains("Only in Production (143)"),
        "{said}"
    );
    assert!(find(host, "nav.compare-summary a[href='#only-production']").is_some());
    // The groups that need a decision come first, the empty ones ("None.") last.
    let groups: Vec<String> = host
        .query_selector_all("section h2[id]")
        .unwrap()
        .values()
        .into_iter()
        .filter_map(|n| n.ok())
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .map(|h| h.id())
        .filter(|id| id != "copy-heading")
        .collect();
    assert_eq!(
        groups,
        [
            "in-both-different",
            "only-production",
            "ambiguous",
            "only-staging",
            "in-both-same"
        ]
    );
    // 20 of the 143, then Show all.
    let shown = || {
        host.query_selector_all("section[aria-labelledby=only-production] tbody tr")
            .unwrap()
            .length()
    };
    assert_eq!(shown(), 20);
    let short = page_height();
    click(&button(host, "Show all 143").expect("Show all 143")).await;
    wait_until("every pet", || shown() == 143).await;
    let tall = page_height();
    assert!(
        short * 2 < tall,
        "collapsed {short} px, all shown {tall} px"
    );
    assert!(button(host, "Show all 143").is_none());
}
