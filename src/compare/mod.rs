//! Two environments compared: the matching and the differences file are the core's
//! (`petstore_core::compare`); here, the copy of chosen pets.

mod job;

pub use job::{CopyJob, COPY_SLOT};
pub use petstore_core::{compare, differences_csv, match_key, Ambiguous, Comparison, Pair, Shown};

#[cfg(test)]
mod tests;
