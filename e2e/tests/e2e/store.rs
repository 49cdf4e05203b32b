//! The Store page on the release build in headless Chromium: a chart's segment, clicked for
//! real, opens the list with its category and status in the same tab (the router follows it;
//! the page is not loaded again); and Print gives the chart and its table on one A4 page and
//! one Letter page, named by the environment and the time read, without the page's buttons or
//! the pets added lately; and under a sub-path (`/admin/`) the segment's list is the sub-path's.

use std::process::Command;

use base64::Engine;
use fantoccini::Locator;
use petstore_dev_service::Config;
use petstore_e2e::look::{sign_in, wait_js};
use petstore_e2e::worker::{deploy, site_folder};
use petstore_e2e::{
    csp, dist_dir, serve_release, serve_site_with, start_service, start_service_with_registry,
    Browser, SiteLog,
};
use serde_json::{json, Value};

const TABLE_SHOWN: &str = "return !!document.querySelector('table.store-table tbody tr');";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_segment_opens_the_list_filtered_and_print_fits_one_page_a4_and_letter() {
    let (service, config, _) = start_service_with_registry(Config::default()).await;
    let site = serve_release(&service, config).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("{site}store?env=production"))
        .await
        .expect("open");
    sign_in(c, "dev-production-key").await;
    wait_js(c, "the store's table", TABLE_SHOWN).await;

    // Printed at A4 and at Letter: one page each, the figures and what they are.
    let dir = std::env::temp_dir().join(format!("petstore-store-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder for the PDFs");
    for (paper, width, height) in [("A4", 8.27, 11.69), ("Letter", 8.5, 11.0)] {
        let printed = browser
            .cdp(
                "Page.printToPDF",
                json!({ "paperWidth": width, "paperHeight": height, "printBackground": true }),
            )
            .await;
        let pdf = base64::engine::general_purpose::STANDARD
            .decode(printed["data"].as_str().expect("the PDF"))
            .expect("base64");
        let path = dir.join(format!("store-{paper}.pdf"));
        std::fs::write(&path, pdf).expect("write the PDF");
        let info = Command::new("pdfinfo")
            .arg(&path)
            .output()
            .expect("pdfinfo");
        let info = String::from_utf8_lossy(&info.stdout).into_owned();
        assert!(
            info.lines()
                .any(|l| l.starts_with("Pages:") && l.trim_end().ends_with(" 1")),
            "{paper}: {info}"
        );
        let text = Command::new("pdftotext")
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext");
        let text = String::from_utf8_lossy(&text.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for wanted in [
            "Production, read on",
            "Pets by category and status",
            "Pets by status",
        ] {
            assert!(text.contains(wanted), "{paper} says {wanted}: {text}");
        }
        for unwanted in ["Added on this device", "Refresh", "Print", "Menu"] {
            assert!(!text.contains(unwanted), "{paper} says {unwanted}: {text}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);

    // A segment of the first bar, clicked: the list of its category and status.
    let loaded: Value = c
        .execute("return performance.timeOrigin;", vec![])
        .await
        .expect("the page's start");
    let segment = c
        .find(Locator::Css(".store-bar svg.bar a"))
        .await
        .expect("a segment");
    let label = segment
        .attr("aria-label")
        .await
        .expect("its name")
        .unwrap_or_default();
    assert!(label.starts_with("Category 1, available: "), "{label}");
    segment.click().await.expect("click the segment");
    wait_js(
        c,
        "the list of that category and status",
        "return location.pathname.endsWith('/pets')
           && location.search.includes('category=1')
           && location.search.includes('status=available')
           && document.querySelectorAll('table.pets tbody tr').length > 0;",
    )
    .await;
    let now: Value = c
        .execute("return performance.timeOrigin;", vec![])
        .await
        .expect("the page's start");
    assert_eq!(now, loaded, "the click loaded the page anew");
    let rows: Value = c
        .execute(
            "return Array.from(document.querySelectorAll('table.pets tbody tr'))
               .map((tr) => Array.from(tr.cells).map((td) => td.textContent.trim()));",
            vec![],
        )
        .await
        .expect("the rows");
    for row in rows.as_array().cloned().unwrap_or_default() {
        assert_eq!(row[2], "1", "a row of another category: {row}");
        assert!(
            row[3].as_str().unwrap_or_default().starts_with("available"),
            "{row}"
        );
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_a_sub_path_a_segment_opens_the_list_under_the_same_path() {
    let (service, config) = start_service().await;
    let folder = site_folder("store-admin");
    deploy(
        &dist_dir("PETSTORE_DIST_ADMIN", "target/dist-admin"),
        &folder,
    );
    let site = serve_site_with(
        &folder,
        "/admin/",
        config,
        &csp(&service),
        SiteLog::default(),
    )
    .await;
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}store?env=production"))
        .await
        .expect("open");
    wait_js(c, "the store's table", TABLE_SHOWN).await;
    c.find(Locator::Css(".store-bar svg.bar a"))
        .await
        .expect("a segment")
        .click()
        .await
        .expect("click the segment");
    wait_js(
        c,
        "the list under /admin/",
        "return location.pathname === '/admin/pets'
           && location.search.includes('category=1')
           && document.querySelectorAll('table.pets tbody tr').length > 0;",
    )
    .await;
    browser.close().await;
}
