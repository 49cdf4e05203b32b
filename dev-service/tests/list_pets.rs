//! `GET /pets`: default and bounds of `limit`, the `status` filter, and exact int64 ids.

mod common;

use common::{assert_error, json, Service, PROD_KEY, STAGING_KEY};
use petstore_dev_service::seed::{self, BIG_ID};

async fn list(svc: &Service, query: &str) -> (u16, String) {
    svc.get(&svc.prod(&format!("/pets{query}")), Some(PROD_KEY))
        .await
}

#[tokio::test]
async fn default_limit_is_20() {
    let svc = Service::start().await;
    let (status, body) = list(&svc, "").await;
    assert_eq!(status, 200);
    assert!(
        seed::production().len() > 20,
        "the seed must exceed the default"
    );
    assert_eq!(json(&body).as_array().unwrap().len(), 20);
}

#[tokio::test]
async fn limit_bounds_1_and_100_are_accepted() {
    let svc = Service::start().await;
    let (status, body) = list(&svc, "?limit=1").await;
    assert_eq!(status, 200);
    assert_eq!(json(&body).as_array().unwrap().len(), 1);
    let (status, body) = list(&svc, "?limit=100").await;
    assert_eq!(status, 200);
    assert_eq!(
        json(&body).as_array().unwrap().len(),
        seed::production().len()
    );
}

#[tokio::test]
async fn limit_out_of_range_or_not_a_number_is_400() {
    let svc = Service::start().await;
    for query in [
        "?limit=0",
        "?limit=101",
        "?limit=-1",
        "?limit=abc",
        "?limit=",
        "?limit=2.5",
    ] {
        let (status, body) = list(&svc, query).await;
        assert_eq!(status, 400, "{query}");
        assert_error(400, &body, "invalid_limit");
    }
}

#[tokio::test]
async fn status_filter_returns_only_that_status() {
    let svc = Service::start().await;
    for wanted in ["available", "pending", "sold"] {
        let (status, body) = list(&svc, &format!("?status={wanted}&limit=100")).await;
        assert_eq!(status, 200);
        let pets = json(&body);
        let pets = pets.as_array().unwrap();
        let expected = seed::production()
            .iter()
            .filter(|p| p.status.as_deref() == Some(wanted))
            .count();
        assert!(expected > 0, "the seed must hold {wanted} pets");
        assert_eq!(pets.len(), expected, "{wanted}");
        assert!(pets.iter().all(|p| p["status"] == wanted), "{body}");
    }
}

#[tokio::test]
async fn unknown_status_filter_is_400() {
    let svc = Service::start().await;
    for query in ["?status=lost", "?status=", "?status=Available"] {
        let (status, body) = list(&svc, query).await;
        assert_eq!(status, 400, "{query}");
        assert_error(400, &body, "invalid_status");
    }
}

#[tokio::test]
async fn a_parameter_given_twice_is_400() {
    let svc = Service::start().await;
    let (status, body) = list(&svc, "?limit=1&limit=2").await;
    assert_eq!(status, 400);
    assert_error(400, &body, "duplicate_parameter");
}

#[tokio::test]
async fn ids_above_2_pow_53_are_sent_exactly() {
    let svc = Service::start().await;
    let (_, body) = list(&svc, "").await;
    // Check the raw text: a parse through f64 would hide the very bug this guards against.
    assert!(body.contains(&format!("\"id\":{BIG_ID},")), "{body}");
    let pets = json(&body);
    assert!(pets
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["id"].as_i64() == Some(BIG_ID)));
}

#[tokio::test]
async fn a_pet_without_status_omits_the_field() {
    let svc = Service::start().await;
    let (_, body) = list(&svc, "?limit=100").await;
    let pets = json(&body);
    let coco = pets
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Coco")
        .unwrap();
    assert!(coco.get("status").is_none(), "{coco}");
}

#[tokio::test]
async fn deployments_hold_different_pets() {
    let svc = Service::start().await;
    let (_, prod) = list(&svc, "?limit=100").await;
    let (status, staging) = svc
        .get(&svc.staging("/pets?limit=100"), Some(STAGING_KEY))
        .await;
    assert_eq!(status, 200);
    let names = |body: &str| -> Vec<String> {
        json(body)
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let (prod, staging) = (names(&prod), names(&staging));
    assert_eq!(staging.len(), seed::staging().len());
    assert!(
        staging.iter().all(|n| !prod.contains(n)),
        "{prod:?} / {staging:?}"
    );
}

#[tokio::test]
async fn production_can_start_with_a_given_number_of_pets() {
    let svc = Service::start_with(petstore_dev_service::Config {
        production_pets: Some(100),
        ..Default::default()
    })
    .await;
    let (status, body) = list(&svc, "?limit=100").await;
    assert_eq!(status, 200);
    let pets = json(&body);
    let pets = pets.as_array().unwrap();
    assert_eq!(pets.len(), 100);
    assert!(body.contains(&format!("\"id\":{BIG_ID},")));
    let sold = pets.iter().filter(|p| p["status"] == "sold").count();
    assert!(
        (25..=40).contains(&sold),
        "statuses are spread: {sold} sold"
    );
}
