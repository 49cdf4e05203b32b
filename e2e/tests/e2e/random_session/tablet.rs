//! The all-day tablet's steps, drawn from a stream of their own: the network dropping and
//! coming back (the page's, the service worker's and the site's), a new build deployed
//! under the open tab, the tab's Reload for it, and a new tab with a made-up key offline.

use std::time::{Duration, Instant};

use petstore_e2e::dist_dir;
use petstore_e2e::worker::{deploy_keeping, go_offline, go_online, worker_active};
use petstore_e2e::Browser;

use super::model::{url_env, Model, ENVS};
use super::page;
use super::steps::{Rng, Step};

/// The builds a deploy step publishes, in turn: the same code under three build names.
const BUILDS: [(&str, &str); 3] = [
    ("PETSTORE_DIST_NEXT", "target/dist-next"),
    ("PETSTORE_DIST_THIRD", "target/dist-third"),
    ("PETSTORE_DIST", "target/dist-root"),
];

/// Draws a tablet step; back online is likelier while offline, so sessions get far.
pub fn draw_tablet(rng: &mut Rng, offline: bool) -> Step {
    match rng.below(10) {
        0..=3 if offline => Step::Online,
        0..=2 => Step::Offline,
        4..=6 => Step::Deploy(rng.below(BUILDS.len())),
        7 | 8 => Step::UpdateReload,
        _ if offline => Step::FreshTabMadeUpKey,
        _ => Step::Reload,
    }
}

/// Whether `step` is one of this module's.
pub fn is_tablet(step: &Step) -> bool {
    matches!(
        step,
        Step::Offline
            | Step::Online
            | Step::Deploy(_)
            | Step::UpdateReload
            | Step::FreshTabMadeUpKey
    )
}

/// Performs a tablet step and updates the model.
pub async fn perform(browser: &Browser, model: &mut Model, step: &Step) {
    let c = &browser.client;
    match step {
        Step::Offline if model.offline.is_none() => {
            // A tablet goes offline after its first visit installed the worker, which the
            // offline steps hold offline too: a step drawn before that waits for it.
            worker_active(c).await;
            let sessions = go_offline(browser, &model.site_log).await;
            model.offline = Some((sessions, [model.writes(0), model.writes(1)]));
        }
        Step::Online => {
            model.fresh_tab = None;
            if let Some((sessions, _)) = model.offline.take() {
                go_online(browser, &model.site_log, sessions).await;
            }
        }
        Step::Deploy(build) => {
            let (var, default) = BUILDS[*build];
            deploy_keeping(&dist_dir(var, default), &model.folder);
            // The worker looks for a new deploy now, as it does every 10 minutes.
            let _ = c
                .execute(
                    "navigator.serviceWorker.getRegistration().then((r) => r && r.update());",
                    vec![],
                )
                .await;
        }
        Step::UpdateReload => {
            // Reload asks the waiting worker to take over, and the page loads anew only once
            // it has: until then the old page is still there, calm, and a settle would be
            // taken from it while the new one is still opening. So wait for the new page.
            let origin = page::time_origin(c).await;
            if page::button(c, "Reload").await {
                let limit = Instant::now() + Duration::from_secs(20);
                loop {
                    let now = page::time_origin(c).await;
                    if !now.is_empty() && now != origin {
                        break;
                    }
                    assert!(Instant::now() < limit, "Reload: the new page never opened");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
        Step::FreshTabMadeUpKey if model.offline.is_some() => {
            let snap = page::snapshot(c).await;
            let env = url_env(&snap).unwrap_or(0);
            // Named as the other made-up keys are, so it is never seen crossing environments,
            // and a new one each time (an earlier one may have met its 401 since).
            let key = format!("wrong-{}-fresh-{}", ENVS[env], model.fresh_tabs);
            let opened = c
                .execute(
                    "sessionStorage.clear();
                     sessionStorage.setItem('petstore-admin.api-key.' + arguments[0], arguments[1]);
                     location.reload();",
                    vec![ENVS[env].into(), key.clone().into()],
                )
                .await;
            if opened.is_ok() {
                model.app_key = [None, None];
                model.app_key[env] = Some(key);
                model.fresh_tab = Some(env);
                model.wiped = false;
                model.fresh_tabs += 1;
            }
        }
        _ => {}
    }
}
