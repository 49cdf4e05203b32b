//! The app's open tabs on one device share one sign-in, through a `BroadcastChannel` of this
//! deployment (same origin, same address): a tab opened without a key asks the open ones, and
//! the first that holds that environment's key signs it in; **Sign out** signs that
//! environment out in every tab; **Sign out everywhere** and the idle sign-out empty every
//! tab, each saying why; and use in any tab holds off the idle sign-out in the others. The
//! key goes from tab to tab only, into each tab's own `sessionStorage`: when the last tab
//! closes, it is gone.

use leptos::html::Main;
use leptos::prelude::*;
use petstore_core::{Emptied, TabMessage};
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{BroadcastChannel, MessageEvent};

use super::offline::index;
use super::Session;
use crate::config::Environment;
use crate::input::parse_api_key;

/// How often, at most, a tab tells the others it is in use.
const ACTIVE_EVERY_MS: f64 = 5_000.0;

/// How long a tab takes answers to its question for a key: an open tab answers at once, and a
/// key that comes later (another tab's answer to another question) is not this tab's to take.
const ANSWER_WITHIN_MS: f64 = 2_000.0;

/// Why this tab was signed out from outside it (or by the clock), for the sign-in form to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignedOut {
    /// Sign out, pressed in another tab, in this environment.
    InAnotherTab(Environment),
    /// Sign out everywhere, pressed in another tab.
    EverywhereInAnotherTab,
    /// Nobody used the app in any tab for the configuration's `idleMinutes`.
    Idle,
}

/// The channel and what this tab knows of the others.
#[derive(Clone, Copy)]
pub(super) struct Tabs {
    /// `None` where the browser has no `BroadcastChannel`: each tab is then on its own.
    channel: StoredValue<Option<SendWrapper<BroadcastChannel>>>,
    /// Per environment: this tab's question for a key (its word, and when it was asked, in ms
    /// since the epoch), until it takes an answer or a sign-out makes any answer stale.
    asked: StoredValue<[Option<(String, f64)>; 2]>,
    /// When another tab last said it was in use (ms since the epoch).
    active_elsewhere: StoredValue<f64>,
    /// When this tab last said so.
    active_said: StoredValue<f64>,
    /// Why this tab was last signed out from outside it.
    signed_out: RwSignal<Option<SignedOut>>,
    /// The app's `<main>`: an app taken off its page (unmounted, while its last tasks end)
    /// neither answers nor obeys the others.
    main: NodeRef<Main>,
}

impl Tabs {
    /// The channel of the app at `base` (the router's base path: two deployments on one origin
    /// do not share one).
    pub(super) fn open(base: &str) -> Tabs {
        let channel = BroadcastChannel::new(&format!("petstore-admin{base}")).ok();
        Tabs {
            channel: StoredValue::new(channel.map(SendWrapper::new)),
            asked: StoredValue::new([None, None]),
            active_elsewhere: StoredValue::new(0.0),
            active_said: StoredValue::new(0.0),
            signed_out: RwSignal::new(None),
            main: NodeRef::new(),
        }
    }

    /// Whether the app is on its page (see [`Tabs::main`]): starting (its `<main>` not drawn
    /// yet, while an answer may already come) or drawn and still in the document.
    fn on_page(&self) -> bool {
        match self.main.try_get_untracked() {
            Some(Some(main)) => main.is_connected(),
            Some(None) => true,
            None => false,
        }
    }

    /// Forgets this tab's questions: after a sign-out, an answer still on its way is stale.
    fn forget_questions(&self) {
        self.asked.set_value([None, None]);
    }

    fn post(&self, message: &TabMessage) {
        self.channel.with_value(|channel| {
            if let Some(channel) = channel {
                let _ = channel.post_message(&JsValue::from_str(&message.to_text()));
            }
        });
    }
}

/// Listens to the other tabs, and asks them for the keys this tab lacks. Call once, where the
/// session is made.
pub(super) fn listen(session: Session) {
    let Some(channel) = session.tabs.channel.get_value() else {
        return;
    };
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
        if let Some(message) = ev.data().as_string().and_then(|t| TabMessage::parse(&t)) {
            session.on_tab_message(message);
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let held = SendWrapper::new((channel, on_message));
    on_cleanup(move || {
        let (channel, _on_message) = held.take();
        channel.set_onmessage(None);
        channel.close();
    });
    for env in Environment::ALL {
        if !untrack(|| session.keys.has_key(env)) {
            // Unguessable enough for its purpose: telling this question's answer from others.
            let nonce = format!("{:x}", (js_sys::Math::random() * 1e15) as u64);
            let now = crate::clock::now();
            session
                .tabs
                .asked
                .update_value(|a| a[index(env)] = Some((nonce.clone(), now)));
            session.tabs.post(&TabMessage::Ask {
                env,
                base: session.base_url(env),
                nonce,
            });
        }
    }
}

impl Session {
    /// Forgets why this tab was last signed out: its key was refused since, so that reason
    /// would no longer be the one.
    pub(super) fn forget_sign_out_reason(&self) {
        self.tabs
            .signed_out
            .maybe_update(|why| why.take().is_some());
    }

    /// Why this tab was last signed out from outside it, if it was (tracked).
    pub fn signed_out(&self) -> Option<SignedOut> {
        self.tabs.signed_out.get()
    }

    /// Says to the other tabs that the app is in use here (at most every few seconds), so that
    /// none of them signs out for want of use.
    pub fn note_in_use(&self) {
        let now = crate::clock::now();
        if now - self.tabs.active_said.get_value() >= ACTIVE_EVERY_MS {
            self.tabs.active_said.set_value(now);
            self.tabs.post(&TabMessage::Active);
        }
    }

    /// When another tab last said the app was in use there (ms since the epoch; 0: never).
    pub fn in_use_elsewhere(&self) -> f64 {
        self.tabs.active_elsewhere.get_value()
    }

    /// Signs the current environment out in every open tab.
    pub fn sign_out(&self) {
        self.sign_out_of(self.current.env_untracked());
    }

    /// Signs `env` out in every open tab.
    pub fn sign_out_of(&self, env: Environment) {
        self.tabs.forget_questions();
        self.tabs.signed_out.set(None);
        self.sign_out_here(env);
        self.tabs.post(&TabMessage::SignOut {
            env,
            base: self.base_url(env),
        });
    }

    /// Empties every open tab (see [`Session::empty_tab`]).
    pub fn sign_out_everywhere(&self) {
        self.empty_every_tab(Emptied::Pressed);
    }

    /// Empties every open tab because nobody used the app for the configuration's
    /// `idleMinutes`; each tab says so.
    pub fn sign_out_idle(&self) {
        // An app taken off its page may keep its clock for a moment: it signs nobody out.
        if self.tabs.on_page() {
            self.empty_every_tab(Emptied::Idle);
        }
    }

    /// Empties this tab and tells the others why; this tab says why only when nobody here
    /// chose it.
    fn empty_every_tab(&self, why: Emptied) {
        self.empty_here(match why {
            Emptied::Pressed => None,
            Emptied::Idle => Some(SignedOut::Idle),
        });
        self.tabs.post(&TabMessage::Everywhere {
            why,
            base: self.base_url(Environment::Production),
        });
    }

    /// Empties this tab (a question for a key still unanswered goes too), saying `why` if
    /// anything.
    fn empty_here(&self, why: Option<SignedOut>) {
        self.tabs.forget_questions();
        self.empty_tab();
        self.tabs.signed_out.set(why);
    }

    fn base_url(&self, env: Environment) -> String {
        self.config.with_value(|c| c.base_url(env).to_owned())
    }

    /// The app's `<main>`, for the shell to bind (see [`Tabs`]).
    pub fn main_ref(&self) -> NodeRef<Main> {
        self.tabs.main
    }

    /// What another tab said, acted on in this one.
    fn on_tab_message(&self, message: TabMessage) {
        if !self.tabs.on_page() {
            return;
        }
        let ours = |env, base: &str| self.base_url(env) == base;
        match message {
            TabMessage::Ask { env, base, nonce } if ours(env, &base) => {
                let key = untrack(|| self.keys.slot(env).usable().map(str::to_owned));
                if let Some(key) = key {
                    self.tabs.post(&TabMessage::Key {
                        env,
                        base,
                        nonce,
                        key,
                    });
                }
            }
            // Only the answer to this tab's own question, in time, and only while it has no key.
            TabMessage::Key {
                env,
                base,
                nonce,
                key,
            } if ours(env, &base) => {
                let asked = self.tabs.asked.with_value(|a| a[index(env)].clone());
                let answers = asked.is_some_and(|(word, at)| {
                    word == nonce && crate::clock::now() - at < ANSWER_WITHIN_MS
                });
                if answers && !untrack(|| self.keys.has_key(env)) && parse_api_key(&key).is_ok() {
                    self.tabs.asked.update_value(|a| a[index(env)] = None);
                    self.keys.sign_in(env, key);
                }
            }
            TabMessage::SignOut { env, base } if ours(env, &base) => {
                self.tabs.forget_questions();
                let had_key = untrack(|| self.keys.has_key(env));
                self.sign_out_here(env);
                if had_key {
                    self.tabs.signed_out.set(Some(SignedOut::InAnotherTab(env)));
                }
            }
            TabMessage::Everywhere { why, base } if ours(Environment::Production, &base) => {
                self.empty_here(Some(match why {
                    Emptied::Pressed => SignedOut::EverywhereInAnotherTab,
                    Emptied::Idle => SignedOut::Idle,
                }));
            }
            TabMessage::Active => self.tabs.active_elsewhere.set_value(crate::clock::now()),
            _ => {}
        }
    }
}
