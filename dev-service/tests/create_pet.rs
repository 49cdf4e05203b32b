//! `POST /pets`: 201 with the new Pet, every 400, and ids that stay exact.

mod common;

use common::{assert_error, json, Service, PROD_KEY, STAGING_KEY};
use petstore_dev_service::seed::BIG_ID;

#[tokio::test]
async fn created_pet_is_returned_listed_and_readable() {
    let svc = Service::start().await;
    let body = r#"{"name":"Fluffy","categoryId":7,"status":"pending"}"#;
    let (status, created) = svc.post(&svc.prod("/pets"), Some(PROD_KEY), body).await;
    assert_eq!(status, 201, "{created}");
    let pet = json(&created);
    assert_eq!(pet["name"], "Fluffy");
    assert_eq!(pet["categoryId"], 7);
    assert_eq!(pet["status"], "pending");
    // The seed holds BIG_ID, so the next id is above 2^53 too: check it as text.
    let id = pet["id"].as_i64().unwrap();
    assert_eq!(id, BIG_ID + 1);
    assert!(created.contains(&format!("\"id\":{id}")), "{created}");

    let (status, listed) = svc.get(&svc.prod("/pets?limit=100"), Some(PROD_KEY)).await;
    assert_eq!(status, 200);
    assert!(
        listed.contains(&format!("\"id\":{id},\"name\":\"Fluffy\"")),
        "{listed}"
    );

    let (status, got) = svc
        .get(&svc.prod(&format!("/pets/{id}")), Some(PROD_KEY))
        .await;
    assert_eq!(status, 200);
    assert_eq!(json(&got), pet);
}

#[tokio::test]
async fn status_is_optional_and_a_sent_id_is_ignored() {
    let svc = Service::start().await;
    let body = r#"{"id":5,"name":"Nameless","categoryId":-3}"#;
    let (status, created) = svc.post(&svc.prod("/pets"), Some(PROD_KEY), body).await;
    assert_eq!(status, 201, "{created}");
    let pet = json(&created);
    assert_ne!(pet["id"], 5);
    assert_eq!(pet["categoryId"], -3);
    assert!(pet.get("status").is_none(), "{created}");
}

#[tokio::test]
async fn each_invalid_body_is_400_with_its_code() {
    let svc = Service::start().await;
    let cases = [
        (r#"{"categoryId":1}"#, "missing_name"),
        (r#"{"name":null,"categoryId":1}"#, "missing_name"),
        (r#"{"name":"   ","categoryId":1}"#, "invalid_name"),
        (r#"{"name":42,"categoryId":1}"#, "invalid_name"),
        (r#"{"name":"Rex"}"#, "missing_category_id"),
        (r#"{"name":"Rex","categoryId":"1"}"#, "invalid_category_id"),
        (r#"{"name":"Rex","categoryId":1.5}"#, "invalid_category_id"),
        (
            r#"{"name":"Rex","categoryId":9223372036854775808}"#,
            "invalid_category_id",
        ),
        (
            r#"{"name":"Rex","categoryId":1,"status":"lost"}"#,
            "invalid_status",
        ),
        (
            r#"{"name":"Rex","categoryId":1,"status":1}"#,
            "invalid_status",
        ),
        (r#"{"name":"Rex","#, "invalid_json"),
        ("", "invalid_json"),
        (r#"["Rex",1]"#, "invalid_body"),
    ];
    for (body, code) in cases {
        let (status, answer) = svc.post(&svc.prod("/pets"), Some(PROD_KEY), body).await;
        assert_eq!(status, 400, "{body} -> {answer}");
        assert_error(400, &answer, code);
    }
    let long = format!(r#"{{"name":"{}","categoryId":1}}"#, "x".repeat(201));
    let (status, answer) = svc.post(&svc.prod("/pets"), Some(PROD_KEY), &long).await;
    assert_eq!(status, 400);
    assert_error(400, &answer, "invalid_name");
    // None of them was stored.
    let (_, listed) = svc.get(&svc.prod("/pets?limit=100"), Some(PROD_KEY)).await;
    assert_eq!(json(&listed).as_array().unwrap().len(), 24);
}

#[tokio::test]
async fn largest_int64_category_is_kept_exactly() {
    let svc = Service::start().await;
    let body = r#"{"name":"Edge","categoryId":9223372036854775807}"#;
    let (status, created) = svc.post(&svc.prod("/pets"), Some(PROD_KEY), body).await;
    assert_eq!(status, 201);
    assert!(
        created.contains("\"categoryId\":9223372036854775807"),
        "{created}"
    );
}

#[tokio::test]
async fn a_pet_created_in_staging_stays_in_staging() {
    let svc = Service::start().await;
    let body = r#"{"name":"Only In Staging","categoryId":1}"#;
    let (status, _) = svc
        .post(&svc.staging("/pets"), Some(STAGING_KEY), body)
        .await;
    assert_eq!(status, 201);
    let (_, staging) = svc
        .get(&svc.staging("/pets?limit=100"), Some(STAGING_KEY))
        .await;
    let (_, prod) = svc.get(&svc.prod("/pets?limit=100"), Some(PROD_KEY)).await;
    assert!(staging.contains("Only In Staging"));
    assert!(!prod.contains("Only In Staging"));
}
