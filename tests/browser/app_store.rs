//! The Store page: the counts per status equal what the service lists (read apart), the chart
//! and its table agree, a bar leads to the list with its filters, a crowded store says "100+",
//! a pet added in this tab is counted and listed as added today, and every read is counted:
//! one read per status on opening, none more for the list's search of the same moment, four
//! on Refresh. A failed first read says so, and its Try again says the page is counting.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use petstore_admin::api::{Client, NewPet, PetStatus};
use wasm_bindgen_test::*;
use web_sys::Element;

const NAMES: &str = r#"{"1":"Dogs","2":"Cats"}"#;

/// A store with a known mix: Dogs 2 available and 1 pending, Cats 1 sold, category 3 (named
/// nowhere) 1 with no status.
async fn prepared(test: &str) -> Sandbox {
    let sb = Sandbox::new(&format!("empty-{test}"));
    let client = Client::new(&sb.base("production"), PROD_KEY);
    for (name, category_id, status) in [
        ("Rex", 1, "available"),
        ("Max", 1, "available"),
        ("Daisy", 1, "pending"),
        ("Mittens", 2, "sold"),
        ("Nemo", 3, ""),
    ] {
        let pet = NewPet {
            name: name.into(),
            category_id,
            status: PetStatus::parse_known(status),
        };
        client.create_pet(&pet).await.unwrap();
    }
    sb
}

/// The counts per status as the page shows them, in its order.
fn counts(host: &Element) -> Vec<String> {
    all(host, ".store-count").iter().map(text).collect()
}

/// The table's body: each row's cells, its heading first.
fn table(host: &Element) -> Vec<Vec<String>> {
    all(host, "table.store-table tbody tr")
        .iter()
        .map(|tr| all(tr, "th, td").iter().map(text).collect())
        .collect()
}

/// The chart's bars: each bar's segments as their link names them ("Dogs, available: 2").
fn segments(host: &Element) -> Vec<Vec<String>> {
    all(host, ".store-bar")
        .iter()
        .map(|bar| {
            all(bar, "svg.bar a")
                .iter()
                .filter_map(|a| a.get_attribute("aria-label"))
                .collect()
        })
        .collect()
}

/// The list reads of `sb`'s production, as the service saw them.
async fn reads(sb: &Sandbox) -> Vec<String> {
    sb.log("production")
        .await
        .into_iter()
        .filter(|s| s.method == "GET" && s.path.contains("/pets?"))
        .map(|s| s.path)
        .collect()
}

#[wasm_bindgen_test]
async fn the_counts_are_the_services_and_the_chart_agrees_with_its_table() {
    let sb = prepared("store-counts").await;
    let app = open_with("/store?env=production", &sb.config_named(NAMES)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the counts", || counts(host).len() == 4).await;
    assert_eq!(counts(host), ["2", "1", "1", "1"]);

    // One read per status and one of all, once.
    sb.wait_until_answered("production").await;
    let seen = reads(&sb).await;
    assert_eq!(seen.len(), 4, "{seen:?}");
    assert!(seen.iter().all(|p| p.contains("limit=100")), "{seen:?}");

    // Read apart: what the service lists for each status.
    let client = Client::new(&sb.base("production"), PROD_KEY);
    for (i, status) in [PetStatus::Available, PetStatus::Pending, PetStatus::Sold]
        .iter()
        .enumerate()
    {
        let listed = client.list_pets(100, Some(status)).await.unwrap().len();
        assert_eq!(counts(host)[i], listed.to_string(), "{status:?}");
    }
    let all_pets = client.list_pets(100, None).await.unwrap();
    let none = all_pets.iter().filter(|p| p.status.is_none()).count();
    assert_eq!(counts(host)[3], none.to_string());

    // The table: categories named where the deployment names them, else by number.
    assert_eq!(
        table(host),
        [
            ["Dogs", "2", "1", "0", "0", "3"],
            ["Cats", "0", "0", "1", "0", "1"],
            ["Category 3", "0", "0", "0", "1", "1"],
        ]
    );
    // The chart says the same, segment by segment.
    assert_eq!(
        segments(host),
        [
            vec!["Dogs, available: 2", "Dogs, pending: 1"],
            vec!["Cats, sold: 1"],
            vec!["Category 3, no status: 1"],
        ]
    );
    assert!(!page_text(host).contains("at most 100"), "no read was full");

    // Dogs' available segment leads to the list with both filters.
    let href = all(host, ".store-bar")[0]
        .query_selector("svg.bar a")
        .unwrap()
        .unwrap()
        .get_attribute("href")
        .unwrap();
    assert!(
        href.contains("category=1") && href.contains("status=available"),
        "{href}"
    );
    go(&href).await;
    wait_until("Dogs available on the list", || {
        let shown = rows(host);
        shown.len() == 2 && shown.iter().all(|r| r[2] == "Dogs" && r[3] == "available")
    })
    .await;

    // A category the deployment does not name filters the list too, and the select says so.
    follow(host, "Store").await;
    wait_until("the table again", || table(host).len() == 3).await;
    follow(host, "Category 3").await;
    wait_until("category 3 alone", || {
        let shown = rows(host);
        shown.len() == 1 && shown[0][1].starts_with("Nemo")
    })
    .await;
    let category = select(host, "Category").await;
    assert_eq!(category.value(), "3");
}

#[wasm_bindgen_test]
async fn a_crowded_store_says_at_least_and_why_and_shares_the_searchs_reads() {
    let sb = Sandbox::new("crowded-store");
    // The list's search of a full list reads every status: the Store page, opened in the same
    // moment, shows that read rather than making its own.
    let app = open_with("/pets?env=production&q=Pet%201", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the search's matches", || rows(host).len() > 20).await;
    sb.wait_until_answered("production").await;
    let searched = reads(&sb).await;
    assert_eq!(
        searched.len(),
        5,
        "the list, then each status and all: {searched:?}"
    );
    follow(host, "Store").await;
    wait_until("the counts", || counts(host).len() == 4).await;
    sb.receives_no_more("production", 500, "the store read again", |s| {
        s.method == "GET"
    })
    .await;
    assert_eq!(reads(&sb).await, searched);

    // Every status's read came back full, and so did the read of all: at least so many.
    for count in &counts(host)[..3] {
        let at_least = count
            .strip_suffix('+')
            .and_then(|n| n.parse::<usize>().ok());
        assert!(at_least.is_some_and(|n| n >= 100), "{count}");
    }
    assert!(
        page_text(host).contains("gives at most 100 pets at a time"),
        "{}",
        page_text(host)
    );
    let foot: Vec<String> = all(host, "table.store-table tfoot td")
        .iter()
        .map(text)
        .collect();
    assert!(
        foot.last().is_some_and(|all| all.ends_with('+')),
        "{foot:?}"
    );

    // Back on the list, its Refresh reads anew: the list and, for its search, every status.
    follow(host, "Pets").await;
    wait_until("the search's matches again", || rows(host).len() > 20).await;
    sb.wait_until_answered("production").await;
    let on_list = reads(&sb).await.len();
    click(&button(host, "Refresh").unwrap()).await;
    wait_for_reads(&sb, on_list + 5).await;
    sb.wait_until_answered("production").await;
    sb.receives_no_more("production", 300, "Refresh read more", |s| {
        s.method == "GET"
    })
    .await;
    let seen = reads(&sb).await;
    assert_eq!(seen.len(), on_list + 5, "{seen:#?}");

    // A category's bar opens the list of every pet of it the reads reach: as many rows as the
    // Store page counts, though the list's one read holds fewer.
    follow(host, "Store").await;
    wait_until("the table", || !table(host).is_empty()).await;
    let first = table(host)[0].clone();
    let total: usize = first[5].parse().expect("a category's total");
    follow(host, &first[0]).await;
    wait_until("the category's pets, all of them", || {
        rows(host).len() == total
    })
    .await;
}

#[wasm_bindgen_test]
async fn signing_out_takes_the_figures_away_and_the_next_key_reads_anew() {
    let sb = prepared("store-sign-out").await;
    let app = open_with("/store?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the counts", || counts(host).len() == 4).await;
    sb.wait_until_answered("production").await;
    let before = reads(&sb).await.len();
    open_menu(host).await;
    click(&menu_button(host, "Sign out").await).await;
    wait_until("the figures gone behind the form", || {
        counts(host).is_empty() && dialog_shown(host)
    })
    .await;
    sign_in(host, PROD_KEY).await;
    wait_until("the figures again", || counts(host).len() == 4).await;
    sb.wait_until_answered("production").await;
    assert_eq!(
        reads(&sb).await.len(),
        before + 4,
        "the new key's figures are its own read"
    );
}

/// Whether the figures are marked busy (a read on its way over what is shown).
fn busy(host: &Element) -> bool {
    let figures = all(host, ".store-figures");
    figures.first().and_then(|f| f.get_attribute("aria-busy")) == Some("true".into())
}

#[wasm_bindgen_test]
async fn a_failed_first_read_says_so_and_try_again_says_it_is_counting_then_counts() {
    let sb = prepared("store-try-again").await;
    sb.mode("production", "html-500").await;
    let app = open_with("/store?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    let again = wait_for("Try again", || button(host, "Try again")).await;
    assert!(alerts(host).iter().any(|a| a.contains("(500)")));
    assert!(!busy(host), "nothing on its way yet");
    // The read again is slow: the page says it is counting while the alert waits for its
    // answer, then shows the four counts and nothing else.
    sb.mode("production", "slow:1000").await;
    click(&again).await;
    wait_until("counting said", || {
        let said = all(host, ".store-figures > .loading")
            .iter()
            .map(text)
            .collect::<String>();
        busy(host) && said.contains("Counting the pets")
    })
    .await;
    wait_until("the counts, nothing on its way", || {
        counts(host).len() == 4 && !busy(host) && alerts(host).is_empty()
    })
    .await;
}

/// Waits (up to 10 s) until `sb`'s production has received `n` list reads.
async fn wait_for_reads(sb: &Sandbox, n: usize) {
    for _ in 0..500 {
        if reads(sb).await.len() >= n {
            return;
        }
        pause(20).await;
    }
    panic!("{n} list reads never came: {:?}", reads(sb).await);
}

#[wasm_bindgen_test]
async fn a_pet_added_here_is_counted_and_listed_as_added_today_and_refresh_reads_once() {
    let sb = prepared("store-added").await;
    let app = open_with("/pets/new?env=production", &sb.config_named(NAMES)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, "Biscuit").await;
    choose(&select(host, "Category").await, "2").await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the pet added", || page_text(host).contains("Pet added.")).await;

    let before = reads(&sb).await.len();
    follow(host, "Store").await;
    wait_until("the counts", || counts(host).len() == 4).await;
    assert_eq!(counts(host)[3], "2", "Biscuit has no status");
    let added = wait_for("the pets added today", || {
        host.query_selector(".added-lately ol.added-pets")
            .ok()
            .flatten()
    })
    .await;
    assert!(text(&added).contains("Biscuit"), "{}", text(&added));
    assert!(
        link(&added, "Biscuit").is_some(),
        "Biscuit's page is a link"
    );
    sb.wait_until_answered("production").await;
    assert_eq!(
        reads(&sb).await.len() - before,
        4,
        "one read per status and one of all"
    );

    // Back from the list before a read is due: the figures are the same read's.
    follow(host, "Pets").await;
    wait_until("the list", || !rows(host).is_empty()).await;
    sb.wait_until_answered("production").await;
    let on_list = reads(&sb).await.len();
    follow(host, "Store").await;
    wait_until("the counts again", || counts(host).len() == 4).await;
    sb.receives_no_more("production", 500, "the store read again unasked", |s| {
        s.method == "GET"
    })
    .await;
    // Refresh reads anew, each status once.
    click(&button(host, "Refresh").unwrap()).await;
    wait_for_reads(&sb, on_list + 4).await;
    sb.wait_until_answered("production").await;
    sb.receives_no_more("production", 300, "Refresh read more", |s| {
        s.method == "GET"
    })
    .await;
    let seen = reads(&sb).await;
    assert_eq!(
        seen.len(),
        on_list + 4,
        "Refresh reads each status once: {seen:#?}"
    );
}
