//! `/pets/:id`: one pet. A pet already seen in this tab (in the list, or just created) shows
//! at once and is refreshed in the background; otherwise it is read with `getPet` while that
//! exists, and looked for in the list once it is gone (see [`crate::api::find_pet`]).

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::api::{find_pet, ApiError, Found, Pet, Via};
use crate::components::{
    error_fallback, page_title, status_badge, CardPet, FindPet, Freshness, LookupNotice, PrintCard,
};
use crate::config::Environment;
use crate::i18n::{t, words, Label};
use crate::input::{parse_int64, Int64Problem};
use crate::pages::pet_new::{add_one_like, just_created};
use crate::session::{use_current_env, use_keys, use_session};
use petstore_core::Categories;

/// The view page.
#[component]
pub fn PetView() -> impl IntoView {
    let session = use_session();
    let current = use_current_env();
    let params = use_params_map();
    let raw_id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    let id = Memo::new(move |_| parse_int64(&raw_id.get()));
    page_title(move || {
        words::page_with_environment(&current.env().label(), &words::pet_title(&raw_id.get()))
    });
    // No pet of an environment is drawn without a usable key for it (after a sign-out, Back
    // and Forward find the sign-in form over an empty page).
    let keys = use_keys();
    let signed_in = Memo::new(move |_| keys.has_key(current.env()));

    // A malformed id is answered on the page, without asking the service.
    let body = move || match id.get() {
        Err(problem) => {
            let why = match problem {
                Int64Problem::NotANumber => words::ids_are_whole_numbers(),
                Int64Problem::OutOfRange => words::no_pet_has_number(),
            };
            view! {
                <div class="alert" role="alert">
                    <p class="wrap">{words::not_a_pet_id(&raw_id.get(), &why)}</p>
                </div>
            }
            .into_any()
        }
        Ok(_) if !signed_in.get() => {
            view! { <p class="note">{t(words::sign_in_to_see_pet)}</p> }.into_any()
        }
        // The pet belongs to one environment: switching builds this part anew (aborting the
        // old request), so one environment's pet never shows under the other's band.
        Ok(id) => {
            let env = current.env();
            // Said on the page of the pet created, not on the next pet opened from it.
            let created = just_created(env, id);
            view! { <PetLoader id env created /> }.into_any()
        }
    };
    view! {
        {body}
        // The next card scanned opens here too, so a round of cages needs no trip to the list.
        <FindPet />
        <p>
            // The list as it was left: its filters, search and sort.
            <a class="back" href=move || session.list_link(current.env())>
                {t(words::back_to_list)}
            </a>
        </p>
    }
}

/// Loads pet `id` of `env` and shows it: at once if this tab has seen it.
#[component]
fn PetLoader(id: i64, env: Environment, created: bool) -> impl IntoView {
    let session = use_session();
    let names = StoredValue::new(session.categories(env));
    let known = session.known_pet(env, id);
    let use_get_pet = session.get_pet_usable(env);
    // Once getPet is gone, a pet already seen is not worth up to four list reads.
    if let (Some(pet), false) = (known.clone(), use_get_pet) {
        return view! { <PetDetails pet env created via=Via::ListOnly names /> }.into_any();
    }
    // The last answer: a failed read again keeps showing it, saying so.
    let last = StoredValue::new(None::<(Found, f64)>);
    // An Arc resource, as on the list page: its reader may outlive an arena one.
    let pet = ArcLocalResource::new(move || {
        // Read again when the network may be back (while kept answers are shown), and when
        // the pet is due to be read again (session/refresh.rs).
        session.reread();
        session.refreshes();
        let call = session.call(env, move |client| async move {
            let found = find_pet(&client, id, use_get_pet).await;
            if let Ok(Found { pet, via }) = &found {
                session.remember_pets(env, std::slice::from_ref(pet));
                if *via == Via::ListAfter(410) {
                    session.note_get_pet_gone(env);
                }
            }
            found
        });
        async move {
            match call.await {
                Ok(found) => {
                    let read_at = session.kept_at(env).unwrap_or_else(crate::clock::now);
                    last.set_value(Some((found.clone(), read_at)));
                    Ok((found, read_at, None))
                }
                Err(e) if e.needs_sign_in() || e.api() == Some(&ApiError::Cancelled) => Err(e),
                Err(e) => match last.try_get_value().flatten() {
                    // Only a pet that was shown is kept: "no such pet" stays an answer.
                    Some((found, read_at)) => Ok((found, read_at, Some(crate::clock::now()))),
                    None => Err(e),
                },
            }
        }
    });
    let not_found = words::no_pet_with_id(&env.label(), &id.to_string());
    let retry = {
        let pet = pet.clone();
        Callback::new(move |()| pet.refetch())
    };
    // What is known shows while the service is asked, with no loading state.
    let fallback = move || match known.clone() {
        Some(pet) => {
            view! { <PetDetails pet env created via=Via::GetPet(Default::default()) names /> }
                .into_any()
        }
        None => view! { <p role="status">{t(words::loading_pet)}</p> }.into_any(),
    };
    view! {
        <Transition fallback>
            <ErrorBoundary fallback=error_fallback(Some(not_found), retry)>
                {move || {
                    let pet = pet.clone();
                    Suspend::new(async move {
                        match pet.await {
                            Ok((Found { pet, via }, read_at, failed_at)) => {
                                Ok(view! {
                                    <PetDetails pet env created via names />
                                    <Freshness
                                        read_at=Signal::stored(Some(read_at))
                                        failed_at=Signal::stored(failed_at)
                                        on_refresh=retry
                                        clock=true
                                    />
                                }.into_any())
                            }
                            // The sign-in form is showing: an error here would only repeat it.
                            Err(e) if e.needs_sign_in() => {
                                Ok(view! { <p class="note">{t(words::sign_in_to_see_pet)}</p> }.into_any())
                            }
                            Err(e) => Err(e),
                        }
                    })
                }}
            </ErrorBoundary>
        </Transition>
    }
    .into_any()
}

/// A pet's category as its page says it: its name and number ("Dogs (1)") where the
/// deployment names it, else the number.
fn category_said(names: &Categories, id: i64) -> String {
    match names.name(id) {
        Some(name) => format!("{name} ({id})"),
        None => id.to_string(),
    }
}

#[component]
fn PetDetails(
    pet: Pet,
    env: Environment,
    created: bool,
    via: Via,
    names: StoredValue<Categories>,
) -> impl IntoView {
    let status = pet.status.clone();
    let category = names.with_value(|n| category_said(n, pet.category_id));
    let like = add_one_like(env, &pet);
    let card = CardPet {
        pet: pet.clone(),
        category: category.clone(),
        env,
    };
    view! {
        {created.then(|| view! { <p class="notice" role="status">{t(words::pet_added_short)}</p> })}
        <h1 class="wrap">{pet.name.clone()}</h1>
        <dl class="pet-details">
            <dt>{t(words::column_id)}</dt>
            <dd>{pet.id.to_string()}</dd>
            <dt>{t(words::column_name)}</dt>
            <dd class="wrap">{pet.name}</dd>
            <dt>{t(words::column_category)}</dt>
            <dd>{category}</dd>
            <dt>{t(words::column_status)}</dt>
            <dd>{move || status_badge(status.as_ref())}</dd>
        </dl>
        // A litter's next one, or a pet much like this: the form with its category and status.
        <div class="page-actions">
            <button type="button" class="secondary" on:click=move |_| like()>
                {t(words::add_one_like_this)}
            </button>
            <PrintCard card />
        </div>
        // Managers look for Edit, Mark as sold and Delete first: the interface has none.
        <p class="note">{t(words::pet_cannot_change)}</p>
        <LookupNotice via />
    }
}
