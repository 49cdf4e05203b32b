//! Sending one request of the client: the key, the time limit, the abort, reading the
//! answer's headers, and sending a read again while the service is busy.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use gloo_net::http::Request;
use gloo_timers::callback::Timeout;
use serde::de::DeserializeOwned;
use web_sys::{AbortController, AbortSignal};

use petstore_core::{
    check_status, decode, is_bearer_token, parse_retry_after, ApiError, Kept, Lifecycle, Retry,
    Sent, Wait,
};

use super::client::Client;
use super::early::{self, js_text};
use crate::clock;

/// The header the service worker (sw.js) puts on an answer it kept, given instead of the
/// network's: the time that answer was received.
pub const OFFLINE_HEADER: &str = "x-petstore-offline";

/// The header the service worker adds to a kept answer it gave because the service was slow
/// (its answer still on its way), not out of reach.
const SLOW_HEADER: &str = "x-petstore-slow";

/// The service worker's mark (in [`OFFLINE_HEADER`]) on its answer to a read while the service
/// is out of reach, when it kept nothing this key read: no pet is shown to an unchecked key.
const UNCHECKED: &str = "unchecked";

/// The service worker's mark on its answer to a read the network failed, when it kept no answer
/// to that read: the service out of reach, said as a network error.
const UNREACHABLE: &str = "unreachable";

/// What an answer's headers said, beyond its body.
#[derive(Clone, Debug, Default)]
pub(super) struct Headers {
    pub(super) retry_after: Option<Duration>,
    pub(super) lifecycle: Lifecycle,
    /// The service worker's mark on an answer it kept, given instead of the network's.
    pub(super) kept: Option<Kept>,
}

impl Client {
    /// Sends `sent` (see [`Client::exchange`]) and decodes a 2xx answer's body as `T`.
    pub(super) async fn call<T: DeserializeOwned>(
        &self,
        sent: &Sent,
    ) -> Result<(T, Headers), ApiError> {
        let (status, text, headers) = self.exchange(sent).await?;
        decode(status, &text).map(|value| (value, headers))
    }

    /// Sends `sent`, and again while the service is busy and the retry rules allow (reads
    /// only), waiting as it asked; an abort ends a wait at once. Answers a 2xx answer's status,
    /// body and headers. Not generic on purpose: every call shares this one copy of the
    /// request's state machine in the wasm, instead of one copy per answer type.
    async fn exchange(&self, sent: &Sent) -> Result<(u16, String, Headers), ApiError> {
        let mut retry = 0;
        loop {
            let error = match self.send_once(sent).await {
                Err(e) => e,
                ok => return ok,
            };
            retry += 1;
            let policy = self.retry.as_ref().filter(|_| sent.is_read());
            let Some((policy, delay)) = policy.and_then(|p| Some((p, p.delay(retry, &error)?)))
            else {
                return Err(error);
            };
            (policy.on_wait)(Some(Wait {
                status: error.status().unwrap_or_default(),
                retry,
                of: policy.times,
                delay,
            }));
            // Told that the wait is over however it ends, even if this future is dropped.
            let shown = WaitShown(policy);
            let signal = self.abort.as_ref().map(AbortController::signal);
            let aborted = sleep_unless_aborted(delay, signal.as_ref()).await;
            drop(shown);
            if aborted {
                return Err(ApiError::Cancelled);
            }
            // Things changed during the wait (another request found the key refused): the
            // busy answer stands, nothing more is sent.
            if policy
                .still_allowed
                .as_ref()
                .is_some_and(|allowed| !allowed())
            {
                return Err(error);
            }
        }
    }

    /// Sends one request with the key and the time limit; a status outside 2xx becomes its
    /// error.
    async fn send_once(&self, sent: &Sent) -> Result<(u16, String, Headers), ApiError> {
        // A key that a header cannot carry would make the browser throw; refuse it instead.
        if !self.api_key.is_empty() && !is_bearer_token(&self.api_key) {
            return Err(ApiError::Invalid(
                "The API key holds characters that cannot be sent.".into(),
            ));
        }
        let controller = match &self.abort {
            Some(c) => c.clone(),
            None => AbortController::new().map_err(|e| ApiError::Network(js_text(&e)))?,
        };
        let signal = controller.signal();
        if signal.aborted() {
            return Err(ApiError::Cancelled);
        }
        let millis = u32::try_from(self.timeout.as_millis()).unwrap_or(u32::MAX);
        let timed_out = Rc::new(Cell::new(false));
        let flag = timed_out.clone();
        // Dropped (and so cancelled) when this call returns, answer body read or not.
        let _deadline = Timeout::new(millis, move || {
            flag.set(true);
            controller.abort();
        });

        let request = match sent.method {
            "POST" => Request::post(&sent.url),
            _ => Request::get(&sent.url),
        }
        .query(sent.query.iter().map(|(k, v)| (*k, v.as_str())));
        let request = if self.api_key.is_empty() {
            request
        } else {
            request.header("Authorization", &format!("Bearer {}", self.api_key))
        }
        .abort_signal(Some(&signal));
        let request = match &sent.body {
            Some(json) => request
                .header("Content-Type", "application/json")
                .body(json.clone()),
            None => request.build(),
        }
        .map_err(|e| ApiError::Invalid(e.to_string()))?;

        // The list request the start-up script already sent, if it is exactly this one.
        let early = match sent.is_read() {
            true => early::adopt(&request.url(), &self.api_key).await,
            false => None,
        };
        let (response, early_text) = match early {
            Some(early) => early
                .answer(&signal)
                .await
                .map(|(response, text)| (response, Some(text)))
                .map_err(gloo_net::Error::GlooError),
            None => request.send().await.map(|response| (response, None)),
        }
        .map_err(|e| self.transport_error(&signal, timed_out.get(), e))?;
        let header = |name| response.headers().get(name);
        let headers = Headers {
            retry_after: header("retry-after").and_then(|v| parse_retry_after(&v, clock::now())),
            lifecycle: Lifecycle::from_headers(
                header("deprecation").as_deref(),
                header("sunset").as_deref(),
            ),
            kept: header(OFFLINE_HEADER).map(|at| Kept {
                at,
                slow: header(SLOW_HEADER).is_some(),
            }),
        };
        // The service worker's own answers to a read the network failed: to a key that read
        // nothing it kept, and to a read it kept nothing for.
        let mark = headers.kept.as_ref().map(|k| k.at.as_str());
        if response.status() == 503 && mark == Some(UNCHECKED) {
            return Err(ApiError::KeyUnchecked);
        }
        if response.status() == 503 && mark == Some(UNREACHABLE) {
            return Err(ApiError::Network("the service could not be reached".into()));
        }
        let text = match early_text {
            Some(text) => text,
            None => response
                .text()
                .await
                .map_err(|e| self.transport_error(&signal, timed_out.get(), e))?,
        };
        let status = response.status();
        check_status(status, &text).map_err(|e| e.with_retry_after(headers.retry_after))?;
        Ok((status, text, headers))
    }

    fn transport_error(
        &self,
        signal: &AbortSignal,
        timed_out: bool,
        error: gloo_net::Error,
    ) -> ApiError {
        match (signal.aborted(), timed_out) {
            (true, true) => ApiError::Timeout(self.timeout),
            (true, false) => ApiError::Cancelled,
            _ => ApiError::Network(error.to_string()),
        }
    }
}

/// A wait being shown; dropping it says the wait is over.
struct WaitShown<'a>(&'a Retry);

impl Drop for WaitShown<'_> {
    fn drop(&mut self) {
        (self.0.on_wait)(None);
    }
}

/// Waits `delay`, or less if `signal` aborts first; says whether it did.
async fn sleep_unless_aborted(delay: Duration, signal: Option<&AbortSignal>) -> bool {
    if signal.is_some_and(AbortSignal::aborted) {
        return true;
    }
    // One promise settled by whichever comes first: the app's clock or the abort.
    let mut settle = None;
    let settled = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(signal) = signal {
            let _ = signal.add_event_listener_with_callback("abort", &resolve);
        }
        settle = Some(resolve);
    });
    let waiting = settle.map(|resolve| {
        clock::after(delay, move || {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        })
    });
    let _ = wasm_bindgen_futures::JsFuture::from(settled).await;
    drop(waiting);
    signal.is_some_and(AbortSignal::aborted)
}
