//! One API key per environment, and whether the service refused it: a small context of its
//! own ([`use_keys`]), which the session reads to send and the sign-in form writes.

use leptos::prelude::*;

use super::CurrentEnv;
use crate::config::Environment;
use crate::input::parse_api_key;
use crate::storage;

/// The keys of this tab, provided by the app root.
#[derive(Clone, Copy)]
pub struct ApiKeys {
    keys: RwSignal<Keys>,
    // One memo per environment, so a request of one environment is not repeated when the
    // other environment's key changes.
    production: Memo<KeySlot>,
    staging: Memo<KeySlot>,
    current: CurrentEnv,
}

/// The keys provided by the app root.
///
/// # Panics
/// Outside the app root's component tree (a programming error). Call it while a component is
/// built.
pub fn use_keys() -> ApiKeys {
    use_context::<ApiKeys>().expect("the keys are provided by the app root")
}

impl ApiKeys {
    /// The keys kept in this tab's storage.
    pub(super) fn from_storage(current: CurrentEnv) -> ApiKeys {
        let keys = RwSignal::new(Keys::from_storage());
        // A page the browser kept (Back or Forward across a reload restores it as it was)
        // holds the keys of its time; the tab's storage may have lost one since (refused,
        // signed out).
        let restored = window_event_listener_untyped("pageshow", move |ev| {
            let persisted = js_sys::Reflect::get(&ev, &"persisted".into())
                .ok()
                .and_then(|v| v.as_bool())
                .unwrap_or(false);
            if persisted {
                let stored = Keys::from_storage();
                // The listener may outlive the app by a moment: a write to a disposed signal
                // does nothing.
                keys.maybe_update(|k| {
                    let changed = *k != stored;
                    *k = stored;
                    changed
                });
            }
        });
        on_cleanup(move || restored.remove());
        let slot = move |env| Memo::new(move |_| keys.with(|k| k.slot(env).clone()));
        ApiKeys {
            keys,
            production: slot(Environment::Production),
            staging: slot(Environment::Staging),
            current,
        }
    }

    /// `env`'s key and whether it was refused (tracked, for that environment alone).
    pub(super) fn slot(&self, env: Environment) -> KeySlot {
        match env {
            Environment::Production => self.production.get(),
            Environment::Staging => self.staging.get(),
        }
    }

    /// Whether `key` is still `env`'s and not refused (untracked; `false` once the app is
    /// gone, as a retry that outlives it asks).
    pub(super) fn still_usable(&self, env: Environment, key: &str) -> bool {
        self.keys
            .try_with_untracked(|k| k.slot(env).usable() == Some(key))
            .unwrap_or(false)
    }

    /// The environment that needs a key now, if any: the current one when it has none or the
    /// service refused it (tracked). The sign-in form is for exactly this environment.
    pub fn sign_in_needed(&self) -> Option<Environment> {
        let env = self.current.env();
        self.slot(env).usable().is_none().then_some(env)
    }

    /// Whether the current environment needs a key (tracked).
    pub fn needs_sign_in(&self) -> bool {
        self.sign_in_needed().is_some()
    }

    /// Whether `env` has a key the service has not refused (tracked).
    pub fn has_key(&self, env: Environment) -> bool {
        self.slot(env).usable().is_some()
    }

    /// Whether `env`'s key was refused by the service (tracked).
    pub fn key_rejected(&self, env: Environment) -> bool {
        self.slot(env).rejected
    }

    /// Uses `key` (already checked by the form) for `env` from now on (this tab only). The
    /// environment is the one the form was shown for, whatever is current by now.
    pub fn sign_in(&self, env: Environment, key: String) {
        storage::set(&storage::api_key_slot(env), &key);
        let slot = KeySlot {
            key: Some(key),
            rejected: false,
        };
        self.keys.maybe_update(|k| k.replace(env, slot));
    }

    /// Forgets `env`'s key, here and in storage.
    pub(super) fn forget(&self, env: Environment) {
        storage::remove(&storage::api_key_slot(env));
        self.keys
            .maybe_update(|k| k.replace(env, KeySlot::default()));
    }

    /// Forgets both keys in memory (storage is emptied by the caller).
    pub(super) fn forget_all(&self) {
        self.keys.maybe_update(|k| {
            let changed = *k != Keys::default();
            *k = Keys::default();
            changed
        });
    }

    /// Marks `key` refused in `env` when the service answered 401 to it, and forgets it in
    /// storage so the next reload does not send it once more. (`try_`: a late answer may come
    /// after the app is gone.)
    pub(super) fn refuse(&self, env: Environment, key: &str) {
        let refused = self.keys.try_maybe_update(|k| {
            let changed = k.refuse(env, key);
            (changed, changed)
        });
        if refused == Some(true) {
            storage::remove(&storage::api_key_slot(env));
        }
    }
}

/// An environment's key and whether the service has refused it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct KeySlot {
    pub(crate) key: Option<String>,
    pub(crate) rejected: bool,
}

impl KeySlot {
    /// The key, if there is one the service has not refused.
    pub(crate) fn usable(&self) -> Option<&str> {
        self.key.as_deref().filter(|_| !self.rejected)
    }
}

/// Both environments' keys. Kept apart so one environment's key is never sent to the other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Keys {
    production: KeySlot,
    staging: KeySlot,
}

impl Keys {
    /// The keys kept in this tab. A stored key that could not be sent (written by an older
    /// version, or by hand) is forgotten rather than trusted.
    pub(crate) fn from_storage() -> Keys {
        let stored = |env| {
            let slot = storage::api_key_slot(env);
            let key = storage::get(&slot).and_then(|k| parse_api_key(&k).ok());
            if key.is_none() {
                storage::remove(&slot);
            }
            KeySlot {
                key,
                rejected: false,
            }
        };
        Keys {
            production: stored(Environment::Production),
            staging: stored(Environment::Staging),
        }
    }

    pub(crate) fn slot(&self, env: Environment) -> &KeySlot {
        match env {
            Environment::Production => &self.production,
            Environment::Staging => &self.staging,
        }
    }

    /// Puts `slot` in place of `env`'s; whether that changed anything.
    pub(crate) fn replace(&mut self, env: Environment, slot: KeySlot) -> bool {
        let current = match env {
            Environment::Production => &mut self.production,
            Environment::Staging => &mut self.staging,
        };
        let changed = *current != slot;
        *current = slot;
        changed
    }

    /// Marks `key` refused in `env`, if it is still that environment's key; whether that
    /// changed anything (a second 401 for the same key changes nothing).
    pub(crate) fn refuse(&mut self, env: Environment, key: &str) -> bool {
        let slot = self.slot(env);
        if slot.key.as_deref() != Some(key) || slot.rejected {
            return false;
        }
        let refused = KeySlot {
            key: Some(key.to_owned()),
            rejected: true,
        };
        self.replace(env, refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn with_key(key: &str) -> KeySlot {
        KeySlot {
            key: Some(key.into()),
            rejected: false,
        }
    }

    #[wasm_bindgen_test]
    fn a_refusal_counts_only_for_the_current_key_and_only_once() {
        let mut keys = Keys::default();
        assert!(keys.replace(Environment::Production, with_key("old")));
        assert!(!keys.replace(Environment::Production, with_key("old")));
        assert!(keys.refuse(Environment::Production, "old"));
        assert!(
            !keys.refuse(Environment::Production, "old"),
            "no change twice"
        );
        assert_eq!(keys.slot(Environment::Production).usable(), None);
        assert!(keys.replace(Environment::Production, with_key("new")));
        assert!(!keys.refuse(Environment::Production, "old"), "a late 401");
        assert_eq!(keys.slot(Environment::Production).usable(), Some("new"));
        assert!(
            !keys.refuse(Environment::Staging, "new"),
            "other environment"
        );
        assert_eq!(keys.slot(Environment::Staging).usable(), None);
    }
}
