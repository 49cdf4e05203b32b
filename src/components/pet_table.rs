//! The table of pets on the list page.

use leptos::prelude::*;

use crate::api::{Pet, PetStatus};
use crate::components::ExportButtons;
use crate::config::Environment;
use crate::export::ExportScope;
use crate::session::Session;

/// The pets as a table (ID, Name, Category, Status), each row linking to the pet's view; an
/// empty state; and a note when the list may go on past the limit.
#[component]
pub fn PetTable(
    /// The pets, in the service's order.
    pets: Vec<Pet>,
    /// The limit the list was fetched with: as many rows as this means there may be more.
    limit: u32,
    /// The status the list was filtered by, if any (named in exported files).
    status: Option<PetStatus>,
    /// The environment the pets are from: their links open them there.
    env: Environment,
    /// The session, passed in because rows are built after an `.await`, where no context can
    /// be looked up.
    session: Session,
) -> impl IntoView {
    if pets.is_empty() {
        return view! { <p class="empty">"No pets match these filters."</p> }.into_any();
    }
    // The API has no total count: a full page is all we can tell.
    let full = usize::try_from(limit).is_ok_and(|l| pets.len() == l);
    let scope = ExportScope {
        env,
        status: status.map(|s| s.as_str().to_owned()),
        limit,
        maybe_more: full,
    };
    let export = view! { <ExportButtons pets=pets.clone() scope /> };
    let rows = pets
        .into_iter()
        .map(|pet| {
            let href = session.link(&format!("/pets/{}", pet.id), env);
            let status = pet.status.map_or_else(|| "—".to_owned(), |s| s.to_string());
            view! {
                <tr>
                    <td class="num">
                        <a href=href.clone()>{pet.id.to_string()}</a>
                    </td>
                    <td>
                        <a href=href>{pet.name}</a>
                    </td>
                    <td class="num">{pet.category_id.to_string()}</td>
                    <td>{status}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="pets">
            <thead>
                <tr>
                    <th scope="col">"ID"</th>
                    <th scope="col">"Name"</th>
                    <th scope="col">"Category"</th>
                    <th scope="col">"Status"</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        {full
            .then(|| {
                view! {
                    <p class="note">
                        {format!("Showing the first {limit}. Raise the limit to see more.")}
                    </p>
                }
            })}
        {export}
    }
    .into_any()
}
