//! What the test knows of the session (the service's keys and modes, the keys the app was
//! given, the Add presses), and the invariants checked after every step against the page and
//! the service's request log.

use std::sync::Arc;

use petstore_dev_service::control::{LogEntry, Mode, Registry, MAIN};
use petstore_dev_service::store::Pet;

use super::page::Snapshot;

/// Both environments, as the URL and the service name them.
pub const ENVS: [&str; 2] = ["production", "staging"];

/// A request arriving this long after a 401 was answered was sent after the app saw it.
const AFTER_401_MS: u64 = 150;

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
    pub exports_checked: usize,
}

impl Model {
    /// The model of a fresh tab against the service's own deployments.
    pub fn new(registry: Arc<Registry>) -> Model {
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
            exports_checked: 0,
        }
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
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.to_owned())
}

/// Every invariant, against the settled page; the first broken one, in words.
pub fn check(model: &Model, snap: &Snapshot) -> Result<(), String> {
    if let Some(problem) = &model.export_problem {
        return Err(format!("export: {problem}"));
    }
    keys_never_resent_or_crossed(model)?;
    let env = url_env(snap).ok_or_else(|| format!("no environment in the URL {}", snap.search))?;
    if !snap.band.contains(&format!("env-{}", ENVS[env])) {
        return Err(format!("band {:?} under URL env {}", snap.band, ENVS[env]));
    }
    let expect_dialog = match &model.app_key[env] {
        None => true,
        Some(key) => model.refused(env, key),
    };
    if snap.dialog != expect_dialog {
        return Err(format!(
            "sign-in form shown: {}, expected {expect_dialog} (app key {:?})",
            snap.dialog, model.app_key[env]
        ));
    }
    if snap.dialog && !snap.dialog_title.to_lowercase().ends_with(ENVS[env]) {
        return Err(format!(
            "the form says {:?} in {}",
            snap.dialog_title, ENVS[env]
        ));
    }
    if !snap.dialog {
        page_matches_url(model, snap, env)?;
    }
    creates_match_presses(model)
}

fn keys_never_resent_or_crossed(model: &Model) -> Result<(), String> {
    for (env, name) in ENVS.iter().enumerate() {
        let log = model.log(env);
        for refusal in log.iter().filter(|e| e.status == 401 && !e.auth.is_empty()) {
            let mut again = log.iter().filter(|e| {
                e.auth == refusal.auth && e.received_ms > refusal.answered_ms + AFTER_401_MS
            });
            if let Some(e) = again.next_back() {
                let tail: Vec<String> = log
                    .iter()
                    .rev()
                    .take(12)
                    .map(|e| format!("{e:?}"))
                    .collect();
                return Err(format!(
                    "{} was sent again to {} after its 401: {e:?}\n  its log, newest first:\n  {}",
                    refusal.auth,
                    name,
                    tail.join("\n  ")
                ));
            }
        }
        let other = 1 - env;
        let wrong = format!("wrong-{}", ENVS[other]);
        if let Some(e) = log
            .iter()
            .find(|e| model.issued[other].contains(&e.auth) || e.auth.starts_with(&wrong))
        {
            return Err(format!("{}'s key reached {name}: {e:?}", ENVS[other]));
        }
    }
    Ok(())
}

fn page_matches_url(model: &Model, snap: &Snapshot, env: usize) -> Result<(), String> {
    let pets = model.pets(env);
    if snap.path.ends_with("/pets") {
        let url_status = query(&snap.search, "status")
            .filter(|s| ["available", "pending", "sold"].contains(&s.as_str()));
        let url_limit = query(&snap.search, "limit")
            .and_then(|l| l.parse::<usize>().ok())
            .filter(|l| (1..=100).contains(l));
        let shown_status = snap.status.clone().unwrap_or_default();
        if shown_status != url_status.clone().unwrap_or_default() {
            return Err(format!(
                "Status shows {shown_status:?}, URL {:?}",
                snap.search
            ));
        }
        let limit = url_limit.unwrap_or(20);
        if snap.limit.as_deref() != Some(limit.to_string().as_str()) && !snap.limit_invalid {
            return Err(format!(
                "Limit shows {:?}, URL {:?}",
                snap.limit, snap.search
            ));
        }
        let expected: Vec<(String, String)> = pets
            .iter()
            .filter(|p| url_status.is_none() || p.status == url_status)
            .take(limit)
            .map(|p| (p.id.to_string(), p.name.clone()))
            .collect();
        let shown: Vec<(String, String)> = snap
            .rows
            .iter()
            .map(|r| (r[0].clone(), r[1].clone()))
            .collect();
        for row in &shown {
            if !pets
                .iter()
                .any(|p| (p.id.to_string(), p.name.clone()) == *row)
            {
                return Err(format!("row {row:?} is not a pet of {}", ENVS[env]));
            }
        }
        let healthy = matches!(model.mode[env], Mode::Normal | Mode::Slow(_));
        if healthy && snap.alerts.is_empty() && shown != expected {
            return Err(format!("rows {shown:?}, expected {expected:?}"));
        }
    } else if let Some(id) = snap
        .path
        .rsplit('/')
        .next()
        .and_then(|s| s.parse::<i64>().ok())
    {
        let pet = pets.iter().find(|p| p.id == id);
        match pet {
            Some(p) if !snap.h1.is_empty() && snap.h1 != p.name => {
                return Err(format!("pet {id} shows {:?}, is {:?}", snap.h1, p.name))
            }
            None if !snap.h1.is_empty() => {
                return Err(format!(
                    "pet {id} is not in {} but shows {:?}",
                    ENVS[env], snap.h1
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

fn creates_match_presses(model: &Model) -> Result<(), String> {
    for (env, env_name) in ENVS.iter().enumerate() {
        let pets = model.pets(env);
        for pet in pets.iter().filter(|p| p.name.starts_with("Rnd")) {
            let count = pets.iter().filter(|p| p.name == pet.name).count();
            if count > 1 {
                return Err(format!("{} was created {count} times", pet.name));
            }
            if !model
                .presses
                .iter()
                .any(|p| p.name == pet.name && p.env == env)
            {
                return Err(format!(
                    "{} appeared in {env_name} without an Add there",
                    pet.name
                ));
            }
        }
        for press in model
            .presses
            .iter()
            .filter(|p| p.env == env && p.should_create)
        {
            if !pets.iter().any(|p| p.name == press.name) {
                return Err(format!(
                    "Add of {} in {env_name} created nothing",
                    press.name
                ));
            }
        }
    }
    Ok(())
}
