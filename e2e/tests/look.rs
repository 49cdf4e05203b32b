//! Look and feel of the release build, in headless Chromium: axe-core 4.14 (from npm, injected
//! over WebDriver) on every page in light and dark mode and in both environments, with no
//! violation allowed; the list at phone size (Status visible without sideways scrolling, touch
//! targets at least 44×44 px), and the import's rows and the activity with no sideways scroll;
//! the nav links in place on every page and notes in the content column; and screenshots at
//! three sizes in both schemes, written to
//! `target/screenshots/` for a person to look at.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::{Client, Locator};
use petstore_e2e::{serve_release, start_service, Browser};
use serde_json::{json, Value};

const KEYS: [(&str, &str); 2] = [
    ("production", "dev-production-key"),
    ("staging", "dev-staging-key"),
];

fn axe_source() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../.tools/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (scripts/test.sh installs axe-core)",
            path.display()
        )
    })
}

/// Waits up to 10 s for `script` (a function body returning a boolean) to return true.
async fn wait_js(c: &Client, what: &str, script: &str) {
    for _ in 0..200 {
        if c.execute(script, vec![])
            .await
            .ok()
            .and_then(|v| v.as_bool())
            == Some(true)
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = c
        .execute("return document.body.innerText;", vec![])
        .await
        .unwrap_or_default();
    panic!("timed out waiting for {what}; the page says: {text}");
}

/// The form field with the id `id`, once there: the form's code arrives after the app's.
async fn form_field(c: &Client, id: &str) -> fantoccini::elements::Element {
    c.wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("no field #{id}: {e}"))
}

/// axe-core's violations on the page as it is, one line each.
async fn violations(c: &Client, axe: &str) -> Vec<String> {
    c.execute(&format!("{axe}; return true;"), vec![])
        .await
        .expect("inject axe-core");
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] })
               .then((r) => done(r.violations.map((v) => v.id + ' (' + v.impact + '): '
                 + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '')).join(' | '))))
               .catch((e) => done(['axe failed: ' + e]));",
            vec![],
        )
        .await
        .expect("run axe-core");
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

async fn scheme(browser: &Browser, dark: bool) {
    let value = if dark { "dark" } else { "light" };
    browser
        .cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": value }] }),
        )
        .await;
    let seen = browser
        .client
        .execute(
            "return matchMedia('(prefers-color-scheme: dark)').matches;",
            vec![],
        )
        .await
        .expect("read the scheme");
    assert_eq!(seen, json!(dark), "the page sees the {value} scheme");
}

async fn viewport(browser: &Browser, width: u32, height: u32, mobile: bool) {
    browser
        .cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        )
        .await;
}

async fn sign_in(c: &Client, key: &str) {
    wait_js(
        c,
        "the sign-in form",
        "return !!document.querySelector('[role=dialog] input');",
    )
    .await;
    let field = c
        .find(Locator::Css("[role=dialog] input"))
        .await
        .expect("the key field");
    field.send_keys(key).await.expect("type the key");
    c.find(Locator::XPath("//button[normalize-space()='Sign in']"))
        .await
        .expect("Sign in")
        .click()
        .await
        .expect("click Sign in");
    wait_js(
        c,
        "no sign-in form",
        "return !document.querySelector('[role=dialog]');",
    )
    .await;
}

const ROWS_SHOWN: &str = "return document.querySelectorAll('table.pets tbody tr').length > 0 \
     && document.querySelector('.rows').getAttribute('aria-busy') === 'false';";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_passes_axe_in_both_schemes_and_environments() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let axe = axe_source();
    let mut found = Vec::new();
    for dark in [false, true] {
        scheme(&browser, dark).await;
        for (env, key) in KEYS {
            let mut check = |page: &str, list: Vec<String>| {
                let mode = if dark { "dark" } else { "light" };
                found.extend(
                    list.into_iter()
                        .map(|v| format!("{page}, {env}, {mode}: {v}")),
                );
            };
            c.goto(&format!("{site}pets?env={env}"))
                .await
                .expect("open");
            c.execute("sessionStorage.clear(); return true;", vec![])
                .await
                .expect("clear");
            c.refresh().await.expect("reload");
            wait_js(
                c,
                "the sign-in form",
                "return !!document.querySelector('[role=dialog]');",
            )
            .await;
            check("sign-in", violations(c, &axe).await);
            sign_in(c, key).await;
            wait_js(c, "the rows", ROWS_SHOWN).await;
            check("list", violations(c, &axe).await);

            open(
                c,
                &format!("{site}pets/new?env={env}"),
                "the form",
                "return !!document.getElementById('pet-name');",
            )
            .await;
            let add = "//button[normalize-space()='Add pet']";
            c.find(Locator::XPath(add))
                .await
                .expect("Add pet")
                .click()
                .await
                .expect("click");
            wait_js(
                c,
                "the messages",
                "return document.querySelector('[aria-invalid=true]') !== null;",
            )
            .await;
            check("add with errors", violations(c, &axe).await);

            // A pet added here: its page, and later the activity, have something to show.
            for (id, text) in [("pet-name", "Axe Check"), ("pet-category", "2")] {
                form_field(c, id).await.send_keys(text).await.expect("type");
            }
            c.find(Locator::XPath(add))
                .await
                .expect("Add pet")
                .click()
                .await
                .expect("click");
            wait_js(
                c,
                "the new pet",
                "return !!document.querySelector('.pet-details');",
            )
            .await;
            check("view", violations(c, &axe).await);

            open(
                c,
                &format!("{site}pets/import?env={env}"),
                "the import page",
                "return !!document.getElementById('import-text');",
            )
            .await;
            check("import", violations(c, &axe).await);

            open(
                c,
                &format!("{site}activity?env={env}"),
                "the activity",
                "return !!document.querySelector('table.activity');",
            )
            .await;
            check("activity", violations(c, &axe).await);

            // The other environment's key form in the page, then both side by side.
            open(
                c,
                &format!("{site}compare?env={env}"),
                "the compare page's key form",
                "return !!document.querySelector('.inline-sign-in input');",
            )
            .await;
            check("compare, signing in", violations(c, &axe).await);
            let other = KEYS.iter().find(|(e, _)| *e != env).map_or("", |(_, k)| k);
            c.find(Locator::Css(".inline-sign-in input"))
                .await
                .expect("the key field")
                .send_keys(other)
                .await
                .expect("type the key");
            c.find(Locator::Css(".inline-sign-in button"))
                .await
                .expect("Sign in")
                .click()
                .await
                .expect("click");
            wait_js(
                c,
                "the groups",
                "return !!document.getElementById('in-both-same');",
            )
            .await;
            check("compare", violations(c, &axe).await);
        }
    }
    // The check can fail: a field without a label and grey on grey are found. (Styles are
    // set through the CSSOM: the CSP refuses style attributes.)
    c.execute(
        "const main = document.querySelector('main');
         main.insertAdjacentHTML('afterbegin', '<input id=unlabelled><p id=faint>faint</p>');
         const faint = document.getElementById('faint');
         faint.style.color = '#777'; faint.style.background = '#888';
         return true;",
        vec![],
    )
    .await
    .expect("break the page");
    let broken = violations(c, &axe).await.join("\n");
    assert!(
        broken.contains("label") && broken.contains("color-contrast"),
        "axe-core did not see a broken page: {broken}"
    );
    browser.close().await;
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_pages_fit_and_every_target_is_44_px_square_or_more() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    viewport(&browser, 390, 844, true).await;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open");
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    let fits: Value = c
        .execute(
            "const cell = document.querySelector('table.pets tbody tr td:nth-child(4)');
             const r = cell.getBoundingClientRect();
             const root = document.documentElement;
             return { right: r.right, left: r.left, width: root.clientWidth,
                      scroll: root.scrollWidth, text: cell.textContent.trim() };",
            vec![],
        )
        .await
        .expect("measure the first row");
    let width = fits["width"].as_f64().unwrap_or_default();
    assert!(
        fits["right"].as_f64().unwrap_or(f64::MAX) <= width && fits["left"].as_f64() >= Some(0.0),
        "the first row's Status is off-screen: {fits}"
    );
    assert!(
        fits["scroll"].as_f64().unwrap_or(f64::MAX) <= width,
        "the page scrolls sideways: {fits}"
    );
    let small: Value = c
        .execute(
            "return Array.from(document.querySelectorAll('button, a, input, select'))
               .filter((e) => e.offsetParent !== null)
               .map((e) => { const r = e.getBoundingClientRect();
                             return [e.textContent.trim() || e.id, r.width, r.height]; })
               .filter(([, w, h]) => w < 44 || h < 44);",
            vec![],
        )
        .await
        .expect("measure the targets");
    assert_eq!(small, json!([]), "targets under 44×44 px at 390 px wide");

    // The import's checked rows (a long name, an invalid row) and the activity fit too.
    open(
        c,
        &format!("{site}pets/import?env=production"),
        "the import page",
        "return !!document.getElementById('import-text');",
    )
    .await;
    let sheet = format!(
        "name\tcategoryId\tstatus\n{}\t1\tavailable\nRex\tx\tavailble\n",
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
    no_sideways_scroll(c, "the import's rows").await;
    let marks: Value = c
        .execute(
            "const first = document.querySelector('table.import-rows tbody td');
             const bad = document.querySelector('table.import-rows tr.invalid strong');
             return [getComputedStyle(first, '::before').content, bad && bad.textContent];",
            vec![],
        )
        .await
        .expect("read the row marks");
    assert_eq!(
        marks,
        json!(["\"Line \" / \"\"", "Invalid:"]),
        "labelled and marked"
    );

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
        "return !!document.querySelector('[role=alert]');",
    )
    .await;
    open(
        c,
        &format!("{site}activity?env=production"),
        "the activity",
        "return document.querySelectorAll('table.activity tbody tr').length > 0;",
    )
    .await;
    no_sideways_scroll(c, "the activity").await;
    // The compare page's groups wrap, and each pet's box is a 44 px target.
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
        "return !!document.getElementById('in-both-same');",
    )
    .await;
    no_sideways_scroll(c, "the compare page").await;
    let boxes: Value = c
        .execute(
            "return Array.from(document.querySelectorAll('label.choose'))
               .map((l) => { const r = l.getBoundingClientRect(); return [r.width, r.height]; });",
            vec![],
        )
        .await
        .expect("measure the boxes");
    let boxes = boxes.as_array().cloned().unwrap_or_default();
    assert!(!boxes.is_empty(), "no box to choose a pet with");
    for b in &boxes {
        let (w, h) = (b[0].as_f64().unwrap_or(0.0), b[1].as_f64().unwrap_or(0.0));
        assert!(w >= 44.0 && h >= 44.0, "a box's target is {w}×{h} px");
    }
    browser.close().await;
}

/// Opens `url` and waits until `ready` (a script returning a boolean) holds.
async fn open(c: &Client, url: &str, what: &str, ready: &str) {
    c.goto(url)
        .await
        .unwrap_or_else(|e| panic!("open {what}: {e}"));
    wait_js(c, what, ready).await;
}

async fn click_button(c: &Client, name: &str) {
    c.find(Locator::XPath(&format!(
        "//button[normalize-space()='{name}']"
    )))
    .await
    .unwrap_or_else(|e| panic!("the {name} button: {e}"))
    .click()
    .await
    .expect("click");
}

/// Fails when the page is wider than the window (it would scroll sideways).
async fn no_sideways_scroll(c: &Client, what: &str) {
    let sizes: Value = c
        .execute(
            "const root = document.documentElement; return [root.scrollWidth, root.clientWidth];",
            vec![],
        )
        .await
        .expect("measure the page");
    assert!(
        sizes[0].as_f64() <= sizes[1].as_f64(),
        "{what} scroll sideways at 390 px: [scroll width, width] {sizes}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nav_links_stay_put_and_notes_sit_in_the_content_column() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    viewport(&browser, 1280, 800, false).await;
    // An unknown environment in the address: its note must line up with the page below.
    c.goto(&format!("{site}pets?env=qa")).await.expect("open");
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    const NAV: &str = "return Array.from(document.querySelectorAll('nav a'))
        .map((a) => { const r = a.getBoundingClientRect(); return [a.textContent, r.left, r.width]; });";
    let on_list: Value = c.execute(NAV, vec![]).await.expect("measure the nav");
    let columns: Value = c
        .execute(
            "const note = document.querySelector('.env-note');
             const h1 = document.querySelector('main h1');
             return note && [note.getBoundingClientRect().left, h1.getBoundingClientRect().left];",
            vec![],
        )
        .await
        .expect("measure the note");
    assert!(
        columns[0].as_f64().is_some() && columns[0] == columns[1],
        "the note and the page's heading start at the same place: {columns}"
    );
    for page in ["New pet", "Activity", "Compare", "Pets"] {
        c.find(Locator::XPath(&format!(
            "//nav//a[normalize-space()='{page}']"
        )))
        .await
        .expect("a nav link")
        .click()
        .await
        .expect("click");
        wait_js(
            c,
            "the page marked current",
            &format!(
                "const a = document.querySelector('nav a[aria-current=page]');
                 return !!a && a.textContent === '{page}';"
            ),
        )
        .await;
        let now: Value = c.execute(NAV, vec![]).await.expect("measure the nav");
        assert_eq!(now, on_list, "the nav links moved on {page}");
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_at_three_sizes_in_both_schemes() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open");
    sign_in(c, "dev-production-key").await;
    for (size, width, height, mobile) in [
        ("desktop", 1280, 800, false),
        ("tablet", 820, 1180, true),
        ("phone", 390, 844, true),
    ] {
        viewport(&browser, width, height, mobile).await;
        for dark in [false, true] {
            scheme(&browser, dark).await;
            c.refresh().await.expect("reload");
            wait_js(c, "the rows", ROWS_SHOWN).await;
            let png = c.screenshot().await.expect("a screenshot");
            let name = format!("{size}-{}.png", if dark { "dark" } else { "light" });
            std::fs::write(dir.join(&name), &png).expect("write the screenshot");
            assert!(png.len() > 1000, "{name} is empty");
        }
    }
    // The compare page, both keys given, at the three sizes in the light scheme.
    scheme(&browser, false).await;
    c.execute(
        "sessionStorage.setItem('petstore-admin.api-key.staging', 'dev-staging-key'); return true;",
        vec![],
    )
    .await
    .expect("the staging key");
    c.goto(&format!("{site}compare?env=production"))
        .await
        .expect("open");
    for (size, width, height, mobile) in [
        ("desktop", 1280, 800, false),
        ("tablet", 820, 1180, true),
        ("phone", 390, 844, true),
    ] {
        viewport(&browser, width, height, mobile).await;
        c.refresh().await.expect("reload");
        wait_js(
            c,
            "the groups",
            "return !!document.getElementById('in-both-same');",
        )
        .await;
        let png = c.screenshot().await.expect("a screenshot");
        let name = format!("compare-{size}-light.png");
        std::fs::write(dir.join(&name), &png).expect("write the screenshot");
        assert!(png.len() > 1000, "{name} is empty");
    }
    browser.close().await;
}
