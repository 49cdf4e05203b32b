//! An error in the chosen language, from the catalogue, for a store manager: what
//! [`ApiError`]'s and [`CallError`]'s `Display` say in English (kept for logs and tests).

use std::time::Duration;

use super::{duration, number, words};
use petstore_core::{ApiError, CallError};

/// `error` in plain words, in the chosen language. The service's own message is quoted as
/// its words, never translated.
pub fn said(error: &ApiError) -> String {
    match error {
        ApiError::Invalid(_) => words::error_not_sendable().into_owned(),
        ApiError::Unauthorized(_) => words::error_key_not_accepted().into_owned(),
        ApiError::NotFound(_) => words::error_not_found().into_owned(),
        ApiError::BadRequest(Some(body)) => words::error_refused(&body.message),
        ApiError::BadRequest(None) => words::error_refused_no_reason().into_owned(),
        ApiError::Server {
            status,
            retry_after,
            ..
        } => server(*status, *retry_after),
        ApiError::BeyondList { reach } => words::error_beyond_list(&number((*reach).into())),
        ApiError::Network(_) => words::error_unreachable().into_owned(),
        ApiError::KeyUnchecked => words::error_key_unchecked().into_owned(),
        ApiError::Timeout(after) => words::error_timeout(after.as_secs()),
        ApiError::Cancelled => words::error_cancelled().into_owned(),
        ApiError::Decode { .. } => words::error_unreadable().into_owned(),
    }
}

fn server(status: u16, retry_after: Option<Duration>) -> String {
    let status = status.to_string();
    match (matches!(status.as_str(), "429" | "503"), retry_after) {
        (true, Some(wait)) => words::error_busy_wait(&status, &duration(wait)),
        (true, None) => words::error_busy(&status),
        _ => words::error_server(&status),
    }
}

/// A failed call in plain words (see [`said`]).
pub fn call_said(error: &CallError) -> String {
    match error {
        CallError::NoKey => words::error_no_key().into_owned(),
        CallError::KeyRefused => words::error_key_not_accepted().into_owned(),
        CallError::Offline => words::error_offline().into_owned(),
        CallError::Api(e) => said(e),
    }
}
