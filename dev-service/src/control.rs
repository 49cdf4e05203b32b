//! Test-only controls, mounted with `--test-controls` and never by default: what a test needs
//! to play the service's side of a session (rotate a key, break or slow a deployment) and to
//! prove what the app sent (a request log with the key each request carried).
//!
//! Every deployment is named by a *sandbox* and an environment. The sandbox `main` is the
//! service's own production and staging; any other name is created on first use with the
//! usual seed and keys at `/sandbox/{name}/{production|staging}/v1`, so each test can have
//! deployments of its own while sharing one service. A name starting with `empty` has no pets
//! at all; with `crowded`, production has 400 (more than the list reaches per status); with
//! `maxid`, production also has a pet whose id is the largest int64.
//!
//! Controls (no key needed, like the preflights):
//! - `POST /control/{sandbox}/{env}/key` with the new key as the body: rotates the key.
//! - `POST /control/{sandbox}/{env}/mode` with one of `normal`, `error-503`, `error-503-at:N`
//!   (the Nth request from now only), `html-500`,
//!   `slow:MS` (every answer MS later), `hang` (no answer for a minute), `too-many:SECONDS`
//!   (429 with `Retry-After`), `too-many:SECONDS:N` (the same, for the next N requests only),
//!   `lose-answer-at:N` (the Nth request from now is carried out, then its answer is cut off).
//! - `POST /control/{sandbox}/{env}/get-pet` with `on` or `off`: `off` removes `getPet`, which
//!   then answers 410 Gone, as it will after its announced removal.
//! - `POST /control/{sandbox}/{env}/status` with `ID STATUS` (`none` for no status): changes
//!   a pet's status behind the app's back, as another manager or the till would.
//! - `GET /control/{sandbox}/{env}/log`: every request that reached the deployment, in order,
//!   as `[{"method", "path", "auth", "status", "received_ms", "answered_ms"}]` (`status` and
//!   `answered_ms` 0 while unanswered).
//! - `GET /control/{sandbox}/{env}/pets`: every pet the deployment holds, past what a list
//!   reaches (a test counts a crowded store's pets).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::error::ApiError;
use crate::handlers::{self, Deployment};
use crate::seed;
use crate::store::Pet;

/// How many pets production holds in a sandbox named `crowded…`: more than the list reaches
/// for each status.
pub const CROWDED: usize = 400;

/// The name of the service's own deployments in the controls.
pub const MAIN: &str = "main";

/// Every deployment the service answers for, by sandbox and environment.
#[derive(Debug)]
pub struct Registry {
    production: Arc<Deployment>,
    staging: Arc<Deployment>,
    sandboxes: Mutex<HashMap<(String, bool), Arc<Deployment>>>,
}

impl Registry {
    /// A registry whose `main` deployments are `production` and `staging`.
    pub fn new(production: Deployment, staging: Deployment) -> Registry {
        Registry {
            production: Arc::new(production),
            staging: Arc::new(staging),
            sandboxes: Mutex::new(HashMap::new()),
        }
    }

    /// The deployment of `sandbox` in `env` (`production` or `staging`), created with the usual
    /// seed and keys if it is new; `None` for an environment that does not exist.
    pub fn deployment(&self, sandbox: &str, env: &str) -> Option<Arc<Deployment>> {
        let production = match env {
            "production" => true,
            "staging" => false,
            _ => return None,
        };
        if sandbox == MAIN {
            return Some(if production {
                self.production.clone()
            } else {
                self.staging.clone()
            });
        }
        let mut map = self.sandboxes.lock().unwrap_or_else(|e| e.into_inner());
        let dep = map
            .entry((sandbox.to_owned(), production))
            .or_insert_with(|| {
                let pets = match (sandbox, production) {
                    (s, _) if s.starts_with("empty") => Vec::new(),
                    (s, true) if s.starts_with("crowded") => seed::production_sized(CROWDED),
                    (s, true) if s.starts_with("maxid") => {
                        let mut pets = seed::production();
                        pets.push(seed::max_id_pet());
                        pets
                    }
                    (_, true) => seed::production(),
                    (_, false) => seed::staging(),
                };
                let key = if production {
                    "dev-production-key"
                } else {
                    "dev-staging-key"
                };
                Arc::new(Deployment::new(key, pets))
            });
        Some(dep.clone())
    }
}

/// How a deployment answers, set through the controls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// As the interface says.
    #[default]
    Normal,
    /// 503 with an Error body, before the key is checked (as a gateway would).
    Error503,
    /// Normal, except that the request this many from now (1: the next) gets `Error503`;
    /// then normal again: a fault in the middle of a run.
    Error503At(u32),
    /// 500 with an HTML page.
    Html500,
    /// Every answer this much later.
    Slow(Duration),
    /// No answer for a minute (longer than any client waits).
    Hang,
    /// Normal, except that the request this many from now (1: the next) is carried out (a
    /// create creates its pet) and its answer is then cut off after its status: an answer
    /// lost on its way. Then normal again.
    LoseAnswerAt(u32),
    /// 429 with `Retry-After` of this many seconds; for the next this many requests only
    /// when a count is given (then normal again), else for every request.
    TooMany(u32, Option<u32>),
}

impl Mode {
    /// Reads a mode as the `mode` control takes it.
    pub fn parse(text: &str) -> Option<Mode> {
        let text = text.trim();
        let (word, arg) = text.split_once(':').unwrap_or((text, ""));
        Some(match word {
            "normal" => Mode::Normal,
            "error-503" => Mode::Error503,
            "error-503-at" => Mode::Error503At(arg.parse().ok().filter(|n| *n > 0)?),
            "html-500" => Mode::Html500,
            "hang" => Mode::Hang,
            "lose-answer-at" => Mode::LoseAnswerAt(arg.parse().ok().filter(|n| *n > 0)?),
            "slow" => Mode::Slow(Duration::from_millis(arg.parse().ok()?)),
            "too-many" => {
                let (seconds, count) = match arg.split_once(':') {
                    Some((s, n)) => (s, Some(n.parse().ok().filter(|n| *n > 0)?)),
                    None => (arg, None),
                };
                Mode::TooMany(seconds.parse().ok()?, count)
            }
            _ => return None,
        })
    }
}

/// One request as the deployment saw it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LogEntry {
    /// `GET` or `POST`.
    pub method: String,
    /// Path and query, below the service's origin.
    pub path: String,
    /// The bearer key presented, or `""`.
    pub auth: String,
    /// The status answered; 0 while the answer is pending (or was never sent).
    pub status: u16,
    /// When it arrived, in milliseconds since the service started.
    pub received_ms: u64,
    /// When it was answered, likewise; 0 while pending.
    pub answered_ms: u64,
}

/// Milliseconds since the service started (since the first call, to be exact).
pub fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// The routes of the sandboxes and of the controls.
pub fn routes(registry: Arc<Registry>) -> Router {
    let sandboxes = Router::new()
        .route(
            "/sandbox/{sandbox}/{env}/v1/pets",
            get(handlers::list_pets).post(handlers::create_pet),
        )
        .route(
            "/sandbox/{sandbox}/{env}/v1/pets/{pet_id}",
            get(handlers::get_pet),
        )
        .route_layer(middleware::from_fn_with_state(
            registry.clone(),
            sandbox_gate,
        ));
    let controls = Router::new()
        .route("/control/{sandbox}/{env}/key", post(set_key))
        .route("/control/{sandbox}/{env}/mode", post(set_mode))
        .route("/control/{sandbox}/{env}/get-pet", post(set_get_pet))
        .route("/control/{sandbox}/{env}/status", post(set_status))
        .route("/control/{sandbox}/{env}/log", get(read_log))
        .route("/control/{sandbox}/{env}/pets", get(read_pets))
        .with_state(registry);
    sandboxes.merge(controls)
}

/// Finds the sandbox deployment named in the path and lets it answer.
async fn sandbox_gate(State(registry): State<Arc<Registry>>, req: Request, next: Next) -> Response {
    let mut parts = req.uri().path().trim_start_matches('/').split('/').skip(1);
    let (sandbox, env) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    match registry.deployment(sandbox, env) {
        Some(dep) => handlers::gate(dep, req, next).await,
        None => ApiError::not_found("No such deployment.").into_response(),
    }
}

type Target = Path<(String, String)>;

fn find(registry: &Registry, Path((sandbox, env)): Target) -> Result<Arc<Deployment>, ApiError> {
    registry
        .deployment(&sandbox, &env)
        .ok_or_else(|| ApiError::not_found("No such deployment."))
}

async fn set_key(
    State(registry): State<Arc<Registry>>,
    target: Target,
    body: Bytes,
) -> Result<&'static str, ApiError> {
    let key = String::from_utf8_lossy(&body).trim().to_owned();
    if key.is_empty() {
        return Err(ApiError::bad_request(
            "missing_key",
            "Send the new key as the body.",
        ));
    }
    find(&registry, target)?.set_key(key);
    Ok("ok")
}

async fn set_mode(
    State(registry): State<Arc<Registry>>,
    target: Target,
    body: Bytes,
) -> Result<&'static str, ApiError> {
    let mode = Mode::parse(&String::from_utf8_lossy(&body))
        .ok_or_else(|| ApiError::bad_request("invalid_mode", "Unknown mode."))?;
    find(&registry, target)?.set_mode(mode);
    Ok("ok")
}

async fn set_get_pet(
    State(registry): State<Arc<Registry>>,
    target: Target,
    body: Bytes,
) -> Result<&'static str, ApiError> {
    let on = match String::from_utf8_lossy(&body).trim() {
        "on" => true,
        "off" => false,
        _ => return Err(ApiError::bad_request("invalid_switch", "Send on or off.")),
    };
    find(&registry, target)?.set_get_pet(on);
    Ok("ok")
}

async fn set_status(
    State(registry): State<Arc<Registry>>,
    target: Target,
    body: Bytes,
) -> Result<&'static str, ApiError> {
    let body = String::from_utf8_lossy(&body);
    let mut words = body.split_whitespace();
    let id = words.next().and_then(|w| w.parse::<i64>().ok());
    let status = words.next().filter(|_| words.next().is_none());
    let (Some(id), Some(status)) = (id, status) else {
        return Err(ApiError::bad_request(
            "invalid_status",
            "Send an id and a status.",
        ));
    };
    let status = (status != "none").then(|| status.to_owned());
    match find(&registry, target)?.set_status(id, status) {
        true => Ok("ok"),
        false => Err(ApiError::not_found("No such pet.")),
    }
}

async fn read_log(
    State(registry): State<Arc<Registry>>,
    target: Target,
) -> Result<Json<Vec<LogEntry>>, ApiError> {
    Ok(Json(find(&registry, target)?.log()))
}

/// Every pet the deployment holds, past what a list can reach: a test counts a store's pets.
async fn read_pets(
    State(registry): State<Arc<Registry>>,
    target: Target,
) -> Result<Json<Vec<Pet>>, ApiError> {
    Ok(Json(find(&registry, target)?.pets()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_as_the_control_takes_them() {
        assert_eq!(Mode::parse("normal"), Some(Mode::Normal));
        assert_eq!(
            Mode::parse("slow:250"),
            Some(Mode::Slow(Duration::from_millis(250)))
        );
        assert_eq!(Mode::parse("too-many:2"), Some(Mode::TooMany(2, None)));
        assert_eq!(Mode::parse("too-many:1:2"), Some(Mode::TooMany(1, Some(2))));
        assert_eq!(Mode::parse("too-many:1:0"), None);
        assert_eq!(Mode::parse("error-503-at:3"), Some(Mode::Error503At(3)));
        assert_eq!(Mode::parse("error-503-at:0"), None);
        assert_eq!(Mode::parse("lose-answer-at:2"), Some(Mode::LoseAnswerAt(2)));
        assert_eq!(Mode::parse("slow"), None);
        assert_eq!(Mode::parse("melt"), None);
    }
}
