//! The list's search and sort, kept in the URL query (`q=`, `sort=`): over the rows loaded,
//! since the service can neither search nor sort.

use std::cmp::Ordering;

use crate::models::Pet;
use crate::text::lowercase;

/// A column the list can be sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The id, as an int64.
    Id,
    /// The name, ignoring case.
    Name,
    /// The category id, as an int64.
    Category,
    /// The status word; pets without one last.
    Status,
}

impl Column {
    /// Every column, in the table's order.
    pub const ALL: [Column; 4] = [Column::Id, Column::Name, Column::Category, Column::Status];

    /// The value in `sort=`.
    pub fn as_str(self) -> &'static str {
        match self {
            Column::Id => "id",
            Column::Name => "name",
            Column::Category => "category",
            Column::Status => "status",
        }
    }
}

/// An order of the rows: a column, ascending or descending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    /// The column.
    pub column: Column,
    /// Largest first.
    pub descending: bool,
}

impl Sort {
    /// Reads `sort=` (`name`, `-id`, …); anything else is no sort (the service's order).
    pub fn parse(text: &str) -> Option<Sort> {
        let (descending, name) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let column = Column::ALL.into_iter().find(|c| c.as_str() == name)?;
        Some(Sort { column, descending })
    }

    /// The value of `sort=`.
    pub fn as_query(self) -> String {
        format!(
            "{}{}",
            if self.descending { "-" } else { "" },
            self.column.as_str()
        )
    }

    /// The sort after clicking `column`'s header: ascending first, then the other way.
    pub fn after_click(current: Option<Sort>, column: Column) -> Sort {
        Sort {
            column,
            descending: current.is_some_and(|s| s.column == column && !s.descending),
        }
    }

    /// Orders two pets, given their names in lower case.
    fn compare(self, (a_name, a): (&str, &Pet), (b_name, b): (&str, &Pet)) -> Ordering {
        let order = match self.column {
            Column::Id => a.id.cmp(&b.id),
            Column::Name => a_name.cmp(b_name),
            Column::Category => a.category_id.cmp(&b.category_id),
            // `None` after every word, whichever way.
            Column::Status => match (&a.status, &b.status) {
                (Some(x), Some(y)) => x.as_str().cmp(y.as_str()),
                (Some(_), None) => return Ordering::Less,
                (None, Some(_)) => return Ordering::Greater,
                (None, None) => Ordering::Equal,
            },
        };
        if self.descending {
            order.reverse()
        } else {
            order
        }
    }
}

/// The pets whose name holds `search` (ignoring case and surrounding spaces), in `sort`'s
/// order, ties (and no sort) kept in the service's order.
pub fn search_and_sort(pets: &[Pet], search: &str, sort: Option<Sort>) -> Vec<Pet> {
    let needle = lowercase(search.trim());
    // Each name is lowered once, and only when the search or the sort reads it.
    let by_name = !needle.is_empty() || sort.is_some_and(|s| s.column == Column::Name);
    let lowered = |p: &Pet| {
        if by_name {
            lowercase(&p.name)
        } else {
            String::new()
        }
    };
    let mut shown: Vec<(String, &Pet)> = pets
        .iter()
        .map(|p| (lowered(p), p))
        .filter(|(name, _)| name.contains(&needle))
        .collect();
    if let Some(sort) = sort {
        shown.sort_by(|(a_name, a), (b_name, b)| sort.compare((a_name, a), (b_name, b)));
    }
    shown.into_iter().map(|(_, p)| p.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::PetStatus;

    fn pet(id: i64, name: &str, status: Option<PetStatus>) -> Pet {
        Pet {
            id,
            name: name.into(),
            category_id: id % 3,
            status,
        }
    }

    #[test]
    fn ids_sort_as_int64_not_as_text() {
        let pets = [
            pet(9_223_372_036_854_775_807, "Max", None),
            pet(9_007_199_254_740_993, "Big", None),
            pet(10, "Ten", None),
        ];
        let sort = Sort::parse("id");
        let ids: Vec<i64> = search_and_sort(&pets, "", sort)
            .iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(ids, [10, 9_007_199_254_740_993, 9_223_372_036_854_775_807]);
        let down = search_and_sort(&pets, "", Sort::parse("-id"));
        assert_eq!(down[0].id, 9_223_372_036_854_775_807);
    }

    #[test]
    fn search_ignores_case_and_keeps_the_service_order() {
        let pets = [
            pet(1, "Bella", Some(PetStatus::Sold)),
            pet(2, "rex", None),
            pet(3, "ABEL", Some(PetStatus::Available)),
        ];
        let names = |v: Vec<Pet>| v.into_iter().map(|p| p.name).collect::<Vec<_>>();
        assert_eq!(
            names(search_and_sort(&pets, " bel ", None)),
            ["Bella", "ABEL"]
        );
        assert_eq!(
            names(search_and_sort(&pets, "", Sort::parse("name"))),
            ["ABEL", "Bella", "rex"]
        );
        assert_eq!(
            names(search_and_sort(&pets, "", Sort::parse("-status"))),
            ["Bella", "ABEL", "rex"]
        );
    }

    #[test]
    fn sort_round_trips_through_the_query_and_toggles() {
        for text in ["id", "-name", "category", "-status"] {
            assert_eq!(Sort::parse(text).unwrap().as_query(), text);
        }
        assert_eq!(Sort::parse("weight"), None);
        let up = Sort::after_click(None, Column::Name);
        assert!(!up.descending);
        let down = Sort::after_click(Some(up), Column::Name);
        assert!(down.descending);
        assert!(!Sort::after_click(Some(down), Column::Name).descending);
        assert_eq!(Sort::after_click(Some(down), Column::Id).column, Column::Id);
    }
}
