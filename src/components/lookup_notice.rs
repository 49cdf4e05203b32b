//! The line under a pet that says how it was read, in a store manager's words: found in the
//! list because the service no longer looks up single pets, or, when that lookup's removal (5
//! December 2030, or the date the service's `Sunset` header names) is within 90 days or past,
//! when it goes. Four years ahead is nothing a manager needs to read on every pet.

use leptos::prelude::*;

use crate::api::{Date, Lifecycle, Via, GET_PET_REMOVAL};

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn long_date(d: Date) -> String {
    let month = usize::try_from(d.month)
        .ok()
        .and_then(|m| MONTHS.get(m.wrapping_sub(1)));
    format!("{} {} {}", d.day, month.copied().unwrap_or("?"), d.year)
}

/// How near a removal must be before the page mentions it.
const NOTICE_DAYS: i64 = 90;

/// What a store manager is told about the single-pet lookup `lifecycle` describes, `now_ms`
/// being the time now: nothing while its removal is more than 90 days away; its date when it is
/// near; that it is past when it is.
fn removal_notice(lifecycle: Lifecycle, now_ms: f64) -> Option<String> {
    let removal = lifecycle
        .sunset_at
        .map_or(GET_PET_REMOVAL, Date::from_unix_seconds);
    let when = match removal.days_left(now_ms) {
        n if n > NOTICE_DAYS => return None,
        n if n > 1 => format!("in {n} days"),
        1 => "tomorrow".to_owned(),
        0 => "today".to_owned(),
        _ => {
            return Some(format!(
                "The service was to stop looking up single pets on {}; it still does for now. \
                 When it stops, this page finds pets in the list.",
                long_date(removal)
            ))
        }
    };
    Some(format!(
        "The service stops looking up single pets on {} ({when}). After that, this page finds \
         pets in the list.",
        long_date(removal)
    ))
}

/// How the pet on the page was read, in one quiet line, when there is something to say.
#[component]
pub fn LookupNotice(
    /// How the pet was found.
    via: Via,
) -> impl IntoView {
    let text = match via {
        Via::GetPet(lifecycle) => removal_notice(lifecycle, js_sys::Date::now()),
        Via::ListAfter(_) | Via::ListOnly => Some(
            "This pet was found in the list: the service no longer looks up single pets.".into(),
        ),
    };
    text.map(|text| {
        view! {
            <aside class="deprecation" aria-label="How this pet was read">
                {text}
            </aside>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: f64 = 86_400_000.0;

    #[test]
    fn the_removal_is_mentioned_only_when_near_or_past() {
        let announced = Lifecycle::default();
        // 2026-11-21: four years ahead, nothing to say.
        assert_eq!(removal_notice(announced, 20_778.0 * DAY_MS), None);
        let near = removal_notice(announced, (22_253.0 - 12.0) * DAY_MS).unwrap();
        assert!(near.contains("on 5 December 2030 (in 12 days)"), "{near}");
        assert!(!near.contains("header"), "{near}");
        let today = removal_notice(announced, 22_253.0 * DAY_MS).unwrap();
        assert!(today.contains("(today)"), "{today}");
        let past = removal_notice(announced, 22_300.0 * DAY_MS).unwrap();
        assert!(past.contains("was to stop"), "{past}");
        // The service's own date wins: 2026-12-01 is 10 days after 2026-11-21.
        let sooner = Lifecycle {
            sunset_at: Some(20_788 * 86_400),
            ..Lifecycle::default()
        };
        let soon = removal_notice(sooner, 20_778.0 * DAY_MS).unwrap();
        assert!(soon.contains("1 December 2026 (in 10 days)"), "{soon}");
    }
}
