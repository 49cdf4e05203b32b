//! `/activity`: what was done on this device, in any of its tabs and either environment (each
//! entry names its own), and what the service answered, newest first, each with the tab it was done in and its request
//! as a `curl` command to hand to IT (the key left out).

use leptos::prelude::*;
use petstore_core::Page;

use crate::api::Pet;
use crate::components::{iso_time, page_title};
use crate::i18n::{clock_seconds, t, words, Label};
use crate::pages::pet_new::add_one_like;
use crate::session::{this_tab, use_activity, use_current_env, CurrentEnv, Entry, Outcome};

/// The activity page.
#[component]
pub fn Activity() -> impl IntoView {
    let current = use_current_env();
    let log = use_activity();
    log.read_stored();
    page_title(|| words::nav_activity().into_owned());
    // Both environments' logs, merged and sorted once per change.
    let entries = Memo::new(move |_| log.entries());
    view! {
        <h1>{t(words::nav_activity)}</h1>
        <p class="note">{t(words::activity_intro)}</p>
        <Show
            when=move || entries.with(|e| !e.is_empty())
            fallback=|| view! { <p class="empty">{t(words::activity_empty)}</p> }
        >
            <table class="activity">
                <thead>
                    <tr>
                        <th scope="col">{t(words::column_time)}</th>
                        <th scope="col">{t(words::environment)}</th>
                        <th scope="col">{t(words::column_what_happened)}</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || entries.get() key=|e| (e.env.clone(), e.id, e.seq) let:entry>
                        <ActivityRow entry current />
                    </For>
                </tbody>
            </table>
        </Show>
    }
}

#[component]
fn ActivityRow(entry: Entry, current: CurrentEnv) -> impl IntoView {
    // An added pet's line offers "Add one like this", where it knows the pet's category.
    let like = match (&entry.outcome, entry.environment()) {
        (
            Outcome::Created {
                id,
                name,
                category_id: Some(category_id),
                status,
            },
            Some(env),
        ) => {
            let pet = Pet {
                id: *id,
                name: name.clone(),
                category_id: *category_id,
                status: status.clone(),
            };
            Some(add_one_like(env, &pet))
        }
        _ => None,
    };
    // Drawn again in another language (a component's body is not: hence the closure).
    move || row(entry.clone(), current, like.clone())
}

fn row(
    entry: Entry,
    current: CurrentEnv,
    like: Option<impl Fn() + Clone + 'static>,
) -> impl IntoView {
    let env = entry.environment();
    let clock = clock_seconds(entry.at_ms as f64);
    let iso = iso_time(entry.at_ms as f64);
    // A copy says where its pet came from, whatever came of it.
    let source = entry.source().map(|(from, id)| {
        view! { <p class="what">{words::copied_from(&from.label(), &id.to_string())}</p> }
    });
    // Which tab: this one, or another, by the time of that tab's first entry.
    let tab = match entry.tab_ms {
        0 => None,
        ms if Some(ms) == this_tab() => Some(words::activity_this_tab().into_owned()),
        ms => Some(words::activity_other_tab(&clock_seconds(ms as f64))),
    };
    let result = match entry.outcome {
        Outcome::Created { id, name, .. } => {
            let text = words::activity_added(&id.to_string(), &name);
            match env {
                Some(env) => {
                    view! { <a href=current.link(&Page::pet(id), env)>{text}</a> }.into_any()
                }
                None => text.into_any(),
            }
        }
        Outcome::Refused { name, message } => words::activity_refused(&message, &name).into_any(),
        Outcome::Unknown { name, message } => words::activity_unknown(&message, &name).into_any(),
        Outcome::Failed {
            pet: Some(id),
            message,
        } => words::activity_read_failed(&id.to_string(), &message).into_any(),
        Outcome::Failed { pet: None, message } => words::activity_list_failed(&message).into_any(),
        Outcome::NoSuchPet { id } => {
            let env = env.map_or(entry.env.clone(), |e| e.label().into_owned());
            words::no_pet_with_id(&env, &id.to_string()).into_any()
        }
    };
    let curl = entry.curl.clone();
    view! {
        <tr>
            // On a phone the header row is hidden: each cell names its column.
            <td data-label=words::column_time()>
                <time datetime=iso>{clock}</time>
                <span class="tab-note">{tab}</span>
            </td>
            <td data-label=words::environment()>
                {env.map_or(entry.env.clone(), |e| e.label().into_owned())}
            </td>
            <td class="wrap">
                <p class="what">{result}</p>
                {source}
                {like.map(|like| view! {
                    <p>
                        <button type="button" class="secondary small" on:click=move |_| like()>
                            {t(words::add_one_like_this)}
                        </button>
                    </p>
                })}
                // The request itself is for whoever looks into a problem, not for every row.
                <details>
                    <summary>{words::details_for_it()}</summary>
                    <p class="wrap">{breakable(&entry.request)}</p>
                    <p class="note">{words::as_curl_command()}</p>
                    <pre class="curl wrap">{curl.clone()}</pre>
                    <CopyButton text=curl />
                </details>
            </td>
        </tr>
    }
}

/// A request line that breaks after a `/`, `?` or `&` when it must (on a phone), rather than
/// inside a pet's number.
fn breakable(request: &str) -> impl IntoView {
    request
        .split_inclusive(['/', '?', '&'])
        .map(|part| view! { {part.to_owned()} <wbr /> })
        .collect_view()
}

/// A button that puts `text` on the clipboard and says so.
#[component]
fn CopyButton(
    /// What to copy.
    text: String,
) -> impl IntoView {
    let (said, set_said) = signal(None::<bool>);
    let copy = move |_| {
        let clipboard = window().navigator().clipboard();
        let promise = clipboard.write_text(&text);
        leptos::task::spawn_local(async move {
            let done = wasm_bindgen_futures::JsFuture::from(promise).await;
            set_said.set(Some(done.is_ok()));
        });
    };
    view! {
        <button type="button" class="secondary" on:click=copy>
            {t(words::copy_curl_command)}
        </button>
        <span role="status">
            {move || {
                said.get()
                    .map(|done| match done {
                        true => words::copied(),
                        false => words::copy_not_allowed(),
                    })
            }}
        </span>
    }
}
