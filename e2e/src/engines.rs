//! The other two browser engines a shop has: Firefox (geckodriver, headless) and Safari's,
//! WebKit (WebKitGTK's WebDriver and its MiniBrowser, on the virtual display `scripts/test.sh`
//! starts). Both are driven over WebDriver, as Chromium is.

use std::process::Stdio;

use fantoccini::ClientBuilder;
use serde_json::{json, Value};
use tokio::process::Command;

use crate::{free_port, wait_for_port, Browser};

/// A browser engine other than Chromium's.
#[derive(Clone, Copy, Debug)]
pub enum Engine {
    /// Firefox ESR, through geckodriver.
    Firefox,
    /// WebKitGTK's MiniBrowser, through WebKitWebDriver: Safari's engine.
    WebKit,
}

impl Engine {
    /// Both.
    pub const ALL: [Engine; 2] = [Engine::Firefox, Engine::WebKit];

    /// The driver's command, its arguments, and the session's capabilities.
    fn driver(self, port: u16) -> (String, Vec<String>, Value) {
        match self {
            Engine::Firefox => (
                std::env::var("GECKODRIVER").unwrap_or_else(|_| "geckodriver".into()),
                vec!["--port".into(), port.to_string()],
                json!({
                    "browserName": "firefox",
                    "moz:firefoxOptions": { "args": ["-headless", "-width=1280", "-height=800"] }
                }),
            ),
            Engine::WebKit => (
                "WebKitWebDriver".into(),
                vec![format!("--port={port}")],
                json!({
                    "browserName": "MiniBrowser",
                    "webkitgtk:browserOptions": {
                        "binary": mini_browser(),
                        "args": ["--automation"]
                    }
                }),
            ),
        }
    }
}

/// WebKitGTK's MiniBrowser, where Debian's package puts it for this machine's architecture.
fn mini_browser() -> String {
    std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .map(|dir| dir.path().join("webkit2gtk-4.1/MiniBrowser"))
        .find(|path| path.exists())
        .map(|path| path.display().to_string())
        .unwrap_or_else(|| panic!("no MiniBrowser: scripts/test.sh installs webkit2gtk-driver"))
}

impl Browser {
    /// Starts `engine`'s driver on a free port and opens a session (three tries, as for
    /// Chromium). WebKit draws on `$PETSTORE_DISPLAY` (set by `scripts/test.sh`), else
    /// `$DISPLAY`.
    pub async fn start_engine(engine: Engine) -> Browser {
        let mut last_error = String::new();
        for _ in 0..3 {
            let port = free_port();
            let (program, args, caps) = engine.driver(port);
            let mut command = Command::new(&program);
            command
                .args(&args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .kill_on_drop(true);
            if let Ok(display) = std::env::var("PETSTORE_DISPLAY") {
                command.env("DISPLAY", display);
            }
            let driver = command
                .spawn()
                .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
            wait_for_port(port).await;
            let caps = caps.as_object().cloned().unwrap_or_default();
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps)
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(client) => {
                    return Browser {
                        client,
                        _driver: driver,
                    }
                }
                Err(e) => last_error = e.to_string(),
            }
        }
        panic!("open a {engine:?} session (3 tries): {last_error}");
    }
}
