//! Lower case for comparing names and words, as the browser does it.

/// `text` in lower case (Unicode's default case conversion, as `str::to_lowercase`).
///
/// In the browser this is JavaScript's `toLowerCase`: Rust's own brings its Unicode case
/// tables into the wasm (about 15 KB before compression), which the browser already has.
/// Elsewhere (the native unit tests) it is Rust's, which follows the same standard.
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
