//! The sign-in form: shown over the page whenever the current environment has no key or its
//! key was refused. The page stays mounted underneath (inert), so its URL, filters and form
//! draft are intact once a key is entered.

use leptos::ev::SubmitEvent;
use leptos::html::Input;
use leptos::prelude::*;

use crate::session::use_session;

/// The sign-in dialog for the current environment.
#[component]
pub fn SignIn() -> impl IntoView {
    let session = use_session();
    let (missing, set_missing) = signal(false);
    let input = NodeRef::<Input>::new();
    // Put the cursor in the key field as soon as the dialog appears (keyboard and tablet use).
    Effect::new(move |_| {
        if let Some(input) = input.get() {
            let _ = input.focus();
        }
    });
    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        // Read from the field itself: no signal mirrors the key, so nothing reactive is left
        // pending when the form unmounts on success.
        let entered = input.get_untracked().map(|i| i.value()).unwrap_or_default();
        if entered.trim().is_empty() {
            set_missing.set(true);
            return;
        }
        // This form unmounts as the key is accepted: touch none of its signals after this.
        session.sign_in(&entered);
    };
    let env = move || session.env().label();
    view! {
        <div class="overlay">
            <div class="sign-in" role="dialog" aria-modal="true" aria-labelledby="sign-in-title">
                <form on:submit=submit>
                    <h2 id="sign-in-title">"Sign in to " {env}</h2>
                    <Show when=move || session.key_rejected()>
                        <p class="alert" role="alert">
                            "The service did not accept the API key for " {env}
                            ". Enter a valid key to go on; the page stays as it was."
                        </p>
                    </Show>
                    <p>"Each environment has its own key. It is kept in this tab only."</p>
                    <label for="api-key">"API key"</label>
                    <input
                        id="api-key"
                        node_ref=input
                        type="password"
                        autocomplete="off"
                        spellcheck="false"
                        aria-invalid=move || missing.get().to_string()
                        aria-describedby="api-key-error"
                    />
                    <p id="api-key-error" class="field-error">
                        {move || missing.get().then_some("Enter the API key.")}
                    </p>
                    <button type="submit">"Sign in"</button>
                </form>
            </div>
        </div>
    }
}
