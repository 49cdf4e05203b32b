//! Checks the word catalogues in `locales/` (every locale has every key of `en.json`, with the
//! same placeholders) and writes the Rust that names their keys, `words.rs` (see `i18n/`). A
//! problem in any catalogue fails the build, each named with its locale and key. Every other
//! locale's words, and the pseudo-locale's, go beside it as `words-<locale>.txt`, and
//! start.js's one sentence in every locale as `start-words.js`, and the start frame's words with
//! its script (frame.js) as `start-frame.js`. The list page's path goes
//! beside them as `list-path.txt`: scripts/split-build.sh hands it to start.js, which reads the
//! list early on that page only, so the path is written once, in the core's `Page`.

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
    write(&path, &built.source);
    // The start-up script's note, shown when the app cannot start (so without these words):
    // imported by start.js only then.
    write(
        &std::path::Path::new(&out).join("start-words.js"),
        &format!(
            "export default {};\n",
            built.texts_of("app_could_not_start")
        ),
    );
    // The start frame's script (frame.js, see index.html) with the frame's words in every
    // locale in front of it.
    println!("cargo::rerun-if-changed=frame.js");
    let frame = std::fs::read_to_string("frame.js").unwrap_or_else(|e| {
        eprintln!("cannot read frame.js: {e}");
        std::process::exit(1);
    });
    let frame_words: Vec<String> = frame_keys()
        .iter()
        .map(|key| {
            let texts = built.texts_of(key);
            if texts == "{}" {
                eprintln!("index.html: the start frame's data-word \"{key}\" is no text of the catalogues");
                std::process::exit(1);
            }
            format!("{key:?}: {texts}")
        })
        .collect();
    write(
        &std::path::Path::new(&out).join("start-frame.js"),
        // A block, so that `WORDS` is no global of the page.
        &format!(
            "{{\nconst WORDS = {{{}}};\n{frame}}}\n",
            frame_words.join(", ")
        ),
    );
    write(
        &std::path::Path::new(&out).join("list-path.txt"),
        &petstore_core::Page::List.path(),
    );
    // Every other locale's words, which the app fetches when that locale is chosen;
    // scripts/split-build.sh copies them beside the app's other files.
    for (locale, table) in &built.tables {
        write(
            &std::path::Path::new(&out).join(format!("words-{locale}.txt")),
            table,
        );
    }
}

/// The words of index.html's start frame (its `data-word` attributes, shown in English there)
/// and both environments' names (frame.js names the badge's), which frame.js puts in the
/// device's language.
fn frame_keys() -> Vec<String> {
    println!("cargo::rerun-if-changed=index.html");
    let html = std::fs::read_to_string("index.html").unwrap_or_else(|e| {
        eprintln!("cannot read index.html: {e}");
        std::process::exit(1);
    });
    let mut keys: Vec<String> = html
        .split("data-word=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next().map(str::to_owned))
        .chain(["production".to_owned(), "staging".to_owned()])
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

fn write(path: &std::path::Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}
