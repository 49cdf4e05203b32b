//! Deployments of a test's own on the shared dev service (its `--test-controls`), so a test
//! can rotate keys, break the service and read what it was sent without touching the others.

use gloo_net::http::Request;
use serde::Deserialize;

use super::{service, ui};

/// One request as the service saw it.
#[derive(Clone, Debug, Deserialize)]
pub struct Seen {
    /// `GET` or `POST`.
    pub method: String,
    /// Path and query.
    pub path: String,
    /// The bearer key it carried, or `""`.
    pub auth: String,
    /// The status answered (0 while pending).
    pub status: u16,
}

impl Seen {
    /// Whether this is a list read (`GET …/pets?…`).
    pub fn is_list_read(&self) -> bool {
        self.method == "GET" && self.path.contains("/pets?")
    }
}

/// A production and a staging deployment of this test's own, seeded as usual.
pub struct Sandbox {
    name: String,
}

impl Sandbox {
    /// A fresh pair of deployments, named after `test` and the time.
    pub fn new(test: &str) -> Sandbox {
        Sandbox {
            name: format!("{test}-{}", js_sys::Date::now() as u64),
        }
    }

    /// The base URL of `env` (`production` or `staging`).
    pub fn base(&self, env: &str) -> String {
        format!("{}/sandbox/{}/{env}/v1", service(), self.name)
    }

    /// A config.json URL pointing the app at this sandbox.
    pub fn config(&self) -> String {
        ui::config_url(&self.base("production"), &self.base("staging"))
    }

    /// Like [`Sandbox::config`], with `idleMinutes` set.
    pub fn config_idle(&self, minutes: f64) -> String {
        self.config_with(&format!(r#""undoSeconds":0,"idleMinutes":{minutes}"#))
    }

    /// Like [`Sandbox::config`], with `refreshSeconds` set.
    pub fn config_refresh(&self, seconds: &str) -> String {
        self.config_with(&format!(r#""undoSeconds":0,"refreshSeconds":{seconds}"#))
    }

    /// Like [`Sandbox::config`], with added pets held `seconds` before they are sent (the
    /// other configurations send at once).
    pub fn config_undo(&self, seconds: f64) -> String {
        self.config_with(&format!(r#""undoSeconds":{seconds}"#))
    }

    /// Like [`Sandbox::config`], production naming its categories with `categories` (a JSON
    /// object of number to name).
    pub fn config_named(&self, categories: &str) -> String {
        let json = format!(
            r#"{{"production":{{"baseUrl":"{}","categories":{categories}}},"staging":{{"baseUrl":"{}"}},"undoSeconds":0}}"#,
            self.base("production"),
            self.base("staging")
        );
        format!(
            "data:application/json,{}",
            js_sys::encode_uri_component(&json)
        )
    }

    /// A config.json URL for this sandbox with `inside` (`"name":value,…`) added inside
    /// production and `top` at the top, as a deployment might write it.
    pub fn config_written(&self, inside: &str, top: &str) -> String {
        let json = format!(
            r#"{{{top}"production":{{{inside}"baseUrl":"{}"}},"staging":{{"baseUrl":"{}"}},"undoSeconds":0}}"#,
            self.base("production"),
            self.base("staging")
        );
        format!(
            "data:application/json,{}",
            js_sys::encode_uri_component(&json)
        )
    }

    /// A config.json URL for this sandbox with more fields (`"name":value,…`).
    fn config_with(&self, field: &str) -> String {
        let json = format!(
            r#"{{"production":{{"baseUrl":"{}"}},"staging":{{"baseUrl":"{}"}},{field}}}"#,
            self.base("production"),
            self.base("staging")
        );
        format!(
            "data:application/json,{}",
            js_sys::encode_uri_component(&json)
        )
    }

    /// Changes pet `id`'s status in `env` behind the app's back (`none`: no status), as
    /// another manager or the till would.
    pub async fn set_status(&self, env: &str, id: i64, status: &str) {
        self.control(env, "status", &format!("{id} {status}")).await;
    }

    /// How many list reads (`GET …/pets?…`) `env` received.
    pub async fn list_reads(&self, env: &str) -> usize {
        self.log(env)
            .await
            .iter()
            .filter(|s| s.is_list_read())
            .count()
    }

    /// Switches `getPet` of `env` on, or off (410 Gone, as after its removal).
    pub async fn get_pet(&self, env: &str, on: bool) {
        self.control(env, "get-pet", if on { "on" } else { "off" })
            .await;
    }

    async fn control(&self, env: &str, what: &str, body: &str) {
        let url = format!("{}/control/{}/{env}/{what}", service(), self.name);
        let answer = Request::post(&url)
            .body(body.to_owned())
            .unwrap()
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200, "control {what} {body}");
    }

    /// Makes `env` accept only `key` from now on.
    pub async fn rotate_key(&self, env: &str, key: &str) {
        self.control(env, "key", key).await;
    }

    /// Sets how `env` answers: `normal`, `error-503`, `slow:MS`, `hang`, ...
    pub async fn mode(&self, env: &str, mode: &str) {
        self.control(env, "mode", mode).await;
    }

    /// How many pets `env` holds named `name`, counted on the service (past what a list
    /// reaches).
    pub async fn count_named(&self, env: &str, name: &str) -> usize {
        let url = format!("{}/control/{}/{env}/pets", service(), self.name);
        let pets: Vec<serde_json::Value> = Request::get(&url)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        pets.iter().filter(|p| p["name"] == name).count()
    }

    /// Every request `env` received so far.
    pub async fn log(&self, env: &str) -> Vec<Seen> {
        let url = format!("{}/control/{}/{env}/log", service(), self.name);
        Request::get(&url)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Waits (up to 10 s) until `env` has received at least `n` requests.
    pub async fn wait_for_requests(&self, env: &str, n: usize) {
        self.wait_for_matching(env, n, "requests", |_| true).await;
    }

    /// Waits (up to 10 s) until `env` has received at least `n` requests that `counted`
    /// holds for (`what` names them, should it fail).
    pub async fn wait_for_matching(
        &self,
        env: &str,
        n: usize,
        what: &str,
        counted: impl Fn(&Seen) -> bool,
    ) {
        for _ in 0..200 {
            if self.log(env).await.iter().filter(|s| counted(s)).count() >= n {
                return;
            }
            ui::pause(50).await;
        }
        panic!("{env} did not receive {n} {what} within 10 s");
    }

    /// Waits (up to 10 s) until `env` has answered every request it received.
    pub async fn wait_until_answered(&self, env: &str) {
        for _ in 0..200 {
            if self.log(env).await.iter().all(|s| s.status != 0) {
                return;
            }
            ui::pause(50).await;
        }
        let log = self.log(env).await;
        let pending: Vec<&Seen> = log.iter().filter(|s| s.status == 0).collect();
        panic!(
            "{env} left a request unanswered for 10 s: {pending:?} of {} in all",
            log.len()
        );
    }

    /// Watches `env` for `ms` milliseconds, failing as soon as it receives one more request
    /// that `counts`: the check for something that must not happen, so it runs for the whole
    /// window. Returns how many such requests `env` had received.
    pub async fn receives_no_more(
        &self,
        env: &str,
        ms: u32,
        why: &str,
        counts: impl Fn(&Seen) -> bool,
    ) -> usize {
        let before = self.log(env).await.iter().filter(|s| counts(s)).count();
        let until = js_sys::Date::now() + f64::from(ms);
        while js_sys::Date::now() < until {
            ui::pause(50).await;
            let log = self.log(env).await;
            let now = log.iter().filter(|s| counts(s)).count();
            assert_eq!(now, before, "{why}: {log:#?}");
        }
        before
    }

    /// How many requests `env` received that carried `key`.
    pub async fn count_with_key(&self, env: &str, key: &str) -> usize {
        self.log(env).await.iter().filter(|s| s.auth == key).count()
    }
}
