//! What the end-to-end tests share when they act and look as a person does: waiting on the
//! page, signing in, choosing in a list, waiting for the page to go quiet, the window's size,
//! and what a page must be at phone size (no sideways scroll, no id broken inside).

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::Browser;

/// Waits up to 10 s for `script` (a function body returning a boolean) to return true.
pub async fn wait_js(c: &Client, what: &str, script: &str) {
    for _ in 0..200 {
        if c.execute(script, vec![])
            .await
            .ok()
            .and_then(|v| v.as_bool())
            == Some(true)
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = c
        .execute("return document.body.innerText;", vec![])
        .await
        .unwrap_or_default();
    panic!("timed out waiting for {what}; the page says: {text}");
}

/// The form field with the id `id`, once there: the form's code arrives after the app's.
pub async fn form_field(c: &Client, id: &str) -> fantoccini::elements::Element {
    c.wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("no field #{id}: {e}"))
}

/// Sets the window's size (and whether it is a phone's, with touch).
pub async fn viewport(browser: &Browser, width: u32, height: u32, mobile: bool) {
    browser
        .cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        )
        .await;
}

/// Signs in through the dialog the page shows (found by its roles, so in any language), and
/// waits until it is gone.
pub async fn sign_in(c: &Client, key: &str) {
    crate::words::sign_in(c, key).await;
    wait_js(
        c,
        "no sign-in form",
        "return !document.querySelector('[role=dialog]');",
    )
    .await;
}

/// Signs in to the other environment in the compare page's own form, and waits for the
/// groups.
pub async fn sign_in_in_page(c: &Client, key: &str) {
    c.find(Locator::Css(".inline-sign-in input"))
        .await
        .expect("the key field")
        .send_keys(key)
        .await
        .expect("type the key");
    c.find(Locator::Css(".inline-sign-in button"))
        .await
        .expect("Sign in")
        .click()
        .await
        .expect("click");
    wait_js(
        c,
        "the groups",
        "return !!document.getElementById('in-both-same');",
    )
    .await;
}

/// Opens the import page, pastes `rows` (tab-separated, a header first), presses its check
/// button (named `check` in the page's language) and waits for `count` checked rows.
pub async fn import_checked(c: &Client, site: &str, rows: &str, check: &str, count: usize) {
    open(
        c,
        &format!("{site}pets/import?env=production"),
        "the import",
        "return !!document.getElementById('import-text');",
    )
    .await;
    c.execute(
        "const area = document.getElementById('import-text');
         area.value = arguments[0];
         area.dispatchEvent(new Event('input', {bubbles: true}));
         return true;",
        vec![rows.into()],
    )
    .await
    .expect("paste");
    click_button(c, check).await;
    wait_js(
        c,
        "the checked rows",
        &format!(
            "return document.querySelectorAll('table.import-rows tbody tr').length === {count};"
        ),
    )
    .await;
}

/// Opens the add form and presses its button (named `add` in the page's language) with
/// nothing typed, and waits for the fields' messages.
pub async fn form_with_messages(c: &Client, site: &str, add: &str) {
    open(
        c,
        &format!("{site}pets/new?env=production"),
        "the form",
        "return !!document.getElementById('pet-name');",
    )
    .await;
    click_button(c, add).await;
    wait_js(
        c,
        "the messages",
        "return !!document.querySelector('[aria-invalid=true]');",
    )
    .await;
}

/// The list's rows are drawn and nothing is loading.
pub const ROWS_SHOWN: &str = "return document.querySelectorAll('table.pets tbody tr').length > 0 \
     && document.querySelector('.rows').getAttribute('aria-busy') === 'false';";

/// Opens `url` and waits until `ready` (a script returning a boolean) holds.
pub async fn open(c: &Client, url: &str, what: &str, ready: &str) {
    c.goto(url)
        .await
        .unwrap_or_else(|e| panic!("open {what}: {e}"));
    wait_js(c, what, ready).await;
}

/// Clicks the button named `name` (in any language: the name is quoted so that an
/// apostrophe in it stays part of it).
pub async fn click_button(c: &Client, name: &str) {
    crate::click(c, &format!("//button[normalize-space()=\"{name}\"]")).await;
}

/// Fails when the page is wider than the window (it would scroll sideways), naming the
/// elements that reach past its right edge.
pub async fn no_sideways_scroll(c: &Client, what: &str) {
    let sizes: Value = c
        .execute(
            "const root = document.documentElement;
             const wide = Array.from(document.querySelectorAll('body *'))
               .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 0.5)
               .slice(-5)
               .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className
                 + ' ' + Math.round(e.getBoundingClientRect().right));
             return [root.scrollWidth, root.clientWidth, wide];",
            vec![],
        )
        .await
        .expect("measure the page");
    assert!(
        sizes[0].as_f64() <= sizes[1].as_f64(),
        "{what} scroll sideways: [scroll width, width, what reaches past] {sizes}"
    );
}

/// With every disclosure of the page opened (`<details>`): the page does not
/// scroll sideways and no long number (an id, a category) is broken across lines. Returns how
/// many long numbers were on the page, so a caller can say there had to be some.
pub async fn fits_the_window(c: &Client, what: &str) -> usize {
    let opened: Value = c
        .execute(
            "const all = document.querySelectorAll('details');
             all.forEach((d) => { d.open = true; });
             return all.length;",
            vec![],
        )
        .await
        .expect("open the disclosures");
    let what = format!("{what} ({opened} disclosures open)");
    no_sideways_scroll(c, &what).await;
    // Each run of six digits or more in the page's text, and the lines its boxes sit on.
    let found: Value = c
        .execute(
            "const found = { count: 0, broken: [] };
             const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
             for (let n = walk.nextNode(); n; n = walk.nextNode()) {
               for (const m of n.data.matchAll(/\\d{6,}/g)) {
                 const range = document.createRange();
                 range.setStart(n, m.index);
                 range.setEnd(n, m.index + m[0].length);
                 const boxes = Array.from(range.getClientRects()).filter((r) => r.width > 0);
                 if (boxes.length === 0) continue;
                 found.count += 1;
                 const lines = new Set(boxes.map((r) => Math.round(r.top)));
                 if (lines.size > 1) {
                   found.broken.push(m[0] + ' on ' + lines.size + ' lines in '
                     + n.parentElement.outerHTML.slice(0, 120));
                 }
               }
             }
             return found;",
            vec![],
        )
        .await
        .expect("find the long numbers");
    assert_eq!(
        found["broken"],
        json!([]),
        "{what}: numbers broken across lines"
    );
    found["count"].as_u64().unwrap_or_default() as usize
}

/// Chooses `value` in the `<select>` with the id `id`.
pub async fn choose(c: &Client, id: &str, value: &str) {
    let select = crate::find_shown(c, Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"));
    select
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("choose {value} in #{id}: {e}"));
}

/// Waits (up to 20 s) until the page has fetched nothing new for a second, as a person would
/// before leaving it: leaving a page while its idle moments still fetch other pages' code
/// aborts those downloads, and Firefox and WebKit then log the loader's "fetch failed" as
/// console errors (harmless, but not what a person sees).
pub async fn network_quiet(c: &Client) {
    let count = "return performance.getEntriesByType('resource').length;";
    let mut last = (u64::MAX, tokio::time::Instant::now());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while tokio::time::Instant::now() < deadline {
        let now = c.execute(count, vec![]).await.ok().and_then(|v| v.as_u64());
        let now = now.unwrap_or(u64::MAX - 1);
        if now != last.0 {
            last = (now, tokio::time::Instant::now());
        } else if last.1.elapsed() >= Duration::from_secs(1) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the page kept fetching for 20 s");
}

/// axe-core's source (installed from npm by scripts/test.sh), to inject into a page.
pub fn axe_source() -> String {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../.tools/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (scripts/test.sh installs axe-core)",
            path.display()
        )
    })
}

/// axe-core's violations on the page as it is, one line each.
pub async fn violations(c: &Client, axe: &str) -> Vec<String> {
    c.execute(&format!("{axe}; return true;"), vec![])
        .await
        .expect("inject axe-core");
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] })
               .then((r) => done(r.violations.map((v) => v.id + ' (' + v.impact + '): '
                 + v.nodes.map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '')).join(' | '))))
               .catch((e) => done(['axe failed: ' + e]));",
            vec![],
        )
        .await
        .expect("run axe-core");
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
