//! What the page shows, read in one go, and the user's actions on it, as a person does them:
//! by label, role and text, with real clicks and keystrokes over WebDriver.

use std::sync::LazyLock;
use std::time::Duration;

use fantoccini::{Client, Locator};
use petstore_e2e::words::Words;
use petstore_e2e::{draw_menu, reveal};
use serde::Deserialize;
use serde_json::json;

/// The catalogues of the languages a manager can choose.
static WORDS: LazyLock<Vec<(&'static str, Words)>> = LazyLock::new(|| {
    ["en", "es", "fr", "de"]
        .into_iter()
        .map(|tag| (tag, Words::of(tag)))
        .collect()
});

/// The catalogue of `tag` (English for any other).
pub fn words(tag: &str) -> &'static Words {
    let all = &*WORDS;
    all.iter()
        .find(|(t, _)| *t == tag)
        .map_or(&all[0].1, |(_, w)| w)
}

/// `english` (a whole text of the catalogue) in language `tag`.
pub fn say_in(tag: &str, english: &str) -> String {
    let key = words("en")
        .key_of(english)
        .unwrap_or_else(|| panic!("no text {english:?} in the English catalogue"));
    words(tag).say(key)
}

/// The language the page speaks (its `<html lang>`).
pub async fn language(c: &Client) -> String {
    c.execute("return document.documentElement.lang;", vec![])
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "en".to_owned())
}

/// `english` in the language the page speaks.
pub async fn say(c: &Client, english: &str) -> String {
    say_in(&language(c).await, english)
}

/// The page, read at one moment.
#[derive(Clone, Debug, Deserialize)]
pub struct Snapshot {
    pub path: String,
    pub search: String,
    /// The header's class, which names the environment (`env-production`).
    pub band: String,
    pub dialog: bool,
    #[serde(rename = "dialogTitle")]
    pub dialog_title: String,
    /// Each table row's cells: ID, Name, Category, Status.
    pub rows: Vec<Vec<String>>,
    /// Each table row: whether it is marked as a pet this device added that the read did
    /// not reach.
    #[serde(default)]
    pub added: Vec<bool>,
    /// The list's Status filter and Limit field (list page only).
    pub status: Option<String>,
    pub limit: Option<String>,
    /// Whether the Limit field is marked invalid (it holds what the user typed, unsent).
    #[serde(rename = "limitInvalid")]
    pub limit_invalid: bool,
    pub busy: bool,
    /// The list says no pets match.
    pub empty: bool,
    #[serde(rename = "addDisabled")]
    pub add_disabled: Option<bool>,
    /// A pet is held before it is sent (its countdown, or a question about it, shows).
    pub held: bool,
    pub h1: String,
    pub alerts: Vec<String>,
    /// The page's whole text.
    pub text: String,
    /// This app's slots in the tab's sessionStorage.
    pub stored: Vec<String>,
    /// When what the page shows was read (its age line's time), ms since the epoch.
    #[serde(rename = "readAt")]
    pub read_at: Option<f64>,
    /// The language the page speaks (`<html lang>`).
    pub lang: String,
    /// What the fields of the page hold, by id.
    pub values: Vec<(String, String)>,
    /// The Store page's counts per status, as written ("12", "100+").
    #[serde(default)]
    pub counts: Vec<String>,
    /// What the note that a new version is ready says, if it shows.
    #[serde(default)]
    pub update: Option<String>,
}

impl Snapshot {
    /// What the field with this id held, if the page showed it.
    pub fn value(&self, id: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(i, _)| i == id)
            .map(|(_, v)| v.as_str())
    }

    /// The catalogue of the language the page spoke.
    pub fn words(&self) -> &'static Words {
        words(&self.lang)
    }

    /// `english` (a whole text of the catalogue) in the language the page spoke.
    pub fn say(&self, english: &str) -> String {
        say_in(&self.lang, english)
    }
}

const SNAPSHOT: &str = r#"
const w = arguments[0];
const q = (s, root) => Array.from((root || document).querySelectorAll(s));
const text = (e) => (e ? e.textContent || '' : '').trim();
const byLabel = (l) => {
  const lab = q('main label').find((x) => text(x) === l);
  return lab ? document.getElementById(lab.htmlFor) : null;
};
const onList = location.pathname.endsWith('/pets');
const add = q('button').find((b) => text(b) === w.addPet);
const body = text(document.body);
return {
  path: location.pathname,
  search: location.search,
  band: (document.querySelector('header') || {}).className || '',
  dialog: !!document.querySelector('[role=dialog]'),
  dialogTitle: text(document.getElementById('sign-in-title')),
  // A name's cell also holds its "New" mark: the name is its link's text.
  rows: q('table tbody tr').map((tr) => q('td', tr).map((td, i) => i === 1 && td.querySelector('a') ? text(td.querySelector('a')) : text(td))),
  added: q('table tbody tr').map((tr) => q('.badge-new', tr).some((b) => text(b) === w.addedHere)),
  status: onList && byLabel(w.status) ? byLabel(w.status).value : null,
  limit: onList && byLabel(w.limit) ? byLabel(w.limit).value : null,
  limitInvalid: !!(onList && byLabel(w.limit) && byLabel(w.limit).getAttribute('aria-invalid') === 'true'),
  empty: body.includes(w.noPets),
  // Still starting (the wasm loads after the page's load event), loading or sending.
  busy: !document.querySelector('#menu-button') || w.busy.some((b) => body.includes(b)),
  addDisabled: add ? add.disabled : null,
  held: !!document.querySelector('section.held'),
  h1: text(document.querySelector('main h1')),
  alerts: q('[role=alert]').map(text),
  text: body,
  // The oldest read the page says it shows.
  readAt: (() => { const t = q('.freshness time').map((e) => Date.parse(e.getAttribute('datetime'))); return t.length ? Math.min(...t) : null; })(),
  stored: Object.keys(sessionStorage).filter((k) => k.startsWith('petstore-admin.')).sort(),
  lang: document.documentElement.lang,
  counts: q('.store-count').map(text),
  update: q('.note.update').map(text)[0] ?? null,
  values: q('main input, main textarea').filter((e) => e.id && e.type !== 'file' && e.type !== 'checkbox').map((e) => [e.id, e.value]),
};
"#;

/// Reads the page.
/// When the document shown began (`performance.timeOrigin`): it changes when a page loads
/// anew, and only then.
pub async fn time_origin(c: &Client) -> String {
    c.execute("return String(performance.timeOrigin);", vec![])
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

pub async fn snapshot(c: &Client) -> Snapshot {
    let w = words(&language(c).await);
    let said = json!({
        "addPet": w.say("add_pet"),
        "status": w.say("column_status"),
        "limit": w.say("limit"),
        "noPets": w.say("no_pets_match_filters"),
        "addedHere": w.say("mark_added_here"),
        "busy": [
            w.say("loading"), w.say("loading_pets"), w.say("loading_pet"), w.part("adding_pet"),
            w.say("row_sending"), w.part("busy_asking_again"), w.say("opening_page"),
            w.say("reading_both"), w.say("store_reading"),
        ],
    });
    let value = c
        .execute(SNAPSHOT, vec![said])
        .await
        .expect("read the page");
    serde_json::from_value(value).expect("a snapshot")
}

/// The form control labelled `label`.
fn labelled(label: &str) -> String {
    format!("//*[@id=//label[normalize-space()=\"{label}\"]/@for]")
}

/// `label` in the page's language: an English text of the catalogue translated, any other
/// (already the page's words) as it is.
async fn local(c: &Client, label: &str) -> String {
    match words("en").key_of(label) {
        Some(key) => words(&language(c).await).say(key),
        None => label.to_owned(),
    }
}

/// What the header's menu holds (in English): its controls are drawn on its first opening, so
/// a step pressing one has the menu drawn first ([`draw_menu`]). Anything else is looked for
/// on the page alone: opening the menu to look would move the keyboard.
const IN_MENU: [&str; 6] = [
    "Environment",
    "Language",
    "Sign out",
    "Sign out everywhere",
    "Forget everything",
    "Keep everything",
];

/// Clicks what `xpath` finds, if it is there; whether it was.
pub async fn click(c: &Client, xpath: &str) -> bool {
    match c.find(Locator::XPath(xpath)).await {
        Ok(e) => {
            reveal(c, &e).await;
            let clicked = e.click().await.is_ok();
            put_menu_away(c).await;
            clicked
        }
        Err(_) => false,
    }
}

/// Closes the header's menu if a step left it open with no question in it (a click that
/// failed), so that it covers nothing the next step presses.
async fn put_menu_away(c: &Client) {
    let open = c
        .execute(
            "const menu = document.getElementById('header-menu');
             return !!menu && !menu.hidden && !menu.querySelector('[role=alertdialog]');",
            vec![],
        )
        .await;
    if open.ok().and_then(|v| v.as_bool()) == Some(true) {
        if let Ok(button) = c.find(Locator::Id("menu-button")).await {
            let _ = button.click().await;
        }
    }
}

/// Whether the button named `name` (in English) shows within a second (for what a click
/// brings up).
pub async fn wait_for_button(c: &Client, name: &str) -> bool {
    let xpath = format!("//button[normalize-space()=\"{}\"]", say(c, name).await);
    let xpath = xpath.as_str();
    within(Duration::from_secs(1), || async move {
        c.find(Locator::XPath(xpath)).await.is_ok()
    })
    .await
}

/// Clicks the button named `name` (in English: it is found by its words in the page's
/// language), if shown.
pub async fn button(c: &Client, name: &str) -> bool {
    if IN_MENU.contains(&name) {
        draw_menu(c).await;
    }
    let name = say(c, name).await;
    click(c, &format!("//button[normalize-space()=\"{name}\"]")).await
}

/// Clicks the button whose words are the catalogue's `key` with its placeholders filled by
/// catalogue words (`values`: each a placeholder and a key, as `("environment",
/// "production")`), in the page's language, once it shows (up to a second); whether it was.
pub async fn button_filled(c: &Client, key: &str, values: &[(&str, &str)]) -> bool {
    let words = words(&language(c).await);
    let said: Vec<(&str, String)> = values.iter().map(|(p, k)| (*p, words.say(k))).collect();
    let said: Vec<(&str, &str)> = said.iter().map(|(p, v)| (*p, v.as_str())).collect();
    let xpath = format!("//button[normalize-space()=\"{}\"]", words.fill(key, &said));
    for _ in 0..20 {
        if c.find(Locator::XPath(&xpath)).await.is_ok() {
            return click(c, &xpath).await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// Follows the header's link named `name` (in English).
pub async fn nav(c: &Client, name: &str) -> bool {
    let name = say(c, name).await;
    click(c, &format!("//nav//a[normalize-space()=\"{name}\"]")).await
}

/// Replaces what the field labelled `label` (the English label, or a label already in the
/// page's language) holds with `text`; whether it was there.
pub async fn type_into(c: &Client, label: &str, text: &str) -> bool {
    let label = local(c, label).await;
    let Ok(field) = c.find(Locator::XPath(&labelled(&label))).await else {
        return false;
    };
    let _ = field.clear().await;
    field.send_keys(text).await.is_ok()
}

/// Types production's name as the page shows it (in its language) into the run's
/// confirmation, as a manager reading the label does; whether the field was there.
pub async fn confirm_production(c: &Client) -> bool {
    let w = words(&language(c).await);
    let name = w.say("production");
    let label = w.fill("type_to_confirm", &[("environment", &name)]);
    let Ok(field) = c.find(Locator::XPath(&labelled(&label))).await else {
        return false;
    };
    let _ = field.clear().await;
    field.send_keys(&name).await.is_ok()
}

/// Chooses `value` in the select labelled `label` (within the page or the header).
pub async fn choose(c: &Client, label: &str, value: &str) -> bool {
    if IN_MENU.contains(&label) {
        draw_menu(c).await;
    }
    let label = local(c, label).await;
    match c.find(Locator::XPath(&labelled(&label))).await {
        Ok(select) => {
            reveal(c, &select).await;
            let chosen = select.select_by_value(value).await.is_ok();
            put_menu_away(c).await;
            chosen
        }
        Err(_) => false,
    }
}

/// Whether the page shows what `xpath` finds.
pub async fn has_xpath(c: &Client, xpath: &str) -> bool {
    c.find(Locator::XPath(xpath)).await.is_ok()
}

/// Whether the page shows what the CSS `selector` finds.
pub async fn has(c: &Client, selector: &str) -> bool {
    c.find(Locator::Css(selector)).await.is_ok()
}

/// Presses Enter in the field labelled `label` (a change event for number fields).
pub async fn enter(c: &Client, label: &str) {
    let label = local(c, label).await;
    if let Ok(field) = c.find(Locator::XPath(&labelled(&label))).await {
        let _ = field.send_keys("\u{E007}").await;
    }
}

/// Whether `check` holds within `limit`, asked every 20 ms: a wait for a condition (of the
/// page, the service's log or both) rather than a sleep.
pub async fn within<F: std::future::Future<Output = bool>>(
    limit: Duration,
    mut check: impl FnMut() -> F,
) -> bool {
    let start = std::time::Instant::now();
    loop {
        if check().await {
            return true;
        }
        if start.elapsed() > limit {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits up to `limit` for `check` to hold on a snapshot; the last snapshot either way.
pub async fn wait_for(
    c: &Client,
    limit: Duration,
    check: impl Fn(&Snapshot) -> bool,
) -> (bool, Snapshot) {
    let start = std::time::Instant::now();
    loop {
        let s = snapshot(c).await;
        if check(&s) {
            return (true, s);
        }
        if start.elapsed() > limit {
            return (false, s);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
