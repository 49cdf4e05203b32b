//! The deployment configuration (`config.json`, served beside `index.html`) as data: the two
//! environments, their addresses and the optional timings, checked before the app uses them.

use thiserror::Error;

use crate::categories::Categories;

mod read;
#[cfg(test)]
mod tests;

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeploymentConfig {
    /// The service's base URL, ending in `/v1` (`baseUrl`).
    pub base_url: String,
    /// The store's names for its category numbers (none: the numbers are shown).
    pub categories: Categories,
    /// The name the pages give this deployment (`name`, "Shop", say), in every language;
    /// none: "Production" or "Staging" in the page's language.
    pub name: Option<String>,
}

/// The whole `config.json`: `{"production": {"baseUrl": …}, "staging": {"baseUrl": …}}`,
/// with the optional settings `README.md` lists. What is wrong with an optional setting is
/// noted ([`AppConfig::notes`]) and the setting ignored: the app still starts.
#[derive(Clone, Debug, PartialEq)]
pub struct AppConfig {
    /// The production deployment.
    pub production: DeploymentConfig,
    /// The staging deployment.
    pub staging: DeploymentConfig,
    /// Sign out everywhere after this many minutes without input (fractions allowed), for
    /// shared tablets; never when absent.
    pub idle_minutes: Option<f64>,
    /// How often a page on screen reads its data again while the tab is visible, in seconds
    /// (fractions allowed); `0` never. [`DEFAULT_REFRESH_SECONDS`] when absent.
    pub refresh_seconds: Option<f64>,
    /// How long a pet added with the add form is held before it is sent, with Undo, in
    /// seconds (fractions allowed); `0` sends at once. [`DEFAULT_UNDO_SECONDS`] when absent.
    pub undo_seconds: Option<f64>,
    /// Whether cage cards print the pet's status (`cardsShowStatus`; off: a status printed on
    /// a card is wrong the day it changes).
    pub cards_show_status: bool,
    /// What was wrong with the file and ignored, one sentence each, for whoever set it up.
    pub notes: Vec<String>,
}

/// How often the data on screen is read again when `config.json` does not say.
pub const DEFAULT_REFRESH_SECONDS: f64 = 60.0;

/// How long an added pet is held for Undo when `config.json` does not say (`docs/choices.md`
/// says why five).
pub const DEFAULT_UNDO_SECONDS: f64 = 5.0;

impl AppConfig {
    /// The base URL of `env`.
    pub fn base_url(&self, env: Environment) -> &str {
        &self.deployment(env).base_url
    }

    /// The category names of `env` (empty when it gives none).
    pub fn categories(&self, env: Environment) -> &Categories {
        &self.deployment(env).categories
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

    /// The name `env` is given in `config.json`, if any.
    pub fn name(&self, env: Environment) -> Option<&str> {
        self.deployment(env).name.as_deref()
    }

    fn deployment(&self, env: Environment) -> &DeploymentConfig {
        match env {
            Environment::Production => &self.production,
            Environment::Staging => &self.staging,
        }
    }

    /// Parses and checks the text of `config.json`: an error when the app cannot start (not
    /// JSON, an environment or its `baseUrl` missing or wrong), else the settings, with what
    /// was wrong and ignored in [`AppConfig::notes`].
    pub fn parse(text: &str) -> Result<AppConfig, ConfigError> {
        read::parse(text)
    }
}

/// An optional number of seconds as milliseconds, `default` when absent; `None` for 0.
fn millis(seconds: Option<f64>, default: f64) -> Option<f64> {
    let seconds = seconds.unwrap_or(default);
    (seconds > 0.0).then_some(seconds * 1000.0)
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
