//! Test-only deployments that answer the way a broken service or proxy would, so the app's
//! handling of failures the interface does not document can be tested over real HTTP.
//! Mounted only with `--fault-routes`: `/faults/{kind}/v1/...` answers every path and method
//! with the fault named by `kind`.

use std::time::Duration;

use axum::extract::Path;
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;

use crate::error::ApiError;

/// How long the `slow` fault waits before answering.
pub const SLOW: Duration = Duration::from_secs(5);

/// The fault kinds, with what each one answers.
pub const KINDS: [(&str, &str); 8] = [
    ("html-500", "500 with an HTML page"),
    ("error-503", "503 with an Error body"),
    ("empty-502", "502 with no body"),
    ("html-200", "200 with an HTML page (a misrouted base URL)"),
    ("truncated", "200 with JSON cut off mid-way"),
    ("wrong-type", "200 with a pet whose id is a string"),
    (
        "unknown-status",
        "200 with a good list, one pet having an unknown status",
    ),
    ("slow", "200 with [] after 5 seconds"),
];

const JSON: &str = "application/json";
const HTML: &str = "text/html; charset=utf-8";

/// The fault routes, to be nested at `/faults`.
pub fn routes() -> Router {
    Router::new().route("/{kind}/v1/{*rest}", any(fault))
}

async fn fault(Path((kind, _rest)): Path<(String, String)>) -> Response {
    let page = "<!DOCTYPE html><html><body><h1>Internal Server Error</h1></body></html>";
    let (status, content_type, body): (StatusCode, &str, String) = match kind.as_str() {
        "html-500" => (StatusCode::INTERNAL_SERVER_ERROR, HTML, page.into()),
        "error-503" => {
            let e = ApiError::new(503, "maintenance", "The store is under maintenance.");
            return e.into_response();
        }
        "empty-502" => return StatusCode::BAD_GATEWAY.into_response(),
        "html-200" => (StatusCode::OK, HTML, "<!DOCTYPE html><p>Welcome</p>".into()),
        "truncated" => (StatusCode::OK, JSON, r#"[{"id":1,"name":"Re"#.into()),
        "wrong-type" => (
            StatusCode::OK,
            JSON,
            r#"[{"id":"1","name":"Rex","categoryId":1,"status":"available"}]"#.into(),
        ),
        "unknown-status" => (
            StatusCode::OK,
            JSON,
            concat!(
                r#"[{"id":1,"name":"Rex","categoryId":1,"status":"available"},"#,
                r#"{"id":9007199254740993,"name":"Odd","categoryId":2,"status":"quarantined"},"#,
                r#"{"id":3,"name":"Plain","categoryId":3}]"#
            )
            .into(),
        ),
        "slow" => {
            tokio::time::sleep(SLOW).await;
            (StatusCode::OK, JSON, "[]".into())
        }
        _ => return ApiError::not_found("No such fault kind.").into_response(),
    };
    (status, [(CONTENT_TYPE, content_type)], body).into_response()
}
