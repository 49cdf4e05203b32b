//! `/pets/:id`: one pet. It uses `getPet`, which the service removes on 5 December 2030, so
//! the page says so.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_params_map};

use crate::api::{ApiError, Client, Pet, GET_PET_REMOVAL};
use crate::components::{error_fallback, page_title};
use crate::config::Environment;
use crate::input::{parse_int64, Int64Problem};
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
    let id = Memo::new(move |_| parse_int64(&raw_id.get()));
    page_title(move || format!("Pet {} ({})", raw_id.get(), session.env().label()));
    let created = just_created(&use_location().state.get_untracked());

    // A malformed id is answered on the page, without asking the service.
    let body = move || match id.get() {
        Err(problem) => {
            let why = match problem {
                Int64Problem::NotANumber => "ids are whole numbers",
                Int64Problem::OutOfRange => "it is beyond the largest id there can be",
            };
            view! {
                <div class="alert" role="alert">
                    <p class="wrap">{format!("“{}” is not a pet id: {why}.", raw_id.get())}</p>
                </div>
            }
            .into_any()
        }
        // The pet belongs to one environment: switching builds this part anew (aborting the
        // old request), so one environment's pet never shows under the other's band.
        Ok(id) => view! { <PetLoader id env=session.env() created /> }.into_any(),
    };
    view! {
        {body}
        <DeprecationNotice />
        <p>
            <a href=move || session.href("/pets")>"Back to the list"</a>
        </p>
    }
}

/// Loads pet `id` of `env` and shows it.
#[component]
fn PetLoader(id: i64, env: Environment, created: bool) -> impl IntoView {
    let session = use_session();
    // An Arc resource, as on the list page: its reader may outlive an arena one.
    let pet = ArcLocalResource::new(move || session.call(env, move |client| read_pet(client, id)));
    let not_found = format!("There is no pet with id {id} in {}.", env.label());
    view! {
        <Transition fallback=|| view! { <p role="status">"Loading the pet…"</p> }>
            <ErrorBoundary fallback=error_fallback(Some(not_found))>
                {move || {
                    let pet = pet.clone();
                    Suspend::new(async move {
                    match pet.await {
                        Ok(pet) => Ok(view! { <PetDetails pet created /> }.into_any()),
                        // The sign-in form is showing: an error here would only repeat it.
                        Err(e) if e.needs_sign_in() => {
                            Ok(view! { <p class="note">"Sign in to see this pet."</p> }.into_any())
                        }
                        Err(e) => Err(e),
                    }
                })
                }}
            </ErrorBoundary>
        </Transition>
    }
}

#[allow(deprecated)] // the only way to read one pet until the service offers another
async fn read_pet(client: Client, id: i64) -> Result<Pet, ApiError> {
    client.get_pet(id).await
}

#[component]
fn PetDetails(pet: Pet, created: bool) -> impl IntoView {
    let status = pet
        .status
        .map_or_else(|| "none".to_owned(), |s| s.to_string());
    view! {
        {created.then(|| view! { <p class="notice" role="status">"Pet added."</p> })}
        <h1 class="wrap">{pet.name.clone()}</h1>
        <dl class="pet-details">
            <dt>"ID"</dt>
            <dd>{pet.id.to_string()}</dd>
            <dt>"Name"</dt>
            <dd class="wrap">{pet.name}</dd>
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
