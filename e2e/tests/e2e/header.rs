//! The header on a phone (390 × 844), an upright tablet (820 × 1180) and a laptop (1280 × 800),
//! in each language, in Chromium and in WebKit (Safari's engine): at most 120 px tall on the
//! phone and the tablet, one row on the laptop, and the same height signed in as signed out (no
//! jump). Its menu holds the environment, the language and the sign-outs, and closes on Escape,
//! on a press outside it and after a choice in it.

use fantoccini::{Client, Locator};
use petstore_e2e::engines::Engine;
use petstore_e2e::look::{choose, click_button, sign_in, viewport, wait_js};
use petstore_e2e::words::{open_in, Words};
use petstore_e2e::{click, open_menu, serve_release, start_service, Browser};
use serde_json::Value;

/// The languages a manager can choose.
const LANGUAGES: [&str; 4] = ["en", "es", "fr", "de"];

/// The header's height, how many rows its parts (name, pages, menu button) take, whether a
/// page's link is out of sight (the links scroll on a phone) or squeezed (its name running
/// into the next, or on two lines), and the page's width.
#[derive(Debug, PartialEq)]
struct Measure {
    height: f64,
    rows: usize,
    links_cut: bool,
    width: f64,
}

/// Measures the header as drawn now.
async fn measure(c: &Client) -> Measure {
    let found: Value = c
        .execute(
            "const header = document.getElementById('menu-button').closest('header');
             const parts = ['.brand', 'header nav', '#menu-button']
               .map((s) => header.querySelector(s).getBoundingClientRect());
             // Parts whose middles are within 10 px of each other share a row.
             const middles = parts.map((r) => r.top + r.height / 2).sort((a, b) => a - b);
             const rows = middles.filter((m, i) => i === 0 || m - middles[i - 1] > 10).length;
             // A page's link out of sight: past the window, or scrolled out of the pages' row.
             const nav = header.querySelector('nav').getBoundingClientRect();
             const links = Array.from(header.querySelectorAll('nav a'));
             const boxes = links.map((a) => a.getBoundingClientRect());
             // Or a page's name wider than its link (run into the next), or on two lines.
             const squeezed = links.some((a) => a.scrollWidth > a.clientWidth + 0.5
               || new Set(Array.from((() => { const r = document.createRange();
                    r.selectNodeContents(a); return r.getClientRects(); })())
                    .filter((b) => b.width > 0).map((b) => Math.round(b.top))).size > 1);
             const cut = squeezed || boxes
               .some((r) => r.left < Math.max(0, nav.left) - 0.5
                         || r.right > Math.min(innerWidth, nav.right) + 0.5);
             return [header.getBoundingClientRect().height, rows, cut, innerWidth];",
            vec![],
        )
        .await
        .expect("measure the header");
    Measure {
        height: found[0].as_f64().unwrap_or(f64::MAX),
        rows: found[1].as_u64().unwrap_or(u64::MAX) as usize,
        links_cut: found[2].as_bool() != Some(false),
        width: found[3].as_f64().unwrap_or_default(),
    }
}

/// What a size must give: every page's link in sight; within 120 px below a laptop's width,
/// one row from it up (the width as the page has it).
fn check(what: &str, m: &Measure) {
    assert!(!m.links_cut, "{what}: {m:?}");
    if m.width >= 1280.0 {
        assert_eq!(m.rows, 1, "{what}: {m:?}");
    } else {
        assert!(m.height <= 120.0, "{what}: {m:?}");
    }
}

/// Each language at each of `sizes` (set by `resize`), signed out then signed in: the heights
/// checked, equal either way, and printed (the closing figures).
async fn each_language(
    c: &Client,
    list: &str,
    engine: &str,
    sizes: &[(u32, u32)],
    resize: impl AsyncFn(u32, u32),
) {
    for tag in LANGUAGES {
        open_in(c, list, tag).await;
        let mut signed_out = Vec::new();
        for &(width, height) in sizes {
            resize(width, height).await;
            signed_out.push(measure(c).await);
        }
        sign_in(c, "dev-production-key").await;
        for (&(width, height), before) in sizes.iter().zip(&signed_out) {
            resize(width, height).await;
            let after = measure(c).await;
            let what = format!("{engine}, {tag}, {width} × {height}");
            println!("header: {what}: {after:?}");
            check(&what, &after);
            assert_eq!(&after, before, "{what}: signed in vs signed out");
        }
        // Signed out again from the menu, for the next language's signed-out measures.
        click_button(c, &Words::of(tag).say("sign_out")).await;
        wait_js(
            c,
            "the sign-in form",
            "return !!document.querySelector('[role=dialog] input');",
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_header_fits_a_phone_and_a_tablet_in_every_language_in_chromium() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let list = format!("{site}pets?env=production");
    let sizes = [(390, 844), (820, 1180), (1280, 800)];
    let resize = async |width, height| viewport(&browser, width, height, width < 1280).await;
    each_language(c, &list, "Chromium", &sizes, resize).await;

    // The menu on a phone: the environment, the language and the sign-outs, inside the
    // window; Escape closes it and the focus is back on its button.
    viewport(&browser, 390, 844, true).await;
    open_in(c, &list, "en").await;
    sign_in(c, "dev-production-key").await;
    open_menu(c).await;
    let button = c.find(Locator::Id("menu-button")).await.expect("Menu");
    let shown: Value = c
        .execute(
            "const panel = document.getElementById('header-menu');
             const r = panel.getBoundingClientRect();
             const labels = Array.from(panel.querySelectorAll('label, button'))
               .map((e) => e.textContent.trim());
             return [!panel.hidden, r.left >= 0 && r.right <= innerWidth, labels,
                     document.getElementById('menu-button').getAttribute('aria-expanded')];",
            vec![],
        )
        .await
        .expect("read the menu");
    assert_eq!(
        shown,
        serde_json::json!([
            true,
            true,
            ["Environment", "Language", "Sign out", "Sign out everywhere"],
            "true"
        ])
    );
    // Escape from within the menu.
    c.find(Locator::Id("environment"))
        .await
        .expect("the environment")
        .send_keys("\u{E00C}")
        .await
        .expect("Escape");
    wait_js(
        c,
        "the menu closed, the focus on its button",
        "return document.getElementById('header-menu').hidden
           && document.activeElement.id === 'menu-button';",
    )
    .await;
    // A press outside closes it; so does a choice made in it.
    let closed = "return document.getElementById('header-menu').hidden;";
    button.click().await.expect("open the menu");
    click(c, "//nav//a[1]").await;
    wait_js(c, "the menu closed by a press outside", closed).await;
    choose(c, "environment", "staging").await;
    wait_js(c, "the menu closed by a choice", closed).await;
    wait_js(
        c,
        "staging asks for its key",
        "return location.search.includes('env=staging')
           && !!document.querySelector('[role=dialog] input');",
    )
    .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_header_fits_an_upright_tablet_in_every_language_in_webkit() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start_engine(Engine::WebKit).await;
    let c = &browser.client;
    let list = format!("{site}pets?env=production");
    // The window's size, then the page's: measured once the page has the width asked for.
    let resize = async |width: u32, height: u32| {
        c.set_window_size(width, height).await.expect("resize");
        wait_js(
            c,
            "the page at its new width",
            &format!("return innerWidth === {width};"),
        )
        .await;
    };
    // WebKit's page process once spun for minutes under a full run's load: a hang fails here,
    // named, rather than holding the whole run.
    let checked = tokio::time::timeout(
        std::time::Duration::from_secs(180),
        each_language(c, &list, "WebKit", &[(820, 1180), (1280, 800)], resize),
    )
    .await;
    browser.close().await;
    checked.expect("WebKit's header checks did not end within 3 minutes");
}
