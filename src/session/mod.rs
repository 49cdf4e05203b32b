//! The shared state of the app: the configuration, the current environment (from the URL),
//! one API key per environment, and the last create sent. Pages reach it through
//! [`use_session`], and the service only through [`Session::call`] (see `call.rs`), which holds
//! the rules every request obeys.

mod activity;
mod call;
mod create;
mod keys;
mod offline;
mod refresh;
mod tab;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::location::Url;
use leptos_router::NavigateOptions;
use petstore_core::Page;

use crate::api::Wait;
use crate::config::{AppConfig, Environment};
use crate::storage;

pub use activity::{Entry, Outcome};
pub use create::{CreateRecord, CreateState};
use keys::{KeySlot, Keys};
pub use petstore_core::CallError;
pub(crate) use refresh::begin_watch;

/// The app's shared state; cheap to copy into closures.
#[derive(Clone, Copy)]
pub struct Session {
    config: StoredValue<AppConfig>,
    base: StoredValue<String>,
    env: Memo<Environment>,
    keys: RwSignal<Keys>,
    // One memo per environment, so a request of one environment is not repeated when the
    // other environment's key changes.
    production_key: Memo<KeySlot>,
    staging_key: Memo<KeySlot>,
    replaced_env: RwSignal<Option<String>>,
    create: RwSignal<Option<CreateRecord>>,
    activity: RwSignal<Vec<Entry>>,
    waiting: RwSignal<Option<(Environment, Wait)>>,
    // Counts "sign out everywhere"s: the pages are built anew under each, and answers to
    // requests sent before one are not written down.
    generation: RwSignal<u32>,
    known: StoredValue<tab::Known>,
    // Live or kept answers, online or not (offline.rs).
    connection: RwSignal<offline::Connection>,
    // Its count of returns alone, so a read that depends on it runs again on a return only,
    // not on every answer the connection notes.
    reread: Memo<u32>,
    // When each environment was last read, reads on their way, typing (refresh.rs).
    clock: StoredValue<refresh::Clock>,
    // Goes up when the data on screen is due to be read again.
    refreshes: RwSignal<u32>,
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
    let keys = RwSignal::new(Keys::from_storage());
    // A page the browser kept (Back or Forward across a reload restores it as it was) holds
    // the keys of its time; the tab's storage may have lost one since (refused, signed out).
    let restored = leptos::prelude::window_event_listener_untyped("pageshow", move |ev| {
        let persisted = js_sys::Reflect::get(&ev, &"persisted".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        if persisted {
            let stored = Keys::from_storage();
            keys.try_maybe_update(|k| {
                let changed = *k != stored;
                *k = stored;
                (changed, ())
            });
        }
    });
    on_cleanup(move || restored.remove());
    let slot = move |env| Memo::new(move |_| keys.with(|k| k.slot(env).clone()));
    let connection = RwSignal::new(offline::Connection::at_start());
    let session = Session {
        config: StoredValue::new(config),
        base: StoredValue::new(base),
        env,
        keys,
        production_key: slot(Environment::Production),
        staging_key: slot(Environment::Staging),
        replaced_env: RwSignal::new(None),
        create: RwSignal::new(create::interrupted_from_storage()),
        activity: RwSignal::new(Vec::new()),
        waiting: RwSignal::new(None),
        generation: RwSignal::new(0),
        known: StoredValue::new(tab::Known::default()),
        connection,
        reread: offline::returns(connection),
        clock: StoredValue::new(refresh::Clock::default()),
        refreshes: RwSignal::new(0),
    };
    offline::watch(session.connection);
    // The refresh timer begins after the first screen (`Session::after_first_screen`).
    session.clock.update_value(|c| c.owner = Owner::current());
    provide_context(session);
    session
}

impl Session {
    /// What waits for the first screen to be drawn and the browser idle (their code is the
    /// `live` chunk's): the refresh timer and the tab's visibility, and the stored activity
    /// log.
    pub(crate) async fn after_first_screen(self) {
        let _ = refresh::start_watch(self).await;
        self.read_activity();
    }
}

/// The session provided by the app root.
///
/// # Panics
/// Outside the app root's component tree, where no session exists (a programming error, not
/// something data can cause). Call it while a component is built, never after an `.await`.
pub fn use_session() -> Session {
    expect_context::<Session>()
}

impl Session {
    /// The current environment (tracked).
    pub fn env(&self) -> Environment {
        self.env.get()
    }

    fn key_slot(&self, env: Environment) -> KeySlot {
        match env {
            Environment::Production => self.production_key.get(),
            Environment::Staging => self.staging_key.get(),
        }
    }

    /// The environment that needs a key now, if any: the current one when it has none or the
    /// service refused it (tracked). The sign-in form is for exactly this environment.
    pub fn sign_in_needed(&self) -> Option<Environment> {
        let env = self.env.get();
        self.key_slot(env).usable().is_none().then_some(env)
    }

    /// Whether the current environment needs a key (tracked).
    pub fn needs_sign_in(&self) -> bool {
        self.sign_in_needed().is_some()
    }

    /// Whether `env` has a key the service has not refused (tracked).
    pub fn has_key(&self, env: Environment) -> bool {
        self.key_slot(env).usable().is_some()
    }

    /// Whether `env`'s key was refused by the service (tracked).
    pub fn key_rejected(&self, env: Environment) -> bool {
        self.key_slot(env).rejected
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

    /// Forgets the current environment's key.
    pub fn sign_out(&self) {
        let env = self.env.get_untracked();
        storage::remove(&storage::api_key_slot(env));
        // On a shared tablet the next person must not see this one's pets, offline either.
        self.forget_kept_answers(&[env]);
        self.keys
            .maybe_update(|k| k.replace(env, KeySlot::default()));
    }

    /// The `env=` value of the address that named no environment and was replaced, if any
    /// (tracked), so the page can say so.
    pub fn replaced_env(&self) -> Option<String> {
        self.replaced_env.get()
    }

    /// Records that the address named `value` as its environment, which does not exist.
    pub fn note_replaced_env(&self, value: String) {
        self.replaced_env.maybe_update(|v| {
            let changed = v.as_deref() != Some(value.as_str());
            *v = Some(value);
            changed
        });
    }

    /// The address of `page` in `env`, from the site root: it includes the sub-path the site
    /// is served under. Navigate to it with `resolve: false`.
    pub fn link(&self, page: &Page, env: Environment) -> String {
        let base = self.base.with_value(|b| b.clone());
        format!("{base}{}?env={}", page.path(), env.as_str())
    }

    /// [`Session::link`] in the current environment, for links (tracked).
    pub fn href(&self, page: &Page) -> String {
        self.link(page, self.env.get())
    }

    /// [`Session::href`] without tracking, for links built once.
    pub fn href_untracked(&self, page: &Page) -> String {
        untrack(|| self.href(page))
    }
}

/// Navigation options for an address built by [`Session::link`], which is already absolute.
pub fn absolute(replace: bool) -> NavigateOptions {
    NavigateOptions {
        resolve: false,
        replace,
        ..Default::default()
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
            // `replace` takes an address's (encoded) text and decodes it: the value is
            // encoded first, so that typed text such as `%41` stays as typed.
            Some(v) => query.replace(key, Url::escape(&v)),
            None => {
                query.remove(key);
            }
        }
        // The pathname already includes the router's base: do not resolve it again.
        let path = location.pathname.get_untracked();
        // The page stays where it is: a filter or a search changes the rows, not the place.
        let options = NavigateOptions {
            scroll: false,
            ..absolute(replace)
        };
        navigate(&format!("{path}{}", query.to_query_string()), options);
    }
}
