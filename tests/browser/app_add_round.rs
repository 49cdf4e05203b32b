//! Adding more like the last: "Add and add another", a round of pets of one category and
//! status, each sent once, the form kept for the next one, Enter in the name field adding the
//! next once the round has begun, and the round kept with the draft across a reload; and a
//! pet's "Add one like this", the form in that pet's environment with its category and status.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::{staging, PROD_KEY, STAGING_KEY};
use petstore_admin::api::{Client, NewPet, PetStatus};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// The round's line: its text and its links' addresses.
fn round_line(host: &web_sys::Element) -> Option<(String, Vec<String>)> {
    let line = host.query_selector(".round").ok()??;
    let links = line.query_selector_all("a").ok()?;
    let hrefs = (0..links.length())
        .filter_map(|i| links.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .filter_map(|a| a.get_attribute("href"))
        .collect();
    Some((line.text_content().unwrap_or_default(), hrefs))
}

fn posts() -> usize {
    sent()
        .iter()
        .filter(|(method, ..)| method == "POST")
        .count()
}

#[wasm_bindgen_test]
async fn a_round_adds_each_pet_once_and_keeps_the_form_for_the_next() {
    let stamp = js_sys::Date::now();
    let names = ["Tom", "Tibbs", "Tiger"].map(|n| format!("{n} {stamp}"));
    // A production of its own: the pets are looked for among its first 100.
    let sandbox = Sandbox::new("round");
    let app = open_with("/pets/new?env=production", &sandbox.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    type_into(&input(host, "Name").await, &names[0]).await;
    type_into(&input(host, "Category ID").await, "4").await;
    choose(&select(host, "Status").await, "available").await;
    click(&button(host, "Add and add another").expect("Add and add another")).await;
    wait_until("the round's first pet", || {
        round_line(host).is_some_and(|(text, _)| text.contains("1 added to Production"))
    })
    .await;
    // The form stays, with the same category and status, the name empty and focused.
    assert_eq!(address(), "/pets/new?env=production");
    let name = input(host, "Name").await;
    assert_eq!(name.value(), "");
    assert_eq!(input(host, "Category ID").await.value(), "4");
    assert_eq!(select(host, "Status").await.value(), "available");
    wait_until("the focus on the name", || focused_id() == "pet-name").await;

    // The second by the button, the third by Enter in the name field.
    type_into(&name, &names[1]).await;
    click(&button(host, "Add and add another").unwrap()).await;
    wait_until("two in the round", || {
        round_line(host).is_some_and(|(text, _)| text.contains("2 added to Production"))
    })
    .await;
    type_into(&name, &names[2]).await;
    assert!(
        press_key(&name, "Enter"),
        "Enter is the round's, not the form's submit"
    );
    wait_until("three in the round", || {
        round_line(host).is_some_and(|(text, _)| text.contains("3 added to Production"))
    })
    .await;
    holds_for("three creates, one per pet", 300, || posts() == 3).await;

    // Each pet once in production, as typed, in the round's category and status; each named
    // in the line, in order, with a link to its page.
    let pets = Client::new(&sandbox.base("production"), PROD_KEY)
        .list_pets(100, None)
        .await
        .unwrap();
    let (text, hrefs) = round_line(host).unwrap();
    let mut at = 0;
    for (name, href) in names.iter().zip(&hrefs) {
        let found: Vec<_> = pets.iter().filter(|p| &p.name == name).collect();
        assert_eq!(found.len(), 1, "{name} added once");
        let pet = found[0];
        assert_eq!(pet.category_id, 4);
        assert_eq!(pet.status, Some(PetStatus::Available));
        assert_eq!(href, &format!("/pets/{}?env=production", pet.id));
        let here = text[at..].find(name.as_str()).expect("named in order");
        at += here + name.len();
    }
    assert_eq!(hrefs.len(), 3);
    drop(app);

    // A reload keeps the round with the draft.
    let again = reopen_with(&sandbox.config()).await;
    let host = &again.host;
    wait_until("the round after a reload", || {
        round_line(host)
            .is_some_and(|(text, links)| text.contains("3 added to Production") && links == hrefs)
    })
    .await;
    assert_eq!(input(host, "Category ID").await.value(), "4");
    holds_for("nothing sent again", 300, || posts() == 0).await;
}

#[wasm_bindgen_test]
async fn add_one_like_this_opens_the_form_with_its_category_and_status_in_its_environment() {
    let staged = Client::new(&staging(), STAGING_KEY);
    let name = format!("Kit {}", js_sys::Date::now());
    let pet = NewPet {
        name: name.clone(),
        category_id: 5,
        status: Some(PetStatus::Pending),
    };
    let pet = staged.create_pet(&pet).await.unwrap();
    let app = open(&format!("/pets/{}?env=staging", pet.id)).await;
    let host = &app.host;
    sign_in(host, STAGING_KEY).await;
    wait_until("the pet's page", || page_text(host).contains(&name)).await;
    click(&button(host, "Add one like this").expect("Add one like this")).await;

    // The form of the pet's environment, with its category and status and no name; nothing
    // sent, and the draft is new, not one brought back.
    wait_until("the add form", || address() == "/pets/new?env=staging").await;
    let field = input(host, "Name").await;
    assert_eq!(field.value(), "");
    assert_eq!(input(host, "Category ID").await.value(), "5");
    assert_eq!(select(host, "Status").await.value(), "pending");
    wait_until("the focus on the name", || focused_id() == "pet-name").await;
    assert!(!page_text(host).contains("restored"), "{}", page_text(host));
    assert!(page_text(host).contains("The pet will be added to Staging."));
    assert_eq!(posts(), 0);

    let sibling = format!("{name} 2");
    type_into(&field, &sibling).await;
    click(&button(host, "Add pet").unwrap()).await;
    wait_until("the new pet's page", || {
        page_text(host).contains("Pet added.")
    })
    .await;
    assert_eq!(posts(), 1);
    let pets = staged.list_pets(100, None).await.unwrap();
    let added: Vec<_> = pets.iter().filter(|p| p.name == sibling).collect();
    assert_eq!(added.len(), 1);
    assert_eq!(added[0].category_id, 5);
    assert_eq!(added[0].status, Some(PetStatus::Pending));

    // Its line in the activity log offers the same: the staging form, its category and status.
    follow(host, "Activity").await;
    let line = wait_for("the added pet's line", || {
        host.query_selector_all("table.activity tbody tr")
            .ok()
            .and_then(|rows| {
                (0..rows.length())
                    .filter_map(|i| rows.item(i))
                    .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
                    .find(|tr| tr.text_content().unwrap_or_default().contains(&sibling))
            })
    })
    .await;
    let like = line
        .query_selector("button")
        .ok()
        .flatten()
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
        .expect("Add one like this on the line");
    assert_eq!(
        like.text_content().unwrap_or_default().trim(),
        "Add one like this"
    );
    click(&like).await;
    wait_until("the add form", || address() == "/pets/new?env=staging").await;
    assert_eq!(input(host, "Name").await.value(), "");
    assert_eq!(input(host, "Category ID").await.value(), "5");
    assert_eq!(select(host, "Status").await.value(), "pending");
    assert_eq!(posts(), 1, "nothing more sent");
}
