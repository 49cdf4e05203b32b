//! The path from a page to the service, and what it needs: the configuration, the connection
//! and the refresh clock, with the small contexts beside it (the current environment, the
//! keys, the activity log, the add form's creates; each in its own file with its own
//! `use_…`). Pages reach it through [`use_session`], and the service only through
//! [`Session::call`] (see `call.rs`), which holds the rules every request obeys.

mod activity;
mod call;
mod create;
mod env;
mod hold;
mod holding;
mod keys;
mod offline;
mod refresh;
mod sent;
mod shallow;
mod tab;
mod tabs;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::location::{Location, Url};
use leptos_router::params::ParamsMap;
use leptos_router::NavigateOptions;

use crate::api::Wait;
use crate::config::{AppConfig, Environment};

pub use activity::{this_tab, use_activity, ActivityLog, Entry, Outcome};
pub use create::{use_creates, CreateRecord, CreateState};
pub use env::{use_current_env, CurrentEnv};
pub use hold::{use_hold, Held, Hold, Leave, Unsent};
pub use keys::{use_keys, ApiKeys};
pub use petstore_core::CallError;
pub(crate) use refresh::begin_watch;
pub use sent::{answer_of, use_sent, SentPets};
pub use shallow::use_shallow_query;
pub use tabs::SignedOut;

/// The app's shared state; cheap to copy into closures.
#[derive(Clone, Copy)]
pub struct Session {
    config: StoredValue<AppConfig>,
    current: CurrentEnv,
    keys: ApiKeys,
    activity: ActivityLog,
    // The add form's creates, made by the first page that asks (create.rs).
    creates: create::CreatesSlot,
    // The pet held before it is sent (hold.rs).
    hold: Hold,
    // The device's record of every pet sent or about to be (sent.rs).
    sent: SentPets,
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
    // The other open tabs of the app on this device (tabs.rs).
    tabs: tabs::Tabs,
}

/// Creates the session for `config` and provides it to every component below. Call inside the
/// `<Router>`: the environment is read from the URL query (`?env=`), else from this tab's last
/// choice, else production. `base` is the router's base path (`""` at the site root).
pub fn provide_session(config: AppConfig, base: String) -> Session {
    crate::i18n::label::name_environments(&config);
    let tabs = tabs::Tabs::open(&base);
    let current = CurrentEnv::from_address(base);
    let keys = ApiKeys::from_storage(current);
    let connection = RwSignal::new(offline::Connection::at_start());
    let sent = SentPets::open(holding::new_page());
    let session = Session {
        config: StoredValue::new(config),
        current,
        keys,
        activity: ActivityLog::new(),
        creates: create::CreatesSlot::new(),
        hold: Hold::new(sent),
        sent,
        waiting: RwSignal::new(None),
        generation: RwSignal::new(0),
        known: StoredValue::new(tab::Known::default()),
        connection,
        reread: offline::returns(connection),
        clock: StoredValue::new(refresh::Clock::default()),
        refreshes: RwSignal::new(0),
        tabs,
    };
    offline::watch(session);
    // The refresh timer begins after the first screen (`Session::after_first_screen`).
    session.clock.update_value(|c| c.owner = Owner::current());
    provide_context(session);
    provide_context(current);
    provide_context(keys);
    provide_context(session.activity);
    provide_context(session.hold);
    provide_context(sent);
    tabs::listen(session);
    session
}

impl Session {
    /// What waits for the first screen to be drawn and the browser idle (their code is the
    /// `live` chunk's): the refresh timer and the tab's visibility, and the stored activity
    /// log.
    pub(crate) async fn after_first_screen(self) {
        let _ = refresh::start_watch(self).await;
        self.activity.read_stored();
    }
}

/// The session provided by the app root.
///
/// # Panics
/// Outside the app root's component tree, where no session exists (a programming error, not
/// something data can cause). Call it while a component is built, never after an `.await`.
pub fn use_session() -> Session {
    use_context::<Session>().expect("the session is provided by the app root")
}

impl Session {
    /// Forgets `env`'s key in this tab, and what it read (Sign out, here or in another tab).
    fn sign_out_here(&self, env: Environment) {
        // On a shared tablet the next person must not see this one's pets, offline either.
        self.forget_kept_answers(&[env]);
        self.forget_read(env);
        self.keys.forget(env);
        // A pet held for `env` is never sent with the next person's key: it stays a draft.
        self.hold.end_for(env, Unsent::SignedOut);
    }
}

/// Navigation options for an address built by [`CurrentEnv::link`], which is already
/// absolute.
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
        set_param(&mut query, key, value);
        go_to_query(&navigate, &location, &query, replace);
    }
}

/// Sets (or, with `None`, removes) `key` in `query`, the value as typed.
fn set_param(query: &mut ParamsMap, key: &'static str, value: Option<String>) {
    match value {
        // `replace` takes an address's (encoded) text and decodes it: the value is encoded
        // first, so that typed text such as `%41` stays as typed.
        Some(v) => query.replace(key, Url::escape(&v)),
        None => {
            query.remove(key);
        }
    }
}

/// Navigates to the current path with `query` instead of its own.
fn go_to_query(
    navigate: &impl Fn(&str, NavigateOptions),
    location: &Location,
    query: &ParamsMap,
    replace: bool,
) {
    // The pathname already includes the router's base: do not resolve it again.
    let path = location.pathname.get_untracked();
    // The page stays where it is: a filter or a search changes the rows, not the place.
    let options = NavigateOptions {
        scroll: false,
        ..absolute(replace)
    };
    navigate(&format!("{path}{}", query.to_query_string()), options);
}
