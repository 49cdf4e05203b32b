//! `/pets/:id`: one pet. It uses `getPet`, which the service removes on 5 December 2030, so
//! the page says so.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_params_map};

use crate::api::{ApiError, Pet, GET_PET_REMOVAL};
use crate::components::{error_fallback, page_title};
use crate::pages::pet_new::just_created;
use crate::session::use_session;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The view page.
#[component]
pub fn PetView() -> impl IntoView {
    let session = use_session();
    let params = use_params_map();
    let raw_id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    let id = Memo::new(move |_| raw_id.get().parse::<i64>().ok());
    let pet = LocalResource::new(move || {
        let connection = session.connection();
        let id = id.get();
        async move {
            // A malformed id is answered on the page, without asking the service.
            let id = id.ok_or_else(|| ApiError::Invalid("not a pet id".into()))?;
            let connection = connection?;
            #[allow(deprecated)] // the only way to read one pet until the service offers another
            let result = connection.client.get_pet(id).await;
            session.checked(&connection, result)
        }
    });
    page_title(move || format!("Pet {} ({})", raw_id.get(), session.env().label()));
    let created = just_created(&use_location().state.get_untracked());

    let body = move || match id.get() {
        // The sign-in form is showing: an error here would only repeat it.
        Some(_) if session.needs_sign_in() => {
            view! { <p class="note">"Sign in to see this pet."</p> }.into_any()
        }
        None => view! {
            <div class="alert" role="alert">
                <p>{format!("“{}” is not a pet id: ids are whole numbers.", raw_id.get())}</p>
            </div>
        }
        .into_any(),
        Some(id) => {
            let not_found = format!("There is no pet with id {id} in {}.", session.env().label());
            view! {
                <Transition fallback=|| view! { <p role="status">"Loading the pet…"</p> }>
                    <ErrorBoundary fallback=error_fallback(Some(not_found))>
                        {move || Suspend::new(async move {
                            pet.await.map(|pet| view! { <PetDetails pet created /> })
                        })}
                    </ErrorBoundary>
                </Transition>
            }
            .into_any()
        }
    };
    view! {
        {body}
        <DeprecationNotice />
        <p>
            <a href=move || session.href("/pets")>"Back to the list"</a>
        </p>
    }
}

#[component]
fn PetDetails(pet: Pet, created: bool) -> impl IntoView {
    let status = pet
        .status
        .map_or_else(|| "none".to_owned(), |s| s.to_string());
    view! {
        {created.then(|| view! { <p class="notice" role="status">"Pet added."</p> })}
        <h1>{pet.name.clone()}</h1>
        <dl class="pet-details">
            <dt>"ID"</dt>
            <dd>{pet.id.to_string()}</dd>
            <dt>"Name"</dt>
            <dd>{pet.name}</dd>
            <dt>"Category"</dt>
            <dd>{pet.category_id.to_string()}</dd>
            <dt>"Status"</dt>
            <dd>{status}</dd>
        </dl>
    }
}

#[component]
fn DeprecationNotice() -> impl IntoView {
    let d = GET_PET_REMOVAL;
    let month = usize::try_from(d.month)
        .ok()
        .and_then(|m| MONTHS.get(m.wrapping_sub(1)));
    let date = format!("{} {} {}", d.day, month.copied().unwrap_or("?"), d.year);
    let left = d.days_left(js_sys::Date::now());
    let when = match left {
        n if n > 1 => format!("{n} days left"),
        1 => "1 day left".to_owned(),
        0 => "today".to_owned(),
        _ => "already passed".to_owned(),
    };
    view! {
        <aside class="deprecation" aria-label="Deprecation notice">
            {format!(
                "This page reads the pet with an operation the service will remove on {date} ({when}).",
            )}
        </aside>
    }
}
