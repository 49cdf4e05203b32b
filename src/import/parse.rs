//! Rows pasted from a spreadsheet (tab-separated) or read from a CSV file, checked with the
//! add form's rules before anything is sent. Read with `csv-core` (the `csv` crate's parser):
//! quoted fields, commas and line breaks inside quotes, a byte-order mark and CRLF all work.

use crate::api::NewPet;
use crate::i18n::{number, words};
use crate::input::{lowercase, Draft, FieldErrors};

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
    pub checked: Result<NewPet, Vec<String>>,
}

/// The input could not be read as rows at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

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

pub(crate) fn problems(errors: FieldErrors) -> Vec<String> {
    // A file has no list to choose from: name the statuses it may hold.
    let status = errors.status.map(|_| words::status_in_file().into_owned());
    [errors.name, errors.category_id, status]
        .into_iter()
        .flatten()
        .collect()
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

/// Reads `text`: a header row naming `name`, `categoryId` (or `category`, `category id`, any
/// case) and optionally `status`, then data rows; tab-separated when the header holds a tab,
/// else comma-separated. Blank rows are skipped.
pub fn parse_rows(text: &str) -> Result<Vec<ImportRow>, ParseError> {
    let text = text.trim_start_matches('\u{FEFF}');
    let header_line = text.lines().next().unwrap_or_default();
    let delimiter = if header_line.contains('\t') {
        b'\t'
    } else {
        b','
    };
    let mut records = records(text, delimiter).into_iter();
    let Some((_, headers)) = records.next() else {
        return Err(ParseError(words::nothing_to_import().into()));
    };
    let mut at = [None; 3];
    for (i, h) in headers.iter().enumerate() {
        if let Some(c) = column(h) {
            at[c].get_or_insert(i);
        }
    }
    if at[0].is_none() || at[1].is_none() {
        return Err(ParseError(words::first_row_names_columns().into()));
    }
    let mut rows = Vec::new();
    for (start, record) in records {
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let cell = |c: usize| at[c].and_then(|i| record.get(i)).map_or("", String::as_str);
        let draft = Draft {
            name: cell(0).to_owned(),
            category_id: cell(1).to_owned(),
            status: lowercase(cell(2).trim()),
        };
        let checked = draft.validate().map_err(problems);
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
            return Err(ParseError(words::too_many_rows(&number(MAX_ROWS as u64))));
        }
    }
    if rows.is_empty() {
        return Err(ParseError(words::no_rows_under_header().into()));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_spreadsheet_with_quotes_and_line_breaks_reads_right() {
        let text = "\u{FEFF}Name\tCategory ID\tStatus\r\n\
                    Rex\t1\tavailable\r\n\
                    \"Big, \"\"Barney\"\"\nthe second\"\t2\t\r\n\
                    \r\n\
                    Tweety\t3\tSOLD\r\n";
        let rows = parse_rows(text).unwrap();
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
        let rows = parse_rows(text).unwrap();
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 4]);
        assert_eq!(rows[0].checked.as_ref().unwrap().name, "Rex, the dog");
        let bad = rows[1].checked.as_ref().unwrap_err();
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert!(
            rows[2].checked.as_ref().unwrap_err()[0].contains("up to 9,223,372,036,854,775,807")
        );
        let typo = parse_rows("name,categoryId,status\nRex,1,availble\n").unwrap();
        assert_eq!(
            typo[0].checked.as_ref().unwrap_err(),
            &["The status must be available, pending or sold, or left empty."]
        );
        let e = parse_rows("animal,kind\nRex,dog\n").unwrap_err();
        assert!(e.0.contains("name, categoryId"), "{e:?}");
        assert!(parse_rows("name,categoryId\n").is_err());
    }

    #[test]
    fn more_than_the_limit_is_refused() {
        let mut text = String::from("name,categoryId\n");
        for i in 0..=MAX_ROWS {
            text.push_str(&format!("P{i},1\n"));
        }
        assert!(parse_rows(&text).unwrap_err().0.contains("at most 1,000"));
    }
}
