//! The store's language, on the release build in headless Chromium: a plural, a date and an
//! id above 2^53 in each language; every page, dialog and message in the pseudo-locale, with
//! no visible word from outside the catalogue; German at phone size; axe-core in each language;
//! a first visit that follows the browser's language and fetches its words once, and a second
//! visit that fetches nothing.

use fantoccini::{Client, Locator};
use petstore_dev_service::seed::BIG_ID;
use petstore_e2e::look::{
    axe_source, fits_the_window, open, viewport, violations, wait_js, ROWS_SHOWN,
};
use petstore_e2e::words::Words;
use petstore_e2e::{
    csp, dist_dir, serve_release, serve_site_with, start_service, Browser, SiteLog,
};
use serde_json::{json, Value};

/// The languages a manager can choose, and the pseudo-locale.
const TAGS: [&str; 5] = ["en", "es", "fr", "de", "en-XA"];

/// Where the app keeps the device's choice.
const SLOT: &str = "petstore-admin.language";

/// Opens `url` in language `tag` (the device's choice, as the language control keeps it).
async fn open_in(c: &Client, url: &str, tag: &str) {
    c.goto(url).await.expect("open");
    c.execute(
        "localStorage.setItem(arguments[0], arguments[1]); location.reload(); return true;",
        vec![SLOT.into(), tag.into()],
    )
    .await
    .expect("choose the language");
    wait_js(
        c,
        "the app in its language",
        &format!("return document.documentElement.lang === '{tag}' && !!document.querySelector('.app-header');"),
    )
    .await;
}

/// Signs in through the dialog (by its roles: the words are the language's).
async fn sign_in(c: &Client, key: &str) {
    wait_js(c, "the sign-in form", "return !!document.querySelector('[role=dialog] input');").await;
    let field = c.find(Locator::Css("[role=dialog] input")).await.expect("the key field");
    field.clear().await.expect("clear");
    field.send_keys(key).await.expect("type the key");
    c.find(Locator::Css("[role=dialog] button[type=submit]"))
        .await
        .expect("Sign in")
        .click()
        .await
        .expect("click Sign in");
}

/// Clicks the button whose text is `text`.
async fn press(c: &Client, text: &str) {
    c.find(Locator::XPath(&format!("//button[normalize-space()=\"{text}\"]")))
        .await
        .unwrap_or_else(|e| panic!("the button {text:?}: {e}"))
        .click()
        .await
        .expect("click");
}

/// Types `text` into the field `id` (after emptying it).
async fn type_in(c: &Client, id: &str, text: &str) {
    let field = c.find(Locator::Id(id)).await.unwrap_or_else(|e| panic!("#{id}: {e}"));
    field.clear().await.expect("clear");
    field.send_keys(text).await.expect("type");
}

/// The text of the element `css`, once it holds `wanted`.
async fn says(c: &Client, css: &str, wanted: &str) {
    let script = format!(
        "const e = document.querySelector({css:?}); return !!e && e.textContent.includes({wanted:?});"
    );
    let found = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            if c.execute(&script, vec![]).await.ok() == Some(json!(true)) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    })
    .await;
    if found.is_err() {
        let now = c
            .execute(&format!("const e = document.querySelector({css:?}); return e && e.textContent;"), vec![])
            .await
            .unwrap_or_default();
        panic!("{css} does not say {wanted:?}; it says {now}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_language_says_a_plural_a_date_and_a_big_id() {
    let (service, config) = start_service().await;
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
        ("en", "1 pet matches “rex”", "2 pets match “bu”", "December 5, 2030 (in 12 days)"),
        ("es", "1 mascota coincide con «rex»", "2 mascotas coinciden con «bu»", "el 5 de diciembre de 2030 (dentro de 12 días)"),
        ("fr", "1 animal correspond à «\u{a0}rex\u{a0}»", "2 animaux correspondent à «\u{a0}bu\u{a0}»", "le 5 décembre 2030 (dans 12 jours)"),
        ("de", "1 Tier passt zu „rex“", "2 Tiere passen zu „bu“", "ab dem 5. Dezember 2030 (in 12 Tagen)"),
    ];
    let mut signed_in = false;
    for (tag, one, two, date) in expected {
        open_in(c, &format!("{site}pets?env=production&q=rex"), tag).await;
        if !signed_in {
            sign_in(c, "dev-production-key").await;
            signed_in = true;
        }
        wait_js(c, "the rows", ROWS_SHOWN).await;
        says(c, ".search-scope", one).await;
        type_in(c, "search", "bu").await;
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
            ids.as_array().is_some_and(|a| a.contains(&json!(BIG_ID.to_string()))),
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
    }
    browser.close().await;
}

/// Each visible text of the page (and its title, labels and hints for assistive technology)
/// that holds a word not in the pseudo-locale's brackets and not among `data` (what the
/// service or the test typed: pet names, rows).
const OUTSIDE: &str = r#"
const data = new Set(arguments[0]);
const found = [];
const plain = (t) => t.replace(/⟦[^⟦⟧]*⟧/g, ' ').replace(/⟦[^⟦⟧]*⟧/g, ' ');
const word = /[A-Za-z\u00C0-\u024F]{2,}/;
const judge = (t, where) => {
  const rest = plain(t).trim();
  if (word.test(rest) && !data.has(rest) && !data.has(t.trim())) found.push(where + ': ' + t.trim().slice(0, 120));
};
const skip = 'SCRIPT,STYLE,CODE,PRE,OPTION,TEXTAREA,NOSCRIPT,DD';
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  const el = n.parentElement;
  if (!el || el.closest(skip)) continue;
  if (!el.checkVisibility() || el.getClientRects().length === 0) continue;
  judge(n.data, el.tagName.toLowerCase());
}
for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[data-label]')) {
  for (const a of ['aria-label', 'title', 'placeholder', 'data-label']) {
    if (el.hasAttribute(a)) judge(el.getAttribute(a), a);
  }
}
judge(document.title, 'title');
return found;
"#;

/// The words of the page outside the catalogue (see [`OUTSIDE`]), each with where it was.
async fn outside(c: &Client, data: &[String], page: &str) -> Vec<String> {
    let found = c
        .execute(OUTSIDE, vec![json!(data)])
        .await
        .expect("read the page's words");
    found
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str()).map(|v| format!("{page}: {v}")).collect())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_the_pseudo_locale_every_word_on_every_page_comes_from_the_catalogue() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let w = Words::of("en-XA");
    // What the service and this test put on the page: names and typed rows are not words.
    let mut data: Vec<String> = petstore_dev_service::seed::production()
        .into_iter()
        .chain(petstore_dev_service::seed::staging())
        .map(|p| p.name)
        .collect();
    data.extend(["Pseudo Pat", "Row One", "Row Two"].map(String::from));
    let mut found = Vec::new();

    open_in(c, &format!("{site}pets?env=production"), "en-XA").await;
    found.extend(outside(c, &data, "the sign-in dialog").await);
    sign_in(c, "wrong-key").await;
    wait_js(c, "the refusal", "return !!document.querySelector('[role=dialog] [role=alert]');").await;
    found.extend(outside(c, &data, "a refused key").await);
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    found.extend(outside(c, &data, "the list").await);
    type_in(c, "search", "rex").await;
    says(c, ".search-scope", "rex").await;
    type_in(c, "limit", "abc").await;
    wait_js(c, "the limit's message", "return !!document.getElementById('limit-error').textContent;").await;
    found.extend(outside(c, &data, "the list searched, a bad limit").await);
    open(c, &format!("{site}pets?env=production&status=lost&limit=500&sort=weight"), "the notes", "return !!document.querySelector('.env-note, .note');").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    found.extend(outside(c, &data, "the list's address notes").await);

    for (path, what) in [
        (format!("pets/{BIG_ID}"), "a pet"),
        ("pets/abc".to_owned(), "not an id"),
        ("pets/424242".to_owned(), "no such pet"),
        ("nowhere".to_owned(), "no such page"),
    ] {
        open(c, &format!("{site}{path}?env=production"), what, "return !!document.querySelector('main h1, main [role=alert], .pet-details');").await;
        wait_js(c, what, "return !document.body.textContent.includes('⟦Ĺöådíñĝ');").await;
        found.extend(outside(c, &data, what).await);
    }

    // The form: its messages, the service's refusal (its words quoted), a pet added.
    open(c, &format!("{site}pets/new?env=production"), "the form", "return !!document.getElementById('pet-name');").await;
    press(c, &w.say("add_pet")).await;
    wait_js(c, "the messages", "return !!document.querySelector('[aria-invalid=true]');").await;
    found.extend(outside(c, &data, "the form's messages").await);
    type_in(c, "pet-name", &"y".repeat(201)).await;
    type_in(c, "pet-category", "2").await;
    press(c, &w.say("add_pet")).await;
    wait_js(c, "the refusal", "return !!document.querySelector('form [role=alert], .alert');").await;
    found.extend(outside(c, &data, "the service's refusal").await);
    type_in(c, "pet-name", "Pseudo Pat").await;
    press(c, &w.say("add_pet")).await;
    wait_js(c, "the pet", "return !!document.querySelector('.pet-details');").await;
    found.extend(outside(c, &data, "a pet added").await);

    // The import: checked rows (one invalid), confirmed and run.
    open(c, &format!("{site}pets/import?env=production"), "the import", "return !!document.getElementById('import-text');").await;
    c.execute(
        "const area = document.getElementById('import-text');
         area.value = arguments[0];
         area.dispatchEvent(new Event('input', {bubbles: true}));
         return true;",
        vec!["name\tcategoryId\tstatus\nRow One\t3\tavailable\nRow Two\tx\tsold\n".into()],
    )
    .await
    .expect("paste");
    press(c, &w.say("check_rows")).await;
    wait_js(c, "the rows", "return document.querySelectorAll('table.import-rows tbody tr').length === 2;").await;
    found.extend(outside(c, &data, "the checked rows").await);
    type_in(c, "import-confirm", "production").await;
    press(c, &w.say("start_import")).await;
    says(c, "main", &w.say("run_done")).await;
    found.extend(outside(c, &data, "the import done").await);

    open(c, &format!("{site}activity?env=production"), "the activity", "return document.querySelectorAll('table.activity tbody tr').length > 0;").await;
    found.extend(outside(c, &data, "the activity").await);

    // Compare: the other environment's key form, the groups, a copy's panel.
    open(c, &format!("{site}compare?env=production"), "the key form", "return !!document.querySelector('.inline-sign-in input');").await;
    found.extend(outside(c, &data, "compare, signing in").await);
    c.find(Locator::Css(".inline-sign-in input")).await.expect("the key field").send_keys("dev-staging-key").await.expect("type");
    c.find(Locator::Css(".inline-sign-in button")).await.expect("Sign in").click().await.expect("click");
    wait_js(c, "the groups", "return !!document.getElementById('in-both-same');").await;
    found.extend(outside(c, &data, "the groups").await);
    c.find(Locator::Css("#only-production ~ table label.choose, section[aria-labelledby=only-production] label.choose"))
        .await
        .expect("a pet to choose")
        .click()
        .await
        .expect("choose");
    c.find(Locator::Css("section[aria-labelledby=only-production] .import-actions button:not(.secondary)"))
        .await
        .expect("Copy")
        .click()
        .await
        .expect("copy");
    wait_js(c, "the copy", "return !!document.getElementById('copy-heading');").await;
    found.extend(outside(c, &data, "a copy's panel").await);

    // Sign out everywhere asks first.
    press(c, &w.say("sign_out_everywhere")).await;
    wait_js(c, "the question", "return !!document.querySelector('[role=alertdialog]');").await;
    found.extend(outside(c, &data, "sign out everywhere?").await);
    press(c, &w.say("keep_everything")).await;

    // The check can fail: a word written into the page is found.
    c.execute("document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>Stray words</p>'); return true;", vec![])
        .await
        .expect("write into the page");
    let stray = outside(c, &data, "a stray").await;
    assert!(stray.iter().any(|s| s.contains("Stray words")), "the check missed a stray word: {stray:?}");
    browser.close().await;
    assert!(found.is_empty(), "words from outside the catalogue:\n{}", found.join("\n"));
}

/// Every target of the page under 44 × 44 px, with its text or id. (A box inside its label
/// has the label as its target.)
const SMALL_TARGETS: &str = "return Array.from(document.querySelectorAll('button, a, input, select'))
   .filter((e) => e.offsetParent !== null)
   .map((e) => { const r = (e.closest('label.choose') || e).getBoundingClientRect();
                 return [e.textContent.trim() || e.id, r.width, r.height]; })
   .filter(([, w, h]) => w < 44 || h < 44);";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn german_at_phone_size_fits_and_keeps_its_targets_and_each_language_passes_axe() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let axe = axe_source();
    let mut found = Vec::new();
    for tag in TAGS {
        let w = Words::of(tag);
        let phone = tag == "de";
        let (width, height) = if phone { (390, 844) } else { (1280, 900) };
        viewport(&browser, width, height, phone).await;
        c.goto(&format!("{site}pets?env=production")).await.expect("open");
        c.execute("sessionStorage.clear(); return true;", vec![]).await.expect("clear");
        open_in(c, &format!("{site}pets?env=production"), tag).await;
        let mut look = async |page: &str| {
            found.extend(violations(c, &axe).await.into_iter().map(|v| format!("{tag}, {page}: {v}")));
            if phone {
                fits_the_window(c, page).await;
                let small = c.execute(SMALL_TARGETS, vec![]).await.expect("measure the targets");
                assert_eq!(small, json!([]), "{page}: targets under 44×44 px at 390 px in German");
            }
        };
        wait_js(c, "the sign-in form", "return !!document.querySelector('[role=dialog] input');").await;
        look("the sign-in dialog").await;
        sign_in(c, "dev-production-key").await;
        wait_js(c, "the rows", ROWS_SHOWN).await;
        look("the list").await;
        open(c, &format!("{site}pets/new?env=production"), "the form", "return !!document.getElementById('pet-name');").await;
        press(c, &w.say("add_pet")).await;
        wait_js(c, "the messages", "return !!document.querySelector('[aria-invalid=true]');").await;
        look("the form's messages").await;
        open(c, &format!("{site}pets/{BIG_ID}?env=production"), "a pet", "return !!document.querySelector('.pet-details');").await;
        look("a pet").await;
        open(c, &format!("{site}pets/import?env=production"), "the import", "return !!document.getElementById('import-text');").await;
        c.execute(
            "const area = document.getElementById('import-text');
             area.value = arguments[0];
             area.dispatchEvent(new Event('input', {bubbles: true}));
             return true;",
            vec!["name\tcategoryId\tstatus\nLengthy Name Here\t3\tavailable\nRex\tx\tavailble\n".into()],
        )
        .await
        .expect("paste");
        press(c, &w.say("check_rows")).await;
        wait_js(c, "the rows", "return document.querySelectorAll('table.import-rows tbody tr').length === 2;").await;
        look("the checked rows").await;
        open(c, &format!("{site}activity?env=production"), "the activity", "return !!document.querySelector('main h1');").await;
        look("the activity").await;
        c.execute("sessionStorage.setItem('petstore-admin.api-key.staging', 'dev-staging-key'); return true;", vec![])
            .await
            .expect("the staging key");
        open(c, &format!("{site}compare?env=production"), "the groups", "return !!document.getElementById('in-both-same');").await;
        look("the compare page").await;
    }
    browser.close().await;
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_visit_follows_the_browser_and_a_second_visit_fetches_nothing() {
    let (service, config) = start_service().await;
    let log = SiteLog::default();
    let dist = dist_dir("PETSTORE_DIST", "dist");
    let site = serve_site_with(&dist, "/", config, &csp(&service), log.clone()).await;
    let browser = Browser::start_with_args(&["--lang=es-MX", "--accept-lang=es-MX,es"]).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production")).await.expect("open");
    wait_js(c, "the app in Spanish", "return document.documentElement.lang === 'es' && !!document.querySelector('.app-header');").await;
    let es = Words::of("es");
    says(c, "header", &es.say("nav_pets")).await;
    let title: Value = c.execute("return document.title;", vec![]).await.expect("the title");
    assert!(title.as_str().is_some_and(|t| t.contains(&es.say("app_name"))), "the title is Spanish: {title}");
    wait_js(c, "the worker", "return !!(navigator.serviceWorker && navigator.serviceWorker.controller);").await;
    let first = log.take();
    let words: Vec<&String> = first.iter().filter(|p| p.contains("/words-")).collect();
    assert_eq!(words.len(), 1, "the Spanish words fetched once, and no other language's: {first:?}");
    assert!(words[0].ends_with("/words-es.txt"), "{words:?}");
    // A second visit: everything comes from the worker but the deployment's config.json (and
    // the worker's own check for a new deploy).
    c.execute("location.reload(); return true;", vec![]).await.expect("reload");
    wait_js(c, "the app again, in Spanish", "return document.documentElement.lang === 'es' && !!document.querySelector('.app-header');").await;
    says(c, "header", &es.say("nav_pets")).await;
    let second: Vec<String> = log
        .take()
        .into_iter()
        .filter(|p| !p.ends_with("/config.json") && !p.ends_with("/sw.js"))
        .collect();
    assert_eq!(second, Vec::<String>::new(), "a second visit fetched these");
    // The device's choice wins over the browser's, and Sign out everywhere keeps it.
    c.execute("localStorage.setItem(arguments[0], 'fr'); location.reload(); return true;", vec![SLOT.into()])
        .await
        .expect("choose French");
    wait_js(c, "the app in French", "return document.documentElement.lang === 'fr' && !!document.querySelector('.app-header');").await;
    browser.close().await;
}
