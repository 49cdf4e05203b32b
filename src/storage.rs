//! This tab's `sessionStorage`: where keys, the chosen environment and the form draft live,
//! so closing the tab forgets every key. `localStorage` holds the device's own choices, its
//! language ([`LANGUAGE_SLOT`]) and the paper its printer takes ([`PAPER_SLOT`]), and each
//! page's passing word that it holds a pet to be added (`session/holding.rs`): not a person's
//! work, so Sign out everywhere leaves them. It also holds the record of sent pets
//! (`session/sent`) and the activity (`session/activity.rs`), which every tab of the device
//! must read alike; Sign out everywhere and the idle sign-out clear them.
//!
//! Storage can be unavailable (blocked, or full): the app then keeps working with what it
//! has in memory for this page, which is why failures here are not reported as errors.

use wasm_bindgen::JsCast;

use crate::config::Environment;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

fn device() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The storage key, in `localStorage`, of the language this device chose.
pub const LANGUAGE_SLOT: &str = "petstore-admin.language";

/// The storage key, in `localStorage`, of the paper this device prints sheets on.
pub const PAPER_SLOT: &str = "petstore-admin.paper";

/// The value the device keeps under `key`, if any.
pub fn device_get(key: &str) -> Option<String> {
    device()?.get_item(key).ok()?
}

/// Keeps `value` as the device's choice under `key` (best effort, see the module docs).
pub fn device_set(key: &str, value: &str) {
    if let Some(s) = device() {
        let _ = s.set_item(key, value);
    }
}

/// Forgets the device's value under `key` (best effort, see the module docs).
pub fn device_remove(key: &str) {
    if let Some(s) = device() {
        let _ = s.remove_item(key);
    }
}

/// The device's value under `key` (`None` when none is kept), or `None` when the device's
/// storage cannot be read.
pub fn device_item(key: &str) -> Option<Option<String>> {
    device()?.get_item(key).ok()
}

/// Keeps `value` under `key` in the device's storage as JSON (best effort, see the module
/// docs).
pub fn device_set_json<T: serde::Serialize + ?Sized>(key: &str, value: &T) {
    if let Ok(text) = serde_json::to_string(value) {
        device_set(key, &text);
    }
}

/// The device's keys that start with `prefix`.
pub fn device_slots(prefix: &str) -> Vec<String> {
    keys_of(device(), prefix)
}

/// The keys of `storage` (none if it is unavailable) that start with `prefix`.
fn keys_of(storage: Option<web_sys::Storage>, prefix: &str) -> Vec<String> {
    let Some(s) = storage else {
        return Vec::new();
    };
    let n = s.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| s.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect()
}

/// The value under `key`, if storage is available and holds one.
pub fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// Stores `value` under `key` (best effort, see the module docs).
pub fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// The value under `key` read as JSON, if storage holds one that reads as a `T` (anything
/// else, an older format included, counts as nothing kept).
pub fn get_json<T: serde::de::DeserializeOwned>(key: &str) -> Option<T> {
    serde_json::from_str(&get(key)?).ok()
}

/// Stores `value` under `key` as JSON (best effort, see the module docs).
pub fn set_json<T: serde::Serialize + ?Sized>(key: &str, value: &T) {
    if let Ok(text) = serde_json::to_string(value) {
        set(key, &text);
    }
}

/// Removes `key` (best effort, see the module docs).
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// The storage key of an environment's API key.
pub fn api_key_slot(env: crate::config::Environment) -> String {
    format!("petstore-admin.api-key.{}", env.as_str())
}

/// The storage key of the environment last chosen in this tab.
pub const ENVIRONMENT_SLOT: &str = "petstore-admin.environment";

/// The storage key of the add form's unsent draft for an environment: each environment has
/// its own, so what was typed for one is never offered, or sent, in the other.
pub fn draft_slot(env: Environment) -> String {
    format!("petstore-admin.new-pet-draft.{}", env.as_str())
}

/// Forgets the add form's draft this tab keeps for `env`.
pub fn forget_draft(env: Environment) {
    remove(&draft_slot(env));
}

/// The storage key of the pet the add form holds before sending it (`session/hold.rs`):
/// found by the next visit if the page was closed or reloaded.
pub const HELD_SLOT: &str = "petstore-admin.held";

/// The add form's draft this tab keeps for `env`, if any. One kept by an older version of the
/// app (the draft alone, without its time) is read too, with no time.
pub fn kept_draft(env: Environment) -> Option<crate::input::SavedDraft> {
    let slot = draft_slot(env);
    get_json(&slot).or_else(|| {
        get_json(&slot).map(|draft| crate::input::SavedDraft {
            draft,
            saved_at_ms: 0,
            round: Vec::new(),
        })
    })
}

/// Keeps `draft` (and the round it belongs to) as the add form's draft for `env`, stamped now.
pub fn keep_draft(
    env: Environment,
    draft: crate::input::Draft,
    round: Vec<crate::input::RoundPet>,
) {
    let saved = crate::input::SavedDraft {
        draft,
        saved_at_ms: crate::clock::now() as u64,
        round,
    };
    set_json(&draft_slot(env), &saved);
}

/// The storage key of a create sent and not yet answered (so a reload can say so).
pub const CREATE_SLOT: &str = "petstore-admin.create-in-flight";

/// The storage key of the import page's pasted text for an environment (so a run can be
/// resumed after a reload). One per environment, like the draft: rows pasted for staging are
/// never in the box, nor checked, nor sent, in production.
pub fn import_text_slot(env: crate::config::Environment) -> String {
    format!("petstore-admin.import-text.{}", env.as_str())
}

/// The storage key, in the device's storage, of the record of the pets sent to an environment
/// (`session/sent.rs`).
pub fn sent_slot(env: Environment) -> String {
    format!("petstore-admin.sent.{}", env.as_str())
}

/// The storage key of when this tab made its first activity entry (`session/activity.rs`).
pub const TAB_SLOT: &str = "petstore-admin.tab";

/// What the storage keys of the device's activity logs start with.
pub const ACTIVITY_PREFIX: &str = "petstore-admin.activity.";

/// What the storage keys start with of the entries a page left before it could write them in
/// the log (written as it went away, taken in by the next read of the log).
pub const ACTIVITY_LEFT_PREFIX: &str = "petstore-admin.activity.left.";

/// The storage key, in the device's storage, of `env`'s activity log (`session/activity.rs`).
pub fn activity_slot(env: Environment) -> String {
    format!("{ACTIVITY_PREFIX}{}", env.as_str())
}

/// What every slot of this app starts with.
const PREFIX: &str = "petstore-admin.";

fn app_slots() -> Vec<String> {
    keys_of(storage(), PREFIX)
}

/// Removes every slot of this app but the chosen environment (not something to hide): keys,
/// drafts, the import text, the activity.
pub fn forget_everything() {
    for slot in app_slots() {
        if slot != ENVIRONMENT_SLOT {
            remove(&slot);
        }
    }
    // The activity is the device's, kept across tabs.
    for slot in keys_of(device(), ACTIVITY_PREFIX) {
        device_remove(&slot);
    }
}

/// The service worker's cache of `env`'s kept answers (sw.js names it the same way).
fn kept_answers_cache(env: Environment) -> String {
    format!("petstore-api-{}", env.as_str())
}

/// Deletes the service worker's kept answers of `envs` from the browser's Cache Storage (the
/// deletion finishes on its own; a browser without Cache Storage has nothing to delete).
pub fn forget_kept_answers(envs: &[Environment]) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let caches = js_sys::Reflect::get(&window, &"caches".into()).unwrap_or_default();
    let delete = js_sys::Reflect::get(&caches, &"delete".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(delete) = delete {
        for env in envs {
            let _ = delete.call1(&caches, &kept_answers_cache(*env).into());
        }
    }
}

/// A kind of a person's work this tab keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// API keys.
    Keys,
    /// Drafts of the add form.
    Drafts,
    /// A create sent and not yet answered.
    Create,
    /// The pets this device sent (to ask before adding one twice).
    Created,
    /// An import's text.
    Imports,
    /// The activity log.
    Activity,
}

/// What this tab keeps of a person's work, in the order a person would check it; empty when
/// nothing is kept.
pub fn kept_work() -> Vec<Kept> {
    let mut slots = app_slots();
    // The record of sent pets and the activity are the device's: they count while they
    // hold any.
    for prefix in [format!("{PREFIX}sent."), ACTIVITY_PREFIX.to_owned()] {
        slots.extend(
            keys_of(device(), &prefix)
                .into_iter()
                .filter(|s| device_get(s).is_some_and(|v| v != "[]")),
        );
    }
    let holds = |part: &str| slots.iter().any(|s| s[PREFIX.len()..].starts_with(part));
    [
        ("api-key.", Kept::Keys),
        ("new-pet-draft", Kept::Drafts),
        ("create-in-flight", Kept::Create),
        ("sent.", Kept::Created),
        ("import", Kept::Imports),
        ("activity", Kept::Activity),
    ]
    .into_iter()
    .filter(|(part, _)| holds(part))
    .map(|(_, kept)| kept)
    .collect()
}

/// Whether this tab keeps anything of a person's work or keys (see [`forget_everything`]).
pub fn holds_anything() -> bool {
    app_slots().iter().any(|s| s != ENVIRONMENT_SLOT)
}
