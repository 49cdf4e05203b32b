//! The three operations of the interface, and the bearer-key check in front of them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{OriginalUri, Path, RawQuery, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};

use crate::control::{now_ms, LogEntry, Mode};
use crate::error::ApiError;
use crate::store::{NewPet, Pet, Store, STATUSES};

/// One deployment (production or staging): its own key and its own pets, and for the test
/// controls ([`crate::control`]) how it answers and what it was sent.
#[derive(Debug)]
pub struct Deployment {
    key: Mutex<String>,
    store: Mutex<Store>,
    mode: Mutex<Mode>,
    log: Mutex<Vec<LogEntry>>,
    get_pet: AtomicBool,
}

/// Locks `m`; a poisoned lock only means a handler panicked mid-request, the data is sound.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Deployment {
    /// A deployment that accepts only `key` and starts with `pets`.
    pub fn new(key: impl Into<String>, pets: Vec<Pet>) -> Self {
        Deployment {
            key: Mutex::new(key.into()),
            store: Mutex::new(Store::new(pets)),
            mode: Mutex::new(Mode::Normal),
            log: Mutex::new(Vec::new()),
            get_pet: AtomicBool::new(true),
        }
    }

    /// Serves `getPet` (`on`) or answers it 410 Gone, as after its removal (`off`).
    pub fn set_get_pet(&self, on: bool) {
        self.get_pet.store(on, Ordering::Relaxed);
    }

    fn store(&self) -> MutexGuard<'_, Store> {
        lock(&self.store)
    }

    /// Changes pet `id`'s status, as the till or another channel would (the interface has no
    /// update); says whether there is such a pet.
    pub fn set_status(&self, id: i64, status: Option<String>) -> bool {
        self.store().set_status(id, status)
    }

    /// Adds a pet behind the app's back, as another manager would; `None` when no id is
    /// left to assign.
    pub fn add_pet(&self, name: &str, category_id: i64, status: Option<&str>) -> Option<Pet> {
        let new = NewPet {
            name: name.to_owned(),
            category_id,
            status: status.map(str::to_owned),
        };
        self.store().add(new).ok()
    }

    /// Accepts only `key` from now on (a key rotation).
    pub fn set_key(&self, key: String) {
        *lock(&self.key) = key;
    }

    /// Answers as `mode` says from now on.
    pub fn set_mode(&self, mode: Mode) {
        *lock(&self.mode) = mode;
    }

    /// Every request received so far, in order.
    pub fn log(&self) -> Vec<LogEntry> {
        lock(&self.log).clone()
    }

    /// The pets held now (at most 100 000).
    pub fn pets(&self) -> Vec<Pet> {
        self.store().list(100_000, None)
    }

    fn record(&self, req: &Request) -> usize {
        let auth = req
            .headers()
            .get(AUTHORIZATION)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
            .unwrap_or_default();
        let auth = auth
            .split_once(' ')
            .map_or(auth.as_str(), |(_, token)| token)
            .trim()
            .to_owned();
        let path = req
            .extensions()
            .get::<OriginalUri>()
            .map_or_else(|| req.uri(), |o| &o.0)
            .path_and_query()
            .map_or_else(String::new, |p| p.to_string());
        let mut log = lock(&self.log);
        log.push(LogEntry {
            method: req.method().to_string(),
            path,
            auth,
            status: 0,
            received_ms: now_ms(),
            answered_ms: 0,
        });
        log.len() - 1
    }
}

/// Lets `dep` answer `req`: records it, applies the test mode, checks the key (401 unless the
/// request carries `Authorization: Bearer <this deployment's key>`), then runs the handler,
/// which finds the deployment as an extension.
pub async fn gate(dep: Arc<Deployment>, mut req: Request, next: Next) -> Response {
    let entry = dep.record(&req);
    let mode = {
        let mut current = lock(&dep.mode);
        match *current {
            Mode::Error503At(1) => {
                *current = Mode::Normal;
                Mode::Error503
            }
            Mode::Error503At(n) => {
                *current = Mode::Error503At(n - 1);
                Mode::Normal
            }
            Mode::LoseAnswerAt(1) => {
                *current = Mode::Normal;
                Mode::LoseAnswerAt(1)
            }
            Mode::LoseAnswerAt(n) => {
                *current = Mode::LoseAnswerAt(n - 1);
                Mode::Normal
            }
            Mode::TooMany(s, Some(n)) => {
                *current = match n {
                    1 => Mode::Normal,
                    _ => Mode::TooMany(s, Some(n - 1)),
                };
                Mode::TooMany(s, None)
            }
            now => now,
        }
    };
    let early = match mode {
        Mode::Normal | Mode::Error503At(_) | Mode::LoseAnswerAt(_) => None,
        Mode::Slow(delay) => {
            tokio::time::sleep(delay).await;
            None
        }
        Mode::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            None
        }
        Mode::Error503 => Some(
            ApiError::new(503, "unavailable", "The service is busy. Try again later.")
                .into_response(),
        ),
        Mode::Html500 => Some(
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                [(CONTENT_TYPE, "text/html")],
                "<!DOCTYPE html><h1>Internal Server Error</h1>",
            )
                .into_response(),
        ),
        Mode::TooMany(seconds, _) => {
            let mut r = ApiError::new(429, "too_many_requests", "Slow down.").into_response();
            r.headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds));
            Some(r)
        }
    };
    let response = match early {
        Some(r) => r,
        None if key_matches(&req, &lock(&dep.key)) => {
            req.extensions_mut().insert(dep.clone());
            next.run(req).await
        }
        None => ApiError::unauthorized().into_response(),
    };
    if let Some(e) = lock(&dep.log).get_mut(entry) {
        e.status = response.status().as_u16();
        e.answered_ms = now_ms();
    }
    match mode {
        Mode::LoseAnswerAt(_) => lost_on_its_way(response),
        _ => response,
    }
}

/// `response` with its body cut short: the status, the headers and a first byte go out, the
/// rest never comes, as when a connection drops after the service did the work. (With no byte
/// at all, a browser takes the drop for a stale connection and sends the request again.)
fn lost_on_its_way(response: Response) -> Response {
    let (parts, _) = response.into_parts();
    let lost = futures_util::stream::unfold(0, |sent| async move {
        match sent {
            0 => Some((Ok(Bytes::from_static(b"{")), 1)),
            // A moment for that byte to leave before the connection drops.
            1 => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                Some((
                    Err(std::io::Error::other("the answer was lost on its way")),
                    2,
                ))
            }
            _ => None,
        }
    });
    Response::from_parts(parts, Body::from_stream(lost))
}

fn key_matches(req: &Request, key: &str) -> bool {
    let presented = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    presented == Some(key)
}

/// [`gate`] for the routes of one fixed deployment (the service's own two).
pub async fn require_key(State(dep): State<Arc<Deployment>>, req: Request, next: Next) -> Response {
    gate(dep, req, next).await
}

/// The query of `GET /pets`, once checked.
#[derive(Debug, PartialEq)]
pub struct ListQuery {
    /// 1..=100, 20 when absent.
    pub limit: usize,
    /// One of the statuses, or no filtering.
    pub status: Option<String>,
}

/// Parses `limit` and `status`; anything else in the query is ignored. A parameter given twice
/// is refused rather than guessed at.
pub fn parse_list_query(raw: Option<&str>) -> Result<ListQuery, ApiError> {
    let mut limit = None;
    let mut status = None;
    for (key, value) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
        let slot = match key.as_ref() {
            "limit" => &mut limit,
            "status" => &mut status,
            _ => continue,
        };
        if slot.replace(value.into_owned()).is_some() {
            return Err(ApiError::bad_request(
                "duplicate_parameter",
                format!("`{key}` is given more than once."),
            ));
        }
    }
    let limit = match limit {
        None => 20,
        Some(text) => match text.parse::<usize>() {
            Ok(n) if (1..=100).contains(&n) => n,
            _ => {
                return Err(ApiError::bad_request(
                    "invalid_limit",
                    "`limit` must be a whole number from 1 to 100.",
                ))
            }
        },
    };
    if let Some(s) = &status {
        if !STATUSES.contains(&s.as_str()) {
            return Err(ApiError::bad_request(
                "invalid_status",
                "`status` must be one of available, pending, sold.",
            ));
        }
    }
    Ok(ListQuery { limit, status })
}

/// `GET /pets` (listPets).
pub async fn list_pets(
    Extension(dep): Extension<Arc<Deployment>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Vec<Pet>>, ApiError> {
    let query = parse_list_query(raw.as_deref())?;
    Ok(Json(dep.store().list(query.limit, query.status.as_deref())))
}

/// `POST /pets` (createPet).
pub async fn create_pet(
    Extension(dep): Extension<Arc<Deployment>>,
    body: Bytes,
) -> Result<(StatusCode, Json<Pet>), ApiError> {
    let new = NewPet::from_json(&body)?;
    let pet = dep.store().add(new)?;
    Ok((StatusCode::CREATED, Json(pet)))
}

/// When this service marks `getPet` deprecated (RFC 9745 `Deprecation`, a date of its own
/// choosing: the interface gives none) and when it goes (RFC 8594 `Sunset`: the interface's
/// 5 December 2030).
pub const GET_PET_DEPRECATION: &str = "@1735689600";
/// See [`GET_PET_DEPRECATION`].
pub const GET_PET_SUNSET: &str = "Thu, 05 Dec 2030 00:00:00 GMT";

/// `GET /pets/{petId}` (getPet, deprecated: every answer says so in its headers). An id that
/// is not an int64 names no pet: 404. Once switched off: 410 Gone.
pub async fn get_pet(
    Extension(dep): Extension<Arc<Deployment>>,
    Path(params): Path<HashMap<String, String>>,
) -> Response {
    let lifecycle = [
        ("deprecation", GET_PET_DEPRECATION),
        ("sunset", GET_PET_SUNSET),
    ];
    if !dep.get_pet.load(Ordering::Relaxed) {
        let gone = ApiError::new(410, "gone", "getPet was removed: use listPets.");
        return (lifecycle, gone).into_response();
    }
    let raw_id = params.get("pet_id").cloned().unwrap_or_default();
    let found = raw_id
        .parse::<i64>()
        .ok()
        .and_then(|id| dep.store().get(id))
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("No pet has the id `{raw_id}`.")));
    (lifecycle, found).into_response()
}
