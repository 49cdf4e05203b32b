//! Helpers for driving the built site (`dist/`) in headless Chromium through ChromeDriver:
//! a static server with the SPA fallback a CDN rule gives, a browser session, and the
//! browser's console log.

pub mod engines;
pub mod long_tab;
pub mod look;
pub mod worker;

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use axum::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE};
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
/// site's own files.
pub fn csp(service_origin: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
         connect-src 'self' {service_origin}; worker-src 'self'; manifest-src 'self'; \
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
/// serves compressed copies) and any other path answered with `index.html` (the SPA rule),
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
    down: Arc<std::sync::atomic::AtomicBool>,
}

impl SiteLog {
    /// The paths asked for since the last call (and forgets them).
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.paths.lock().unwrap_or_else(|e| e.into_inner()))
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
                    next.run(request).await
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

/// Waits up to 20 s for an element matching `xpath`; panics naming it if none appears.
pub async fn wait_for(c: &Client, xpath: &str) {
    c.wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::XPath(xpath))
        .await
        .unwrap_or_else(|e| panic!("{xpath} did not appear: {e}"));
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
            let server = command
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
        let _ = self.client.close().await;
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

fn free_port() -> u16 {
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
