//! Checks the word catalogues in `locales/` (every locale has every key of `en.json`, with the
//! same placeholders) and writes the Rust that names their keys, `words.rs` (see `i18n/`). A
//! problem in any catalogue fails the build, each named with its locale and key.

fn main() {
    println!("cargo::rerun-if-changed=locales");
    let built = match petstore_i18n::build(std::path::Path::new("locales"), "en") {
        Ok(built) => built,
        Err(problems) => {
            for problem in &problems {
                eprintln!("locales/{problem}");
            }
            eprintln!("{} problem(s) in the word catalogues", problems.len());
            std::process::exit(1);
        }
    };
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    let path = std::path::Path::new(&out).join("words.rs");
    if let Err(e) = std::fs::write(&path, built.source) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}
