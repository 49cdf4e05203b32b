//! What the test knows of the session: the service's keys and modes, the keys the app was
//! given, the Add presses.

use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use petstore_dev_service::control::{LogEntry, Mode, Registry, MAIN};
use petstore_dev_service::store::Pet;
use petstore_e2e::SiteLog;

use super::page::Snapshot;

/// Both environments, as the URL and the service name them.
pub const ENVS: [&str; 2] = ["production", "staging"];

/// One confirmed press of Add pet.
#[derive(Clone, Debug)]
pub struct Press {
    pub name: String,
    pub env: usize,
    /// Whether the service was expected to create it (a good key, no fault mode).
    pub should_create: bool,
}

/// The test's side of the session.
pub struct Model {
    pub registry: Arc<Registry>,
    /// The key each environment accepts now, and every key it ever accepted.
    pub service_key: [String; 2],
    pub issued: [Vec<String>; 2],
    pub mode: [Mode; 2],
    /// The key the app was given for each environment (None after signing out).
    pub app_key: [Option<String>; 2],
    pub presses: Vec<Press>,
    /// What was wrong with the last export, if anything, and how many were checked.
    pub export_problem: Option<String>,
    /// What was wrong with the last print preview, if anything.
    pub print_problem: Option<String>,
    pub exports_checked: usize,
    /// How many times the compare page's groups were checked against the service (counted by
    /// the invariants, which see the model only to read it), and how many pets a copy was
    /// started for.
    pub compares_checked: AtomicUsize,
    pub copies_started: usize,
    /// How many imports had a row fixed and were run again, and how many fresh tabs were
    /// opened offline with a made-up key.
    pub imports_fixed: usize,
    /// Imports with rows on their way as Check rows was pressed or the page left and come
    /// back to, and tabs duplicated during a hold that asked before adding the pet again.
    pub mid_runs: usize,
    pub duplicated: usize,
    pub fresh_tabs: usize,
    /// Set by the step that pressed "Sign out everywhere", until the next step.
    pub wiped: bool,
    /// Set by the step that pressed a copy's Close, until the next step.
    pub closed_copy: bool,
    /// Set by the step that pressed a pet's "Add one like this", until the next step: that
    /// pet's environment and category number, which the add form must now show.
    pub liked: Option<(usize, i64)>,
    /// Set by the step that pressed "Add and add another" for a pet that should be created,
    /// until the next step: its environment and name, which the round's line must now say,
    /// the form kept for the next.
    pub rounded: Option<(usize, String)>,
    /// Whether the site holds an added pet before sending it (see `HOLD_SECONDS`).
    pub holds: bool,
    /// Pets taken back while held (Undo, kept as a draft, Sign out everywhere): the service
    /// must never receive one. Their environment and name.
    pub taken_back: Vec<(usize, String)>,
    /// Set by the step that scanned into Find a pet, until the next step: what the page must
    /// then show.
    pub found: Option<super::find::Found>,
    /// Set by the step that opened the Store page, until the next step: its environment,
    /// where its request log stood, so the reads the page made are counted, and what the page
    /// it left may read by itself.
    pub store_opened: Option<(usize, usize, super::store::LeftBehind)>,
    /// Set by the step that pressed Undo, until the next step: the environment and name the
    /// add form must show again, as typed.
    pub undone: Option<(usize, String)>,
    /// Set by the step that opened a fresh tab with a made-up key, offline: that
    /// environment's, until the network is back or another key is typed.
    pub fresh_tab: Option<usize>,
    /// When another tab of the app was open (began, ended; ms since the service started):
    /// its reads are its own.
    pub other_tabs: Vec<(u64, u64)>,
    /// Where each environment's log stood when it was told to answer the next request 429.
    pub busy_from: [Option<usize>; 2],
    /// How many creates each environment may have received: one per click of Add pet (a
    /// double click's second one too: it may go once the first was answered) and per
    /// imported row.
    pub sends_allowed: [usize; 2],
    /// Per environment, the names of the pets this device may have created since its record
    /// of sent pets was last emptied (Sign out everywhere): the list may show them first,
    /// marked "Added here".
    pub created_here: [Vec<String>; 2],
    /// Per environment, the highest id the service held when the record was last emptied: the
    /// service numbers pets upwards, so a pet at or below it was not created since.
    pub emptied_at_id: [i64; 2],
    /// The site: what it was asked for, and the folder deploys are copied into.
    pub site_log: SiteLog,
    pub folder: PathBuf,
    /// While the network is cut: the DevTools sessions holding the worker offline, and how
    /// many writes each environment had received at the cut.
    pub offline: Option<(Vec<String>, [usize; 2])>,
    /// How many pets other managers added, and when the service last changed behind the
    /// tab's back (ms since the epoch; 0 never).
    pub others: usize,
    pub changed_at: f64,
    /// What the live list's steps saw go wrong (a read while hidden), if anything.
    pub live_problem: Option<String>,
    /// A step that could not run as drawn (the page lacked what it must have): the run fails
    /// with it.
    pub step_problem: Option<String>,
    /// When each page load a step made began and ended (the new page there), on the
    /// service's clock.
    pub page_loads: Vec<(u64, u64)>,
}

impl Model {
    /// The model of a fresh tab against the service's own deployments.
    pub fn new(registry: Arc<Registry>, site_log: SiteLog, folder: PathBuf) -> Model {
        let keys = [
            "dev-production-key".to_owned(),
            "dev-staging-key".to_owned(),
        ];
        Model {
            registry,
            issued: [vec![keys[0].clone()], vec![keys[1].clone()]],
            service_key: keys,
            mode: [Mode::Normal; 2],
            app_key: [None, None],
            presses: Vec::new(),
            export_problem: None,
            print_problem: None,
            exports_checked: 0,
            compares_checked: AtomicUsize::new(0),
            copies_started: 0,
            imports_fixed: 0,
            mid_runs: 0,
            duplicated: 0,
            fresh_tabs: 0,
            wiped: false,
            closed_copy: false,
            liked: None,
            rounded: None,
            holds: false,
            taken_back: Vec::new(),
            undone: None,
            found: None,
            store_opened: None,
            fresh_tab: None,
            other_tabs: Vec::new(),
            busy_from: [None, None],
            sends_allowed: [0, 0],
            created_here: [Vec::new(), Vec::new()],
            emptied_at_id: [0, 0],
            site_log,
            folder,
            offline: None,
            others: 0,
            changed_at: 0.0,
            live_problem: None,
            step_problem: None,
            page_loads: Vec::new(),
        }
    }

    /// The session asked for one pet named `name` in `env` (a press of Add, a row, a copy):
    /// it may be created once, and is expected to be when `should_create`.
    pub fn allow(&mut self, env: usize, name: String, should_create: bool) {
        self.sends_allowed[env] += 1;
        self.created_here[env].push(name.clone());
        self.presses.push(Press {
            name,
            env,
            should_create,
        });
    }

    /// Sign out everywhere emptied the tab, and the device's record of sent pets with it.
    pub fn wipe(&mut self) {
        self.app_key = [None, None];
        self.wiped = true;
        self.created_here = [Vec::new(), Vec::new()];
        self.emptied_at_id =
            [0, 1].map(|env| self.pets(env).iter().map(|p| p.id).max().unwrap_or(0));
    }

    /// Whether `pet` of `env` may be one this device created since its record was emptied.
    pub fn created_here(&self, env: usize, pet: &Pet) -> bool {
        pet.id > self.emptied_at_id[env] && self.created_here[env].contains(&pet.name)
    }

    /// How many writes (anything but a GET) `env` has received.
    pub fn writes(&self, env: usize) -> usize {
        self.log(env).iter().filter(|e| e.method != "GET").count()
    }

    /// Whether `env` was told to answer a request 429 and has not yet.
    pub fn busy_pending(&self, env: usize) -> bool {
        self.busy_from[env]
            .is_some_and(|from| !self.log(env).iter().skip(from).any(|e| e.status == 429))
    }

    /// The request log of `env`.
    pub fn log(&self, env: usize) -> Vec<LogEntry> {
        self.deployment(env).log()
    }

    /// The pets `env` holds.
    pub fn pets(&self, env: usize) -> Vec<Pet> {
        self.deployment(env).pets()
    }

    pub fn deployment(&self, env: usize) -> Arc<petstore_dev_service::handlers::Deployment> {
        self.registry
            .deployment(MAIN, ENVS[env])
            .expect("both deployments exist")
    }

    /// Whether the service answered 401 to `key` in `env`.
    pub fn refused(&self, env: usize, key: &str) -> bool {
        self.log(env)
            .iter()
            .any(|e| e.auth == key && e.status == 401)
    }

    /// Whether every request either deployment received has been answered.
    pub fn quiet(&self) -> bool {
        (0..2).all(|env| self.log(env).iter().all(|e| e.status != 0))
    }
}

/// The environment index the URL names, if any.
pub fn url_env(snap: &Snapshot) -> Option<usize> {
    query(&snap.search, "env").and_then(|v| ENVS.iter().position(|e| *e == v))
}

/// One query parameter of `search` (`?a=1&b=2`).
pub fn query(search: &str, key: &str) -> Option<String> {
    // Decoded, as the app reads it: a search for "É" is `q=%C3%89` in the address.
    url::form_urlencoded::parse(search.trim_start_matches('?').as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}
