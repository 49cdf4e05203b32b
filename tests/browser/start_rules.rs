//! The start-up script's early list read follows the app's own rules: one table of cases
//! (addresses, keys, limits, statuses, configurations, good and bad) runs through `start.js`'s
//! `earlyRequest` and through the Rust rules the app applies to its first list request, and
//! fails wherever the two differ. A configuration the app refuses means no early read.

use gloo_net::http::Request;
use js_sys::{Function, Object, Promise, Reflect};
use petstore_admin::api::{is_bearer_token, list_query};
use petstore_admin::config::{AppConfig, Environment};
use petstore_admin::input::parse_filters;
use petstore_core::Page;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

/// The script itself, as it ships.
const START_JS: &str = include_str!("../../start.js");

const GOOD: &str = r#"{"production":{"baseUrl":"https://pets.example/v1/"},
                      "staging":{"baseUrl":"http://127.0.0.1:8081/staging/v1"}}"#;

/// The request the app would send first on the list page at `href`, if it is one that needs
/// nothing replaced or refused: the address the client's request would have.
fn app_rules(base: &str, href: &str, config: &str, key: Option<&str>) -> Option<String> {
    let page = web_sys::Url::new(href).ok()?;
    if page.pathname() != list_path(base) {
        return None;
    }
    let query = page.search_params();
    // The router reads a parameter given twice by its last value.
    let param = |name: &str| query.get_all(name).pop().as_string();
    let env = Environment::parse(&param("env")?)?;
    key.filter(|k| is_bearer_token(k))?;
    let filters = parse_filters(param("status").as_deref(), param("limit").as_deref());
    if !filters.ignored.is_empty() {
        return None;
    }
    let config = AppConfig::parse(config).ok()?;
    let params = list_query(filters.limit, filters.status.as_ref()).ok()?;
    let url = format!("{}/pets", config.base_url(env).trim_end_matches('/'));
    let request = Request::get(&url)
        .query(params.iter().map(|(k, v)| (*k, v.as_str())))
        .build()
        .ok()?;
    Some(request.url())
}

/// The list page's path on a site served under `base`, as the build hands it to `start.js`.
fn list_path(base: &str) -> String {
    format!("{}{}", base.trim_end_matches('/'), Page::List.path())
}

/// `earlyRequest` of `start.js`, loaded as a module (with no start-up element, it only
/// defines its functions).
async fn script_rules() -> Function {
    let load = Function::new_with_args(
        "text",
        "return import(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));",
    );
    let module = load.call1(&JsValue::NULL, &START_JS.into()).unwrap();
    let module = JsFuture::from(module.unchecked_into::<Promise>())
        .await
        .expect("start.js loads as a module");
    Reflect::get(&module, &"earlyRequest".into())
        .unwrap()
        .unchecked_into()
}

fn script_says(
    rules: &Function,
    base: &str,
    href: &str,
    config: &str,
    key: Option<&str>,
) -> Option<String> {
    let args = Object::new();
    let set = |k: &str, v: JsValue| Reflect::set(&args, &k.into(), &v).unwrap();
    set("listPath", list_path(base).into());
    set("href", href.into());
    set("configText", config.into());
    // This tab's key, for whichever environment the address names.
    let key = serde_json::to_string(&key).unwrap();
    set(
        "keyFor",
        Function::new_no_args(&format!("return {key};")).into(),
    );
    let found = rules
        .call1(&JsValue::NULL, &args)
        .expect("earlyRequest runs");
    Reflect::get(&found, &"url".into()).ok()?.as_string()
}

#[wasm_bindgen_test]
async fn the_start_up_read_follows_the_apps_rules() {
    let rules = script_rules().await;
    let key = Some("dev-production-key");
    let page = "https://admin.example/";
    let cases: Vec<(&str, String, &str, Option<&str>)> = vec![
        // Addresses.
        ("/", format!("{page}pets?env=production"), GOOD, key),
        (
            "/",
            format!("{page}pets?env=staging&limit=5&status=sold"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=100&status=pending"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=+050"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=%207"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=007&status="),
            GOOD,
            key,
        ),
        ("/", format!("{page}pets?env=production&limit=0"), GOOD, key),
        (
            "/",
            format!("{page}pets?env=production&limit=101"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=1e1"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=99999999999"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=%EF%BB%BF5"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=%C2%855"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=%C2%A05%E3%80%80"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=5&limit=500"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&limit=500&limit=5"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging&env=production"),
            GOOD,
            key,
        ),
        ("/", format!("{page}pets?env=test&env=staging"), GOOD, key),
        (
            "/",
            format!("{page}pets?env=staging&status=sold&status=lost"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&status=Sold"),
            GOOD,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=production&status=lost"),
            GOOD,
            key,
        ),
        ("/", format!("{page}pets?env=Production"), GOOD, key),
        ("/", format!("{page}pets?env=test"), GOOD, key),
        ("/", format!("{page}pets"), GOOD, key),
        ("/", format!("{page}pets/new?env=production"), GOOD, key),
        ("/", format!("{page}compare?env=production"), GOOD, key),
        (
            "/admin/",
            "https://admin.example/admin/pets?env=staging".into(),
            GOOD,
            key,
        ),
        ("/admin/", format!("{page}pets?env=staging"), GOOD, key),
        // Keys.
        ("/", format!("{page}pets?env=production"), GOOD, None),
        ("/", format!("{page}pets?env=production"), GOOD, Some("")),
        (
            "/",
            format!("{page}pets?env=production"),
            GOOD,
            Some("abc=="),
        ),
        (
            "/",
            format!("{page}pets?env=production"),
            GOOD,
            Some("a+b/c~d.e_f-g"),
        ),
        (
            "/",
            format!("{page}pets?env=production"),
            GOOD,
            Some("abc=def"),
        ),
        ("/", format!("{page}pets?env=production"), GOOD, Some("===")),
        (
            "/",
            format!("{page}pets?env=production"),
            GOOD,
            Some("key with space"),
        ),
        (
            "/",
            format!("{page}pets?env=production"),
            GOOD,
            Some("\u{201c}quoted\u{201d}"),
        ),
        // Configurations.
        ("/", format!("{page}pets?env=production"), "", key),
        ("/", format!("{page}pets?env=production"), "not json", key),
        ("/", format!("{page}pets?env=production"), "[]", key),
        (
            "/",
            format!("{page}pets?env=production"),
            r#"{"production":{"baseUrl":"https://a/v1"}}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v2"},"staging":{"baseUrl":"https://b/v1"}}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"ftp://a/v1"},"staging":{"baseUrl":"https://b/v1"}}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"/v1"},"staging":{"baseUrl":"https://b/v1"}}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":42}}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1///"},"staging":{"baseUrl":"https://b/v1//"},"idleMinutes":0.05,"refreshSeconds":0}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"idleMinutes":0}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"refreshSeconds":-1}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"refreshSeconds":"60"}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"idleMinutes":null}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"undoSeconds":-0.5}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"undoSeconds":0.25}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"https://b/v1"},"undoSeconds":601}"#,
            key,
        ),
        (
            "/",
            format!("{page}pets?env=staging"),
            r#"{"undoSecs":1,"production":{"baseUrl":"https://a/v1","undoSeconds":3,"name":""},"staging":{"baseUrl":"https://b/v1"},"cardsShowStatus":"yes"}"#,
            key,
        ),
    ];
    let mut sent = 0;
    for (base, href, config, key) in &cases {
        let app = app_rules(base, href, config, *key);
        let script = script_says(&rules, base, href, config, *key);
        assert_eq!(
            script, app,
            "start.js and the app differ for {href} (base {base}) with key {key:?} and config {config}"
        );
        sent += usize::from(app.is_some());
    }
    // The table holds both kinds of case, so a rule dropped on either side shows.
    assert!(
        sent >= 12 && cases.len() - sent >= 20,
        "{sent} of {}",
        cases.len()
    );
}
