//! How old the data on screen is, in words ("Updated 3 minutes ago", "Read at 10:42"), what
//! happened to the last try to read it again, and a Refresh button. The age ticks by itself,
//! without reading the service again.

use std::time::Duration;

use crate::clock;
use crate::i18n::{clock_time, relative_time, t, words};
use leptos::prelude::*;

/// How often the age in words is worked out again.
const TICK_MS: u64 = 15_000;

/// "Updated just now" / "Updated 3 minutes ago" (or, with `clock`, "Read at 10:42"); after a
/// failed read again, "Could not update at 10:44; still showing what was read at 10:42";
/// and **Refresh**.
#[component]
pub fn Freshness(
    /// When what is shown was read (ms since the epoch); nothing is said before a first read.
    #[prop(into)]
    read_at: Signal<Option<f64>>,
    /// When the last try to read it again failed, if it did.
    #[prop(into)]
    failed_at: Signal<Option<f64>>,
    /// Reads again now.
    on_refresh: Callback<()>,
    /// Says the time of day it was read, not how long ago.
    #[prop(optional)]
    clock: bool,
) -> impl IntoView {
    // Counts the ticks; the age is worked out from the clock itself.
    let ticks = RwSignal::new(0u32);
    let tick = clock::every(Duration::from_millis(TICK_MS), move || {
        ticks.update(|n| *n = n.wrapping_add(1));
    });
    on_cleanup(move || tick.clear());
    let text = move || {
        ticks.track();
        let read = read_at.get()?;
        Some(match failed_at.get() {
            Some(failed) => words::could_not_update(&clock_time(failed), &clock_time(read)),
            None if clock => words::read_at(&clock_time(read)),
            None => words::updated_ago(&ago(clock::now() - read)),
        })
    };
    let failed = move || failed_at.with(Option::is_some);
    // The exact time it was read, for machines (and for a test to see each read come back).
    let stamp = move || read_at.get().map(iso_time);
    view! {
        <p class="freshness age-line" class:failed=failed>
            <time datetime=stamp>{text}</time>
            " "
            <button type="button" class="secondary small" on:click=move |_| on_refresh.run(())>
                {t(words::refresh)}
            </button>
        </p>
    }
}

/// An age in words: "just now" under a minute, else "3 minutes ago", "2 hours ago" from the
/// browser's own words (`Intl.RelativeTimeFormat`).
fn ago(ms: f64) -> String {
    let minutes = (ms / 60_000.0).floor();
    if minutes < 1.0 {
        return words::just_now().into_owned();
    }
    let (value, unit) = match minutes {
        m if m < 60.0 => (m, "minute"),
        m if m < 48.0 * 60.0 => ((m / 60.0).floor(), "hour"),
        m => ((m / 1440.0).floor(), "day"),
    };
    relative_time(value, unit)
}

/// A time in ms since the epoch as ISO 8601, for a `<time datetime>`.
pub(crate) fn iso_time(ms: f64) -> String {
    String::from(js_sys::Date::new(&ms.into()).to_iso_string())
}
