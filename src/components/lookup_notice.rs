//! The line under a pet that says how it was read, in a store manager's words: found in the
//! list because the service no longer looks up single pets, or, when that lookup's removal (5
//! December 2030, or the date the service's `Sunset` header names) is within 90 days or past,
//! when it goes. Four years ahead is nothing a manager needs to read on every pet.

use leptos::prelude::*;

use crate::api::{Date, Lifecycle, Via, GET_PET_REMOVAL};
use crate::i18n::{days_ahead, long_date, words};

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
        n if n >= 0 => days_ahead(n),
        _ => return Some(words::lookup_was_to_stop(&long_date(&removal))),
    };
    Some(words::lookup_stops(&long_date(&removal), &when))
}

/// How the pet on the page was read, in one quiet line, when there is something to say.
#[component]
pub fn LookupNotice(
    /// How the pet was found.
    via: Via,
) -> impl IntoView {
    // Drawn again in another language (a component's body is not: hence the closure).
    move || {
        let text = match via {
            Via::GetPet(lifecycle) => removal_notice(lifecycle, crate::clock::now()),
            Via::ListAfter(_) | Via::ListOnly => Some(words::found_in_list().into_owned()),
        };
        text.map(|text| {
            view! {
                <aside class="deprecation" aria-label=words::how_pet_was_read()>
                    {text}
                </aside>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    const DAY_MS: f64 = 86_400_000.0;

    #[wasm_bindgen_test]
    fn the_removal_is_mentioned_only_when_near_or_past() {
        let announced = Lifecycle::default();
        // 2026-11-21: four years ahead, nothing to say.
        assert_eq!(removal_notice(announced, 20_778.0 * DAY_MS), None);
        let near = removal_notice(announced, (22_253.0 - 12.0) * DAY_MS).unwrap();
        // In the browser's own English words.
        assert!(near.contains("on December 5, 2030 (in 12 days)"), "{near}");
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
        assert!(soon.contains("December 1, 2026 (in 10 days)"), "{soon}");
    }
}
