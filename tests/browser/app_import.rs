//! The import page against the dev service: parsing pasted rows and a chosen file, invalid
//! rows never sent, exact outcomes with a refused row and a fault in the middle, a hundred
//! rows fixed and imported again, and the production confirmation. The service's pets are
//! counted after each.

use crate::common;

use common::import::*;
use common::sandbox::Sandbox;
use common::ui::*;
use common::{PROD_KEY, STAGING_KEY};
use petstore_admin::api::Client;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn pasted_rows_are_checked_and_invalid_ones_never_sent() {
    let sb = Sandbox::new("import-parse");
    let app = open_with("/pets?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    follow(host, "Import").await;
    let text = "\u{FEFF}Name,Category ID,Status\r\n\"Rex, \"\"the\"\" dog\",1,available\r\n\"Two\nLines\",2,\r\n   ,x,lost\r\n";
    paste(host, text).await;
    press(host, "Check rows").await;
    wait_until("the preview", || {
        page_text(host).contains("3 rows: 2 valid, 1 invalid")
    })
    .await;
    let shown = rows(host);
    assert_eq!(shown[0][1], "Rex, \"the\" dog");
    assert_eq!(shown[1][1], "Two\nLines");
    assert!(
        shown[2][4].starts_with("Invalid: Enter a name."),
        "{:?}",
        shown[2]
    );
    press(host, "Start import").await;
    // The summary counts the invalid row that was never sent.
    let done = "2 of 2 sent, 0 refused, 1 never sent (it needs fixing first). Done.";
    wait_until("done", || page_text(host).contains(done)).await;
    // The screen reader's line says what the visible one says.
    let spoken = wait_for("the live status", || {
        host.query_selector(".import-progress [role=status]").ok()?
    })
    .await;
    wait_until("the live status at the end", || {
        spoken.text_content().unwrap_or_default() == done
    })
    .await;
    let posts = sb
        .log("staging")
        .await
        .into_iter()
        .filter(|s| s.method == "POST")
        .count();
    assert_eq!(posts, 2, "the invalid row was not sent");
}

#[wasm_bindgen_test]
async fn a_refused_row_and_a_fault_in_the_middle_end_with_exact_outcomes() {
    let sb = Sandbox::new("import-outcomes");
    sb.mode("staging", "error-503-at:12").await;
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    paste(host, &sheet("Batch", 30, Some(7))).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    // The fault pauses the run at once; Resume sends the rest.
    wait_until("paused by the fault", || {
        page_text(host).contains("the service did not answer properly")
    })
    .await;
    press_when_on(host, "Resume").await;
    wait_until("done", || page_text(host).contains("Done.")).await;
    assert!(
        page_text(host).contains("30 of 30 sent, 1 refused, 1 unknown"),
        "{}",
        page_text(host)
    );
    let results: Vec<String> = rows(host).into_iter().map(|r| r[4].clone()).collect();
    assert!(results[6].starts_with("Refused: "), "{}", results[6]);
    assert_eq!(
        results
            .iter()
            .filter(|r| r.starts_with("Created: "))
            .count(),
        28
    );
    let unknown = results
        .iter()
        .position(|r| r.starts_with("Unknown: "))
        .unwrap();
    let counts = count_named(&sb, "staging", STAGING_KEY, "Batch").await;
    for (i, n) in counts.iter().enumerate() {
        let expected = usize::from(i != 6 && i != unknown);
        assert_eq!(*n, expected, "row {} ({})", i + 1, results[i]);
    }
    assert!(button(host, "Send unknown rows again").is_some());
    assert!(button(host, "Download failed rows").is_some());
}

#[wasm_bindgen_test]
async fn production_needs_the_word_typed() {
    let sb = Sandbox::new("import-confirm");
    let app = open_with("/pets/import?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    paste(host, &sheet("Careful", 2, None)).await;
    press(host, "Check rows").await;
    let start = wait_for("Start import", || button(host, "Start import")).await;
    assert!(start.has_attribute("disabled"));
    type_into(&input(host, "Type Production to confirm").await, "staging").await;
    assert!(start.has_attribute("disabled"));
    wait_until("why said", || {
        page_text(host).contains("This is not “Production”: type the name as shown to start.")
    })
    .await;
    start.click();
    let posts = sb
        .receives_no_more("production", 200, "sent without the confirmation", |s| {
            s.method == "POST"
        })
        .await;
    assert_eq!(posts, 0, "sent without the confirmation");
    // The whole word, but in any case: "Production" as a keyboard capitalises it.
    type_into(
        &input(host, "Type Production to confirm").await,
        "Productions",
    )
    .await;
    assert!(start.has_attribute("disabled"));
    type_into(
        &input(host, "Type Production to confirm").await,
        "Production",
    )
    .await;
    wait_until("Start enabled", || !start.has_attribute("disabled")).await;
    click(&start).await;
    wait_until("done", || {
        page_text(host).contains("2 of 2 sent, 0 refused. Done.")
    })
    .await;
}

#[wasm_bindgen_test]
async fn a_hundred_rows_with_one_refused_then_the_fixed_row_alone() {
    let sb = Sandbox::new("import-hundred");
    capture_downloads();
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    let mut text = String::from("name\tcategoryId\tstatus\n");
    for i in 1..=100 {
        let name = if i == 42 {
            "x".repeat(201)
        } else {
            format!("Litter {i}")
        };
        text.push_str(&format!("{name}\t{i}\tpending\n"));
    }
    paste(host, &text).await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    wait_until("done", || {
        page_text(host).contains("100 of 100 sent, 1 refused. Done.")
    })
    .await;
    assert!(
        rows(host)[41][4].contains("at most 200 characters"),
        "{:?}",
        rows(host)[41]
    );

    press(host, "Download failed rows").await;
    let (name, failed) = downloaded(0).await;
    assert_eq!(name, "import-staging-failed-rows.csv");
    assert_eq!(
        failed,
        format!("name,categoryId,status\n{},42,pending\n", "x".repeat(201))
    );
    // Fixed in a spreadsheet, and imported again.
    paste(host, "name,categoryId,status\nLitter 42,42,pending\n").await;
    press(host, "Check rows").await;
    press(host, "Start import").await;
    wait_until("done", || {
        page_text(host).contains("1 of 1 sent, 0 refused. Done.")
    })
    .await;

    // The list reaches 100 pets: the first 99 are there once each, the fixed one has its id.
    let client = Client::new(&sb.base("staging"), STAGING_KEY);
    let pending = petstore_admin::api::PetStatus::Pending;
    let pets = client.list_pets(100, Some(&pending)).await.unwrap();
    for i in (1..=100).filter(|i| *i != 42) {
        let n = pets
            .iter()
            .filter(|p| p.name == format!("Litter {i}"))
            .count();
        assert_eq!(n, 1, "Litter {i}");
    }
    assert!(
        pets.iter().all(|p| p.name != "Litter 42"),
        "the fixed row came last"
    );
    let id: i64 = rows(host)[0][4]
        .trim_start_matches("Created: ")
        .parse()
        .unwrap();
    #[allow(deprecated)]
    let (fixed, _) = client.get_pet(id).await.unwrap();
    assert_eq!(fixed.name, "Litter 42");
    let posts = sb
        .log("staging")
        .await
        .iter()
        .filter(|s| s.method == "POST")
        .count();
    assert_eq!(
        posts, 101,
        "99 created and 1 refused, then the fixed one: no other"
    );
}

#[wasm_bindgen_test]
async fn a_chosen_csv_file_fills_the_rows() {
    let sb = Sandbox::new("import-file");
    let app = open_with("/pets/import?env=staging", &sb.config()).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    let field = input(host, "CSV file").await;
    // What the browser does when a file is chosen: the input's files change, then `change`.
    js_sys::Function::new_with_args(
        "input",
        "const t = new DataTransfer();
         t.items.add(new File(['name,category\\r\\nFrom File,5\\r\\n'], 'pets.csv', { type: 'text/csv' }));
         input.files = t.files;
         input.dispatchEvent(new Event('change', { bubbles: true }));",
    )
    .call1(&JsValue::NULL, &field)
    .unwrap();
    let area = wait_for("the Paste rows box", || by_label(host, "Paste rows")).await;
    let value = || {
        js_sys::Reflect::get(&area, &"value".into())
            .unwrap()
            .as_string()
            .unwrap_or_default()
    };
    wait_until("the file's text in the box", || {
        value().contains("From File")
    })
    .await;
    press(host, "Check rows").await;
    wait_until("the preview", || {
        page_text(host).contains("1 row: 1 valid, 0 invalid")
    })
    .await;
    assert_eq!(rows(host)[0][1], "From File");
}

/// The value of the production confirmation box.
async fn confirmation(host: &web_sys::Element) -> String {
    input(host, "Type Production to confirm").await.value()
}

/// Types `production` in the production confirmation box.
async fn confirm_production(host: &web_sys::Element) {
    type_into(
        &input(host, "Type Production to confirm").await,
        "production",
    )
    .await;
}

/// How many creates production's sandbox saw.
async fn posts_seen(sb: &Sandbox) -> usize {
    sb.log("production")
        .await
        .iter()
        .filter(|s| s.method == "POST")
        .count()
}

#[wasm_bindgen_test]
async fn a_fixed_row_goes_alone_and_the_created_rows_are_not_sent_twice() {
    let sb = Sandbox::new("import-fixed-row");
    let app = open_with("/pets/import?env=production", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    paste(host, "name,categoryId\nFixed 1,1\nFixed 2,x\nFixed 3,3\n").await;
    press(host, "Check rows").await;
    confirm_production(host).await;
    press(host, "Start import").await;
    let done = "2 of 2 sent, 0 refused, 1 never sent (it needs fixing first). Done.";
    wait_until("the first run", || page_text(host).contains(done)).await;
    assert_eq!(
        confirmation(host).await,
        "",
        "the confirmation outlived the run"
    );

    // The invalid row fixed in the same box, and checked again.
    paste(host, "name,categoryId\nFixed 1,1\nFixed 2,2\nFixed 3,3\n").await;
    press(host, "Check rows").await;
    wait_until("the rows created before", || {
        let shown = rows(host);
        shown.len() == 3 && shown[0][4].starts_with("Already created:")
    })
    .await;
    let shown = rows(host);
    assert!(shown[2][4].starts_with("Already created:"), "{shown:?}");
    assert_eq!(shown[1][4], "Not sent", "{shown:?}");
    assert_eq!(confirmation(host).await, "");
    let start = wait_for("Start import", || button(host, "Start import")).await;
    assert!(
        start.has_attribute("disabled"),
        "production not confirmed again"
    );
    confirm_production(host).await;
    press(host, "Start import").await;
    let done = "1 of 1 sent, 0 refused, 2 already created before (not sent again). Done.";
    wait_until("the fixed row alone", || page_text(host).contains(done)).await;
    assert_eq!(
        count_named(&sb, "production", PROD_KEY, "Fixed").await[..3],
        [1, 1, 1]
    );
    assert_eq!(posts_seen(&sb).await, 3);

    // Sending a created row again on purpose: ticked, then asked at Start.
    press(host, "Check rows").await;
    let tick = wait_for("a Send again box", || {
        host.query_selector("label.send-again input").ok().flatten()
    })
    .await;
    click(tick.unchecked_ref::<web_sys::HtmlElement>()).await;
    confirm_production(host).await;
    press(host, "Start import").await;
    wait_until("the question", || {
        alerts(host).iter().any(|a| {
            a.contains("1 row, “Fixed ")
                && a.contains("”, equals a pet already sent to Production (")
        })
    })
    .await;
    assert_eq!(posts_seen(&sb).await, 3, "sent before the answer");
    press(host, "Send them again").await;
    let done = "2 of 2 sent, 0 refused, 1 already created before (not sent again). Done.";
    wait_until("sent again", || page_text(host).contains(done)).await;
    assert_eq!(
        count_named(&sb, "production", PROD_KEY, "Fixed").await[..3],
        [2, 1, 1]
    );
    assert_eq!(posts_seen(&sb).await, 4);
    assert_eq!(confirmation(host).await, "");
}
