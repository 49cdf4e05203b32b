//! Whether the answers on screen are live, or kept ones the service worker gave while the
//! service was out of reach (sw.js): then the pages say so and writes stop, and when the
//! network may be back the pages read again. Nothing is queued to send later.

use gloo_timers::callback::Interval;
use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::Session;
use crate::config::Environment;
use crate::storage;

/// How often a page showing kept answers tries the service again, besides the browser's
/// "online" event (which does not come when the network is up but the service is not).
const RETRY_MS: u32 = 30_000;

/// The connection as the tab last saw it.
#[derive(Debug, Default)]
pub(super) struct Connection {
    /// Per environment: when the kept answers on screen were received; `None` while live.
    stale: [Option<String>; 2],
    /// Per environment: the last read found the service out of reach with a key the worker
    /// kept nothing for (it cannot be checked until the network is back).
    unchecked: [bool; 2],
    /// The browser says it has no network.
    browser_offline: bool,
    /// The environment whose answers came live again at the last read, for "Back online".
    back: Option<Environment>,
    /// Counts the times the network may have come back: the pages' reads run again on each.
    reread: u32,
}

/// The place of `env` in the per-environment arrays.
pub(super) fn index(env: Environment) -> usize {
    match env {
        Environment::Production => 0,
        Environment::Staging => 1,
    }
}

impl Connection {
    /// The connection at start: online unless the browser says otherwise.
    pub(super) fn at_start() -> Connection {
        Connection {
            browser_offline: web_sys::window().is_some_and(|w| !w.navigator().on_line()),
            ..Connection::default()
        }
    }

    /// A read of `env` was answered, live (`stored_at` `None`) or with a kept answer; says
    /// whether that changed anything.
    fn answered(&mut self, env: Environment, stored_at: Option<String>) -> bool {
        let back = match (&self.stale[index(env)], &stored_at) {
            (Some(_), None) => Some(env),
            _ => None,
        };
        let changed =
            back != self.back || self.stale[index(env)] != stored_at || self.unchecked[index(env)];
        self.back = back;
        self.stale[index(env)] = stored_at;
        self.unchecked[index(env)] = false;
        changed
    }

    /// Whether a read of `env` found the service out of reach and nothing kept for its key
    /// (`false`: the service answered); says whether that changed anything.
    fn unchecked(&mut self, env: Environment, unchecked: bool) -> bool {
        std::mem::replace(&mut self.unchecked[index(env)], unchecked) != unchecked
    }

    /// While kept answers (or none, for an unchecked key) are shown, has the pages read
    /// again; says whether it did.
    fn retry_if_stale(&mut self) -> bool {
        let stale = self.any_stale() || self.unchecked.iter().any(|u| *u);
        if stale {
            self.reread += 1;
        }
        stale
    }

    /// Whether writes to `env` are off now.
    pub(super) fn read_only_now(&self, env: Environment) -> bool {
        self.browser_offline || self.stale[index(env)].is_some() || self.unchecked[index(env)]
    }

    fn any_stale(&self) -> bool {
        self.stale.iter().any(Option::is_some)
    }
}

/// The count of the times the network may have come back, alone.
pub(super) fn returns(connection: RwSignal<Connection>) -> Memo<u32> {
    Memo::new(move |_| connection.with(|c| c.reread))
}

/// Follows the browser's online and offline events, and tries the service again now and then
/// while kept answers are shown. Call once, where the session is made.
pub(super) fn watch(connection: RwSignal<Connection>) {
    let online = window_event_listener_untyped("online", move |_| {
        connection.maybe_update(|c| {
            let was = std::mem::replace(&mut c.browser_offline, false);
            c.retry_if_stale() || was
        });
    });
    let offline = window_event_listener_untyped("offline", move |_| {
        connection.maybe_update(|c| !std::mem::replace(&mut c.browser_offline, true));
    });
    // Not while the tab is hidden: nobody is looking, and the tab reads again when shown.
    let retry = Interval::new(RETRY_MS, move || {
        if !super::refresh::hidden() {
            connection.maybe_update(|c| c.retry_if_stale());
        }
    });
    let retry = SendWrapper::new(retry);
    on_cleanup(move || {
        online.remove();
        offline.remove();
        drop(retry);
    });
}

impl Session {
    /// When the answers of `env` on screen were received, if they are kept ones shown while
    /// the service is out of reach (tracked).
    pub fn stale_since(&self, env: Environment) -> Option<String> {
        self.connection.with(|c| c.stale[index(env)].clone())
    }

    /// Whether writes to `env` are off: the browser is offline, or `env`'s answers are kept
    /// ones (tracked).
    pub fn read_only(&self, env: Environment) -> bool {
        self.connection.with(|c| c.read_only_now(env))
    }

    /// The environment whose answers just came live again, for the page to say so (tracked).
    pub fn back_online(&self) -> Option<Environment> {
        self.connection.with(|c| c.back)
    }

    /// Read by the pages' reads (tracked), so they run again when the network may be back.
    pub fn reread(&self) -> u32 {
        self.reread.get()
    }

    /// Records a read's answer of `env`: live, or kept (received at `stored_at`).
    pub(super) fn note_answer(&self, env: Environment, stored_at: Option<String>) {
        self.connection.maybe_update(|c| c.answered(env, stored_at));
    }

    /// Records whether a read of `env` found the service out of reach with a key nothing was
    /// kept for: then writes stop, and the page reads again when the network may be back.
    pub(super) fn note_unchecked(&self, env: Environment, unchecked: bool) {
        self.connection
            .maybe_update(|c| c.unchecked(env, unchecked));
    }

    /// Forgets the kept answers of `envs`, in the service worker's cache and on screen.
    pub(super) fn forget_kept_answers(&self, envs: &[Environment]) {
        storage::forget_kept_answers(envs);
        self.connection.maybe_update(|c| {
            let changed = c.back.is_some() || envs.iter().any(|e| c.stale[index(*e)].is_some());
            for env in envs {
                c.stale[index(*env)] = None;
            }
            c.back = None;
            changed
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_live_answer_after_kept_ones_is_back_online_once() {
        let mut c = Connection::default();
        c.answered(Environment::Production, Some("2026-11-23T10:42:00Z".into()));
        assert!(c.any_stale());
        assert_eq!(c.back, None);
        c.answered(Environment::Production, None);
        assert!(!c.any_stale());
        assert_eq!(c.back, Some(Environment::Production));
        c.answered(Environment::Production, None);
        assert_eq!(c.back, None);
    }

    #[wasm_bindgen_test]
    fn an_unchecked_key_stops_writes_and_is_read_again_until_an_answer() {
        let mut c = Connection::default();
        assert!(c.unchecked(Environment::Production, true));
        assert!(!c.unchecked(Environment::Production, true), "said once");
        assert!(c.read_only_now(Environment::Production));
        assert!(!c.read_only_now(Environment::Staging));
        assert!(c.retry_if_stale());
        assert!(c.answered(Environment::Production, None));
        assert!(!c.read_only_now(Environment::Production));
        assert!(!c.retry_if_stale());
        // The service's refusal of the key is an answer too.
        c.unchecked(Environment::Staging, true);
        assert!(c.unchecked(Environment::Staging, false));
        assert!(!c.read_only_now(Environment::Staging));
    }

    #[wasm_bindgen_test]
    fn each_environment_is_stale_on_its_own() {
        let mut c = Connection::default();
        c.answered(Environment::Staging, Some("2026-11-23T10:42:00Z".into()));
        assert_eq!(c.stale[index(Environment::Production)], None);
        assert!(c.stale[index(Environment::Staging)].is_some());
    }
}
