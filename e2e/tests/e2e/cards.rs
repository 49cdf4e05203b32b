//! Cage cards on the release build in headless Chromium: the printed card, through
//! Chromium's own print to PDF (its pages, its text, and its code drawn by poppler's
//! `pdftoppm` and read back as a camera would). Finding a pet from its card is `scanning.rs`.

use std::path::{Path, PathBuf};
use std::process::Command;

use base64::Engine;
use fantoccini::Client;
use petstore_dev_service::seed::BIG_ID;
use petstore_dev_service::Config;
use petstore_e2e::look::{axe_source, choose, fits_the_window, viewport, violations, wait_js};
use petstore_e2e::{click, serve_release, start_service_with_registry, wait_for, Browser};
use serde_json::json;

/// The shown page printed as Chromium prints it (the page's own `@page` size), into `dir`.
async fn print_to_pdf(browser: &Browser, dir: &Path) -> PathBuf {
    let printed = browser
        .cdp(
            "Page.printToPDF",
            json!({ "preferCSSPageSize": true, "printBackground": true }),
        )
        .await;
    let pdf = base64::engine::general_purpose::STANDARD
        .decode(printed["data"].as_str().expect("the PDF"))
        .expect("base64");
    let path = dir.join("printed.pdf");
    std::fs::write(&path, pdf).expect("write the PDF");
    path
}

/// What a poppler tool prints for `pdf`, its white space made single spaces.
fn poppler(tool: &str, args: &[&str], pdf: &Path) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert!(out.status.success(), "{tool}: {out:?}");
    // One space between words: a line the card wraps reads as one.
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The PDF's pages, and the size of its first in millimetres.
fn pages(pdf: &Path) -> (usize, (f64, f64)) {
    let info = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo");
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let field = |name: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(str::trim)
            .unwrap_or_else(|| panic!("{name} in {info}"))
            .to_owned()
    };
    let count = field("Pages:").parse().expect("a page count");
    let size = field("Page size:");
    let mut points = size
        .split_whitespace()
        .filter_map(|w| w.parse::<f64>().ok());
    let mm = |pt: f64| pt * 25.4 / 72.0;
    let (w, h) = (
        points.next().expect("width"),
        points.next().expect("height"),
    );
    (count, (mm(w), mm(h)))
}

/// The code on the PDF's first page, a card alone (see [`codes_on_page`]).
fn codes_on_first_page(pdf: &Path, dir: &Path) -> Vec<String> {
    codes_on_page(pdf, dir, 1, (1, 1))
}

/// The codes on page `n` of the PDF, drawn at 200 dpi in grey and read as a camera would,
/// one from each cell of a `(columns, rows)` grid (each card on its own, as a camera sees
/// one card at a time), sorted.
fn codes_on_page(pdf: &Path, dir: &Path, n: usize, (columns, rows): (usize, usize)) -> Vec<String> {
    let stem = dir.join("page");
    let n = n.to_string();
    let status = Command::new("pdftoppm")
        .args(["-r", "200", "-gray", "-f", &n, "-l", &n, "-singlefile"])
        .arg(pdf)
        .arg(&stem)
        .status()
        .expect("pdftoppm");
    assert!(status.success());
    let pgm = std::fs::read(stem.with_extension("pgm")).expect("the drawn page");
    // A binary PGM: "P5", width, height, the largest value, one byte of white space, pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (w, h): (usize, usize) = (fields[1].parse().expect("w"), fields[2].parse().expect("h"));
    let pixels = &pgm[at + 1..];
    let (cw, ch) = (w / columns, h / rows);
    let mut codes = Vec::new();
    for cell in 0..columns * rows {
        let (left, top) = (cell % columns * cw, cell / columns * ch);
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(cw, ch, |x, y| {
            pixels[(top + y) * w + left + x]
        });
        codes.extend(
            image
                .detect_grids()
                .into_iter()
                .filter_map(|grid| grid.decode().ok().map(|(_, text)| text)),
        );
    }
    codes.sort();
    codes
}

/// The text of page `n` of the PDF, its white space made single spaces.
fn page_text(pdf: &Path, n: usize) -> String {
    let n = n.to_string();
    poppler("pdftotext", &["-f", &n, "-l", &n], pdf)
}

/// Chooses `value` in the select `id` and waits for the sheet to follow (`check`, a script).
async fn choose_then(c: &Client, id: &str, value: &str, check: &str) {
    choose(c, id, value).await;
    wait_js(c, &format!("#{id} {value}"), check).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_rows_shown_print_as_sheets_of_cards_never_split_and_as_a_stock_list() {
    let (service, config, _) = start_service_with_registry(Config::default()).await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    let dir = std::env::temp_dir().join(format!("petstore-sheet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the PDF");
    c.goto(&format!("{site}pets?env=production&limit=5"))
        .await
        .expect("open the list");
    wait_for(c, "//td[normalize-space()='Nemo']").await;
    let names = ["Rex", "Mittens", "Big Id Barney", "Tweety", "Nemo"];
    let ids = [1, 2, BIG_ID, 4, 5];
    let mut addresses: Vec<String> = ids
        .iter()
        .map(|id| format!("{site}pets/{id}?env=production"))
        .collect();

    click(c, "//button[normalize-space()='Print cards']").await;
    wait_js(
        c,
        "five cards drawn",
        "return document.querySelectorAll('.sheet .card-code').length === 5;",
    )
    .await;
    let found = violations(c, &axe_source()).await;
    assert!(found.is_empty(), "axe on the sheet's preview: {found:#?}");
    choose_then(
        c,
        "sheet-paper",
        "a4",
        "return !!document.querySelector('.sheet.paper-a4');",
    )
    .await;

    // Four cage cards to an A4 page: two pages, four cards and one, none across a page.
    let pdf = print_to_pdf(&browser, &dir).await;
    let (count, (w, h)) = pages(&pdf);
    assert_eq!(count, 2, "five cards, four to a page");
    assert!(
        (w - 210.0).abs() < 1.0 && (h - 297.0).abs() < 1.0,
        "A4: {w} × {h} mm"
    );
    let (first, second) = (page_text(&pdf, 1), page_text(&pdf, 2));
    for name in &names[..4] {
        assert!(
            first.contains(name) && !second.contains(name),
            "{name} on page 1 alone"
        );
    }
    assert!(
        second.contains("Nemo") && !first.contains("Nemo"),
        "Nemo on page 2 alone"
    );
    for unwanted in ["Print cards", "Export CSV", "Find a pet", "Search by name"] {
        assert!(
            !first.contains(unwanted),
            "nothing but the cards ({unwanted}): {first}"
        );
    }
    addresses.sort();
    let mut codes = codes_on_page(&pdf, &dir, 1, (2, 2));
    codes.extend(codes_on_page(&pdf, &dir, 2, (2, 2)));
    codes.sort();
    assert_eq!(codes, addresses, "each card's code is its pet's page");

    // Eight labels to a US Letter page: one page, every code still read.
    choose_then(
        c,
        "sheet-layout",
        "labels",
        "return !!document.querySelector('.sheet.layout-labels');",
    )
    .await;
    choose_then(
        c,
        "sheet-paper",
        "letter",
        "return !!document.querySelector('.sheet.paper-letter');",
    )
    .await;
    let pdf = print_to_pdf(&browser, &dir).await;
    let (count, (w, h)) = pages(&pdf);
    assert_eq!(count, 1, "five labels, eight to a page");
    assert!(
        (w - 215.9).abs() < 1.0 && (h - 279.4).abs() < 1.0,
        "Letter: {w} × {h} mm"
    );
    assert_eq!(
        codes_on_page(&pdf, &dir, 1, (2, 4)),
        addresses,
        "each label's code is its pet's page"
    );

    // A pet unticked is left off: four labels, Tweety not among them.
    click(
        c,
        "//fieldset[contains(@class, 'sheet-pets')]//label[contains(., 'Tweety')]/input",
    )
    .await;
    wait_js(
        c,
        "four labels",
        "return document.querySelectorAll('.sheet .pet-card').length === 4;",
    )
    .await;
    let pdf = print_to_pdf(&browser, &dir).await;
    assert_eq!(pages(&pdf).0, 1);
    let text = page_text(&pdf, 1);
    assert!(
        !text.contains("Tweety") && text.contains("Nemo"),
        "Tweety left off: {text}"
    );

    // The stock list, on the paper this device chose, with its heading and page numbers.
    click(c, "//button[normalize-space()='Print list']").await;
    wait_for(c, "//table[contains(@class, 'stock')]").await;
    let pdf = print_to_pdf(&browser, &dir).await;
    let (count, (w, _)) = pages(&pdf);
    assert_eq!(count, 1);
    assert!((w - 215.9).abs() < 1.0, "the device's paper kept: {w} mm");
    let text = page_text(&pdf, 1);
    for wanted in [
        // Five rows read with a limit of five: the sheet may miss pets, and says so.
        "there may be more pets than these",
        "Stock list: Production",
        "Status: All",
        "Limit: 5",
        "Read on",
        "Checked",
    ]
    .iter()
    .chain(&names)
    {
        assert!(
            text.contains(wanted),
            "the stock list says {wanted}: {text}"
        );
    }
    assert!(
        text.replace(' ', "").contains("1/1"),
        "the page's number: {text}"
    );
    assert!(!text.contains("Print list"), "no button printed: {text}");
    // Close gives the keyboard back to the button that opened the preview.
    click(
        c,
        "//section[contains(@class, 'card-preview')]//button[normalize-space()='Close']",
    )
    .await;
    wait_js(
        c,
        "the keyboard back on Print list",
        "return !document.querySelector('.card-preview') && !!document.activeElement
           && document.activeElement.textContent.trim() === 'Print list';",
    )
    .await;
    let kept = c
        .execute(
            "return localStorage.getItem('petstore-admin.paper');",
            vec![],
        )
        .await
        .expect("the device's paper");
    assert_eq!(kept, json!("letter"), "the paper is the device's choice");
    let _ = std::fs::remove_dir_all(&dir);
    browser.close().await;
}

/// Opens Print card on the pet page shown and waits for the card's code.
async fn show_card(c: &Client) {
    click(c, "//button[normalize-space()='Print card']").await;
    wait_for(c, "//*[name()='svg' and contains(@class, 'card-code')]").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_prints_alone_on_an_a6_page_and_its_code_opens_the_pet() {
    let (service, config, _) = start_service_with_registry(Config::default()).await;
    let site = serve_release(&service, config).await;
    let browser = Browser::signed_in().await;
    browser
        .on_every_load(
            r#"sessionStorage.setItem("petstore-admin.api-key.staging", "dev-staging-key")"#,
        )
        .await;
    let c = &browser.client;
    let dir = std::env::temp_dir().join(format!("petstore-card-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the PDF");

    // Production's pet with an id beyond what a JavaScript number holds.
    let page = format!("{site}pets/{BIG_ID}?env=production");
    c.goto(&page).await.expect("open the pet");
    wait_for(c, "//h1[normalize-space()='Big Id Barney']").await;
    show_card(c).await;
    let axe = axe_source();
    let found = violations(c, &axe).await;
    assert!(found.is_empty(), "axe on the card's preview: {found:#?}");
    let pdf = print_to_pdf(&browser, &dir).await;
    let (count, (w, h)) = pages(&pdf);
    assert_eq!(count, 1, "one card, one page");
    assert!(
        (w - 105.0).abs() < 1.0 && (h - 148.0).abs() < 1.0,
        "A6: {w} × {h} mm"
    );
    let text = poppler("pdftotext", &[], &pdf);
    for wanted in ["Big Id Barney", &BIG_ID.to_string(), "Printed"] {
        assert!(text.contains(wanted), "the card says {wanted}: {text}");
    }
    // Production's card names no environment, and no status unless the
    // deployment asks for one (cardsShowStatus).
    for unwanted in [
        "available",
        "Production",
        "Print card",
        "Find a pet",
        "Add one like this",
        "Back to the list",
        "Menu",
        "STAGING",
    ] {
        assert!(
            !text.contains(unwanted),
            "nothing but the card is printed ({unwanted}): {text}"
        );
    }
    assert_eq!(
        codes_on_first_page(&pdf, &dir),
        vec![page.clone()],
        "the code is the pet's page"
    );

    // A staging card carries its band; its code opens staging's pet.
    let staging = format!("{site}pets/2?env=staging");
    c.goto(&staging).await.expect("open staging's pet");
    wait_for(c, "//h1[normalize-space()='Staging Tilly']").await;
    show_card(c).await;
    let pdf = print_to_pdf(&browser, &dir).await;
    assert_eq!(pages(&pdf).0, 1);
    let text = poppler("pdftotext", &[], &pdf);
    assert!(
        text.contains("STAGING — test data, not for the shop floor"),
        "{text}"
    );
    assert!(text.contains("Staging Tilly"), "{text}");
    let codes = codes_on_first_page(&pdf, &dir);
    assert_eq!(codes, vec![staging], "the code is staging's page");

    // The preview on a tablet and a phone: nothing wider than the window, written for a
    // person to look at.
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/screenshots");
    std::fs::create_dir_all(&shots).expect("target/screenshots");
    for (size, width, height) in [("tablet", 820, 1180), ("phone", 390, 844)] {
        viewport(&browser, width, height, true).await;
        fits_the_window(c, &format!("the card's preview on a {size}")).await;
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::write(shots.join(format!("card-{size}.png")), png).expect("write it");
    }

    // Close gives the keyboard back to Print card.
    click(
        c,
        "//section[contains(@class, 'card-preview')]//button[normalize-space()='Close']",
    )
    .await;
    wait_js(
        c,
        "the keyboard back on Print card",
        "return !document.querySelector('.card-preview') && !!document.activeElement
           && document.activeElement.textContent.trim() === 'Print card';",
    )
    .await;

    // The code read back is an address the app opens.
    c.goto(&codes[0]).await.expect("open the scanned address");
    wait_for(c, "//h1[normalize-space()='Staging Tilly']").await;
    let _ = std::fs::remove_dir_all(&dir);
    browser.close().await;
}
