//! The service's API, sent: a client with one method per operation, over gloo-net. The models,
//! the error enum and the requests as data are the core's (`petstore_core`), re-exported here.
//! No UI code and no signals, so it is tested on its own.

mod client;
mod early;
mod lookup;
mod send;

pub use client::Client;
pub use early::take_started_config;
pub use lookup::{find_pet, Found, Via};
pub use petstore_core::{
    decode, is_bearer_token, list_query, parse_http_date, parse_retry_after, pet_url,
    plain_duration, ApiError, CallError, Date, ErrorBody, ErrorDetails, Exchange, Kept, Lifecycle,
    NewPet, Observer, Pet, PetStatus, Retry, Sent, Wait, DEFAULT_LIMIT, DEFAULT_TIMEOUT,
    GET_PET_REMOVAL, KEY_VARIABLE, LIMIT_RANGE,
};
