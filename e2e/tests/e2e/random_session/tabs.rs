//! Other tabs of the app on the same device, drawn from a stream of their own: a new tab
//! opened on the address shown, signed in by this one exactly when this one holds that
//! environment's key (else it asks for a key); and Sign out pressed in such a tab, which signs
//! this one out too. Both happen while online; the new tab is closed before the checks.

use std::time::{Duration, Instant};

use fantoccini::Client;
use petstore_dev_service::control::now_ms;

use super::model::{url_env, Model, ENVS};
use super::page;
use super::steps::{Rng, Step};

/// How long a new tab waits before it may be said to ask for a key: an open tab answers
/// within milliseconds, and the app takes answers for two seconds.
const NO_ANSWER_AFTER: Duration = Duration::from_millis(2_500);

/// Draws a step of the other tabs.
pub fn draw_tabs(rng: &mut Rng) -> Step {
    match rng.below(3) {
        0 => Step::SignOutInOtherTab,
        _ => Step::NewTab,
    }
}

/// Whether `step` is one of this module's.
pub fn is_tabs(step: &Step) -> bool {
    matches!(step, Step::NewTab | Step::SignOutInOtherTab)
}

/// Whether the tab in front holds a key for `env` in its `sessionStorage`.
async fn holds_key(c: &Client, env: usize) -> bool {
    let script =
        "return sessionStorage.getItem('petstore-admin.api-key.' + arguments[0]) !== null;";
    c.execute(script, vec![ENVS[env].into()])
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Performs a step of the other tabs and updates the model; what went wrong in the new tab,
/// if anything (the invariants then check this tab as after any step).
pub async fn perform(c: &Client, model: &mut Model, step: &Step) -> Result<(), String> {
    if model.offline.is_some() {
        return Ok(());
    }
    let before = page::snapshot(c).await;
    let Some(env) = url_env(&before) else {
        return Ok(());
    };
    // The current environment's key is usable here exactly when no sign-in form asks for it.
    let shared = !before.dialog && model.app_key[env].is_some();
    let url = c.current_url().await.map_err(|e| e.to_string())?;
    let this_tab = c.window().await.map_err(|e| e.to_string())?;
    let opened_at = now_ms();
    let other = c.new_window(true).await.map_err(|e| e.to_string())?;
    // Whatever happens in the other tab, it is closed and this one is in front again after.
    let outcome = match c.switch_to_window(other.handle).await {
        Ok(()) => {
            let outcome = in_the_other_tab(c, url.as_str(), env, shared, step).await;
            let _ = c.close_window().await;
            outcome
        }
        Err(e) => Err(e.to_string()),
    };
    let _ = c.switch_to_window(this_tab).await;
    // The other tab's reads are its own: two tabs may read one list at once.
    model.other_tabs.push((opened_at, now_ms()));
    if outcome.is_ok() && matches!(step, Step::SignOutInOtherTab) && shared {
        model.app_key[env] = None;
    }
    outcome
}

async fn in_the_other_tab(
    c: &Client,
    url: &str,
    env: usize,
    shared: bool,
    step: &Step,
) -> Result<(), String> {
    c.goto(url).await.map_err(|e| e.to_string())?;
    let start = Instant::now();
    loop {
        let signed_in = holds_key(c, env).await;
        // Without a key to share, the form is looked for once an answer would have come.
        let settled = !shared && start.elapsed() > NO_ANSWER_AFTER;
        match (signed_in, shared) {
            (true, true) => break,
            (true, false) => return Err(format!("a new tab was given a {} key", ENVS[env])),
            (false, false) if settled && page::snapshot(c).await.dialog => break,
            _ => {}
        }
        if start.elapsed() > Duration::from_secs(10) {
            let page = c
                .execute(
                    "return [Object.keys(sessionStorage).join(' '), document.body.innerText];",
                    vec![],
                )
                .await
                .unwrap_or_default();
            return Err(format!(
                "a new tab on {url}: {} within 10 s; it shows {page}",
                match shared {
                    true => "not signed in by the open one",
                    false => "no sign-in form",
                }
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if matches!(step, Step::SignOutInOtherTab) && shared {
        // The header's Sign out, once the page is drawn signed in.
        let ten = Duration::from_secs(10);
        if !page::within(ten, || page::button(c, "Sign out")).await {
            return Err("no Sign out in the new tab".into());
        }
        if !page::within(ten, || async move { !holds_key(c, env).await }).await {
            return Err("the new tab kept its key after Sign out".into());
        }
    }
    Ok(())
}
