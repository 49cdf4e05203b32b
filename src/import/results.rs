//! The result files of an import: every row with its outcome, and the failed rows alone,
//! ready to be fixed and imported again.

use super::{Ledger, Outcome};
use crate::i18n::problems::row_problems;
use crate::i18n::words;
use petstore_core::ImportRow;
use petstore_core::{field, neutralise};

fn input_cells(row: &ImportRow) -> [String; 3] {
    let d = &row.draft;
    [
        field(&neutralise(&d.name)),
        field(&neutralise(&d.category_id)),
        field(&neutralise(&d.status)),
    ]
}

/// Every row: the input columns, then `id`, `outcome` and `message` (`not sent` for rows
/// that were invalid or not reached).
pub fn results_csv(rows: &[ImportRow], ledger: &Ledger) -> String {
    let mut out = String::from("name,categoryId,status,id,outcome,message\n");
    for (i, row) in rows.iter().enumerate() {
        // The outcome words are the file's, the same in every language.
        let (id, outcome, message) = match (ledger.get(i), &row.checked) {
            (Some(Outcome::Created { id }), _) => (id.to_string(), "created", String::new()),
            (Some(Outcome::Before { id }), _) => (
                id.map(|id| id.to_string()).unwrap_or_default(),
                "already created",
                String::new(),
            ),
            (Some(Outcome::Refused { message }), _) => (String::new(), "refused", message.clone()),
            (Some(Outcome::Unknown { message }), _) => {
                let message = message
                    .clone()
                    .unwrap_or_else(|| words::row_left_while_sending().into_owned());
                (String::new(), "unknown", message)
            }
            (Some(Outcome::Queued { .. }), _) => (String::new(), "queued", String::new()),
            (Some(Outcome::Sending { .. }), _) => (String::new(), "sending", String::new()),
            (None, Err(problems)) => (String::new(), "invalid", row_problems(problems).join(" ")),
            (None, Ok(_)) => (String::new(), "not sent", String::new()),
        };
        let mut cells = input_cells(row).to_vec();
        cells.extend([id, outcome.to_owned(), field(&neutralise(&message))]);
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// The rows that were refused, unknown or invalid, with the input columns only.
pub fn failed_rows_csv(rows: &[ImportRow], ledger: &Ledger) -> String {
    let mut out = String::from("name,categoryId,status\n");
    for (i, row) in rows.iter().enumerate() {
        let failed = match ledger.get(i) {
            Some(Outcome::Refused { .. } | Outcome::Unknown { .. }) => true,
            Some(_) => false,
            None => row.checked.is_err(),
        };
        if failed {
            out.push_str(&input_cells(row).join(","));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::parse_rows;
    use petstore_core::sent::{Entry, Origin, Pages, State};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn results_and_failed_rows() {
        let rows = parse_rows(
            "name,categoryId\nRex,1\n=cmd,2\n,3\nLate,4\n",
            &Default::default(),
        )
        .unwrap();
        let entry = |row: usize, state| {
            let origin = Origin::Import {
                run: "r".into(),
                row,
            };
            let pet = rows[row].checked.clone().unwrap();
            Entry::new(row.to_string(), pet, origin, state, "p", 1)
        };
        let record = [
            entry(
                0,
                State::Created {
                    id: 9_007_199_254_740_993,
                },
            ),
            entry(
                1,
                State::Refused {
                    message: "bad, name".into(),
                },
            ),
        ];
        let ledger = Ledger::read(&record, "r", &rows, &Pages::default());
        let all = results_csv(&rows, &ledger);
        assert_eq!(
            all,
            "name,categoryId,status,id,outcome,message\n\
             Rex,1,,9007199254740993,created,\n\
             '=cmd,2,,,refused,\"bad, name\"\n\
             ,3,,,invalid,Enter a name.\n\
             Late,4,,,not sent,\n"
        );
        assert_eq!(
            failed_rows_csv(&rows, &ledger),
            "name,categoryId,status\n'=cmd,2,\n,3,\n"
        );
    }
}
