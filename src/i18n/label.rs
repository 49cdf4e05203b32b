//! The names people see for the core's values (an environment, a column), in the chosen
//! language.

use std::borrow::Cow;

use super::words;
use petstore_core::{Column, Environment};

/// The name people see for a value of the core, in the chosen language.
pub trait Label {
    /// "Production", "Staging"; a column's header.
    fn label(self) -> Cow<'static, str>;
}

impl Label for Environment {
    fn label(self) -> Cow<'static, str> {
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
