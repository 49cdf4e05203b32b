//! Importing many pets: reading the rows, the ledger of what became of each (a view of the
//! record of sent pets), the run that sends them, and the result files. The page is `pages/pet_import.rs`, what it shows of a run
//! `components/import_view.rs`; the sending goes through the session like every other request.

mod results;
pub(crate) mod run;

pub use petstore_core::sent::{fingerprint, fnv1a, Ledger, Progress, RowOutcome as Outcome};
pub use petstore_core::{parse_rows, ImportRow, ParseError, MAX_ROWS};
pub use results::{failed_rows_csv, results_csv};
pub(crate) use run::{Looked, Origin, Pause, Run, RunState};
