//! The other two browser engines a shop has: Firefox (geckodriver, headless) and Safari's,
//! WebKit (WebKitGTK's WebDriver and its MiniBrowser, on the virtual display `scripts/test.sh`
//! starts). Both are driven over WebDriver, as Chromium is.

use serde_json::{json, Value};
use tokio::process::Command;

use crate::Browser;

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

    /// The engine's WebDriver server, told to listen on `port`. WebKit draws on
    /// `$PETSTORE_DISPLAY` (set by `scripts/test.sh`), else `$DISPLAY`.
    fn driver(self, port: u16) -> Command {
        match self {
            Engine::Firefox => {
                let program = std::env::var("GECKODRIVER").unwrap_or_else(|_| "geckodriver".into());
                let mut driver = Command::new(program);
                driver.args(["--port", &port.to_string()]);
                driver
            }
            Engine::WebKit => {
                let mut driver = Command::new("WebKitWebDriver");
                driver.arg(format!("--port={port}"));
                if let Ok(display) = std::env::var("PETSTORE_DISPLAY") {
                    driver.env("DISPLAY", display);
                }
                driver
            }
        }
    }

    /// The session's capabilities.
    fn capabilities(self) -> Value {
        match self {
            Engine::Firefox => json!({
                "browserName": "firefox",
                "moz:firefoxOptions": { "args": ["-headless", "-width=1280", "-height=800"] }
            }),
            Engine::WebKit => json!({
                "browserName": "MiniBrowser",
                "webkitgtk:browserOptions": { "binary": mini_browser(), "args": ["--automation"] }
            }),
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
    /// Starts `engine`'s WebDriver server on a free port and opens a session, as
    /// [`Browser::start`] does for Chromium.
    pub async fn start_engine(engine: Engine) -> Browser {
        Self::open_session(&format!("{engine:?}"), engine.capabilities(), |port| {
            engine.driver(port)
        })
        .await
    }
}
