//! A read again of the list on screen (the live list's refresh): the time from its answer's
//! last byte (resource timing's `responseEnd`) to the table drawn (the age line's time
//! changed, seen by a `MutationObserver`), for 100 unchanged rows and for 100 rows of which 3
//! changed status on the service; and what changed under the table's body meanwhile (rows
//! added or removed, attributes and text rewritten). The page is served with
//! `refreshSeconds` 0, so only its Refresh button reads again.

use std::sync::Arc;

use petstore_dev_service::control::{Registry, MAIN};
use petstore_e2e::Browser;
use serde_json::Value;

use crate::timing::stats;

/// Presses Refresh and answers when the new read is drawn: the time since its answer and
/// the changes under the table's body.
const REFRESH: &str = r#"
const done = arguments[0];
const body = document.querySelector("table tbody");
const time = document.querySelector(".freshness time");
const before = time.getAttribute("datetime");
const seen = { rows: 0, attributes: 0, text: 0 };
const rows = new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "childList") seen.rows += r.target === body ? r.removedNodes.length : 0;
    else if (r.type === "attributes") seen.attributes += 1;
    else seen.text += 1;
  }
});
rows.observe(body, { childList: true, subtree: true, attributes: true, characterData: true });
performance.clearResourceTimings();
const drawn = new MutationObserver(() => {
  if (time.getAttribute("datetime") === before) return;
  const end = performance.now();
  drawn.disconnect();
  // The rows' own records are delivered with the same batch: read them a task later.
  setTimeout(() => {
    rows.disconnect();
    const answer = performance.getEntriesByType("resource").filter((e) => e.name.includes("/pets?")).pop();
    done({ ms: answer ? end - answer.responseEnd : -1, ...seen });
  }, 0);
});
drawn.observe(time, { attributes: true });
Array.from(document.querySelectorAll("button")).find((b) => b.textContent.trim() === "Refresh").click();
"#;

/// Runs `runs` refreshes of each kind on the build served at `site` and prints the figures.
pub async fn report(name: &str, site: &str, registry: &Arc<Registry>, runs: usize) {
    let production = registry.deployment(MAIN, "production").expect("production");
    let browser = Browser::signed_in().await;
    let c = &browser.client;
    c.goto(&format!("{site}pets?env=production&limit=100"))
        .await
        .expect("open the list");
    petstore_e2e::wait_for(c, "//table//tbody/tr[100]").await;
    // The age line comes with the live list's code, after the rows.
    petstore_e2e::wait_for(c, "//p[contains(@class, 'freshness')]/time").await;
    let statuses = ["available", "pending", "sold"];
    let (mut unchanged, mut changed) = (Vec::new(), Vec::new());
    let mut worst = [[0.0f64; 3]; 2];
    for run in 0..runs * 2 {
        let changes = run % 2 == 1;
        if changes {
            // Three pets of the hundred shown change status behind the page's back.
            let pets = production.pets();
            for (i, pet) in pets
                .iter()
                .take(100)
                .skip(run % 90)
                .step_by(7)
                .take(3)
                .enumerate()
            {
                let status = statuses[(run + i) % 3];
                let status = match pet.status.as_deref() == Some(status) {
                    true => statuses[(run + i + 1) % 3],
                    false => status,
                };
                production.set_status(pet.id, Some(status.to_owned()));
            }
        }
        let seen: Value = c
            .execute_async(REFRESH, vec![])
            .await
            .expect("refresh the list");
        let ms = seen["ms"].as_f64().unwrap_or(-1.0);
        let counts = ["rows", "attributes", "text"].map(|k| seen[k].as_f64().unwrap_or(-1.0));
        let kind = usize::from(changes);
        for (worst, count) in worst[kind].iter_mut().zip(counts) {
            *worst = worst.max(count);
        }
        match changes {
            true => changed.push(ms),
            false => unchanged.push(ms),
        }
    }
    browser.close().await;
    println!(
        "\n{name}: a read again of 100 rows (Refresh), {runs} of each: from the answer to the \
         rows drawn, median (min–max); the most DOM changes under the table's body in one"
    );
    for (label, values, worst) in [
        ("100 unchanged rows", unchanged, worst[0]),
        ("3 of 100 changed", changed, worst[1]),
    ] {
        let (median, min, max) = stats(values);
        println!(
            "{label:<26} {median:>6.1} ms ({min:.1}–{max:.1})   rows replaced {:.0}, \
             attributes {:.0}, text {:.0}",
            worst[0], worst[1], worst[2]
        );
    }
}
