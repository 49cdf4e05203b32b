//! Building the service's requests and reading its answers, as data: the browser's client
//! sends what these build and hands back what came.

use std::ops::RangeInclusive;
use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::models::PetStatus;

/// How long a call may take, answer body included, before it is aborted.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(15);
/// The `limit` values the interface allows.
pub const LIMIT_RANGE: RangeInclusive<u32> = 1..=100;
/// The `limit` the service applies when none is sent.
pub const DEFAULT_LIMIT: u32 = 20;

/// Whether `key` has the syntax of an RFC 6750 bearer token (`b64token`): letters, digits and
/// `-._~+/`, then optional `=` padding. Only such a key can be sent in the header.
pub fn is_bearer_token(key: &str) -> bool {
    let body = key.trim_end_matches('=');
    !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b))
}

/// The query of `listPets`, or [`ApiError::Invalid`] for a limit outside 1..=100 or a status
/// the interface does not define. Encoding is left to the browser's `URLSearchParams`.
pub fn list_query(
    limit: u32,
    status: Option<&PetStatus>,
) -> Result<Vec<(&'static str, String)>, ApiError> {
    if !LIMIT_RANGE.contains(&limit) {
        return Err(ApiError::Invalid(format!(
            "The limit must be a whole number from 1 to 100 (got {limit})."
        )));
    }
    let mut query = vec![("limit", limit.to_string())];
    if let Some(status) = status {
        if !status.is_known() {
            return Err(ApiError::Invalid(format!(
                "\"{status}\" is not a status the service can filter by."
            )));
        }
        query.push(("status", status.as_str().to_owned()));
    }
    Ok(query)
}

/// The URL of `getPet` for `id`.
pub fn pet_url(base_url: &str, id: i64) -> String {
    format!("{}/pets/{id}", base_url.trim_end_matches('/'))
}

/// An answer's status as a result: 2xx is success, anything else its error, mapped by
/// [`ApiError::from_status`] from the status and the body.
pub fn check_status(status: u16, text: &str) -> Result<(), ApiError> {
    match status {
        200..=299 => Ok(()),
        _ => Err(ApiError::from_status(status, text)),
    }
}

/// Turns an answer into a value: a 2xx body decoded as `T` (serde, from the text, so int64
/// stays exact), anything else mapped by [`check_status`].
pub fn decode<T: DeserializeOwned>(status: u16, text: &str) -> Result<T, ApiError> {
    check_status(status, text)?;
    serde_json::from_str(text).map_err(|e| ApiError::Decode {
        status,
        detail: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::Pet;

    const BASE: &str = "https://pets.example/v1";

    #[test]
    fn list_query_sends_limit_and_known_status() {
        assert_eq!(list_query(20, None).unwrap(), [("limit", "20".to_owned())]);
        assert_eq!(
            list_query(100, Some(&PetStatus::Sold)).unwrap(),
            [("limit", "100".to_owned()), ("status", "sold".to_owned())]
        );
        assert_eq!(list_query(1, None).unwrap(), [("limit", "1".to_owned())]);
    }

    #[test]
    fn list_query_refuses_what_the_interface_does_not_allow() {
        assert!(matches!(list_query(0, None), Err(ApiError::Invalid(_))));
        assert!(matches!(list_query(101, None), Err(ApiError::Invalid(_))));
        let odd = PetStatus::Other("a&b=c".into());
        assert!(matches!(
            list_query(5, Some(&odd)),
            Err(ApiError::Invalid(_))
        ));
    }

    #[test]
    fn pet_url_keeps_big_ids_exact() {
        assert_eq!(
            pet_url(BASE, 9_007_199_254_740_993),
            format!("{BASE}/pets/9007199254740993")
        );
        assert_eq!(
            pet_url(BASE, i64::MIN),
            format!("{BASE}/pets/-9223372036854775808")
        );
    }

    #[test]
    fn decode_reads_success_and_maps_failures() {
        let pets: Vec<Pet> = decode(
            200,
            r#"[{"id":9007199254740993,"name":"B","categoryId":1}]"#,
        )
        .unwrap();
        assert_eq!(pets[0].id, 9_007_199_254_740_993);
        assert!(matches!(
            decode::<Pet>(401, "{}"),
            Err(ApiError::Unauthorized(None))
        ));
        assert!(matches!(
            decode::<Vec<Pet>>(200, r#"[{"id":1,"name":"Re"#),
            Err(ApiError::Decode { status: 200, .. })
        ));
        assert!(matches!(
            decode::<Vec<Pet>>(200, "<!DOCTYPE html><p>hi</p>"),
            Err(ApiError::Decode { .. })
        ));
        assert!(matches!(
            decode::<Pet>(201, r#"{"id":"7","name":"B","categoryId":1}"#),
            Err(ApiError::Decode { status: 201, .. })
        ));
    }

    #[test]
    fn bearer_tokens_follow_rfc_6750() {
        for good in ["dev-production-key", "a.b_c~d+e/f", "abc==", "Zz09"] {
            assert!(is_bearer_token(good), "{good}");
        }
        for bad in [
            "",
            "==",
            "a b",
            "key\u{200b}",
            "k\u{a0}",
            "“key”",
            "ключ",
            "a=b",
            "a:b",
        ] {
            assert!(!is_bearer_token(bad), "{bad:?}");
        }
    }
}
