//! What the list says about its own reads: a read again that fills the list (or leaves it
//! under its limit) changes the "there may be more" note and the exported file with it, and a
//! link that opens a full list with a search reads the list once.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use petstore_admin::api::{Client, NewPet, PetStatus};
use wasm_bindgen_test::*;

/// Whether the exported JSON file `n` says there may be more, and its name.
async fn export_says_more(host: &web_sys::Element, n: u32) -> (bool, String) {
    click(&button(host, "Export JSON").unwrap()).await;
    let (name, json) = downloaded(n).await;
    let more = json.contains("\"mayHaveMore\": true");
    assert!(more || json.contains("\"mayHaveMore\": false"), "{json}");
    (more, name)
}

#[wasm_bindgen_test]
async fn a_read_again_that_crosses_the_limit_changes_the_note_and_the_export() {
    let sandbox = Sandbox::new("list-crosses-limit");
    let client = Client::new(&sandbox.base("production"), PROD_KEY);
    let available = client
        .list_pets(100, Some(&PetStatus::Available))
        .await
        .unwrap();
    let n = available.len();
    capture_downloads();
    let path = format!("/pets?env=production&status=available&limit={n}");
    let app = open_with(&path, &sandbox.config_refresh("0.5")).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the full list", || rows(host).len() == n).await;
    let note = format!("Showing the first {n}");
    assert!(page_text(host).contains(&note));
    let (more, name) = export_says_more(host, 0).await;
    assert!(more && name.contains(&format!("-first-{n}-")), "{name}");

    // Sold at the till: the list is under its limit now.
    sandbox
        .set_status("production", available[0].id, "sold")
        .await;
    wait_until("one row fewer", || rows(host).len() == n - 1).await;
    wait_until("the note gone", || !page_text(host).contains(&note)).await;
    let (more, name) = export_says_more(host, 1).await;
    assert!(!more && !name.contains("-first-"), "{name}");

    // A new pet fills it again.
    let pet = NewPet {
        name: "Filler".into(),
        category_id: 3,
        status: Some(PetStatus::Available),
    };
    client.create_pet(&pet).await.unwrap();
    wait_until("full again", || rows(host).len() == n).await;
    wait_until("the note back", || page_text(host).contains(&note)).await;
    let (more, _) = export_says_more(host, 2).await;
    assert!(more);
}

#[wasm_bindgen_test]
async fn a_link_with_a_search_reads_a_full_list_once() {
    let sandbox = Sandbox::new("list-search-link");
    let app = open_with("/pets?env=production&limit=3&q=barney", &sandbox.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("the search over the pets read", || {
        page_text(host).contains("Searching the") && page_text(host).contains("pets read")
    })
    .await;
    assert!(
        rows(host).iter().any(|r| r[1].starts_with("Big Id Barney")),
        "{:?}",
        rows(host)
    );
    // The wider reads (limit 100) are in: a second read of the list would have gone out
    // before them.
    for _ in 0..200 {
        let log = sandbox.log("production").await;
        if log.iter().any(|s| s.path.contains("limit=100")) && log.iter().all(|s| s.status != 0) {
            break;
        }
        pause(50).await;
    }
    let log = sandbox.log("production").await;
    assert!(
        log.iter().any(|s| s.path.contains("limit=100")),
        "no wider read: {log:?}"
    );
    let first_reads = log
        .iter()
        .filter(|s| s.method == "GET" && s.path.contains("limit=3"))
        .count();
    assert_eq!(first_reads, 1, "the list was read again: {log:?}");
}
