//! The site under test: a release build served on a loopback port as a CDN serves it (the SPA
//! fallback, precompressed files, the README's cache headers and Content-Security-Policy), with
//! a log of what it was asked for.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::http::HeaderValue;
use axum::response::IntoResponse;
use axum::routing::get;
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
        "no release build at {}: scripts/test.sh builds it (docs/testing.md says how)",
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

/// The root release build: `$PETSTORE_DIST`, else `target/dist-root/`, where the test command
/// builds it.
pub fn root_dist() -> PathBuf {
    dist_dir("PETSTORE_DIST", "target/dist-root")
}

/// Serves the release build of `$PETSTORE_DIST` (else `target/dist-root/`) at the site root
/// under the strict Content-Security-Policy for `service`, with `config` as its config.json;
/// answers the site's address.
pub async fn serve_release(service: &str, config: String) -> String {
    serve_site(&root_dist(), "/", config, &csp(service)).await
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
