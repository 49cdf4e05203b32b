//! An import that meets a failing service pauses at once instead of spending rows on it: the
//! rows on their way finish, nothing new is sent, and the page says when and why; Resume
//! sends the rest. Before rows that may exist are offered to be sent again, the page looks for
//! them in what the service lists: one whose answer was lost on its way is found and marked
//! created. The service counts what it received; every pet exists once.

use crate::common;

use common::import::{count_named, paste, press, press_when_on, sheet};
use common::sandbox::{Sandbox, Seen};
use common::ui::*;
use common::STAGING_KEY;
use wasm_bindgen_test::*;

fn is_post(s: &Seen) -> bool {
    s.method == "POST"
}

/// The POSTs staging received, once every one is answered and no other came for a moment.
async fn posts_settled(sb: &Sandbox) -> usize {
    for _ in 0..200 {
        if sb
            .log("staging")
            .await
            .iter()
            .all(|s| !is_post(s) || s.status != 0)
        {
            break;
        }
        pause(50).await;
    }
    sb.receives_no_more("staging", 500, "nothing sent while paused", is_post)
        .await
}

#[wasm_bindgen_test]
async fn a_failing_service_pauses_the_run_at_once_and_resume_sends_the_rest_once() {
    let sb = Sandbox::new("run-503");
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Failing", 30, None)).await;
    press(host, "Check rows").await;
    // The 16th request from now answers 503: the 15 before it are created.
    sb.mode("staging", "error-503-at:16").await;
    press(host, "Start import").await;
    wait_until("paused by the failure", || {
        page_text(host).contains("the service did not answer properly")
    })
    .await;
    // The row on its way beside the failed one finishes; nothing new is sent.
    let sent = posts_settled(&sb).await;
    assert!((16..=17).contains(&sent), "{sent} creates before the pause");
    assert!(
        page_text(host).contains(", 1 unknown"),
        "only the failed row may exist: {}",
        page_text(host)
    );
    press_when_on(host, "Resume").await;
    wait_until("the rest sent", || {
        page_text(host).contains("30 of 30 sent, 0 refused, 1 unknown")
    })
    .await;
    assert_eq!(posts_settled(&sb).await, 30);
    // The failed row is looked for first (a 503 created nothing: it is not there), then
    // offered, named, and sent once on a yes.
    press(host, "Send unknown rows again").await;
    wait_until("the question", || {
        alerts(host)
            .iter()
            .any(|a| a.contains("Send 1 row again? “Failing ") && a.contains("no answer came"))
    })
    .await;
    press(host, "Send them again").await;
    press(host, "Start import").await;
    wait_until("done", || {
        page_text(host).contains("30 of 30 sent, 0 refused. Done.")
    })
    .await;
    assert_eq!(posts_settled(&sb).await, 31);
    let counts = count_named(&sb, "staging", STAGING_KEY, "Failing").await;
    assert!(counts.iter().all(|n| *n == 1), "each pet once: {counts:?}");
}

#[wasm_bindgen_test]
async fn a_create_whose_answer_was_lost_is_found_and_marked_created() {
    let sb = Sandbox::new("run-lost");
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Lost", 3, None)).await;
    press(host, "Check rows").await;
    // The second create is carried out, and its answer cut off on its way.
    sb.mode("staging", "lose-answer-at:2").await;
    press(host, "Start import").await;
    wait_until("paused by the lost answer", || {
        page_text(host).contains("the service did not answer properly")
    })
    .await;
    posts_settled(&sb).await;
    // The third row went beside it, or waits for Resume.
    if button(host, "Resume").is_some() {
        press_when_on(host, "Resume").await;
    }
    wait_until("every row answered or lost", || {
        page_text(host).contains("3 of 3 sent, 0 refused, 1 unknown")
    })
    .await;
    press(host, "Send unknown rows again").await;
    wait_until("found and marked created", || {
        alerts(host).iter().any(|a| {
            a.contains("1 was found in Staging and is marked created.")
                && a.contains("nothing to send again")
        })
    })
    .await;
    wait_until("no row unknown", || {
        page_text(host).contains("3 of 3 sent, 0 refused.")
    })
    .await;
    assert_eq!(posts_settled(&sb).await, 3);
    let counts = count_named(&sb, "staging", STAGING_KEY, "Lost").await;
    assert_eq!(counts[..3], [1, 1, 1]);
}
