//! Starts a real service on a free loopback port for each test.
// Each test file uses a different part of this module.
#![allow(dead_code)]

use petstore_dev_service::{router, Config};
use serde_json::Value;

/// A running service: its base address (scheme, host and port) and a client.
pub struct Service {
    pub origin: String,
    pub http: reqwest::Client,
}

pub const PROD_KEY: &str = "dev-production-key";
pub const STAGING_KEY: &str = "dev-staging-key";

impl Service {
    /// Starts the service with `config` on 127.0.0.1, port chosen by the OS.
    pub async fn start_with(config: Config) -> Service {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let app = router(&config);
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Service {
            origin,
            http: reqwest::Client::new(),
        }
    }

    /// Starts the service with the default keys and no latency.
    pub async fn start() -> Service {
        Self::start_with(Config::default()).await
    }

    /// The full URL of `path` under production's base URL.
    pub fn prod(&self, path: &str) -> String {
        format!("{}/production/v1{path}", self.origin)
    }

    /// The full URL of `path` under staging's base URL.
    pub fn staging(&self, path: &str) -> String {
        format!("{}/staging/v1{path}", self.origin)
    }

    /// GET with a bearer key; returns the status and the body text.
    pub async fn get(&self, url: &str, key: Option<&str>) -> (u16, String) {
        let mut req = self.http.get(url);
        if let Some(key) = key {
            req = req.bearer_auth(key);
        }
        let res = req.send().await.unwrap();
        (res.status().as_u16(), res.text().await.unwrap())
    }

    /// POST a raw body with a bearer key; returns the status and the body text.
    pub async fn post(&self, url: &str, key: Option<&str>, body: &str) -> (u16, String) {
        let mut req = self
            .http
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_owned());
        if let Some(key) = key {
            req = req.bearer_auth(key);
        }
        let res = req.send().await.unwrap();
        (res.status().as_u16(), res.text().await.unwrap())
    }
}

/// Parses a body that must be JSON.
pub fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

/// Asserts that `body` is an Error object whose `status` is `status` and whose `code` is `code`.
pub fn assert_error(status: u16, body: &str, code: &str) {
    let v = json(body);
    assert_eq!(
        v["status"], status,
        "Error.status must equal the HTTP status: {body}"
    );
    assert_eq!(v["code"], code, "{body}");
    assert!(
        v["message"].as_str().is_some_and(|m| !m.is_empty()),
        "Error.message must be a non-empty string: {body}"
    );
}
