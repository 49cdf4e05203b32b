//! The shared state of the app: the configuration, the current environment (from the URL) and
//! one API key per environment. Pages reach it through [`use_session`].

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::NavigateOptions;

use crate::api::{ApiError, Client};
use crate::config::{AppConfig, Environment};
use crate::storage;

/// An environment's key and whether the service has refused it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct KeySlot {
    key: Option<String>,
    rejected: bool,
}

/// Both environments' keys. Kept apart so one environment's key is never sent to the other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Keys {
    production: KeySlot,
    staging: KeySlot,
}

impl Keys {
    fn slot(&self, env: Environment) -> &KeySlot {
        match env {
            Environment::Production => &self.production,
            Environment::Staging => &self.staging,
        }
    }

    fn slot_mut(&mut self, env: Environment) -> &mut KeySlot {
        match env {
            Environment::Production => &mut self.production,
            Environment::Staging => &mut self.staging,
        }
    }
}

/// A client for the current environment, with what is needed to recognise its answers later.
#[derive(Clone, Debug)]
pub struct Connection {
    /// The environment the client talks to.
    pub env: Environment,
    /// The client, holding that environment's key.
    pub client: Client,
    key: String,
}

/// The app's shared state; cheap to copy into closures.
#[derive(Clone, Copy)]
pub struct Session {
    config: StoredValue<AppConfig>,
    base: StoredValue<String>,
    env: Memo<Environment>,
    keys: RwSignal<Keys>,
}

/// Creates the session for `config` and provides it to every component below. Call inside the
/// `<Router>`: the environment is read from the URL query (`?env=`), else from this tab's last
/// choice, else production. `base` is the router's base path (`""` at the site root).
pub fn provide_session(config: AppConfig, base: String) -> Session {
    let query = use_query_map();
    let remembered = storage::get(storage::ENVIRONMENT_SLOT).and_then(|v| Environment::parse(&v));
    let env = Memo::new(move |_| {
        query
            .read()
            .get("env")
            .and_then(|v| Environment::parse(&v))
            .or(remembered)
            .unwrap_or(Environment::Production)
    });
    let stored_key = |env| KeySlot {
        key: storage::get(&storage::api_key_slot(env)),
        rejected: false,
    };
    let keys = RwSignal::new(Keys {
        production: stored_key(Environment::Production),
        staging: stored_key(Environment::Staging),
    });
    let session = Session {
        config: StoredValue::new(config),
        base: StoredValue::new(base),
        env,
        keys,
    };
    provide_context(session);
    session
}

/// The session provided by the app root.
///
/// # Panics
/// Outside the app root's component tree, where no session exists (a programming error, not
/// something data can cause).
pub fn use_session() -> Session {
    expect_context::<Session>()
}

impl Session {
    /// The current environment (tracked).
    pub fn env(&self) -> Environment {
        self.env.get()
    }

    /// Whether the current environment needs a key: none yet, or the last one was refused
    /// (tracked).
    pub fn needs_sign_in(&self) -> bool {
        let env = self.env.get();
        self.keys.with(|k| {
            let slot = k.slot(env);
            slot.key.is_none() || slot.rejected
        })
    }

    /// Whether the current environment's key was refused by the service (tracked).
    pub fn key_rejected(&self) -> bool {
        let env = self.env.get();
        self.keys.with(|k| k.slot(env).rejected)
    }

    /// A client for the current environment (tracked: a change of environment or key gives a
    /// new one). Without a key, [`ApiError::Unauthorized`] and nothing is sent.
    pub fn connection(&self) -> Result<Connection, ApiError> {
        let env = self.env.get();
        let key = self.keys.with(|k| k.slot(env).key.clone());
        let key = key.ok_or(ApiError::Unauthorized(None))?;
        let base_url = self.config.with_value(|c| c.base_url(env).to_owned());
        Ok(Connection {
            env,
            client: Client::new(&base_url, &key),
            key,
        })
    }

    /// [`Session::connection`] without tracking, for event handlers.
    pub fn connection_untracked(&self) -> Result<Connection, ApiError> {
        untrack(|| self.connection())
    }

    /// Passes `result` through; a 401 marks the key `connection` used as refused, so the
    /// sign-in form appears. A later key for that environment is not affected.
    pub fn checked<T>(
        &self,
        connection: &Connection,
        result: Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        if matches!(result, Err(ApiError::Unauthorized(_))) {
            self.keys.update(|k| {
                let slot = k.slot_mut(connection.env);
                if slot.key.as_deref() == Some(connection.key.as_str()) {
                    slot.rejected = true;
                }
            });
        }
        result
    }

    /// Uses `key` for the current environment from now on (this tab only).
    pub fn sign_in(&self, key: &str) {
        let env = self.env.get_untracked();
        let key = key.trim().to_owned();
        storage::set(&storage::api_key_slot(env), &key);
        self.keys.update(|k| {
            *k.slot_mut(env) = KeySlot {
                key: Some(key),
                rejected: false,
            }
        });
    }

    /// Forgets the current environment's key.
    pub fn sign_out(&self) {
        let env = self.env.get_untracked();
        storage::remove(&storage::api_key_slot(env));
        self.keys.update(|k| *k.slot_mut(env) = KeySlot::default());
    }

    /// The address of the app's `path` (e.g. `/pets`) in `env`, from the site root: it
    /// includes the sub-path the site is served under. Navigate to it with `resolve: false`.
    pub fn link(&self, path: &str, env: Environment) -> String {
        let base = self.base.with_value(|b| b.clone());
        format!("{base}{path}?env={}", env.as_str())
    }

    /// [`Session::link`] in the current environment, for links (tracked).
    pub fn href(&self, path: &str) -> String {
        self.link(path, self.env.get())
    }

    /// [`Session::href`] without tracking, for links built once.
    pub fn href_untracked(&self, path: &str) -> String {
        untrack(|| self.href(path))
    }
}

/// Returns `set(key, value, replace)`: sets (or, with `None`, removes) one query parameter of
/// the current address, keeping the path and the other parameters. URL query is the state for
/// filters and the environment, so changing one is a navigation (`replace` keeps it out of the
/// history) and reload and back/forward keep it.
pub fn use_set_query() -> impl Fn(&'static str, Option<String>, bool) + Clone {
    let location = use_location();
    let navigate = use_navigate();
    move |key, value, replace| {
        let mut query = location.query.get_untracked();
        match value {
            Some(v) => query.replace(key, v),
            None => {
                query.remove(key);
            }
        }
        // The pathname already includes the router's base: do not resolve it again.
        let path = location.pathname.get_untracked();
        let options = NavigateOptions {
            resolve: false,
            replace,
            ..Default::default()
        };
        navigate(&format!("{path}{}", query.to_query_string()), options);
    }
}
