//! The API key as typed or pasted into the sign-in form.

use crate::api::is_bearer_token;
use crate::i18n::{number, words};

/// Characters that copying from chat, e-mail or a web page adds around a key, and that no key
/// holds: white space, non-breaking and zero-width spaces, the byte-order mark.
fn is_pasted_padding(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}')
}

/// The key to use, without what pasting added around it; or, in plain words, which character
/// makes it impossible (an RFC 6750 bearer token holds only letters, digits and `-._~+/`, then
/// `=` padding).
pub fn parse_api_key(text: &str) -> Result<String, String> {
    let key = text.trim_matches(is_pasted_padding);
    if key.is_empty() {
        return Err(words::enter_the_api_key().into());
    }
    if is_bearer_token(key) {
        return Ok(key.to_owned());
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~+/".contains(c);
    let body_end = key.trim_end_matches('=').len();
    let (position, bad) = key
        .char_indices()
        .find(|&(i, c)| !(allowed(c) || c == '=' && i >= body_end))
        .map_or((0, '='), |(i, c)| (key[..i].chars().count() + 1, c));
    let shown = if bad.is_ascii_graphic() {
        words::quoted_character(&bad.to_string())
    } else {
        words::special_character(&format!("U+{:04X}", u32::from(bad)))
    };
    Err(words::key_cannot_contain(&shown, &number(position as u64)))
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
        assert_eq!(
            parse_api_key(" \u{200B} ").unwrap_err(),
            "Enter the API key."
        );
        let e = parse_api_key("“dev-key”").unwrap_err();
        assert!(e.contains("U+201C") && e.contains("character 1"), "{e}");
        let e = parse_api_key("dev key").unwrap_err();
        assert!(e.contains("U+0020") && e.contains("character 4"), "{e}");
        let e = parse_api_key("dev\u{200B}key").unwrap_err();
        assert!(e.contains("U+200B"), "{e}");
        let e = parse_api_key("ключ").unwrap_err();
        assert!(e.contains("U+043A"), "{e}");
        let e = parse_api_key("a:b").unwrap_err();
        assert!(e.contains("“:”") && e.contains("character 2"), "{e}");
        let e = parse_api_key("a=b").unwrap_err();
        assert!(e.contains("“=”"), "{e}");
    }
}
