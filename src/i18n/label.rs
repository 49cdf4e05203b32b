//! The names people see for the core's values (an environment, a column), in the chosen
//! language.

use std::borrow::Cow;
use std::cell::RefCell;

use super::words;
use petstore_core::{AppConfig, Column, Environment};

thread_local! {
    // The deployment's own names for its environments (`config.json`'s `name`), set once as
    // the configuration is read: the same in every language.
    static NAMES: RefCell<[Option<String>; 2]> = const { RefCell::new([None, None]) };
}

/// Takes the environments' names from `config` (or, where it gives none, the page's words).
pub fn name_environments(config: &AppConfig) {
    let names = Environment::ALL.map(|env| config.name(env).map(str::to_owned));
    NAMES.with(|n| *n.borrow_mut() = names);
}

/// The name people see for a value of the core, in the chosen language.
pub trait Label {
    /// "Production", "Staging"; a column's header.
    fn label(self) -> Cow<'static, str>;
}

impl Label for Environment {
    fn label(self) -> Cow<'static, str> {
        let index = Environment::ALL
            .iter()
            .position(|e| *e == self)
            .unwrap_or(0);
        if let Some(name) = NAMES.with(|n| n.borrow()[index].clone()) {
            return Cow::Owned(name);
        }
        match self {
            Environment::Production => words::production(),
            Environment::Staging => words::staging(),
        }
    }
}

impl Label for Column {
    fn label(self) -> Cow<'static, str> {
        match self {
            Column::Id => words::column_id(),
            Column::Name => words::column_name(),
            Column::Category => words::column_category(),
            Column::Status => words::column_status(),
        }
    }
}
