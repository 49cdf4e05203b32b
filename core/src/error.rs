//! One error type for every way a call can fail, mapped from the response in one place
//! ([`ApiError::from_status`]).

use std::time::Duration;

use thiserror::Error;

use super::models::ErrorBody;
use super::retry::plain_duration;

/// Why a call to the service failed. `Display` is a short English sentence, for logs and tests
/// (the app says it in the chosen language); [`ApiError::details`] keeps the technical facts
/// for a "details" view.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApiError {
    /// The request was refused before sending: an input the interface does not allow.
    #[error("{0}")]
    Invalid(String),
    /// 401: the API key is missing, wrong, or belongs to the other environment.
    #[error("The API key was not accepted. Sign in again with a valid key.")]
    Unauthorized(Option<ErrorBody>),
    /// 404: the pet (or path) does not exist.
    #[error("Not found: this pet does not exist here.")]
    NotFound(Option<ErrorBody>),
    /// 400: the service refused the input, with its own code and message when it sent them.
    #[error("The service refused the request: {}", .0.as_ref().map_or("no reason given", |b| b.message.as_str()))]
    BadRequest(Option<ErrorBody>),
    /// Any other status (403, 410, 429, 5xx, ...), with the Error body's code and message if
    /// any, and the `Retry-After` the service asked for.
    #[error("{}", server_text(*.status, *.retry_after))]
    Server {
        /// The HTTP status.
        status: u16,
        /// The Error body's `code`, when the body was one.
        code: Option<String>,
        /// The Error body's `message`, when the body was one.
        message: Option<String>,
        /// How long the service asked to wait (`Retry-After`), when it said.
        retry_after: Option<Duration>,
    },
    /// The pet was looked for in the list (its own lookup is gone) and is not among the first
    /// `reach` pets of any status, which is as far as the list goes: it may still exist.
    #[error("This pet is not among the first {reach} pets of any status, which is as far as the service's list reaches. It may still exist.")]
    BeyondList {
        /// The longest list the service gives (its `limit` maximum).
        reach: u32,
    },
    /// The request did not complete: offline, connection refused, DNS, or refused by CORS.
    #[error("The service could not be reached. Check the connection and try again.")]
    Network(String),
    /// The service was out of reach and the service worker kept nothing that this key read:
    /// whether the service accepts the key cannot be known until the network is back.
    #[error("This API key cannot be checked until the network is back.")]
    KeyUnchecked,
    /// No complete answer within the client's time limit; the request was aborted.
    #[error("The service did not answer within {} seconds.", .0.as_secs())]
    Timeout(Duration),
    /// The caller cancelled the request (it left the page the answer was for); whether the
    /// service acted on it is unknown.
    #[error("The request was cancelled.")]
    Cancelled,
    /// The answer was not what the interface says (HTML page, truncated or mistyped JSON).
    #[error("The service sent an answer this app cannot read.")]
    Decode {
        /// The HTTP status of the unreadable answer.
        status: u16,
        /// What the decoder said.
        detail: String,
    },
}

fn server_text(status: u16, retry_after: Option<Duration>) -> String {
    let busy = matches!(status, 429 | 503);
    match (busy, retry_after) {
        (true, Some(wait)) => format!(
            "The service is busy ({status}). Try again in {}.",
            plain_duration(wait)
        ),
        (true, None) => format!("The service is busy ({status}). Try again in a moment."),
        _ => format!("The service answered with an error ({status}). Try again in a moment."),
    }
}

/// The technical facts behind an error, for a "details" disclosure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorDetails {
    /// The HTTP status, when an answer arrived.
    pub status: Option<u16>,
    /// The service's error code, when it sent one.
    pub code: Option<String>,
    /// The service's message, or the browser's or decoder's words.
    pub message: Option<String>,
}

impl ApiError {
    /// Maps a non-success answer to its error. `body` is the response text; an Error body in
    /// it is kept when it parses, and ignored (never fatal) when it does not.
    pub fn from_status(status: u16, body: &str) -> ApiError {
        let parsed = serde_json::from_str::<ErrorBody>(body).ok();
        match status {
            400 => ApiError::BadRequest(parsed),
            401 => ApiError::Unauthorized(parsed),
            404 => ApiError::NotFound(parsed),
            _ => ApiError::Server {
                status,
                code: parsed.as_ref().map(|b| b.code.clone()),
                message: parsed.map(|b| b.message),
                retry_after: None,
            },
        }
    }

    /// The same error, with the wait the service asked for (only a [`ApiError::Server`]
    /// answer keeps it: the interface's own statuses are not about being busy).
    pub fn with_retry_after(mut self, wait: Option<Duration>) -> ApiError {
        if let ApiError::Server { retry_after, .. } = &mut self {
            *retry_after = wait;
        }
        self
    }

    /// The HTTP status behind this error, if an answer arrived.
    pub fn status(&self) -> Option<u16> {
        match self {
            ApiError::Unauthorized(_) => Some(401),
            ApiError::NotFound(_) => Some(404),
            ApiError::BadRequest(_) => Some(400),
            ApiError::Server { status, .. } | ApiError::Decode { status, .. } => Some(*status),
            ApiError::Invalid(_)
            | ApiError::Network(_)
            | ApiError::KeyUnchecked
            | ApiError::Timeout(_)
            | ApiError::BeyondList { .. }
            | ApiError::Cancelled => None,
        }
    }

    /// The service's Error body, for the statuses the interface documents.
    pub fn body(&self) -> Option<&ErrorBody> {
        match self {
            ApiError::Unauthorized(b) | ApiError::NotFound(b) | ApiError::BadRequest(b) => {
                b.as_ref()
            }
            _ => None,
        }
    }

    /// Whether the request may have taken effect although no usable answer was read: after a
    /// network failure, a timeout, a 5xx (often a gateway that lost the answer) or an
    /// unreadable answer, a create may or may not have happened.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            ApiError::Network(_)
            | ApiError::Timeout(_)
            | ApiError::Cancelled
            | ApiError::Decode { .. } => true,
            ApiError::Server { status, .. } => *status >= 500,
            _ => false,
        }
    }

    /// Whether a create that met this error says the service is failing now, so that a run of
    /// creates stops sending at once rather than spending rows on it: no usable answer (the
    /// pet may or may not exist), or a busy service (429; nothing created).
    pub fn service_failing(&self) -> bool {
        self.outcome_unknown() || self.status() == Some(429)
    }

    /// How long the service asked to wait (`Retry-After`), if it said.
    pub fn asked_to_wait(&self) -> Option<Duration> {
        match self {
            ApiError::Server { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// Whether asking again may get another answer: after no answer, an unreadable one, a busy
    /// service, a server error, or a key that could not be checked offline. A missing pet, a
    /// refused input or key, or a pet beyond the list's reach is answered the same however
    /// often it is asked.
    pub fn may_mend_on_retry(&self) -> bool {
        self.outcome_unknown()
            || matches!(self, ApiError::KeyUnchecked)
            || matches!(
                self,
                ApiError::Server {
                    status: 408 | 429,
                    ..
                }
            )
    }

    /// Status, code and message, for a "details" view.
    pub fn details(&self) -> ErrorDetails {
        let status = self.status();
        if let Some(body) = self.body() {
            return ErrorDetails {
                status,
                code: Some(body.code.clone()),
                message: Some(body.message.clone()),
            };
        }
        let (code, message) = match self {
            ApiError::Server { code, message, .. } => (code.clone(), message.clone()),
            ApiError::Invalid(m) | ApiError::Network(m) => (None, Some(m.clone())),
            ApiError::Decode { detail, .. } => (None, Some(detail.clone())),
            ApiError::Timeout(after) => (None, Some(format!("aborted after {after:?}"))),
            _ => (None, None),
        };
        ErrorDetails {
            status,
            code,
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY_400: &str =
        r#"{"code":"missing_name","message":"`name` is required.","status":400}"#;

    #[test]
    fn a_failing_service_stops_a_run_and_says_how_long_to_wait() {
        let busy = ApiError::from_status(429, "").with_retry_after(Some(Duration::from_secs(30)));
        assert!(
            busy.service_failing() && !busy.outcome_unknown(),
            "nothing created"
        );
        assert_eq!(busy.asked_to_wait(), Some(Duration::from_secs(30)));
        let gateway = ApiError::from_status(503, "");
        assert!(gateway.service_failing() && gateway.outcome_unknown());
        assert_eq!(gateway.asked_to_wait(), None);
        assert!(ApiError::Network("reset".into()).service_failing());
        assert!(
            !ApiError::from_status(400, "").service_failing(),
            "a refusal is the row's"
        );
    }

    #[test]
    fn documented_statuses_map_to_their_variant_with_the_body() {
        let e = ApiError::from_status(400, BODY_400);
        assert!(matches!(&e, ApiError::BadRequest(Some(b)) if b.code == "missing_name"));
        assert_eq!(
            e.to_string(),
            "The service refused the request: `name` is required."
        );
        let d = e.details();
        assert_eq!(d.status, Some(400));
        assert_eq!(d.code.as_deref(), Some("missing_name"));
        assert!(matches!(
            ApiError::from_status(401, ""),
            ApiError::Unauthorized(None)
        ));
        assert!(matches!(
            ApiError::from_status(404, "{}"),
            ApiError::NotFound(None)
        ));
    }

    #[test]
    fn other_statuses_are_server_errors_with_or_without_a_body() {
        let e = ApiError::from_status(
            503,
            r#"{"code":"down","message":"maintenance","status":503}"#,
        );
        assert_eq!(
            e,
            ApiError::Server {
                status: 503,
                code: Some("down".into()),
                message: Some("maintenance".into()),
                retry_after: None,
            }
        );
        let e = ApiError::from_status(500, "<html><body>Internal Server Error</body></html>");
        assert_eq!(
            e,
            ApiError::Server {
                status: 500,
                code: None,
                message: None,
                retry_after: None,
            }
        );
        assert_eq!(e.details().status, Some(500));
    }

    #[test]
    fn a_400_without_an_error_body_still_reads() {
        let e = ApiError::from_status(400, "bad");
        assert_eq!(e, ApiError::BadRequest(None));
        assert_eq!(
            e.to_string(),
            "The service refused the request: no reason given"
        );
    }

    #[test]
    fn only_failures_after_sending_leave_the_outcome_unknown() {
        assert!(ApiError::Network("x".into()).outcome_unknown());
        assert!(ApiError::Timeout(Duration::from_secs(15)).outcome_unknown());
        assert!(ApiError::from_status(502, "").outcome_unknown());
        assert!(!ApiError::from_status(429, "").outcome_unknown());
        assert!(!ApiError::BadRequest(None).outcome_unknown());
        assert!(!ApiError::Unauthorized(None).outcome_unknown());
    }

    #[test]
    fn a_busy_service_says_when_to_try_again() {
        let e = ApiError::from_status(429, "").with_retry_after(Some(Duration::from_secs(5)));
        assert_eq!(
            e.to_string(),
            "The service is busy (429). Try again in 5 seconds."
        );
        let e = ApiError::from_status(503, "");
        assert_eq!(
            e.to_string(),
            "The service is busy (503). Try again in a moment."
        );
        let e = ApiError::NotFound(None).with_retry_after(Some(Duration::from_secs(5)));
        assert_eq!(e, ApiError::NotFound(None));
    }

    #[test]
    fn messages_are_short_plain_sentences() {
        let e = ApiError::Timeout(Duration::from_secs(15));
        assert_eq!(
            e.to_string(),
            "The service did not answer within 15 seconds."
        );
        assert_eq!(e.details().status, None);
    }

    #[test]
    fn only_what_asking_again_may_mend_is_offered_again() {
        let server = |status| ApiError::from_status(status, "");
        for mendable in [
            ApiError::Network("offline".into()),
            ApiError::Timeout(Duration::from_secs(10)),
            server(429),
            server(500),
            server(503),
        ] {
            assert!(mendable.may_mend_on_retry(), "{mendable:?}");
        }
        for lasting in [
            server(404),
            server(400),
            server(401),
            server(403),
            server(410),
            ApiError::Invalid("no".into()),
            ApiError::BeyondList { reach: 100 },
        ] {
            assert!(!lasting.may_mend_on_retry(), "{lasting:?}");
        }
    }
}

/// Why a call gave no answer: a state of the tab (nothing was sent), or the service's answer.
/// The app says it in the chosen language; `Display` is for logs and tests: the service's
/// error as [`ApiError`] says it, else the variant's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallError {
    /// The environment has no key yet: nothing was sent.
    NoKey,
    /// The service refused this key before: nothing was sent with it again.
    KeyRefused,
    /// The service is out of reach (the page shows kept answers) or the browser is offline:
    /// a write was not sent, and will not be sent later by itself.
    Offline,
    /// The request was sent (or refused by the client) and failed.
    Api(ApiError),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Api(error) => error.fmt(f),
            other => std::fmt::Debug::fmt(other, f),
        }
    }
}

impl std::error::Error for CallError {}

impl From<ApiError> for CallError {
    fn from(error: ApiError) -> Self {
        CallError::Api(error)
    }
}

impl CallError {
    /// Whether the sign-in form is the answer to this error (it is already showing).
    pub fn needs_sign_in(&self) -> bool {
        matches!(
            self,
            CallError::NoKey | CallError::KeyRefused | CallError::Api(ApiError::Unauthorized(_))
        )
    }

    /// The service's error, if the request was made.
    pub fn api(&self) -> Option<&ApiError> {
        match self {
            CallError::Api(e) => Some(e),
            _ => None,
        }
    }
}
