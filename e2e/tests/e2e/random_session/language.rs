//! The store's language at random steps: the header's control switches it, and the switch
//! keeps everything (the address, what the fields hold, the rows of the same read); the
//! session's other steps then go on in that language, finding what they press by its words.

use std::time::Duration;

use fantoccini::Client;

use super::page::{self, snapshot, Snapshot};
use super::steps::{Rng, Step};

/// The languages a manager can choose.
const TAGS: [&str; 4] = ["en", "es", "fr", "de"];

/// A switch of language before about one step in eight.
pub fn draw(rng: &mut Rng, current: &str) -> Option<Step> {
    if rng.below(8) != 0 {
        return None;
    }
    let others: Vec<&'static str> = TAGS.into_iter().filter(|t| *t != current).collect();
    Some(Step::Language(rng.pick(&others)))
}

/// Chooses `tag` and checks that the page now speaks it and kept what it showed. With the
/// network cut (`offline`), a language this device has not kept may not come: the page must
/// then say so and go on in the language it spoke.
pub async fn switch(c: &Client, before: &Snapshot, tag: &str, offline: bool) -> Result<(), String> {
    if !page::choose(c, "Language", tag).await {
        return Err("no language control in the header".to_owned());
    }
    let not_loaded = before.words().part("language_not_loaded");
    let (spoken, after) = page::wait_for(c, Duration::from_secs(5), |s| {
        s.lang == tag || (offline && s.text.contains(&not_loaded))
    })
    .await;
    if !spoken {
        return Err(format!(
            "the page speaks {:?} after choosing {tag}",
            after.lang
        ));
    }
    kept(before, &after)
}

/// What a change of language must leave as it was, and what it must change: the note that a
/// new version is ready speaks the new language too.
fn kept(before: &Snapshot, after: &Snapshot) -> Result<(), String> {
    if let Some(note) = &after.update {
        if !note.contains(&after.words().say("new_version_ready")) {
            return Err(format!(
                "the note of a new version says {note:?} in {}",
                after.lang
            ));
        }
    }
    if (&before.path, &before.search) != (&after.path, &after.search) {
        return Err(format!(
            "the address went from {}{} to {}{}",
            before.path, before.search, after.path, after.search
        ));
    }
    for (id, value) in &before.values {
        if let Some((_, now)) = after.values.iter().find(|(i, _)| i == id) {
            if now != value {
                return Err(format!("#{id} held {value:?}, now {now:?}"));
            }
        }
    }
    // The same read on the list: the same rows (ids and names), in the same order. (Other
    // tables' first cells hold words: the compare page's says "Choose …".)
    let rows = |s: &Snapshot| -> Vec<(String, String)> {
        s.rows
            .iter()
            .filter_map(|r| Some((r.first()?.clone(), r.get(1)?.clone())))
            .collect()
    };
    if before.path.ends_with("/pets")
        && !before.busy
        && before.read_at.is_some()
        && before.read_at == after.read_at
        && rows(before) != rows(after)
    {
        return Err(format!(
            "the rows went from {:?} to {:?}",
            rows(before),
            rows(after)
        ));
    }
    Ok(())
}

/// The page now, for a caller that switched.
pub async fn now(c: &Client) -> Snapshot {
    snapshot(c).await
}
