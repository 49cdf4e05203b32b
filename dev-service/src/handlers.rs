//! The three operations of the interface, and the bearer-key check in front of them.

use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::header::AUTHORIZATION;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::error::ApiError;
use crate::store::{NewPet, Pet, Store, STATUSES};

/// One deployment (production or staging): its own key and its own pets.
#[derive(Debug)]
pub struct Deployment {
    key: String,
    store: Mutex<Store>,
}

impl Deployment {
    /// A deployment that accepts only `key` and starts with `pets`.
    pub fn new(key: impl Into<String>, pets: Vec<Pet>) -> Self {
        Deployment {
            key: key.into(),
            store: Mutex::new(Store::new(pets)),
        }
    }

    fn store(&self) -> MutexGuard<'_, Store> {
        // A poisoned lock only means a handler panicked mid-request; the Vec is still sound.
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Answers 401 unless the request carries `Authorization: Bearer <this deployment's key>`.
pub async fn require_key(State(dep): State<Arc<Deployment>>, req: Request, next: Next) -> Response {
    let presented = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    if presented == Some(dep.key.as_str()) {
        next.run(req).await
    } else {
        ApiError::unauthorized().into_response()
    }
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
    State(dep): State<Arc<Deployment>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Vec<Pet>>, ApiError> {
    let query = parse_list_query(raw.as_deref())?;
    Ok(Json(dep.store().list(query.limit, query.status.as_deref())))
}

/// `POST /pets` (createPet).
pub async fn create_pet(
    State(dep): State<Arc<Deployment>>,
    body: Bytes,
) -> Result<(StatusCode, Json<Pet>), ApiError> {
    let new = NewPet::from_json(&body)?;
    let pet = dep.store().add(new)?;
    Ok((StatusCode::CREATED, Json(pet)))
}

/// `GET /pets/{petId}` (getPet, deprecated). An id that is not an int64 names no pet: 404.
pub async fn get_pet(
    State(dep): State<Arc<Deployment>>,
    Path(raw_id): Path<String>,
) -> Result<Json<Pet>, ApiError> {
    raw_id
        .parse::<i64>()
        .ok()
        .and_then(|id| dep.store().get(id))
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("No pet has the id `{raw_id}`.")))
}
