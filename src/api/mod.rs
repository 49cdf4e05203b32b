//! The pet store service's API, typed: models, a client with one method per operation, and
//! one error enum for every way a call can fail. No UI code and no signals here, so it is
//! usable and tested on its own.

mod client;
mod deprecation;
mod error;
mod models;

pub use client::{
    decode, is_bearer_token, list_query, pet_url, Client, DEFAULT_LIMIT, DEFAULT_TIMEOUT,
    LIMIT_RANGE,
};
pub use deprecation::{Date, GET_PET_REMOVAL};
pub use error::{ApiError, ErrorDetails};
pub use models::{ErrorBody, NewPet, Pet, PetStatus};
