//! Shared by the import suites: pasting rows, pressing buttons, sheets of rows, counting.

use petstore_admin::api::Client;
use wasm_bindgen::JsValue;
use web_sys::Element;

use super::sandbox::Sandbox;
use super::ui::*;

/// Pastes `text` into the "Paste rows" box.
pub async fn paste(host: &Element, text: &str) {
    let area = wait_for("the Paste rows box", || by_label(host, "Paste rows")).await;
    js_sys::Reflect::set(&area, &"value".into(), &JsValue::from_str(text)).unwrap();
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    area.dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
    settle().await;
}

pub async fn press(host: &Element, name: &str) {
    let b = wait_for(&format!("the {name} button"), || button(host, name)).await;
    click(&b).await;
}

/// Presses the button named `name` once it is on (Resume waits for the rows on their way).
pub async fn press_when_on(host: &Element, name: &str) {
    let b = wait_for(&format!("the {name} button, on"), || {
        button(host, name).filter(|b| !b.has_attribute("disabled"))
    })
    .await;
    click(&b).await;
}

/// `n` rows named `{prefix} 1`..; the row numbered `refused` gets a name the service refuses.
pub fn sheet(prefix: &str, n: usize, refused: Option<usize>) -> String {
    let mut text = String::from("name\tcategoryId\tstatus\n");
    for i in 1..=n {
        let name = if Some(i) == refused {
            "x".repeat(201)
        } else {
            format!("{prefix} {i}")
        };
        text.push_str(&format!("{name}\t{i}\tavailable\n"));
    }
    text
}

/// How many pets of `env` are named `{prefix} 1` to `{prefix} 30`, each.
pub async fn count_named(sb: &Sandbox, env: &str, key: &str, prefix: &str) -> Vec<usize> {
    let pets = Client::new(&sb.base(env), key)
        .list_pets(100, None)
        .await
        .unwrap();
    (1..=30)
        .map(|i| {
            pets.iter()
                .filter(|p| p.name == format!("{prefix} {i}"))
                .count()
        })
        .collect()
}
