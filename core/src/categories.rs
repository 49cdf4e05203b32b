//! A deployment's own names for its category numbers (`config.json`'s optional
//! `"categories": {"1": "Dogs", "2": "Cats"}` per environment): the interface has no category
//! record, but a store knows what it numbers. Where names are given the pages show them (the
//! number beside them where it helps), the add form offers them, the import takes them, and
//! the exports add them; without names, everything shows the number as before.

use std::collections::BTreeMap;

use crate::int64::parse_int64;
use crate::text::lowercase;

/// The longest name a category may have: it shows in a table column and on a phone.
pub const MAX_CATEGORY_NAME: usize = 40;

/// An environment's category names, by number. Checked as the configuration is read: each
/// number a whole number within int64 and named once, each name not blank, not a number, at
/// most [`MAX_CATEGORY_NAME`] characters, and no two alike (capitals aside: a name typed in an
/// import must name one category, and a number must mean only itself).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Categories {
    by_id: BTreeMap<i64, String>,
}

impl Categories {
    /// The names from `config.json`'s map of number to name, or what is wrong with it.
    pub fn from_map(map: BTreeMap<String, String>) -> Result<Categories, String> {
        let mut by_id = BTreeMap::new();
        let mut seen = Vec::new();
        for (number, name) in map {
            let id = parse_int64(number.trim())
                .map_err(|_| format!("\"{number}\" is not a category number (a whole number)"))?;
            if by_id.contains_key(&id) {
                return Err(format!("category {id} is named twice"));
            }
            let name = name.trim();
            if name.is_empty() {
                return Err(format!("category {id} has an empty name"));
            }
            // A name that reads as a number would make "2" in an import mean two things.
            if parse_int64(name).is_ok() {
                return Err(format!(
                    "the name of category {id}, \"{name}\", is a number"
                ));
            }
            if name.chars().count() > MAX_CATEGORY_NAME {
                return Err(format!(
                    "the name of category {id} is longer than {MAX_CATEGORY_NAME} characters"
                ));
            }
            let key = lowercase(name);
            if seen.contains(&key) {
                return Err(format!("\"{name}\" names two categories"));
            }
            seen.push(key);
            by_id.insert(id, name.to_owned());
        }
        Ok(Categories { by_id })
    }

    /// Whether no names are given.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }

    /// The name of category `id`, if it has one.
    pub fn name(&self, id: i64) -> Option<&str> {
        self.by_id.get(&id).map(String::as_str)
    }

    /// What a list shows for category `id`: its name, else its number.
    pub fn label(&self, id: i64) -> String {
        self.name(id).map_or_else(|| id.to_string(), str::to_owned)
    }

    /// The category number `text` names: a known name (capitals and surrounding spaces aside),
    /// else `None` (a number is read as a number by the usual rules).
    pub fn id_named(&self, text: &str) -> Option<i64> {
        let wanted = lowercase(text.trim());
        self.by_id
            .iter()
            .find(|(_, name)| lowercase(name) == wanted)
            .map(|(id, _)| *id)
    }

    /// The named categories, by number.
    pub fn iter(&self) -> impl Iterator<Item = (i64, &str)> {
        self.by_id.iter().map(|(id, name)| (*id, name.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn names_are_read_shown_and_found_without_case() {
        let c = Categories::from_map(map(&[
            ("1", "Dogs"),
            ("2", " Cats "),
            ("9007199254740993", "Fish"),
        ]))
        .unwrap();
        assert_eq!(c.label(1), "Dogs");
        assert_eq!(c.label(2), "Cats");
        assert_eq!(c.label(7), "7");
        assert_eq!(c.name(9_007_199_254_740_993), Some("Fish"));
        assert_eq!(c.id_named(" dogs"), Some(1));
        assert_eq!(c.id_named("FISH"), Some(9_007_199_254_740_993));
        assert_eq!(c.id_named("3"), None);
        assert_eq!(c.iter().count(), 3);
        assert!(Categories::default().is_empty());
    }

    #[test]
    fn a_bad_map_says_what_is_wrong() {
        let cases = [
            (
                map(&[("dogs", "Dogs")]),
                "\"dogs\" is not a category number",
            ),
            (map(&[("1.5", "Dogs")]), "\"1.5\" is not a category number"),
            (map(&[("1", "  ")]), "category 1 has an empty name"),
            (
                map(&[("1", "Dogs"), ("2", "DOGS")]),
                "\"DOGS\" names two categories",
            ),
            (map(&[("1", &"x".repeat(41))]), "longer than 40 characters"),
            (map(&[("1", "2")]), "\"2\", is a number"),
            (
                map(&[("1", "Dogs"), ("01", "Cats")]),
                "category 1 is named twice",
            ),
        ];
        for (map, expected) in cases {
            let err = Categories::from_map(map).unwrap_err();
            assert!(err.contains(expected), "{err}");
        }
    }
}
