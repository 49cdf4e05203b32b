//! Find a pet, typed as a barcode scanner types (all at once, then Enter), from the list or a
//! pet's page: a pet's number, a card of this environment or of the other, an unknown number,
//! and a name no pet has (the list searched for it). What should follow is set on the model and checked after the
//! step (see `invariants::found_as_scanned`).

use std::time::Duration;

use fantoccini::{Client, Locator};

use super::model::{Model, ENVS};
use super::page::{self, Snapshot};
use super::steps::{Rng, Step};

/// What is scanned.
#[derive(Clone, Copy, Debug)]
pub enum Scan {
    /// A pet's number (both environments have pets 1 to 5).
    Number(i64),
    /// A card's address, of the environment shown (`false`) or of the other (`true`).
    Card(i64, bool),
    /// A number no pet has: its page says so.
    Unknown,
    /// A name no pet has.
    Name,
}

/// What the page must show after a scan.
#[derive(Clone, Debug)]
pub enum Found {
    /// Pet `id`'s page in environment `env`.
    Opens { env: usize, id: i64 },
    /// The list of environment `env`, searched for `name`, the name still in the box.
    Searches { env: usize, name: &'static str },
    /// The page as it was (its path and environment), and a line with the text of this
    /// catalogue key.
    Says {
        path: String,
        env: usize,
        key: &'static str,
    },
}

/// Draws the next scan.
pub fn draw(rng: &mut Rng) -> Step {
    let id = 1 + rng.below(5) as i64;
    Step::Find(match rng.below(5) {
        0 => Scan::Number(id),
        1 => Scan::Card(id, false),
        2 => Scan::Card(id, true),
        3 => Scan::Unknown,
        _ => Scan::Name,
    })
}

/// From the list or a pet's page (the list opened first if need be), scans `scan`.
pub async fn perform(c: &Client, site: &str, model: &mut Model, snap: &Snapshot, scan: Scan) {
    let env = super::model::url_env(snap).unwrap_or(0);
    if snap.dialog || snap.held {
        return;
    }
    let mut path = snap.path.clone();
    let on_list = path.trim_end_matches('/').ends_with("/pets");
    let form = path.ends_with("/pets/new") || path.ends_with("/pets/import");
    let on_pet = path.contains("/pets/") && !form;
    if !on_list && !on_pet {
        if !page::nav(c, "Pets").await {
            return;
        }
        let list = |s: &Snapshot| s.path.ends_with("/pets") && !s.busy;
        let (shown, now) = page::wait_for(c, Duration::from_secs(20), list).await;
        if !shown || now.dialog {
            return;
        }
        path = now.path;
    }
    let card = |id: i64, env: usize| format!("{site}pets/{id}?env={}", ENVS[env]);
    let (text, found) = match scan {
        Scan::Number(id) => (id.to_string(), Found::Opens { env, id }),
        Scan::Card(id, false) => (card(id, env), Found::Opens { env, id }),
        Scan::Card(id, true) => (
            card(id, 1 - env),
            Found::Says {
                path,
                env,
                key: "find_other_environment",
            },
        ),
        Scan::Unknown => ("424242".to_owned(), Found::Opens { env, id: 424_242 }),
        Scan::Name => (
            "Rex the dog".to_owned(),
            Found::Searches {
                env,
                name: "Rex the dog",
            },
        ),
    };
    let Ok(field) = c.find(Locator::Id("find-pet")).await else {
        model.step_problem = Some(format!("no Find a pet box on {}", snap.path));
        return;
    };
    let _ = field.clear().await;
    if field.send_keys(&format!("{text}\n")).await.is_ok() {
        model.found = Some(found);
    }
}
