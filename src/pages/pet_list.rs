//! `/pets`: the list, filtered by status and limit, both kept in the URL query.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::api::PetStatus;
use crate::components::{error_fallback, page_title, PetTable};
use crate::input::{parse_filters, parse_limit};
use crate::session::{use_session, use_set_query};

/// The list page.
#[component]
pub fn PetList() -> impl IntoView {
    let session = use_session();
    let query = use_query_map();
    let filters = Memo::new(move |_| {
        let q = query.read();
        parse_filters(q.get_str("status"), q.get_str("limit"))
    });
    let pets = LocalResource::new(move || {
        let connection = session.connection();
        let f = filters.get();
        async move {
            let connection = connection?;
            let result = connection
                .client
                .list_pets(f.limit, f.status.as_ref())
                .await;
            // The limit travels with the rows, so the "first N" note matches what was fetched.
            session
                .checked(&connection, result)
                .map(|pets| (pets, f.limit))
        }
    });

    let set_query = use_set_query();
    let set_param = move |key, value| set_query(key, value, false);
    let (limit_error, set_limit_error) = signal(false);
    let set_status = set_param.clone();
    let on_status = move |ev| {
        let value = event_target_value(&ev);
        set_status("status", (!value.is_empty()).then_some(value));
    };
    let on_limit = move |ev| match parse_limit(&event_target_value(&ev)) {
        Some(n) => {
            set_limit_error.set(false);
            set_param("limit", Some(n.to_string()));
        }
        None => set_limit_error.set(true),
    };
    let status_is = move |s: Option<&PetStatus>| filters.with(|f| f.status.as_ref() == s);
    let (loading, set_loading) = signal(false);
    page_title(move || format!("Pets ({})", session.env().label()));

    view! {
        <h1>"Pets"</h1>
        <form class="filters" on:submit=|ev| ev.prevent_default()>
            <div class="field">
                <label for="status-filter">"Status"</label>
                <select id="status-filter" on:change=on_status>
                    <option value="" prop:selected=move || status_is(None)>
                        "All"
                    </option>
                    {PetStatus::KNOWN
                        .map(|s| {
                            let value = s.as_str().to_owned();
                            let text = value.clone();
                            view! {
                                <option value=value prop:selected=move || status_is(Some(&s))>
                                    {text}
                                </option>
                            }
                        })}
                </select>
            </div>
            <div class="field">
                <label for="limit">"Limit"</label>
                <input
                    id="limit"
                    type="number"
                    min="1"
                    max="100"
                    step="1"
                    inputmode="numeric"
                    aria-describedby="limit-error"
                    aria-invalid=move || limit_error.get().to_string()
                    prop:value=move || filters.with(|f| f.limit.to_string())
                    on:change=on_limit
                />
                <p id="limit-error" class="field-error">
                    {move || limit_error.get().then_some("The limit must be a whole number from 1 to 100.")}
                </p>
            </div>
        </form>
        {move || {
            filters
                .with(|f| f.ignored.clone())
                .into_iter()
                .map(|note| view! { <p class="note">{note}</p> })
                .collect_view()
        }}
        <p class="loading" role="status">
            {move || loading.get().then_some("Loading pets…")}
        </p>
        // Without an accepted key the sign-in form is showing; an error here would only repeat it.
        <Show
            when=move || !session.needs_sign_in()
            fallback=|| view! { <p class="note">"Sign in to see the pets."</p> }
        >
            <Transition set_pending=set_loading>
                <ErrorBoundary fallback=error_fallback(None)>
                    {move || Suspend::new(async move {
                        pets.await.map(|(pets, limit)| view! { <PetTable pets limit /> })
                    })}
                </ErrorBoundary>
            </Transition>
        </Show>
    }
}
