//! Two environments compared: the matching is the core's (`petstore_core::compare`); here,
//! the differences as a file and the copy of chosen pets.

mod csv;
mod job;

pub use csv::differences_csv;
pub use job::{carry_over, CopyJob, COPY_SLOT};
pub use petstore_core::{compare, match_key, Ambiguous, Comparison, Pair, Shown};

#[cfg(test)]
mod tests;
