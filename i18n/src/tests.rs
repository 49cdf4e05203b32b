use super::*;

const EN: &str = r#"{
    "sign_in": "Sign in",
    "pets_match": { "one": "{count} pet matches", "other": "{count} pets match" },
    "added": "Added “{name}” to {environment}."
}"#;

fn catalogue(locale: &str, json: &str) -> Catalogue {
    parse(locale, json).unwrap_or_else(|p| panic!("{locale}: {p:?}"))
}

fn said(problems: &[Problem]) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

#[test]
fn a_whole_translation_has_no_problem() {
    let en = catalogue("en", EN);
    let de = catalogue(
        "de",
        r#"{
            "sign_in": "Anmelden",
            "pets_match": { "one": "{count} Tier passt", "other": "{count} Tiere passen" },
            "added": "„{name}“ zu {environment} hinzugefügt."
        }"#,
    );
    assert_eq!(said(&check(&en, &[de])), Vec::<String>::new());
}

#[test]
fn a_broken_catalogue_is_refused_with_every_problem_named() {
    let en = catalogue("en", EN);
    let es = catalogue(
        "es",
        r#"{
            "pets_match": { "one": "{count} mascota", "other": "{cuenta} mascotas" },
            "added": "Añadido “{name}”.",
            "sign_out": "Cerrar sesión"
        }"#,
    );
    let problems = said(&check(&en, &[es]));
    for expected in [
        "es: sign_in: missing",
        "es: sign_out: not a key of the reference",
        "es: pets_match: the plural forms differ in placeholders",
        "es: added: placeholders {\"name\"}, but en has {\"environment\", \"name\"}",
    ] {
        assert!(
            problems.iter().any(|p| p == expected),
            "{expected:?} not among {problems:#?}"
        );
    }
    assert_eq!(problems.len(), 5, "{problems:#?}");
}

#[test]
fn plurals_need_their_other_form_and_known_forms() {
    let en = catalogue(
        "en",
        r#"{ "pets": { "one": "{count} pet", "lots": "{count} pets" } }"#,
    );
    assert_eq!(
        said(&check(&en, &[])),
        [
            "en: pets: a plural needs its `other` form",
            "en: pets: no plural form `lots`"
        ]
    );
}

#[test]
fn a_key_is_a_text_everywhere_or_plural_everywhere() {
    let en = catalogue(
        "en",
        r#"{ "pets": { "one": "{count} pet", "other": "{count} pets" } }"#,
    );
    let fr = catalogue("fr", r#"{ "pets": "{count} animaux" }"#);
    assert_eq!(
        said(&check(&en, &[fr])),
        ["fr: pets: a text in one locale and plural in the other (en)"]
    );
}

#[test]
fn braces_are_placeholders_or_mistakes() {
    assert_eq!(
        placeholders("{count} of {total} sent").map(|s| s.into_iter().collect::<Vec<_>>()),
        Ok(vec!["count".to_owned(), "total".to_owned()])
    );
    assert!(placeholders("{count of 3").is_err());
    assert!(placeholders("3 }").is_err());
    assert!(placeholders("{Count}").is_err());
    assert!(placeholders("{}").is_err());
}

#[test]
fn what_is_not_a_catalogue_is_said() {
    assert!(parse("en", "[]").is_err());
    assert!(parse("en", "{ \"Sign In\": \"x\" }").is_err());
    assert!(parse("en", "{ \"n\": 3 }").is_err());
    assert!(parse("en", "{").is_err());
}

#[test]
fn the_generated_source_names_every_key_with_its_placeholders() {
    let en = catalogue("en", EN);
    let source = generate(&en);
    for line in [
        "pub const KEYS: usize = 3;",
        "pub fn sign_in() -> std::borrow::Cow<'static, str> {",
        "    crate::i18n::text(2, \"Sign in\")",
        "pub fn added(environment: &str, name: &str) -> String {",
        "    crate::i18n::fill(&crate::i18n::text(0, \"Added “{name}” to {environment}.\"), &[(\"environment\", environment), (\"name\", name)])",
        "pub fn pets_match(count: u64) -> String {",
        "    crate::i18n::fill(&crate::i18n::plural(1, count, \"\\u{1f}one\\u{1f}{count} pet matches\\u{1f}other\\u{1f}{count} pets match\"), &[(\"count\", &crate::i18n::number(count))])",
    ] {
        assert!(source.contains(line), "{line:?} not in:\n{source}");
    }
}

#[test]
fn another_locale_is_an_array_in_the_reference_key_order() {
    let en = catalogue("en", EN);
    let de = catalogue(
        "de",
        r#"{ "sign_in": "Anmelden", "pets_match": { "one": "{count} Tier", "other": "{count} Tiere" }, "added": "„{name}“ in {environment}." }"#,
    );
    assert_eq!(
        table(&en, &de),
        "„{name}“ in {environment}.\u{1e}\u{1f}one\u{1f}{count} Tier\u{1f}other\u{1f}{count} Tiere\u{1e}Anmelden"
    );
}

/// A folder of catalogues of its own for one test.
fn folder(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("petstore-i18n-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    for (file, text) in files {
        std::fs::write(dir.join(file), text).expect("write a catalogue");
    }
    dir
}

#[test]
fn a_folder_builds_when_every_catalogue_is_whole() {
    let dir = folder(
        "whole",
        &[
            ("en.json", r#"{ "sign_in": "Sign in" }"#),
            ("de.json", r#"{ "sign_in": "Anmelden" }"#),
            ("notes.txt", "not a catalogue"),
        ],
    );
    let built = build(&dir, "en").expect("builds");
    assert!(built.source.contains("pub fn sign_in()"));
    assert_eq!(
        built.tables,
        [
            ("de".to_owned(), "Anmelden".to_owned()),
            (PSEUDO.to_owned(), "⟦Šíĝñ íñ···⟧".to_owned())
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_folder_with_a_broken_catalogue_does_not_build() {
    let dir = folder(
        "broken",
        &[
            (
                "en.json",
                r#"{ "sign_in": "Sign in", "added": "Added {name}." }"#,
            ),
            (
                "fr.json",
                r#"{ "sign_in": "Se connecter", "added": "Ajouté." }"#,
            ),
            ("es.json", r#"{ "sign_in": "Iniciar sesión" "#),
        ],
    );
    let problems = said(&build(&dir, "en").expect_err("must not build"));
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems[0].starts_with("es: not JSON"), "{problems:#?}");
    assert_eq!(
        problems[1],
        "fr: added: placeholders {}, but en has {\"name\"}"
    );
    assert!(build(&dir, "pt").is_err(), "no reference catalogue");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_pseudo_locale_is_accented_longer_and_bracketed_with_placeholders_kept() {
    assert_eq!(pseudo_text("Sign in"), "⟦Šíĝñ íñ···⟧");
    assert_eq!(
        pseudo_text("Added {name} to {environment}."),
        "⟦Åddéd {name} tö {environment}.···⟧"
    );
    let en = catalogue("en", EN);
    let fake = pseudo(&en);
    assert!(check(&en, std::slice::from_ref(&fake)).is_empty());
    assert_eq!(fake.locale, PSEUDO);
}
