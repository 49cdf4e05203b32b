//! Whole numbers within int64 (pet ids, category ids), as typed or in an address.

/// Why a text is not an int64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Int64Problem {
    /// Not a whole number at all (`abc`, `1.5`, empty).
    NotANumber,
    /// A whole number, but outside int64, where no id can be.
    OutOfRange,
}

/// The whole number within int64 that `text` is (no surrounding spaces allowed).
pub fn parse_int64(text: &str) -> Result<i64, Int64Problem> {
    if let Ok(id) = text.parse::<i64>() {
        return Ok(id);
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Err(Int64Problem::OutOfRange)
    } else {
        Err(Int64Problem::NotANumber)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_int64_and_beyond_is_named_apart() {
        assert_eq!(parse_int64("9223372036854775807"), Ok(i64::MAX));
        assert_eq!(parse_int64("-4"), Ok(-4));
        assert_eq!(
            parse_int64("9223372036854775808"),
            Err(Int64Problem::OutOfRange)
        );
        assert_eq!(parse_int64("abc"), Err(Int64Problem::NotANumber));
        assert_eq!(parse_int64("1.5"), Err(Int64Problem::NotANumber));
        assert_eq!(parse_int64(""), Err(Int64Problem::NotANumber));
        assert_eq!(parse_int64("-"), Err(Int64Problem::NotANumber));
    }
}
