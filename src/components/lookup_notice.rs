//! The line under a pet that says how it was read: with `getPet`, which the service removes
//! on 5 December 2030 (or on the date its `Sunset` header names), or through the list,
//! because `getPet` is gone.

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

fn days_left(d: Date) -> String {
    match d.days_left(js_sys::Date::now()) {
        n if n > 1 => format!("{n} days left"),
        1 => "1 day left".to_owned(),
        0 => "today".to_owned(),
        _ => "already passed".to_owned(),
    }
}

fn with_get_pet(lifecycle: Lifecycle) -> String {
    let removal = lifecycle
        .sunset_at
        .map_or(GET_PET_REMOVAL, Date::from_unix_seconds);
    let source = match lifecycle.sunset_at {
        Some(_) => "as the service's Sunset header says",
        None => "as the interface announces",
    };
    let deprecated = lifecycle.deprecated_at.map_or_else(String::new, |at| {
        format!(
            " The service has marked it deprecated since {}.",
            long_date(Date::from_unix_seconds(at))
        )
    });
    format!(
        "This page reads the pet with an operation the service will remove on {} ({}, {source}).{deprecated}",
        long_date(removal),
        days_left(removal),
    )
}

/// How the pet on the page was read, in one quiet line.
#[component]
pub fn LookupNotice(
    /// How the pet was found.
    via: Via,
) -> impl IntoView {
    let text = match via {
        Via::GetPet(lifecycle) => with_get_pet(lifecycle),
        Via::ListAfter(status) => format!(
            "The service no longer reads single pets (it answered {status}), so this pet was found in the list."
        ),
        Via::ListOnly => format!(
            "The service's single-pet lookup is gone (removal announced for {}), so this pet was found in the list.",
            long_date(GET_PET_REMOVAL)
        ),
    };
    view! {
        <aside class="deprecation" aria-label="How this pet was read">
            {text}
        </aside>
    }
}
