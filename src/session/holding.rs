//! A page's word, in the device's storage, that it is still there: it holds, queues or sends a
//! pet of the record of sent pets (`sent.rs`), or has just stopped. The record's entries name
//! the page that acts on them, and what a page that went away left is known for what it is:
//! held or queued, never sent; sending, perhaps created. A duplicated tab copies the held
//! pet's marker with the tab's `sessionStorage`; a new page finding a marker must not say that
//! pet was not added while the page it was copied from still deals with it (and would send it).
//!
//! The word is renewed while the page acts, and believed only a short while past its last
//! renewal: a page that ends without a word (the browser crashed, the tablet killed the tab)
//! stops being believed within that while, and a restored tab then says what it must.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use crate::clock;
use crate::storage;

/// How long past its last renewal a page's word is believed, in ms.
const BELIEVED_FOR_MS: u64 = 30_000;

/// How often a page renews its word while it holds a pet.
const RENEW_EVERY: Duration = Duration::from_secs(10);

/// What every page's word is kept under, then the page's own name.
pub(super) const PREFIX: &str = "petstore-admin.holding.";

/// A number for this page (its name is its digits in hex), new at every page load.
pub(super) fn new_page() -> u64 {
    (js_sys::Math::random() * 2f64.powi(53)) as u64
}

/// Where page `page`'s word is kept.
fn slot(page: &str) -> String {
    format!("{PREFIX}{page}")
}

/// Writes the word at `slot`, believed from now for a while: until when, in whole ms (never a
/// float: formatting and reading one would bring the float's code to the first screen).
fn write(slot: &str) {
    let until = clock::now() as u64 + BELIEVED_FOR_MS;
    storage::device_set(slot, &until.to_string());
}

/// Until when the word at `slot` is believed, in ms (an older version's word is a float).
fn believed_until(slot: &str) -> Option<u64> {
    storage::device_get(slot)?.split('.').next()?.parse().ok()
}

/// Whether page `page`'s word is believed now (it holds a pet, or has just ended its hold).
pub(super) fn believed(page: &str) -> bool {
    believed_until(&slot(page)).is_some_and(|until| until > clock::now() as u64)
}

/// The pages whose word is believed now.
pub(super) fn believed_pages() -> Vec<String> {
    storage::device_slots(PREFIX)
        .into_iter()
        .filter_map(|slot| slot.strip_prefix(PREFIX).map(str::to_owned))
        .filter(|page| believed(page))
        .collect()
}

/// Forgets the words no longer believed, of any page: those a page left when its hold ended,
/// and those of pages that went without a word.
fn forget_stale() {
    let now = clock::now() as u64;
    for kept in storage::device_slots(PREFIX) {
        if believed_until(&kept).is_none_or(|until| until <= now) {
            storage::device_remove(&kept);
        }
    }
}

/// This page's word while it acts on a pet: renewed, and taken back if the page goes.
pub(super) struct Said {
    slot: String,
    renew: Option<clock::Wait>,
    gone: Option<WindowListenerHandle>,
}

impl Said {
    /// Says that page `page` acts on a pet, until it stops or the page goes.
    pub(super) fn new(page: &str) -> Said {
        forget_stale();
        let slot = slot(page);
        write(&slot);
        let renewed = slot.clone();
        let renew = Some(clock::every(RENEW_EVERY, move || write(&renewed)));
        let going = slot.clone();
        // A page kept for Back (the back/forward cache) still holds its pet when it comes
        // back: its word stays.
        let gone = window_event_listener(ev::pagehide, move |ev| {
            if !ev.persisted() {
                storage::device_remove(&going);
            }
        });
        Said {
            slot,
            renew,
            gone: Some(gone),
        }
    }

    /// The page acts on no pet any more (sent, taken back, forgotten), and is still here: the
    /// word is believed a while more, so that a tab copied just before, starting now, says
    /// nothing.
    pub(super) fn ended(mut self) {
        self.stop();
        write(&self.slot);
    }

    /// The page is taken down (the browser tests' reload): its word goes with it, as a
    /// closed page's does.
    pub(super) fn withdrawn(mut self) {
        self.stop();
        storage::device_remove(&self.slot);
    }

    /// Stops renewing the word and listening for the page's going.
    fn stop(&mut self) {
        if let Some(renew) = self.renew.take() {
            renew.clear();
        }
        if let Some(gone) = self.gone.take() {
            gone.remove();
        }
    }
}
