//! Lower case for comparing names and words.

/// `text` in lower case (Unicode's default case conversion, as `str::to_lowercase`), for
/// matching names and searching without regard to case.
///
/// In the browser this is JavaScript's `toLowerCase`, which follows the same standard: Rust's
/// own would bring its Unicode case tables into the wasm, which the browser already has (the
/// figure is in `docs/benchmark.md`). Natively, as in this crate's tests, it is Rust's.
pub fn lowercase(text: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        String::from(js_sys::JsString::from(text).to_lower_case())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.to_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowers_beyond_ascii_and_keeps_the_rest() {
        assert_eq!(lowercase("Rex ÉLAN Ωμέγα 42"), "rex élan ωμέγα 42");
        assert_eq!(lowercase(""), "");
    }
}
