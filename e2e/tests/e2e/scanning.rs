//! Finding a pet from its card, on the release build in headless Chromium: the Find a pet box
//! typed into as a barcode scanner types (fast, then Enter), and Scan a card with Chromium's
//! fake camera fed a video of a card's code made here (no camera, a refused one, and the
//! camera let go however the scan ends). The service's own record counts what it was asked.

use std::path::{Path, PathBuf};
use std::time::Instant;

use fantoccini::{Client, Locator};
use petstore_dev_service::control::MAIN;
use petstore_dev_service::seed::BIG_ID;
use petstore_dev_service::Config;
use petstore_e2e::look::{axe_source, fits_the_window, viewport, violations, wait_js};
use petstore_e2e::words::{says, Words};
use petstore_e2e::{click, serve_release, start_service_with_registry, wait_for, Browser};
use serde_json::json;

/// Types `text` into Find a pet as a scanner does (all at once, then Enter).
async fn scan(c: &Client, text: &str) {
    let field = c.find(Locator::Id("find-pet")).await.expect("Find a pet");
    field.send_keys(&format!("{text}\n")).await.expect("type");
}

#[tokio::test(flavor = "multi_thread")]
async fn find_a_pet_opens_a_scanned_card_and_says_what_anything_else_is() {
    let (service, config, registry) = start_service_with_registry(Config::default()).await;
    let production = registry.deployment(MAIN, "production").expect("production");
    let asked = || production.log().len();
    let site = serve_release(&service, config).await;
    let en = Words::of("en");
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    wait_for(c, "//td[normalize-space()='Rex']").await;
    let here = site.trim_end_matches('/');

    // A pet's number, from the list.
    scan(c, "2").await;
    wait_for(c, "//h1[normalize-space()='Mittens']").await;
    let emptied = c
        .execute("return document.getElementById('find-pet').value;", vec![])
        .await
        .expect("the box");
    assert_eq!(emptied, json!(""), "the box is ready for the next scan");

    // A card's address, from a pet's page: the next pet opens.
    scan(c, &format!("{here}/pets/{BIG_ID}?env=production")).await;
    wait_for(c, "//h1[normalize-space()='Big Id Barney']").await;

    // What opens nothing asks the service nothing. The page shows the pet it knew at once,
    // and says when it was read once its own read is done: counted from then.
    wait_js(
        c,
        "the pet's read done",
        "return !!document.querySelector('.freshness time');",
    )
    .await;
    let before = asked();
    // A staging card: said, with a button; the page stays in production.
    scan(c, &format!("{here}/pets/3?env=staging")).await;
    let said = en.fill(
        "find_other_environment",
        &[("environment", "Staging"), ("current", "Production")],
    );
    says(c, ".find-pet [role=alert]", &said).await;
    let found = violations(c, &axe_source()).await;
    assert!(
        found.is_empty(),
        "axe on Find a pet and its answer: {found:#?}"
    );
    viewport(&browser, 390, 844, true).await;
    fits_the_window(c, "Find a pet's answer on a phone").await;
    let url = c.current_url().await.expect("the address");
    assert!(
        url.as_str()
            .contains(&format!("pets/{BIG_ID}?env=production")),
        "{url}"
    );
    // Another site's address, and a page of this app that is not a pet.
    scan(c, "https://example.com/pets/1").await;
    let said = en.fill("find_other_site", &[("host", "example.com")]);
    says(c, ".find-pet [role=alert]", &said).await;
    scan(c, &format!("{here}/compare?env=production")).await;
    says(c, ".find-pet [role=alert]", &en.say("find_other_page")).await;
    assert_eq!(asked(), before, "nothing asked of the service");

    // A name searches the list for it; Enter there on the name one pet has opens that pet.
    scan(c, "Rex").await;
    wait_js(
        c,
        "the list searched for Rex",
        "return location.pathname.endsWith('/pets')
           && new URLSearchParams(location.search).get('q') === 'Rex'
           && document.querySelectorAll('table.pets tbody tr').length === 1;",
    )
    .await;
    scan(c, "").await;
    wait_for(c, "//h1[normalize-space()='Rex']").await;

    // The staging card, opened there on request.
    scan(c, &format!("{here}/pets/3?env=staging")).await;
    click(c, "//button[normalize-space()='Open it in Staging']").await;
    wait_js(
        c,
        "staging's pet page",
        "return location.pathname.endsWith('/pets/3') && location.search === '?env=staging';",
    )
    .await;

    // The list again.
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("the list");
    wait_for(c, "//td[normalize-space()='Rex']").await;

    // A staging card scanned over a search, its last key and Enter in one task (as a fast
    // scanner's can be): a card is no name, so the list lets the search go a moment later,
    // in the address, and what the box said stays.
    scan(c, "Nobody by this name").await;
    wait_js(
        c,
        "the list searched",
        "return new URLSearchParams(location.search).has('q');",
    )
    .await;
    c.execute(
        "const box = document.getElementById('find-pet');
         box.value = arguments[0];
         box.dispatchEvent(new Event('input', { bubbles: true }));
         box.form.requestSubmit();",
        vec![json!(format!("{here}/pets/3?env=staging"))],
    )
    .await
    .expect("the card scanned");
    wait_js(
        c,
        "the search let go",
        "return !new URLSearchParams(location.search).has('q');",
    )
    .await;
    let said = en.fill(
        "find_other_environment",
        &[("environment", "Staging"), ("current", "Production")],
    );
    says(c, ".find-pet [role=alert]", &said).await;

    // An unknown number opens its page, which says so.
    let field = c.find(Locator::Id("find-pet")).await.expect("Find a pet");
    field.clear().await.expect("empty the box");
    scan(c, "424242").await;
    let said = en.fill(
        "no_pet_with_id",
        &[("environment", "Production"), ("id", "424242")],
    );
    says(c, "main", &said).await;
    browser.close().await;
}

/// A video of `address`'s card code (or of a blank wall), for Chromium's fake camera: a still
/// 640 × 480 picture (Y4M, the format `--use-file-for-fake-video-capture` reads), the code
/// black on white in its middle, 8 pixels a square.
fn card_video(address: Option<&str>, path: &Path) {
    let squares = address.map(|a| petstore_core::qr_squares(a).expect("a code"));
    let (width, height, scale) = (640, 480, 8);
    let mut luma = vec![255u8; width * height];
    let Some(squares) = squares else {
        return write_video(&luma, path);
    };
    let side = squares.size * scale;
    let (left, top) = ((width - side) / 2, (height - side) / 2);
    for square in squares.path.split('M').filter(|s| !s.is_empty()) {
        let xy = square.trim_end_matches("h1v1h-1z");
        let (x, y) = xy.split_once(' ').expect("x and y");
        let (x, y): (usize, usize) = (x.parse().expect("x"), y.parse().expect("y"));
        for row in 0..scale {
            let at = (top + y * scale + row) * width + left + x * scale;
            luma[at..at + scale].fill(0);
        }
    }
    write_video(&luma, path);
}

/// One 640 × 480 grey frame as a Y4M file.
fn write_video(luma: &[u8], path: &Path) {
    let mut video = b"YUV4MPEG2 W640 H480 F30:1 Ip A1:1 C420jpeg\nFRAME\n".to_vec();
    video.extend_from_slice(luma);
    // No colour: both chroma planes at their middle.
    video.extend(std::iter::repeat_n(128u8, luma.len() / 2));
    std::fs::write(path, video).expect("write the video");
}

/// Keeps every camera stream the page is given in `window.__streams`, so a test can see
/// whether any is still live.
const KEEP_STREAMS: &str = "if (navigator.mediaDevices) {
  const get = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  window.__streams = [];
  navigator.mediaDevices.getUserMedia = async (c) => {
    const s = await get(c);
    window.__streams.push(s);
    return s;
  };
}";

/// A signed-in Chromium whose fake camera films `address`'s card (a blank wall for `None`),
/// keeping every stream it gives the page; and the folder holding the video, for the test to
/// remove.
async fn camera_browser(address: Option<&str>) -> (Browser, PathBuf) {
    let wall = if address.is_some() { "card" } else { "wall" };
    let dir = std::env::temp_dir().join(format!("petstore-{wall}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the video");
    let video = dir.join(format!("{wall}.y4m"));
    card_video(address, &video);
    let file = format!("--use-file-for-fake-video-capture={}", video.display());
    let browser = Browser::signed_in_with_args(&[
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        &file,
    ])
    .await;
    browser.on_every_load(KEEP_STREAMS).await;
    (browser, dir)
}

#[tokio::test(flavor = "multi_thread")]
async fn scan_a_card_with_the_camera_opens_the_pet_and_lets_the_camera_go() {
    let (service, config, _) = start_service_with_registry(Config::default()).await;
    let site = serve_release(&service, config).await;
    let (browser, dir) = camera_browser(Some(&format!("{site}pets/2?env=production"))).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    wait_for(c, "//td[normalize-space()='Rex']").await;

    let began = Instant::now();
    click(c, "//button[normalize-space()='Scan a card']").await;
    wait_for(c, "//h1[normalize-space()='Mittens']").await;
    eprintln!(
        "a card in front of the camera to its pet's page: {:?}",
        began.elapsed()
    );
    wait_js(
        c,
        "the camera let go once the code was read",
        "return window.__streams.length === 1
           && window.__streams[0].getTracks().every((t) => t.readyState === 'ended');",
    )
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    browser.close().await;
}

/// Waits until the page was given `count` camera streams and the last is live (`true`) or
/// every one has ended (`false`).
async fn camera(c: &Client, count: usize, live: bool) {
    let script = if live {
        format!(
            "return window.__streams.length === {count}
               && window.__streams[{count} - 1].getTracks().every((t) => t.readyState === 'live');"
        )
    } else {
        format!(
            "return window.__streams.length === {count} && window.__streams.every(
               (s) => s.getTracks().every((t) => t.readyState === 'ended'));"
        )
    };
    let what = format!(
        "{count} camera streams, the last {}",
        if live { "live" } else { "ended" }
    );
    wait_js(c, &what, &script).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_camera_goes_on_close_when_the_tab_is_hidden_and_when_the_page_is_left() {
    let (service, config, _) = start_service_with_registry(Config::default()).await;
    let site = serve_release(&service, config).await;
    let (browser, dir) = camera_browser(None).await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    wait_for(c, "//td[normalize-space()='Rex']").await;
    let scan_card = "//button[normalize-space()='Scan a card']";

    click(c, scan_card).await;
    camera(c, 1, true).await;
    click(
        c,
        "//div[contains(@class, 'scanner')]/button[normalize-space()='Close']",
    )
    .await;
    camera(c, 1, false).await;

    click(c, scan_card).await;
    camera(c, 2, true).await;
    petstore_e2e::hide_for(c, std::time::Duration::from_millis(300))
        .await
        .expect("hide the tab");
    camera(c, 2, false).await;
    wait_js(
        c,
        "the scanner closed",
        "return !document.querySelector('.scanner');",
    )
    .await;

    click(c, scan_card).await;
    camera(c, 3, true).await;
    // A camera that ends by itself (unplugged, or taken by another app) is said, rather than
    // its last picture left standing.
    c.execute(
        "const track = window.__streams[window.__streams.length - 1].getVideoTracks()[0];
         track.stop();
         track.dispatchEvent(new Event('ended'));",
        vec![],
    )
    .await
    .expect("end the camera's track");
    says(
        c,
        ".scanner [role=alert]",
        &Words::of("en").say("camera_stopped"),
    )
    .await;
    click(
        c,
        "//div[contains(@class, 'scanner')]/button[normalize-space()='Close']",
    )
    .await;
    click(c, scan_card).await;
    camera(c, 4, true).await;
    petstore_e2e::click_nav(c, "Activity").await;
    camera(c, 4, false).await;
    let _ = std::fs::remove_dir_all(&dir);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_camera_says_so_and_the_box_still_finds_the_pet() {
    let (service, config, _) = start_service_with_registry(Config::default()).await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in_with_args(&[
        "--use-fake-device-for-media-stream",
        "--deny-permission-prompts",
    ])
    .await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production"))
        .await
        .expect("open the list");
    wait_for(c, "//td[normalize-space()='Rex']").await;
    click(c, "//button[normalize-space()='Scan a card']").await;
    let en = Words::of("en");
    says(c, ".scanner [role=alert]", &en.say("camera_refused")).await;
    let found = violations(c, &axe_source()).await;
    assert!(found.is_empty(), "axe on the scanner's message: {found:#?}");
    scan(c, "2").await;
    wait_for(c, "//h1[normalize-space()='Mittens']").await;
    browser.close().await;
}
