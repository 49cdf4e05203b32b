//! The store's language, on the release build in headless Chromium: a plural, a date and an
//! id above 2^53 in each language, and a switch that reads nothing from the service; a first
//! visit that follows the browser's language and fetches its words once, and a second visit
//! that fetches nothing; the compare page's rows said again in place in a new language; a German spreadsheet's file
//! (semicolons, the page's status words) imported with the service's words. (The pseudo-locale's walk, German at phone size and axe-core in each
//! language are `pseudo_locale.rs`.)

use petstore_dev_service::control::MAIN;
use petstore_dev_service::seed::BIG_ID;
use petstore_dev_service::Config;
use petstore_e2e::look::{choose, open, wait_js, ROWS_SHOWN};
use petstore_e2e::words::{open_in, says, sign_in, type_in, Words, SLOT};
use petstore_e2e::{
    csp, root_dist, serve_release, serve_site_with, start_service, start_service_with_registry,
    Browser, SiteLog,
};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_language_says_a_plural_a_date_and_a_big_id() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    // 23 November 2030 in the page: the single-pet lookup's end (5 December 2030) is 12 days
    // away, so the pet's page says its date.
    browser
        .on_every_load(
            "const real = Date.now; const shift = Date.UTC(2030, 10, 23) - real();
             Date.now = () => real() + shift;",
        )
        .await;
    // What each says, written out here (not read from the catalogues): the translation and
    // the browser's own plural rules, date and relative time.
    let expected = [
        (
            "en",
            "1 pet matches “rex”",
            "2 pets match “bu”",
            "December 5, 2030 (in 12 days)",
        ),
        (
            "es",
            "1 mascota coincide con «rex»",
            "2 mascotas coinciden con «bu»",
            "el 5 de diciembre de 2030 (dentro de 12 días)",
        ),
        (
            "fr",
            "1 animal correspond à «\u{a0}rex\u{a0}»",
            "2 animaux correspondent à «\u{a0}bu\u{a0}»",
            "le 5 décembre 2030 (dans 12 jours)",
        ),
        (
            "de",
            "1 Tier passt zu „rex“",
            "2 Tiere passen zu „bu“",
            "ab dem 5. Dezember 2030 (in 12 Tagen)",
        ),
    ];
    let list = format!("{site}pets?env=production&q=rex");
    open_in(c, &list, "en").await;
    sign_in(c, "dev-production-key").await;
    for (tag, one, two, date) in expected {
        wait_js(c, "the rows", ROWS_SHOWN).await;
        if tag != "en" {
            // Chosen in the header: the page is said again in place, nothing is read again.
            let asked = production.log().len();
            choose(c, "language", tag).await;
            says(c, ".search-scope", one).await;
            assert_eq!(
                production.log().len(),
                asked,
                "{tag}: the switch read the service"
            );
        }
        says(c, ".search-scope", one).await;
        type_in(c, "find-pet", "bu").await;
        says(c, ".search-scope", two).await;
        // The id above 2^53, as its digits: never grouped, never rounded.
        open(
            c,
            &format!("{site}pets?env=production"),
            "the list",
            ROWS_SHOWN,
        )
        .await;
        let ids: Value = c
            .execute(
                "return Array.from(document.querySelectorAll('table.pets tbody tr td:first-child')).map((td) => td.textContent.trim());",
                vec![],
            )
            .await
            .expect("read the ids");
        assert!(
            ids.as_array()
                .is_some_and(|a| a.contains(&json!(BIG_ID.to_string()))),
            "{tag}: the id {BIG_ID} is not shown as its digits: {ids}"
        );
        open(
            c,
            &format!("{site}pets/{BIG_ID}?env=production"),
            "the pet's page",
            "return !!document.querySelector('.pet-details');",
        )
        .await;
        says(c, ".pet-details", &BIG_ID.to_string()).await;
        says(c, "aside.deprecation", date).await;
        open(c, &list, "the list again", ROWS_SHOWN).await;
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_visit_follows_the_browser_and_a_second_visit_fetches_nothing() {
    let (service, config) = start_service().await;
    let log = SiteLog::default();
    let dist = root_dist();
    let site = serve_site_with(&dist, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start_with_args(&["--lang=es-MX", "--accept-lang=es-MX,es"]).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open");
    wait_js(
        c,
        "the app in Spanish",
        "return document.documentElement.lang === 'es' && !!document.querySelector('#menu-button');",
    )
    .await;
    let es = Words::of("es");
    says(c, "header", &es.say("nav_pets")).await;
    let title: Value = c
        .execute("return document.title;", vec![])
        .await
        .expect("the title");
    assert!(
        title
            .as_str()
            .is_some_and(|t| t.contains(&es.say("app_name"))),
        "the title is Spanish: {title}"
    );
    wait_js(
        c,
        "the worker",
        "return !!(navigator.serviceWorker && navigator.serviceWorker.controller);",
    )
    .await;
    let first = log.take();
    let words: Vec<&String> = first.iter().filter(|p| p.contains("/words-")).collect();
    assert_eq!(
        words.len(),
        1,
        "the Spanish words fetched once, and no other language's: {first:?}"
    );
    assert!(words[0].ends_with("/words-es.txt"), "{words:?}");
    // A second visit: everything comes from the worker but the deployment's config.json (and
    // the worker's own check for a new deploy).
    c.execute("location.reload(); return true;", vec![])
        .await
        .expect("reload");
    wait_js(
        c,
        "the app again, in Spanish",
        "return document.documentElement.lang === 'es' && !!document.querySelector('#menu-button');",
    )
    .await;
    says(c, "header", &es.say("nav_pets")).await;
    let second: Vec<String> = log
        .take()
        .into_iter()
        .filter(|p| !p.ends_with("/config.json") && !p.ends_with("/sw.js"))
        .collect();
    assert_eq!(second, Vec::<String>::new(), "a second visit fetched these");
    // The device's choice wins over the browser's, and Sign out everywhere keeps it.
    c.execute(
        "localStorage.setItem(arguments[0], 'fr'); location.reload(); return true;",
        vec![SLOT.into()],
    )
    .await
    .expect("choose French");
    wait_js(
        c,
        "the app in French",
        "return document.documentElement.lang === 'fr' && !!document.querySelector('#menu-button');",
    )
    .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_compare_pages_rows_are_said_again_in_a_new_language() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    // Signed in to both, as a tab that compared before.
    browser
        .on_every_load(
            "sessionStorage.setItem('petstore-admin.api-key.production', 'dev-production-key');
             sessionStorage.setItem('petstore-admin.api-key.staging', 'dev-staging-key');",
        )
        .await;
    let c = &browser.client;
    open_in(c, &format!("{site}compare?env=production"), "en").await;
    wait_js(
        c,
        "the groups",
        "return !!document.getElementById('in-both-same');",
    )
    .await;
    // Every row's cells name their column (a phone shows the names): in English, then all in
    // German once German is chosen, the rows drawn again in place.
    let keys = [
        "column_category",
        "column_id",
        "id_in_production",
        "id_in_staging",
        "in_production",
        "in_staging",
    ];
    for tag in ["en", "de"] {
        if tag != "en" {
            choose(c, "language", tag).await;
        }
        let words = Words::of(tag);
        let said: Vec<String> = keys.iter().map(|k| words.say(k)).collect();
        wait_js(
            c,
            &format!("every row's column names in {tag}"),
            &format!(
                "const said = {};
                 const labels = Array.from(document.querySelectorAll('table.compare td[data-label]'))
                   .map((td) => td.dataset.label);
                 return labels.length > 0 && labels.every((l) => said.includes(l));",
                json!(said)
            ),
        )
        .await;
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_spreadsheets_semicolons_and_status_words_import_as_the_services() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let staging = registry.deployment(MAIN, "staging").expect("staging");
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    open_in(c, &format!("{site}pets/import?env=staging"), "de").await;
    sign_in(c, "dev-staging-key").await;
    let de = Words::of("de");
    // As a German spreadsheet saves it: semicolons, a byte-order mark, the page's status words.
    let text =
        "\u{FEFF}name;categoryId;status\r\nBello;1;verfügbar\r\nMia;2;Reserviert\r\nRex;3;sold\r\n";
    wait_js(
        c,
        "the box",
        "return !!document.getElementById('import-text');",
    )
    .await;
    c.execute(
        "const area = document.getElementById('import-text'); area.value = arguments[0];
         area.dispatchEvent(new Event('input', { bubbles: true })); return true;",
        vec![text.into()],
    )
    .await
    .expect("paste");
    let press = |key: &'static str| {
        let name = de.say(key);
        async move {
            petstore_e2e::click(c, &format!("//button[normalize-space()=\"{name}\"]")).await;
        }
    };
    press("check_rows").await;
    says(c, "main", "3 Zeilen: 3 gültig, 0 ungültig").await;
    press("start_import").await;
    says(c, "main", &de.say("run_done")).await;
    let status = |name: &str| {
        staging
            .pets()
            .into_iter()
            .find(|p| p.name == name)
            .and_then(|p| p.status)
    };
    assert_eq!(status("Bello").as_deref(), Some("available"));
    assert_eq!(status("Mia").as_deref(), Some("pending"));
    assert_eq!(status("Rex").as_deref(), Some("sold"));
    browser.close().await;
}
