//! "Sign out everywhere", asked first: on a shared tablet one tap must not wipe a morning's
//! keys, drafts, import records and activity by mistake. Nothing kept, nothing to ask.

use leptos::prelude::*;

use crate::session::use_session;
use crate::storage;

/// `items` as a sentence's list: "a, b and c".
fn listed(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The button, and the question it asks when this tab keeps anything.
#[component]
pub fn SignOutEverywhere() -> impl IntoView {
    let session = use_session();
    // What would be forgotten, while the question is shown.
    let (asking, set_asking) = signal(None::<String>);
    let press = move |_| {
        let kept = storage::kept_work();
        if kept.is_empty() {
            session.sign_out_everywhere();
        } else {
            set_asking.set(Some(format!("This tab will forget {}.", listed(&kept))));
        }
    };
    let forget = move |_| {
        set_asking.set(None);
        session.sign_out_everywhere();
    };
    view! {
        <button type="button" class="secondary" on:click=press>
            "Sign out everywhere"
        </button>
        {move || {
            asking
                .get()
                .map(|what| {
                    view! {
                        <div
                            class="confirm"
                            role="alertdialog"
                            aria-labelledby="forget-title"
                            aria-describedby="forget-what"
                        >
                            <p id="forget-title">
                                <strong>"Sign out everywhere?"</strong>
                            </p>
                            <p id="forget-what" class="wrap">{what}</p>
                            <div class="form-actions">
                                <button type="button" on:click=forget>"Forget everything"</button>
                                <button
                                    type="button"
                                    class="secondary"
                                    on:click=move |_| set_asking.set(None)
                                >
                                    "Keep everything"
                                </button>
                            </div>
                        </div>
                    }
                })
        }}
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lists_read_as_a_sentence() {
        assert_eq!(super::listed(&["a"]), "a");
        assert_eq!(super::listed(&["a", "b", "c"]), "a, b and c");
    }
}
