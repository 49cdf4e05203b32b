//! Lower case and folded accents, for comparing names and words.

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

/// `text` in lower case without its accents ("Producción" → "produccion"), for matching a
/// word a person types against the word the page shows, however their keyboard writes it.
///
/// Accents are the combining marks of Unicode's canonical decomposition (NFD), as the
/// browser's own `normalize` gives it; natively, the `unicode-normalization` crate's.
pub fn fold(text: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    let decomposed = String::from(js_sys::JsString::from(text).normalize("NFD"));
    #[cfg(not(target_arch = "wasm32"))]
    let decomposed: String = unicode_normalization::UnicodeNormalization::nfd(text).collect();
    let bare: String = decomposed
        .chars()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .collect();
    lowercase(&bare)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowers_beyond_ascii_and_keeps_the_rest() {
        assert_eq!(lowercase("Rex ÉLAN Ωμέγα 42"), "rex élan ωμέγα 42");
        assert_eq!(lowercase(""), "");
    }

    #[test]
    fn folds_case_and_accents_alike() {
        assert_eq!(fold("Producción"), "produccion");
        assert_eq!(fold("PRODUCCIÓN"), fold("produccion"));
        assert_eq!(fold("Übung"), "ubung");
        assert_eq!(fold("Essai"), "essai");
    }
}
