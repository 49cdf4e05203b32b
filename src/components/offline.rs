//! What the pages say while the service is out of reach: the kept answers shown and when
//! they were received, that writes are off, and when the connection is back; or, while it is
//! only slow, that the answers shown are kept ones until its own comes.

use leptos::prelude::*;

use crate::config::Environment;
use crate::i18n::{words, Label};
use crate::session::{use_current_env, use_session};

/// "Offline — Production as it was at 10:42" (or, with the device online, that the service
/// is not answering; with nothing kept on screen, that it cannot be read) in a band as plain as the environment's, or "Back online", for the current
/// environment, above every page. Kept answers look like live ones; the band is what tells
/// them apart, so it is not a small grey note.
#[component]
pub fn ConnectionNote() -> impl IntoView {
    let session = use_session();
    let current = use_current_env();
    move || {
        let env = current.env();
        let offline = match session.kept_answer(env) {
            // A slow answer says adding still works: not once the device itself is offline.
            Some(kept) if kept.slow && !session.device_offline() => {
                let text = words::slow_as_it_was(&env.label(), &clock_time(&kept.at));
                return Some(view! { <p class="note waiting" role="status">{text}</p> }.into_any());
            }
            // The device offline, or the service not answering while the device is online:
            // the Wi-Fi is only worth checking in the first case.
            Some(kept) => Some(match session.device_offline() {
                true => words::offline_as_it_was(&env.label(), &clock_time(&kept.at)),
                false => words::unreachable_as_it_was(&env.label(), &clock_time(&kept.at)),
            }),
            None if session.device_offline() => Some(words::offline_now(&env.label())),
            None if session.read_only(env) => Some(words::unreachable_now(&env.label())),
            None => None,
        };
        if let Some(text) = offline {
            Some(view! { <p class="band offline" role="status">{text}</p> }.into_any())
        } else if session.back_online() == Some(env) {
            let text = words::back_online(&env.label());
            Some(view! { <p class="note online" role="status">{text}</p> }.into_any())
        } else {
            None
        }
    }
}

/// The reason writes to `env` are off, beside the button that is off; nothing while they
/// are on.
#[component]
pub fn OfflineWrites(
    /// The environment the page writes to.
    env: Environment,
) -> impl IntoView {
    let session = use_session();
    move || {
        session.read_only(env).then(|| {
            view! {
                <p class="note offline">
                    {match session.device_offline() {
                        true => words::offline_writes(&env.label()),
                        false => words::out_of_reach(&env.label()),
                    }}
                </p>
            }
        })
    }
}

/// The local time of day ("10:42") of an ISO 8601 time; the text itself if it is not one.
fn clock_time(iso: &str) -> String {
    let ms = js_sys::Date::new(&iso.into()).get_time();
    if ms.is_nan() {
        return iso.to_owned();
    }
    super::clock_time(ms)
}
