//! How errors are shown: a plain sentence in a `role="alert"`, and a "Details" disclosure
//! with the status, code and message behind it.

use leptos::prelude::*;

use crate::api::ApiError;
use crate::i18n::{call_said, said, t, words};
use crate::session::CallError;

/// One error, in plain words, with its technical details folded away.
#[component]
pub fn ErrorAlert(
    /// The error to show.
    error: ApiError,
    /// A sentence that replaces the error's own, where the page knows better (e.g. which pet
    /// was not found).
    #[prop(optional, into)]
    summary: Option<String>,
) -> impl IntoView {
    let details = error.details();
    let summary = move || summary.clone().unwrap_or_else(|| said(&error));
    let status = details.status.map(|s| s.to_string());
    let status = move || {
        status
            .clone()
            .unwrap_or_else(|| words::no_answer().into_owned())
    };
    let dash = || "—".to_owned();
    view! {
        <div class="alert" role="alert">
            <p>{summary}</p>
            <details>
                <summary>{t(words::details)}</summary>
                <dl>
                    <dt>{t(words::detail_status)}</dt>
                    <dd>{status}</dd>
                    <dt>{t(words::detail_code)}</dt>
                    <dd>{details.code.unwrap_or_else(dash)}</dd>
                    <dt>{t(words::detail_message)}</dt>
                    <dd>{details.message.unwrap_or_else(dash)}</dd>
                </dl>
            </details>
        </div>
    }
}

/// An `<ErrorBoundary>` fallback for a read: each caught error with [`ErrorAlert`], and a
/// "Try again" button that runs `retry` (the same request once more) when asking again may
/// mend it (not for a pet that does not exist: the page's way back is the help there).
/// `not_found`, when given, is the sentence shown for a 404.
pub fn error_fallback(
    not_found: Option<String>,
    retry: Callback<()>,
) -> impl Fn(ArcRwSignal<Errors>) -> AnyView + Clone + Send + 'static {
    move |errors: ArcRwSignal<Errors>| {
        let not_found = not_found.clone();
        let mendable = {
            let errors = errors.clone();
            move || {
                errors.with(|errors| {
                    errors.iter().any(|(_, error)| {
                        let api = error
                            .downcast_ref::<ApiError>()
                            .or_else(|| error.downcast_ref::<CallError>().and_then(CallError::api));
                        api.is_none_or(ApiError::may_mend_on_retry)
                    })
                })
            }
        };
        let list = move || {
            errors.with(|errors| {
                errors
                    .iter()
                    .map(|(_, error)| {
                        let api = error
                            .downcast_ref::<ApiError>()
                            .or_else(|| error.downcast_ref::<CallError>().and_then(CallError::api));
                        match (api, &not_found) {
                            (Some(api @ ApiError::NotFound(_)), Some(summary)) => {
                                let summary = summary.clone();
                                view! { <ErrorAlert error=api.clone() summary /> }.into_any()
                            }
                            (Some(api), _) => view! { <ErrorAlert error=api.clone() /> }.into_any(),
                            (None, _) => {
                                let text = error
                                    .downcast_ref::<CallError>()
                                    .map_or_else(|| error.to_string(), call_said);
                                view! { <div class="alert" role="alert">{text}</div> }.into_any()
                            }
                        }
                    })
                    .collect_view()
            })
        };
        let try_again = move || {
            mendable().then(|| {
                view! {
                    <button type="button" class="secondary" on:click=move |_| retry.run(())>
                        {t(words::try_again)}
                    </button>
                }
            })
        };
        view! {
            {list}
            {try_again}
        }
        .into_any()
    }
}
