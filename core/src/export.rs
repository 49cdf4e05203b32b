//! The list as files: CSV for spreadsheets and JSON for programs. Ids and category ids are
//! written from the Rust values, so ids above 2^53 stay exact (a spreadsheet or JavaScript
//! would round them if they ever passed through a float). Pure functions, tested natively.

use serde::Serialize;

use crate::categories::Categories;
use crate::config::Environment;
use crate::models::Pet;

/// What was exported: the environment, the filters, and whether there may be more pets than
/// these (the rows filled the limit, and the service gives no total).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportScope {
    /// The environment the pets are from.
    pub env: Environment,
    /// The status filter, if any.
    pub status: Option<String>,
    /// The limit the list was fetched with.
    pub limit: u32,
    /// Whether the rows filled the limit.
    pub maybe_more: bool,
    /// The name search the rows shown were narrowed by, if any.
    pub search: Option<String>,
    /// The category the rows shown were narrowed to, if any.
    pub category: Option<i64>,
    /// The environment's category names (empty: the files hold the numbers alone).
    pub categories: Categories,
}

/// A CSV cell a spreadsheet would run as a formula (OWASP's CSV injection guidance: a leading
/// `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, which shows the text as is.
pub fn neutralise(cell: &str) -> String {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}"),
        _ => cell.to_owned(),
    }
}

/// One CSV field as RFC 4180 writes it: in double quotes (doubled inside) when it holds a
/// comma, a quote or a line break. Written by hand: the `csv` crate's writer would bring its
/// whole reader into the wasm (`docs/benchmark.md` has the figure).
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The pets as CSV: a header row `id,name,categoryId,status`, then one row per pet, lines
/// ending in `\n`; with category names, a `category` column after `categoryId` (the name, or
/// empty for a number without one). Names are neutralised (they come from anyone who can
/// create a pet); numbers are written exactly.
pub fn to_csv(pets: &[Pet], categories: &Categories) -> String {
    let named = !categories.is_empty();
    let mut out = String::from(match named {
        true => "id,name,categoryId,category,status\n",
        false => "id,name,categoryId,status\n",
    });
    for pet in pets {
        let status = pet.status.as_ref().map_or("", |s| s.as_str());
        let mut cells = vec![
            pet.id.to_string(),
            field(&neutralise(&pet.name)),
            pet.category_id.to_string(),
        ];
        if named {
            let name = categories.name(pet.category_id).unwrap_or_default();
            cells.push(field(&neutralise(name)));
        }
        cells.push(field(&neutralise(status)));
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// A pet as the JSON file holds it: the interface's fields, and its category's name where the
/// deployment gives one.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonPet<'a> {
    id: i64,
    name: &'a str,
    category_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    category: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonExport<'a> {
    environment: &'a str,
    exported_at: &'a str,
    status: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<&'a str>,
    /// The category filter: only pets of this category are in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    category_id: Option<i64>,
    limit: u32,
    /// True when the rows filled the limit: the service may hold more.
    may_have_more: bool,
    pets: Vec<JsonPet<'a>>,
}

/// The pets as JSON, with what was exported around them; ids stay JSON numbers of full
/// precision.
pub fn to_json(pets: &[Pet], scope: &ExportScope, exported_at: &str) -> Result<String, String> {
    let export = JsonExport {
        environment: scope.env.as_str(),
        exported_at,
        status: scope.status.as_deref(),
        search: scope.search.as_deref(),
        category_id: scope.category,
        limit: scope.limit,
        may_have_more: scope.maybe_more,
        pets: pets
            .iter()
            .map(|pet| JsonPet {
                id: pet.id,
                name: &pet.name,
                category_id: pet.category_id,
                category: scope.categories.name(pet.category_id),
                status: pet.status.as_ref().map(|s| s.as_str()),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&export).map_err(|e| e.to_string())
}

/// The words a file name is made of, in the chosen language ("pets", "first").
#[derive(Clone, Copy, Debug)]
pub struct FileWords<'a> {
    /// What the file holds: `pets-…`.
    pub pets: &'a str,
    /// Before the limit when there may be more pets: `…-first-20-…`.
    pub first: &'a str,
}

/// The file name: environment, filter and UTC time (`20261122T061500Z`), and `first-N` when
/// there may be more pets than the file holds.
pub fn file_name(
    scope: &ExportScope,
    words: FileWords,
    utc_stamp: &str,
    extension: &str,
) -> String {
    let status = scope
        .status
        .as_deref()
        .map(|s| format!("-{s}"))
        .unwrap_or_default();
    let part = if scope.maybe_more {
        format!("-{}-{}", words.first, scope.limit)
    } else {
        String::new()
    };
    format!(
        "{}-{}{status}{part}-{utc_stamp}.{extension}",
        words.pets,
        scope.env.as_str()
    )
}

/// `2026-11-22T06:15:00.000Z` (JavaScript's ISO form) as `20261122T061500Z`, for file names.
pub fn compact_stamp(iso: &str) -> String {
    let digits: String = iso
        .chars()
        .take(19)
        .filter(|c| c.is_ascii_digit() || *c == 'T')
        .collect();
    format!("{digits}Z")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::PetStatus;

    fn pet(id: i64, name: &str, status: Option<PetStatus>) -> Pet {
        Pet {
            id,
            name: name.into(),
            category_id: i64::MAX,
            status,
        }
    }

    #[test]
    fn csv_keeps_ids_exact_and_quotes_what_needs_it() {
        let pets = [
            pet(
                9_007_199_254_740_993,
                "Big, \"Barney\"",
                Some(PetStatus::Sold),
            ),
            pet(2, "Line\nbreak", None),
        ];
        let text = to_csv(&pets, &Categories::default());
        assert_eq!(
            text,
            "id,name,categoryId,status\n\
             9007199254740993,\"Big, \"\"Barney\"\"\",9223372036854775807,sold\n\
             2,\"Line\nbreak\",9223372036854775807,\n"
        );
    }

    #[test]
    fn named_categories_add_a_column_and_keep_the_number_exact() {
        let names = Categories::from_map(
            [("9223372036854775807".to_owned(), "=Dogs".to_owned())]
                .into_iter()
                .collect(),
        )
        .unwrap();
        let pets = [
            pet(1, "Rex", None),
            Pet {
                category_id: 3,
                ..pet(2, "Tom", None)
            },
        ];
        assert_eq!(
            to_csv(&pets, &names),
            "id,name,categoryId,category,status\n\
             1,Rex,9223372036854775807,'=Dogs,\n\
             2,Tom,3,,\n"
        );
        let scope = ExportScope {
            env: Environment::Production,
            status: None,
            limit: 20,
            maybe_more: false,
            search: None,
            category: Some(3),
            categories: names,
        };
        let text = to_json(&pets, &scope, "t").unwrap();
        assert!(
            text.contains("\"categoryId\": 9223372036854775807,\n      \"category\": \"=Dogs\""),
            "{text}"
        );
        assert!(
            text.contains("\n  \"categoryId\": 3,\n"),
            "the filter: {text}"
        );
    }

    #[test]
    fn formulas_are_neutralised() {
        for cell in ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(neutralise(cell), format!("'{cell}"));
        }
        assert_eq!(neutralise("Rex"), "Rex");
        let text = to_csv(&[pet(1, "=HYPERLINK(\"x\")", None)], &Categories::default());
        assert!(text.contains("\"'=HYPERLINK(\"\"x\"\")\""), "{text}");
    }

    #[test]
    fn json_keeps_full_precision_and_says_when_there_may_be_more() {
        let scope = ExportScope {
            env: Environment::Staging,
            status: Some("sold".into()),
            limit: 1,
            maybe_more: true,
            search: None,
            category: None,
            categories: Categories::default(),
        };
        let text = to_json(&[pet(9_007_199_254_740_993, "B", None)], &scope, "t").unwrap();
        assert!(text.contains("\"id\": 9007199254740993"), "{text}");
        assert!(!text.contains("\"category\""), "{text}");
        assert!(text.contains("\"mayHaveMore\": true"), "{text}");
        assert!(text.contains("\"environment\": \"staging\""), "{text}");
        assert_eq!(
            file_name(
                &scope,
                FileWords {
                    pets: "pets",
                    first: "first"
                },
                "20261122T061500Z",
                "json"
            ),
            "pets-staging-sold-first-1-20261122T061500Z.json"
        );
        assert_eq!(
            compact_stamp("2026-11-22T06:15:00.123Z"),
            "20261122T061500Z"
        );
    }
}
