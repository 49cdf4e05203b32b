//! The in-memory pets of one deployment, and the rules a new pet must satisfy.

use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;

/// The statuses the interface allows, as they appear on the wire.
pub const STATUSES: [&str; 3] = ["available", "pending", "sold"];

/// The longest name the dev service accepts (the interface leaves this open; see README).
pub const MAX_NAME_CHARS: usize = 200;

/// One animal, exactly as the interface's Pet resource is written on the wire.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pet {
    /// Assigned by the service, int64.
    pub id: i64,
    /// The animal's name.
    pub name: String,
    /// The category the animal belongs to, int64.
    pub category_id: i64,
    /// One of [`STATUSES`], or absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
}

/// A validated NewPet: what is left once the request body has passed every rule.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPet {
    /// Non-blank, at most [`MAX_NAME_CHARS`] characters.
    pub name: String,
    /// Any int64.
    pub category_id: i64,
    /// One of [`STATUSES`], or absent.
    pub status: Option<String>,
}

impl NewPet {
    /// Checks a POST body against the interface. Unknown fields (including a client-sent `id`)
    /// are ignored; `"status": null` counts as absent.
    pub fn from_json(body: &[u8]) -> Result<Self, ApiError> {
        let value: Value = serde_json::from_slice(body).map_err(|e| {
            ApiError::bad_request("invalid_json", format!("The body is not valid JSON: {e}"))
        })?;
        let Value::Object(map) = value else {
            return Err(ApiError::bad_request(
                "invalid_body",
                "The body must be a JSON object (a NewPet).",
            ));
        };
        let name = match map.get("name") {
            None | Some(Value::Null) => {
                return Err(ApiError::bad_request("missing_name", "`name` is required."))
            }
            Some(Value::String(s)) if s.trim().is_empty() => {
                return Err(ApiError::bad_request(
                    "invalid_name",
                    "`name` must not be blank.",
                ))
            }
            Some(Value::String(s)) if s.chars().count() > MAX_NAME_CHARS => {
                return Err(ApiError::bad_request(
                    "invalid_name",
                    format!("`name` must be at most {MAX_NAME_CHARS} characters."),
                ))
            }
            Some(Value::String(s)) => s.clone(),
            Some(_) => {
                return Err(ApiError::bad_request(
                    "invalid_name",
                    "`name` must be a string.",
                ))
            }
        };
        let category_id = match map.get("categoryId") {
            None | Some(Value::Null) => {
                return Err(ApiError::bad_request(
                    "missing_category_id",
                    "`categoryId` is required.",
                ))
            }
            Some(v) => v.as_i64().ok_or_else(|| {
                ApiError::bad_request(
                    "invalid_category_id",
                    "`categoryId` must be a whole number within int64.",
                )
            })?,
        };
        let status = match map.get("status") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if STATUSES.contains(&s.as_str()) => Some(s.clone()),
            Some(_) => {
                return Err(ApiError::bad_request(
                    "invalid_status",
                    "`status` must be one of available, pending, sold.",
                ))
            }
        };
        Ok(NewPet {
            name,
            category_id,
            status,
        })
    }
}

/// The pets of one deployment, in the order they were added.
#[derive(Debug, Default)]
pub struct Store {
    pets: Vec<Pet>,
}

impl Store {
    /// A store holding `pets`, in that order.
    pub fn new(pets: Vec<Pet>) -> Self {
        Store { pets }
    }

    /// The first `limit` pets, in insertion order, optionally only those with `status`.
    pub fn list(&self, limit: usize, status: Option<&str>) -> Vec<Pet> {
        self.pets
            .iter()
            .filter(|p| status.is_none() || p.status.as_deref() == status)
            .take(limit)
            .cloned()
            .collect()
    }

    /// The pet with this id, if any.
    pub fn get(&self, id: i64) -> Option<Pet> {
        self.pets.iter().find(|p| p.id == id).cloned()
    }

    /// Sets the status of pet `id` (`None`: no status); says whether there is such a pet.
    pub fn set_status(&mut self, id: i64, status: Option<String>) -> bool {
        match self.pets.iter_mut().find(|p| p.id == id) {
            Some(pet) => {
                pet.status = status;
                true
            }
            None => false,
        }
    }

    /// Adds a pet under the next free id (one above the largest so far), and returns it.
    pub fn add(&mut self, new: NewPet) -> Result<Pet, ApiError> {
        let next = self.pets.iter().map(|p| p.id).max().unwrap_or(0);
        let id = next
            .checked_add(1)
            .ok_or_else(|| ApiError::new(507, "ids_exhausted", "No int64 id is left to assign."))?;
        let pet = Pet {
            id,
            name: new.name,
            category_id: new.category_id,
            status: new.status,
        };
        self.pets.push(pet.clone());
        Ok(pet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_changes_in_place_and_an_unknown_pet_is_said() {
        let mut store = Store::new(Vec::new());
        let rex = NewPet {
            name: "Rex".into(),
            category_id: 1,
            status: Some("available".into()),
        };
        let id = store.add(rex).unwrap().id;
        assert!(store.set_status(id, Some("sold".into())));
        assert_eq!(store.list(10, Some("sold")).len(), 1);
        assert!(store.list(10, Some("available")).is_empty());
        assert!(store.set_status(id, None));
        assert_eq!(store.get(id).unwrap().status, None);
        assert!(!store.set_status(id + 1, None));
    }
}
