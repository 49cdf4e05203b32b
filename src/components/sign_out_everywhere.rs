//! "Sign out everywhere", asked first: on a shared tablet one tap must not wipe a morning's
//! keys, drafts, import records and activity by mistake; and a pet held to be added (which
//! signing out leaves unsent) is named. Nothing kept, nothing to ask.

use leptos::html::Button;
use leptos::prelude::*;

use crate::i18n::{listed, t, words, Label};
use crate::session::{use_hold, use_session};
use crate::storage::{self, Kept};

/// A kind of kept work in words ("the API keys").
fn kept_said(kept: Kept) -> String {
    match kept {
        Kept::Keys => words::kept_keys(),
        Kept::Drafts => words::kept_drafts(),
        Kept::Create => words::kept_create(),
        Kept::Created => words::kept_created(),
        Kept::Imports => words::kept_imports(),
        Kept::Activity => words::kept_activity(),
    }
    .into_owned()
}

/// The button, and the question it asks when this tab keeps anything.
#[component]
pub fn SignOutEverywhere(
    /// Whether the question is shown (what it names is read from storage as it is drawn):
    /// the header's menu puts it away with itself.
    asking: RwSignal<bool>,
    /// Runs once the tabs are signed out or the question is answered.
    #[prop(into)]
    on_done: Callback<()>,
) -> impl IntoView {
    let session = use_session();
    let hold = use_hold();
    let press = move |_| {
        let kept = storage::kept_work();
        if kept.is_empty() {
            session.sign_out_everywhere();
            on_done.run(());
        } else {
            asking.set(true);
        }
    };
    let forget = move |_| {
        asking.set(false);
        session.sign_out_everywhere();
        on_done.run(());
    };
    let keep = move |_| {
        asking.set(false);
        on_done.run(());
    };
    view! {
        <button type="button" class="secondary" on:click=press>
            {t(words::sign_out_everywhere)}
        </button>
        {move || {
            asking
                .get()
                .then(|| {
                    let kept: Vec<String> = storage::kept_work().into_iter().map(kept_said).collect();
                    let forgotten = words::tab_will_forget(&listed(&kept));
                    // Signing out sends no pet: one held in this tab is lost with the keys.
                    // Its own text, so that a pet sent meanwhile leaves the question as it is.
                    let lost = move || {
                        hold.held().map(|held| {
                            format!("{} ", words::held_not_added(&held.env.label(), &held.name))
                        })
                    };
                    // The keyboard goes to the harmless answer.
                    let keep_button = NodeRef::<Button>::new();
                    keep_button.on_load(|button| {
                        let _ = button.focus();
                    });
                    view! {
                        <div
                            class="confirm"
                            role="alertdialog"
                            aria-labelledby="forget-title"
                            aria-describedby="forget-what"
                        >
                            <p id="forget-title">
                                <strong>{words::sign_out_everywhere_question()}</strong>
                            </p>
                            <p id="forget-what" class="wrap">{lost}{forgotten}</p>
                            <div class="form-actions">
                                <button type="button" on:click=forget>{words::forget_everything()}</button>
                                <button type="button" class="secondary" node_ref=keep_button on:click=keep>
                                    {words::keep_everything()}
                                </button>
                            </div>
                        </div>
                    }
                })
        }}
    }
}
