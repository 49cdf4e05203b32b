//! What petstore-admin knows without a browser: the service's resources and errors, building
//! its requests and reading its answers, the deployment's configuration, the rules for what
//! may be typed, reading an import, exports, comparing two environments, the record of the
//! pets a device sent, and the app's pages by path. It knows no words: what is wrong is said as
//! data, and the app says it. Plain data in and out; no Leptos, no web APIs, so its tests run
//! natively in seconds. The app crate sends, stores and draws.

mod card;
mod categories;
mod compare;
mod config;
mod deprecation;
mod error;
mod every;
mod export;
mod glance;
mod import;
mod input;
mod int64;
mod live;
mod models;
mod page;
mod request;
mod retry;
pub mod sent;
mod tabs;
mod text;
mod wire;

pub use card::{
    is_a_name, qr_squares, read_code, read_code_in_rgba, read_scanned, Layout, Paper, QrSquares,
    Scanned,
};
pub use categories::{Categories, MAX_CATEGORY_NAME};
pub use compare::{compare, differences_csv, match_key, Ambiguous, Comparison, Pair, Shown};
pub use config::{AppConfig, ConfigError, DeploymentConfig, Environment, DEFAULT_REFRESH_SECONDS};
pub use deprecation::{parse_http_date, Date, Lifecycle, GET_PET_REMOVAL};
pub use error::{ApiError, CallError, ErrorDetails};
pub use every::{reads, Side, READ_LIMIT};
pub use export::{
    compact_stamp, field, file_name, neutralise, to_csv, to_json, ExportScope, FileWords,
};
pub use glance::{added_lately, Added, Bar, Count, Glance, Kind, Segment};
pub use import::{parse_rows, ImportRow, ImportWords, ParseError, MAX_ROWS};
pub use input::{
    parse_api_key, parse_filters, parse_limit, plain_message, search_and_sort, Column, Draft,
    FieldError, FieldErrors, Ignored, KeyProblem, ListFilters, RoundPet, SavedDraft, Sort,
};
pub use int64::{parse_int64, Int64Problem};
pub use live::{Changes, Listing, Mark, Tracker, MARK_MS};
pub use models::{ErrorBody, NewPet, Pet, PetStatus};
pub use page::Page;
pub use request::{Exchange, Kept, Observer, Sent, KEY_VARIABLE};
pub use retry::{parse_retry_after, plain_duration, Retry, Wait};
pub use tabs::{Emptied, TabMessage};
pub use text::{fold, lowercase};
pub use wire::{
    check_status, decode, is_bearer_token, list_query, pet_url, DEFAULT_LIMIT, DEFAULT_TIMEOUT,
    LIMIT_RANGE,
};
