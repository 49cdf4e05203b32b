use super::*;

const GOOD: &str = r#"{"production":{"baseUrl":"https://pets.example/v1"},
                      "staging":{"baseUrl":"http://127.0.0.1:8081/staging/v1/"}}"#;

#[test]
fn a_good_config_parses() {
    let c = AppConfig::parse(GOOD).unwrap();
    assert_eq!(
        c.base_url(Environment::Production),
        "https://pets.example/v1"
    );
    assert_eq!(
        c.base_url(Environment::Staging),
        "http://127.0.0.1:8081/staging/v1/"
    );
}

#[test]
fn idle_minutes_are_optional_and_positive() {
    assert_eq!(AppConfig::parse(GOOD).unwrap().idle_minutes, None);
    let with = GOOD.replacen('{', r#"{"idleMinutes":0.5,"#, 1);
    assert_eq!(AppConfig::parse(&with).unwrap().idle_minutes, Some(0.5));
    let zero = GOOD.replacen('{', r#"{"idleMinutes":0,"#, 1);
    let ignored = AppConfig::parse(&zero).unwrap();
    assert_eq!(ignored.idle_minutes, None);
    assert_eq!(
        ignored.notes,
        ["idleMinutes must be a number of minutes above 0: it was ignored, and the default applies"]
    );
}

#[test]
fn refresh_seconds_default_to_a_minute_and_zero_is_never() {
    assert_eq!(AppConfig::parse(GOOD).unwrap().refresh_ms(), Some(60_000.0));
    let half = GOOD.replacen('{', r#"{"refreshSeconds":0.5,"#, 1);
    assert_eq!(AppConfig::parse(&half).unwrap().refresh_ms(), Some(500.0));
    let never = GOOD.replacen('{', r#"{"refreshSeconds":0,"#, 1);
    assert_eq!(AppConfig::parse(&never).unwrap().refresh_ms(), None);
    let negative = GOOD.replacen('{', r#"{"refreshSeconds":-1,"#, 1);
    let ignored = AppConfig::parse(&negative).unwrap();
    assert_eq!(ignored.refresh_ms(), Some(60_000.0));
    assert_eq!(ignored.notes.len(), 1);
}

#[test]
fn undo_seconds_default_to_five_and_zero_sends_at_once() {
    assert_eq!(AppConfig::parse(GOOD).unwrap().undo_ms(), Some(5_000.0));
    let short = GOOD.replacen('{', r#"{"undoSeconds":0.25,"#, 1);
    assert_eq!(AppConfig::parse(&short).unwrap().undo_ms(), Some(250.0));
    let at_once = GOOD.replacen('{', r#"{"undoSeconds":0,"#, 1);
    assert_eq!(AppConfig::parse(&at_once).unwrap().undo_ms(), None);
    let longest = GOOD.replacen('{', r#"{"undoSeconds":600,"#, 1);
    assert_eq!(
        AppConfig::parse(&longest).unwrap().undo_ms(),
        Some(600_000.0)
    );
    for bad in [
        r#""undoSeconds":-1,"#,
        r#""undoSeconds":"5","#,
        r#""undoSeconds":600.5,"#,
    ] {
        let text = GOOD.replacen('{', &format!("{{{bad}"), 1);
        let ignored = AppConfig::parse(&text).unwrap();
        assert_eq!(ignored.undo_ms(), Some(5_000.0), "{text}");
        assert!(
            ignored.notes[0].starts_with("undoSeconds must be"),
            "{text}"
        );
    }
}

#[test]
fn malformed_configs_say_what_is_wrong() {
    let cases = [
        ("", "EOF"),
        ("<html>", "expected value"),
        (
            r#"{"production":{"baseUrl":"https://a/v1"}}"#,
            "\"staging\" is missing",
        ),
        (
            r#"{"production":{"baseUrl":"https://a/v2"},"staging":{"baseUrl":"https://b/v1"}}"#,
            "production.baseUrl must be",
        ),
        (
            r#"{"production":{"baseUrl":"https://a/v1"},"staging":{"baseUrl":"/v1"}}"#,
            "staging.baseUrl must be",
        ),
    ];
    for (text, expected) in cases {
        let err = AppConfig::parse(text).unwrap_err();
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
}

#[test]
fn category_names_are_optional_per_environment_and_checked() {
    let plain = AppConfig::parse(GOOD).unwrap();
    assert!(plain.categories(Environment::Production).is_empty());
    let named = GOOD.replacen(
        r#""baseUrl":"https://pets.example/v1""#,
        r#""baseUrl":"https://pets.example/v1","categories":{"1":"Dogs","2":"Cats"}"#,
        1,
    );
    let c = AppConfig::parse(&named).unwrap();
    assert_eq!(c.categories(Environment::Production).label(2), "Cats");
    assert!(c.categories(Environment::Staging).is_empty());
    let bad = GOOD.replacen(
        r#""baseUrl":"https://pets.example/v1""#,
        r#""baseUrl":"https://pets.example/v1","categories":{"dogs":"Dogs"}"#,
        1,
    );
    let ignored = AppConfig::parse(&bad).unwrap();
    assert!(ignored.categories(Environment::Production).is_empty());
    assert_eq!(
        ignored.notes,
        [
            "production.categories: \"dogs\" is not a category number (a whole number); \
          the names were ignored"
        ]
    );
}

#[test]
fn environments_round_trip_through_their_names() {
    for env in Environment::ALL {
        assert_eq!(Environment::parse(env.as_str()), Some(env));
    }
    assert_eq!(Environment::parse("Production"), None);
}

/// `GOOD` with `top` added at its top and `inside` inside production.
fn with(top: &str, inside: &str) -> AppConfig {
    let text = GOOD.replacen('{', &format!("{{{top}"), 1).replacen(
        r#""baseUrl":"https://pets.example/v1""#,
        &format!(r#"{inside}"baseUrl":"https://pets.example/v1""#),
        1,
    );
    AppConfig::parse(&text).unwrap()
}

#[test]
fn a_misspelt_or_misplaced_setting_is_named_and_the_app_still_starts() {
    let misspelt = with(r#""undoSecs":10,"#, "");
    assert_eq!(misspelt.undo_ms(), Some(5_000.0));
    assert_eq!(
        misspelt.notes,
        ["undoSecs is not a setting; did you mean undoSeconds?"]
    );
    let misplaced = with("", r#""undoSeconds":10,"#);
    assert_eq!(
        misplaced.undo_ms(),
        Some(5_000.0),
        "not applied from inside"
    );
    assert_eq!(
        misplaced.notes,
        [
            "undoSeconds belongs at the top of config.json, not inside \"production\" (it \
          applies to both): it was ignored"
        ]
    );
    let both = with(
        r#""baseURL":"x","colour":1,"#,
        r#""undoSecs":1,"nmae":"Shop","#,
    );
    assert_eq!(
        both.notes,
        [
            "baseURL is not a setting; did you mean baseUrl? (baseUrl belongs inside \
             \"production\" and \"staging\")",
            "colour is not a setting: it was ignored",
            "production.nmae is not a setting; did you mean name?",
            "production.undoSecs is not a setting; did you mean undoSeconds? (undoSeconds \
             belongs at the top of config.json, not inside \"production\" (it applies to both))",
        ]
    );
    assert!(AppConfig::parse(GOOD).unwrap().notes.is_empty());
}

#[test]
fn environments_may_be_named_and_cards_may_show_the_status() {
    let plain = AppConfig::parse(GOOD).unwrap();
    assert_eq!(plain.name(Environment::Production), None);
    assert!(!plain.cards_show_status);
    let named = with(r#""cardsShowStatus":true,"#, r#""name":" Shop ","#);
    assert_eq!(named.name(Environment::Production), Some("Shop"));
    assert_eq!(named.name(Environment::Staging), None);
    assert!(named.cards_show_status);
    let wrong = with(r#""cardsShowStatus":"yes","#, r#""name":"","#);
    assert!(!wrong.cards_show_status);
    assert_eq!(
        wrong.notes,
        [
            "production.name must be a name of 1 to 30 characters: it was ignored",
            "cardsShowStatus must be true or false: it was ignored",
        ]
    );
    let text = GOOD
        .replacen(
            r#""baseUrl":"https://pets"#,
            r#""name":"Shop","baseUrl":"https://pets"#,
            1,
        )
        .replacen(
            r#""baseUrl":"http://127"#,
            r#""name":"SHOP","baseUrl":"http://127"#,
            1,
        );
    let twice = AppConfig::parse(&text).unwrap();
    assert_eq!(
        twice.name(Environment::Staging),
        None,
        "the same name twice"
    );
    assert_eq!(twice.notes.len(), 1);
}

#[test]
fn a_category_name_that_is_not_text_is_named() {
    let c = with("", r#""categories":{"1":5},"#);
    assert_eq!(
        c.notes,
        ["production.categories: the name of \"1\" is not text; the names were ignored"]
    );
}
