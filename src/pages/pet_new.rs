//! `/pets/new`: the add form. One click makes one pet; a refused or failed request keeps what
//! was typed; the draft also survives a reload of the tab.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::location::State;
use leptos_router::NavigateOptions;
use wasm_bindgen::JsValue;

use crate::api::{ApiError, NewPet, PetStatus};
use crate::components::{page_title, ErrorAlert, TextField};
use crate::input::{Draft, FieldErrors};
use crate::session::{use_session, Connection};
use crate::storage;

/// History state of the navigation to a just-created pet, so its page can say so.
pub const JUST_CREATED: &str = "petstore-admin:created";

fn saved_draft() -> Draft {
    storage::get(storage::DRAFT_SLOT)
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// The add page.
#[component]
pub fn PetNew() -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    let create = Action::new_local(move |(connection, pet): &(Connection, NewPet)| {
        let (connection, pet, navigate) = (connection.clone(), pet.clone(), navigate.clone());
        async move {
            let result = connection.client.create_pet(&pet).await;
            let result = session.checked(&connection, result);
            if let Ok(created) = &result {
                storage::remove(storage::DRAFT_SLOT);
                let path = format!("/pets/{}?env={}", created.id, connection.env.as_str());
                let state = State::new(Some(JsValue::from_str(JUST_CREATED)));
                navigate(
                    &path,
                    NavigateOptions {
                        state,
                        ..Default::default()
                    },
                );
            }
            result
        }
    });
    let pending = create.pending();
    let draft = RwSignal::new(saved_draft());
    let errors = RwSignal::new(FieldErrors::default());
    let edit = move |change: fn(&mut Draft, String), value: String| {
        draft.update(|d| change(d, value));
        if let Ok(text) = serde_json::to_string(&draft.get_untracked()) {
            storage::set(storage::DRAFT_SLOT, &text);
        }
    };

    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        // A second click before the first answer must not create a second pet.
        if pending.get_untracked() {
            return;
        }
        match draft.with_untracked(Draft::validate) {
            Err(found) => errors.set(found),
            Ok(pet) => {
                errors.set(FieldErrors::default());
                // Without a key the sign-in form is already showing; nothing to send yet.
                if let Ok(connection) = session.connection_untracked() {
                    create.dispatch((connection, pet));
                }
            }
        }
    };

    let outcome = move || match create.value().get() {
        Some(Err(error)) if !pending.get() => Some(view! { <CreateFailed error /> }),
        _ => None,
    };
    page_title(move || format!("New pet ({})", session.env().label()));

    view! {
        <h1>"New pet"</h1>
        <form class="pet-form" on:submit=submit novalidate>
            <TextField
                id="pet-name"
                label="Name"
                value=Signal::derive(move || draft.with(|d| d.name.clone()))
                on_input=move |v| edit(|d, v| d.name = v, v)
                error=Signal::derive(move || errors.with(|e| e.name.clone()))
            />
            <TextField
                id="pet-category"
                label="Category ID"
                numeric=true
                value=Signal::derive(move || draft.with(|d| d.category_id.clone()))
                on_input=move |v| edit(|d, v| d.category_id = v, v)
                error=Signal::derive(move || errors.with(|e| e.category_id.clone()))
            />
            <div class="field">
                <label for="pet-status">"Status"</label>
                <select
                    id="pet-status"
                    aria-describedby="pet-status-error"
                    on:change:target=move |ev| edit(|d, v| d.status = v, ev.target().value())
                >
                    <option value="" prop:selected=move || draft.with(|d| d.status.is_empty())>
                        "none"
                    </option>
                    {PetStatus::KNOWN
                        .map(|s| {
                            let value = s.as_str().to_owned();
                            let (text, chosen) = (value.clone(), value.clone());
                            view! {
                                <option
                                    value=value
                                    prop:selected=move || draft.with(|d| d.status == chosen)
                                >
                                    {text}
                                </option>
                            }
                        })}
                </select>
                <p id="pet-status-error" class="field-error">
                    {move || errors.with(|e| e.status.clone())}
                </p>
            </div>
            <p class="target">
                "The pet will be added to " <strong>{move || session.env().label()}</strong> "."
            </p>
            <button type="submit" disabled=pending aria-busy=move || pending.get().to_string()>
                "Add pet"
            </button>
            <p class="loading" role="status">{move || pending.get().then_some("Adding the pet…")}</p>
        </form>
        {outcome}
    }
}

/// Why the last attempt did not create a pet, or that it may have.
#[component]
fn CreateFailed(error: ApiError) -> impl IntoView {
    let session = use_session();
    if error.outcome_unknown() {
        let summary = "No answer came back, so the pet may or may not have been created. \
                       Check the list before adding it again.";
        return view! {
            <ErrorAlert error summary />
            <p>
                <a href=move || session.href("/pets")>"Check the list"</a>
                " (what you typed is kept)."
            </p>
        }
        .into_any();
    }
    if matches!(error, ApiError::Unauthorized(_)) {
        let summary = "The key was not accepted, so no pet was created. Sign in again, \
                       then press Add pet: what you typed is kept.";
        return view! { <ErrorAlert error summary /> }.into_any();
    }
    let summary = match &error {
        ApiError::BadRequest(Some(body)) => {
            format!("The service did not accept this pet: {}", body.message)
        }
        other => other.to_string(),
    };
    view! { <ErrorAlert error summary /> }.into_any()
}

/// Whether the page with this history `state` was reached by creating its pet.
pub fn just_created(state: &State) -> bool {
    state.to_js_value().as_string().as_deref() == Some(JUST_CREATED)
}
