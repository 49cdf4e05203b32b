//! The test-only fault deployments: absent by default, each answering as documented.

mod common;

use common::{assert_error, Service, PROD_KEY};
use petstore_dev_service::faults::KINDS;
use petstore_dev_service::Config;

#[tokio::test]
async fn fault_routes_are_absent_unless_asked_for() {
    let svc = Service::start().await;
    let (status, body) = svc
        .get(&format!("{}/faults/html-500/v1/pets", svc.origin), None)
        .await;
    assert_eq!(status, 404);
    assert_error(404, &body, "not_found");
}

#[tokio::test]
async fn each_fault_answers_as_documented() {
    let svc = Service::start_with(Config {
        fault_routes: true,
        ..Config::default()
    })
    .await;
    let url = |kind: &str| format!("{}/faults/{kind}/v1/pets", svc.origin);
    let (status, body) = svc.get(&url("html-500"), Some(PROD_KEY)).await;
    assert_eq!(status, 500);
    assert!(body.starts_with("<!DOCTYPE html>"));
    let (status, body) = svc.get(&url("error-503"), None).await;
    assert_eq!(status, 503);
    assert_error(503, &body, "maintenance");
    let (status, body) = svc.post(&url("empty-502"), None, "{}").await;
    assert_eq!((status, body.as_str()), (502, ""));
    let (status, body) = svc.get(&url("truncated"), None).await;
    assert_eq!(status, 200);
    assert!(
        serde_json::from_str::<serde_json::Value>(&body).is_err(),
        "{body}"
    );
    let (status, body) = svc.get(&url("unknown-status"), None).await;
    assert_eq!(status, 200);
    assert!(body.contains("\"quarantined\"") && body.contains("9007199254740993"));
    // The pets of real deployments are untouched by faults.
    let (status, _) = svc.get(&svc.prod("/pets"), Some(PROD_KEY)).await;
    assert_eq!(status, 200);
    assert_eq!(KINDS.len(), 8);
}
