//! Helpers for the service worker's tests: a site folder that deploys replace, and waiting
//! for the worker.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::{json, Value};

use crate::{Browser, SiteLog};

/// How long a condition may take.
const WAIT: Duration = Duration::from_secs(20);

/// Replaces everything in `site` with the build in `build`, as a deploy does.
pub fn deploy(build: &Path, site: &Path) {
    let _ = std::fs::remove_dir_all(site);
    copy(build, site);
}

/// Copies the build in `build` over `site`, keeping the earlier builds' folders, as the
/// README asks of a deploy (a tab not yet run by the service worker still fetches its pages
/// from its own build's folder).
pub fn deploy_keeping(build: &Path, site: &Path) {
    copy(build, site);
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("make a folder");
    for entry in std::fs::read_dir(from).expect("read a build folder") {
        let entry = entry.expect("a file of the build");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy a file of the build");
        }
    }
}

/// A folder of its own for one test's site (removed by the caller at the end).
pub fn site_folder(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("petstore-{name}-{}", std::process::id()))
}

/// Runs `script` (which calls its last argument, `done`, with its answer) until the answer
/// is neither `false` nor `null`, within 20 s; panics naming `what` otherwise. A script that
/// fails (a page still loading) is run again, and its last error said if time runs out.
pub async fn until(c: &Client, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let last = match c.execute_async(script, vec![]).await {
            Ok(value) if value.as_bool() != Some(false) && !value.is_null() => return value,
            Ok(value) => value.to_string(),
            Err(e) => e.to_string(),
        };
        assert!(
            Instant::now() < deadline,
            "{what}: not within {WAIT:?} (last: {last})"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until this page's service worker is active (it installs after the first visit).
pub async fn worker_active(c: &Client) {
    until(
        c,
        "the service worker is active",
        "const done = arguments[0];
         navigator.serviceWorker.getRegistration().then((r) => done(!!(r && r.active)));",
    )
    .await;
}

/// Cuts the browser's network, the page's and the worker's, and takes the site down. Answers
/// the DevTools sessions that hold the worker offline, for [`go_online`].
pub async fn go_offline(browser: &Browser, log: &SiteLog) -> Vec<String> {
    log.set_down(true);
    browser
        .cdp("Network.emulateNetworkConditions", conditions(true))
        .await;
    tell_workers(
        browser,
        "Network.emulateNetworkConditions",
        conditions(true),
    )
    .await
}

/// Stops the service at `origin` answering, as a service that is down: the browser stays
/// online, and the worker's fetches to it fail (the page's go through the worker). Answers
/// the DevTools sessions that hold the block, for [`go_online`].
pub async fn stop_service(browser: &Browser, origin: &str) -> Vec<String> {
    let urls = json!({ "urls": [format!("{origin}/*")] });
    tell_workers(browser, "Network.setBlockedURLs", urls).await
}

/// Sends `method` to every service worker's own target: DevTools' emulation of the page does
/// not reach the worker, which fetches for itself. The sessions last until `go_online`.
async fn tell_workers(browser: &Browser, method: &str, params: Value) -> Vec<String> {
    let targets = browser.cdp("Target.getTargets", json!({})).await;
    let mut sessions = Vec::new();
    for target in targets["targetInfos"].as_array().into_iter().flatten() {
        if target["type"] != "service_worker" {
            continue;
        }
        let attached = browser
            .cdp(
                "Target.attachToTarget",
                json!({ "targetId": target["targetId"], "flatten": false }),
            )
            .await;
        let session = attached["sessionId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        for (id, method, params) in [
            (1, "Network.enable", json!({})),
            (2, method, params.clone()),
        ] {
            let message = json!({ "id": id, "method": method, "params": params }).to_string();
            browser
                .cdp(
                    "Target.sendMessageToTarget",
                    json!({ "sessionId": session, "message": message }),
                )
                .await;
        }
        sessions.push(session);
    }
    assert!(!sessions.is_empty(), "no service worker to tell {method}");
    sessions
}

/// Gives the network back: the page's, the worker's (its sessions end, and their emulation
/// with them) and the site.
pub async fn go_online(browser: &Browser, log: &SiteLog, sessions: Vec<String>) {
    for session in sessions {
        browser
            .cdp("Target.detachFromTarget", json!({ "sessionId": session }))
            .await;
    }
    browser
        .cdp("Network.emulateNetworkConditions", conditions(false))
        .await;
    log.set_down(false);
}

fn conditions(offline: bool) -> Value {
    json!({ "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 })
}
