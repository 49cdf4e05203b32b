//! The one path from a page to the service. Every request goes through [`Session::call`] or
//! [`Session::call_detached`], so these rules hold for all of them, on every page:
//! - nothing is sent without a key, or with a key the service already refused;
//! - a key goes only to its own environment's base URL;
//! - a 401 marks that key refused (if it is still the key in use), which shows the sign-in
//!   form, and notifies only when that changed anything;
//! - a read is aborted when the part of the page that asked for it goes away (the page is
//!   left, or the environment it was for is switched away from);
//! - a read that finds the service busy (429, 503) is sent again a few times, as the service
//!   asked, and the page shows the wait, while the tab is in view; a create never is;
//! - every create and every failed read is written in the tab's activity log;
//! - a read counts as on its way until it settles, and no refresh is due meanwhile
//!   (`refresh.rs`, which also holds when a refresh is due).

use std::cell::Cell;
use std::future::Future;
use std::rc::Rc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use web_sys::AbortController;

use super::{activity, refresh, Session};
use crate::api::{ApiError, CallError, Client, Observer, Retry, Wait};
use crate::config::Environment;

impl Session {
    /// Calls the service in `env` with `op`, for a read that belongs to the calling part of
    /// the page: it is aborted when the reactive owner it was made under is cleaned up.
    /// The key is read now (tracked: a resource built on this re-runs when `env`'s key
    /// changes), so call it before any `.await`.
    pub fn call<T, Fut>(
        &self,
        env: Environment,
        op: impl FnOnce(Client) -> Fut + 'static,
    ) -> impl Future<Output = Result<T, CallError>> + 'static
    where
        Fut: Future<Output = Result<T, ApiError>> + 'static,
    {
        let controller = AbortController::new().ok();
        let finished = Rc::new(Cell::new(false));
        if let Some(controller) = controller.clone() {
            let controller = SendWrapper::new(controller);
            let finished = SendWrapper::new(finished.clone());
            // A call that has its answer has nothing left to abort; the abort (an event on
            // the signal) would only cost the next filter change time before its request.
            on_cleanup(move || {
                if !finished.get() {
                    controller.abort();
                }
            });
        }
        // Counted while on its way, so no refresh is due meanwhile (refresh.rs).
        let in_flight = refresh::InFlight::start(self.clock, env);
        let call = self.send(env, controller, None, op);
        let session = *self;
        async move {
            let result = call.await;
            // The wait a busy service asked for outlasts this read's own retries.
            if let Err(CallError::Api(ApiError::Server {
                retry_after: Some(wait),
                ..
            })) = &result
            {
                session.note_busy(wait.as_secs_f64() * 1000.0);
            }
            drop(in_flight);
            finished.set(true);
            result
        }
    }

    /// Like [`Session::call`], for a write that must not be cut off by leaving the page (a
    /// create, sent by [`Session::send_pet`] alone): only its time limit ends it. A create that
    /// copies a pet of another environment names it `from` (that environment and the pet's id
    /// there), which the activity log writes.
    pub(super) fn call_detached<T, Fut>(
        &self,
        env: Environment,
        from: Option<(Environment, i64)>,
        op: impl FnOnce(Client) -> Fut + 'static,
    ) -> impl Future<Output = Result<T, CallError>> + 'static
    where
        Fut: Future<Output = Result<T, ApiError>> + 'static,
    {
        // Nothing is queued: a write while offline is refused here, unsent.
        let online = !self.connection.with_untracked(|c| c.read_only_now(env));
        let call = online.then(|| self.send(env, None, from, op));
        async move {
            match call {
                Some(call) => call.await,
                None => Err(CallError::Offline),
            }
        }
    }

    fn send<T, Fut>(
        &self,
        env: Environment,
        controller: Option<AbortController>,
        from: Option<(Environment, i64)>,
        op: impl FnOnce(Client) -> Fut + 'static,
    ) -> impl Future<Output = Result<T, CallError>> + 'static
    where
        Fut: Future<Output = Result<T, ApiError>> + 'static,
    {
        let slot = self.keys.slot(env);
        let prepared = match (slot.key, slot.rejected) {
            (None, _) => Err(CallError::NoKey),
            (Some(_), true) => Err(CallError::KeyRefused),
            (Some(key), false) => {
                let base_url = self.config.with_value(|c| c.base_url(env).to_owned());
                // A retry goes only with the key still in use and not refused meanwhile (reads
                // sent at once may find it refused while one waits to ask again), and only
                // while the tab is in view: a hidden tab sends nothing (it reads again when
                // shown).
                let keys = self.keys;
                let sent_with = key.clone();
                let may_ask_again =
                    Rc::new(move || !refresh::hidden() && keys.still_usable(env, &sent_with));
                let client = Client::new(&base_url, &key)
                    .with_retry(Retry::new(self.wait_watcher(env)).only_while(may_ask_again))
                    .with_observer(self.observer(env, from, key));
                Ok(match controller {
                    Some(c) => client.with_abort(c),
                    None => client,
                })
            }
        };
        async move { Ok(op(prepared?).await?) }
    }

    /// What each request's answer does to the session: a 401 marks `key` refused as soon as
    /// it comes (not when the page's whole read ends: a read of several requests, one of them
    /// waiting to ask a busy service again, must not send it once more), then the recorder.
    fn observer(
        &self,
        env: Environment,
        from: Option<(Environment, i64)>,
        key: String,
    ) -> Observer {
        let record = self.recorder(env, from);
        let (session, keys) = (*self, self.keys);
        Rc::new(move |exchange| {
            if let Err(ApiError::Unauthorized(_)) = &exchange.outcome {
                keys.refuse(env, &key);
                session.forget_sign_out_reason();
            }
            record(exchange);
        })
    }

    /// Shows a read's wait for a busy service while it lasts.
    fn wait_watcher(&self, env: Environment) -> Rc<dyn Fn(Option<Wait>)> {
        let waiting = self.waiting;
        Rc::new(move |wait| {
            let now = wait.map(|w| (env, w));
            waiting.maybe_update(|w| {
                let changed = *w != now;
                *w = now;
                changed
            });
        })
    }

    /// Writes what came of each request into the activity log (and remembers created pets,
    /// so their page shows at once), unless everything was forgotten since it was sent.
    fn recorder(&self, env: Environment, from: Option<(Environment, i64)>) -> Observer {
        let session = *self;
        let generation = self.generation.get_untracked();
        Rc::new(move |exchange| {
            if session.generation.try_get_untracked() != Some(generation) {
                return;
            }
            if let Ok(Some(pet)) = &exchange.outcome {
                session.remember_pets(env, std::slice::from_ref(pet));
                if !exchange.sent.is_read() {
                    session.track_created(env, pet);
                }
            }
            if exchange.sent.is_read() && exchange.outcome.is_ok() {
                session.note_answer(env, exchange.kept.clone());
            }
            match &exchange.outcome {
                Err(ApiError::KeyUnchecked) => session.note_unchecked(env, true),
                // The service answered (a 401, say): it is in reach.
                Err(e) if e.status().is_some() => session.note_unchecked(env, false),
                _ => {}
            }
            let at_ms = crate::clock::now() as u64;
            if let Some(entry) = activity::entry_for(env, exchange, at_ms, from) {
                session.activity.record(entry);
            }
        })
    }
}
