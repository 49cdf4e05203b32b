//! What people type or put in the URL, checked against the interface before anything is sent:
//! the core's rules (`petstore_core`), re-exported for the pages; `i18n::problems` says what
//! is wrong in the chosen language.

pub use petstore_core::{
    lowercase, parse_api_key, parse_filters, parse_int64, parse_limit, plain_message,
    search_and_sort, Column, Draft, FieldError, FieldErrors, Ignored, Int64Problem, KeyProblem,
    ListFilters, RoundPet, SavedDraft, Sort,
};
