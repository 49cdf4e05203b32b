//! The release build in all three engines (Chromium, Firefox, and Safari's engine through
//! WebKitGTK), over WebDriver, with the strict Content-Security-Policy, and no console error
//! in any of them:
//! - a walk under `/admin/`: sign in, the list with an id above 2^53 exact, a status filter, a
//!   pet's page (a lazy page's code) and back to the list as it was left, the same page left
//!   while the service holds its read (an abort, not an error), a pet added through
//!   the form, the activity naming it, the switch to staging, the import page opened cold and
//!   two rows imported, the compare page and a copy, a reload answered by the service worker,
//!   and Sign out everywhere;
//! - a cold first visit, counting the site's answers per file;
//! - the console check itself, shown to see an error in each engine.
//!
//! (Chromium runs every other end-to-end test; `docs/testing.md` says which parts run where.)

use std::time::Duration;

use fantoccini::Client;
use petstore_dev_service::control::{Mode, MAIN};
use petstore_dev_service::Config;
use petstore_e2e::engines::Engine;
use petstore_e2e::look::{choose, click_button, form_field, network_quiet, sign_in, wait_js};
use petstore_e2e::{
    click, click_nav, csp, dist_dir, root_dist, serve_site_with, start_service,
    start_service_with_registry, wait_for, Browser, SiteLog,
};

/// Waits up to 20 s until every row of the list has `status` (`what` says when).
async fn all_rows_are(c: &Client, status: &str, what: &str) {
    let script = format!(
        "const rows = Array.from(document.querySelectorAll('table.pets tbody tr'));
         return rows.length > 0 && rows.every((r) => r.cells[3].textContent.trim() === '{status}');"
    );
    let mut last = String::new();
    for _ in 0..200 {
        match c.execute(&script, vec![]).await {
            Ok(v) if v.as_bool() == Some(true) => return,
            Ok(v) => last = v.to_string(),
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let page = c
        .execute(
            "return [location.href, document.body.innerText.slice(0, 600)];",
            vec![],
        )
        .await;
    panic!("{what}: the rows never all showed {status} ({last}); the page: {page:?}");
}

/// The walk, in the release build served under `/admin/` with the strict policy.
async fn walk(engine: Engine) {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let log = SiteLog::default();
    let dist = dist_dir("PETSTORE_DIST_ADMIN", "target/dist-admin");
    let site = serve_site_with(&dist, "/admin/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start_engine(engine).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    sign_in(c, "dev-production-key").await;
    // The default 20 rows, the third with its id exact (a JavaScript number would round it).
    wait_for(c, "//table//tbody/tr[20]").await;
    wait_for(c, "//table//tbody//a[normalize-space()='9007199254740993']").await;

    choose(c, "status-filter", "sold").await;
    all_rows_are(c, "sold", "the filter chosen").await;
    let address = c.current_url().await.expect("the address");
    assert!(address.as_str().contains("status=sold"), "{address}");

    click(c, "//table//tbody//a[normalize-space()='Nemo']").await;
    wait_for(
        c,
        "//*[contains(@class,'pet-details')]//*[normalize-space()='Nemo']",
    )
    .await;
    // Shown at once from the list's row, then drawn again once read: Back is pressed on the
    // page as read (a click on the link being replaced would be lost).
    wait_for(c, "//*[starts-with(normalize-space(),'Read at')]").await;
    click(c, "//a[normalize-space()='Back to the list']").await;
    all_rows_are(c, "sold", "back on the list").await;

    // A pet's page left while the service holds its read (through the service worker): the
    // read ends as an abort, with nothing in the console (checked at the end of the walk).
    let controlled = "return !!navigator.serviceWorker.controller;";
    wait_js(c, "the service worker controls the page", controlled).await;
    production.set_mode(Mode::Slow(Duration::from_secs(3)));
    click(c, "//table//tbody//a[normalize-space()='Nemo']").await;
    wait_for(
        c,
        "//*[contains(@class,'pet-details')]//*[normalize-space()='Nemo']",
    )
    .await;
    // Once the service holds the pet's read (each answer waits as the mode was when its
    // request came), the list's read on the way back is not held.
    let held = || {
        production
            .log()
            .iter()
            .any(|e| e.method == "GET" && e.status == 0 && !e.path.contains("/pets?"))
    };
    for _ in 0..200 {
        if held() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(held(), "the pet's page sent no read");
    production.set_mode(Mode::Normal);
    click(c, "//a[normalize-space()='Back to the list']").await;
    all_rows_are(c, "sold", "back on the list, the pet's read left behind").await;

    // Add a pet (the form is a lazy page too): its page says so, with the id the service gave.
    click_nav(c, "New pet").await;
    for (id, text) in [("pet-name", "Safari Sam"), ("pet-category", "7")] {
        form_field(c, id).await.send_keys(text).await.expect("type");
    }
    choose(c, "pet-status", "available").await;
    click_button(c, "Add pet").await;
    wait_for(c, "//*[contains(normalize-space(),'Pet added.')]").await;
    wait_for(
        c,
        "//*[contains(@class,'pet-details')]//*[normalize-space()='Safari Sam']",
    )
    .await;

    // The activity names it; staging asks for its own key.
    click_nav(c, "Activity").await;
    wait_for(
        c,
        "//table//td[contains(normalize-space(),'Added “Safari Sam”')]",
    )
    .await;
    choose(c, "environment", "staging").await;
    wait_for(
        c,
        "//*[@role='dialog']//*[contains(normalize-space(),'Staging')]",
    )
    .await;
    sign_in(c, "dev-staging-key").await;
    import_compare_and_sign_out(c, &site, &log).await;
    no_console_errors(&browser, engine).await;
    browser.close().await;
}

/// The walk's second half, signed in to both: the import page opened cold (its code fetched
/// as the app starts) and two rows imported into staging; the compare page, the pet added in
/// production copied to staging and the copy closed; the page read again from the service
/// worker; and Sign out everywhere.
async fn import_compare_and_sign_out(c: &Client, site: &str, log: &SiteLog) {
    network_quiet(c).await;
    c.goto(&format!("{site}pets/import?env=staging"))
        .await
        .expect("open the import page");
    // Typed as a person types it, a key press for each line's end (WebKit's driver drops
    // line breaks inside typed text).
    let rows = "name,categoryId,status\u{E007}Iggy,3,pending\u{E007}Ziggy,4,sold";
    form_field(c, "import-text")
        .await
        .send_keys(rows)
        .await
        .expect("type the rows");
    click_button(c, "Check rows").await;
    click_button(c, "Start import").await;
    wait_for(
        c,
        "//*[contains(normalize-space(),'2 of 2 sent, 0 refused. Done.')]",
    )
    .await;

    click_nav(c, "Compare").await;
    wait_for(c, "//*[starts-with(normalize-space(),'Compared ')]").await;
    let only_production = "//section[@aria-labelledby='only-production']";
    click(
        c,
        &format!("{only_production}//label[normalize-space()='Choose Safari Sam']"),
    )
    .await;
    click(
        c,
        &format!("{only_production}//button[normalize-space()='Copy 1 pet to Staging…']"),
    )
    .await;
    // The panel takes the focus (and scrolls to it) on the next frame: pressed before then,
    // WebKit's click lands where the button was, on the header's Pets link.
    let settled = "return document.activeElement && document.activeElement.id === 'copy-heading';";
    wait_js(c, "the copy panel in focus", settled).await;
    click_button(c, "Start copy").await;
    wait_for(
        c,
        "//*[contains(normalize-space(),'1 of 1 sent, 0 refused. Done.')]",
    )
    .await;
    click_button(c, "Close").await;
    let same = "//section[@aria-labelledby='in-both-same']";
    wait_for(c, &format!("{same}//td[normalize-space()='Safari Sam']")).await;

    // Read again (as the tablet's Reload does, not the driver's forced reload): the worker
    // answers the page and every file of the build; only config.json, the browser's check for
    // a new deploy (sw.js) and the service's reads go out.
    network_quiet(c).await;
    log.take();
    c.execute("window.beforeReload = true; location.reload();", vec![])
        .await
        .expect("reload");
    let reloaded = "return !window.beforeReload && document.body.innerText.includes('Compared ');";
    wait_js(c, "the compare page after the reload", reloaded).await;
    let controlled = "return !!navigator.serviceWorker.controller;";
    wait_js(c, "the service worker controls the page", controlled).await;
    let from_site: Vec<String> = log
        .take()
        .into_iter()
        .filter(|p| !p.ends_with("/config.json") && !p.ends_with("/sw.js"))
        .collect();
    assert!(
        from_site.is_empty(),
        "after a reload, asked of the site: {from_site:?}"
    );

    click_button(c, "Sign out everywhere").await;
    click_button(c, "Forget everything").await;
    wait_for(c, "//*[@role='dialog']//input[@type='password']").await;
    let no_keys = "return !Object.keys(sessionStorage).some((k) => k.includes('api-key'));";
    wait_js(c, "no key kept", no_keys).await;
}

/// Fails on any console error, uncaught error or unhandled rejection the engine saw.
async fn no_console_errors(browser: &Browser, engine: Engine) {
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "{engine:?}'s console: {errors:#?}");
}

/// A cold first visit in `engine`, once the service worker has taken the page (its install
/// reads the build too): the site's answers (statuses) per path, and the paths in the order
/// asked for. `no_store`: every answer `Cache-Control: no-store`, else the README's headers.
async fn cold_load(engine: Engine, no_store: bool) -> (Vec<(String, Vec<u16>)>, Vec<String>) {
    let (service, config) = start_service().await;
    let log = SiteLog::default();
    log.set_no_store(no_store);
    let dist = root_dist();
    let site = serve_site_with(&dist, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start_engine(engine).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    wait_for(c, "//*[@role='dialog']//input[@type='password']").await;
    let controlled = "return !!navigator.serviceWorker.controller;";
    wait_js(c, "the service worker controls the page", controlled).await;
    no_console_errors(&browser, engine).await;
    browser.close().await;
    let mut answers: Vec<(String, Vec<u16>)> = Vec::new();
    for (path, status) in log.take_answers() {
        match answers.iter_mut().find(|(p, _)| *p == path) {
            Some((_, statuses)) => statuses.push(status),
            None => answers.push((path, vec![status])),
        }
    }
    (answers, log.take())
}

/// The first screen's files: the page (the list's address), its stylesheet, the start-up
/// script, the glue, the main wasm and the deployment's configuration.
const FIRST_SCREEN: [&str; 7] = [
    "pets",
    ".css",
    "start.js",
    "main.js",
    "__wasm_split.js",
    "main_bg.wasm",
    "config.json",
];

#[tokio::test]
async fn the_walk_in_chromium() {
    walk(Engine::Chromium).await;
}

#[tokio::test]
async fn a_cold_load_fetches_each_file_once() {
    for engine in Engine::ALL {
        // Served as the README says: the first screen's files are asked for once, and no file
        // of the build's code downloads twice, the worker's install included. (The tab icon
        // and the manifest the browser reads as the worker installs may race its copy.)
        let (answers, _) = cold_load(engine, false).await;
        eprintln!("{engine:?}, a cold load's answers per path: {answers:?}");
        for name in FIRST_SCREEN {
            let asked: Vec<_> = answers.iter().filter(|(p, _)| p.ends_with(name)).collect();
            assert!(
                matches!(asked.as_slice(), [(_, statuses)] if statuses == &[200]),
                "{engine:?}: the first screen's {name} must be asked for once: {asked:?}"
            );
        }
        for (path, statuses) in answers.iter().filter(|(p, _)| p.contains("/app-")) {
            let downloads = statuses.iter().filter(|s| **s == 200).count();
            assert!(
                downloads == 1,
                "{engine:?} downloaded {path} {downloads} times"
            );
        }
        // Where nothing may be kept, nothing the page asks for before its worker (an unused
        // preload, say) is there to be taken from the cache either: still once each.
        let (_, paths) = cold_load(engine, true).await;
        let before_worker = paths.iter().take_while(|p| !p.ends_with("/sw.js"));
        for name in FIRST_SCREEN {
            let asked = before_worker.clone().filter(|p| p.ends_with(name)).count();
            assert_eq!(
                asked, 1,
                "{engine:?}, no-store: {name} asked for {asked} times"
            );
        }
    }
}

#[tokio::test]
async fn the_walk_in_firefox() {
    walk(Engine::Firefox).await;
}

#[tokio::test]
async fn the_walk_in_webkit() {
    walk(Engine::WebKit).await;
}

#[tokio::test]
async fn the_console_check_sees_an_error_in_every_engine() {
    // The build under a policy that forbids compiling wasm: each engine's console must say so,
    // and the page too (Safari's engine, left to itself, shows an empty page and says nothing).
    let (_, config) = start_service().await;
    let dist = root_dist();
    let site = petstore_e2e::serve_site(&dist, "/", config, "default-src 'self'").await;
    for engine in Engine::ALL {
        let browser = Browser::start_engine(engine).await;
        browser.client.goto(&site).await.expect("open the site");
        let mut errors = Vec::new();
        for _ in 0..100 {
            errors.extend(browser.console_errors().await);
            if !errors.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        assert!(
            !errors.is_empty(),
            "{engine:?}: no error within 20 s of a blocked start"
        );
        eprintln!("{engine:?} reported: {errors:?}");
        wait_for(
            &browser.client,
            "//*[@role='alert'][starts-with(normalize-space(),'The app could not start.')]",
        )
        .await;
        // In the start frame, in place of its loading line.
        let in_place: serde_json::Value = browser
            .client
            .execute(
                "return !document.querySelector('#start-frame .loading')
                    && !!document.querySelector('#start-frame main [role=alert]');",
                vec![],
            )
            .await
            .expect("read the frame");
        assert_eq!(
            in_place,
            serde_json::Value::Bool(true),
            "{engine:?}: the note beside Loading pets"
        );
        browser.close().await;
    }
}
