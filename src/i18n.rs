//! The app's words, from the catalogues in `locales/` (checked and turned into [`words`] by
//! `build.rs`): a function per key, its placeholders its arguments, so a view cannot name a
//! key or a placeholder that does not exist. English is the only locale so far; the words
//! still written into the views move here page by page.

use std::borrow::Cow;

/// One function per key of `locales/en.json`, e.g. `words::sign_in_to(environment)`.
pub mod words {
    include!(concat!(env!("OUT_DIR"), "/words.rs"));
}

/// The text of key `index` in the chosen locale; `english` is the reference's.
pub(crate) fn text(index: usize, english: &'static str) -> Cow<'static, str> {
    debug_assert!(index < words::KEYS, "a key past the catalogue");
    Cow::Borrowed(english)
}

/// `text` with each `{name}` replaced by its value.
pub(crate) fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            break;
        };
        let name = &after[..close];
        match values.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_take_their_values_and_nothing_else_changes() {
        assert_eq!(
            fill(
                "Added “{name}” to {environment}.",
                &[("environment", "Staging"), ("name", "Rex {x}")]
            ),
            "Added “Rex {x}” to Staging."
        );
        assert_eq!(fill("{a} and {b}", &[("a", "1")]), "1 and {b}");
        assert_eq!(fill("no braces", &[]), "no braces");
        assert_eq!(words::sign_in_to("Production"), "Sign in to Production");
    }
}
