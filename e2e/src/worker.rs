//! Helpers for the service worker's tests: a site folder that deploys replace, and waiting
//! for the worker.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::Value;

/// How long a condition may take.
const WAIT: Duration = Duration::from_secs(20);

/// Replaces everything in `site` with the build in `build`, as a deploy does.
pub fn deploy(build: &Path, site: &Path) {
    let _ = std::fs::remove_dir_all(site);
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
/// is neither `false` nor `null`, within 20 s; panics naming `what` otherwise.
pub async fn until(c: &Client, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let value = c
            .execute_async(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        if value.as_bool() != Some(false) && !value.is_null() {
            return value;
        }
        assert!(Instant::now() < deadline, "{what}: not within {WAIT:?}");
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
