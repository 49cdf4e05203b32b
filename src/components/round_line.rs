//! The add form's line of a round of "Add and add another": how many pets were added to the
//! environment so far, each named with a link to its page.

use leptos::prelude::*;
use leptos_router::components::A;
use petstore_core::Page;

use crate::config::Environment;
use crate::i18n::{words, Label};
use crate::input::RoundPet;
use crate::session::use_current_env;

/// The line of the round `pets`, added to `env`; nothing while the round is empty.
#[component]
pub fn RoundLine(pets: RwSignal<Vec<RoundPet>>, env: Environment) -> impl IntoView {
    let current = use_current_env();
    let link = move |pet: &RoundPet| current.link(&Page::pet(pet.id), env);
    view! {
        <Show when=move || pets.with(|p| !p.is_empty())>
            <p class="notice round" role="status">
                {move || words::added_this_round(pets.with(Vec::len) as u64, &env.label())}
                " "
                // A round only grows: each pet keeps its place, and its comma.
                <For
                    each=move || pets.get().into_iter().enumerate()
                    key=|(_, pet)| pet.id
                    children=move |(i, pet)| {
                        view! {
                            {(i > 0).then_some(", ")}
                            <A href=link(&pet)>{pet.name}</A>
                        }
                    }
                />
            </p>
        </Show>
    }
}
