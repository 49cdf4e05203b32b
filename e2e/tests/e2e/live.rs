//! The list on a tablet left open all day, on the release build in headless Chromium over
//! WebDriver: hidden behind another tab brought to the front (a real visibility change, not
//! a synthetic event), it sends nothing, however often it is due; shown again after more
//! than 30 seconds (the page's clock is moved on as it hides, rather than waited for), it
//! reads once and shows what another manager added meanwhile. Offline, it sends nothing
//! either.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use petstore_dev_service::control::{now_ms, MAIN};
use petstore_dev_service::Config;
use petstore_e2e::worker::{deploy, go_offline, go_online, site_folder, worker_active};
use petstore_e2e::{
    csp, root_dist, serve_site_with, start_service_with_registry, wait_for, with_refresh, Browser,
    SiteLog,
};

/// List reads the deployment saw.
fn list_reads(log: &[petstore_dev_service::control::LogEntry]) -> usize {
    log.iter()
        .filter(|e| e.method == "GET" && e.path.contains("/pets?"))
        .count()
}

async fn visibility_changes(c: &Client) -> Vec<String> {
    let seen = c
        .execute("return window.__visibility || [];", vec![])
        .await
        .expect("read the visibility changes");
    serde_json::from_value(seen).expect("a list of states")
}

/// Watches `deployment` for `how_long`, failing as soon as a list read arrives after `since`
/// (ms on the service's clock): the check for something that must not happen, so it runs for
/// the whole window.
async fn no_read_for(
    deployment: &petstore_dev_service::handlers::Deployment,
    since: u64,
    how_long: Duration,
) {
    let start = Instant::now();
    while start.elapsed() < how_long {
        let log = deployment.log();
        let late = log
            .iter()
            .find(|e| e.method == "GET" && e.path.contains("/pets?") && e.received_ms > since);
        assert!(
            late.is_none(),
            "a list read after {:?}: {late:?}",
            start.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// A request the page sent before it was hidden reaches the service within this.
const IN_FLIGHT_MS: u64 = 100;

#[tokio::test]
async fn a_hidden_tab_sends_nothing_and_catches_up_when_shown_again() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let folder = site_folder("live");
    deploy(&root_dist(), &folder);
    let site_log = SiteLog::default();
    let site = serve_site_with(
        &folder,
        "/",
        with_refresh(&config, 0.5),
        &csp(&service),
        site_log.clone(),
    )
    .await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production&limit=100"))
        .await
        .unwrap();
    wait_for(c, "//table//tbody/tr[24]").await;
    // Records each visibility change, and moves the page's clock on 31 seconds as it hides:
    // its rows are then older than the 30 seconds after which a tab shown again reads.
    c.execute(
        "window.__visibility = []; const realNow = Date.now; let skew = 0; \
         Date.now = () => realNow() + skew; \
         document.addEventListener('visibilitychange', () => { \
           window.__visibility.push(document.visibilityState); \
           if (document.visibilityState === 'hidden') skew += 31000; });",
        vec![],
    )
    .await
    .unwrap();
    // The timer reads while the tab is in front.
    let shown = list_reads(&production.log());
    let start = Instant::now();
    while list_reads(&production.log()) < shown + 2 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no read on the timer"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Another tab in front: this one is hidden. Another manager adds a pet meanwhile.
    let list_tab = c.window().await.unwrap();
    let other = c.new_window(true).await.unwrap();
    c.switch_to_window(other.handle).await.unwrap();
    c.goto("about:blank").await.unwrap();
    // A read already on its way may land (and is answered before the new pet is added); from
    // then on nothing, for ten refresh periods.
    let hidden = now_ms() + IN_FLIGHT_MS;
    let start = Instant::now();
    // (Recent reads only: the start-up read the app took over may stay unanswered.)
    let on_its_way = || {
        production.log().iter().any(|e| {
            e.path.contains("/pets?")
                && e.received_ms + 2000 >= hidden
                && e.received_ms <= hidden
                && e.answered_ms == 0
        })
    };
    while on_its_way() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "a read on its way never answered"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    production
        .add_pet("Comet", 7, Some("available"))
        .expect("add a pet");
    no_read_for(&production, hidden, Duration::from_secs(5)).await;

    // Back in front: it reads (its rows are older than 30 s) and shows the new pet.
    let hidden_reads = list_reads(&production.log());
    c.close_window().await.unwrap();
    c.switch_to_window(list_tab).await.unwrap();
    wait_for(
        c,
        "//table//tbody/tr[td[2][contains(., 'Comet')] and .//*[normalize-space()='New']]",
    )
    .await;
    assert_eq!(visibility_changes(c).await, ["hidden", "visible"]);
    assert!(list_reads(&production.log()) > hidden_reads);
    let live = c
        .find(Locator::Css(".changes"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(live, "1 new pet.");

    // Offline: due every half second, it sends nothing.
    worker_active(c).await;
    let offline = go_offline(&browser, &site_log).await;
    no_read_for(&production, now_ms(), Duration::from_secs(3)).await;
    go_online(&browser, &site_log, offline).await;
    let back = list_reads(&production.log());
    let start = Instant::now();
    while list_reads(&production.log()) == back {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no read once online"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Never two reads of the list at once.
    let log = production.log();
    for pair in log.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a.path.contains("/pets?") && b.path.contains("/pets?") && a.answered_ms != 0 {
            assert!(
                b.received_ms >= a.answered_ms,
                "two reads at once: {a:?} {b:?}"
            );
        }
    }
    let trap = browser.trap_in_console().await;
    browser.close().await;
    assert_eq!(trap, None, "the app stopped");
}

#[tokio::test]
async fn without_request_idle_callback_a_pet_opened_directly_still_reads_itself_again() {
    // Safari's engine has no `requestIdleCallback`: what waits for an idle moment (the refresh
    // timer of a page other than the list, among others) must start all the same.
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let folder = site_folder("no-idle");
    deploy(&root_dist(), &folder);
    let site = serve_site_with(
        &folder,
        "/",
        with_refresh(&config, 0.5),
        &csp(&service),
        SiteLog::default(),
    )
    .await;
    let browser = Browser::signed_in().await;
    browser
        .on_every_load(
            "delete Window.prototype.requestIdleCallback; delete window.requestIdleCallback;",
        )
        .await;
    let c = &browser.client;
    c.goto(&format!("{site}pets/2?env=production"))
        .await
        .unwrap();
    let status = "//*[contains(@class,'pet-details')]//*[contains(@class,'status')]";
    wait_for(c, &format!("{status}[normalize-space()='available']")).await;
    let gone = c
        .execute("return typeof window.requestIdleCallback;", vec![])
        .await
        .unwrap();
    assert_eq!(gone, "undefined", "the page runs without it");
    // Another manager sells the pet: the page shows it within its refresh time.
    production.set_status(2, Some("sold".to_owned()));
    wait_for(c, &format!("{status}[normalize-space()='sold']")).await;
    browser.close().await;
}
