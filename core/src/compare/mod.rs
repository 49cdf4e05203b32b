//! Two environments compared: what each was read as, and its pets matched by name into
//! groups. The app's page draws them and copies the pets chosen.
//!
//! Each environment is read as [`crate::every`] plans it: every status at the largest limit,
//! merged by id.

mod csv;

use std::collections::BTreeMap;

use crate::models::{Pet, PetStatus};
use crate::text::lowercase;

pub use csv::differences_csv;

/// How two pets of the same name differ, if they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The pet in staging.
    pub staging: Pet,
    /// The pet in production.
    pub production: Pet,
}

impl Pair {
    /// Whether the category differs.
    pub fn category_differs(&self) -> bool {
        self.staging.category_id != self.production.category_id
    }

    /// Whether the status differs (none and a status differ).
    pub fn status_differs(&self) -> bool {
        self.staging.status != self.production.status
    }

    /// Whether anything the interface shows differs (the id never counts: they are unrelated).
    pub fn differs(&self) -> bool {
        self.category_differs() || self.status_differs()
    }
}

/// A name held by two or more pets in one environment: not matched, since nothing says which
/// of them the other environment's pet is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ambiguous {
    /// The name as the first pet holding it writes it.
    pub name: String,
    /// The pets holding it in staging.
    pub staging: Vec<Pet>,
    /// The pets holding it in production.
    pub production: Vec<Pet>,
}

/// The two environments' pets in groups, each in name order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Names only staging holds.
    pub only_staging: Vec<Pet>,
    /// Names only production holds.
    pub only_production: Vec<Pet>,
    /// Names both hold once, with a different category or status.
    pub different: Vec<Pair>,
    /// Names both hold once, alike.
    pub same: Vec<Pair>,
    /// Names held by two or more pets in either environment.
    pub ambiguous: Vec<Ambiguous>,
}

/// The name pets are matched by: without surrounding spaces, in lower case, as the list's
/// search compares.
pub fn match_key(name: &str) -> String {
    lowercase(name.trim())
}

/// Matches `staging` and `production` by name (see [`match_key`]).
pub fn compare(staging: &[Pet], production: &[Pet]) -> Comparison {
    let mut names: BTreeMap<String, (Vec<Pet>, Vec<Pet>)> = BTreeMap::new();
    for pet in staging {
        names
            .entry(match_key(&pet.name))
            .or_default()
            .0
            .push(pet.clone());
    }
    for pet in production {
        names
            .entry(match_key(&pet.name))
            .or_default()
            .1
            .push(pet.clone());
    }
    let mut out = Comparison::default();
    for (_, (mut s, mut p)) in names {
        match (s.len(), p.len()) {
            (1, 0) => out.only_staging.append(&mut s),
            (0, 1) => out.only_production.append(&mut p),
            (1, 1) => {
                let pair = Pair {
                    staging: s.remove(0),
                    production: p.remove(0),
                };
                if pair.differs() {
                    out.different.push(pair);
                } else {
                    out.same.push(pair);
                }
            }
            _ => out.ambiguous.push(Ambiguous {
                name: s
                    .iter()
                    .chain(&p)
                    .next()
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
                staging: s,
                production: p,
            }),
        }
    }
    out
}

/// What the page shows of a comparison: the search and status filter of its address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Names holding this, ignoring case and surrounding spaces (empty: all).
    pub search: String,
    /// Pets with this status on either side (`None`: all).
    pub status: Option<PetStatus>,
}

impl Shown {
    fn keeps<'a>(&self, needle: &str, mut pets: impl Iterator<Item = &'a Pet>) -> bool {
        pets.any(|pet| {
            (needle.is_empty() || match_key(&pet.name).contains(needle))
                && (self.status.is_none() || pet.status == self.status)
        })
    }

    /// The part of `all` this shows: a pair or an ambiguous name is kept when any of its pets
    /// is.
    pub fn apply(&self, all: &Comparison) -> Comparison {
        let needle = match_key(&self.search);
        let one = |p: &&Pet| self.keeps(&needle, std::iter::once(*p));
        let pair = |p: &&Pair| self.keeps(&needle, [&p.staging, &p.production].into_iter());
        Comparison {
            only_staging: all.only_staging.iter().filter(one).cloned().collect(),
            only_production: all.only_production.iter().filter(one).cloned().collect(),
            different: all.different.iter().filter(pair).cloned().collect(),
            same: all.same.iter().filter(pair).cloned().collect(),
            ambiguous: all
                .ambiguous
                .iter()
                .filter(|a| self.keeps(&needle, a.staging.iter().chain(&a.production)))
                .cloned()
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests;
