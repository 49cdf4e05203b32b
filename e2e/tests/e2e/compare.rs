//! The compare page on the release build, in headless Chromium over WebDriver: three pets
//! copied from staging into production with real clicks, confirmed with "production", through
//! a real reload of the tab in the middle (which cuts off the two creates on their way: never
//! sent again, and nothing sent while the page goes); each created at most once, the one sent
//! after the reload exactly once (counted on the service), the page matching them afterwards,
//! each key sent only to its own environment, and the activity naming where a copy came from.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_dev_service::control::{Mode, MAIN};
use petstore_dev_service::Config;
use petstore_e2e::{click, serve_release, start_service_with_registry, wait_for, Browser};

/// Both keys, as a tab that signed in to both has them.
const KEYS: &str = r#"
sessionStorage.setItem("petstore-admin.api-key.production", "dev-production-key");
sessionStorage.setItem("petstore-admin.api-key.staging", "dev-staging-key");
"#;

/// The page's main text ("" while a reload has none yet).
async fn text(c: &Client) -> String {
    match c.find(Locator::Css("main")).await {
        Ok(main) => main.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// Waits up to 20 s until the page's text holds `said`.
async fn until_said(c: &Client, said: &str) {
    let start = Instant::now();
    while !text(c).await.contains(said) {
        if start.elapsed() > Duration::from_secs(20) {
            let stored = c
                .execute("return JSON.stringify(sessionStorage);", vec![])
                .await
                .unwrap_or_default();
            panic!(
                "the page never said {said:?}: {}\nthe tab's storage: {stored}",
                text(c).await
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn confirm(c: &Client) {
    let field = "//*[@id=//label[normalize-space()='Type Production to confirm']/@for]";
    wait_for(c, field).await;
    c.find(Locator::XPath(field))
        .await
        .expect("the confirmation")
        .send_keys("production")
        .await
        .expect("type");
}

#[tokio::test]
async fn three_pets_copied_into_production_once_each_through_a_reload() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let staging = registry.deployment(MAIN, "staging").expect("staging");
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    browser.on_every_load(KEYS).await;
    let c = &browser.client;
    c.goto(&format!("{site}compare?env=production"))
        .await
        .unwrap();
    until_said(c, "Only in Staging (5)").await;
    let boxes = "//section[@aria-labelledby='only-staging']//input[@type='checkbox']";
    for n in 1..=3 {
        click(c, &format!("({boxes})[{n}]")).await;
    }
    click(
        c,
        "//button[normalize-space()='Copy 3 pets to Production…']",
    )
    .await;
    let start = "//button[normalize-space()='Start copy']";
    wait_for(c, start).await;
    let disabled = c
        .find(Locator::XPath(start))
        .await
        .unwrap()
        .attr("disabled")
        .await
        .unwrap();
    assert!(disabled.is_some(), "Start copy waits for the confirmation");
    confirm(c).await;
    production.set_mode(Mode::Slow(Duration::from_millis(400)));
    let posts = || {
        production
            .log()
            .into_iter()
            .filter(|e| e.method == "POST")
            .collect::<Vec<_>>()
    };
    click(c, start).await;
    let started = Instant::now();
    while posts().len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no creates sent"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A real reload with two creates on their way: the browser cuts them off, so whether
    // the service made them is unknown, and they are never sent again.
    c.refresh().await.unwrap();
    until_said(c, "This copy was cut short").await;
    until_said(c, "2 of 3 sent, 0 refused, 2 unknown").await;
    production.set_mode(Mode::Normal);
    confirm(c).await;
    click(c, start).await;
    until_said(c, "Done.").await;

    let sent = posts();
    assert_eq!(sent.len(), 3, "three creates in all, none twice: {sent:?}");
    let pets = production.pets();
    let count = |name: &str| pets.iter().filter(|p| p.name == name).count();
    assert_eq!(count("Staging Olive"), 1, "the pet sent after the reload");
    let cut_off = count("Staging Hugo") + count("Staging Ivy");
    assert!(count("Staging Hugo") <= 1 && count("Staging Ivy") <= 1);
    // Read again once done: the copied pets show as the same.
    until_said(c, &format!("Only in Staging ({})", 2 + 2 - cut_off)).await;
    until_said(c, &format!("The same in both ({})", 1 + cut_off)).await;
    assert!(production
        .log()
        .iter()
        .all(|e| e.auth == "dev-production-key"));
    assert!(staging.log().iter().all(|e| e.auth == "dev-staging-key"));
    assert!(
        staging.log().iter().all(|e| e.method == "GET"),
        "nothing written to staging"
    );

    let kept = c
        .execute(
            "return sessionStorage.getItem('petstore-admin.api-key.production');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(kept.as_str(), Some("dev-production-key"), "the key stays");

    click(c, "//nav//a[normalize-space()='Activity']").await;
    until_said(c, "Copied from Staging, ID 3.").await;
    browser.close().await;
}
