//! The three browser engines a shop has: Chromium (ChromeDriver), Firefox (geckodriver,
//! headless) and Safari's, WebKit (WebKitWebDriver and a small WebKitGTK browser of our own,
//! `webkit/browser.py`, on the virtual display `scripts/test.sh` starts). All are driven over
//! WebDriver; each reports its console in its own way, and [`Browser::console_errors`] reads
//! any of them.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::process::Command;
use tokio_tungstenite::tungstenite::Message;

use crate::Browser;

/// A browser engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Chromium, through ChromeDriver (as every other end-to-end test runs).
    Chromium,
    /// Firefox ESR, through geckodriver.
    Firefox,
    /// WebKitGTK, through WebKitWebDriver: Safari's engine.
    WebKit,
}

/// Where a session's console messages can be read.
pub(crate) enum Console {
    /// ChromeDriver keeps them (`se/log`).
    Chromium,
    /// Firefox's error entries, gathered from its WebDriver BiDi socket by a task.
    Firefox(Arc<Mutex<Vec<String>>>),
    /// The folder our WebKit browser keeps its data and `console.log` in.
    WebKit(Folder),
}

/// A session's own folder, removed when the session is dropped (a failed test too).
pub(crate) struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Engine {
    /// All three.
    pub const ALL: [Engine; 3] = [Engine::Chromium, Engine::Firefox, Engine::WebKit];

    /// The engine's WebDriver server, told to listen on `port`. WebKit draws on
    /// `$PETSTORE_DISPLAY` (set by `scripts/test.sh`), else `$DISPLAY`, and its browser keeps
    /// everything in `folder`.
    fn driver(self, port: u16, folder: &std::path::Path) -> Command {
        match self {
            Engine::Chromium => unreachable!("Browser::start opens Chromium"),
            Engine::Firefox => {
                let program = std::env::var("GECKODRIVER").unwrap_or_else(|_| "geckodriver".into());
                let mut driver = Command::new(program);
                driver.args(["--port", &port.to_string()]);
                // Each Firefox its own BiDi port (9222 for all by default: two at once collide).
                let bidi = crate::free_port().to_string();
                driver.args(["--websocket-port", &bidi]);
                driver
            }
            Engine::WebKit => {
                let mut driver = Command::new("WebKitWebDriver");
                driver.arg(format!("--port={port}"));
                driver.env("PETSTORE_WEBKIT_DIR", folder);
                if let Ok(display) = std::env::var("PETSTORE_DISPLAY") {
                    driver.env("DISPLAY", display);
                }
                driver
            }
        }
    }

    /// The session's capabilities. Firefox's `webSocketUrl` asks for a BiDi socket beside
    /// the classic session: the console arrives there.
    fn capabilities(self) -> Value {
        match self {
            Engine::Chromium => unreachable!("Browser::start opens Chromium"),
            Engine::Firefox => json!({
                "browserName": "firefox",
                "webSocketUrl": true,
                "moz:firefoxOptions": { "args": ["-headless", "-width=1280", "-height=800"] }
            }),
            Engine::WebKit => json!({
                "webkitgtk:browserOptions": { "binary": webkit_browser(), "args": ["--automation"] }
            }),
        }
    }
}

/// Our WebKitGTK browser (WebKitGTK's MiniBrowser sends no console message anywhere: its
/// automation sessions are ephemeral, and WebKit keeps an ephemeral page's console to itself).
fn webkit_browser() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("webkit/browser.py");
    path.display().to_string()
}

impl Browser {
    /// Opens a session of `engine`: [`Browser::start`] for Chromium; for the others, starts
    /// the engine's WebDriver server on a free port and opens a session, its console
    /// readable through [`Browser::console_errors`].
    pub async fn start_engine(engine: Engine) -> Browser {
        if engine == Engine::Chromium {
            return Browser::start().await;
        }
        // WebKit's browser keeps its data and console here (unused by Firefox).
        let folder = std::env::temp_dir().join(format!(
            "petstore-webkit-{}-{}",
            std::process::id(),
            crate::free_port()
        ));
        if engine == Engine::WebKit {
            std::fs::create_dir_all(&folder).expect("a folder for the browser");
        }
        let mut browser =
            Self::open_session(&format!("{engine:?}"), engine.capabilities(), |port| {
                engine.driver(port, &folder)
            })
            .await;
        browser.console = match engine {
            Engine::Firefox => Console::Firefox(firefox_console(&browser).await),
            _ => Console::WebKit(Folder(folder)),
        };
        browser
    }

    /// The console's errors since the session began (Chromium: since the last read): console
    /// errors, uncaught errors, unhandled rejections, CSP violations. Chromium's reports of
    /// an answer's HTTP status ("Failed to load resource") are the network's, not errors of
    /// the page, and the other engines do not log them as such.
    pub async fn console_errors(&self) -> Vec<String> {
        match &self.console {
            Console::Chromium => self
                .console_log()
                .await
                .into_iter()
                .filter(|e| e["level"] == "SEVERE")
                .filter_map(|e| e["message"].as_str().map(str::to_owned))
                .filter(|m| !m.contains("Failed to load resource: the server responded"))
                .collect(),
            Console::Firefox(errors) => errors.lock().unwrap_or_else(|e| e.into_inner()).clone(),
            Console::WebKit(folder) => std::fs::read_to_string(folder.0.join("console.log"))
                .unwrap_or_default()
                .lines()
                .filter(|line| webkit_error(line))
                .map(str::to_owned)
                .collect(),
        }
    }
}

/// Whether a line of WebKit's console is an error: `[url:line:column: ]CONSOLE [SOURCE] LEVEL
/// message`, where the console API's own messages name no source (`CONSOLE ERROR …`) and the
/// others do (`CONSOLE JS ERROR …`).
fn webkit_error(line: &str) -> bool {
    const LEVELS: [&str; 5] = ["LOG", "INFO", "DEBUG", "WARN", "ERROR"];
    let Some((_, rest)) = line.split_once("CONSOLE ") else {
        return false;
    };
    let mut words = rest.split_whitespace();
    match words.next() {
        Some(level) if LEVELS.contains(&level) => level == "ERROR",
        Some(_source) => words.next() == Some("ERROR"),
        None => false,
    }
}

/// Subscribes to Firefox's log entries over the session's BiDi socket and gathers the errors
/// (`console.error`, uncaught errors and rejections, CSP reports) until the session ends.
async fn firefox_console(browser: &Browser) -> Arc<Mutex<Vec<String>>> {
    let url = browser
        .client
        .capabilities()
        .and_then(|caps| caps.get("webSocketUrl"))
        .and_then(Value::as_str)
        .expect("Firefox gave no webSocketUrl")
        .to_owned();
    let (mut socket, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap_or_else(|e| panic!("Firefox's BiDi socket {url}: {e}"));
    let subscribe = json!({
        "id": 1, "method": "session.subscribe", "params": { "events": ["log.entryAdded"] }
    });
    socket
        .send(Message::text(subscribe.to_string()))
        .await
        .expect("subscribe to Firefox's log");
    // The page is opened only once the subscription stands.
    while let Some(Ok(message)) = socket.next().await {
        let answer: Value =
            serde_json::from_str(message.to_text().unwrap_or("{}")).unwrap_or_default();
        if answer["id"] == 1 {
            assert!(answer["type"] == "success", "session.subscribe: {answer}");
            break;
        }
    }
    let errors = Arc::new(Mutex::new(Vec::new()));
    let gathered = errors.clone();
    tokio::spawn(async move {
        while let Some(Ok(message)) = socket.next().await {
            let event: Value =
                serde_json::from_str(message.to_text().unwrap_or("{}")).unwrap_or_default();
            let entry = &event["params"];
            if event["method"] == "log.entryAdded" && entry["level"] == "error" {
                let frame = &entry["stackTrace"]["callFrames"][0];
                let text = format!(
                    "{}: {} (at {}:{})",
                    entry["type"], entry["text"], frame["url"], frame["lineNumber"]
                );
                gathered
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(text);
            }
        }
    });
    errors
}

#[cfg(test)]
mod tests {
    use super::webkit_error;

    #[test]
    fn webkit_errors_are_told_from_other_lines() {
        assert!(webkit_error(
            "CONSOLE JS ERROR Unhandled Promise Rejection: Error: x"
        ));
        assert!(webkit_error("http://a/b.html:2:40: CONSOLE ERROR x"));
        assert!(webkit_error(
            "http://a/:0:0: CONSOLE SECURITY ERROR Refused to load"
        ));
        assert!(!webkit_error(
            "http://a/b.html:2:12: CONSOLE LOG an ERROR in the text"
        ));
        assert!(!webkit_error("CONSOLE JS WARN x"));
        assert!(!webkit_error("some other line with ERROR"));
        assert!(!webkit_error("CONSOLE LOG ERROR is only a word here"));
    }
}
