//! The app shell in headless Chromium: mounted into its own element, and once taken down,
//! nothing of it acts any more (its refresh timer reads nothing).

use crate::common;

use common::sandbox::Sandbox;
use common::ui::{open_with, pause, rows, settle, sign_in, wait_until};
use common::PROD_KEY;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_app_mounts_into_its_own_element_and_reads_nothing_once_taken_down() {
    let sb = Sandbox::new("shell-down");
    // Read again every second while shown.
    let app = open_with("/pets?env=production", &sb.config_refresh("1")).await;
    let host = app.host.clone();
    sign_in(&host, PROD_KEY).await;
    wait_until("the rows", || !rows(&host).is_empty()).await;
    // The app's name: the link's text shown from a tablet's width up (a phone shows a short one).
    let name = host
        .query_selector(".brand .app-name")
        .unwrap()
        .and_then(|n| n.text_content());
    assert_eq!(name.as_deref(), Some("Pet Store Admin"));
    // The timer reads again while the app is mounted (so its silence below means something).
    let first = sb.list_reads("production").await;
    let mut again = first;
    for _ in 0..100 {
        again = sb.list_reads("production").await;
        if again > first {
            break;
        }
        pause(50).await;
    }
    assert!(again > first, "no read again within 5 s of a 1 s refresh");
    drop(app);
    settle().await;
    settle().await;
    // Two of its refresh periods: a timer left behind would have read at least once.
    let reads = sb
        .receives_no_more(
            "production",
            2_500,
            "a read after the app was taken down",
            |s| s.method == "GET",
        )
        .await;
    assert!(reads >= again, "{reads} reads, {again} before");
}
