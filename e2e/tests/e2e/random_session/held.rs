//! A pet held before it is sent, ended each way a manager can: Undo, Send now after leaving
//! the form, a switch of environment answered each way (Stay, then Undo), and Sign out
//! everywhere. The
//! session's hold is long, so each step ends its own hold and no outcome races the timer
//! (the time running out is the browser tests').

use std::time::Duration;

use fantoccini::Client;

use super::model::{Model, Press, ENVS};
use super::page::{self, Snapshot};
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
                page::button(c, "Send now").await;
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
                    model.app_key = [None, None];
                    model.wiped = true;
                }
                !forgotten
            }
        };
    if sent {
        model.sends_allowed[env] += 1;
        model.presses.push(Press {
            name,
            env,
            should_create,
        });
    } else {
        model.taken_back.push((env, name));
    }
}
