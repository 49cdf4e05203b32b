//! The app's words in any of its languages, read from its catalogues (`locales/`), so a test
//! finds what it clicks and reads by what a person sees in that language; and acting on a
//! page whatever its language (by roles, ids and the words of its catalogue).

use std::path::PathBuf;

use fantoccini::{Client, Locator};
use petstore_i18n::{parse, pseudo, Catalogue, Entry, PSEUDO};
use serde_json::json;

use crate::look::wait_js;

/// One language's catalogue.
pub struct Words(Catalogue);

impl Words {
    /// The catalogue of `tag` (`en`, `es`, `fr`, `de`, or the pseudo-locale's `en-XA`).
    pub fn of(tag: &str) -> Words {
        let file = if tag == PSEUDO { "en" } else { tag };
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../locales")
            .join(format!("{file}.json"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let catalogue = parse(file, &text).unwrap_or_else(|p| panic!("{}: {p:?}", path.display()));
        Words(if tag == PSEUDO {
            pseudo(&catalogue)
        } else {
            catalogue
        })
    }

    /// The text of `key` (a plural's `other` form), its placeholders as written.
    pub fn say(&self, key: &str) -> String {
        match self.0.entries.get(key) {
            Some(Entry::Text(text)) => text.clone(),
            Some(Entry::Plural(forms)) => forms.get("other").cloned().unwrap_or_default(),
            None => panic!("no key {key} in {}", self.0.locale),
        }
    }

    /// The plural form `form` of `key`.
    pub fn form(&self, key: &str, form: &str) -> String {
        match self.0.entries.get(key) {
            Some(Entry::Plural(forms)) => forms.get(form).cloned().unwrap_or_default(),
            _ => panic!("{key} is not plural in {}", self.0.locale),
        }
    }

    /// The text of `key` with its placeholders filled in.
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        fill(&self.say(key), values)
    }

    /// The first key (in key order) whose text is `text`.
    pub fn key_of(&self, text: &str) -> Option<&str> {
        self.0.entries.iter().find_map(|(key, entry)| match entry {
            Entry::Text(t) if t == text => Some(key.as_str()),
            _ => None,
        })
    }

    /// The longest run of `key`'s text between its placeholders: a part to look for on a page
    /// whatever was put in them.
    pub fn part(&self, key: &str) -> String {
        let text = self.say(key);
        text.split(['{', '}'])
            .step_by(2)
            .max_by_key(|s| s.chars().count())
            .unwrap_or_default()
            .to_owned()
    }

    /// The plural form of `key` that `count` takes in this language (the few rules the app's
    /// languages have for small counts), its placeholders filled in.
    pub fn count(&self, key: &str, count: usize, values: &[(&str, &str)]) -> String {
        let one = count == 1 || (self.0.locale == "fr" && count == 0);
        let form = self.form(key, if one { "one" } else { "other" });
        let n = count.to_string();
        let mut all = vec![("count", n.as_str())];
        all.extend_from_slice(values);
        fill(&form, &all)
    }

    /// The part of `key`'s text before its first placeholder.
    pub fn before(&self, key: &str) -> String {
        let text = self.say(key);
        text.split('{').next().unwrap_or_default().to_owned()
    }
}

/// `text` with each `{name}` replaced by its value.
pub fn fill(text: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(text.to_owned(), |t, (name, value)| {
        t.replace(&format!("{{{name}}}"), value)
    })
}

/// Where the app keeps the device's choice.
pub const SLOT: &str = "petstore-admin.language";

/// Opens `url` in language `tag` (the device's choice, as the language control keeps it).
pub async fn open_in(c: &Client, url: &str, tag: &str) {
    c.goto(url).await.expect("open");
    c.execute(
        "localStorage.setItem(arguments[0], arguments[1]); location.reload(); return true;",
        vec![SLOT.into(), tag.into()],
    )
    .await
    .expect("choose the language");
    wait_js(
        c,
        "the app in its language",
        &format!("return document.documentElement.lang === '{tag}' && !!document.querySelector('#menu-button');"),
    )
    .await;
}

/// Signs in through the dialog (by its roles: the words are the language's).
pub async fn sign_in(c: &Client, key: &str) {
    wait_js(
        c,
        "the sign-in form",
        "return !!document.querySelector('[role=dialog] input');",
    )
    .await;
    let field = c
        .find(Locator::Css("[role=dialog] input"))
        .await
        .expect("the key field");
    field.clear().await.expect("clear");
    field.send_keys(key).await.expect("type the key");
    c.find(Locator::Css("[role=dialog] button[type=submit]"))
        .await
        .expect("Sign in")
        .click()
        .await
        .expect("click Sign in");
}

/// Types `text` into the field `id` (after emptying it).
pub async fn type_in(c: &Client, id: &str, text: &str) {
    let field = c
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"));
    field.clear().await.expect("clear");
    field.send_keys(text).await.expect("type");
}

/// The text of the element `css`, once it holds `wanted`.
pub async fn says(c: &Client, css: &str, wanted: &str) {
    let script = format!(
        "const e = document.querySelector({css:?}); return !!e && e.textContent.includes({wanted:?});"
    );
    let found = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            if c.execute(&script, vec![]).await.ok() == Some(json!(true)) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    })
    .await;
    if found.is_err() {
        let now = c
            .execute(
                &format!("const e = document.querySelector({css:?}); return e && e.textContent;"),
                vec![],
            )
            .await
            .unwrap_or_default();
        panic!("{css} does not say {wanted:?}; it says {now}");
    }
}
