//! Driving the mounted app the way a person does: find things by label, role and text, type,
//! choose, click, and wait for the page to show the result.

use std::future::Future;

use gloo_timers::future::TimeoutFuture;
use leptos::mount::mount_to;
use leptos::prelude::*;
use petstore_admin::App;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement};

use super::{production, staging};

/// The app mounted in its own element; unmounted and removed on drop.
pub struct Mounted {
    /// The element the app is mounted into.
    pub host: Element,
    handle: Option<Box<dyn std::any::Any>>,
}

impl Drop for Mounted {
    fn drop(&mut self) {
        // Unmount on the next task, as a page would: effects already scheduled by the last
        // interaction run first, against a live app. `open` waits for this before mounting.
        let (handle, host) = (self.handle.take(), self.host.clone());
        wasm_bindgen_futures::spawn_local(async move {
            settle().await;
            drop(handle);
            host.remove();
        });
    }
}

/// Lets the browser finish the current task: effects run, the DOM is updated.
pub async fn settle() {
    TimeoutFuture::new(0).await;
}

fn window() -> web_sys::Window {
    web_sys::window().unwrap()
}

/// A `data:` URL holding a config.json with these base URLs, added pets sent at once (the
/// hold before a pet is sent has tests of its own, `app_hold.rs`).
pub fn config_url(production: &str, staging: &str) -> String {
    let json = format!(
        r#"{{"production":{{"baseUrl":"{production}"}},"staging":{{"baseUrl":"{staging}"}},"undoSeconds":0}}"#
    );
    format!(
        "data:application/json,{}",
        js_sys::encode_uri_component(&json)
    )
}

/// Starts a fresh tab at `path` (empty sessionStorage, requests recorded) and mounts the app
/// configured with the test service's two deployments.
pub async fn open(path: &str) -> Mounted {
    open_with(path, &config_url(&production(), &staging())).await
}

thread_local! {
    static PANICS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Records every panic (a panic in the app's tasks does not fail the test that caused it by
/// itself) and fails on any recorded since the last check: so each mount checks that the
/// tests before it, their teardown included, panicked nowhere.
fn no_panics_so_far() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let text = info.to_string();
            // This check's own failure is reported where it happens, not again later.
            if !text.contains("in an earlier test") {
                PANICS.with(|p| p.borrow_mut().push(text));
            }
            previous(info);
        }));
    });
    let found = PANICS.with(|p| std::mem::take(&mut *p.borrow_mut()));
    assert!(
        found.is_empty(),
        "a panic happened in an earlier test or its teardown: {found:#?}"
    );
}

/// Like [`open`], with another config.json URL.
pub async fn open_with(path: &str, config: &str) -> Mounted {
    settle().await;
    settle().await;
    no_panics_so_far();
    let w = window();
    w.session_storage().unwrap().unwrap().clear().unwrap();
    forget_device_record();
    // The browser's language (English), whatever an earlier test chose.
    w.local_storage()
        .unwrap()
        .unwrap()
        .remove_item("petstore-admin.language")
        .unwrap();
    // The app's clock as the browser's, with no wait of an earlier test's app left.
    petstore_admin::clock::reset();
    w.history()
        .unwrap()
        .replace_state_with_url(&JsValue::NULL, "", Some(path))
        .unwrap();
    record_requests();
    mount(config)
}

/// How long one test may run: the longest takes well under a minute.
const ONE_TEST_LIMIT_MS: f64 = 120_000.0;

/// Fails the run, naming the test, once one test has run past [`ONE_TEST_LIMIT_MS`]: the
/// runner's own limit is for the whole suite, and a hang would otherwise read as every test
/// failing, with no name. The test running is the last the runner said it invokes, on the page.
pub fn watch_for_a_hang() {
    let seen = std::cell::RefCell::new((String::new(), js_sys::Date::now()));
    gloo_timers::callback::Interval::new(5_000, move || {
        let text = body_text();
        let running = text
            .rsplit("Invoking test: ")
            .next()
            .and_then(|rest| rest.lines().next())
            .unwrap_or_default()
            .trim()
            .to_owned();
        let mut seen = seen.borrow_mut();
        let now = js_sys::Date::now();
        if seen.0 != running {
            *seen = (running, now);
        } else if now - seen.1 > ONE_TEST_LIMIT_MS {
            panic!(
                "{running} has run for over {} s: it hangs. The page says: {text}",
                ONE_TEST_LIMIT_MS / 1000.0
            );
        }
    })
    .forget();
}

/// Forgets what the device keeps of a person's work across tabs (the record of sent pets, the
/// pages' words that they act on it, the activity), as a new device would have; its choices (language,
/// paper) stay.
pub fn forget_device_record() {
    let device = window().local_storage().unwrap().unwrap();
    let keys: Vec<String> = (0..device.length().unwrap())
        .filter_map(|i| device.key(i).unwrap())
        .filter(|k| {
            ["sent.", "holding.", "activity."]
                .iter()
                .any(|part| k.starts_with(&format!("petstore-admin.{part}")))
        })
        .collect();
    for key in keys {
        device.remove_item(&key).unwrap();
    }
}

/// Mounts the app again at the current address in the same tab, as a reload does.
pub async fn reopen() -> Mounted {
    reopen_with(&config_url(&production(), &staging())).await
}

/// Like [`reopen`], with another config.json URL.
pub async fn reopen_with(config: &str) -> Mounted {
    settle().await;
    settle().await;
    no_panics_so_far();
    record_requests();
    mount(config)
}

fn mount(config: &str) -> Mounted {
    let document = window().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    let config = config.to_owned();
    let handle = mount_to(host.clone().unchecked_into(), move || {
        view! { <App config_url=config.clone() /> }
    });
    Mounted {
        host,
        handle: Some(Box::new(handle)),
    }
}

/// Waits (up to 10 s) until `check` holds, polling; panics with `what` otherwise.
pub async fn wait_until(what: &str, check: impl Fn() -> bool) {
    for _ in 0..500 {
        if check() {
            return;
        }
        TimeoutFuture::new(20).await;
    }
    panic!(
        "timed out waiting until {what}; at {} the page says: {}",
        address(),
        body_text()
    );
}

/// Watches for `ms` milliseconds that `check` holds, failing as soon as it does not: the
/// check for something that must not happen, so it runs for the whole window.
pub async fn holds_for(what: &str, ms: u32, check: impl Fn() -> bool) {
    let until = js_sys::Date::now() + f64::from(ms);
    while js_sys::Date::now() < until {
        assert!(
            check(),
            "{what} no longer held; the page says: {}",
            body_text()
        );
        TimeoutFuture::new(20).await;
    }
    assert!(
        check(),
        "{what} no longer held; the page says: {}",
        body_text()
    );
}

/// Waits until `find` returns something, and returns it.
pub async fn wait_for<T>(what: &str, find: impl Fn() -> Option<T>) -> T {
    for _ in 0..500 {
        if let Some(found) = find() {
            return found;
        }
        TimeoutFuture::new(20).await;
    }
    panic!(
        "timed out waiting for {what}; at {} the page says: {}",
        address(),
        body_text()
    );
}

fn body_text() -> String {
    window()
        .document()
        .and_then(|d| d.body())
        .and_then(|b| b.text_content())
        .unwrap_or_default()
}

/// Lets pending tasks and timers run for `ms` milliseconds.
pub fn pause(ms: u32) -> impl Future<Output = ()> {
    TimeoutFuture::new(ms)
}

/// Every element under `host` that `selector` matches.
pub fn all(host: &Element, selector: &str) -> Vec<Element> {
    let list = host.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

/// `e`'s text, trimmed.
pub fn text(e: &Element) -> String {
    e.text_content().unwrap_or_default().trim().to_owned()
}

/// The form control labelled `label` (by its `<label for>`), if shown.
pub fn by_label(host: &Element, label: &str) -> Option<HtmlElement> {
    let label = all(host, "label").into_iter().find(|l| text(l) == label)?;
    let id = label.get_attribute("for")?;
    host.query_selector(&format!("#{id}"))
        .ok()??
        .dyn_into()
        .ok()
}

/// The input labelled `label`, waiting for it to appear.
pub async fn input(host: &Element, label: &str) -> HtmlInputElement {
    wait_for(&format!("the input labelled {label}"), || {
        by_label(host, label)
    })
    .await
    .unchecked_into()
}

/// The select labelled `label`, waiting for it to appear.
pub async fn select(host: &Element, label: &str) -> HtmlSelectElement {
    wait_for(&format!("the select labelled {label}"), || {
        by_label(host, label)
    })
    .await
    .unchecked_into()
}

/// Opens the header's menu if it is closed, as a person does before pressing what it holds
/// (its controls are drawn on its first opening).
pub async fn open_menu(host: &Element) {
    let menu_button: HtmlElement = wait_for("the menu button", || {
        host.query_selector("#menu-button")
            .ok()?
            .map(JsCast::unchecked_into)
    })
    .await;
    if menu_button.get_attribute("aria-expanded").as_deref() != Some("true") {
        click(&menu_button).await;
    }
}

/// The select labelled `label` in the header's menu, opening the menu first.
pub async fn menu_select(host: &Element, label: &str) -> HtmlSelectElement {
    open_menu(host).await;
    select(host, label).await
}

/// The button named `name` in the header's menu, opening the menu first.
pub async fn menu_button(host: &Element, name: &str) -> HtmlElement {
    open_menu(host).await;
    wait_for(name, || button(host, name)).await
}

/// The button whose text is `name`, if shown.
pub fn button(host: &Element, name: &str) -> Option<HtmlElement> {
    all(host, "button")
        .into_iter()
        .find(|b| text(b) == name)
        .map(JsCast::unchecked_into)
}

/// The link whose text is `name`, if shown.
pub fn link(host: &Element, name: &str) -> Option<HtmlElement> {
    all(host, "a")
        .into_iter()
        .find(|a| text(a) == name)
        .map(JsCast::unchecked_into)
}

/// The texts of every `role="alert"` element.
pub fn alerts(host: &Element) -> Vec<String> {
    all(host, "[role=alert]").iter().map(text).collect()
}

/// Whether the sign-in dialog is showing.
pub fn dialog_shown(host: &Element) -> bool {
    !all(host, "[role=dialog]").is_empty()
}

/// The rows of the table body, each as its cells' texts.
pub fn rows(host: &Element) -> Vec<Vec<String>> {
    all(host, "table tbody tr")
        .iter()
        .map(|tr| all(tr, "td").iter().map(text).collect())
        .collect()
}

/// The column headers of the table.
pub fn headers(host: &Element) -> Vec<String> {
    all(host, "table thead th").iter().map(text).collect()
}

/// The page's text.
pub fn page_text(host: &Element) -> String {
    text(host)
}

/// Fires a bubbling event of `kind` at `target`.
pub fn fire(target: &Element, kind: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let event = web_sys::Event::new_with_event_init_dict(kind, &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

/// Types `value` into `input` (replacing what was there), as `input` then `change` events.
pub async fn type_into(input: &HtmlInputElement, value: &str) {
    input.set_value(value);
    fire(input, "input");
    fire(input, "change");
    settle().await;
}

/// Chooses the option with `value` in `select`.
pub async fn choose(select: &HtmlSelectElement, value: &str) {
    select.set_value(value);
    fire(select, "change");
    settle().await;
}

/// Sets `input`'s value as typing does, with no change event (no Enter, the field not left).
pub async fn type_only(input: &HtmlInputElement, value: &str) {
    input.set_value(value);
    fire(input, "input");
    settle().await;
}

/// Submits the form around `input`, as Enter in it does.
pub async fn press_enter(input: &HtmlInputElement) {
    let form = input
        .closest("form")
        .ok()
        .flatten()
        .expect("the field's form");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    let submit = web_sys::Event::new_with_event_init_dict("submit", &init).unwrap();
    form.dispatch_event(&submit).unwrap();
    settle().await;
}

/// Clicks `element`, then lets the page react.
pub async fn click(element: &HtmlElement) {
    element.click();
    settle().await;
}

/// Follows the link named `name` as the router does on a click, through the history API.
/// A plain `click()` would do for the app alone, but in a suite an earlier test's app lives on
/// for a while after it is unmounted (leptos keeps its owner until pending work ends) and its
/// router takes the click first. The release end-to-end tests click for real.
pub async fn follow(host: &Element, name: &str) {
    let anchor = link(host, name).unwrap_or_else(|| panic!("a link named {name}"));
    let href = anchor.get_attribute("href").expect("the link has an href");
    go(&href).await;
}

/// Goes to `href` as the router does on a click of a link to it, through the history API.
pub async fn go(href: &str) {
    window()
        .history()
        .unwrap()
        .push_state_with_url(&JsValue::NULL, "", Some(href))
        .unwrap();
    let event = web_sys::Event::new("popstate").unwrap();
    window().dispatch_event(&event).unwrap();
    settle().await;
}

/// Records what the page offers for download instead of saving it: (file name, blob).
pub fn capture_downloads() {
    js_sys::Function::new_no_args(
        "window.__files = [];
         const create = URL.createObjectURL;
         URL.createObjectURL = (blob) => { window.__lastBlob = blob; return create(blob); };
         HTMLAnchorElement.prototype.click = function () {
           if (this.download) { window.__files.push([this.download, window.__lastBlob]); }
         };",
    )
    .call0(&JsValue::NULL)
    .unwrap();
}

/// The `n`-th file offered: its name and text.
pub async fn downloaded(n: u32) -> (String, String) {
    let files = js_sys::Reflect::get(&window(), &"__files".into()).unwrap();
    let entry = js_sys::Array::from(&js_sys::Array::from(&files).get(n));
    let blob: web_sys::Blob = entry.get(1).into();
    let text = wasm_bindgen_futures::JsFuture::from(blob.text())
        .await
        .unwrap();
    (entry.get(0).as_string().unwrap(), text.as_string().unwrap())
}

/// The id of the element that has the focus (empty for none, or one without an id).
pub fn focused_id() -> String {
    window()
        .document()
        .and_then(|d| d.active_element())
        .map(|e| e.id())
        .unwrap_or_default()
}

/// Presses `key` on `target` (its `keydown`, bubbling, as the page listens for it); whether the
/// page cancelled it.
pub fn press_key(target: &web_sys::EventTarget, key: &str) -> bool {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    !target.dispatch_event(&event).unwrap()
}

/// Signs in through the dialog with `key`.
pub async fn sign_in(host: &Element, key: &str) {
    let field = input(host, "API key").await;
    type_into(&field, key).await;
    click(&button(host, "Sign in").expect("a Sign in button")).await;
}

/// The current address (path and query).
pub fn address() -> String {
    let l = window().location();
    format!("{}{}", l.pathname().unwrap(), l.search().unwrap())
}

/// Wraps `window.fetch` to record every request's URL, method and Authorization header.
fn record_requests() {
    let wrap = js_sys::Function::new_no_args(
        "window.__sent = [];
         if (!window.__fetch) { window.__fetch = window.fetch; }
         window.fetch = function (input, init) {
           const r = input instanceof Request ? input : new Request(input, init);
           window.__sent.push([r.method, r.url, r.headers.get('Authorization') || '']);
           return window.__fetch.call(window, input, init);
         };",
    );
    wrap.call0(&JsValue::NULL).unwrap();
}

/// The requests sent since the page was opened: (method, URL, Authorization header).
pub fn sent() -> Vec<(String, String, String)> {
    let list = js_sys::Reflect::get(&window(), &"__sent".into()).unwrap();
    js_sys::Array::from(&list)
        .iter()
        .map(|entry| {
            let e = js_sys::Array::from(&entry);
            let s = |i| e.get(i).as_string().unwrap_or_default();
            (s(0), s(1), s(2))
        })
        .collect()
}
