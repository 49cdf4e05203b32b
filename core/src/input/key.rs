//! The API key as typed or pasted into the sign-in form.

use crate::wire::is_bearer_token;

/// Why a typed key cannot be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyProblem {
    /// Nothing but padding was typed.
    Empty,
    /// A character no bearer token holds, and where it is (counting characters from 1).
    Character {
        /// The character.
        found: char,
        /// Its place in the key, from 1.
        position: usize,
    },
}

/// Characters that copying from chat, e-mail or a web page adds around a key, and that no key
/// holds: white space, non-breaking and zero-width spaces, the byte-order mark.
fn is_pasted_padding(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}')
}

/// The key to use, without what pasting added around it; or which character makes it
/// impossible (an RFC 6750 bearer token holds only letters, digits and `-._~+/`, then `=`
/// padding).
pub fn parse_api_key(text: &str) -> Result<String, KeyProblem> {
    let key = text.trim_matches(is_pasted_padding);
    if key.is_empty() {
        return Err(KeyProblem::Empty);
    }
    if is_bearer_token(key) {
        return Ok(key.to_owned());
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~+/".contains(c);
    let body_end = key.trim_end_matches('=').len();
    let (position, found) = key
        .char_indices()
        .find(|&(i, c)| !(allowed(c) || c == '=' && i >= body_end))
        .map_or((0, '='), |(i, c)| (key[..i].chars().count() + 1, c));
    Err(KeyProblem::Character { found, position })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pasted_padding_is_trimmed() {
        for pasted in [
            " dev-key\n",
            "\u{200B}dev-key\u{200B}",
            "\u{A0}dev-key\u{A0}",
            "\u{FEFF}dev-key",
        ] {
            assert_eq!(
                parse_api_key(pasted).as_deref(),
                Ok("dev-key"),
                "{pasted:?}"
            );
        }
        assert_eq!(parse_api_key("YWJj==").as_deref(), Ok("YWJj=="));
    }

    #[test]
    fn anything_a_header_cannot_carry_is_named() {
        assert_eq!(parse_api_key(" \u{200B} "), Err(KeyProblem::Empty));
        let at = |found, position| Err(KeyProblem::Character { found, position });
        assert_eq!(parse_api_key("“dev-key”"), at('“', 1));
        assert_eq!(parse_api_key("dev key"), at(' ', 4));
        assert_eq!(parse_api_key("dev\u{200B}key"), at('\u{200B}', 4));
        assert_eq!(parse_api_key("ключ"), at('к', 1));
        assert_eq!(parse_api_key("a:b"), at(':', 2));
        assert_eq!(parse_api_key("a=b"), at('=', 2));
    }
}
