//! `/activity`: what was done in this tab and what the service answered, newest first, each
//! with its request as a `curl` command to hand to IT (the key left out).

use leptos::prelude::*;

use crate::components::page_title;
use crate::session::{use_session, Entry, Outcome, Session};

/// The activity page.
#[component]
pub fn Activity() -> impl IntoView {
    let session = use_session();
    session.read_activity();
    page_title(|| "Activity".to_owned());
    let entries = move || session.activity();
    view! {
        <h1>"Activity"</h1>
        <p class="note">
            "Every pet added and every failed read in this tab, newest first. It is forgotten with the keys (Sign out everywhere) and when the tab is closed."
        </p>
        <Show
            when=move || !entries().is_empty()
            fallback=|| view! { <p class="empty">"Nothing yet in this tab."</p> }
        >
            <table class="activity">
                <thead>
                    <tr>
                        <th scope="col">"Time"</th>
                        <th scope="col">"Environment"</th>
                        <th scope="col">"What happened"</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=entries key=|e| e.seq let:entry>
                        <ActivityRow entry session />
                    </For>
                </tbody>
            </table>
        </Show>
    }
}

#[component]
fn ActivityRow(entry: Entry, session: Session) -> impl IntoView {
    let env = entry.environment();
    let when = js_sys::Date::new(&(entry.at_ms as f64).into());
    let clock = format!(
        "{:02}:{:02}:{:02}",
        when.get_hours(),
        when.get_minutes(),
        when.get_seconds()
    );
    let iso = String::from(when.to_iso_string());
    // A copy says where its pet came from, whatever came of it.
    let source = entry.source().map(|(from, id)| {
        view! { <p class="what">{format!("Copied from {}, id {id}.", from.label())}</p> }
    });
    let result = match entry.outcome {
        Outcome::Created { id, name } => {
            let text = format!("Added “{name}” (id {id})");
            match env {
                Some(env) => view! { <a href=session.link(&format!("/pets/{id}"), env)>{text}</a> }
                    .into_any(),
                None => text.into_any(),
            }
        }
        Outcome::Refused { name, message } => {
            format!("Could not add “{name}”: {message}").into_any()
        }
        Outcome::Unknown { name, message } => format!(
            "“{name}” may or may not have been added: {message} Check the list before adding it again."
        )
        .into_any(),
        Outcome::Failed { pet: Some(id), message } => {
            format!("Could not read pet {id}: {message}").into_any()
        }
        Outcome::Failed { pet: None, message } => {
            format!("Could not read the pets: {message}").into_any()
        }
    };
    let curl = entry.curl.clone();
    view! {
        <tr>
            <td>
                <time datetime=iso>{clock}</time>
            </td>
            <td>{env.map_or(entry.env.clone(), |e| e.label().to_owned())}</td>
            <td class="wrap">
                <p class="what">{result}</p>
                {source}
                // The request itself is for whoever looks into a problem, not for every row.
                <details>
                    <summary>"Details for IT"</summary>
                    <p class="wrap">{entry.request}</p>
                    <p class="note">
                        "As a curl command; set PETSTORE_API_KEY to the key first:"
                    </p>
                    <pre class="curl wrap">{curl.clone()}</pre>
                    <CopyButton text=curl />
                </details>
            </td>
        </tr>
    }
}

/// A button that puts `text` on the clipboard and says so.
#[component]
fn CopyButton(
    /// What to copy.
    text: String,
) -> impl IntoView {
    let (said, set_said) = signal(None::<&'static str>);
    let copy = move |_| {
        let clipboard = window().navigator().clipboard();
        let promise = clipboard.write_text(&text);
        leptos::task::spawn_local(async move {
            let done = wasm_bindgen_futures::JsFuture::from(promise).await;
            set_said.set(Some(match done {
                Ok(_) => "Copied.",
                Err(_) => "The browser did not allow copying: select the text instead.",
            }));
        });
    };
    view! {
        <button type="button" class="secondary" on:click=copy>
            "Copy curl command"
        </button>
        <span role="status">{move || said.get()}</span>
    }
}
