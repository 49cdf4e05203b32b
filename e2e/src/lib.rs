//! Helpers for driving the built site (`dist/`) in a browser over WebDriver (headless
//! Chromium through ChromeDriver; Firefox and WebKit in `engines`): a static server with the
//! SPA fallback a CDN rule gives, a browser session, and the browser's console.

pub mod engines;
pub mod long_tab;
pub mod look;
mod site;
pub mod words;
pub mod worker;

pub use site::{csp, dist_dir, root_dist, serve_release, serve_site, serve_site_with, SiteLog};

use std::net::TcpListener as StdListener;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::error::CmdError;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use petstore_dev_service::control::Registry;
use serde_json::{json, Value};
use tokio::process::{Child, Command};

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

/// Clicks the element at `xpath` (opening the header's menu first if it is in it).
pub async fn click(c: &Client, xpath: &str) {
    let element = find_shown(c, Locator::XPath(xpath))
        .await
        .unwrap_or_else(|e| panic!("{xpath}: {e}"));
    element
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {xpath}: {e}"));
}

/// What `locator` finds, looked for as a person looks: on the page, or else in the header's
/// menu, whose controls are drawn on its first opening (see [`draw_menu`]). The menu is opened
/// when what was found is in it.
pub async fn find_shown(c: &Client, locator: Locator<'_>) -> Result<Element, CmdError> {
    let found = match c.find(locator).await {
        Err(_) if draw_menu(c).await => c.find(locator).await,
        found => found,
    };
    if let Ok(element) = &found {
        reveal(c, element).await;
    }
    found
}

/// Has the header's menu draw its controls if it never has, as a person opening it and closing
/// it again: afterwards the menu is as it was, its controls in the page (hidden while it is
/// closed). Whether it opened the menu for this.
pub async fn draw_menu(c: &Client) -> bool {
    let never = c
        .execute(
            "const b = document.getElementById('menu-button');
             const menu = document.getElementById('header-menu');
             return !!b && !!menu && b.getAttribute('aria-expanded') !== 'true'
               && !menu.querySelector('#environment, [role=alert]');",
            vec![],
        )
        .await;
    if never.ok().and_then(|v| v.as_bool()) != Some(true) {
        return false;
    }
    try_open_menu(c).await;
    if menu_open(c).await == Some(true) {
        press_menu_button(c).await;
    }
    true
}

/// Whether the header's menu is open; `None` when the page has no menu button.
async fn menu_open(c: &Client) -> Option<bool> {
    c.execute(
        "const b = document.getElementById('menu-button');
         return b ? b.getAttribute('aria-expanded') === 'true' : null;",
        vec![],
    )
    .await
    .ok()
    .and_then(|v| v.as_bool())
}

/// Presses the header's menu button, as a person does to open or close the menu; whether it
/// was pressed.
async fn press_menu_button(c: &Client) -> bool {
    match c.find(Locator::Id("menu-button")).await {
        Ok(button) => button.click().await.is_ok(),
        Err(_) => false,
    }
}

/// Opens the header's menu if it is closed, and waits (up to 20 s) for its controls: they are
/// drawn on its first opening, from a part of the app of their own.
pub async fn open_menu(c: &Client) {
    assert!(try_open_menu(c).await, "the menu's controls did not come");
}

/// [`open_menu`], for a look that may find nothing: whether the menu is open with its controls
/// (rather than its message that its part of the app did not download, or nothing within
/// 20 s).
async fn try_open_menu(c: &Client) -> bool {
    if menu_open(c).await == Some(false) && !press_menu_button(c).await {
        return false;
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while tokio::time::Instant::now() < deadline {
        let drawn = c
            .execute(
                "const menu = document.getElementById('header-menu');
                 return !menu || menu.hidden ? 'closed'
                   : menu.querySelector('#environment') ? 'controls'
                   : menu.querySelector('[role=alert]') ? 'failed' : 'waiting';",
                vec![],
            )
            .await;
        match drawn.ok().as_ref().and_then(Value::as_str) {
            Some("controls") => return true,
            Some("waiting") | None => tokio::time::sleep(Duration::from_millis(50)).await,
            Some(_) => return false,
        }
    }
    false
}

/// Opens the header's menu when `element` is in it and it is closed, as a person does before
/// pressing what it holds (the environment, the language, the sign-outs).
pub async fn reveal(c: &Client, element: &Element) {
    let closed = c
        .execute(
            "const menu = arguments[0].closest('#header-menu');
             return !!menu && menu.hidden;",
            vec![serde_json::to_value(element).unwrap_or_default()],
        )
        .await;
    if closed.ok().and_then(|v| v.as_bool()) == Some(true) {
        press_menu_button(c).await;
    }
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
        // Added pets are sent at once; the tests of the hold set their own time (`with_undo`).
        "undoSeconds": 0,
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

/// `config` (a config.json's text) with `undoSeconds` set: how long an added pet is held
/// before it is sent.
pub fn with_undo(config: &str, seconds: f64) -> String {
    let mut config: Value = serde_json::from_str(config).expect("config.json is JSON");
    config["undoSeconds"] = json!(seconds);
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
        Self::signed_in_with_args(&[]).await
    }

    /// [`Browser::signed_in`] with more Chromium flags (a fake camera, say).
    pub async fn signed_in_with_args(extra_args: &[&str]) -> Browser {
        let browser = Self::start_with_args(extra_args).await;
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
        // A browser that no longer answers (WebKit's page process spinning) is killed by
        // `Drop` instead of holding the run.
        let closing = self.client.clone().close();
        if tokio::time::timeout(Duration::from_secs(10), closing)
            .await
            .is_err()
        {
            eprintln!("the browser did not close within 10 s: its processes are killed");
        }
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
