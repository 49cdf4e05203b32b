//! The resources of the interface, as they are on the wire (`camelCase` JSON).

use std::fmt;

use serde::{Deserialize, Serialize};

/// An animal as the service returns it. Ids are `i64`, decoded by serde from the response
/// text, so an id above 2^53 stays exact (a JavaScript number would round it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pet {
    /// Assigned by the service on creation.
    pub id: i64,
    /// The animal's name, as entered (shown as text, never as markup).
    pub name: String,
    /// The category the animal belongs to.
    pub category_id: i64,
    /// Availability; absent when the pet was created without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
}

/// What is sent to create an animal: no `id` (the service assigns it), and no `status` key at
/// all when it is unset (not `null`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewPet {
    /// Required, not blank.
    pub name: String,
    /// Required.
    pub category_id: i64,
    /// Optional availability.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
}

/// A pet's availability. The interface lists three values; a value the service sends that is
/// not one of them is kept as [`PetStatus::Other`] and shown as text, so one odd pet never
/// makes a whole list undecodable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum PetStatus {
    /// `available`
    Available,
    /// `pending`
    Pending,
    /// `sold`
    Sold,
    /// Any other value the service sent, verbatim.
    Other(String),
}

impl PetStatus {
    /// The three values the interface defines, in its order.
    pub const KNOWN: [PetStatus; 3] = [PetStatus::Available, PetStatus::Pending, PetStatus::Sold];

    /// The value as it is on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            PetStatus::Available => "available",
            PetStatus::Pending => "pending",
            PetStatus::Sold => "sold",
            PetStatus::Other(s) => s,
        }
    }

    /// One of the three defined values, or `None` for anything else (exact, case-sensitive).
    pub fn parse_known(s: &str) -> Option<PetStatus> {
        match PetStatus::from(s.to_owned()) {
            PetStatus::Other(_) => None,
            known => Some(known),
        }
    }

    /// Whether this is one of the interface's values.
    pub fn is_known(&self) -> bool {
        !matches!(self, PetStatus::Other(_))
    }
}

impl From<String> for PetStatus {
    fn from(s: String) -> Self {
        match s.as_str() {
            "available" => PetStatus::Available,
            "pending" => PetStatus::Pending,
            "sold" => PetStatus::Sold,
            _ => PetStatus::Other(s),
        }
    }
}

impl From<PetStatus> for String {
    fn from(s: PetStatus) -> String {
        match s {
            PetStatus::Other(s) => s,
            known => known.as_str().to_owned(),
        }
    }
}

impl fmt::Display for PetStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The interface's Error body: `{code, message, status}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// Machine-readable code.
    pub code: String,
    /// Human-readable description, from the service.
    pub message: String,
    /// The HTTP status the service says it sent.
    pub status: u16,
}

/// A pet named after its id, in category 1, for tests of the list and its reads.
#[cfg(test)]
pub(crate) fn test_pet(id: i64, status: Option<PetStatus>) -> Pet {
    Pet {
        id,
        name: format!("Pet {id}"),
        category_id: 1,
        status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pet_decodes_ids_above_2_pow_53_exactly() {
        let pet: Pet = serde_json::from_str(
            r#"{"id":9007199254740993,"name":"Barney","categoryId":9223372036854775807}"#,
        )
        .unwrap();
        assert_eq!(pet.id, 9_007_199_254_740_993);
        assert_eq!(pet.category_id, i64::MAX);
        assert_eq!(pet.status, None);
    }

    #[test]
    fn unknown_status_is_kept_as_text() {
        let pets: Vec<Pet> = serde_json::from_str(
            r#"[{"id":1,"name":"A","categoryId":1,"status":"quarantined"},
                {"id":2,"name":"B","categoryId":1,"status":"sold"},
                {"id":3,"name":"C","categoryId":1,"status":null}]"#,
        )
        .unwrap();
        assert_eq!(pets[0].status, Some(PetStatus::Other("quarantined".into())));
        assert_eq!(pets[0].status.as_ref().unwrap().to_string(), "quarantined");
        assert_eq!(pets[1].status, Some(PetStatus::Sold));
        assert_eq!(pets[2].status, None);
    }

    #[test]
    fn new_pet_omits_unset_status_and_never_sends_an_id() {
        let mut pet = NewPet {
            name: "Rex".into(),
            category_id: 9_007_199_254_740_993,
            status: None,
        };
        assert_eq!(
            serde_json::to_string(&pet).unwrap(),
            r#"{"name":"Rex","categoryId":9007199254740993}"#
        );
        pet.status = Some(PetStatus::Pending);
        assert_eq!(
            serde_json::to_string(&pet).unwrap(),
            r#"{"name":"Rex","categoryId":9007199254740993,"status":"pending"}"#
        );
    }

    #[test]
    fn status_parsing_is_exact() {
        assert_eq!(PetStatus::parse_known("sold"), Some(PetStatus::Sold));
        assert_eq!(PetStatus::parse_known("Sold"), None);
        assert_eq!(PetStatus::parse_known(""), None);
        assert!(PetStatus::KNOWN.iter().all(PetStatus::is_known));
    }

    #[test]
    fn wrong_field_types_fail_to_decode() {
        assert!(serde_json::from_str::<Pet>(r#"{"id":"1","name":"A","categoryId":1}"#).is_err());
        assert!(serde_json::from_str::<Pet>(r#"{"id":1.5,"name":"A","categoryId":1}"#).is_err());
        assert!(serde_json::from_str::<Pet>(r#"{"id":1,"categoryId":1}"#).is_err());
    }
}
