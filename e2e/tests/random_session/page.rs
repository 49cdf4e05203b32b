//! What the page shows, read in one go, and the user's actions on it, as a person does them:
//! by label, role and text, with real clicks and keystrokes over WebDriver.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde::Deserialize;

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
    pub h1: String,
    pub alerts: Vec<String>,
    /// The page's whole text.
    pub text: String,
    /// This app's slots in the tab's sessionStorage.
    pub stored: Vec<String>,
    /// When what the page shows was read (its age line's time), ms since the epoch.
    #[serde(rename = "readAt")]
    pub read_at: Option<f64>,
}

const SNAPSHOT: &str = r#"
const q = (s, root) => Array.from((root || document).querySelectorAll(s));
const text = (e) => (e ? e.textContent || '' : '').trim();
const byLabel = (l) => {
  const lab = q('main label').find((x) => text(x) === l);
  return lab ? document.getElementById(lab.htmlFor) : null;
};
const onList = location.pathname.endsWith('/pets');
const add = q('button').find((b) => text(b) === 'Add pet');
const body = text(document.body);
return {
  path: location.pathname,
  search: location.search,
  band: (document.querySelector('header') || {}).className || '',
  dialog: !!document.querySelector('[role=dialog]'),
  dialogTitle: text(document.getElementById('sign-in-title')),
  // A name's cell also holds its "New" mark: the name is its link's text.
  rows: q('table tbody tr').map((tr) => q('td', tr).map((td, i) => i === 1 && td.querySelector('a') ? text(td.querySelector('a')) : text(td))),
  status: onList && byLabel('Status') ? byLabel('Status').value : null,
  limit: onList && byLabel('Limit') ? byLabel('Limit').value : null,
  limitInvalid: !!(onList && byLabel('Limit') && byLabel('Limit').getAttribute('aria-invalid') === 'true'),
  empty: body.includes('No pets match'),
  // Still starting (the wasm loads after the page's load event), loading or sending.
  busy: !document.querySelector('.app-header') || body.includes('Loading')
    || body.includes('Adding “') || body.includes('Sending…') || body.includes('asking again')
    || body.includes('Opening the page') || body.includes('Reading both environments'),
  addDisabled: add ? add.disabled : null,
  h1: text(document.querySelector('main h1')),
  alerts: q('[role=alert]').map(text),
  text: body,
  // The oldest read the page says it shows.
  readAt: (() => { const t = q('.freshness time').map((e) => Date.parse(e.getAttribute('datetime'))); return t.length ? Math.min(...t) : null; })(),
  stored: Object.keys(sessionStorage).filter((k) => k.startsWith('petstore-admin.')).sort(),
};
"#;

/// Reads the page.
pub async fn snapshot(c: &Client) -> Snapshot {
    let value = c.execute(SNAPSHOT, vec![]).await.expect("read the page");
    serde_json::from_value(value).expect("a snapshot")
}

/// The form control labelled `label`.
fn labelled(label: &str) -> String {
    format!("//*[@id=//label[normalize-space()='{label}']/@for]")
}

/// Clicks what `xpath` finds, if it is there; whether it was.
pub async fn click(c: &Client, xpath: &str) -> bool {
    match c.find(Locator::XPath(xpath)).await {
        Ok(e) => e.click().await.is_ok(),
        Err(_) => false,
    }
}

/// Whether the button named `name` shows within a second (for what a click brings up).
pub async fn wait_for_button(c: &Client, name: &str) -> bool {
    let xpath = format!("//button[normalize-space()='{name}']");
    for _ in 0..20 {
        if c.find(Locator::XPath(&xpath)).await.is_ok() {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    false
}

/// Clicks the button named `name`, if shown.
pub async fn button(c: &Client, name: &str) -> bool {
    click(c, &format!("//button[normalize-space()='{name}']")).await
}

/// Follows the header's link named `name`.
pub async fn nav(c: &Client, name: &str) -> bool {
    click(c, &format!("//nav//a[normalize-space()='{name}']")).await
}

/// Replaces what the field labelled `label` holds with `text`; whether it was there.
pub async fn type_into(c: &Client, label: &str, text: &str) -> bool {
    let Ok(field) = c.find(Locator::XPath(&labelled(label))).await else {
        return false;
    };
    let _ = field.clear().await;
    field.send_keys(text).await.is_ok()
}

/// Chooses `value` in the select labelled `label` (within the page or the header).
pub async fn choose(c: &Client, label: &str, value: &str) -> bool {
    match c.find(Locator::XPath(&labelled(label))).await {
        Ok(select) => select.select_by_value(value).await.is_ok(),
        Err(_) => false,
    }
}

/// Presses Enter in the field labelled `label` (a change event for number fields).
pub async fn enter(c: &Client, label: &str) {
    if let Ok(field) = c.find(Locator::XPath(&labelled(label))).await {
        let _ = field.send_keys("\u{E007}").await;
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
