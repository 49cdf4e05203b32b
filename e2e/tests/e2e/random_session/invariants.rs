//! The invariants checked after every step, against the settled page and the service's
//! request log.

use petstore_dev_service::control::{LogEntry, Mode};
use petstore_dev_service::store::Pet;

use super::find::Found;
use super::model::{query, url_env, Model, ENVS};
use super::page::Snapshot;

/// A request arriving this long after a 401 was answered was sent after the app saw it.
const AFTER_401_MS: u64 = 150;

/// Whether the page in `env` should show the sign-in form: the tab has no key there, or the
/// service refused the one it has.
pub fn sign_in_expected(model: &Model, env: usize) -> bool {
    match &model.app_key[env] {
        None => true,
        Some(key) => model.refused(env, key),
    }
}

/// Every invariant, against the settled page; the first broken one, in words.
pub fn check(model: &Model, snap: &Snapshot) -> Result<(), String> {
    if let Some(problem) = &model.export_problem {
        return Err(format!("export: {problem}"));
    }
    if let Some(problem) = &model.print_problem {
        return Err(format!("print: {problem}"));
    }
    if let Some(problem) = &model.live_problem {
        return Err(problem.clone());
    }
    if let Some(problem) = &model.step_problem {
        return Err(format!("the step could not run: {problem}"));
    }
    for env in 0..ENVS.len() {
        super::live::one_read_at_a_time(model, env)?;
    }
    keys_never_resent_or_crossed(model)?;
    busy_answers_honoured(model)?;
    no_write_while_offline(model)?;
    if let Some(key) = model
        .issued
        .iter()
        .flatten()
        .find(|k| snap.text.contains(k.as_str()))
    {
        return Err(format!("the key {key} is written on the page"));
    }
    if model.closed_copy && snap.text.contains(&snap.words().part("copy_from_to")) {
        return Err("a copy's panel stays after Close".to_owned());
    }
    if let Some((env, category)) = model.liked {
        if !empty_add_form(snap, env) || snap.value("pet-category") != Some(&category.to_string()) {
            return Err(format!(
                "Add one like this: not {}'s form with category {category} and no name: {} {:?}",
                ENVS[env], snap.path, snap.values
            ));
        }
    }
    if let Some((env, name)) = &model.rounded {
        let added = model.pets(*env).iter().any(|p| &p.name == name);
        let kept = empty_add_form(snap, *env)
            && snap.value("pet-category") == Some("3")
            && snap.text.contains(name.as_str());
        if added && !kept {
            return Err(format!(
                "Add and add another: {name} added, but the form is not kept for the next with \
                 it named: {} {:?}",
                snap.path, snap.values
            ));
        }
    }
    // Every step ends its hold (the session's is long): sent, taken back, or asked about.
    if snap.held {
        return Err("a pet is still held after the step".to_owned());
    }
    found_as_scanned(model, snap)?;
    if let Some((env, name)) = &model.undone {
        let typed = snap.path.ends_with("/pets/new")
            && url_env(snap) == Some(*env)
            && snap.value("pet-name") == Some(name.as_str());
        if !typed {
            return Err(format!(
                "Undo: not {}'s form with {name} as typed: {} {:?}",
                ENVS[*env], snap.path, snap.values
            ));
        }
    }
    if let Some((env, name)) = model
        .taken_back
        .iter()
        .find(|(env, name)| model.pets(*env).iter().any(|p| &p.name == name))
    {
        return Err(format!(
            "{name} was taken back while held, yet {} holds it",
            ENVS[*env]
        ));
    }
    if model.wiped && snap.stored != ["petstore-admin.environment"] {
        return Err(format!(
            "after sign out everywhere the tab keeps {:?}",
            snap.stored
        ));
    }
    let env = url_env(snap).ok_or_else(|| format!("no environment in the URL {}", snap.search))?;
    if !snap.band.contains(&format!("env-{}", ENVS[env])) {
        return Err(format!("band {:?} under URL env {}", snap.band, ENVS[env]));
    }
    let expect_dialog = sign_in_expected(model, env);
    if snap.dialog != expect_dialog {
        let tail: Vec<String> = model
            .log(env)
            .iter()
            .rev()
            .take(8)
            .map(|e| format!("{e:?}"))
            .collect();
        return Err(format!(
            "sign-in form shown: {}, expected {expect_dialog} (app key {:?})\n  {}'s log, newest first:\n  {}",
            snap.dialog,
            model.app_key[env],
            ENVS[env],
            tail.join("\n  ")
        ));
    }
    // The form names its environment, in the page's language.
    if snap.dialog && !snap.dialog_title.contains(&snap.words().say(ENVS[env])) {
        return Err(format!(
            "the form says {:?} in {}",
            snap.dialog_title, ENVS[env]
        ));
    }
    // A fresh tab with a made-up key, offline: no pet shown to a key the service never
    // accepted (the worker keeps answers per key).
    if model.fresh_tab == Some(env) && snap.path.ends_with("/pets") && !snap.rows.is_empty() {
        return Err(format!(
            "{} rows shown to a made-up key offline",
            snap.rows.len()
        ));
    }
    // No kept answer (nor any other) listed in a tab that holds no key for it.
    if model.app_key[env].is_none() && snap.path.ends_with("/pets") && !snap.rows.is_empty() {
        return Err(format!("{} rows shown with no key", snap.rows.len()));
    }
    if !snap.dialog {
        super::store::figures(model, snap)?;
        page_matches_url(model, snap, env)?;
        super::compare::matches_service(model, snap)?;
    }
    creates_match_presses(model)
}

/// Nothing written while the network is cut: not sent then, not queued to send later.
fn no_write_while_offline(model: &Model) -> Result<(), String> {
    if let Some((_, at_cut)) = &model.offline {
        for (env, name) in ENVS.iter().enumerate() {
            if model.writes(env) != at_cut[env] {
                return Err(format!("{name} received a write while offline"));
            }
        }
    }
    Ok(())
}

fn keys_never_resent_or_crossed(model: &Model) -> Result<(), String> {
    for (env, name) in ENVS.iter().enumerate() {
        let log = model.log(env);
        // A page load that began as a 401 was on its way: the page before may have been
        // unloaded before it took the 401 in, and the new page may then send the key it
        // still had once, after it is there, and never again.
        let unloaded_by = |refusal: &LogEntry| {
            model.page_loads.iter().find(|(began, ended)| {
                *began <= refusal.answered_ms + AFTER_401_MS && refusal.received_ms <= *ended
            })
        };
        for refusal in log.iter().filter(|e| e.status == 401 && !e.auth.is_empty()) {
            let again: Vec<&LogEntry> = log
                .iter()
                .filter(|e| {
                    e.auth == refusal.auth && e.received_ms > refusal.answered_ms + AFTER_401_MS
                })
                .collect();
            let allowed = match unloaded_by(refusal) {
                Some((_, ended)) => {
                    usize::from(again.first().is_some_and(|e| e.received_ms > *ended))
                }
                None => 0,
            };
            if let Some(e) = again.get(allowed) {
                let tail: Vec<String> = log
                    .iter()
                    .rev()
                    .take(12)
                    .map(|e| format!("{e:?}"))
                    .collect();
                let loads: Vec<(u64, u64)> =
                    model.page_loads.iter().rev().take(3).copied().collect();
                return Err(format!(
                    "{} was sent again to {} after its 401: {e:?}\n  pages loaded (began, \
                     ended; ms, newest first): {loads:?}\n  its log, newest first:\n  {}",
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

/// A read answered 429 is not asked again before the `Retry-After` (1 s) has passed, and no
/// create is ever sent more often than Add was clicked (creates are never retried).
fn busy_answers_honoured(model: &Model) -> Result<(), String> {
    for (env, name) in ENVS.iter().enumerate() {
        let log = model.log(env);
        for (i, busy) in log.iter().enumerate().filter(|(_, e)| e.status == 429) {
            let again = log[i + 1..]
                .iter()
                .find(|e| e.method == "GET" && e.path == busy.path && e.auth == busy.auth);
            if let Some(e) = again.filter(|e| e.received_ms + 20 < busy.answered_ms + 1000) {
                return Err(format!(
                    "{name} was asked again {} ms after a 429 with Retry-After: 1: {e:?}",
                    e.received_ms.saturating_sub(busy.answered_ms)
                ));
            }
        }
        // A create refused for its key created nothing and waits for the next key (an import
        // run goes on after sign-in): only the others count.
        let posts = log
            .iter()
            .filter(|e| e.method == "POST" && e.status != 401)
            .count();
        let clicks = model.sends_allowed[env];
        if posts > clicks {
            return Err(format!(
                "{posts} creates reached {name} for {clicks} clicks and rows"
            ));
        }
    }
    Ok(())
}

/// The rows the list should show: the service's first `limit` of `status`, then (in the
/// page) those whose name holds `q`, in `sort`'s order.
fn expected_rows(
    pets: &[Pet],
    search: &str,
    status: Option<&str>,
    limit: usize,
) -> Vec<(String, String)> {
    let needle = query(search, "q").unwrap_or_default().trim().to_lowercase();
    let of = |status: Option<&str>, limit: usize| -> Vec<&Pet> {
        pets.iter()
            .filter(|p| status.is_none() || p.status.as_deref() == status)
            .take(limit)
            .collect()
    };
    let listed = of(status, limit);
    // A search of a list that filled its limit covers the wider reads: the status alone up to
    // 100, or each status and any up to 100 each, merged by id (a pet as its first read has
    // it), in id order: the reads' own orders cannot be kept at once.
    let wide = !needle.is_empty() && listed.len() >= limit && !(status.is_some() && limit >= 100);
    let mut base = match (wide, status) {
        (false, _) => listed,
        (true, Some(_)) => of(status, 100),
        (true, None) => {
            let mut all: Vec<&Pet> = Vec::new();
            for read in [Some("available"), Some("pending"), Some("sold"), None] {
                for p in of(read, 100) {
                    if !all.iter().any(|a| a.id == p.id) {
                        all.push(p);
                    }
                }
            }
            all
        }
    };
    if wide {
        base.sort_by_key(|p| p.id);
    }
    let mut rows: Vec<&Pet> = base
        .into_iter()
        .filter(|p| p.name.to_lowercase().contains(&needle))
        .collect();
    if let Some(sort) = query(search, "sort") {
        let (down, column) = match sort.strip_prefix('-') {
            Some(c) => (true, c.to_owned()),
            None => (false, sort.clone()),
        };
        rows.sort_by(|a, b| {
            let order = match column.as_str() {
                "id" => a.id.cmp(&b.id),
                "name" => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
                "category" => a.category_id.cmp(&b.category_id),
                "status" => match (&a.status, &b.status) {
                    (Some(x), Some(y)) => x.cmp(y),
                    (Some(_), None) => return std::cmp::Ordering::Less,
                    (None, Some(_)) => return std::cmp::Ordering::Greater,
                    _ => std::cmp::Ordering::Equal,
                },
                _ => std::cmp::Ordering::Equal,
            };
            if down {
                order.reverse()
            } else {
                order
            }
        });
    }
    rows.iter()
        .map(|p| (p.id.to_string(), p.name.clone()))
        .collect()
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
        let expected = expected_rows(&pets, &snap.search, url_status.as_deref(), limit);
        // The pets this device added that the read did not reach come first, marked; the
        // other rows are the read's.
        let (added, read): (Vec<_>, Vec<_>) = snap
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                (
                    snap.added.get(i) == Some(&true),
                    (r[0].clone(), r[1].clone()),
                )
            })
            .partition(|(added, _)| *added);
        let shown: Vec<(String, String)> = read.into_iter().map(|(_, row)| row).collect();
        let needle = query(&snap.search, "q")
            .unwrap_or_default()
            .trim()
            .to_lowercase();
        for (_, (id, name)) in &added {
            if !pets
                .iter()
                .any(|p| p.id.to_string() == *id && p.name == *name)
            {
                return Err(format!(
                    "{name} ({id}) is marked Added here, not a pet of {}",
                    ENVS[env]
                ));
            }
            let pet = pets.iter().find(|p| p.id.to_string() == *id);
            if !pet.is_some_and(|p| model.created_here(env, p)) {
                return Err(format!(
                    "{name} ({id}) is marked Added here, not added by this device"
                ));
            }
            if shown.iter().any(|(other, _)| other == id) || !name.to_lowercase().contains(&needle)
            {
                return Err(format!(
                    "{name} ({id}) is marked Added here beside the read's rows {shown:?}"
                ));
            }
        }
        for row in &shown {
            if !pets
                .iter()
                .any(|p| (p.id.to_string(), p.name.clone()) == *row)
            {
                return Err(format!("row {row:?} is not a pet of {}", ENVS[env]));
            }
        }
        // Kept answers shown offline are the last ones received, not the service's now.
        let kept = ["offline_as_it_was", "unreachable_as_it_was"]
            .iter()
            .any(|key| snap.text.contains(&snap.words().part(key)));
        let healthy = matches!(model.mode[env], Mode::Normal | Mode::Slow(_));
        if healthy && !kept && snap.alerts.is_empty() && shown != expected {
            return Err(format!("rows {shown:?}, expected {expected:?}"));
        }
    } else if let Some(heading) = [
        ("/pets/new", "New pet"),
        ("/pets/import", "Import pets"),
        ("/activity", "Activity"),
        ("/compare", "Compare environments"),
        ("/store", "The store at a glance"),
    ]
    .iter()
    .find(|(end, _)| snap.path.ends_with(end))
    .map(|(_, heading)| heading)
    {
        // A page whose code is downloaded on first use shows itself, never the message for a
        // failed download (nothing here makes one fail).
        if snap.h1 != snap.say(heading) {
            return Err(format!("{} shows the heading {:?}", snap.path, snap.h1));
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

/// Whether the page is `env`'s add form with no name typed.
fn empty_add_form(snap: &Snapshot, env: usize) -> bool {
    snap.path.ends_with("/pets/new")
        && url_env(snap) == Some(env)
        && snap.value("pet-name") == Some("")
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

/// After a scan into Find a pet: the pet's page in its environment, or the page as it was
/// with a line saying what the text was (never a switch of environment by itself).
fn found_as_scanned(model: &Model, snap: &Snapshot) -> Result<(), String> {
    match &model.found {
        Some(Found::Opens { env, id }) => {
            // The box is emptied only when a pet opens: the same pet again is seen too.
            let opened = snap.path.ends_with(&format!("/pets/{id}"))
                && url_env(snap) == Some(*env)
                && snap.value("find-pet") == Some("");
            opened.then_some(()).ok_or_else(|| {
                format!(
                    "Find a pet: not {}'s pet {id}, the box emptied: {}{} {:?}",
                    ENVS[*env],
                    snap.path,
                    snap.search,
                    snap.value("find-pet")
                )
            })
        }
        Some(Found::Searches { env, name }) => {
            let searched = snap.path.ends_with("/pets")
                && url_env(snap) == Some(*env)
                && query(&snap.search, "q").as_deref() == Some(*name)
                && snap.value("find-pet") == Some(*name);
            searched.then_some(()).ok_or_else(|| {
                format!(
                    "Find a pet: not {}'s list searched for {name:?}: {}{} {:?}",
                    ENVS[*env],
                    snap.path,
                    snap.search,
                    snap.value("find-pet")
                )
            })
        }
        Some(Found::Says { path, env, key }) => {
            // Typing put the last answer away: this one is the scan's own.
            let said = snap.words().part(key);
            let stayed = snap.path == *path
                && url_env(snap) == Some(*env)
                && snap.alerts.iter().any(|a| a.contains(&said));
            stayed.then_some(()).ok_or_else(|| {
                format!(
                    "Find a pet: not {path} in {} saying {said:?}: {}{} {:?}",
                    ENVS[*env], snap.path, snap.search, snap.alerts
                )
            })
        }
        None => Ok(()),
    }
}
