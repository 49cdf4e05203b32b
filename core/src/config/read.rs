//! Reading `config.json` key by key: what the app cannot start without (both environments
//! and their `baseUrl`) is an error; an optional setting that is misspelt, in the wrong
//! place, of the wrong type or out of range is noted in a sentence for whoever set the file
//! up, and ignored (its default applies). No value is written back into a note: a number
//! would bring float printing to the first screen (`docs/benchmark.md`).

use serde_json::{Map, Value};

use super::{AppConfig, ConfigError, DeploymentConfig, Environment};
use crate::categories::Categories;

/// The settings at the top of the file.
const TOP: [&str; 6] = [
    "production",
    "staging",
    "idleMinutes",
    "refreshSeconds",
    "undoSeconds",
    "cardsShowStatus",
];

/// The settings inside each environment.
const EACH: [&str; 3] = ["baseUrl", "categories", "name"];

/// The longest name an environment may be given: it shows in the header on a phone.
const MAX_NAME: usize = 30;

/// The longest `undoSeconds`: a longer hold is no moment.
const MAX_UNDO_SECONDS: f64 = 600.0;

/// How alike a stray key must be to a setting to be said as a misspelling of it (Jaro-Winkler:
/// "undoSecs" and "undoSeconds" are 0.95 alike, "undo" and "idleMinutes" 0.5).
const ALIKE: f64 = 0.85;

pub(super) fn parse(text: &str) -> Result<AppConfig, ConfigError> {
    let value: Value = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
    let Value::Object(top) = value else {
        return Err(malformed(
            "it must be one object: {\"production\": {…}, \"staging\": {…}}".to_owned(),
        ));
    };
    let mut notes: Vec<String> = top
        .keys()
        .filter(|key| !TOP.contains(&key.as_str()))
        .map(|key| stray(key, None))
        .collect();
    let mut production = deployment(&top, Environment::Production, &mut notes)?;
    let mut staging = deployment(&top, Environment::Staging, &mut notes)?;
    let same = |a: &Option<String>, b: &Option<String>| match (a, b) {
        (Some(a), Some(b)) => a.to_lowercase() == b.to_lowercase(),
        _ => false,
    };
    if same(&production.name, &staging.name) {
        notes.push("production.name and staging.name are the same name: both were ignored".into());
        (production.name, staging.name) = (None, None);
    }
    let idle_minutes = number(&top, "idleMinutes", |m| m > 0.0, &mut notes);
    let refresh_seconds = number(&top, "refreshSeconds", |s| s >= 0.0, &mut notes);
    let undo_seconds = number(
        &top,
        "undoSeconds",
        |s| (0.0..=MAX_UNDO_SECONDS).contains(&s),
        &mut notes,
    );
    let cards_show_status = match given(&top, "cardsShowStatus") {
        None => false,
        Some(Value::Bool(show)) => *show,
        Some(_) => {
            notes.push("cardsShowStatus must be true or false: it was ignored".into());
            false
        }
    };
    Ok(AppConfig {
        production,
        staging,
        idle_minutes,
        refresh_seconds,
        undo_seconds,
        cards_show_status,
        notes,
    })
}

/// The value of `key` in `map`, if given (`null` is as absent, as JSON writers often say it).
fn given<'a>(map: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    map.get(key).filter(|v| !v.is_null())
}

fn malformed(why: String) -> ConfigError {
    ConfigError::Malformed(why)
}

/// `env`'s settings, from its object at the top of the file.
fn deployment(
    top: &Map<String, Value>,
    env: Environment,
    notes: &mut Vec<String>,
) -> Result<DeploymentConfig, ConfigError> {
    let at = env.as_str();
    let Some(Value::Object(each)) = top.get(at) else {
        return Err(malformed(format!(
            "\"{at}\" is missing: it must be an object with its address, \
             {{\"baseUrl\": \"https://…/v1\"}}"
        )));
    };
    let url = match each.get("baseUrl") {
        Some(Value::String(url)) => url.clone(),
        _ => String::new(),
    };
    let trimmed = url.trim_end_matches('/');
    let absolute = trimmed.starts_with("https://") || trimmed.starts_with("http://");
    if !absolute || !trimmed.ends_with("/v1") {
        return Err(malformed(format!(
            "{at}.baseUrl must be an http(s) address ending in /v1, not \"{trimmed}\""
        )));
    }
    notes.extend(
        each.keys()
            .filter(|key| !EACH.contains(&key.as_str()))
            .map(|key| stray(key, Some(env))),
    );
    let categories = match given(each, "categories") {
        None => Categories::default(),
        Some(value) => categories(value).unwrap_or_else(|why| {
            notes.push(format!("{at}.categories: {why}; the names were ignored"));
            Categories::default()
        }),
    };
    let name = match given(each, "name") {
        None => None,
        Some(Value::String(name))
            if !name.trim().is_empty() && name.trim().chars().count() <= MAX_NAME =>
        {
            Some(name.trim().to_owned())
        }
        Some(_) => {
            notes.push(format!(
                "{at}.name must be a name of 1 to {MAX_NAME} characters: it was ignored"
            ));
            None
        }
    };
    Ok(DeploymentConfig {
        base_url: url,
        categories,
        name,
    })
}

/// The category names of `value`, an object of numbers to names, or what is wrong with it.
fn categories(value: &Value) -> Result<Categories, String> {
    let Value::Object(map) = value else {
        return Err("it must be an object of numbers to names, {\"1\": \"Dogs\"}".into());
    };
    let mut names = std::collections::BTreeMap::new();
    for (number, name) in map {
        let Value::String(name) = name else {
            return Err(format!("the name of \"{number}\" is not text"));
        };
        names.insert(number.clone(), name.clone());
    }
    Categories::from_map(names)
}

/// The number setting `key`, if it is given and `ok`; else noted and ignored.
fn number(
    top: &Map<String, Value>,
    key: &str,
    ok: impl Fn(f64) -> bool,
    notes: &mut Vec<String>,
) -> Option<f64> {
    let value = given(top, key)?;
    match value.as_f64().filter(|n| n.is_finite() && ok(*n)) {
        Some(n) => Some(n),
        None => {
            let rule = match key {
                "idleMinutes" => "a number of minutes above 0",
                "refreshSeconds" => "0 (never) or a number of seconds above 0",
                _ => "0 (send at once) or a number of seconds up to 600",
            };
            notes.push(format!(
                "{key} must be {rule}: it was ignored, and the default applies"
            ));
            None
        }
    }
}

/// The note for `key`, which is no setting where it is (at the top, or inside `inside`).
fn stray(key: &str, inside: Option<Environment>) -> String {
    let (here, there): (&[&str], &[&str]) = match inside {
        None => (&TOP, &EACH),
        Some(_) => (&EACH, &TOP),
    };
    let at = match inside {
        None => key.to_owned(),
        Some(env) => format!("{}.{key}", env.as_str()),
    };
    let elsewhere = |setting: &str| match inside {
        None => format!("{setting} belongs inside \"production\" and \"staging\""),
        Some(env) => format!(
            "{setting} belongs at the top of config.json, not inside \"{}\" (it applies to both)",
            env.as_str()
        ),
    };
    if there.contains(&key) {
        return format!("{}: it was ignored", elsewhere(key));
    }
    match (likely(key, here), likely(key, there)) {
        (Some(meant), _) => format!("{at} is not a setting; did you mean {meant}?"),
        (None, Some(meant)) => format!(
            "{at} is not a setting; did you mean {meant}? ({})",
            elsewhere(meant)
        ),
        (None, None) => format!("{at} is not a setting: it was ignored"),
    }
}

/// The setting of `known` that `key` is most likely a misspelling of, if any is alike enough.
fn likely(key: &str, known: &[&'static str]) -> Option<&'static str> {
    let key = key.to_lowercase();
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(&key, &k.to_lowercase()), *k))
        .filter(|(alike, _)| *alike >= ALIKE)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}
