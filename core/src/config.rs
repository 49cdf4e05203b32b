//! The deployment configuration (`config.json`, served beside `index.html`) as data: the two
//! environments, their addresses and the optional timings, checked before the app uses them.

use serde::Deserialize;
use thiserror::Error;

use crate::categories::Categories;

/// One of the two deployments of the service (stored by the name [`Environment::as_str`]
/// gives).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    /// The live store.
    Production,
    /// The place to try things.
    Staging,
}

impl Environment {
    /// Both, in the order they are offered.
    pub const ALL: [Environment; 2] = [Environment::Production, Environment::Staging];

    /// The other one of the two.
    pub fn other(self) -> Environment {
        match self {
            Environment::Production => Environment::Staging,
            Environment::Staging => Environment::Production,
        }
    }

    /// The value used in the URL (`?env=`), storage keys and the `<select>`.
    pub fn as_str(self) -> &'static str {
        match self {
            Environment::Production => "production",
            Environment::Staging => "staging",
        }
    }

    /// The environment named by `value` (exactly as [`Environment::as_str`] writes it).
    pub fn parse(value: &str) -> Option<Environment> {
        Environment::ALL.into_iter().find(|e| e.as_str() == value)
    }
}

/// One deployment's settings.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentConfig {
    /// The service's base URL, ending in `/v1`.
    pub base_url: String,
    /// The store's names for its category numbers (none: the numbers are shown).
    #[serde(default)]
    pub categories: Categories,
}

/// The whole `config.json`: `{"production": {"baseUrl": …}, "staging": {"baseUrl": …}}`,
/// and optionally `"idleMinutes": N` and `"refreshSeconds": N`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppConfig {
    /// The production deployment.
    pub production: DeploymentConfig,
    /// The staging deployment.
    pub staging: DeploymentConfig,
    /// Sign out everywhere after this many minutes without input (fractions allowed), for
    /// shared tablets; never when absent.
    #[serde(default)]
    pub idle_minutes: Option<f64>,
    /// How often a page on screen reads its data again while the tab is visible, in seconds
    /// (fractions allowed); `0` never. [`DEFAULT_REFRESH_SECONDS`] when absent.
    #[serde(default)]
    pub refresh_seconds: Option<f64>,
    /// How long a pet added with the add form is held before it is sent, with Undo, in
    /// seconds (fractions allowed); `0` sends at once. [`DEFAULT_UNDO_SECONDS`] when absent.
    #[serde(default)]
    pub undo_seconds: Option<f64>,
}

/// How often the data on screen is read again when `config.json` does not say.
pub const DEFAULT_REFRESH_SECONDS: f64 = 60.0;

/// How long an added pet is held for Undo when `config.json` does not say (`docs/choices.md`
/// says why five).
pub const DEFAULT_UNDO_SECONDS: f64 = 5.0;

/// The longest `undoSeconds` a configuration may give.
const MAX_UNDO_SECONDS: f64 = 600.0;

impl AppConfig {
    /// The base URL of `env`.
    pub fn base_url(&self, env: Environment) -> &str {
        match env {
            Environment::Production => &self.production.base_url,
            Environment::Staging => &self.staging.base_url,
        }
    }

    /// The category names of `env` (empty when it gives none).
    pub fn categories(&self, env: Environment) -> &Categories {
        match env {
            Environment::Production => &self.production.categories,
            Environment::Staging => &self.staging.categories,
        }
    }

    /// The time between two reads of the data on screen, in milliseconds; `None` for never.
    pub fn refresh_ms(&self) -> Option<f64> {
        millis(self.refresh_seconds, DEFAULT_REFRESH_SECONDS)
    }

    /// How long an added pet is held before it is sent, in milliseconds; `None` to send at
    /// once.
    pub fn undo_ms(&self) -> Option<f64> {
        millis(self.undo_seconds, DEFAULT_UNDO_SECONDS)
    }

    /// Parses and checks the text of `config.json`.
    pub fn parse(text: &str) -> Result<AppConfig, ConfigError> {
        let config: AppConfig =
            serde_json::from_str(text).map_err(|e| ConfigError::Malformed(e.to_string()))?;
        for env in Environment::ALL {
            let url = config.base_url(env).trim_end_matches('/');
            let absolute = url.starts_with("https://") || url.starts_with("http://");
            if !absolute || !url.ends_with("/v1") {
                return Err(ConfigError::Malformed(format!(
                    "{}.baseUrl must be an http(s) address ending in /v1, not \"{url}\"",
                    env.as_str()
                )));
            }
        }
        // Neither number is written back in the message: it would be the app's only printed
        // float, and float printing is a large part of the first screen (`docs/benchmark.md`).
        check(
            config.idle_minutes,
            |m| m > 0.0,
            "idleMinutes must be a number of minutes above 0",
        )?;
        check(
            config.refresh_seconds,
            |s| s >= 0.0,
            "refreshSeconds must be 0 (never) or a number of seconds above 0",
        )?;
        // Up to ten minutes: a longer hold is no moment, and a browser's timer cannot wait
        // much beyond three weeks.
        check(
            config.undo_seconds,
            |s| (0.0..=MAX_UNDO_SECONDS).contains(&s),
            "undoSeconds must be 0 (send at once) or a number of seconds up to 600",
        )?;
        Ok(config)
    }
}

/// An optional number of seconds as milliseconds, `default` when absent; `None` for 0.
fn millis(seconds: Option<f64>, default: f64) -> Option<f64> {
    let seconds = seconds.unwrap_or(default);
    (seconds > 0.0).then_some(seconds * 1000.0)
}

/// Checks an optional number of the configuration: absent, or finite and `ok`; else
/// `message`.
fn check(value: Option<f64>, ok: impl Fn(f64) -> bool, message: &str) -> Result<(), ConfigError> {
    match value {
        Some(v) if !(v.is_finite() && ok(v)) => Err(ConfigError::Malformed(message.to_owned())),
        _ => Ok(()),
    }
}

/// Why the configuration could not be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// The file could not be fetched (absent, or the request failed).
    #[error("config.json could not be loaded: {0}")]
    Missing(String),
    /// The file is not the expected JSON.
    #[error("config.json is not valid: {0}")]
    Malformed(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"production":{"baseUrl":"https://pets.example/v1"},
                          "staging":{"baseUrl":"http://127.0.0.1:8081/staging/v1/"}}"#;

    #[test]
    fn a_good_config_parses() {
        let c = AppConfig::parse(GOOD).unwrap();
        assert_eq!(
            c.base_url(Environment::Production),
            "https://pets.example/v1"
        );
        assert_eq!(
            c.base_url(Environment::Staging),
            "http://127.0.0.1:8081/staging/v1/"
        );
    }

    #[test]
    fn idle_minutes_are_optional_and_positive() {
        assert_eq!(AppConfig::parse(GOOD).unwrap().idle_minutes, None);
        let with = GOOD.replacen('{', r#"{"idleMinutes":0.5,"#, 1);
        assert_eq!(AppConfig::parse(&with).unwrap().idle_minutes, Some(0.5));
        let zero = GOOD.replacen('{', r#"{"idleMinutes":0,"#, 1);
        assert!(AppConfig::parse(&zero).is_err());
    }

    #[test]
    fn refresh_seconds_default_to_a_minute_and_zero_is_never() {
        assert_eq!(AppConfig::parse(GOOD).unwrap().refresh_ms(), Some(60_000.0));
        let half = GOOD.replacen('{', r#"{"refreshSeconds":0.5,"#, 1);
        assert_eq!(AppConfig::parse(&half).unwrap().refresh_ms(), Some(500.0));
        let never = GOOD.replacen('{', r#"{"refreshSeconds":0,"#, 1);
        assert_eq!(AppConfig::parse(&never).unwrap().refresh_ms(), None);
        let negative = GOOD.replacen('{', r#"{"refreshSeconds":-1,"#, 1);
        assert!(AppConfig::parse(&negative).is_err());
    }

    #[test]
    fn undo_seconds_default_to_five_and_zero_sends_at_once() {
        assert_eq!(AppConfig::parse(GOOD).unwrap().undo_ms(), Some(5_000.0));
        let short = GOOD.replacen('{', r#"{"undoSeconds":0.25,"#, 1);
        assert_eq!(AppConfig::parse(&short).unwrap().undo_ms(), Some(250.0));
        let at_once = GOOD.replacen('{', r#"{"undoSeconds":0,"#, 1);
        assert_eq!(AppConfig::parse(&at_once).unwrap().undo_ms(), None);
        let longest = GOOD.replacen('{', r#"{"undoSeconds":600,"#, 1);
        assert_eq!(
            AppConfig::parse(&longest).unwrap().undo_ms(),
            Some(600_000.0)
        );
        for bad in [
            r#""undoSeconds":-1,"#,
            r#""undoSeconds":"5","#,
            r#""undoSeconds":600.5,"#,
        ] {
            let text = GOOD.replacen('{', &format!("{{{bad}"), 1);
            assert!(AppConfig::parse(&text).is_err(), "{text}");
        }
    }

    #[test]
    fn malformed_configs_say_what_is_wrong() {
        let cases = [
            ("", "EOF"),
            ("<html>", "expected value"),
            (
                r#"{"production":{"baseUrl":"https://a/v1"}}"#,
                "missing field `staging`",
            ),
            (
                r#"{"production":{"baseUrl":"https://a/v2"},"staging":{"baseUrl":"https://b/v1"}}"#,
                "production.baseUrl must be",
            ),
            (
                r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"/v1"}}"#,
                "staging.baseUrl must be",
            ),
        ];
        for (text, expected) in cases {
            let err = AppConfig::parse(text).unwrap_err();
            assert!(err.to_string().contains(expected), "{text}: {err}");
        }
    }

    #[test]
    fn category_names_are_optional_per_environment_and_checked() {
        let plain = AppConfig::parse(GOOD).unwrap();
        assert!(plain.categories(Environment::Production).is_empty());
        let named = GOOD.replacen(
            r#""baseUrl":"https://pets.example/v1""#,
            r#""baseUrl":"https://pets.example/v1","categories":{"1":"Dogs","2":"Cats"}"#,
            1,
        );
        let c = AppConfig::parse(&named).unwrap();
        assert_eq!(c.categories(Environment::Production).label(2), "Cats");
        assert!(c.categories(Environment::Staging).is_empty());
        let bad = GOOD.replacen(
            r#""baseUrl":"https://pets.example/v1""#,
            r#""baseUrl":"https://pets.example/v1","categories":{"dogs":"Dogs"}"#,
            1,
        );
        let err = AppConfig::parse(&bad).unwrap_err().to_string();
        assert!(
            err.contains("categories: \"dogs\" is not a category number"),
            "{err}"
        );
    }

    #[test]
    fn environments_round_trip_through_their_names() {
        for env in Environment::ALL {
            assert_eq!(Environment::parse(env.as_str()), Some(env));
        }
        assert_eq!(Environment::parse("Production"), None);
    }
}
