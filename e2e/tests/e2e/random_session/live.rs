//! The live list's steps, drawn from a stream of their own: another manager adds a pet or
//! changes one's status behind the tab's back, and the tab is hidden behind another tab for a
//! while, then comes back. With their invariants: no list read while the tab is hidden, and
//! never two reads of one list at once. (That the rows equal the service's answer once a
//! refresh has settled is the session's own check, run after the settle waits for that read.)

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fantoccini::Client;
use petstore_dev_service::control::LogEntry;

use super::model::Model;
use super::steps::{Rng, Step};

/// Draws a live step.
pub fn draw_live(rng: &mut Rng) -> Step {
    let status = rng.pick(&["available", "pending", "sold"]);
    match rng.below(10) {
        0..=3 => Step::OtherAdds(rng.below(2), status),
        4..=6 => Step::OtherChanges(rng.below(2), rng.below(20), status),
        _ => Step::Hidden(500 * (1 + rng.below(4)) as u64, rng.below(2) == 0),
    }
}

/// Whether `step` is one of this module's.
pub fn is_live(step: &Step) -> bool {
    matches!(
        step,
        Step::OtherAdds(..) | Step::OtherChanges(..) | Step::Hidden(..)
    )
}

/// Now, in ms since the epoch (the browser's `Date.now()` on the same machine).
pub fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn list_reads(log: &[LogEntry]) -> usize {
    log.iter()
        .filter(|e| e.method == "GET" && e.path.contains("/pets?"))
        .count()
}

fn add_other(model: &mut Model, env: usize, status: &str) {
    model.others += 1;
    let name = format!("Other {}", model.others);
    if model
        .deployment(env)
        .add_pet(&name, 7, Some(status))
        .is_some()
    {
        model.changed_at = now_ms();
    }
}

/// Performs a live step and updates the model.
pub async fn perform(c: &Client, model: &mut Model, step: &Step) {
    match step {
        Step::OtherAdds(env, status) => add_other(model, *env, status),
        Step::OtherChanges(env, nth, status) => {
            let pets = model.pets(*env);
            if let Some(pet) = pets.get(nth % pets.len().max(1)) {
                if model
                    .deployment(*env)
                    .set_status(pet.id, Some((*status).to_owned()))
                {
                    model.changed_at = now_ms();
                }
            }
        }
        Step::Hidden(ms, add) => {
            let Ok(this_tab) = c.window().await else {
                model.step_problem = Some("the tab's window could not be named".into());
                return;
            };
            let Ok(other) = c.new_window(true).await else {
                model.step_problem = Some("no other tab could be opened".into());
                return;
            };
            let _ = c.switch_to_window(other.handle.clone()).await;
            // A read already on its way when the tab was hidden may still land: its answer is
            // waited for.
            let start = Instant::now();
            while !model.quiet() && start.elapsed() < Duration::from_secs(10) {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let at_hide = [list_reads(&model.log(0)), list_reads(&model.log(1))];
            if *add {
                add_other(model, 0, "available");
            }
            let start = Instant::now();
            tokio::time::sleep(Duration::from_millis(*ms)).await;
            let at_show = [list_reads(&model.log(0)), list_reads(&model.log(1))];
            if at_show != at_hide {
                let reads: Vec<String> = (0..2)
                    .flat_map(|env| {
                        let log = model.log(env);
                        let reads: Vec<LogEntry> = log
                            .into_iter()
                            .filter(|e| e.method == "GET" && e.path.contains("/pets?"))
                            .skip(at_hide[env])
                            .collect();
                        reads.into_iter().map(|e| format!("{e:?}"))
                    })
                    .collect();
                model.live_problem = Some(format!(
                    "list reads while hidden for {:?}: {}",
                    start.elapsed(),
                    reads.join(", ")
                ));
            }
            let _ = c.close_window().await;
            let _ = c.switch_to_window(this_tab).await;
        }
        _ => {}
    }
}

/// Never two reads of one list (the same address) on their way at once in `env`.
pub fn one_read_at_a_time(model: &Model, env: usize) -> Result<(), String> {
    let log = model.log(env);
    let reads: Vec<&LogEntry> = log
        .iter()
        .filter(|e| e.method == "GET" && e.path.contains("/pets?"))
        .collect();
    for (i, a) in reads.iter().enumerate() {
        // (A status of 0 is a request still unanswered; the clock itself starts at 0.)
        let end = if a.status == 0 {
            u64::MAX
        } else {
            a.answered_ms
        };
        // Another tab of the app reads its own list meanwhile.
        let other_tab = |e: &LogEntry| {
            model
                .other_tabs
                .iter()
                .any(|(began, ended)| *began <= e.received_ms && e.received_ms <= *ended)
        };
        if let Some(b) = reads[i + 1..]
            .iter()
            .find(|b| b.path == a.path && b.received_ms < end && !other_tab(b) && !other_tab(a))
        {
            return Err(format!("two reads of one list at once: {a:?} and {b:?}"));
        }
    }
    Ok(())
}
