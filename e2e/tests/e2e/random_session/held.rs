//! A pet held before it is sent, ended each way a manager can: Undo, Send now after leaving
//! the form, a switch of environment answered each way (Stay, then Undo), and Sign out
//! everywhere. The
//! session's hold is long, so each step ends its own hold and no outcome races the timer
//! (the time running out is the browser tests').

use std::time::Duration;

use fantoccini::Client;

use super::model::{Model, ENVS};
use super::page::{self, within, Snapshot};
use super::steps::{fill_new, held, Rng, Step};

/// How a held pet's moment ends.
#[derive(Clone, Copy, Debug)]
pub enum HeldEnd {
    /// Undo: nothing sent, the form as typed.
    Undo,
    /// The list opened meanwhile, and Send now pressed there.
    SendFromList,
    /// The environment switched: asked first, then `true` sends it now, `false` keeps it as
    /// a draft.
    Switch(bool),
    /// The environment switched, asked first, and Stay answered: the switch not done (the
    /// invariants hold the address to its environment), the pet still held; then Undo.
    SwitchThenStay,
    /// Sign out everywhere, everything forgotten: nothing sent.
    SignOutEverywhere,
}

/// Draws how the next held pet's moment ends.
pub fn draw(rng: &mut Rng) -> Step {
    Step::AddHeld(match rng.below(6) {
        0 => HeldEnd::Undo,
        1 => HeldEnd::SendFromList,
        2 => HeldEnd::Switch(true),
        3 => HeldEnd::Switch(false),
        4 => HeldEnd::SwitchThenStay,
        _ => HeldEnd::SignOutEverywhere,
    })
}

/// From the add form (opened first if need be), adds a pet, and ends its hold by `end`.
pub async fn perform(
    c: &Client,
    model: &mut Model,
    snap: Snapshot,
    env: usize,
    end: HeldEnd,
    tag: &str,
) {
    let mut snap = snap;
    if snap.dialog {
        return;
    }
    if !snap.path.ends_with("/pets/new") {
        page::nav(c, "New pet").await;
    }
    snap = page::wait_for(c, Duration::from_secs(5), |s| s.add_disabled == Some(false))
        .await
        .1;
    let Some((name, should_create)) = fill_new(c, model, &snap, env, tag).await else {
        return;
    };
    if !page::button(c, "Add pet").await {
        return;
    }
    // Not held (a build without the hold, say): pressed all the same.
    let sent = !held(c, model).await
        || match end {
            HeldEnd::Undo => {
                let undone = page::button(c, "Undo").await;
                if undone {
                    model.undone = Some((env, name.clone()));
                }
                !undone
            }
            HeldEnd::SendFromList => {
                page::nav(c, "Pets").await;
                let from = model.log(env).len();
                if page::button(c, "Send now").await {
                    read_again_after_the_add(model, env, from).await;
                }
                true
            }
            HeldEnd::Switch(send) => {
                page::choose(c, "Environment", ENVS[1 - env]).await;
                let answer = if send {
                    "Send it now"
                } else {
                    "Keep it as a draft"
                };
                page::wait_for_button(c, answer).await;
                // Sent, unless "Keep it as a draft" was pressed.
                let answered = page::button(c, answer).await;
                send || !answered
            }
            HeldEnd::SwitchThenStay => {
                page::choose(c, "Environment", ENVS[1 - env]).await;
                let stayed = page::button_filled(c, "stay_in", &[("environment", ENVS[env])]).await;
                // Still held after staying; taken back as a manager who changed their mind.
                let undone = stayed
                    && page::wait_for_button(c, "Undo").await
                    && page::button(c, "Undo").await;
                if undone {
                    model.undone = Some((env, name.clone()));
                }
                !undone
            }
            HeldEnd::SignOutEverywhere => {
                let forgotten = page::button(c, "Sign out everywhere").await
                    && page::wait_for_button(c, "Forget everything").await
                    && page::button(c, "Forget everything").await;
                if forgotten {
                    model.wipe();
                }
                !forgotten
            }
        };
    if sent {
        model.allow(env, name, should_create);
    } else {
        model.taken_back.push((env, name));
    }
}

/// Once the pet sent from the list is in (its create, from `from` in `env`'s log, answered
/// 201), the list reads again after it, even when a read of its own was on its way then; a
/// problem of the step if not within 5 s. Waited for so that the checks see that read; the
/// session's refresh timer (a second) would read it too, so the browser suite's test without
/// a timer is the one that tells the read owed to a pet added from a read on its way.
async fn read_again_after_the_add(model: &mut Model, env: usize, from: usize) {
    // The create's answer (none within 10 s is the other checks' to say).
    let answered = |model: &Model| {
        model
            .log(env)
            .iter()
            .skip(from)
            .find(|e| e.method == "POST" && e.status != 0)
            .map(|e| (e.status, e.answered_ms))
    };
    let seen = &*model;
    within(Duration::from_secs(10), || async move {
        answered(seen).is_some()
    })
    .await;
    let Some((201, added)) = answered(model) else {
        return;
    };
    let read_after = |model: &Model| {
        model
            .log(env)
            .iter()
            .skip(from)
            .any(|e| e.method == "GET" && e.path.contains("/pets?") && e.received_ms >= added)
    };
    let seen = &*model;
    if !within(Duration::from_secs(5), || async move { read_after(seen) }).await {
        model.step_problem = Some(format!(
            "the list did not read again within 5 s of its pet sent from it being added (at {added})"
        ));
    }
}

/// From the add form (opened first if need be), adds a pet and, while it is held, duplicates
/// the tab (a new one with a copy of this one's `sessionStorage`, as the browser's Duplicate
/// makes it): the copy restores the draft, says nothing of the pet, and asks before adding it
/// again, sending nothing; it is closed, and the first tab sends the pet. What went wrong in
/// the copy, if anything.
pub async fn duplicate_mid_hold(
    c: &Client,
    model: &mut Model,
    snap: Snapshot,
    env: usize,
    tag: &str,
) -> Result<(), String> {
    if !model.holds || snap.dialog || model.offline.is_some() {
        return Ok(());
    }
    if !snap.path.ends_with("/pets/new") {
        page::nav(c, "New pet").await;
    }
    let (_, snap) =
        page::wait_for(c, Duration::from_secs(5), |s| s.add_disabled == Some(false)).await;
    let Some((name, should_create)) = fill_new(c, model, &snap, env, tag).await else {
        return Ok(());
    };
    if !page::button(c, "Add pet").await {
        return Ok(());
    }
    model.allow(env, name.clone(), should_create);
    if !held(c, model).await {
        return Ok(());
    }
    let writes = model.writes(env);
    let url = c.current_url().await.map_err(|e| e.to_string())?;
    let stored = c
        .execute(
            "return JSON.stringify(Object.fromEntries(Object.entries(sessionStorage)));",
            vec![],
        )
        .await
        .map_err(|e| e.to_string())?;
    let first = c.window().await.map_err(|e| e.to_string())?;
    let opened_at = petstore_dev_service::control::now_ms();
    let copy = c.new_window(true).await.map_err(|e| e.to_string())?;
    let outcome = match c.switch_to_window(copy.handle).await {
        Ok(()) => {
            let outcome = in_the_copy(c, url.as_str(), stored, &name).await;
            let _ = c.close_window().await;
            outcome
        }
        Err(e) => Err(e.to_string()),
    };
    let _ = c.switch_to_window(first).await;
    model
        .other_tabs
        .push((opened_at, petstore_dev_service::control::now_ms()));
    if model.writes(env) != writes {
        return Err(format!("{name} was sent while held: the copy sent it"));
    }
    // The first tab still holds it, and sends it.
    page::button(c, "Send now").await;
    model.duplicated += usize::from(outcome.is_ok());
    outcome
}

/// In the duplicated tab: the draft comes back, and Add pet asks first.
async fn in_the_copy(
    c: &Client,
    url: &str,
    stored: serde_json::Value,
    name: &str,
) -> Result<(), String> {
    c.goto(url).await.map_err(|e| e.to_string())?;
    c.execute(
        "sessionStorage.clear();
         for (const [key, value] of Object.entries(JSON.parse(arguments[0])))
           sessionStorage.setItem(key, value);
         location.reload();",
        vec![stored],
    )
    .await
    .map_err(|e| e.to_string())?;
    let (restored, _) = page::wait_for(c, Duration::from_secs(10), |s| {
        s.value("pet-name") == Some(name) && s.add_disabled == Some(false)
    })
    .await;
    if !restored {
        return Err(format!(
            "the duplicated tab did not restore the draft of {name}"
        ));
    }
    page::button(c, "Add pet").await;
    let (asked, snap) = page::wait_for(c, Duration::from_secs(5), |s| {
        let question = s.words().part("held_elsewhere_question");
        s.alerts.iter().any(|a| a.contains(&question))
    })
    .await;
    match asked {
        true => Ok(()),
        false => Err(format!(
            "the duplicated tab did not ask before adding {name} again: {:?}",
            snap.alerts
        )),
    }
}
