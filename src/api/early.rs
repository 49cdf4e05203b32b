//! What the start-up script (`start.js`) sent before the wasm was ready: `config.json` and, on
//! the list page, the list request. They wait in `window.petstoreStart` until taken here, once.
//! The list answer is used only for exactly the request the client would have sent (the same
//! address and key); this module, not the script, decides.

use gloo_net::http::Response;
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::AbortSignal;

/// Takes `field` of `window.petstoreStart` (a promise), leaving nothing behind: a second call
/// finds nothing. Nothing either where no start-up script ran (tests, other hosts).
fn take_started(field: &str) -> Option<Promise> {
    let start = Reflect::get(&js_sys::global(), &JsValue::from_str("petstoreStart")).ok()?;
    if !start.is_object() {
        return None;
    }
    let key = JsValue::from_str(field);
    let value = Reflect::get(&start, &key).ok()?;
    let _ = Reflect::delete_property(start.unchecked_ref::<js_sys::Object>(), &key);
    value.dyn_into::<Promise>().ok()
}

/// The answer to `config.json` that the start-up script fetched, taken once: the response
/// and its body, or why the fetch failed. Nothing where no start-up script ran.
pub async fn take_started_config() -> Option<Result<(Response, String), String>> {
    let settled = JsFuture::from(take_started("config")?).await;
    Some(
        settled
            .map_err(|e| js_text(&e))
            .and_then(|a| read_answer(&a)),
    )
}

/// `{ response, text }`, as the start-up script leaves every answer: the `Response` and its
/// body, already read.
fn read_answer(answer: &JsValue) -> Result<(Response, String), String> {
    let part = |name: &str| Reflect::get(answer, &JsValue::from_str(name)).ok();
    let response = part("response").and_then(|r| r.dyn_into::<web_sys::Response>().ok());
    let text = part("text").and_then(|t| t.as_string());
    match (response, text) {
        (Some(response), Some(text)) => Ok((Response::from(response), text)),
        _ => Err("the start-up script left no answer".into()),
    }
}

/// A request the start-up script sent, adopted by the client.
pub(super) struct Early {
    /// Settles with `{ response, text }` (see [`read_answer`]).
    answer: Promise,
    /// Aborts it.
    abort: Function,
}

impl Early {
    /// Waits for the whole answer, which `signal` aborts as it aborts a request of the
    /// client's own (the deadline, the page being left).
    pub(super) async fn answer(self, signal: &AbortSignal) -> Result<(Response, String), String> {
        let _ = signal.add_event_listener_with_callback("abort", &self.abort);
        if signal.aborted() {
            let _ = self.abort.call0(&JsValue::UNDEFINED);
        }
        let answer = JsFuture::from(self.answer).await.map_err(|e| js_text(&e))?;
        read_answer(&answer)
    }
}

/// The early list request if it was `GET url` with `key`; an early request that is anything
/// else is aborted and forgotten, and the client sends its own.
pub(super) async fn adopt(url: &str, key: &str) -> Option<Early> {
    let early = JsFuture::from(take_started("list")?).await.ok()?;
    let field = |name: &str| Reflect::get(&early, &JsValue::from_str(name)).ok();
    let text = |name: &str| field(name).and_then(|v| v.as_string());
    let abort = field("abort")?.dyn_into::<Function>().ok()?;
    if text("url").as_deref() != Some(url) || text("key").as_deref() != Some(key) {
        let _ = abort.call0(&JsValue::UNDEFINED);
        return None;
    }
    let answer = field("response")?.dyn_into::<Promise>().ok()?;
    Some(Early { answer, abort })
}

/// A JavaScript error (or any value) as text.
pub(super) fn js_text(value: &JsValue) -> String {
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}
