//! The HTTP client: one method per operation of the interface, over gloo-net.

use std::fmt;
use std::ops::RangeInclusive;
use std::time::Duration;

use serde::de::DeserializeOwned;
use web_sys::AbortController;

use super::deprecation::Lifecycle;
use super::error::ApiError;
use super::models::{NewPet, Pet, PetStatus};
use super::request::{Exchange, Observer, Sent};
use super::retry::Retry;
use super::send::Headers;

/// How long a call may take, answer body included, before it is aborted.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(15);
/// The `limit` values the interface allows.
pub const LIMIT_RANGE: RangeInclusive<u32> = 1..=100;
/// The `limit` the service applies when none is sent.
pub const DEFAULT_LIMIT: u32 = 20;

/// A client for one deployment: its base URL (ending in `/v1`) and its API key. The key is
/// sent only in the `Authorization` header (none at all when the key is empty), and `Debug`
/// does not show it.
#[derive(Clone)]
pub struct Client {
    pub(super) base_url: String,
    pub(super) api_key: String,
    pub(super) timeout: Duration,
    pub(super) abort: Option<AbortController>,
    pub(super) retry: Option<Retry>,
    pub(super) observer: Option<Observer>,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.base_url)
            .field("api_key", &"<redacted>")
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl Client {
    /// A client for the deployment at `base_url` (a trailing `/` is dropped) using `api_key`.
    pub fn new(base_url: &str, api_key: &str) -> Client {
        Client {
            base_url: base_url.trim_end_matches('/').to_owned(),
            api_key: api_key.to_owned(),
            timeout: DEFAULT_TIMEOUT,
            abort: None,
            retry: None,
            observer: None,
        }
    }

    /// The same client, its calls aborted (ending in [`ApiError::Cancelled`]) when
    /// `controller` aborts: so whoever made the request can cancel it, e.g. when a page is left.
    pub fn with_abort(mut self, controller: AbortController) -> Client {
        self.abort = Some(controller);
        self
    }

    /// The same client with another time limit per call.
    pub fn with_timeout(mut self, timeout: Duration) -> Client {
        self.timeout = timeout;
        self
    }

    /// The same client, retrying reads that find the service busy as `retry` says. Creates
    /// are never retried: a create whose answer was lost may have happened.
    pub fn with_retry(mut self, retry: Retry) -> Client {
        self.retry = Some(retry);
        self
    }

    /// The same client, telling `observer` of every request it made and how it ended.
    pub fn with_observer(mut self, observer: Observer) -> Client {
        self.observer = Some(observer);
        self
    }

    /// The base URL, without a trailing `/`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// `listPets`: up to `limit` pets (1..=100), only those with `status` when given. An
    /// out-of-range limit or a status the interface does not define is refused unsent.
    pub async fn list_pets(
        &self,
        limit: u32,
        status: Option<&PetStatus>,
    ) -> Result<Vec<Pet>, ApiError> {
        let query = list_query(limit, status)?;
        let sent = Sent::get(format!("{}/pets", self.base_url), query);
        self.read(sent).await.map(|(pets, _)| pets)
    }

    /// `createPet`: adds `pet` and returns it with the id the service assigned.
    pub async fn create_pet(&self, pet: &NewPet) -> Result<Pet, ApiError> {
        let body = serde_json::to_string(pet).map_err(|e| ApiError::Invalid(e.to_string()))?;
        let sent = Sent::post(format!("{}/pets", self.base_url), body);
        let result = self.call(&sent).await.map(|(pet, _)| pet);
        self.report(sent, result.as_ref().map(|p: &Pet| Some(p.clone())), None);
        result
    }

    /// `getPet`: one pet by id, and what the answer's `Deprecation` and `Sunset` headers said.
    ///
    /// **Deprecated by the service**, to be removed on 2030-12-05
    /// ([`super::GET_PET_REMOVAL`]); its stated replacement is `listPets` with `status` (see
    /// [`super::find_pet`]).
    #[deprecated(note = "the service removes getPet on 2030-12-05 (see api::GET_PET_REMOVAL)")]
    pub async fn get_pet(&self, id: i64) -> Result<(Pet, Lifecycle), ApiError> {
        let sent = Sent::get(pet_url(&self.base_url, id), Vec::new());
        self.read(sent)
            .await
            .map(|(pet, headers)| (pet, headers.lifecycle))
    }

    /// Sends the read `sent` and reports it, with the service worker's mark if the answer is
    /// a kept one.
    async fn read<T: DeserializeOwned>(&self, sent: Sent) -> Result<(T, Headers), ApiError> {
        let result = self.call(&sent).await;
        let stored_at = result.as_ref().ok().and_then(|(_, h)| h.stored_at.clone());
        self.report(sent, result.as_ref().map(|_| None), stored_at);
        result
    }

    fn report(
        &self,
        sent: Sent,
        outcome: Result<Option<Pet>, &ApiError>,
        stored_at: Option<String>,
    ) {
        if let Some(observer) = &self.observer {
            observer(&Exchange {
                sent,
                outcome: outcome.map_err(Clone::clone),
                stored_at,
            });
        }
    }
}

/// Whether `key` has the syntax of an RFC 6750 bearer token (`b64token`): letters, digits and
/// `-._~+/`, then optional `=` padding. Only such a key can be sent in the header.
pub fn is_bearer_token(key: &str) -> bool {
    let body = key.trim_end_matches('=');
    !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b))
}

/// The query of `listPets`, or [`ApiError::Invalid`] for a limit outside 1..=100 or a status
/// the interface does not define. Encoding is left to the browser's `URLSearchParams`.
pub fn list_query(
    limit: u32,
    status: Option<&PetStatus>,
) -> Result<Vec<(&'static str, String)>, ApiError> {
    if !LIMIT_RANGE.contains(&limit) {
        return Err(ApiError::Invalid(format!(
            "The limit must be a whole number from 1 to 100 (got {limit})."
        )));
    }
    let mut query = vec![("limit", limit.to_string())];
    if let Some(status) = status {
        if !status.is_known() {
            return Err(ApiError::Invalid(format!(
                "\"{status}\" is not a status the service can filter by."
            )));
        }
        query.push(("status", status.as_str().to_owned()));
    }
    Ok(query)
}

/// The URL of `getPet` for `id`.
pub fn pet_url(base_url: &str, id: i64) -> String {
    format!("{}/pets/{id}", base_url.trim_end_matches('/'))
}

/// An answer's status as a result: 2xx is success, anything else its error, mapped by
/// [`ApiError::from_status`] from the status and the body.
pub(super) fn check_status(status: u16, text: &str) -> Result<(), ApiError> {
    match status {
        200..=299 => Ok(()),
        _ => Err(ApiError::from_status(status, text)),
    }
}

/// Turns an answer into a value: a 2xx body decoded as `T` (serde, from the text, so int64
/// stays exact), anything else mapped by [`check_status`].
pub fn decode<T: DeserializeOwned>(status: u16, text: &str) -> Result<T, ApiError> {
    check_status(status, text)?;
    serde_json::from_str(text).map_err(|e| ApiError::Decode {
        status,
        detail: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://pets.example/v1";

    #[test]
    fn list_query_sends_limit_and_known_status() {
        assert_eq!(list_query(20, None).unwrap(), [("limit", "20".to_owned())]);
        assert_eq!(
            list_query(100, Some(&PetStatus::Sold)).unwrap(),
            [("limit", "100".to_owned()), ("status", "sold".to_owned())]
        );
        assert_eq!(list_query(1, None).unwrap(), [("limit", "1".to_owned())]);
    }

    #[test]
    fn list_query_refuses_what_the_interface_does_not_allow() {
        assert!(matches!(list_query(0, None), Err(ApiError::Invalid(_))));
        assert!(matches!(list_query(101, None), Err(ApiError::Invalid(_))));
        let odd = PetStatus::Other("a&b=c".into());
        assert!(matches!(
            list_query(5, Some(&odd)),
            Err(ApiError::Invalid(_))
        ));
    }

    #[test]
    fn pet_url_keeps_big_ids_exact() {
        assert_eq!(
            pet_url(BASE, 9_007_199_254_740_993),
            format!("{BASE}/pets/9007199254740993")
        );
        assert_eq!(
            pet_url(BASE, i64::MIN),
            format!("{BASE}/pets/-9223372036854775808")
        );
    }

    #[test]
    fn decode_reads_success_and_maps_failures() {
        let pets: Vec<Pet> = decode(
            200,
            r#"[{"id":9007199254740993,"name":"B","categoryId":1}]"#,
        )
        .unwrap();
        assert_eq!(pets[0].id, 9_007_199_254_740_993);
        assert!(matches!(
            decode::<Pet>(401, "{}"),
            Err(ApiError::Unauthorized(None))
        ));
        assert!(matches!(
            decode::<Vec<Pet>>(200, r#"[{"id":1,"name":"Re"#),
            Err(ApiError::Decode { status: 200, .. })
        ));
        assert!(matches!(
            decode::<Vec<Pet>>(200, "<!DOCTYPE html><p>hi</p>"),
            Err(ApiError::Decode { .. })
        ));
        assert!(matches!(
            decode::<Pet>(201, r#"{"id":"7","name":"B","categoryId":1}"#),
            Err(ApiError::Decode { status: 201, .. })
        ));
    }

    #[test]
    fn bearer_tokens_follow_rfc_6750() {
        for good in ["dev-production-key", "a.b_c~d+e/f", "abc==", "Zz09"] {
            assert!(is_bearer_token(good), "{good}");
        }
        for bad in [
            "",
            "==",
            "a b",
            "key\u{200b}",
            "k\u{a0}",
            "“key”",
            "ключ",
            "a=b",
            "a:b",
        ] {
            assert!(!is_bearer_token(bad), "{bad:?}");
        }
    }

    #[test]
    fn debug_output_never_shows_the_key() {
        let client = Client::new(BASE, "secret-key-123");
        let shown = format!("{client:?}");
        assert!(!shown.contains("secret-key-123"), "{shown}");
        assert!(shown.contains("<redacted>"));
        assert_eq!(client.base_url(), BASE);
    }
}
