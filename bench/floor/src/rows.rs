//! What both speed floors share: the vanilla page's job (bench/vanilla) done the Leptos way with
//! the app's crates (leptos, gloo-net, serde_json), and nothing else: read config.json and the
//! key, fetch 100 pets, show them in a table, re-fetch on a status change. They differ only in
//! where the status lives (a signal, or the URL query as in the app).

use gloo_net::http::Request;
use leptos::prelude::*;
use serde::Deserialize;

/// A pet as the service sends it.
#[derive(Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pet {
    id: i64,
    name: String,
    category_id: i64,
    #[serde(default)]
    status: Option<String>,
}

/// One environment of config.json.
#[derive(Clone, Deserialize)]
struct Deployment {
    #[serde(rename = "baseUrl")]
    base_url: String,
}

/// config.json (production only: that is all the benchmark uses).
#[derive(Clone, Deserialize)]
struct Config {
    production: Deployment,
}

/// The production base URL from config.json.
pub async fn base_url() -> Option<String> {
    let config: Config = Request::get("config.json")
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    Some(config.production.base_url)
}

/// Production's pets with `status` (all when empty), with the key the benchmark stored.
pub async fn pets(base: &str, status: &str) -> Option<Vec<Pet>> {
    let key = window()
        .session_storage()
        .ok()??
        .get_item("petstore-admin.api-key.production")
        .ok()??;
    let mut query = vec![("limit", "100")];
    if !status.is_empty() {
        query.push(("status", status));
    }
    Request::get(&format!("{base}/pets"))
        .query(query)
        .header("Authorization", &format!("Bearer {key}"))
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()
}

/// The status filter and the table.
#[component]
pub fn List(
    /// The status shown (all when empty).
    status: Signal<String>,
    /// Called with the status chosen.
    on_status: Callback<String>,
) -> impl IntoView {
    let base = LocalResource::new(base_url);
    let rows = LocalResource::new(move || {
        let status = status.get();
        async move {
            let base = base.await.unwrap_or_default();
            pets(&base, &status).await.unwrap_or_default()
        }
    });
    view! {
        <h1>"Pets"</h1>
        <label for="status-filter">"Status"</label>
        <select id="status-filter" on:change=move |ev| on_status.run(event_target_value(&ev))>
            <option value="">"All"</option>
            <option value="available">"available"</option>
            <option value="pending">"pending"</option>
            <option value="sold">"sold"</option>
        </select>
        <table>
            <thead>
                <tr><th>"ID"</th><th>"Name"</th><th>"Category"</th><th>"Status"</th></tr>
            </thead>
            <tbody>
                <Transition>
                    {move || Suspend::new(async move {
                        rows.await
                            .into_iter()
                            .map(|pet| {
                                view! {
                                    <tr>
                                        <td>{pet.id.to_string()}</td>
                                        <td>{pet.name}</td>
                                        <td>{pet.category_id.to_string()}</td>
                                        <td>{pet.status.unwrap_or_else(|| "—".into())}</td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    })}
                </Transition>
            </tbody>
        </table>
    }
}
