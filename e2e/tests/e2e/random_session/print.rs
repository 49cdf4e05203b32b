//! Printing, from where a manager is: Print card on a pet's page, Print cards and Print list on
//! the list. Each opens its preview, which must hold what the page shows (the pet's name; a
//! card or a stock row for every row shown), and is closed again, so the next step sees the
//! page as it was. What went wrong is kept on the model and reported by the invariants.

use std::time::Duration;

use fantoccini::Client;
use serde_json::json;

use super::model::Model;
use super::page::{self, say, Snapshot};
use super::steps::{Rng, Step};

/// What is printed.
#[derive(Clone, Copy, Debug)]
pub enum Printed {
    /// Print card, on a pet's page.
    Card,
    /// Print cards, on the list.
    Cards,
    /// Print list, on the list.
    List,
}

/// Draws the next print.
pub fn draw(rng: &mut Rng) -> Step {
    Step::Print(match rng.below(3) {
        0 => Printed::Card,
        1 => Printed::Cards,
        _ => Printed::List,
    })
}

/// Presses `what`'s button where the page offers it, checks the preview against the page,
/// then closes it.
pub async fn perform(c: &Client, model: &mut Model, snap: &Snapshot, what: Printed) {
    // Offline, a part of the app not yet downloaded cannot come: nothing to check.
    if snap.dialog || snap.busy || model.offline.is_some() {
        return;
    }
    let on_list = snap.path.trim_end_matches('/').ends_with("/pets");
    let on_pet = snap.path.contains("/pets/")
        && !snap.path.ends_with("/pets/new")
        && !snap.path.ends_with("/pets/import");
    // What the preview must hold, by a script reading it, and the button that opens it.
    let (button, script) = match what {
        Printed::Card if on_pet && !snap.h1.is_empty() => (
            "Print card",
            "const n = document.querySelector('.print-sheet .card-name');
             return n ? n.textContent.trim() : null;",
        ),
        Printed::Cards if on_list && !snap.rows.is_empty() => (
            "Print cards",
            "return document.querySelectorAll('.sheet .pet-card').length || null;",
        ),
        Printed::List if on_list && !snap.rows.is_empty() => (
            "Print list",
            "return document.querySelectorAll('.stock tbody tr').length || null;",
        ),
        _ => return,
    };
    // Pressed in the same script that reads the page, so a read again landing meanwhile (a
    // create of the step before, say) cannot come between what was shown and the press.
    let name = say(c, button).await;
    let pressed = c
        .execute(
            "const b = [...document.querySelectorAll('button')]
               .find((b) => b.textContent.trim() === arguments[0]);
             if (!b) return null;
             const rows = document.querySelectorAll('table.pets tbody tr').length;
             const h1 = (document.querySelector('main h1') || {}).textContent || '';
             b.click();
             return [rows, h1.trim()];",
            vec![json!(name)],
        )
        .await
        .unwrap_or_default();
    let wanted = match (what, pressed.as_array()) {
        (_, None) => return,
        (Printed::Card, Some(read)) => read[1].clone(),
        (_, Some(read)) => read[0].clone(),
    };
    // Up to a hundred codes to draw, after up to two parts to download, on a loaded machine.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let mut shown = json!(null);
    while shown.is_null() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
        shown = c.execute(script, vec![]).await.unwrap_or_default();
    }
    if shown.is_null() {
        model.print_problem = Some(format!("{what:?}: no preview within 30 s"));
    } else if shown != wanted {
        model.print_problem = Some(format!("{what:?}: the preview holds {shown}, not {wanted}"));
    }
    let close = say(c, "Close").await;
    page::click(
        c,
        &format!(
            "//section[contains(@class, 'card-preview')]//button[normalize-space()=\"{close}\"]"
        ),
    )
    .await;
}
