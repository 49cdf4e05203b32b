//! Rows kept by key across redraws: a row whose key is unchanged stays the same element, in
//! place, untouched; a new key builds a row; a key gone takes its row away; rows move only
//! when the order changed.
//!
//! Leptos's `<For>` does this too, with a general diff (moves grouped, an index set with
//! hashing) that added 3.9 KB brotli to the first screen for a list that changes by a row or
//! two at a time. This walks the few hundred rows a list can have, and adds 0.9 KB.

use leptos::tachys::view::{Mountable, Render};

/// One row on screen: its key, what draws it, and its element.
pub struct Kept<K, S> {
    key: K,
    state: S,
    el: web_sys::Element,
}

/// Puts `items` into `parent` (which holds these rows and nothing else) in order, reusing the
/// rows in `kept` whose key is unchanged and building the others with `build`; returns the rows
/// now on screen, to be passed back at the next redraw.
pub fn keep_rows<T, K: PartialEq, V: Render>(
    parent: &web_sys::Element,
    kept: Vec<Kept<K, V::State>>,
    items: Vec<T>,
    key: impl Fn(&T) -> K,
    build: impl Fn(T) -> V,
) -> Vec<Kept<K, V::State>> {
    if kept.is_empty() {
        // A table rebuilt in place for another list keeps its body element, and the rows an
        // earlier owner drew in it.
        parent.set_text_content(None);
    }
    let mut old: Vec<Option<Kept<K, V::State>>> = kept.into_iter().map(Some).collect();
    let mut rows = Vec::with_capacity(items.len());
    for item in items {
        let key = key(&item);
        let found = old
            .iter_mut()
            .find(|r| r.as_ref().is_some_and(|r| r.key == key))
            .and_then(Option::take);
        let row = found.or_else(|| {
            let state = build(item).build();
            let el = state.elements().into_iter().next()?;
            Some(Kept { key, state, el })
        });
        rows.extend(row);
    }
    for mut gone in old.into_iter().flatten() {
        gone.state.unmount();
    }
    // From the last row up, each goes before the one after it unless it is there already: an
    // unchanged list touches nothing.
    let mut next: Option<web_sys::Node> = None;
    for row in rows.iter_mut().rev() {
        let placed = row.el.parent_node().is_some() && row.el.next_sibling() == next;
        if !placed {
            row.state.mount(parent, next.as_ref());
        }
        next = Some(row.el.clone().into());
    }
    rows
}
