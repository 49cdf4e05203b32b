//! What became of the last create sent to the current environment, on the add form.

use leptos::prelude::*;

use crate::api::ApiError;
use crate::components::ErrorAlert;
use crate::input::{plain_message, FieldErrors};
use crate::session::{CallError, CreateRecord, CreateState, Session};

/// The outcome of `record`, naming the environment it went to, with links into that
/// environment (never the current one, should they differ).
#[component]
pub fn CreateOutcome(
    /// The create to report.
    record: CreateRecord,
    /// The session, for links.
    session: Session,
) -> impl IntoView {
    let env = record.env;
    let name = record.draft.name.trim().to_owned();
    let list = session.link("/pets", env);
    let check = move || {
        view! {
            <p>
                <a href=list.clone()>"Check the list"</a>
                {format!(" of {}", env.label())}
                " (what you typed is kept)."
            </p>
        }
    };
    match record.state {
        CreateState::Pending => ().into_any(),
        CreateState::Created(pet) => {
            let href = session.link(&format!("/pets/{}", pet.id), env);
            view! {
                <p class="notice" role="status">
                    {format!("“{}” was added to {} with ID {}. ", pet.name, env.label(), pet.id)}
                    <a href=href>"View it"</a>
                </p>
            }
            .into_any()
        }
        CreateState::Interrupted => {
            let summary = format!(
                "The page was reloaded while “{name}” was being added to {}, so it may or may \
                 not have been created. Check the list before adding it again.",
                env.label()
            );
            view! {
                <div class="alert" role="alert">
                    <p class="wrap">{summary}</p>
                </div>
                {check()}
            }
            .into_any()
        }
        CreateState::Failed(error) if error.needs_sign_in() => {
            let summary = format!(
                "The key for {} was not accepted, so no pet was created. Sign in again, then \
                 press Add pet: what you typed is kept.",
                env.label()
            );
            let error = error.api().cloned().unwrap_or(ApiError::Unauthorized(None));
            view! { <ErrorAlert error summary /> }.into_any()
        }
        CreateState::Failed(CallError::Api(error)) if error.outcome_unknown() => {
            let summary = format!(
                "No answer came back, so “{name}” may or may not have been created in {}. \
                 Check the list before adding it again.",
                env.label()
            );
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
                        Some(_) => "The service did not accept this pet: see the field marked \
                                    above, change it and press Add pet again."
                            .to_owned(),
                        None => format!(
                            "The service did not accept this pet: {}",
                            plain_message(&body.message)
                        ),
                    }
                }
                other => other.to_string(),
            };
            view! { <ErrorAlert error summary /> }.into_any()
        }
        CreateState::Failed(CallError::Offline) => view! {
            <p class="alert" role="alert">
                {format!(
                    "{} is out of reach, so nothing was sent. Press Add pet again once the \
                     connection is back: what you typed is kept.",
                    env.label(),
                )}
            </p>
        }
        .into_any(),
        CreateState::Failed(_) => ().into_any(),
    }
}
