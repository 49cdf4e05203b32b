//! Rows pasted from a spreadsheet (tab-separated) or read from a CSV file, checked with the
//! add form's rules before anything is sent. Read with `csv-core` (the `csv` crate's parser):
//! quoted fields, commas and line breaks inside quotes, a byte-order mark and CRLF all work.

use crate::categories::Categories;
use crate::input::{Draft, FieldErrors};
use crate::models::{NewPet, PetStatus};
use crate::text::lowercase;

/// The most rows one import takes: past this, split the file (each row is one request).
pub const MAX_ROWS: usize = 1000;

/// One data row, as read and as checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRow {
    /// The line the row starts on in the input (the header is line 1).
    pub line: u64,
    /// The cells as read: name, category, status.
    pub draft: Draft,
    /// The pet to send, or what is wrong with the row.
    pub checked: Result<NewPet, FieldErrors>,
}

/// The store's own words an import reads beside the interface's: its category names, and the
/// status words of the page's language (as the page shows them: "verfügbar" for `available`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportWords {
    /// The deployment's category names.
    pub categories: Categories,
    /// Each status's word in the page's language.
    pub statuses: Vec<(String, PetStatus)>,
}

impl ImportWords {
    /// The service's word for a status cell: the cell itself (lower case) when it is one, or
    /// the status the page's word names.
    fn status(&self, cell: &str) -> String {
        let cell = lowercase(cell.trim());
        self.statuses
            .iter()
            .find(|(word, _)| lowercase(word) == cell)
            .map_or(cell, |(_, status)| status.as_str().to_owned())
    }
}

/// Why the input could not be read as rows at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but blank space.
    Empty,
    /// The first row does not name the `name` and `categoryId` columns: what it names instead.
    NoHeader {
        /// The first row's cells, as read.
        found: Vec<String>,
    },
    /// A header and no row under it.
    NoRows,
    /// More than [`MAX_ROWS`] rows.
    TooMany,
}

fn column(header: &str) -> Option<usize> {
    let key: String = header
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_' && *c != '-')
        .collect();
    match lowercase(&key).as_str() {
        "name" => Some(0),
        "categoryid" | "category" => Some(1),
        "status" => Some(2),
        _ => None,
    }
}

/// Every record of `text` with the byte it starts at, read by `csv-core` (the `csv` crate's
/// own parser, without the I/O and serde layers the wasm has no use for).
fn records(text: &str, delimiter: u8) -> Vec<(usize, Vec<String>)> {
    use csv_core::ReadRecordResult;
    let mut reader = csv_core::ReaderBuilder::new().delimiter(delimiter).build();
    let (mut out, mut ends) = (vec![0u8; 4096], vec![0usize; 16]);
    let (mut out_len, mut ends_len, mut consumed, mut start) = (0, 0, 0, 0);
    let mut found = Vec::new();
    loop {
        let input = &text.as_bytes()[consumed..];
        let (result, read, written, ended) =
            reader.read_record(input, &mut out[out_len..], &mut ends[ends_len..]);
        consumed += read;
        out_len += written;
        ends_len += ended;
        match result {
            ReadRecordResult::InputEmpty => {}
            ReadRecordResult::OutputFull => out.resize(out.len() * 2, 0),
            ReadRecordResult::OutputEndsFull => ends.resize(ends.len() * 2, 0),
            ReadRecordResult::Record => {
                let mut from = 0;
                let fields = ends[..ends_len]
                    .iter()
                    .map(|&to| {
                        let field = String::from_utf8_lossy(&out[from..to]).into_owned();
                        from = to;
                        field
                    })
                    .collect();
                found.push((start, fields));
                (out_len, ends_len, start) = (0, 0, consumed);
            }
            ReadRecordResult::End => return found,
        }
    }
}

/// The columns a header row names (`name`, `categoryId`, `status`), if it names the first
/// two.
fn columns(headers: &[String]) -> Option<[Option<usize>; 3]> {
    let mut at = [None; 3];
    for (i, h) in headers.iter().enumerate() {
        if let Some(c) = column(h) {
            at[c].get_or_insert(i);
        }
    }
    (at[0].is_some() && at[1].is_some()).then_some(at)
}

/// Reads `text`: a header row naming `name`, `categoryId` (or `category`, `category id`, any
/// case) and optionally `status`, then data rows, separated by tabs (a pasted spreadsheet),
/// semicolons (a CSV file as a spreadsheet in German or French saves it) or commas: the first
/// of those whose split of the header names the columns. A byte-order mark is skipped, and so
/// are blank rows. A category given by one of `words`' category names (any case) is read as
/// its number; a status given by its word in the page's language, as that status.
pub fn parse_rows(text: &str, words: &ImportWords) -> Result<Vec<ImportRow>, ParseError> {
    let text = text.trim_start_matches('\u{FEFF}');
    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    let mut found = Vec::new();
    let mut read = None;
    for delimiter in [b'\t', b';', b','] {
        let mut records = records(text, delimiter).into_iter();
        let Some((_, headers)) = records.next() else {
            return Err(ParseError::Empty);
        };
        match columns(&headers) {
            Some(at) => {
                read = Some((records, at));
                break;
            }
            // What a comma split found: the plainest account of the row.
            None => found = headers,
        }
    }
    let Some((records, at)) = read else {
        let found = found.into_iter().filter(|h| !h.trim().is_empty()).collect();
        return Err(ParseError::NoHeader { found });
    };
    let categories = &words.categories;
    let mut rows = Vec::new();
    for (start, record) in records {
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let cell = |c: usize| at[c].and_then(|i| record.get(i)).map_or("", String::as_str);
        let draft = Draft {
            name: cell(0).to_owned(),
            category_id: categories
                .id_named(cell(1))
                .map_or_else(|| cell(1).to_owned(), |id| id.to_string()),
            status: words.status(cell(2)),
        };
        let checked = draft.validate();
        // The header is line 1; a record starts past the line end before it.
        let bytes = text.as_bytes();
        let mut start = start.min(bytes.len());
        while start < bytes.len() && matches!(bytes[start], b'\n' | b'\r') {
            start += 1;
        }
        let line = 1 + bytes[..start].iter().filter(|b| **b == b'\n').count() as u64;
        rows.push(ImportRow {
            line,
            draft,
            checked,
        });
        if rows.len() > MAX_ROWS {
            return Err(ParseError::TooMany);
        }
    }
    if rows.is_empty() {
        return Err(ParseError::NoRows);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::FieldError;

    #[test]
    fn a_german_spreadsheets_semicolons_and_the_pages_status_words_read_right() {
        let words = ImportWords {
            statuses: vec![
                ("verfügbar".into(), PetStatus::Available),
                ("reserviert".into(), PetStatus::Pending),
                ("verkauft".into(), PetStatus::Sold),
            ],
            ..ImportWords::default()
        };
        let text = "\u{FEFF}name;categoryId;status\r\nBello;1;Verfügbar\r\n\"Mia; die Katze\";2;available\r\nRex;3;verkauft\r\n";
        let rows = parse_rows(text, &words).unwrap();
        let sent: Vec<_> = rows.iter().map(|r| r.checked.clone().unwrap()).collect();
        assert_eq!(
            sent[0].status,
            Some(PetStatus::Available),
            "the page's word"
        );
        assert_eq!(
            sent[1].status,
            Some(PetStatus::Available),
            "the service's word"
        );
        assert_eq!(sent[1].name, "Mia; die Katze");
        assert_eq!(sent[2].status, Some(PetStatus::Sold));
        assert_eq!(
            rows[0].draft.status, "available",
            "said as the service's word"
        );
        // A comma in a name does not make a semicolon file a comma one, nor the other way.
        let commas = parse_rows("name,categoryId\n\"Rex; Jr\",1\n", &words).unwrap();
        assert_eq!(commas[0].checked.as_ref().unwrap().name, "Rex; Jr");
        assert_eq!(
            parse_rows("Nom;Catégorie\nRex;1\n", &words),
            Err(ParseError::NoHeader {
                found: vec!["Nom;Catégorie".into()]
            }),
            "said as the row was written"
        );
    }

    #[test]
    fn a_pasted_spreadsheet_with_quotes_and_line_breaks_reads_right() {
        let text = "\u{FEFF}Name\tCategory ID\tStatus\r\n\
                    Rex\t1\tavailable\r\n\
                    \"Big, \"\"Barney\"\"\nthe second\"\t2\t\r\n\
                    \r\n\
                    Tweety\t3\tSOLD\r\n";
        let rows = parse_rows(text, &ImportWords::default()).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[1].draft.name, "Big, \"Barney\"\nthe second");
        assert_eq!(rows[1].checked.as_ref().unwrap().category_id, 2);
        assert_eq!(rows[2].draft.status, "sold");
        assert!(rows[2].checked.is_ok());
        assert_eq!((rows[0].line, rows[1].line), (2, 3));
    }

    #[test]
    fn csv_with_commas_and_invalid_rows_lists_each_problem() {
        let text = "categoryId,name\n1,\"Rex, the dog\"\nx,   \n9223372036854775808,Big\n";
        let rows = parse_rows(text, &ImportWords::default()).unwrap();
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 4]);
        assert_eq!(rows[0].checked.as_ref().unwrap().name, "Rex, the dog");
        let bad = rows[1].checked.as_ref().unwrap_err();
        assert_eq!(bad.name, Some(FieldError::NameMissing));
        assert_eq!(bad.category_id, Some(FieldError::CategoryNotWhole));
        assert_eq!(
            rows[2].checked.as_ref().unwrap_err().category_id,
            Some(FieldError::CategoryTooLarge)
        );
        let names =
            Categories::from_map([("2".to_owned(), "Cats".to_owned())].into_iter().collect())
                .unwrap();
        let named_words = ImportWords {
            categories: names,
            ..ImportWords::default()
        };
        let named = parse_rows(
            "name,categoryId\nTom, cats \nRex,7\nOdd,Dogs\n",
            &named_words,
        )
        .unwrap();
        assert_eq!(
            named[0].checked.as_ref().unwrap().category_id,
            2,
            "a name, any case"
        );
        assert_eq!(
            named[1].checked.as_ref().unwrap().category_id,
            7,
            "a number"
        );
        assert_eq!(
            named[2].checked.as_ref().unwrap_err().category_id,
            Some(FieldError::CategoryNotWhole),
            "an unknown name"
        );
        let typo = parse_rows(
            "name,categoryId,status\nRex,1,availble\n",
            &ImportWords::default(),
        )
        .unwrap();
        assert_eq!(
            typo[0].checked.as_ref().unwrap_err(),
            &FieldErrors {
                status: Some(FieldError::StatusUnknown),
                ..FieldErrors::default()
            }
        );
        assert_eq!(
            parse_rows("animal,kind\nRex,dog\n", &ImportWords::default()),
            Err(ParseError::NoHeader {
                found: vec!["animal".into(), "kind".into()]
            })
        );
        assert_eq!(
            parse_rows("name,categoryId\n", &ImportWords::default()),
            Err(ParseError::NoRows)
        );
        assert_eq!(
            parse_rows(" \n", &ImportWords::default()),
            Err(ParseError::Empty)
        );
        assert_eq!(
            parse_rows("", &ImportWords::default()),
            Err(ParseError::Empty)
        );
    }

    #[test]
    fn more_than_the_limit_is_refused() {
        let mut text = String::from("name,categoryId\n");
        for i in 0..=MAX_ROWS {
            text.push_str(&format!("P{i},1\n"));
        }
        assert_eq!(
            parse_rows(&text, &ImportWords::default()),
            Err(ParseError::TooMany)
        );
    }
}
