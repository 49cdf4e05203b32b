//! The start frame (index.html): the header and "Loading pets…" are in the HTML itself, shown
//! with JavaScript off, put in the address's environment and the device's language before the
//! app starts, and replaced by the app's first page without a layout shift.

use petstore_e2e::words::Words;
use petstore_e2e::{serve_release, start_service, wait_for, Browser};
use serde_json::{json, Value};

/// The frame's part of the page, as a script reads it: `[header class, badge, loading line,
/// page language, visibility, the tab's colour]`, or `null` once the frame is gone.
const FRAME: &str = "const f = document.getElementById('start-frame');
    return f && [f.querySelector('header').className, f.querySelector('.env-badge').textContent,
                 f.querySelector('.loading').textContent, document.documentElement.lang,
                 getComputedStyle(f).visibility,
                 document.querySelector('meta[name=theme-color]').content];";

#[tokio::test(flavor = "multi_thread")]
async fn the_frame_is_in_the_html_and_the_app_takes_its_place_without_a_shift() {
    let (service, config) = start_service().await;
    let site = serve_release(&service, config).await;
    let en = Words::of("en");
    let es = Words::of("es");

    // The HTML as served, before any script: the header with the app's name, and the loading
    // line, in English (the catalogue's words).
    let browser = Browser::start().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=staging"))
        .await
        .expect("open");
    let html: String = c
        .execute("return fetch('/').then((r) => r.text());", vec![])
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .expect("index.html");
    for words in [
        en.say("app_name"),
        en.say("loading_pets"),
        en.say("nav_pets"),
    ] {
        assert!(html.contains(&words), "index.html lacks {words:?}");
    }
    assert!(
        html.contains("id=\"start-frame\""),
        "no start frame in index.html"
    );
    // An installed app's window starts in production's colour too, before the page says more.
    let manifest: Value = c
        .execute(
            "return fetch('/manifest.webmanifest').then((r) => r.json());",
            vec![],
        )
        .await
        .expect("the manifest");
    assert_eq!(manifest["theme_color"], json!("#b42318"), "{manifest}");

    // With JavaScript off: the frame, in English and production's colour, and a line saying
    // the app needs JavaScript.
    browser
        .cdp(
            "Emulation.setScriptExecutionDisabled",
            json!({ "value": true }),
        )
        .await;
    c.goto(&format!("{site}pets?env=staging"))
        .await
        .expect("open");
    let shown: Value = c
        .execute(
            "const f = document.getElementById('start-frame');
             return [f.querySelector('header').innerText, f.querySelector('.loading').innerText,
                     f.querySelector('.loading').getBoundingClientRect().height > 0,
                     document.querySelector('meta[name=theme-color]').content,
                     f.querySelector('noscript [role=alert]')?.innerText];",
            vec![],
        )
        .await
        .expect("read the frame");
    let header = shown[0].as_str().unwrap_or_default();
    assert!(header.contains(&en.say("app_name")), "{shown}");
    assert_eq!(
        shown[1].as_str(),
        Some(en.say("loading_pets").as_str()),
        "{shown}"
    );
    assert_eq!(
        shown[2],
        json!(true),
        "the loading line is not drawn: {shown}"
    );
    assert_eq!(
        shown[3],
        json!("#b42318"),
        "not production's colour: {shown}"
    );
    assert!(
        shown[4]
            .as_str()
            .is_some_and(|t| t.starts_with("Pet Store Admin needs JavaScript.")),
        "nothing says JavaScript is needed: {shown}"
    );
    browser.close().await;

    // A Spanish tablet on a staging link, signed in: when the page's scripts begin, the frame
    // is already in staging's colour and in Spanish; then the app's rows replace it, and
    // nothing on the page moved.
    let browser = Browser::start_with_args(&["--lang=es-MX", "--accept-lang=es-MX,es"]).await;
    // A tablet's scrollbars float over the page: a desktop's classic one, appearing as the
    // rows make the page taller, would move everything 15 px whatever the frame does.
    browser
        .cdp("Emulation.setScrollbarsHidden", json!({ "hidden": true }))
        .await;
    browser
        .on_every_load(&format!(
            r#"sessionStorage.setItem("petstore-admin.api-key.staging", "dev-staging-key");
            window.__shifts = [];
            new PerformanceObserver((list) => {{
              // Each shift with what moved, for the message should there be one.
              for (const e of list.getEntries()) if (!e.hadRecentInput) {{
                window.__shifts.push([e.startTime, e.value, e.sources.map((s) => [
                  s.node && (s.node.outerHTML || s.node.textContent || "").slice(0, 120),
                  s.previousRect, s.currentRect])]);
              }}
            }}).observe({{ type: "layout-shift", buffered: true }});
            document.addEventListener("DOMContentLoaded", () => {{
              window.__frame = (() => {{ {FRAME} }})();
            }});
            // The headers each frame paints, once the page is read, until the rows are in:
            // never the frame's and the app's together, never neither.
            window.__headers = [];
            // And the frame-time after the app's first painted frame (the first without the
            // start frame): the app's first render's shifts are the ones before it.
            window.__afterFirst = null;
            let gone = false;
            const sample = () => {{
              if (document.readyState !== "loading") {{
                window.__headers.push(document.querySelectorAll("header").length);
              }}
              if (gone && window.__afterFirst === null) window.__afterFirst = performance.now();
              gone = document.readyState !== "loading" && !document.getElementById("start-frame");
              if (!document.querySelector("table tbody tr") || window.__afterFirst === null) {{
                requestAnimationFrame(sample);
              }}
            }};
            requestAnimationFrame(sample);"#
        ))
        .await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=staging"))
        .await
        .expect("open");
    wait_for(c, "//table//tbody/tr[5]").await;
    let before: Value = c
        .execute("return window.__frame;", vec![])
        .await
        .expect("the frame at start");
    assert_eq!(
        before,
        json!([
            "app-header env-staging",
            es.say("staging"),
            es.say("loading_pets"),
            "es",
            "visible",
            "#0b6b73"
        ]),
        "the frame as the page's scripts began (read to its end, so shown)"
    );
    let after: Value = c.execute(FRAME, vec![]).await.expect("the frame after");
    assert_eq!(after, Value::Null, "the frame stays beside the app");
    let painted: Value = c
        .execute("return window.__headers;", vec![])
        .await
        .expect("the headers painted");
    let counts = painted.as_array().cloned().unwrap_or_default();
    assert!(
        !counts.is_empty() && counts.iter().all(|n| *n == json!(1)),
        "headers in each painted frame: {painted}"
    );
    // Once the age line is in, a moment after the rows, every shift of the start has been
    // reported.
    wait_for(c, "//*[contains(@class, 'freshness')]").await;
    let gutter: Value = c
        .execute(
            "return innerWidth - document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .expect("the scrollbar's width");
    assert_eq!(gutter, json!(0), "a scrollbar takes room from the page");
    let shift: Value = c
        .execute(
            "return window.__afterFirst === null ? null : window.__shifts
               .filter((e) => e[0] < window.__afterFirst).reduce((sum, e) => sum + e[1], 0);",
            vec![],
        )
        .await
        .expect("layout shift");
    let shifts = c
        .execute("return JSON.stringify(window.__shifts);", vec![])
        .await
        .unwrap_or_default();
    assert_eq!(
        shift.as_f64(),
        Some(0.0),
        "layout shift up to the app's first painted frame: {shifts}"
    );
    browser.close().await;
}
