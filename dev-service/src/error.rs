//! The interface's Error body, and its conversion into an HTTP response.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// An error answer: `{code, message, status}`, where `status` is always the HTTP status sent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ApiError {
    /// Machine-readable code (the dev service's codes are listed in the README).
    pub code: String,
    /// Human-readable description.
    pub message: String,
    /// The HTTP status of the response.
    pub status: u16,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: u16, code: &str, message: impl Into<String>) -> Self {
        ApiError {
            code: code.to_owned(),
            message: message.into(),
            status,
        }
    }

    /// A 400.
    pub fn bad_request(code: &str, message: impl Into<String>) -> Self {
        Self::new(400, code, message)
    }

    /// A 401: the key is missing or not this deployment's.
    pub fn unauthorized() -> Self {
        Self::new(
            401,
            "unauthorized",
            "Missing or invalid API key. Send `Authorization: Bearer <API key>`.",
        )
    }

    /// A 404.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(404, "not_found", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(self)).into_response()
    }
}
