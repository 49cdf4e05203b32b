//! One API key per environment, and whether the service refused it.

use crate::config::Environment;
use crate::input::parse_api_key;
use crate::storage;

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

    fn with_key(key: &str) -> KeySlot {
        KeySlot {
            key: Some(key.into()),
            rejected: false,
        }
    }

    #[test]
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
