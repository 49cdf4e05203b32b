//! The API client in headless Chromium against the dev service: every operation, every
//! documented error, and the failures the interface does not document.

use crate::common;

use std::time::Duration;

use common::{production, refused, service, staging, PROD_KEY, STAGING_KEY};
use gloo_net::http::Request;
use petstore_admin::api::{
    decode, ApiError, Client, Date, NewPet, Pet, PetStatus, GET_PET_REMOVAL,
};
use wasm_bindgen_test::*;

const BIG_ID: i64 = 9_007_199_254_740_993;

fn prod() -> Client {
    Client::new(&production(), PROD_KEY)
}

fn fault(kind: &str) -> Client {
    Client::new(&format!("{}/faults/{kind}/v1", service()), PROD_KEY)
}

fn new_pet(name: &str, status: Option<PetStatus>) -> NewPet {
    NewPet {
        name: name.into(),
        category_id: 4,
        status,
    }
}

#[wasm_bindgen_test]
async fn list_pets_keeps_ids_above_2_pow_53_exact() {
    let pets = prod().list_pets(20, None).await.unwrap();
    assert_eq!(
        pets.len(),
        20,
        "production holds more than the default page"
    );
    let barney = pets.iter().find(|p| p.name == "Big Id Barney").unwrap();
    assert_eq!(barney.id, BIG_ID);
    assert_eq!(barney.id.to_string(), "9007199254740993");
}

#[wasm_bindgen_test]
async fn list_pets_limit_and_status_filter() {
    let one = prod().list_pets(1, None).await.unwrap();
    assert_eq!(one.len(), 1);
    for status in PetStatus::KNOWN {
        let pets = prod().list_pets(100, Some(&status)).await.unwrap();
        assert!(!pets.is_empty(), "production holds {status} pets");
        assert!(
            pets.iter().all(|p| p.status.as_ref() == Some(&status)),
            "{pets:?}"
        );
    }
}

#[wasm_bindgen_test]
async fn out_of_range_limit_is_refused_before_sending() {
    // Pointed at a closed port: had anything been sent, the error would be Network.
    let client = Client::new(&format!("{}/production/v1", refused()), PROD_KEY);
    for limit in [0, 101] {
        let err = client.list_pets(limit, None).await.unwrap_err();
        assert!(matches!(err, ApiError::Invalid(_)), "{err:?}");
    }
}

#[wasm_bindgen_test]
async fn created_pet_round_trips_through_list_and_get() {
    let client = prod();
    let sent = new_pet("Round Trip", Some(PetStatus::Pending));
    let created = client.create_pet(&sent).await.unwrap();
    assert!(
        created.id > BIG_ID,
        "ids after the seed's big one are above 2^53 too"
    );
    assert_eq!(
        (created.name.as_str(), created.category_id),
        ("Round Trip", 4)
    );
    assert_eq!(created.status, Some(PetStatus::Pending));

    let listed = client
        .list_pets(100, Some(&PetStatus::Pending))
        .await
        .unwrap();
    assert_eq!(listed.iter().filter(|p| p.id == created.id).count(), 1);
    assert!(listed.contains(&created));

    #[allow(deprecated)] // getPet is the only way to read one pet until 2030-12-05
    let (got, lifecycle) = client.get_pet(created.id).await.unwrap();
    assert_eq!(got, created);
    // The service's Deprecation and Sunset headers, readable through CORS.
    assert_eq!(lifecycle.deprecated_at, Some(1_735_689_600));
    assert_eq!(
        lifecycle.sunset_at.map(Date::from_unix_seconds),
        Some(GET_PET_REMOVAL)
    );
    #[allow(deprecated)]
    let (barney, _) = client.get_pet(BIG_ID).await.unwrap();
    assert_eq!(barney.name, "Big Id Barney");
}

#[wasm_bindgen_test]
async fn create_without_status_sends_no_status() {
    let created = prod()
        .create_pet(&new_pet("No Status", None))
        .await
        .unwrap();
    assert_eq!(created.status, None);
}

#[wasm_bindgen_test]
async fn invalid_bodies_are_bad_request_with_the_services_code() {
    let err = prod()
        .create_pet(&new_pet("Rex", Some(PetStatus::Other("lost".into()))))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, ApiError::BadRequest(Some(b)) if b.code == "invalid_status"),
        "{err:?}"
    );
    let err = prod().create_pet(&new_pet("   ", None)).await.unwrap_err();
    assert!(
        matches!(&err, ApiError::BadRequest(Some(b)) if b.code == "invalid_name"),
        "{err:?}"
    );
    assert_eq!(err.details().status, Some(400));

    // NewPet cannot leave out a required field, so send raw bodies and map the service's real
    // answers through the client's decoder.
    for (body, code) in [
        (r#"{"categoryId":1}"#, "missing_name"),
        (r#"{"name":"Rex"}"#, "missing_category_id"),
    ] {
        let res = Request::post(&format!("{}/pets", production()))
            .header("Authorization", &format!("Bearer {PROD_KEY}"))
            .header("Content-Type", "application/json")
            .body(body)
            .unwrap()
            .send()
            .await
            .unwrap();
        let status = res.status();
        let err = decode::<Pet>(status, &res.text().await.unwrap()).unwrap_err();
        assert!(
            matches!(&err, ApiError::BadRequest(Some(b)) if b.code == code),
            "{err:?}"
        );
    }
}

#[wasm_bindgen_test]
async fn missing_wrong_or_other_environments_key_is_unauthorized() {
    for key in ["", "wrong-key", STAGING_KEY] {
        let client = Client::new(&production(), key);
        let err = client.list_pets(5, None).await.unwrap_err();
        assert!(
            matches!(&err, ApiError::Unauthorized(Some(b)) if b.status == 401),
            "{key}: {err:?}"
        );
        let err = client
            .create_pet(&new_pet("Intruder", None))
            .await
            .unwrap_err();
        assert!(matches!(err, ApiError::Unauthorized(_)), "{key}: {err:?}");
        #[allow(deprecated)]
        let err = client.get_pet(1).await.unwrap_err();
        assert!(matches!(err, ApiError::Unauthorized(_)), "{key}: {err:?}");
    }
    let err = Client::new(&staging(), PROD_KEY)
        .list_pets(5, None)
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Unauthorized(_)), "{err:?}");
    let listed = prod().list_pets(100, None).await.unwrap();
    assert!(listed.iter().all(|p| p.name != "Intruder"));
}

#[wasm_bindgen_test]
async fn unknown_pet_is_not_found() {
    #[allow(deprecated)]
    let err = prod().get_pet(424_242).await.unwrap_err();
    assert!(
        matches!(&err, ApiError::NotFound(Some(b)) if b.code == "not_found"),
        "{err:?}"
    );
}

#[wasm_bindgen_test]
async fn server_errors_with_and_without_an_error_body() {
    let err = fault("html-500").list_pets(5, None).await.unwrap_err();
    assert_eq!(
        err,
        ApiError::Server {
            status: 500,
            code: None,
            message: None,
            retry_after: None,
        }
    );
    let err = fault("empty-502")
        .create_pet(&new_pet("X", None))
        .await
        .unwrap_err();
    assert_eq!(
        err,
        ApiError::Server {
            status: 502,
            code: None,
            message: None,
            retry_after: None,
        }
    );
    assert!(
        err.outcome_unknown(),
        "a create that met a 502 may have happened"
    );
    let err = fault("error-503").list_pets(5, None).await.unwrap_err();
    assert!(
        matches!(&err, ApiError::Server { status: 503, code: Some(c), .. } if c == "maintenance"),
        "{err:?}"
    );
}

#[wasm_bindgen_test]
async fn unreadable_answers_are_decode_errors() {
    for kind in ["html-200", "truncated", "wrong-type"] {
        let err = fault(kind).list_pets(5, None).await.unwrap_err();
        assert!(
            matches!(err, ApiError::Decode { status: 200, .. }),
            "{kind}: {err:?}"
        );
    }
    #[allow(deprecated)]
    let err = fault("wrong-type").get_pet(1).await.unwrap_err();
    assert!(matches!(err, ApiError::Decode { .. }), "{err:?}");
}

#[wasm_bindgen_test]
async fn an_unknown_status_inside_a_good_list_is_kept_as_text() {
    let pets = fault("unknown-status").list_pets(5, None).await.unwrap();
    assert_eq!(pets.len(), 3);
    assert_eq!(pets[1].id, BIG_ID);
    assert_eq!(pets[1].status, Some(PetStatus::Other("quarantined".into())));
    assert_eq!(pets[1].status.as_ref().unwrap().to_string(), "quarantined");
    assert_eq!(pets[2].status, None);
}

#[wasm_bindgen_test]
async fn connection_refused_is_a_network_error() {
    let client = Client::new(&format!("{}/production/v1", refused()), PROD_KEY);
    let err = client.list_pets(5, None).await.unwrap_err();
    assert!(matches!(err, ApiError::Network(_)), "{err:?}");
    assert!(err.outcome_unknown());
}

#[wasm_bindgen_test]
async fn a_slow_answer_is_aborted_at_the_time_limit() {
    let sb = common::sandbox::Sandbox::new("time-limit");
    sb.mode("production", "slow:5000").await;
    let client =
        Client::new(&sb.base("production"), PROD_KEY).with_timeout(Duration::from_millis(300));
    let err = client.list_pets(5, None).await.unwrap_err();
    assert_eq!(err, ApiError::Timeout(Duration::from_millis(300)));
    // The service had not answered yet: the request was given up at the limit, not at the
    // answer.
    let log = sb.log("production").await;
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0].status, 0, "answered before the time limit: {log:?}");
}

#[wasm_bindgen_test]
async fn a_key_no_header_can_carry_is_refused_unsent_and_never_throws() {
    let sb = common::sandbox::Sandbox::new("bad-key");
    for bad in [
        "dev-production-key\u{200B}",
        "“dev-production-key”",
        "ключ",
        "a b",
    ] {
        let client = Client::new(&sb.base("production"), bad);
        let got = client.list_pets(5, None).await;
        assert!(matches!(got, Err(ApiError::Invalid(_))), "{bad:?}: {got:?}");
    }
    assert!(sb.log("production").await.is_empty(), "nothing was sent");
}

#[wasm_bindgen_test]
async fn an_aborted_call_is_cancelled_not_a_timeout() {
    let sb = common::sandbox::Sandbox::new("abort");
    sb.mode("production", "slow:2000").await;
    let controller = web_sys::AbortController::new().unwrap();
    let client = Client::new(&sb.base("production"), PROD_KEY).with_abort(controller.clone());
    let call = client.list_pets(5, None);
    let abort = async {
        sb.wait_for_requests("production", 1).await;
        controller.abort();
    };
    let (got, ()) = futures::join!(call, abort);
    assert_eq!(got, Err(ApiError::Cancelled));
}
