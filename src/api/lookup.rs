//! Reading one pet, now and after `getPet` is removed: `getPet` while it answers, else the
//! pet is looked for in `listPets`, its stated replacement, which reaches the first 100 pets
//! of each status (and of the unfiltered list, for pets without one).

use petstore_core::{ApiError, Lifecycle, Pet, PetStatus, LIMIT_RANGE};

use super::client::Client;

/// How a pet was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// By `getPet`, with what its answer's headers said about its end.
    GetPet(Lifecycle),
    /// In the list, because `getPet` answered with this status (404 or 410).
    ListAfter(u16),
    /// In the list, because `getPet`'s removal date has passed (or it was gone before).
    ListOnly,
}

/// A pet, and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The pet.
    pub pet: Pet,
    /// How.
    pub via: Via,
}

/// Finds pet `id`: with `getPet` when `use_get_pet`, else (or when it answers 410, or 404
/// without an Error body) in the lists. The lists are read one by one, stopping at the first
/// that holds the pet. `getPet`'s 404 with an Error body is the service saying the pet does
/// not exist, and is returned as it is. [`ApiError::NotFound`] when no list holds it and none
/// was full;
/// [`ApiError::BeyondList`] when one was full, so the pet may be past its end.
#[allow(deprecated)] // getPet is the only direct read until the service removes it
pub async fn find_pet(client: &Client, id: i64, use_get_pet: bool) -> Result<Found, ApiError> {
    let mut via = Via::ListOnly;
    if use_get_pet {
        match client.get_pet(id).await {
            Ok((pet, lifecycle)) => {
                return Ok(Found {
                    pet,
                    via: Via::GetPet(lifecycle),
                })
            }
            // The interface's own answer for an unknown pet: a 404 with its Error body.
            // It is final; the lists are for a lookup that is gone (a 410, or a 404 without
            // that body, as a removed path may answer).
            Err(e @ ApiError::NotFound(Some(_))) => return Err(e),
            Err(e) if matches!(e.status(), Some(404 | 410)) => {
                via = Via::ListAfter(e.status().unwrap_or(404));
            }
            Err(e) => return Err(e),
        }
    }
    let reach = *LIMIT_RANGE.end();
    let mut full = false;
    let statuses = std::iter::once(None).chain(PetStatus::KNOWN.iter().map(Some));
    for status in statuses {
        let pets = client.list_pets(reach, status).await?;
        full |= pets.len() >= reach as usize;
        if let Some(pet) = pets.into_iter().find(|p| p.id == id) {
            return Ok(Found { pet, via });
        }
    }
    Err(match full {
        true => ApiError::BeyondList { reach },
        false => ApiError::NotFound(None),
    })
}
