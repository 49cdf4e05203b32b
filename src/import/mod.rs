//! Importing many pets: reading the rows, the ledger of what became of each, and the result
//! files. The page is `pages/pet_import.rs`; the sending goes through the session like every
//! other request.

mod ledger;
mod parse;
mod results;

pub use ledger::{fingerprint, Ledger, Outcome, LEDGER_PREFIX};
pub use parse::{parse_rows, ImportRow, ParseError, MAX_ROWS};
pub use results::{failed_rows_csv, results_csv};
