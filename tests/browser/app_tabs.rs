//! The app's open tabs share one sign-in, over a `BroadcastChannel`: each test plays the other
//! tab with a channel of its own in the same page (the real tabs are the end-to-end suite's).
//! An open tab gives its key to a new one of the same deployment, and to no other; a new tab
//! takes the key it asked for and signs in without the form; Sign out and Sign out everywhere
//! reach every tab, each saying why.

use std::cell::RefCell;
use std::rc::Rc;

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{BroadcastChannel, MessageEvent};

/// Another tab of the app at the site's root, as far as the channel can tell.
struct OtherTab {
    channel: BroadcastChannel,
    heard: Rc<RefCell<Vec<String>>>,
    _listener: Closure<dyn Fn(MessageEvent)>,
}

impl OtherTab {
    fn open() -> OtherTab {
        let channel = BroadcastChannel::new("petstore-admin").expect("a channel");
        let heard = Rc::new(RefCell::new(Vec::new()));
        let into = heard.clone();
        let listener = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
            into.borrow_mut()
                .push(ev.data().as_string().unwrap_or_default());
        });
        channel.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        OtherTab {
            channel,
            heard,
            _listener: listener,
        }
    }

    fn say(&self, text: &str) {
        self.channel.post_message(&JsValue::from_str(text)).unwrap();
    }

    /// The messages heard that begin with `start`.
    fn heard(&self, start: &str) -> Vec<String> {
        self.heard
            .borrow()
            .iter()
            .filter(|m| m.starts_with(start))
            .cloned()
            .collect()
    }
}

impl Drop for OtherTab {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

fn stored(storage: Option<web_sys::Storage>, key: &str) -> Option<String> {
    storage?.get_item(key).ok()?
}

fn session_key(env: &str) -> Option<String> {
    let w = web_sys::window()?;
    stored(
        w.session_storage().ok()?,
        &format!("petstore-admin.api-key.{env}"),
    )
}

/// Whether `text` appears anywhere in this origin's `localStorage`.
fn in_local_storage(text: &str) -> bool {
    let Some(local) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return false;
    };
    (0..local.length().unwrap_or(0)).any(|i| {
        let key = local.key(i).ok().flatten().unwrap_or_default();
        let value = local.get_item(&key).ok().flatten().unwrap_or_default();
        key.contains(text) || value.contains(text)
    })
}

/// A sandbox, and the app on its production list, signed in with its rows shown.
async fn signed_in_list(test: &str) -> (Sandbox, Mounted) {
    let sandbox = Sandbox::new(test);
    let app = open_with("/pets?env=production", &sandbox.config()).await;
    sign_in(&app.host, PROD_KEY).await;
    wait_until("the rows", || !rows(&app.host).is_empty()).await;
    (sandbox, app)
}

#[wasm_bindgen_test]
async fn an_open_tab_gives_its_key_to_a_new_tab_of_its_deployment_only_and_signs_out_every_tab() {
    let (sandbox, app) = signed_in_list("tabs-give").await;
    let base = sandbox.base("production");
    let host = &app.host;
    let other = OtherTab::open();
    // Another deployment's tab (another address for production), and a key this tab lacks.
    other.say("ask\nproduction\nhttps://elsewhere.example/v1\nw1");
    let staging = sandbox.base("staging");
    other.say(&format!("ask\nstaging\n{staging}\nw2"));
    other.say(&format!("ask\nproduction\n{base}\nw3"));
    wait_until("the key given", || !other.heard("key\n").is_empty()).await;
    // Messages arrive in order: the two asks before were answered by nothing.
    let keys = other.heard("key\n");
    assert_eq!(
        keys,
        [format!("key\nproduction\n{base}\nw3\n{PROD_KEY}")],
        "the word repeated"
    );

    // Sign out here signs out the other tabs.
    click(&menu_button(host, "Sign out").await).await;
    wait_until("the others told", || !other.heard("signOut\n").is_empty()).await;
    assert!(other.heard("signOut\n")[0].contains(&base));
}

#[wasm_bindgen_test]
async fn a_new_tab_takes_the_key_an_open_tab_gives_and_never_asks_for_it() {
    let sandbox = Sandbox::new("tabs-take");
    let base = sandbox.base("production");
    let other = OtherTab::open();
    let app = open_with("/pets?env=production", &sandbox.config()).await;
    let host = &app.host;
    let asked = format!("ask\nproduction\n{base}\n");
    let question = wait_for("the question to the open tabs", || {
        other.heard(&asked).into_iter().next()
    })
    .await;
    let word = &question[asked.len()..];
    // An answer to another question is not this tab's to take; the answer to its own is.
    other.say(&format!(
        "key\nproduction\n{base}\nnot-{word}\nwrong-unasked"
    ));
    other.say(&format!("key\nproduction\n{base}\n{word}\n{PROD_KEY}"));
    wait_until("the rows, signed in", || !rows(host).is_empty()).await;
    assert!(!dialog_shown(host), "the sign-in form is still shown");
    assert_eq!(session_key("production").as_deref(), Some(PROD_KEY));
    assert!(!in_local_storage(PROD_KEY), "the key outlives the tabs");
    // Every read the service saw carried that key, none the unasked one.
    let log = sandbox.log("production").await;
    assert!(
        !log.is_empty() && log.iter().all(|s| s.auth == PROD_KEY),
        "{log:?}"
    );
}

#[wasm_bindgen_test]
async fn sign_out_in_another_tab_signs_this_one_out_and_says_why() {
    let (sandbox, app) = signed_in_list("tabs-sign-out").await;
    let base = sandbox.base("production");
    let host = &app.host;
    let other = OtherTab::open();
    other.say(&format!("signOut\nproduction\n{base}"));
    wait_until("the reason, in the sign-in form", || {
        dialog_shown(host)
            && page_text(host)
                .contains("You were signed out of Production in another tab of this app.")
    })
    .await;
    assert_eq!(session_key("production"), None);
}

#[wasm_bindgen_test]
async fn sign_out_everywhere_in_another_tab_empties_this_one_and_says_why() {
    let sandbox = Sandbox::new("tabs-everywhere");
    let app = open_with("/pets/new?env=production", &sandbox.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, "Draft to forget").await;
    let other = OtherTab::open();
    let base = sandbox.base("production");
    other.say(&format!("everywhere\npressed\n{base}"));
    wait_until("the reason, in the sign-in form", || {
        page_text(host).contains("Sign out everywhere was pressed in another tab")
    })
    .await;
    assert_eq!(session_key("production"), None);
    let draft = stored(
        web_sys::window().and_then(|w| w.session_storage().ok().flatten()),
        "petstore-admin.new-pet-draft.production",
    );
    assert_eq!(draft, None, "the draft outlived the sign-out");
    // Sign out everywhere here tells the others in turn.
    sign_in(host, PROD_KEY).await;
    click(&menu_button(host, "Sign out everywhere").await).await;
    let forget = wait_for("Forget everything", || button(host, "Forget everything")).await;
    click(&forget).await;
    wait_until("the others told", || {
        other
            .heard("everywhere\n")
            .iter()
            .any(|m| *m == format!("everywhere\npressed\n{base}"))
    })
    .await;
}

#[wasm_bindgen_test]
async fn sign_out_in_another_tab_during_a_hold_sends_nothing_and_keeps_the_draft() {
    let sandbox = Sandbox::new("tabs-hold");
    let app = open_with("/pets/new?env=production", &sandbox.config_undo(5.0)).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, "Held Hattie").await;
    type_into(&input(host, "Category ID").await, "4").await;
    click(&button(host, "Add pet").expect("Add pet")).await;
    wait_until("the pet held", || button(host, "Undo").is_some()).await;
    let other = OtherTab::open();
    other.say(&format!(
        "signOut\nproduction\n{}",
        sandbox.base("production")
    ));
    wait_until("said not sent, the draft kept", || {
        alerts(host).iter().any(|a| {
            a.contains("“Held Hattie” was not added to Production: the sign-out came before")
        })
    })
    .await;
    assert!(button(host, "Undo").is_none(), "no longer held");
    // Past the hold's time: the last person's pet never goes with the next one's key.
    let none = sandbox
        .receives_no_more("production", 5500, "nothing sent by a sign-out", |s| {
            s.method == "POST"
        })
        .await;
    assert_eq!(none, 0);
    sign_in(host, PROD_KEY).await;
    wait_until("the draft", || {
        by_label(host, "Name")
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|i| i.value() == "Held Hattie")
    })
    .await;
}
