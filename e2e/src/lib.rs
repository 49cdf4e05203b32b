//! Helpers for driving the built site (`dist/`) in a browser over WebDriver (headless
//! Chromium through ChromeDriver; Firefox and WebKit in `engines`): a static server with the
//! SPA fallback a CDN rule gives, a browser session, and the browser's console.

pub mod engines;
pub mod long_tab;
pub mod look;
pub mod worker;

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::HeaderValue;
use axum::response::IntoResponse;
use axum::routing::get;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use petstore_dev_service::control::Registry;
use serde_json::{json, Value};
use tokio::process::{Child, Command};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// A release build to test: `$var` if set, else `default` (relative to the workspace root).
pub fn dist_dir(var: &str, default: &str) -> PathBuf {
    let dir = std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(default)
    });
    assert!(
        dir.join("index.html").is_file(),
        "no release build at {}: scripts/test.sh builds it (trunk build --release)",
        dir.display()
    );
    dir
}

/// The Content-Security-Policy the site is tested under (and the README recommends), for an
/// app that talks to `service_origin`. `connect-src` needs `'self'` too: the app fetches its
/// wasm and `config.json` from its own origin; the service worker and the manifest are the
/// site's own files (the manifest under `default-src`: WebKit reports `manifest-src`, which
/// it does not know, as a console error).
pub fn csp(service_origin: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
         connect-src 'self' {service_origin}; worker-src 'self'; \
         object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )
}

/// Serves the release build of `$PETSTORE_DIST` (else `dist/`) at the site root under the strict
/// Content-Security-Policy for `service`, with `config` as its config.json; answers the site's
/// address.
pub async fn serve_release(service: &str, config: String) -> String {
    serve_site(
        &dist_dir("PETSTORE_DIST", "dist"),
        "/",
        config,
        &csp(service),
    )
    .await
}

/// Serves `dir` on a free loopback port like a CDN: under `prefix` (`/` or e.g. `/admin/`),
/// files as they are (or their `.br`/`.gz` siblings, where present and accepted, as a CDN
/// serves compressed copies) with the README's cache headers, and any other path answered with
/// `index.html` (the SPA rule),
/// `config.json` replaced by `config` (as a deployment uploads its own), and every answer
/// carrying `policy` as its Content-Security-Policy. Returns the site's address, e.g.
/// `http://127.0.0.1:40123/admin/`.
pub async fn serve_site(dir: &Path, prefix: &str, config: String, policy: &str) -> String {
    serve_site_with(dir, prefix, config, policy, SiteLog::default()).await
}

/// What a site served by [`serve_site_with`] was asked for, and a switch that takes it down.
#[derive(Clone, Default)]
pub struct SiteLog {
    paths: Arc<std::sync::Mutex<Vec<String>>>,
    answers: Arc<std::sync::Mutex<Vec<(String, u16)>>>,
    down: Arc<std::sync::atomic::AtomicBool>,
    no_store: Arc<std::sync::atomic::AtomicBool>,
    delay_ms: Arc<std::sync::atomic::AtomicU64>,
}

impl SiteLog {
    /// The paths asked for since the last call (and forgets them).
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.paths.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Each request answered since the last call, as its path and status, in the order the
    /// answers left (and forgets them).
    pub fn take_answers(&self) -> Vec<(String, u16)> {
        std::mem::take(&mut *self.answers.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Serves every answer `Cache-Control: no-store` (a deployment that lets the browser keep
    /// nothing, so whatever it fetches twice, it downloads twice) instead of the README's
    /// headers, or goes back to those.
    pub fn set_no_store(&self, no_store: bool) {
        self.no_store
            .store(no_store, std::sync::atomic::Ordering::SeqCst);
    }

    /// Holds every answer `delay` before it leaves, as from a CDN further away than this
    /// machine (the benchmark's `--site-latency-ms`).
    pub fn set_delay(&self, delay: Duration) {
        let ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.delay_ms.store(ms, std::sync::atomic::Ordering::SeqCst);
    }

    /// Takes the site down (every answer a 503, as from a CDN that is out of reach) or
    /// brings it back.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, std::sync::atomic::Ordering::SeqCst);
    }
}

/// [`serve_site`], recording each request's path in `log` and answering 503 while it is down.
pub async fn serve_site_with(
    dir: &Path,
    prefix: &str,
    config: String,
    policy: &str,
    log: SiteLog,
) -> String {
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(ServeFile::new(dir.join("index.html")));
    let config = move || async move { ([(CONTENT_TYPE, "application/json")], config) };
    let app = axum::Router::new().route(&format!("{prefix}config.json"), get(config));
    let app = match prefix.trim_end_matches('/') {
        "" => app.fallback_service(files),
        path => app.nest_service(path, files),
    };
    let policy = HeaderValue::from_str(policy).expect("a valid header value");
    let app = app
        .layer(SetResponseHeaderLayer::overriding(
            CONTENT_SECURITY_POLICY,
            policy,
        ))
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| {
                let log = log.clone();
                async move {
                    log.paths
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(request.uri().path().to_owned());
                    if log.down.load(std::sync::atomic::Ordering::SeqCst) {
                        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
                    }
                    let path = request.uri().path().to_owned();
                    let delay = log.delay_ms.load(std::sync::atomic::Ordering::SeqCst);
                    if delay > 0 {
                        tokio::time::sleep(Duration::from_millis(delay)).await;
                    }
                    let mut response = next.run(request).await;
                    let cache = match log.no_store.load(std::sync::atomic::Ordering::SeqCst) {
                        true => "no-store",
                        false => cache_control(&path),
                    };
                    response
                        .headers_mut()
                        .insert(CACHE_CONTROL, HeaderValue::from_static(cache));
                    log.answers
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((path, response.status().as_u16()));
                    response
                }
            },
        ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let origin = format!("http://{}", listener.local_addr().expect("local address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("{origin}{prefix}")
}

/// The README's cache headers: a build's folder (`app-<hash>/`) and Trunk's hashed files
/// never change; anything else (`index.html` and every address it answers, `config.json`,
/// `sw.js`, the manifest, the icons) is checked with the server each time it is used.
fn cache_control(path: &str) -> &'static str {
    let name = path.rsplit('/').next().unwrap_or_default();
    let hashed = name
        .split_once('.')
        .and_then(|(stem, _)| stem.rsplit_once('-'))
        .is_some_and(|(_, hash)| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()));
    if hashed || path.contains("/app-") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Waits up to 20 s for an element matching `xpath`; panics naming it if none appears.
/// Any failed look is tried again, not only "no such element": WebKit's driver can answer
/// that the element it just found went stale while the page was being drawn again.
pub async fn wait_for(c: &Client, xpath: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        match c.find(Locator::XPath(xpath)).await {
            Ok(_) => return,
            Err(e) if tokio::time::Instant::now() >= deadline => {
                let page = c
                    .execute("return document.body.innerText.slice(0, 1500);", vec![])
                    .await
                    .unwrap_or_default();
                panic!("{xpath} did not appear: {e}; the page says: {page}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Clicks the navigation link named `name` (New pet, Pets, Activity…), as a person does.
pub async fn click_nav(c: &Client, name: &str) {
    click(c, &format!("//nav//a[normalize-space()='{name}']")).await;
}

/// Clicks the element at `xpath`.
pub async fn click(c: &Client, xpath: &str) {
    c.find(Locator::XPath(xpath))
        .await
        .unwrap_or_else(|e| panic!("{xpath}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {xpath}: {e}"));
}

/// Starts the dev service in this process on a free loopback port. Returns its origin and the
/// `config.json` text that points the app at its two deployments.
pub async fn start_service() -> (String, String) {
    start_service_with(petstore_dev_service::Config::default()).await
}

/// [`start_service`] with a configuration of its own.
pub async fn start_service_with(config: petstore_dev_service::Config) -> (String, String) {
    let (origin, config, _) = start_service_with_registry(config).await;
    (origin, config)
}

/// [`start_service_with`], also returning the service's deployments, so a test can play the
/// service's side (rotate keys, set fault modes) and read what it was sent.
pub async fn start_service_with_registry(
    config: petstore_dev_service::Config,
) -> (String, String, Arc<Registry>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let origin = format!("http://{}", listener.local_addr().expect("local address"));
    let (app, registry) = petstore_dev_service::router_with_registry(&config);
    tokio::spawn(async move { axum::serve(listener, app).await });
    let config = json!({
        "production": { "baseUrl": format!("{origin}{}", petstore_dev_service::PRODUCTION_PREFIX) },
        "staging": { "baseUrl": format!("{origin}{}", petstore_dev_service::STAGING_PREFIX) },
    })
    .to_string();
    (origin, config, registry)
}

/// `config` (a config.json's text) with `refreshSeconds` set: how often the app reads the
/// data on screen again.
pub fn with_refresh(config: &str, seconds: f64) -> String {
    let mut config: Value = serde_json::from_str(config).expect("config.json is JSON");
    config["refreshSeconds"] = json!(seconds);
    config.to_string()
}

/// Brings another tab to the front for `how_long`, which hides this one (a real visibility
/// change: the page's `visibilitychange` fires), then closes it and comes back.
pub async fn hide_for(c: &Client, how_long: Duration) -> Result<(), String> {
    let this = c.window().await.map_err(|e| e.to_string())?;
    let other = c.new_window(true).await.map_err(|e| e.to_string())?;
    c.switch_to_window(other.handle)
        .await
        .map_err(|e| e.to_string())?;
    tokio::time::sleep(how_long).await;
    c.close_window().await.map_err(|e| e.to_string())?;
    c.switch_to_window(this).await.map_err(|e| e.to_string())
}

/// A headless Chromium session and the ChromeDriver process behind it.
pub struct Browser {
    /// The WebDriver client.
    pub client: Client,
    _driver: Child,
    console: engines::Console,
}

impl Browser {
    /// Starts ChromeDriver (`$CHROMEDRIVER`, else `/usr/bin/chromedriver`) on a free port and
    /// opens a session with the flags of the workspace's `webdriver.json`, recording the
    /// browser's console at every level.
    pub async fn start() -> Browser {
        Self::start_with_args(&[]).await
    }

    /// [`Browser::start`] with more Chromium flags.
    pub async fn start_with_args(extra_args: &[&str]) -> Browser {
        let driver_path =
            std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        let mut caps: Value =
            serde_json::from_str(include_str!("../../webdriver.json")).expect("webdriver.json");
        caps["goog:loggingPrefs"] = json!({ "browser": "ALL" });
        if let Some(args) = caps["goog:chromeOptions"]["args"].as_array_mut() {
            args.extend(extra_args.iter().map(|a| json!(a)));
        }
        Self::open_session("Chromium", caps, |port| {
            let mut driver = Command::new(&driver_path);
            driver.arg(format!("--port={port}"));
            driver
        })
        .await
    }

    /// Starts a WebDriver server (`driver`, told the port to listen on) and opens a session
    /// with `caps`. A session that cannot be opened (two tests that started at once may pick
    /// the same free port, or the driver resets the first connection on a loaded machine) is
    /// tried again with a new server, three times in all.
    pub(crate) async fn open_session(
        engine: &str,
        caps: Value,
        driver: impl Fn(u16) -> Command,
    ) -> Browser {
        let caps = caps
            .as_object()
            .cloned()
            .expect("capabilities are an object");
        let mut last_error = String::new();
        for _ in 0..3 {
            let port = free_port();
            let mut command = driver(port);
            let program = command
                .as_std()
                .get_program()
                .to_string_lossy()
                .into_owned();
            // A group of its own, so that the browser it starts goes with it (see Drop).
            let server = command
                .process_group(0)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .kill_on_drop(true)
                .spawn()
                .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
            wait_for_port(port).await;
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(client) => {
                    return Browser {
                        client,
                        _driver: server,
                        console: engines::Console::Chromium,
                    }
                }
                Err(e) => last_error = e.to_string(),
            }
        }
        panic!("open a {engine} session (3 tries): {last_error}");
    }

    /// The console entries logged since the last call (`{level, message, ...}` objects).
    pub async fn console_log(&self) -> Vec<Value> {
        let answer = self
            .client
            .issue_cmd(ChromeCommand {
                path: "se/log",
                body: json!({ "type": "browser" }),
            })
            .await
            .expect("read the browser log");
        answer.as_array().cloned().unwrap_or_default()
    }

    /// The first console message since the last read that tells of a Rust panic or a wasm trap
    /// (either ends the app), if any.
    pub async fn trap_in_console(&self) -> Option<String> {
        self.console_log()
            .await
            .iter()
            .filter_map(|e| e["message"].as_str())
            .find(|m| {
                ["panicked", "RuntimeError", "unreachable"]
                    .iter()
                    .any(|t| m.contains(t))
            })
            .map(str::to_owned)
    }

    /// Runs a Chrome DevTools Protocol command in the page, e.g.
    /// `Page.addScriptToEvaluateOnNewDocument`.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.client
            .issue_cmd(ChromeCommand {
                path: "goog/cdp/execute",
                body: json!({ "cmd": cmd, "params": params }),
            })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }

    /// [`Browser::start`], its tab signed in to production as one that already was (the key
    /// in `sessionStorage` before any of the page's scripts run, on every load).
    pub async fn signed_in() -> Browser {
        let browser = Self::start().await;
        browser
            .on_every_load(
                r#"sessionStorage.setItem("petstore-admin.api-key.production", "dev-production-key")"#,
            )
            .await;
        browser
    }

    /// Runs `source` in every document this tab loads from now on, before the page's own
    /// scripts (DevTools `Page.addScriptToEvaluateOnNewDocument`).
    pub async fn on_every_load(&self, source: &str) {
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source }),
        )
        .await;
    }

    /// Ends the session and closes the browser.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }
}

impl Drop for Browser {
    /// Ends the driver and everything it started, a test that failed before `close` too
    /// (killing the driver alone left its Firefox running, holding its ports).
    fn drop(&mut self) {
        if let Some(pid) = self._driver.id() {
            let group = format!("-{pid}");
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &group])
                .stderr(Stdio::null())
                .status();
        }
    }
}

/// A POST to one of ChromeDriver's own endpoints of the session (`se/log` for the console,
/// `goog/cdp/execute` for DevTools), which the W3C protocol has no command for.
#[derive(Debug)]
struct ChromeCommand {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for ChromeCommand {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

pub(crate) fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("find a free port")
}

async fn wait_for_port(port: u16) {
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the WebDriver server did not listen on port {port} within 10 s");
}
