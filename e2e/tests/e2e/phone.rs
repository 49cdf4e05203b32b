//! The release build at phone size (390 × 844, touch), in headless Chromium: every page, with
//! each of its disclosures opened, fits the width (no sideways scroll) and breaks no id or
//! category inside; every target is at least 44 × 44 px; the list's column headers show as sort
//! controls, and the import's (which sort nothing) take no room. And the list at a laptop's and
//! a tablet's width: no cell's content runs into the next one.

use fantoccini::Client;
use petstore_dev_service::control::MAIN;
use petstore_dev_service::seed::BIG_ID;
use petstore_dev_service::Config;
use petstore_e2e::look::{
    choose, click_button, fits_the_window, form_field, no_sideways_scroll, open, sign_in, viewport,
    wait_js, ROWS_SHOWN,
};
use petstore_e2e::words::open_in;
use petstore_e2e::{
    click, open_menu, serve_release, start_service, start_service_with_registry, with_refresh,
    Browser,
};
use serde_json::{json, Value};

/// A category id as long as an id can be: it must not break inside, nor push the page wide.
const LONG_CATEGORY: i64 = 9_007_199_254_740_995;

/// What `script` returns, as JSON.
async fn read(c: &Client, what: &str, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_every_page_fits_with_its_disclosures_open() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    // A pet with a long category in both environments ("The same in both"), one only in
    // production, so every group of the compare page has long numbers.
    for env in ["production", "staging"] {
        let deployment = registry.deployment(MAIN, env).expect("a deployment");
        deployment.add_pet("Lola", LONG_CATEGORY, Some("available"));
    }
    registry
        .deployment(MAIN, "production")
        .expect("production")
        .add_pet("Only Here Otto", LONG_CATEGORY, Some("pending"));
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    viewport(&browser, 390, 844, true).await;

    // The list: Status in view, the filters folded, the sort a select, every target 44 px.
    c.goto(&format!("{site}pets?env=production&limit=100"))
        .await
        .expect("open");
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    // The headers are for screen readers; the sort is a select among the folded filters.
    let folded = read(
        c,
        "read the filters",
        "const fold = document.querySelector('details.filters-fold');
         return [fold.open, fold.querySelector('summary').textContent.trim(),
                 document.querySelector('table.pets thead').getBoundingClientRect().height <= 1];",
    )
    .await;
    assert_eq!(
        folded,
        json!([false, "Filters and sort (1 set)", true]),
        "the filters fold, saying the limit is set, and the headers take no room"
    );
    assert!(fits_the_window(c, "the list").await > 0, "ids on the list");
    let fits = read(
        c,
        "measure the first row",
        "const cell = document.querySelector('table.pets tbody tr td:nth-child(4)');
         const r = cell.getBoundingClientRect();
         return { right: r.right, left: r.left, width: document.documentElement.clientWidth };",
    )
    .await;
    let width = fits["width"].as_f64().unwrap_or_default();
    assert!(
        fits["right"].as_f64().unwrap_or(f64::MAX) <= width && fits["left"].as_f64() >= Some(0.0),
        "the first row's Status is off-screen: {fits}"
    );
    choose(c, "sort-select", "-name").await;
    wait_js(
        c,
        "sorted by name, Z first",
        "return new URLSearchParams(location.search).get('sort') === '-name'
           && document.querySelector('details.filters-fold summary').textContent.trim()
              === 'Filters and sort (2 set)';",
    )
    .await;
    // The targets, then again with the header's menu open (and the page still as wide).
    for menu in ["closed", "open"] {
        if menu == "open" {
            open_menu(c).await;
            no_sideways_scroll(c, "the list with the menu open").await;
        }
        let small = read(
            c,
            "measure the targets",
            "return Array.from(document.querySelectorAll('button, a, input, select'))
               .filter((e) => e.offsetParent !== null)
               .map((e) => { const r = e.getBoundingClientRect();
                             return [e.textContent.trim() || e.id, r.width, r.height]; })
               .filter(([, w, h]) => w < 44 || h < 44);",
        )
        .await;
        assert_eq!(
            small,
            json!([]),
            "targets under 44×44 px at 390 px wide, the menu {menu}"
        );
    }
    click(c, "//button[@id='menu-button']").await;

    // A pet with an id above 2^53.
    open(
        c,
        &format!("{site}pets/{BIG_ID}?env=production"),
        "the pet's page",
        "return !!document.querySelector('.pet-details');",
    )
    .await;
    assert!(fits_the_window(c, "the pet's page").await > 0, "its id");

    // The import's checked rows (a long name, an invalid row): its header row takes no room.
    open(
        c,
        &format!("{site}pets/import?env=production"),
        "the import page",
        "return !!document.getElementById('import-text');",
    )
    .await;
    let sheet = format!(
        "name\tcategoryId\tstatus\n{}\t{LONG_CATEGORY}\tavailable\nRex\tx\tavailble\n",
        "Lengthy".repeat(25)
    );
    c.execute(
        "const area = document.getElementById('import-text');
         area.value = arguments[0];
         area.dispatchEvent(new Event('input', {bubbles: true}));
         return true;",
        vec![sheet.into()],
    )
    .await
    .expect("paste");
    click_button(c, "Check rows").await;
    wait_js(
        c,
        "the checked rows",
        "return document.querySelectorAll('table.import-rows tbody tr').length === 2;",
    )
    .await;
    fits_the_window(c, "the import's rows").await;
    let marks = read(
        c,
        "read the row marks",
        "const first = document.querySelector('table.import-rows tbody td');
         const bad = document.querySelector('table.import-rows tr.invalid strong');
         const head = document.querySelector('table.import-rows thead').getBoundingClientRect();
         return [getComputedStyle(first, '::before').content, bad && bad.textContent,
                 head.width <= 1 && head.height <= 1];",
    )
    .await;
    assert_eq!(
        marks,
        json!(["\"Line \" / \"\"", "Invalid:", true]),
        "labelled and marked, the header row out of the way"
    );

    // The form's refusal (its Details open).
    c.goto(&format!("{site}pets/new?env=production"))
        .await
        .expect("open the form");
    for (id, text) in [("pet-name", "y".repeat(201)), ("pet-category", "2".into())] {
        form_field(c, id)
            .await
            .send_keys(&text)
            .await
            .expect("type");
    }
    click_button(c, "Add pet").await;
    wait_js(
        c,
        "the refusal",
        "return !!document.querySelector('[role=alert] details');",
    )
    .await;
    fits_the_window(c, "the form's refusal").await;

    // The activity (each entry's Details for IT open).
    open(
        c,
        &format!("{site}activity?env=production"),
        "the activity",
        "return document.querySelectorAll('table.activity tbody tr').length > 0;",
    )
    .await;
    fits_the_window(c, "the activity").await;

    // The store at a glance: each bar the width of the screen, its words inside it.
    open(
        c,
        &format!("{site}store?env=production"),
        "the store at a glance",
        "return !!document.querySelector('table.store-table tbody tr');",
    )
    .await;
    fits_the_window(c, "the store").await;
    let bars = read(
        c,
        "measure the bars",
        "return Array.from(document.querySelectorAll('.store-bar'))
           .map((b) => { const r = b.querySelector('svg.bar').getBoundingClientRect();
                         const l = b.querySelector('.bar-label').getBoundingClientRect();
                         return [r.left, r.right, l.right, innerWidth]; });",
    )
    .await;
    let bars = bars.as_array().cloned().unwrap_or_default();
    assert!(!bars.is_empty(), "no bar on the store page");
    for b in &bars {
        let [left, right, label, width] = [0, 1, 2, 3].map(|i| b[i].as_f64().unwrap_or(-1.0));
        assert!(
            left >= 0.0 && right <= width,
            "a bar runs off the screen: {b}"
        );
        assert!(
            right - left >= width * 0.8,
            "a bar is not the screen's width: {b}"
        );
        assert!(label <= width, "a bar's words run off the screen: {b}");
    }

    // The compare page, "The same in both" shown; each pet's box a 44 px target.
    c.execute(
        "sessionStorage.setItem('petstore-admin.api-key.staging', 'dev-staging-key'); return true;",
        vec![],
    )
    .await
    .expect("the staging key");
    open(
        c,
        &format!("{site}compare?env=production"),
        "the compare page",
        "return !!document.querySelector('section[aria-labelledby=in-both-same] table');",
    )
    .await;
    assert!(
        fits_the_window(c, "the compare page").await > 0,
        "ids compared"
    );
    let boxes = read(
        c,
        "measure the boxes",
        "return Array.from(document.querySelectorAll('label.choose'))
           .map((l) => { const r = l.getBoundingClientRect(); return [r.width, r.height]; });",
    )
    .await;
    let boxes = boxes.as_array().cloned().unwrap_or_default();
    assert!(!boxes.is_empty(), "no box to choose a pet with");
    for b in &boxes {
        let (w, h) = (b[0].as_f64().unwrap_or(0.0), b[1].as_f64().unwrap_or(0.0));
        assert!(w >= 44.0 && h >= 44.0, "a box's target is {w}×{h} px");
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_a_laptop_and_a_tablet_no_cell_of_the_list_runs_into_the_next() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    production.add_pet("Lola", LONG_CATEGORY, Some("available"));
    production.add_pet("Max Int", i64::MAX, Some("pending"));
    // The list reads itself again: a status changed meanwhile says what it was.
    let site = serve_release(&service, with_refresh(&config, 0.5)).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production&limit=100"))
        .await
        .expect("open");
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    production.set_status(BIG_ID, Some("sold".to_owned()));
    wait_js(
        c,
        "the change marked",
        "return document.body.innerText.includes('sold, was available');",
    )
    .await;
    for (width, height, mobile) in [(1024, 768, false), (820, 1180, true)] {
        viewport(&browser, width, height, mobile).await;
        wait_js(c, "the rows", ROWS_SHOWN).await;
        // A cell whose content is wider than the cell draws over its neighbour (the columns
        // keep fixed widths, and numbers do not wrap).
        let over = read(
            c,
            "measure the cells",
            "return Array.from(document.querySelectorAll('table.pets tbody td'))
               .filter((td) => td.scrollWidth > td.clientWidth)
               .map((td) => td.textContent.trim());",
        )
        .await;
        assert_eq!(over, json!([]), "cells running over at {width} px");
        fits_the_window(c, &format!("the list at {width} px")).await;
    }
    // The store at a glance on the tablet held upright: the chart and the pets added, one
    // above the other, with nothing to scroll sideways.
    c.goto(&format!("{site}store?env=production"))
        .await
        .expect("open the store");
    wait_js(
        c,
        "the store's table",
        "return !!document.querySelector('table.store-table tbody tr');",
    )
    .await;
    fits_the_window(c, "the store at 820 px").await;
    browser.close().await;
}

/// Where the list's first pet row starts, as a share of the window's height.
const FIRST_ROW_AT: &str = "const row = document.querySelector('table.pets tbody tr');
   return row.getBoundingClientRect().top / window.innerHeight;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_list_shows_pets_first_in_english_and_spanish() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    viewport(&browser, 390, 844, true).await;
    for tag in ["en", "es"] {
        open_in(c, &format!("{site}pets?env=production"), tag).await;
        wait_js(c, "the rows", ROWS_SHOWN).await;
        let at = read(c, "the first row", FIRST_ROW_AT).await;
        assert!(
            at.as_f64().is_some_and(|at| at <= 0.4),
            "{tag}: the first pet starts {at} of the way down"
        );
    }
    // Activity as blocks (in Spanish, the language chosen last): an entry (a pet number the
    // service has no pet for) with its time
    // and environment named, nothing wider than the window.
    c.goto(&format!("{site}pets/424242?env=production"))
        .await
        .expect("a pet number");
    wait_js(
        c,
        "the answer",
        "return !!document.querySelector('main [role=alert]');",
    )
    .await;
    open(
        c,
        &format!("{site}activity?env=production"),
        "the activity page",
        "return !!document.querySelector('table.activity tbody tr');",
    )
    .await;
    let blocks = read(
        c,
        "the entries",
        "const row = document.querySelector('table.activity tbody tr');
         return [getComputedStyle(row).display,
                 document.querySelector('table.activity thead').getBoundingClientRect().height <= 1,
                 row.querySelector('td').dataset.label];",
    )
    .await;
    assert_eq!(
        blocks,
        json!(["block", true, "Hora"]),
        "Activity's entries as blocks"
    );
    fits_the_window(c, "Activity on a phone").await;
    browser.close().await;
}
