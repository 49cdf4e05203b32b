//! The bulk steps of a session: an export checked against the rows shown, an import of two
//! rows.

use std::time::Duration;

use fantoccini::Client;
use petstore_dev_service::control::Mode;

use super::model::Model;
use super::page;

/// Exports CSV (caught before it reaches the disk) and checks it holds the rows shown.
pub async fn export_matches_rows(c: &Client, snap: &page::Snapshot) -> Result<(), String> {
    const CATCH: &str = "window.__csv = null;
        HTMLAnchorElement.prototype.click = function () { window.__csvName = this.download; };
        const create = URL.createObjectURL;
        URL.createObjectURL = (blob) => { blob.text().then((t) => { window.__csv = t; }); return create(blob); };";
    c.execute(CATCH, vec![]).await.map_err(|e| e.to_string())?;
    if !page::button(c, "Export CSV").await {
        return Err("no Export CSV button beside the rows".into());
    }
    for _ in 0..50 {
        let text = c
            .execute("return window.__csv;", vec![])
            .await
            .map_err(|e| e.to_string())?;
        if let Some(csv) = text.as_str() {
            let lines: Vec<&str> = csv.lines().skip(1).collect();
            if lines.len() != snap.rows.len() {
                return Err(format!(
                    "the CSV has {} rows, the page {}",
                    lines.len(),
                    snap.rows.len()
                ));
            }
            for (line, row) in lines.iter().zip(&snap.rows) {
                if !line.starts_with(&format!("{},", row[0])) {
                    return Err(format!("CSV line {line:?} for row {row:?}"));
                }
            }
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("no CSV was made".into())
}

/// Imports two rows from the list page: the Import link, paste, check, confirm in
/// production, start. Each row counts as an Add that may or may not succeed.
pub async fn import(c: &Client, model: &mut Model, snap: &page::Snapshot, env: usize, tag: &str) {
    if !open_import(c, snap).await {
        return;
    }
    let names = [format!("Rnd imp {tag} a"), format!("Rnd imp {tag} b")];
    let text = format!("name\tcategoryId\n{}\t1\n{}\t2\n", names[0], names[1]);
    if run_rows(c, env, &text).await {
        allow(model, env, &names);
    }
}

/// Imports a row and an invalid one from the list page, then fixes the invalid row in the
/// same box and runs the rows again: only the fixed row may be sent (the other was created,
/// or may have been, by the first run, unless the service refused it).
pub async fn import_fixed(
    c: &Client,
    model: &mut Model,
    snap: &page::Snapshot,
    env: usize,
    tag: &str,
) {
    if !open_import(c, snap).await {
        return;
    }
    let names = [format!("Rnd fix {tag} a"), format!("Rnd fix {tag} b")];
    let first = format!("name\tcategoryId\n{}\t1\n{}\tx\n", names[0], names[1]);
    if !run_rows(c, env, &first).await {
        return;
    }
    allow(model, env, &names[..1]);
    // Checked again at once, whether or not the first row's answer is in: a row on its way
    // counts as a pet that may exist.
    let fixed = format!("name\tcategoryId\n{}\t1\n{}\t2\n", names[0], names[1]);
    if run_rows(c, env, &fixed).await {
        // The first row may go again only if the service refused it the first time; the
        // service holding it twice is caught by the invariants whatever this allows.
        allow(model, env, &names);
        model.imports_fixed += 1;
    }
}

/// What happens while an import's rows are on their way.
#[derive(Clone, Copy, Debug)]
pub enum MidRun {
    /// Check rows is pressed (it is off meanwhile: it would draw the rows anew under them).
    CheckRows,
    /// The page is left and come back to; the rows are checked and the rest started.
    Leave,
    /// The service fails the second create (a 503): the run pauses at once; Resume sends the
    /// rest.
    ServiceFails,
}

/// Imports three rows from the list page into a service slowed for the step (each answer
/// 1.5 s later) or failing once, and while rows are on their way does `what`. Each row may be
/// created once: the invariants count them.
pub async fn import_mid_run(
    c: &Client,
    model: &mut Model,
    snap: &page::Snapshot,
    env: usize,
    tag: &str,
    what: MidRun,
) {
    if !matches!(model.mode[env], Mode::Normal) || model.busy_pending(env) {
        return;
    }
    if !open_import(c, snap).await {
        return;
    }
    let names = ["a", "b", "c"].map(|n| format!("Rnd mid {tag} {n}"));
    let text = format!(
        "name\tcategoryId\n{}\t1\n{}\t2\n{}\t3\n",
        names[0], names[1], names[2]
    );
    let writes = model.writes(env);
    let mode = match what {
        MidRun::ServiceFails => Mode::Error503At(2),
        _ => Mode::Slow(Duration::from_millis(1500)),
    };
    model.deployment(env).set_mode(mode);
    model.mode[env] = Mode::Slow(Duration::ZERO);
    if run_rows(c, env, &text).await {
        allow(model, env, &names);
        // Until a row is on its way (the service took it in).
        for _ in 0..100 {
            if model.writes(env) > writes {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if let MidRun::ServiceFails = what {
            // Paused at once, the failed row perhaps created; Resume sends the rest.
            let paused = page::wait_for(c, Duration::from_secs(10), |s| {
                s.text.contains(&s.words().part("run_paused_failed"))
            })
            .await
            .0;
            // Resume is on once the row beside the failed one is answered.
            let resume = format!(
                "//button[normalize-space()=\"{}\"][not(@disabled)]",
                page::say(c, "Resume").await
            );
            for _ in 0..100 {
                if !paused || page::has_xpath(c, &resume).await {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            if paused {
                page::button(c, "Resume").await;
            }
        } else if let MidRun::Leave = what {
            page::nav(c, "Pets").await;
            let (_, list) =
                page::wait_for(c, Duration::from_secs(5), |s| s.path.ends_with("/pets")).await;
            if open_import(c, &list).await {
                // Check rows is off until the rows on their way are answered.
                let enabled = format!(
                    "//button[normalize-space()=\"{}\"][not(@disabled)]",
                    page::say(c, "Check rows").await
                );
                for _ in 0..200 {
                    if page::has_xpath(c, &enabled).await {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                if page::button(c, "Check rows").await {
                    if env == 0 {
                        page::confirm_production(c).await;
                    }
                    page::button(c, "Start import").await;
                }
            }
        } else {
            page::button(c, "Check rows").await;
        }
        model.mid_runs += 1;
    }
    model.deployment(env).set_mode(Mode::Normal);
    model.mode[env] = Mode::Normal;
}

/// Follows the list page's Import link, if the list is shown.
async fn open_import(c: &Client, snap: &page::Snapshot) -> bool {
    if snap.dialog || !snap.path.ends_with("/pets") {
        return false;
    }
    let link = format!(
        "//main//a[normalize-space()=\"{}\"]",
        page::say(c, "Import").await
    );
    page::click(c, &link).await
}

/// Pastes `text` into the box, checks the rows, confirms in production and presses Start;
/// whether Start was pressed.
async fn run_rows(c: &Client, env: usize, text: &str) -> bool {
    let paste = "const area = document.getElementById('import-text'); if (!area) return false; \
                 area.value = arguments[0]; area.dispatchEvent(new Event('input', {bubbles: true})); return true;";
    for _ in 0..40 {
        let done = c.execute(paste, vec![text.into()]).await.ok();
        if done.and_then(|v| v.as_bool()) == Some(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if !page::button(c, "Check rows").await {
        return false;
    }
    if env == 0 {
        page::confirm_production(c).await;
    }
    page::button(c, "Start import").await
}

/// Each of `names` may now be created once in `env`.
fn allow(model: &mut Model, env: usize, names: &[String]) {
    for name in names {
        model.allow(env, name.clone(), false);
    }
}
