//! Shared-tablet safety: after `idleMinutes` without input in any of the app's open tabs, sign
//! out everywhere (every tab); a minute before (or half the time, when that is shorter), a
//! warning that any input dismisses.

use std::cell::Cell;
use std::rc::Rc;

use std::time::Duration;

use crate::clock;
use crate::i18n::words;
use leptos::prelude::*;

use crate::session::use_session;
use crate::storage;

/// What counts as someone using the tablet.
const INPUT_EVENTS: [&str; 5] = ["pointerdown", "keydown", "wheel", "touchstart", "input"];

/// Watches for input and signs out everywhere after the configuration's `idleMinutes`
/// without any (none set: nothing to watch). Its code is downloaded as the app starts rather
/// than with the first screen: it acts only after minutes (see `app/lazy.rs`).
#[component]
pub fn IdleGuard() -> impl IntoView {
    let session = use_session();
    let minutes = session.idle_minutes().unwrap_or(f64::INFINITY);
    let limit_ms = minutes * 60_000.0;
    let warn_ms = (limit_ms / 2.0).min(60_000.0);
    let last_input = Rc::new(Cell::new(clock::now()));
    // Seconds left, while the warning shows.
    let left = RwSignal::new(None::<u32>);
    for name in INPUT_EVENTS {
        let last = last_input.clone();
        let handle = window_event_listener_untyped(name, move |_| {
            last.set(clock::now());
            session.note_in_use();
            if left.get_untracked().is_some() {
                left.set(None);
            }
        });
        on_cleanup(move || handle.remove());
    }
    let tick_ms = (warn_ms / 10.0).clamp(100.0, 1000.0) as u64;
    let interval = clock::every(Duration::from_millis(tick_ms), move || {
        // Use in another tab counts too: the manager may be working there.
        let idle = clock::now() - last_input.get().max(session.in_use_elsewhere());
        // A tab that holds nothing has nothing to forget, and nothing to warn about.
        let now = if idle < limit_ms - warn_ms || !storage::holds_anything() {
            None
        } else if idle >= limit_ms {
            last_input.set(clock::now());
            session.sign_out_idle();
            None
        } else {
            Some(((limit_ms - idle) / 1000.0).ceil() as u32)
        };
        if left.try_get_untracked().is_some_and(|l| l != now) {
            left.set(now);
        }
    });
    on_cleanup(move || interval.clear());
    move || {
        left.get().map(|seconds| {
            view! {
                <div class="idle-warning" role="alert">
                    {words::idle_warning(seconds.into())}
                </div>
            }
        })
    }
}
