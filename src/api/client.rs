//! The HTTP client: one method per operation of the interface, over gloo-net.

use std::fmt;
use std::time::Duration;

use petstore_core::{
    list_query, pet_url, reads, ApiError, Exchange, Kept, Lifecycle, NewPet, Observer, Pet,
    PetStatus, Retry, Sent, Side, DEFAULT_TIMEOUT, READ_LIMIT,
};
use serde::de::DeserializeOwned;
use web_sys::AbortController;

use super::send::Headers;

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

    /// Every pet the list reaches ([`reads`] at [`READ_LIMIT`], at once, merged by id); with
    /// `only`, that status alone (one read). The first failure ends the others: a merge needs
    /// every answer, so none waits on to ask a busy service again for nothing.
    pub async fn list_every(&self, only: Option<&PetStatus>) -> Result<Side, ApiError> {
        let asked = match only {
            Some(status) => vec![Some(status.clone())],
            None => reads().to_vec(),
        };
        let answers = asked.into_iter().map(|status| async move {
            let pets = self.list_pets(READ_LIMIT, status.as_ref()).await?;
            Ok::<_, ApiError>((status, pets))
        });
        Ok(Side::merge(futures::future::try_join_all(answers).await?))
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
        let kept = result.as_ref().ok().and_then(|(_, h)| h.kept.clone());
        self.report(sent, result.as_ref().map(|_| None), kept);
        result
    }

    fn report(&self, sent: Sent, outcome: Result<Option<Pet>, &ApiError>, kept: Option<Kept>) {
        if let Some(observer) = &self.observer {
            observer(&Exchange {
                sent,
                outcome: outcome.map_err(Clone::clone),
                kept,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    const BASE: &str = "https://pets.example/v1";

    #[wasm_bindgen_test]
    fn debug_output_never_shows_the_key() {
        let client = Client::new(BASE, "secret-key-123");
        let shown = format!("{client:?}");
        assert!(!shown.contains("secret-key-123"), "{shown}");
        assert!(shown.contains("<redacted>"));
        assert_eq!(client.base_url(), BASE);
    }
}
