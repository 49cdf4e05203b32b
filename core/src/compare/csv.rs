//! "Download differences": the comparison as CSV, one row per pet that is not the same in
//! both environments, cells neutralised as in the list's export. Category ids stay exact;
//! where either environment names its categories, each side's name follows its number.

use super::{Comparison, Pair};
use crate::categories::Categories;
use crate::export::{field, neutralise};
use crate::models::Pet;

/// One environment's side of the file: its pets' cells, and its names if the file has them.
struct Side<'a> {
    names: &'a Categories,
    named: bool,
}

impl Side<'_> {
    /// A pet's id, category (and its name) and status; empty cells when the side has none.
    fn cells(&self, pet: Option<&Pet>) -> Vec<String> {
        let columns = if self.named { 4 } else { 3 };
        let Some(p) = pet else {
            return vec![String::new(); columns];
        };
        let mut cells = vec![p.id.to_string(), p.category_id.to_string()];
        if self.named {
            let name = self.names.name(p.category_id).unwrap_or_default();
            cells.push(field(&neutralise(name)));
        }
        cells.push(field(&neutralise(
            p.status.as_ref().map_or("", |s| s.as_str()),
        )));
        cells
    }

    /// The side's column names, after `env` (`staging`, `production`).
    fn header(&self, env: &str) -> String {
        match self.named {
            true => format!("{env}Id,{env}CategoryId,{env}Category,{env}Status"),
            false => format!("{env}Id,{env}CategoryId,{env}Status"),
        }
    }
}

/// The groups that differ (only in staging, only in production, different, ambiguous: a row
/// per pet), in the page's order; the pets that are the same are left out. With category
/// names in either environment, `stagingCategory` and `productionCategory` columns are added.
pub fn differences_csv(c: &Comparison, staging: &Categories, production: &Categories) -> String {
    let named = !staging.is_empty() || !production.is_empty();
    let in_staging = Side {
        names: staging,
        named,
    };
    let in_production = Side {
        names: production,
        named,
    };
    let mut out = format!(
        "group,name,{},{}\n",
        in_staging.header("staging"),
        in_production.header("production")
    );
    let mut row = |group: &str, name: &str, s: Option<&Pet>, p: Option<&Pet>| {
        let mut line = vec![group.to_owned(), field(&neutralise(name))];
        line.extend(in_staging.cells(s));
        line.extend(in_production.cells(p));
        out.push_str(&line.join(","));
        out.push('\n');
    };
    for p in &c.only_staging {
        row("only in staging", &p.name, Some(p), None);
    }
    for p in &c.only_production {
        row("only in production", &p.name, None, Some(p));
    }
    for Pair {
        staging,
        production,
    } in &c.different
    {
        row("different", &staging.name, Some(staging), Some(production));
    }
    for a in &c.ambiguous {
        for p in &a.staging {
            row("ambiguous", &p.name, Some(p), None);
        }
        for p in &a.production {
            row("ambiguous", &p.name, None, Some(p));
        }
    }
    out
}
