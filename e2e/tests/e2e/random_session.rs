//! The randomized whole-session test: from a seed, a long run of random user actions and
//! service events against the release build and the dev service, with invariants checked
//! after every step. On failure it prints the seed and the steps, so the run can be replayed:
//! `PETSTORE_SESSION_SEEDS=1234 cargo test -p petstore-e2e random_session`.
//! `PETSTORE_SESSION_RUNS=N` adds N seeds drawn from the clock to the fixed ones; up to
//! `PETSTORE_SESSION_PARALLEL` (default 4) sessions run at once.

mod bulk;
mod compare;
mod find;
mod held;
mod invariants;
mod language;
mod live;
mod model;
mod page;
mod print;
mod steps;
mod store;
mod tablet;
mod tabs;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use self::bulk::MidRun;
use self::compare::draw_compare;
use self::invariants::{check, sign_in_expected};
use self::live::{draw_live, is_live};
use self::model::{url_env, Model, ENVS};
use self::page::{snapshot, time_origin, wait_for};
use self::steps::{draw, draw_daily, draw_more, perform, Rng, Step};
use petstore_dev_service::control::now_ms;
use petstore_dev_service::Config;
use petstore_e2e::worker::{deploy, site_folder};
use petstore_e2e::{
    csp, root_dist, serve_site_with, start_service_with_registry, with_refresh, with_undo, Browser,
    SiteLog,
};
use tablet::{draw_tablet, is_tablet};
use tabs::{draw_tabs, is_tabs};

/// Seeds that run every time; a seed that once found a bug stays here as a regression case.
/// Seed 1 found the Limit field emptied with no message (a change without an input event);
/// seed 7 a Back past the first page; seed 14 a page restored by Back across a reload sending
/// the key refused since. Seed 55669745536 presses a pet's "Add one like this", which the
/// others never reach (besides two rounds of "Add and add another", as they have).
const FIXED_SEEDS: [u64; 4] = [1, 7, 14, 55_669_745_536];

/// Steps per session.
const STEPS: usize = 150;

/// The step at which another manager crowds production (`Step::CrowdProduction`).
const CROWD_AT: usize = 48;

/// How long a step may take to settle (answers in, nothing loading) before checking.
const SETTLE: Duration = Duration::from_secs(10);

/// How often the app reads the data on screen again (`refreshSeconds`): often, so that the
/// rows catch up with other managers' changes within a step.
const REFRESH_SECONDS: f64 = 1.0;

/// How long an added pet is held (`undoSeconds`) in the sessions of even seeds: long, so
/// that every step ends its own hold (Send now, Undo, a sign-out, a switch's question) and
/// none races the timer. Odd seeds send at once, so their creates are on their way while
/// the manager moves on, as with `undoSeconds` 0.
const HOLD_SECONDS: f64 = 60.0;

/// Runs one session; the step list so far and what broke, on failure.
async fn run(seed: u64) -> SessionOutcome {
    let (service, config, registry) = start_service_with_registry(Config {
        test_controls: true,
        ..Config::default()
    })
    .await;
    let holds = seed.is_multiple_of(2);
    let hold = if holds { HOLD_SECONDS } else { 0.0 };
    let config = with_undo(&with_refresh(&config, REFRESH_SECONDS), hold);
    // Served from a folder of its own, which the deploy steps copy new builds into.
    let folder = site_folder(&format!("session-{seed}"));
    deploy(&root_dist(), &folder);
    let site_log = SiteLog::default();
    let site = serve_site_with(&folder, "/", config, &csp(&service), site_log.clone()).await;
    let browser = Browser::start().await;
    let c = &browser.client;
    let mut model = Model::new(registry, site_log, folder.clone());
    model.holds = holds;
    let mut rng = Rng::new(seed);
    // The daily-use steps have a stream of their own, so the other steps of a seed stay the
    // ones it drew before they existed.
    let mut daily = Rng::new(seed ^ 0x5EED_DA11);
    // And the all-day tablet's (offline, online, deploys) another.
    let mut tablet = Rng::new(seed ^ 0x7AB1_E700);
    // And the compare page's another.
    let mut comparing = Rng::new(seed ^ 0xC0_4A2E);
    // And the live list's (other managers, the tab hidden and shown) another.
    let mut live = Rng::new(seed ^ 0x11FE_0000);
    // And the switches of language another: one may come before any step.
    let mut speaking = Rng::new(seed ^ 0x1A46_0000);
    // And the other tabs of the app another.
    let mut tabs = Rng::new(seed ^ 0x7AB5_0000);
    // And adding more like the last (a round's next pet, Add one like this) another.
    let mut more = Rng::new(seed ^ 0xADD_0000);
    // And a held pet's moment to take it back another, and Find a pet's scans another.
    let mut holding = Rng::new(seed ^ 0x401D_0000);
    let mut scanning = Rng::new(seed ^ 0x5CA2_0000);
    let mut printing = Rng::new(seed ^ 0x9121_0000);
    let mut done = Vec::new();
    c.goto(&site).await.expect("open the site");
    let (started, _) = wait_for(c, SETTLE, |s| s.dialog).await;
    let mut result = if started {
        Ok(())
    } else {
        Err("the app did not start".to_owned())
    };
    for n in 0..STEPS {
        if result.is_err() {
            break;
        }
        // What one step pressed is checked after that step only.
        model.liked = None;
        model.rounded = None;
        model.undone = None;
        model.found = None;
        model.store_opened = None;
        let mut before = snapshot(c).await;
        if let Some(step @ Step::Language(tag)) = language::draw(&mut speaking, &before.lang) {
            done.push(step.clone());
            result = language::switch(c, &before, tag, model.offline.is_some()).await;
            if result.is_ok() {
                result = settle_and_check(&browser, &model, &step, url_env(&before)).await;
            }
            if result.is_err() {
                break;
            }
            before = language::now(c).await;
        }
        // Every tenth step exports the list, every tenth (offset by five) imports two rows
        // (every other time a row and an invalid one, then fixes it and runs them again),
        // two in ten are daily-use steps and one the compare page's (while no sign-in form
        // asks for a key), one the tablet's, one the live list's, and one in twenty the other
        // tabs', one in twenty adding more like the last and one in twenty a held pet's
        // moment to take it back, one in forty a scan into Find a pet and one in forty a
        // print's preview (while no sign-in form asks); the main stream is drawn for those
        // all the same.
        let step = match n % 10 {
            9 => Step::Export,
            // One import in four while rows are on their way: Check rows pressed, the page left
            // and come back to, or the service failing for a moment.
            4 if n % 40 == 24 => Step::ImportMidRun(match n % 120 {
                64 => MidRun::Leave,
                104 => MidRun::ServiceFails,
                _ => MidRun::CheckRows,
            }),
            4 if n % 20 == 14 => Step::ImportFixed,
            4 => Step::Import,
            slot => {
                let drawn = draw(&mut rng, before.dialog);
                match (slot, before.dialog) {
                    (2 | 7, false) => draw_daily(&mut daily),
                    (5, _) => draw_tablet(&mut tablet, model.offline.is_some()),
                    (8, false) => {
                        let compare = draw_compare(&mut comparing);
                        // Once a session, another manager crowds production first.
                        if n == CROWD_AT {
                            Step::CrowdProduction
                        } else {
                            compare
                        }
                    }
                    (8, true) if n == CROWD_AT => Step::CrowdProduction,
                    (3, _) => draw_live(&mut live),
                    (6, _) if n % 20 == 16 => draw_tabs(&mut tabs),
                    (6, false) => draw_more(&mut more),
                    (1, false) if n % 20 == 11 => {
                        let end = held::draw(&mut holding);
                        // Every other time, the tab is duplicated during the hold.
                        if n % 40 == 31 {
                            Step::DuplicateMidHold
                        } else {
                            end
                        }
                    }
                    (0, false) if n % 40 == 10 => find::draw(&mut scanning),
                    (0, false) if n % 40 == 30 => print::draw(&mut printing),
                    _ => drawn,
                }
            }
        };
        done.push(step.clone());
        // A step that may load a page anew: when it began and ended, if the document did
        // change (Back and Forward mostly stay in the app).
        let load = match step.loads_page() {
            true => Some((now_ms(), time_origin(c).await)),
            false => None,
        };
        if is_tablet(&step) {
            tablet::perform(&browser, &mut model, &step).await;
        } else if is_tabs(&step) {
            result = tabs::perform(c, &mut model, &step).await;
            if result.is_err() {
                break;
            }
        } else if matches!(step, Step::DuplicateMidHold) {
            let snap = snapshot(c).await;
            let env = url_env(&snap).unwrap_or(0);
            result =
                held::duplicate_mid_hold(c, &mut model, snap, env, &format!("{seed}-{n}")).await;
            if result.is_err() {
                break;
            }
        } else if is_live(&step) {
            live::perform(c, &mut model, &step).await;
        } else {
            perform(c, &site, &mut model, &step, &format!("{seed}-{n}")).await;
        }
        if let Some((began, origin)) = load {
            if time_origin(c).await != origin {
                model.page_loads.push((began, now_ms()));
            }
        }
        result = settle_and_check(&browser, &model, &step, url_env(&before)).await;
    }
    // What the page showed when it broke, beside the steps and the seed.
    if let Err(why) = &mut result {
        let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../target/random-session-{seed}.png"));
        match c.screenshot().await.map(|png| std::fs::write(&shot, png)) {
            Ok(Ok(())) => why.push_str(&format!("\n  screenshot: {}", shot.display())),
            _ => why.push_str("\n  (no screenshot could be taken)"),
        }
    }
    browser.close().await;
    let _ = std::fs::remove_dir_all(&folder);
    result
        .map(|()| {
            format!(
                "{} exports, {} compare pages checked, {} pets copied, {} imports fixed and run \
                 again, {} imports with rows on their way, {} tabs duplicated during a hold, {} \
                 fresh tabs with a made-up key offline",
                model.exports_checked,
                model
                    .compares_checked
                    .load(std::sync::atomic::Ordering::Relaxed),
                model.copies_started,
                model.imports_fixed,
                model.mid_runs,
                model.duplicated,
                model.fresh_tabs
            )
        })
        .map_err(|why| (done, why))
}

async fn settle_and_check(
    browser: &Browser,
    model: &Model,
    step: &Step,
    env_before: Option<usize>,
) -> Result<(), String> {
    let c = &browser.client;
    // Settled: every request answered and nothing loading, twice in a row.
    let deadline = Instant::now() + SETTLE;
    let mut calm = 0;
    while calm < 2 && Instant::now() < deadline {
        let (_, snap) = wait_for(c, Duration::ZERO, |s| !s.busy).await;
        calm = if !snap.busy && model.quiet() {
            calm + 1
        } else {
            0
        };
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    if calm < 2 {
        return Err("the page did not settle within 10 s".into());
    }
    caught_up(c, model, deadline).await?;
    if let Some(message) = browser.trap_in_console().await {
        return Err(format!("a panic or trap in the console: {message}"));
    }
    // A refusal reaches the page a moment after the service answered it (through the service
    // worker; on a machine busy with other browsers, seconds after the page looked calm, its
    // quiet read again still on its way): the sign-in form is waited for, within the settle
    // time, before the checks.
    let mut snap = snapshot(c).await;
    if let Some(env) = url_env(&snap) {
        let expected = sign_in_expected(model, env);
        snap = wait_for(c, SETTLE, |s| s.dialog == expected).await.1;
    }
    if !step.may_switch_environment() && url_env(&snap) != env_before {
        return Err(format!(
            "the environment changed by itself: {env_before:?} -> {:?}",
            url_env(&snap)
        ));
    }
    check(model, &snap).map_err(|why| format!("{why}\n  page: {snap:?}"))
}

/// After the service changed behind the tab's back, a page that shows live data (the list,
/// a pet's page), in front, online, signed in and with a healthy service, reads again by
/// itself within the settle time; then the usual checks compare it with the service.
async fn caught_up(c: &fantoccini::Client, model: &Model, deadline: Instant) -> Result<(), String> {
    if model.changed_at == 0.0 || model.offline.is_some() {
        return Ok(());
    }
    let (_, snap) = wait_for(c, Duration::ZERO, |_| true).await;
    let Some(env) = url_env(&snap) else {
        return Ok(());
    };
    let healthy = matches!(
        model.mode[env],
        petstore_dev_service::control::Mode::Normal | petstore_dev_service::control::Mode::Slow(_)
    );
    // The compare page reads again on Refresh only.
    if snap.dialog || !healthy || snap.read_at.is_none() || snap.path.ends_with("/compare") {
        return Ok(());
    }
    let limit = deadline.saturating_duration_since(Instant::now());
    // Or the read again met a refused key (the sign-in form) or an error: nothing to compare.
    let (read, snap) = wait_for(c, limit, |s| {
        let fresh = s.read_at.is_some_and(|at| at >= model.changed_at);
        (fresh || s.dialog || !s.alerts.is_empty()) && !s.busy
    })
    .await;
    // Settled again: the read's answer is drawn and nothing else is on its way.
    let (_, _) = wait_for(c, Duration::from_secs(2), |s| !s.busy && model.quiet()).await;
    match read {
        true => Ok(()),
        false => Err(format!(
            "{} did not read again after the service changed at {} (read at {:?})",
            ENVS[env], model.changed_at, snap.read_at
        )),
    }
}

fn seeds() -> Vec<u64> {
    if let Ok(list) = std::env::var("PETSTORE_SESSION_SEEDS") {
        return list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect();
    }
    let extra: u64 = std::env::var("PETSTORE_SESSION_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs());
    let mut all = FIXED_SEEDS.to_vec();
    all.extend((0..extra).map(|i| clock.wrapping_mul(31).wrapping_add(i)));
    all
}

/// How many sessions run at once (each has its own service, site and browser; a session
/// spends most of its time waiting on the browser and the service, so four share two cores:
/// 130 s for the four fixed seeds, against 200 s three at once).
fn at_once() -> usize {
    std::env::var("PETSTORE_SESSION_PARALLEL")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(4)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_sessions_keep_every_invariant() {
    let seeds = seeds();
    let mut failures = Vec::new();
    for group in seeds.chunks(at_once()) {
        let runs: Vec<_> = group
            .iter()
            .map(|&seed| {
                tokio::spawn(async move {
                    let started = Instant::now();
                    (seed, run(seed).await, started.elapsed())
                })
            })
            .collect();
        report(group, runs, &mut failures).await;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Waits for a group's sessions and adds each failure, with its seed, to `failures`.
async fn report(
    group: &[u64],
    runs: Vec<tokio::task::JoinHandle<(u64, SessionOutcome, Duration)>>,
    failures: &mut Vec<String>,
) {
    for (seed, handle) in group.iter().zip(runs) {
        // A helper's own check that panicked ends its session: said with the seed too.
        let (_, outcome, took) = match handle.await {
            Ok(done) => done,
            Err(panicked) => {
                failures.push(format!(
                    "seed {seed}: {panicked}\n\
                     replay: PETSTORE_SESSION_SEEDS={seed} cargo test -p petstore-e2e random_session"
                ));
                continue;
            }
        };
        match outcome {
            Ok(checked) => println!(
                "seed {seed}: {STEPS} steps kept every invariant in {:.1} s ({checked})",
                took.as_secs_f64(),
            ),
            Err((steps, why)) => {
                let list: Vec<String> = steps
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("  {i:>3}. {s:?}"))
                    .collect();
                failures.push(format!(
                    "seed {seed} broke an invariant after {} steps: {why}\nsteps:\n{}\n\
                     replay: PETSTORE_SESSION_SEEDS={seed} cargo test -p petstore-e2e random_session",
                    steps.len(),
                    list.join("\n")
                ));
            }
        }
    }
}

/// What one session gives back: how much it checked, or the steps so far and what broke.
type SessionOutcome = Result<String, (Vec<Step>, String)>;
