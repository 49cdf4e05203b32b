//! Each language's look, on the release build in headless Chromium: German at phone size
//! (every page fits the width with its disclosures open, every target is 44 px) and axe-core
//! on every page in English, Spanish, French, German and the pseudo-locale.

use petstore_dev_service::seed::BIG_ID;
use petstore_e2e::look::{
    axe_source, fits_the_window, form_with_messages, import_checked, open, viewport, violations,
    wait_js, ROWS_SHOWN,
};
use petstore_e2e::words::{open_in, sign_in, Words};
use petstore_e2e::{serve_release, start_service, Browser};
use serde_json::json;

/// The languages a manager can choose, and the pseudo-locale.
const TAGS: [&str; 5] = ["en", "es", "fr", "de", "en-XA"];

/// Every target of the page under 44 × 44 px, with its text or id. (A box inside its label
/// has the label as its target.)
const SMALL_TARGETS: &str =
    "return Array.from(document.querySelectorAll('button, a, input, select'))
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
        c.goto(&format!("{site}pets?env=production"))
            .await
            .expect("open");
        c.execute("sessionStorage.clear(); return true;", vec![])
            .await
            .expect("clear");
        open_in(c, &format!("{site}pets?env=production"), tag).await;
        let mut look = async |page: &str| {
            found.extend(
                violations(c, &axe)
                    .await
                    .into_iter()
                    .map(|v| format!("{tag}, {page}: {v}")),
            );
            if phone {
                fits_the_window(c, page).await;
                let small = c
                    .execute(SMALL_TARGETS, vec![])
                    .await
                    .expect("measure the targets");
                assert_eq!(
                    small,
                    json!([]),
                    "{page}: targets under 44×44 px at 390 px in German"
                );
            }
        };
        wait_js(
            c,
            "the sign-in form",
            "return !!document.querySelector('[role=dialog] input');",
        )
        .await;
        look("the sign-in dialog").await;
        sign_in(c, "dev-production-key").await;
        wait_js(c, "the rows", ROWS_SHOWN).await;
        look("the list").await;
        form_with_messages(c, &site, &w.say("add_pet")).await;
        look("the form's messages").await;
        open(
            c,
            &format!("{site}pets/{BIG_ID}?env=production"),
            "a pet",
            "return !!document.querySelector('.pet-details');",
        )
        .await;
        look("a pet").await;
        import_checked(
            c,
            &site,
            "name\tcategoryId\tstatus\nLengthy Name Here\t3\tavailable\nRex\tx\tavailble\n",
            &w.say("check_rows"),
            2,
        )
        .await;
        look("the checked rows").await;
        open(
            c,
            &format!("{site}activity?env=production"),
            "the activity",
            "return !!document.querySelector('main h1');",
        )
        .await;
        look("the activity").await;
        open(
            c,
            &format!("{site}store?env=production"),
            "the store at a glance",
            "return !!document.querySelector('table.store-table tbody tr');",
        )
        .await;
        look("the store").await;
        c.execute("sessionStorage.setItem('petstore-admin.api-key.staging', 'dev-staging-key'); return true;", vec![])
            .await
            .expect("the staging key");
        open(
            c,
            &format!("{site}compare?env=production"),
            "the groups",
            "return !!document.getElementById('in-both-same');",
        )
        .await;
        look("the compare page").await;
    }
    browser.close().await;
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));
}
