//! The service's API, typed: models, a client with one method per operation, and
//! one error enum for every way a call can fail. No UI code and no signals here, so it is
//! usable and tested on its own.

mod client;
mod deprecation;
mod early;
mod error;
mod lookup;
mod models;
mod request;
mod retry;
mod send;

pub use client::{
    decode, is_bearer_token, list_query, pet_url, Client, DEFAULT_LIMIT, DEFAULT_TIMEOUT,
    LIMIT_RANGE,
};
pub use deprecation::{parse_http_date, Date, Lifecycle, GET_PET_REMOVAL};
pub use early::take_started_config;
pub use error::{ApiError, ErrorDetails};
pub use lookup::{find_pet, Found, Via};
pub use models::{ErrorBody, NewPet, Pet, PetStatus};
pub use request::{Exchange, Observer, Sent, KEY_VARIABLE};
pub use retry::{parse_retry_after, plain_duration, Retry, Wait};
