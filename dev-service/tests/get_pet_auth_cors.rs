//! `GET /pets/{petId}`, the 401 on every operation, CORS, unknown paths and latency.

mod common;

use std::time::{Duration, Instant};

use common::{assert_error, json, Service, PROD_KEY, STAGING_KEY};
use petstore_dev_service::seed::BIG_ID;
use petstore_dev_service::Config;

#[tokio::test]
async fn get_pet_by_id_including_one_above_2_pow_53() {
    let svc = Service::start().await;
    let (status, body) = svc.get(&svc.prod("/pets/1"), Some(PROD_KEY)).await;
    assert_eq!(status, 200);
    assert_eq!(json(&body)["name"], "Rex");
    let (status, body) = svc
        .get(&svc.prod(&format!("/pets/{BIG_ID}")), Some(PROD_KEY))
        .await;
    assert_eq!(status, 200);
    assert!(body.contains("\"id\":9007199254740993"), "{body}");
    // One below differs only past 2^53: it must not match the big one.
    let (status, _) = svc
        .get(&svc.prod("/pets/9007199254740992"), Some(PROD_KEY))
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn unknown_and_malformed_ids_are_404() {
    let svc = Service::start().await;
    for id in ["999", "abc", "1.5", "9223372036854775808", "-1"] {
        let (status, body) = svc
            .get(&svc.prod(&format!("/pets/{id}")), Some(PROD_KEY))
            .await;
        assert_eq!(status, 404, "{id}");
        assert_error(404, &body, "not_found");
    }
}

#[tokio::test]
async fn every_operation_needs_this_deployments_key() {
    let svc = Service::start().await;
    let new_pet = r#"{"name":"Sneaky","categoryId":1}"#;
    let wrong_keys = [None, Some("wrong"), Some(STAGING_KEY), Some("")];
    for key in wrong_keys {
        let (status, body) = svc.get(&svc.prod("/pets"), key).await;
        assert_eq!(status, 401, "list with {key:?}");
        assert_error(401, &body, "unauthorized");
        let (status, body) = svc.get(&svc.prod("/pets/1"), key).await;
        assert_eq!(status, 401, "get with {key:?}");
        assert_error(401, &body, "unauthorized");
        let (status, body) = svc.post(&svc.prod("/pets"), key, new_pet).await;
        assert_eq!(status, 401, "create with {key:?}");
        assert_error(401, &body, "unauthorized");
    }
    // Production's key does not open staging either.
    let (status, _) = svc.get(&svc.staging("/pets"), Some(PROD_KEY)).await;
    assert_eq!(status, 401);
    // The key is checked before the body: a bad body without a key is still 401.
    let (status, _) = svc.post(&svc.prod("/pets"), None, "{").await;
    assert_eq!(status, 401);
    let (_, listed) = svc.get(&svc.prod("/pets?limit=100"), Some(PROD_KEY)).await;
    assert!(!listed.contains("Sneaky"));
}

#[tokio::test]
async fn other_auth_schemes_are_refused_and_the_scheme_is_case_insensitive() {
    let svc = Service::start().await;
    let url = svc.prod("/pets");
    let send = |value: &str| svc.http.get(&url).header("authorization", value).send();
    assert_eq!(
        send("Basic dev-production-key").await.unwrap().status(),
        401
    );
    assert_eq!(send("dev-production-key").await.unwrap().status(), 401);
    assert_eq!(
        send("bearer dev-production-key").await.unwrap().status(),
        200
    );
}

#[tokio::test]
async fn cors_preflight_is_answered_without_a_key() {
    let svc = Service::start().await;
    let res = svc
        .http
        .request(reqwest::Method::OPTIONS, svc.prod("/pets"))
        .header("origin", "https://admin.example")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization, content-type",
        )
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let h = res.headers();
    assert_eq!(h["access-control-allow-origin"], "*");
    let allowed = h["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_lowercase();
    assert!(
        allowed.contains("authorization") && allowed.contains("content-type"),
        "{allowed}"
    );
    let methods = h["access-control-allow-methods"].to_str().unwrap();
    assert!(
        methods.contains("GET") && methods.contains("POST"),
        "{methods}"
    );
}

#[tokio::test]
async fn errors_carry_cors_headers_so_browsers_can_read_them() {
    let svc = Service::start().await;
    let res = svc
        .http
        .get(svc.prod("/pets"))
        .header("origin", "https://admin.example")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
    assert_eq!(res.headers()["access-control-allow-origin"], "*");
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_an_error_body() {
    let svc = Service::start().await;
    let (status, body) = svc
        .get(&format!("{}/nowhere/v1/pets", svc.origin), None)
        .await;
    assert_eq!(status, 404);
    assert_error(404, &body, "not_found");
    let res = svc
        .http
        .delete(svc.prod("/pets/1"))
        .bearer_auth(PROD_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 405);
    assert_error(405, &res.text().await.unwrap(), "method_not_allowed");
}

#[tokio::test]
async fn latency_delays_every_answer() {
    let svc = Service::start_with(Config {
        latency: Duration::from_millis(300),
        ..Config::default()
    })
    .await;
    let started = Instant::now();
    let (status, _) = svc.get(&svc.prod("/pets"), Some(PROD_KEY)).await;
    assert_eq!(status, 200);
    assert!(
        started.elapsed() >= Duration::from_millis(300),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn get_pet_announces_its_end_and_can_be_removed() {
    let svc = Service::start().await;
    let res = svc
        .http
        .get(svc.prod("/pets/1"))
        .header("origin", "https://admin.example")
        .bearer_auth(PROD_KEY)
        .send()
        .await
        .unwrap();
    let h = res.headers();
    assert_eq!(h["deprecation"], "@1735689600");
    assert_eq!(h["sunset"], "Thu, 05 Dec 2030 00:00:00 GMT");
    let exposed = h["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .to_owned();
    for name in ["retry-after", "deprecation", "sunset"] {
        assert!(exposed.contains(name), "{exposed}");
    }
    let gone = Service::start_with(Config {
        without_get_pet: true,
        ..Config::default()
    })
    .await;
    let (status, body) = gone.get(&gone.prod("/pets/1"), Some(PROD_KEY)).await;
    assert_eq!(status, 410);
    assert_error(410, &body, "gone");
    // The list, its replacement, still answers.
    let (status, _) = gone.get(&gone.prod("/pets"), Some(PROD_KEY)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_counted_too_many_mode_answers_429_that_often_then_normally() {
    let svc = Service::start_with(Config {
        test_controls: true,
        ..Config::default()
    })
    .await;
    let control = format!(
        "{}/mode",
        svc.prod("")
            .replace("/production/v1", "/control/main/production")
    );
    let set = svc
        .http
        .post(control)
        .body("too-many:1:2")
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), 200);
    let mut seen = Vec::new();
    for _ in 0..3 {
        let res = svc
            .http
            .get(svc.prod("/pets"))
            .bearer_auth(PROD_KEY)
            .send()
            .await
            .unwrap();
        seen.push((
            res.status().as_u16(),
            res.headers().get("retry-after").cloned(),
        ));
    }
    assert_eq!(seen[0].0, 429);
    assert_eq!(seen[0].1.as_ref().unwrap(), "1");
    assert_eq!(seen[1].0, 429);
    assert_eq!(seen[2], (200, None));
}

#[tokio::test]
async fn a_lost_answer_does_the_work_and_cuts_its_answer_off_once() {
    let svc = Service::start_with(Config {
        test_controls: true,
        ..Config::default()
    })
    .await;
    let control = svc
        .prod("")
        .replace("/production/v1", "/control/main/production");
    let set = svc
        .http
        .post(format!("{control}/mode"))
        .body("lose-answer-at:1")
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), 200);
    let sent = svc
        .http
        .post(svc.prod("/pets"))
        .bearer_auth(PROD_KEY)
        .header("content-type", "application/json")
        .body(r#"{"name":"Lost","categoryId":1}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 201, "the status goes out");
    assert!(
        sent.text().await.is_err(),
        "the rest of the answer never comes"
    );
    let pets: Vec<serde_json::Value> = svc
        .http
        .get(format!("{control}/pets"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        pets.iter().filter(|p| p["name"] == "Lost").count(),
        1,
        "created once"
    );
    let (status, _) = svc
        .post(
            &svc.prod("/pets"),
            Some(PROD_KEY),
            r#"{"name":"After","categoryId":1}"#,
        )
        .await;
    assert_eq!(status, 201, "normal again");
}
