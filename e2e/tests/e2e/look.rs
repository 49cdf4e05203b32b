//! Look and feel of the release build, in headless Chromium: axe-core 4.14 (from npm, injected
//! over WebDriver) on every page in light and dark mode and in both environments, with no
//! violation allowed; the nav links in place on every page and notes in the content column; and
//! screenshots at three sizes in both schemes, written to `target/screenshots/` for a person to
//! look at. (Phone size is `phone.rs`.)

use std::path::PathBuf;

use fantoccini::Locator;
use petstore_e2e::look::{
    axe_source, form_field, open, sign_in, sign_in_in_page, viewport, violations, wait_js,
    ROWS_SHOWN,
};
use petstore_e2e::{serve_release, start_service, Browser};
use serde_json::{json, Value};

const KEYS: [(&str, &str); 2] = [
    ("production", "dev-production-key"),
    ("staging", "dev-staging-key"),
];

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

            // A pet added here: its page, and later the activity, have something to show. One
            // of its own in each scheme: the same pet again would be asked about first.
            let name = if dark {
                "Axe Check Dark"
            } else {
                "Axe Check Light"
            };
            for (id, text) in [("pet-name", name), ("pet-category", "2")] {
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

            open(
                c,
                &format!("{site}store?env={env}"),
                "the store at a glance",
                "return !!document.querySelector('table.store-table tbody tr');",
            )
            .await;
            check("store", violations(c, &axe).await);

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
            sign_in_in_page(c, other).await;
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
    shoot(&browser, &dir, "", &[false, true], "the rows", ROWS_SHOWN).await;
    // The compare page, both keys given, in the light scheme.
    c.execute(
        "sessionStorage.setItem('petstore-admin.api-key.staging', 'dev-staging-key'); return true;",
        vec![],
    )
    .await
    .expect("the staging key");
    c.goto(&format!("{site}compare?env=production"))
        .await
        .expect("open");
    let groups = "return !!document.getElementById('in-both-same');";
    shoot(&browser, &dir, "compare-", &[false], "the groups", groups).await;
    // The store at a glance, in both schemes.
    c.goto(&format!("{site}store?env=production"))
        .await
        .expect("open");
    let table = "return !!document.querySelector('table.store-table tbody tr');";
    shoot(
        &browser,
        &dir,
        "store-",
        &[false, true],
        "the store's table",
        table,
    )
    .await;
    browser.close().await;
    readme_screenshots(&dir);
}

/// Screenshots of the page shown, at a desktop's, a tablet's and a phone's size in each of
/// `schemes` (dark or not), once `ready` (a script) holds after a reload: written to `dir` as
/// `{prefix}{size}-{light|dark}.png`.
async fn shoot(
    browser: &Browser,
    dir: &std::path::Path,
    prefix: &str,
    schemes: &[bool],
    what: &str,
    ready: &str,
) {
    let c = &browser.client;
    for (size, width, height, mobile) in [
        ("desktop", 1280, 800, false),
        ("tablet", 820, 1180, true),
        ("phone", 390, 844, true),
    ] {
        viewport(browser, width, height, mobile).await;
        for dark in schemes {
            scheme(browser, *dark).await;
            c.refresh().await.expect("reload");
            wait_js(c, what, ready).await;
            let png = c.screenshot().await.expect("a screenshot");
            let name = format!(
                "{prefix}{size}-{}.png",
                if *dark { "dark" } else { "light" }
            );
            std::fs::write(dir.join(&name), &png).expect("write the screenshot");
            assert!(png.len() > 1000, "{name} is empty");
        }
    }
}

/// The files the README's screenshots show the work of: the page's style, its frame, the
/// header's links and the list.
const LOOK: [&str; 5] = [
    "style/main.css",
    "index.html",
    "src/components/env_bar.rs",
    "src/components/pet_table.rs",
    "src/pages/pet_list.rs",
];

/// The README's three screenshots: taken again by `scripts/screenshots.sh` (which sets
/// `PETSTORE_UPDATE_SCREENSHOTS`), and otherwise checked to be of the look in the tree, so they
/// never go stale unnoticed.
fn readme_screenshots(taken: &std::path::Path) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let docs = root.join("docs/screenshots");
    // FNV-1a over the files: a fingerprint that stays the same from one Rust release to the
    // next (the standard library's hasher may change).
    let mut print: u64 = 0xcbf2_9ce4_8422_2325;
    for file in LOOK {
        let text = std::fs::read(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        for byte in file.as_bytes().iter().chain(&text) {
            print = (print ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let print = format!("{print:016x} {}\n", LOOK.join(" "));
    let made_from = docs.join("made-from.txt");
    if std::env::var_os("PETSTORE_UPDATE_SCREENSHOTS").is_some() {
        for name in ["desktop-light.png", "tablet-light.png", "phone-dark.png"] {
            std::fs::copy(taken.join(name), docs.join(name)).expect("copy a screenshot");
        }
        std::fs::write(&made_from, &print).expect("write made-from.txt");
        return;
    }
    let recorded = std::fs::read_to_string(&made_from).unwrap_or_default();
    assert_eq!(
        recorded, print,
        "the README's screenshots were taken from another look: run scripts/screenshots.sh \
         and commit docs/screenshots/"
    );
}
