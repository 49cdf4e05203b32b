//! Find a pet: a pet's number, or a card's code as a barcode scanner types it (fast, then
//! Enter) or the tablet's camera reads it (Scan a card), opens the pet's page at once; a name
//! searches the list (on the list, as it is typed: the box is the list's search), and Enter on
//! a name only one pet has opens that pet. A card of the other environment says so and offers
//! to open it there (never switching by itself); anything else says what it is, until the box
//! or the page's filters change (its own search text aside).

use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};

use super::CardScanner;
use crate::config::Environment;
use crate::i18n::{t, words, Label};
use crate::session::{absolute, use_current_env};
use petstore_core::{is_a_name, read_scanned, Page, Scanned};

/// What the box says about the last text it was given, when it did not open a pet.
#[derive(Clone, Debug, PartialEq)]
enum Said {
    /// A card of the other environment: open it there?
    Elsewhere { id: i64, env: Environment },
    /// Not a pet: what it was (said in the language shown when drawn).
    NotAPet(Scanned),
}

/// Why `what` opens no pet, in words.
fn not_a_pet(what: &Scanned) -> String {
    match what {
        Scanned::NoSuchNumber => words::find_no_such_number().into_owned(),
        Scanned::OtherPage => words::find_other_page().into_owned(),
        Scanned::OtherSite(host) => words::find_other_site(host),
        Scanned::Nothing | Scanned::Text | Scanned::Pet { .. } => {
            words::find_nothing().into_owned()
        }
    }
}

/// Whether two of the address's queries set the same filters: the list's search text aside
/// (the box's own typing writes that, a moment later, once the list takes it) and in any
/// order (the router may reorder the rest as it lets the search go).
fn same_filters(a: &str, b: &str) -> bool {
    fn filters(query: &str) -> Vec<&str> {
        let pairs = query.trim_start_matches('?').split('&');
        pairs
            .filter(|pair| !pair.is_empty() && !pair.starts_with("q="))
            .collect()
    }
    let (a, b) = (filters(a), filters(b));
    let times = |list: &[&str], pair: &str| list.iter().filter(|p| **p == pair).count();
    a.len() == b.len() && a.iter().all(|pair| times(&a, pair) == times(&b, pair))
}

/// The list's search, which the box is on the list page.
#[derive(Clone, Copy)]
pub struct ListSearch {
    /// The search text (`q=`).
    pub text: Memo<String>,
    /// Called with the text as it is typed.
    pub on_input: Callback<String>,
    /// The pet the list holds alone under the name `text`, if exactly one.
    pub only_match: Callback<String, Option<i64>>,
}

/// The Find a pet box, with Scan a card.
#[component]
pub fn FindPet(
    /// On the list page, the list's search; elsewhere a name opens the list searched.
    #[prop(optional)]
    search: Option<ListSearch>,
) -> impl IntoView {
    let current = use_current_env();
    let navigate = use_navigate();
    let to_list = navigate.clone();
    let location = use_location();
    let field = NodeRef::<leptos::html::Input>::new();
    // What the box said, with the address it was said at: a change of filters puts it away.
    let (said, set_said) = signal(None::<(Said, String)>);
    let address = move || location.search.get_untracked();
    let (scanning, set_scanning) = signal(false);
    // The next scan starts afresh: the box is emptied once a pet opens.
    let open = move |id: i64, env: Environment| {
        if let Some(field) = field.get_untracked() {
            field.set_value("");
        }
        set_said.set(None);
        navigate(&current.link(&Page::pet(id), env), absolute(false));
    };
    // Typed, scanned into the box or read by the camera: one answer. Text typed is selected
    // when it opens nothing, so the next scan replaces it; the camera's leaves the keyboard
    // down, over the answer.
    let find = {
        let open = open.clone();
        move |text: String, typed: bool| {
            let shown = current.env_untracked();
            let what = read_scanned(&text, &current.here());
            let said = match what {
                Scanned::Pet { id, env } => match env.filter(|env| *env != shown) {
                    None => return open(id, shown),
                    Some(env) => Said::Elsewhere { id, env },
                },
                // A name: the list searched for it, and the one pet it names opened.
                Scanned::Text => match search {
                    Some(search) => {
                        if let Some(id) = search.only_match.run(text.clone()) {
                            open(id, shown);
                        }
                        return;
                    }
                    None => {
                        let list = current.link(&Page::List, shown);
                        let q = String::from(js_sys::encode_uri_component(text.trim()));
                        return to_list(&format!("{list}&q={q}"), absolute(false));
                    }
                },
                other => Said::NotAPet(other),
            };
            set_said.set(Some((said, address())));
            if let Some(input) = field.get_untracked() {
                input.set_value(&text);
                if typed {
                    input.select();
                }
            }
        }
    };
    let on_submit = {
        let find = find.clone();
        move |ev: SubmitEvent| {
            ev.prevent_default();
            if let Some(input) = field.get_untracked() {
                find(input.value(), true);
            }
        }
    };
    let on_read = Callback::new(move |text: String| {
        set_scanning.set(false);
        find(text, false);
    });
    let on_close = Callback::new(move |()| set_scanning.set(false));
    let answer = move || {
        let at = location.search.get();
        said.get()
            .filter(|(_, said_at)| same_filters(said_at, &at))
            .and_then(|(said, _)| match said {
                // Once the manager is in that environment, the card needs no answer.
                Said::Elsewhere { env, .. } if env == current.env() => None,
                Said::Elsewhere { id, env } => {
                    let open = open.clone();
                    let view = view! {
                        <div class="alert" role="alert">
                            <p>
                                {words::find_other_environment(
                                    &current.env().label(),
                                    &env.label(),
                                )}
                            </p>
                            <button type="button" on:click=move |_| open(id, env)>
                                {words::find_open_in(&env.label())}
                            </button>
                        </div>
                    }
                    .into_any();
                    Some(view)
                }
                Said::NotAPet(what) => {
                    let why = not_a_pet(&what);
                    Some(view! { <p class="alert wrap" role="alert">{why}</p> }.into_any())
                }
            })
    };
    view! {
        <form class="find-pet" role="search" on:submit=on_submit>
            <label for="find-pet">{t(words::find_pet)}</label>
            <div class="find-row">
                <input
                    id="find-pet"
                    type="text"
                    autocomplete="off"
                    autocapitalize="off"
                    spellcheck="false"
                    enterkeyhint="go"
                    placeholder=t(words::find_pet_hint)
                    aria-keyshortcuts=search.map(|_| "/")
                    node_ref=field
                    // The search as the address holds it when the list is drawn; then what is
                    // typed (a number or a code typed over it is no name to search for).
                    prop:value=search.map(|s| s.text.get_untracked())
                    // An answer is about the text it answered: typing anew puts it away.
                    on:input=move |ev| {
                        if said.with_untracked(Option::is_some) {
                            set_said.set(None);
                        }
                        if let Some(search) = search {
                            let text = event_target_value(&ev);
                            let name = is_a_name(&text, &current.here());
                            search.on_input.run(if name { text } else { String::new() });
                        }
                    }
                />
                <button type="submit" class="secondary">{t(words::find_open)}</button>
                <button
                    type="button"
                    class="secondary"
                    aria-expanded=move || scanning.get().to_string()
                    on:click=move |_| set_scanning.update(|on| *on = !*on)
                >
                    {t(words::scan_card)}
                </button>
            </div>
            {answer}
            {move || scanning.get().then(|| view! { <CardScanner on_read on_close /> })}
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::same_filters;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn the_search_text_is_no_filter_and_the_others_are() {
        assert!(same_filters("?env=staging&q=Rex", "?env=staging"));
        assert!(same_filters("?q=Rex&env=staging", "?env=staging"));
        // The search let go of, the filters after it reordered (the router's `swap_remove`).
        assert!(same_filters(
            "?env=staging&q=Rex&status=sold&category=2",
            "?env=staging&category=2&status=sold"
        ));
        assert!(!same_filters("?env=staging&status=sold", "?env=staging"));
        assert!(!same_filters("?env=staging", "?env=staging&status=sold"));
        assert!(!same_filters("?env=staging&qty=1", "?env=staging"));
        assert!(!same_filters(
            "?env=staging&env=staging",
            "?env=staging&status=sold"
        ));
    }
}
