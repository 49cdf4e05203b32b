//! What petstore-admin knows without a browser: the service's resources and errors, building
//! its requests and reading its answers, the rules for what may be typed, comparing two
//! environments, and the app's pages by path. Plain data in and out; no Leptos, no web APIs, so its tests run natively in
//! seconds. The app crate sends, stores and draws.

mod compare;
mod deprecation;
mod error;
mod int64;
mod models;
mod page;
mod request;
mod retry;
mod text;
mod wire;

pub use compare::{
    compare, match_key, reads, Ambiguous, Comparison, Pair, Shown, Side, READ_LIMIT,
};
pub use deprecation::{parse_http_date, Date, Lifecycle, GET_PET_REMOVAL};
pub use error::{ApiError, ErrorDetails};
pub use int64::{parse_int64, Int64Problem};
pub use models::{ErrorBody, NewPet, Pet, PetStatus};
pub use page::Page;
pub use request::{Exchange, Observer, Sent, KEY_VARIABLE};
pub use retry::{parse_retry_after, plain_duration, Retry, Wait};
pub use text::lowercase;
pub use wire::{
    check_status, decode, is_bearer_token, list_query, pet_url, DEFAULT_LIMIT, DEFAULT_TIMEOUT,
    LIMIT_RANGE,
};
