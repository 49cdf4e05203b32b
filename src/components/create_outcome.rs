//! What became of the last create sent to the current environment, on the add form.

use leptos::prelude::*;
use petstore_core::Page;

use crate::api::ApiError;
use crate::components::ErrorAlert;
use crate::i18n::{said, words, Label};
use crate::input::{plain_message, FieldErrors};
use crate::session::{use_current_env, CallError, CreateRecord, CreateState, CurrentEnv};

/// The outcome of `record`, naming the environment it went to, with links into that
/// environment (never the current one, should they differ).
#[component]
pub fn CreateOutcome(
    /// The create to report.
    record: CreateRecord,
) -> impl IntoView {
    let current = use_current_env();
    // Drawn again in another language (a component's body is not: hence the closure).
    move || outcome(record.clone(), current)
}

fn outcome(record: CreateRecord, current: CurrentEnv) -> AnyView {
    let env = record.env;
    let name = record.draft.name.trim().to_owned();
    let list = current.link(&Page::List, env);
    let check = move || {
        view! {
            <p>
                <a href=list.clone()>{words::check_the_list()}</a>
                {words::check_the_list_rest(&env.label())}
            </p>
        }
    };
    match record.state {
        CreateState::Pending => ().into_any(),
        CreateState::Created(pet) => {
            let href = current.link(&Page::pet(pet.id), env);
            view! {
                <p class="notice" role="status">
                    {words::pet_added(&env.label(), &pet.id.to_string(), &pet.name)}
                    " "
                    <a href=href>{words::view_it()}</a>
                </p>
            }
            .into_any()
        }
        CreateState::Interrupted => {
            let summary = words::create_interrupted(&env.label(), &name);
            view! {
                <div class="alert" role="alert">
                    <p class="wrap">{summary}</p>
                </div>
                {check()}
            }
            .into_any()
        }
        CreateState::Failed(error) if error.needs_sign_in() => {
            let summary = words::create_key_refused(&env.label());
            let error = error.api().cloned().unwrap_or(ApiError::Unauthorized(None));
            view! { <ErrorAlert error summary /> }.into_any()
        }
        CreateState::Failed(CallError::Api(error)) if error.outcome_unknown() => {
            let summary = words::create_no_answer(&env.label(), &name);
            view! {
                <ErrorAlert error summary />
                {check()}
            }
            .into_any()
        }
        CreateState::Failed(CallError::Api(error)) => {
            let summary = match &error {
                ApiError::BadRequest(Some(body)) => {
                    let on_field = FieldErrors::from_refusal(body, &record.draft, &record.draft);
                    match on_field.first_invalid() {
                        Some(_) => words::create_refused_field().into_owned(),
                        None => words::create_refused(&plain_message(&body.message)),
                    }
                }
                other => said(other),
            };
            view! { <ErrorAlert error summary /> }.into_any()
        }
        CreateState::Failed(CallError::Offline) => view! {
            <p class="alert" role="alert">
                {words::create_offline(&env.label())}
            </p>
        }
        .into_any(),
        CreateState::Failed(_) => ().into_any(),
    }
}
