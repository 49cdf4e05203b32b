//! What the start-up script (`start.js`) sent before the wasm was ready: `config.json` and, on
//! the list page, the list request. They wait in `window.petstoreStart` until taken here, once.
//! The list answer is used only for exactly the request the client would have sent (the same
//! address and key); this module, not the script, decides.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Takes `field` of `window.petstoreStart` (a promise), leaving nothing behind: a second call
/// finds nothing. Nothing either where no start-up script ran (tests, other hosts).
pub fn take_started(field: &str) -> Option<Promise> {
    let start = Reflect::get(&js_sys::global(), &JsValue::from_str("petstoreStart")).ok()?;
    if !start.is_object() {
        return None;
    }
    let key = JsValue::from_str(field);
    let value = Reflect::get(&start, &key).ok()?;
    let _ = Reflect::delete_property(start.unchecked_ref::<js_sys::Object>(), &key);
    value.dyn_into::<Promise>().ok()
}

/// A request the start-up script sent, adopted by the client.
pub(super) struct Early {
    /// Settles with `{ response, text }`: the `Response` and its body, already read.
    pub(super) answer: Promise,
    /// Aborts it.
    pub(super) abort: Function,
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

/// What an early answer settled with: the response, and its body as text.
pub(super) fn answer_parts(answer: &JsValue) -> Option<(web_sys::Response, String)> {
    let response = Reflect::get(answer, &JsValue::from_str("response")).ok()?;
    let text = Reflect::get(answer, &JsValue::from_str("text")).ok()?;
    Some((response.dyn_into().ok()?, text.as_string()?))
}
