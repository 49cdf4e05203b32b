//! Every word from the catalogue, on the release build in headless Chromium: every page,
//! dialog and message in the pseudo-locale, with no visible word from outside it. (German at
//! phone size and axe-core in each language are `language_look.rs`.)

use fantoccini::{Client, Locator};
use petstore_dev_service::seed::BIG_ID;
use petstore_e2e::look::{
    click_button, form_with_messages, import_checked, open, sign_in_in_page, wait_js, ROWS_SHOWN,
};
use petstore_e2e::words::{open_in, says, sign_in, type_in, Words};
use petstore_e2e::{open_menu, serve_release, start_service, with_undo, Browser};
use serde_json::json;

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
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str())
                .map(|v| format!("{page}: {v}"))
                .collect()
        })
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
    wait_js(
        c,
        "the refusal",
        "return !!document.querySelector('[role=dialog] [role=alert]');",
    )
    .await;
    found.extend(outside(c, &data, "a refused key").await);
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    found.extend(outside(c, &data, "the list").await);
    type_in(c, "find-pet", "rex").await;
    says(c, ".search-scope", "rex").await;
    type_in(c, "limit", "abc").await;
    wait_js(
        c,
        "the limit's message",
        "return !!document.getElementById('limit-error').textContent;",
    )
    .await;
    found.extend(outside(c, &data, "the list searched, a bad limit").await);
    open(
        c,
        &format!("{site}pets?env=production&status=lost&limit=500&sort=weight"),
        "the notes",
        "return !!document.querySelector('.env-note, .note');",
    )
    .await;
    wait_js(c, "the rows", ROWS_SHOWN).await;
    found.extend(outside(c, &data, "the list's address notes").await);

    for (path, what) in [
        (format!("pets/{BIG_ID}"), "a pet"),
        ("pets/abc".to_owned(), "not an id"),
        ("pets/424242".to_owned(), "no such pet"),
        ("nowhere".to_owned(), "no such page"),
    ] {
        open(
            c,
            &format!("{site}{path}?env=production"),
            what,
            "return !!document.querySelector('main h1, main [role=alert], .pet-details');",
        )
        .await;
        wait_js(
            c,
            what,
            "return !document.body.textContent.includes('⟦Ĺöådíñĝ');",
        )
        .await;
        found.extend(outside(c, &data, what).await);
    }

    // The form: its messages, the service's refusal (its words quoted), a pet added.
    form_with_messages(c, &site, &w.say("add_pet")).await;
    found.extend(outside(c, &data, "the form's messages").await);
    type_in(c, "pet-name", &"y".repeat(201)).await;
    type_in(c, "pet-category", "2").await;
    click_button(c, &w.say("add_pet")).await;
    wait_js(
        c,
        "the refusal",
        "return !!document.querySelector('form [role=alert], .alert');",
    )
    .await;
    found.extend(outside(c, &data, "the service's refusal").await);
    type_in(c, "pet-name", "Pseudo Pat").await;
    click_button(c, &w.say("add_pet")).await;
    wait_js(
        c,
        "the pet",
        "return !!document.querySelector('.pet-details');",
    )
    .await;
    found.extend(outside(c, &data, "a pet added").await);

    // The import: checked rows (one invalid), confirmed and run.
    import_checked(
        c,
        &site,
        "name\tcategoryId\tstatus\nRow One\t3\tavailable\nRow Two\tx\tsold\n",
        &w.say("check_rows"),
        2,
    )
    .await;
    found.extend(outside(c, &data, "the checked rows").await);
    type_in(c, "import-confirm", "production").await;
    click_button(c, &w.say("start_import")).await;
    says(c, "main", &w.say("run_done")).await;
    found.extend(outside(c, &data, "the import done").await);

    open(
        c,
        &format!("{site}activity?env=production"),
        "the activity",
        "return document.querySelectorAll('table.activity tbody tr').length > 0;",
    )
    .await;
    found.extend(outside(c, &data, "the activity").await);

    open(
        c,
        &format!("{site}store?env=production"),
        "the store at a glance",
        "return !!document.querySelector('table.store-table tbody tr');",
    )
    .await;
    found.extend(outside(c, &data, "the store").await);

    // Compare: the other environment's key form, the groups, a copy's panel.
    open(
        c,
        &format!("{site}compare?env=production"),
        "the key form",
        "return !!document.querySelector('.inline-sign-in input');",
    )
    .await;
    found.extend(outside(c, &data, "compare, signing in").await);
    sign_in_in_page(c, "dev-staging-key").await;
    found.extend(outside(c, &data, "the groups").await);
    c.find(Locator::Css("#only-production ~ table label.choose, section[aria-labelledby=only-production] label.choose"))
        .await
        .expect("a pet to choose")
        .click()
        .await
        .expect("choose");
    c.find(Locator::Css(
        "section[aria-labelledby=only-production] .import-actions button:not(.secondary)",
    ))
    .await
    .expect("Copy")
    .click()
    .await
    .expect("copy");
    wait_js(
        c,
        "the copy",
        "return !!document.getElementById('copy-heading');",
    )
    .await;
    found.extend(outside(c, &data, "a copy's panel").await);

    // Sign out everywhere asks first.
    click_button(c, &w.say("sign_out_everywhere")).await;
    wait_js(
        c,
        "the question",
        "return !!document.querySelector('[role=alertdialog]');",
    )
    .await;
    found.extend(outside(c, &data, "sign out everywhere?").await);
    click_button(c, &w.say("keep_everything")).await;

    // The check can fail: a word written into the page is found.
    c.execute("document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>Stray words</p>'); return true;", vec![])
        .await
        .expect("write into the page");
    let stray = outside(c, &data, "a stray").await;
    assert!(
        stray.iter().any(|s| s.contains("Stray words")),
        "the check missed a stray word: {stray:?}"
    );
    browser.close().await;
    assert!(
        found.is_empty(),
        "words from outside the catalogue:\n{}",
        found.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_pet_and_its_question_speak_the_pseudo_locale() {
    let (service, config) = start_service().await;
    // A long hold: the line is read, then the question, before its time is up.
    let site = serve_release(&service, with_undo(&config, 60.0)).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let data = vec!["Pseudo Pat".to_owned()];
    open_in(c, &format!("{site}pets/new?env=production"), "en-XA").await;
    sign_in(c, "dev-production-key").await;
    wait_js(
        c,
        "the form",
        "return !!document.getElementById('pet-name');",
    )
    .await;
    type_in(c, "pet-name", "Pseudo Pat").await;
    type_in(c, "pet-category", "4").await;
    click_css(c, "form.pet-form button[type=submit]").await;
    wait_js(
        c,
        "the held line",
        "return !!document.getElementById('held-undo');",
    )
    .await;
    let mut found = outside(c, &data, "the held line").await;
    // A switch asks first.
    open_menu(c).await;
    c.execute(
        "const s = document.getElementById('environment');
         s.value = 'staging'; s.dispatchEvent(new Event('change', { bubbles: true }));",
        vec![],
    )
    .await
    .expect("switch");
    wait_js(
        c,
        "the question",
        "return !!document.getElementById('held-question');",
    )
    .await;
    found.extend(outside(c, &data, "the held pet's question").await);
    assert!(found.is_empty(), "words outside the catalogue: {found:#?}");
    browser.close().await;
}

/// Clicks the element `css`.
async fn click_css(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}
