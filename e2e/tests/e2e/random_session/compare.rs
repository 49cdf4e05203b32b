//! The compare page in a session: opening it, signing in to the other environment in the
//! page, narrowing it by status, copying chosen pets; and what it must show afterwards.

use std::sync::atomic::Ordering;
use std::time::Duration;

use fantoccini::Client;
use petstore_dev_service::control::Mode;
use petstore_dev_service::store::Pet;

use super::model::{query, url_env, Model, ENVS};
use super::page::{self, Snapshot};
use super::steps::{Rng, Step};

/// Draws a compare step (a stream of its own, so the other streams stay as they were).
pub fn draw_compare(rng: &mut Rng) -> Step {
    match rng.below(9) {
        0 | 1 => Step::OpenCompare,
        2 => Step::SignInInPage,
        3 => Step::Status(["", "available", "sold"][rng.below(3)]),
        8 => Step::CloseCopy,
        from => Step::CopyPets(from % 2, 1 + rng.below(2)),
    }
}

/// Signs in to the environment that is not current, in the compare page's own form.
pub async fn sign_in_in_page(c: &Client, model: &mut Model, snap: &Snapshot) {
    let Some(env) = url_env(snap) else { return };
    let other = 1 - env;
    if snap.dialog || !snap.path.ends_with("/compare") {
        return;
    }
    let key = model.service_key[other].clone();
    let w = snap.words();
    let label = w.fill("api_key_for", &[("environment", &w.say(ENVS[other]))]);
    if page::type_into(c, &label, &key).await
        && page::click(c, "//*[contains(@class,'inline-sign-in')]//button").await
    {
        model.app_key[other] = Some(key);
    }
}

/// Opens the compare page if it is not shown, and signs in there to the other environment if
/// it asks (with the key the service takes), as a manager about to copy does; the page as it
/// then is.
async fn ready_to_copy(c: &Client, model: &mut Model, snap: &Snapshot) -> Snapshot {
    let settled = |s: &Snapshot| {
        s.path.ends_with("/compare")
            && !s.busy
            && (s.text.contains(&s.words().part("compared_counts"))
                || s.text.contains(&s.words().part("sign_in_to_compare"))
                || !s.alerts.is_empty())
    };
    if !snap.path.ends_with("/compare") {
        page::nav(c, "Compare").await;
    }
    let (_, mut now) = page::wait_for(c, Duration::from_secs(5), settled).await;
    if now.text.contains(&now.words().part("api_key_for")) {
        sign_in_in_page(c, model, &now).await;
        now = page::wait_for(c, Duration::from_secs(5), |s| {
            s.text.contains(&s.words().part("compared_counts")) || !s.alerts.is_empty()
        })
        .await
        .1;
    }
    now
}

/// Chooses up to `n` pets only `from` holds (opening the page and signing in there first if
/// need be), presses Copy, confirms a copy into production and starts it. Each chosen pet
/// counts as a create that may or may not happen in the other.
pub async fn copy_pets(c: &Client, model: &mut Model, snap: &Snapshot, from: usize, n: usize) {
    if snap.dialog {
        return;
    }
    let snap = ready_to_copy(c, model, snap).await;
    if snap.dialog || !snap.path.ends_with("/compare") {
        return;
    }
    let to = 1 - from;
    let section = format!("//section[@aria-labelledby='only-{}']", ENVS[from]);
    const CHOOSE: &str =
        "const boxes = document.evaluate(arguments[0] + \"//input[@type='checkbox']\",
        document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      const names = [];
      for (let i = 0; i < boxes.snapshotLength && names.length < arguments[1]; i++) {
        const box = boxes.snapshotItem(i);
        box.click();
        if (box.checked) {
          names.push(box.closest('tr').querySelector('a').textContent.trim());
        }
      }
      return names;";
    let chosen = c
        .execute(CHOOSE, vec![section.clone().into(), n.into()])
        .await
        .ok()
        .and_then(|v| serde_json::from_value::<Vec<String>>(v).ok())
        .unwrap_or_default();
    if chosen.is_empty() {
        return;
    }
    // The copy button: the group's one main button.
    let copy = format!(
        "{section}//div[@class='import-actions']/button[not(contains(@class,'secondary'))]"
    );
    if !page::click(c, &copy).await || !page::wait_for_button(c, "Start copy").await {
        return;
    }
    if to == 0 {
        page::confirm_production(c).await;
    }
    if page::button(c, "Start copy").await {
        model.copies_started += chosen.len();
        for name in chosen {
            model.allow(to, name, false);
        }
    }
}

/// The pets of `env` the compare page's reads reach (each status's first 100 and the first 100
/// of all, merged by id), with the pets this device created there that a full read may have
/// left out, which the page takes in.
fn read_side(model: &Model, env: usize) -> Vec<Pet> {
    const KNOWN: [&str; 3] = ["available", "pending", "sold"];
    let pets = model.pets(env);
    let mut read: Vec<Pet> = Vec::new();
    let mut full: Vec<Option<&str>> = Vec::new();
    for status in [Some("available"), Some("pending"), Some("sold"), None] {
        let of: Vec<&Pet> = pets
            .iter()
            .filter(|p| status.is_none() || p.status.as_deref() == status)
            .take(100)
            .collect();
        if of.len() >= 100 {
            full.push(status);
        }
        for p in of {
            if !read.iter().any(|r| r.id == p.id) {
                read.push(p.clone());
            }
        }
    }
    let may_miss = |s: Option<&str>| {
        full.contains(&None) && s.is_none_or(|s| !KNOWN.contains(&s) || full.contains(&Some(s)))
    };
    for p in &pets {
        let unread = !read.iter().any(|r| r.id == p.id);
        if unread && may_miss(p.status.as_deref()) && model.created_here(env, p) {
            read.push(p.clone());
        }
    }
    read
}

fn key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The groups' headings with their counts, as the page should say them (in its language), from
/// what the service holds.
fn expected(model: &Model, snap: &Snapshot) -> [String; 5] {
    let status = query(&snap.search, "status").filter(|s| !s.is_empty());
    let search = key(&query(&snap.search, "q").unwrap_or_default());
    let keeps = |p: &Pet| {
        key(&p.name).contains(&search)
            && status.as_ref().is_none_or(|s| p.status.as_ref() == Some(s))
    };
    let (staging, production) = (read_side(model, 1), read_side(model, 0));
    let mut names: Vec<String> = staging
        .iter()
        .chain(&production)
        .map(|p| key(&p.name))
        .collect();
    names.sort();
    names.dedup();
    let mut counts = [0usize; 5];
    for name in names {
        let s: Vec<&Pet> = staging.iter().filter(|p| key(&p.name) == name).collect();
        let p: Vec<&Pet> = production.iter().filter(|p| key(&p.name) == name).collect();
        if !s.iter().chain(&p).any(|x| keeps(x)) {
            continue;
        }
        let group = match (s.as_slice(), p.as_slice()) {
            ([_], []) => 0,
            ([], [_]) => 1,
            ([a], [b]) if a.category_id != b.category_id || a.status != b.status => 2,
            ([_], [_]) => 4,
            _ => 3,
        };
        counts[group] += 1;
    }
    let w = snap.words();
    let only = |env: &str, n: usize| w.count("only_in", n, &[("environment", &w.say(env))]);
    let said = |key: &str, n: usize| w.fill(key, &[("count", &n.to_string())]);
    [
        only("staging", counts[0]),
        only("production", counts[1]),
        said("in_both_different", counts[2]),
        said("ambiguous_names", counts[3]),
        said("same_in_both", counts[4]),
    ]
}

/// On the compare page, with both keys good, both deployments healthy and no copy left
/// half-done, every group's count is what the service holds.
pub fn matches_service(model: &Model, snap: &Snapshot) -> Result<(), String> {
    let w = snap.words();
    if !snap.path.ends_with("/compare") || !snap.text.contains(&w.part("compared_counts")) {
        return Ok(());
    }
    let usable = (0..2).all(|e| {
        model.app_key[e].as_deref() == Some(model.service_key[e].as_str())
            && !model.refused(e, &model.service_key[e])
            && matches!(model.mode[e], Mode::Normal | Mode::Slow(_))
            && !model.busy_pending(e)
    });
    let copy_open =
        snap.text.contains(&w.part("copy_from_to")) && !snap.text.contains(&w.say("run_done"));
    // Another manager's change after the page read is shown on Refresh, not before.
    let read_before_a_change = snap.read_at.is_some_and(|at| at < model.changed_at);
    if !usable
        || copy_open
        || read_before_a_change
        || snap.text.contains(&w.part("offline_as_it_was"))
        || snap.text.contains(&w.part("unreachable_as_it_was"))
        || !snap.alerts.is_empty()
    {
        return Ok(());
    }
    for said in expected(model, snap) {
        if !snap.text.contains(&said) {
            return Err(format!("the compare page does not say {said:?}"));
        }
    }
    model.compares_checked.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

/// Performs a compare step.
pub async fn perform(c: &Client, model: &mut Model, step: &Step, snap: &Snapshot) {
    match step {
        Step::OpenCompare => {
            page::nav(c, "Compare").await;
        }
        Step::SignInInPage => sign_in_in_page(c, model, snap).await,
        Step::CopyPets(from, n) => copy_pets(c, model, snap, *from, *n).await,
        Step::CloseCopy => model.closed_copy = page::button(c, "Close").await,
        _ => {}
    }
}
