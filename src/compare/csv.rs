//! "Download differences": the comparison as CSV, one row per pet that is not the same in
//! both environments, cells neutralised as in the list's export.

use super::{Comparison, Pair};
use crate::api::Pet;
use petstore_core::{field, neutralise};

const HEADER: &str = "group,name,stagingId,stagingCategoryId,stagingStatus,\
productionId,productionCategoryId,productionStatus\n";

fn cells(pet: Option<&Pet>) -> [String; 3] {
    match pet {
        Some(p) => [
            p.id.to_string(),
            p.category_id.to_string(),
            field(&neutralise(p.status.as_ref().map_or("", |s| s.as_str()))),
        ],
        None => Default::default(),
    }
}

fn row(out: &mut String, group: &str, name: &str, staging: Option<&Pet>, production: Option<&Pet>) {
    let mut line = vec![group.to_owned(), field(&neutralise(name))];
    line.extend(cells(staging));
    line.extend(cells(production));
    out.push_str(&line.join(","));
    out.push('\n');
}

/// The groups that differ (only in staging, only in production, different, ambiguous: a row
/// per pet), in the page's order; the pets that are the same are left out.
pub fn differences_csv(c: &Comparison) -> String {
    let mut out = String::from(HEADER);
    for p in &c.only_staging {
        row(&mut out, "only in staging", &p.name, Some(p), None);
    }
    for p in &c.only_production {
        row(&mut out, "only in production", &p.name, None, Some(p));
    }
    for Pair {
        staging,
        production,
    } in &c.different
    {
        row(
            &mut out,
            "different",
            &staging.name,
            Some(staging),
            Some(production),
        );
    }
    for a in &c.ambiguous {
        for p in &a.staging {
            row(&mut out, "ambiguous", &p.name, Some(p), None);
        }
        for p in &a.production {
            row(&mut out, "ambiguous", &p.name, None, Some(p));
        }
    }
    out
}
