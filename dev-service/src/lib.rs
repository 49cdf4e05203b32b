//! An in-memory implementation of the pet store service interface
//! (`shared/spec/pet-store-interface.md`), serving a production and a staging deployment side
//! by side, for the app's preview and for the tests. It is a real HTTP server.

pub mod control;
pub mod error;
pub mod faults;
pub mod handlers;
pub mod seed;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderName, Method};
use axum::middleware::{self, Next};
use axum::routing::get;
use axum::Router;
use tower_http::cors::{Any, CorsLayer};

use control::Registry;
use error::ApiError;
use handlers::Deployment;

/// The deployments, their path prefixes and keys, and an artificial delay.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bearer key production accepts.
    pub production_key: String,
    /// The bearer key staging accepts.
    pub staging_key: String,
    /// Added before every answer, so loading states can be seen and tested.
    pub latency: Duration,
    /// Whether to mount the test-only fault deployments under `/faults` (see [`faults`]).
    pub fault_routes: bool,
    /// How many pets production starts with; `None` for the usual seed.
    pub production_pets: Option<usize>,
    /// Whether to mount the test-only sandboxes and controls (see [`control`]).
    pub test_controls: bool,
    /// Whether the service's own deployments answer `getPet` with 410 Gone, as after its
    /// removal.
    pub without_get_pet: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            production_key: "dev-production-key".into(),
            staging_key: "dev-staging-key".into(),
            latency: Duration::ZERO,
            fault_routes: false,
            production_pets: None,
            test_controls: false,
            without_get_pet: false,
        }
    }
}

/// The path prefix of production's base URL.
pub const PRODUCTION_PREFIX: &str = "/production/v1";
/// The path prefix of staging's base URL.
pub const STAGING_PREFIX: &str = "/staging/v1";

fn deployment_routes(dep: Arc<Deployment>) -> Router {
    Router::new()
        .route("/pets", get(handlers::list_pets).post(handlers::create_pet))
        .route("/pets/{pet_id}", get(handlers::get_pet))
        // route_layer: only matched routes ask for a key, so a wrong path is a plain 404.
        .route_layer(middleware::from_fn_with_state(
            dep.clone(),
            handlers::require_key,
        ))
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                405,
                "method_not_allowed",
                "This path does not take that method.",
            )
        })
}

/// The whole service: both deployments, CORS for browser callers from any origin, the
/// fallback 404 with an Error body, and the configured latency.
pub fn router(config: &Config) -> Router {
    router_with_registry(config).0
}

/// [`router`], and the registry of its deployments, for tests that run the service in their
/// own process and play its side directly (rotate keys, read the request log).
pub fn router_with_registry(config: &Config) -> (Router, Arc<Registry>) {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([AUTHORIZATION, CONTENT_TYPE])
        .expose_headers([
            RETRY_AFTER,
            HeaderName::from_static("deprecation"),
            HeaderName::from_static("sunset"),
        ])
        .max_age(Duration::from_secs(600));
    let latency = config.latency;
    let production = config
        .production_pets
        .map_or_else(seed::production, seed::production_sized);
    let registry = Arc::new(Registry::new(
        Deployment::new(&config.production_key, production),
        Deployment::new(&config.staging_key, seed::staging()),
    ));
    let main = |env| {
        registry
            .deployment(control::MAIN, env)
            .map(deployment_routes)
    };
    let mut app = Router::new();
    for (prefix, env) in [
        (PRODUCTION_PREFIX, "production"),
        (STAGING_PREFIX, "staging"),
    ] {
        if let Some(dep) = registry.deployment(control::MAIN, env) {
            dep.set_get_pet(!config.without_get_pet);
        }
        if let Some(routes) = main(env) {
            app = app.nest(prefix, routes);
        }
    }
    if config.fault_routes {
        app = app.nest("/faults", faults::routes());
    }
    if config.test_controls {
        app = app.merge(control::routes(registry.clone()));
    }
    let app = app
        .fallback(|| async { ApiError::not_found("No such path in the pet store service.") })
        .layer(cors)
        .layer(middleware::from_fn(
            move |req: Request, next: Next| async move {
                if !latency.is_zero() {
                    tokio::time::sleep(latency).await;
                }
                next.run(req).await
            },
        ));
    (app, registry)
}
