//! Whether the answers on screen are live, or kept ones the service worker gave instead
//! (sw.js): while the service is out of reach (then the pages say so and writes stop, and the
//! tab asks the service now and then until it answers), or while it is slow to answer (then
//! the pages say so, writes stay on, and the page reads again at once, which the worker
//! answers with the slow answer when it comes). Nothing is queued to send later.

use std::time::Duration;

use leptos::prelude::*;

use super::Session;
use crate::api::Kept;
use crate::clock;
use crate::config::Environment;
use crate::storage;

/// How often a tab showing kept answers asks the service whether it is back, besides the
/// browser's "online" event (which does not come when the network is up but the service is
/// not).
const RETRY: Duration = Duration::from_secs(30);

/// The connection as the tab last saw it.
#[derive(Debug, Default)]
pub(super) struct Connection {
    /// Per environment: the kept answer on screen (given while the service was out of reach,
    /// or slow); `None` while live.
    kept: [Option<Kept>; 2],
    /// Per environment: a slow answer was followed by a read at once; until a live answer,
    /// the next slow one waits for the next refresh (a slow service is not asked in a loop).
    followed: [bool; 2],
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

    /// A read of `env` was answered, live (`kept` `None`) or with a kept answer; says whether
    /// that changed anything. A first slow answer has the pages read again.
    fn answered(&mut self, env: Environment, kept: Option<Kept>) -> bool {
        let i = index(env);
        let back = match (&self.kept[i], &kept) {
            (Some(was), None) if !was.slow => Some(env),
            _ => None,
        };
        let follow = kept.as_ref().is_some_and(|k| k.slow) && !self.followed[i];
        let changed = back != self.back || self.kept[i] != kept || self.unchecked[i] || follow;
        self.back = back;
        self.followed[i] = kept.is_some() && (follow || self.followed[i]);
        self.kept[i] = kept;
        self.unchecked[i] = false;
        if follow {
            self.reread += 1;
        }
        changed
    }

    /// Whether a read of `env` found the service out of reach and nothing kept for its key
    /// (`false`: the service answered); says whether that changed anything.
    fn unchecked(&mut self, env: Environment, unchecked: bool) -> bool {
        std::mem::replace(&mut self.unchecked[index(env)], unchecked) != unchecked
    }

    /// Whether `env`'s answers on screen are kept ones given while the service was out of
    /// reach (or none, for a key that could not be checked).
    fn out_of_reach(&self, env: Environment) -> bool {
        self.kept[index(env)].as_ref().is_some_and(|k| !k.slow) || self.unchecked[index(env)]
    }

    /// Whether writes to `env` are off now: the browser is offline, or the service out of
    /// reach; never because it is slow.
    pub(super) fn read_only_now(&self, env: Environment) -> bool {
        self.browser_offline || self.out_of_reach(env)
    }
}

/// The count of the times the network may have come back, alone.
pub(super) fn returns(connection: RwSignal<Connection>) -> Memo<u32> {
    Memo::new(move |_| connection.with(|c| c.reread))
}

/// Follows the browser's online and offline events, and asks the service now and then whether
/// it is back while it is out of reach. Call once, where the session is made.
pub(super) fn watch(session: Session) {
    let connection = session.connection;
    let online = window_event_listener_untyped("online", move |_| {
        let was = connection
            .try_update(|c| std::mem::replace(&mut c.browser_offline, false))
            .unwrap_or(false);
        if was || untrack(|| session.out_of_reach_anywhere()) {
            connection.update(|c| c.reread += 1);
        }
    });
    let offline = window_event_listener_untyped("offline", move |_| {
        connection.maybe_update(|c| !std::mem::replace(&mut c.browser_offline, true));
    });
    // Not while the tab is hidden: nobody is looking, and the tab reads again when shown.
    let retry = clock::every(RETRY, move || {
        if !super::refresh::hidden() {
            session.ask_if_back();
        }
    });
    on_cleanup(move || {
        online.remove();
        offline.remove();
        retry.clear();
    });
}

impl Session {
    /// The kept answer of `env` on screen, if the service worker gave one because the service
    /// was out of reach or slow (tracked).
    pub fn kept_answer(&self, env: Environment) -> Option<Kept> {
        self.connection.with(|c| c.kept[index(env)].clone())
    }

    /// When the kept answer of `env` on screen was first received (ms since the epoch), if
    /// one is (untracked): a read the service worker answered from what it kept is as old as
    /// that answer, not as the read.
    pub fn kept_at(&self, env: Environment) -> Option<f64> {
        self.connection
            .try_with_untracked(|c| {
                c.kept[index(env)]
                    .as_ref()
                    .map(|k| js_sys::Date::parse(&k.at))
            })
            .flatten()
            .filter(|at| at.is_finite())
    }

    fn out_of_reach_anywhere(&self) -> bool {
        self.connection
            .with(|c| Environment::ALL.iter().any(|e| c.out_of_reach(*e)))
    }

    /// While the current environment is out of reach, asks the service for one pet: on a live
    /// answer (which clears the state on every page) the pages read again. A page that reads
    /// nothing itself (the add form) learns so too.
    fn ask_if_back(&self) {
        let env = self.current.env_untracked();
        if !self.connection.with_untracked(|c| c.out_of_reach(env)) {
            return;
        }
        let asked = self.call(env, |client| async move { client.list_pets(1, None).await });
        let connection = self.connection;
        leptos::task::spawn_local(async move {
            let back = asked.await.is_ok()
                && connection.try_with_untracked(|c| !c.out_of_reach(env)) == Some(true);
            if back {
                connection.update(|c| c.reread += 1);
            }
        });
    }

    /// Whether writes to `env` are off: the browser is offline, or `env`'s answers are kept
    /// ones given while the service was out of reach (never because it is slow; tracked).
    pub fn read_only(&self, env: Environment) -> bool {
        self.connection.with(|c| c.read_only_now(env))
    }

    /// Whether the browser says the device has no network (tracked): then the Wi-Fi is the
    /// cause, not the service.
    pub fn device_offline(&self) -> bool {
        self.connection.with(|c| c.browser_offline)
    }

    /// The environment whose answers just came live again, for the page to say so (tracked).
    pub fn back_online(&self) -> Option<Environment> {
        self.connection.with(|c| c.back)
    }

    /// Read by the pages' reads (tracked), so they run again when the network may be back.
    pub fn reread(&self) -> u32 {
        self.reread.get()
    }

    /// Records a read's answer of `env`: live, or kept.
    pub(super) fn note_answer(&self, env: Environment, kept: Option<Kept>) {
        self.connection.maybe_update(|c| c.answered(env, kept));
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
            let changed = c.back.is_some() || envs.iter().any(|e| c.kept[index(*e)].is_some());
            for env in envs {
                c.kept[index(*env)] = None;
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

    const P: Environment = Environment::Production;

    fn kept(slow: bool) -> Option<Kept> {
        Some(Kept {
            at: "2026-11-23T10:42:00Z".into(),
            slow,
        })
    }

    #[wasm_bindgen_test]
    fn a_live_answer_after_kept_ones_is_back_online_once() {
        let mut c = Connection::default();
        c.answered(P, kept(false));
        assert!(c.read_only_now(P));
        assert_eq!(c.back, None);
        c.answered(P, None);
        assert!(!c.read_only_now(P));
        assert_eq!(c.back, Some(P));
        c.answered(P, None);
        assert_eq!(c.back, None);
    }

    #[wasm_bindgen_test]
    fn a_slow_service_is_no_offline_one_and_is_read_again_once() {
        let mut c = Connection::default();
        assert!(c.answered(P, kept(true)));
        assert!(!c.read_only_now(P), "writes stay on");
        assert_eq!(c.reread, 1, "read again at once");
        c.answered(P, kept(true));
        assert_eq!(c.reread, 1, "not in a loop while it stays slow");
        c.answered(P, None);
        assert_eq!(c.back, None, "it never was offline");
        c.answered(P, kept(true));
        assert_eq!(
            c.reread, 2,
            "slow again after a live answer: read again once more"
        );
    }

    #[wasm_bindgen_test]
    fn an_unchecked_key_stops_writes_until_an_answer() {
        let mut c = Connection::default();
        assert!(c.unchecked(P, true));
        assert!(!c.unchecked(P, true), "said once");
        assert!(c.read_only_now(P));
        assert!(!c.read_only_now(Environment::Staging));
        assert!(c.answered(P, None));
        assert!(!c.read_only_now(P));
        // The service's refusal of the key is an answer too.
        c.unchecked(Environment::Staging, true);
        assert!(c.unchecked(Environment::Staging, false));
        assert!(!c.read_only_now(Environment::Staging));
    }

    #[wasm_bindgen_test]
    fn each_environment_is_kept_on_its_own() {
        let mut c = Connection::default();
        c.answered(Environment::Staging, kept(false));
        assert_eq!(c.kept[index(P)], None);
        assert!(c.read_only_now(Environment::Staging));
    }
}
