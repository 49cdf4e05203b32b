//! `/pets/new`: the add form. One click makes one pet; a refused or failed request keeps what
//! was typed; the draft also survives a reload of the tab. The create itself is an action of
//! the app (see `session/create.rs`): it goes on if the form is left, and the form shows it on
//! return.

use petstore_core::Page;

use leptos::ev::{KeyboardEvent, SubmitEvent};
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::location::State;
use leptos_router::NavigateOptions;
use wasm_bindgen::{JsCast, JsValue};

use crate::api::{ApiError, Pet, PetStatus};
use crate::components::{
    category_options, focus, page_title, CreateOutcome, OfflineWrites, RoundLine, TextField,
};
use crate::config::Environment;
use crate::i18n::problems::{category_choice_said, category_said, name_said, status_said};
use crate::i18n::{clock_time, moment, status_name, t, words, Label};
use crate::input::{parse_int64, Draft, FieldErrors, RoundPet};
use crate::session::{
    absolute, use_creates, use_current_env, use_hold, use_sent, use_session, CallError,
    CreateRecord, CreateState,
};
use crate::storage;
use petstore_core::sent::{Entry, Standing};
use petstore_core::Categories;

/// History state of the navigation to a just-created pet, so its page can say so; followed
/// by the environment and the pet's id, so that no other pet's page says it.
const JUST_CREATED: &str = "petstore-admin:created";

/// History state of the navigation from a pet's "Add one like this": the form's draft is new,
/// not one brought back.
const LIKE_THIS: &str = "petstore-admin:like";

/// Opens the add form of `env` for a pet like `pet`: its category and status, the name empty
/// (in place of the draft kept for `env`, if any). Call from a component: it navigates.
pub fn add_one_like(env: Environment, pet: &Pet) -> impl Fn() + Clone {
    let current = use_current_env();
    let navigate = use_navigate();
    let draft = Draft::like(pet);
    move || {
        storage::keep_draft(env, draft.clone(), Vec::new());
        navigate(&current.link(&Page::New, env), marked(LIKE_THIS));
    }
}

/// The add page: the form of the current environment, built anew on a switch so that each
/// environment shows (and sends) only its own draft.
#[component]
pub fn PetNew() -> impl IntoView {
    let current = use_current_env();
    page_title(move || words::page_with_environment(&current.env().label(), &words::nav_new_pet()));
    view! {
        <h1>{t(words::nav_new_pet)}</h1>
        {move || {
            let env = current.env();
            view! { <PetForm env /> }
        }}
    }
}

/// The add form of one environment, with that environment's draft.
#[component]
fn PetForm(
    /// The environment the form's pet goes to.
    env: Environment,
) -> impl IntoView {
    let session = use_session();
    let current = use_current_env();
    let creates = use_creates();
    let sent = use_sent();
    let hold = use_hold();
    let saved = storage::kept_draft(env).unwrap_or_default();
    let names = StoredValue::new(session.categories(env));
    // "Another category number", where categories are named: chosen, or a kept draft's number
    // without a name. It stays chosen while the number is typed (the "1" of "12" may name a
    // category).
    let other_category = RwSignal::new(draft_number_unnamed(&saved.draft, &names));
    let navigate = use_navigate();
    let navigate_list = navigate.clone();
    let location = use_location();
    // Opened by "Add one like this": a new draft, its name to be typed first.
    let like = state_is(LIKE_THIS);
    if like {
        request_animation_frame(|| focus("pet-name"));
    }
    // A draft brought back from an earlier visit is said, with when it was typed.
    let restored = RwSignal::new((!saved.draft.is_empty() && !like).then_some(saved.saved_at_ms));
    let draft = RwSignal::new(saved.draft);
    // The pets added so far by "Add and add another" (kept with the draft across a reload).
    let round = RwSignal::new(saved.round);
    let save = move || storage::keep_draft(env, draft.get_untracked(), round.get_untracked());
    // What the last submit found wrong, field by field.
    let errors = RwSignal::new(FieldErrors::default());
    // Cancel with something typed asks first: keep the draft for later, or discard it.
    let asking = RwSignal::new(false);
    // The create this form sent, if any: only its answer moves the user, and only while the
    // form is shown. The router may keep a left page alive for a while (and its effects
    // running): the router's address changes as soon as a link is followed, so leaving the
    // form forgets the create it sent. With it, whether it is the next pet of a round ("Add and
    // add another") rather than one to show on its page.
    let submitted = StoredValue::new(None::<(u64, bool)>);
    let shown = move || location.pathname.with(|p| Page::New.is_at(p));
    // When the create is answered: an empty form, and the new pet's page.
    Effect::new(move |_| {
        let record = creates.last(env);
        if !shown() {
            submitted.set_value(None);
        }
        let Some(CreateRecord {
            id,
            draft: sent,
            state: CreateState::Created(pet),
            ..
        }) = record
        else {
            return;
        };
        let (ours, next_of_round) = match submitted.get_value() {
            Some((sent_id, of_round)) if sent_id == id => (true, of_round),
            _ => (false, false),
        };
        // The form no longer offers the pet it created (also when it was created while the
        // form was left); in a round, it keeps its category and status for the next one.
        if draft.with_untracked(|d| *d == sent) {
            draft.set(match next_of_round {
                true => sent.next_of_round(),
                false => Draft::default(),
            });
        }
        if !ours {
            return;
        }
        submitted.set_value(None);
        // Said here (and on the pet's page): the line every page shows of a sent pet goes.
        hold.dismiss_sent();
        if next_of_round {
            let added = RoundPet {
                id: pet.id,
                name: pet.name.clone(),
            };
            round.update(|r| r.push(added));
            save();
            focus("pet-name");
            return;
        }
        round.set(Vec::new());
        navigate(
            &current.link(&Page::pet(pet.id), env),
            marked(&created_mark(env, pet.id)),
        );
    });
    let pending = move || creates.pending();
    // While this form's pet is held (`undoSeconds`), its fields show what will be sent: a
    // change now would not be in it. Undo opens them again.
    let held_here = Memo::new(move |_| hold.held_in(env));
    // Nothing can be sent: a create is held or on its way, or the environment is out of reach.
    // The buttons and Enter alike.
    let blocked = move || pending() || hold.is_held() || session.read_only(env);
    // A pet equal to one sent before from this device (held, on its way, created or perhaps
    // created, by any path, in any tab): asked about before it is sent (with whether the press
    // was for the next pet of a round).
    let warning = RwSignal::new(None::<(Entry, Standing, bool)>);
    // The last pet added, said until a new one is started (typed, or held): the form shows
    // one message at a time, the newest.
    let put_away = RwSignal::new(None::<u64>);
    let edit = move |change: fn(&mut Draft, String), value: String| {
        warning.set(None);
        asking.set(false);
        if let Some(r) = untrack(|| creates.last(env)) {
            if matches!(r.state, CreateState::Created(_)) && put_away.get_untracked() != Some(r.id)
            {
                put_away.set(Some(r.id));
            }
        }
        draft.update(|d| change(d, value));
        save();
    };
    let discard = move || {
        draft.set(Draft::default());
        errors.set(FieldErrors::default());
        warning.set(None);
        restored.set(None);
        round.set(Vec::new());
        other_category.set(false);
        storage::forget_draft(env);
    };
    // Back to the list (the address is the app's own full path: not resolved again).
    let to_list = move || navigate_list(&current.href_untracked(&Page::List), absolute(false));
    let cancel = {
        let to_list = to_list.clone();
        move |_| match draft.with_untracked(Draft::is_empty) {
            true => to_list(),
            false => {
                // The question replaces an earlier one: one at a time.
                warning.set(None);
                asking.set(true);
                request_animation_frame(|| focus("keep-draft"));
            }
        }
    };

    // `again`: the manager was asked about an equal pet added before, and said add another;
    // `of_round`: the press was "Add and add another" (or Enter during a round).
    let send = move |again: bool, of_round: bool| {
        // A second click before the first answer must not create a second pet; nor may a key
        // send while the buttons are off.
        if untrack(blocked) {
            return;
        }
        match draft.with_untracked(Draft::validate) {
            Err(found) => {
                // Straight to what needs fixing, for keyboards and screen readers alike.
                if let Some(id) = found.first_invalid() {
                    // The category's error is on the number field while that is shown.
                    let number = id == "pet-category" && other_category.get_untracked();
                    focus(if number { "pet-category-number" } else { id });
                }
                errors.set(found);
            }
            Ok(pet) => {
                errors.set(FieldErrors::default());
                if let (Some((earlier, standing)), false) = (sent.earlier_equal(env, &pet), again) {
                    asking.set(false);
                    warning.set(Some((earlier, standing, of_round)));
                    return;
                }
                warning.set(None);
                if let Some(id) = creates.send(env, draft.get_untracked(), pet) {
                    submitted.set_value(Some((id, of_round)));
                    // Cancel's question, if it was asked, is answered by the press.
                    asking.set(false);
                }
            }
        }
    };

    let submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        send(false, false);
    };
    // Once a round has begun, Enter in a field adds the round's next pet rather than submitting
    // (which would end the round); not the Enter that ends an input method's composition.
    let on_keydown = move |ev: KeyboardEvent| {
        let in_field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.tag_name() == "INPUT");
        // Safari sends the Enter that ends a composition after it, as key code 229.
        let composing = ev.is_composing() || ev.key_code() == 229;
        if ev.key() != "Enter" || composing || !in_field || round.with_untracked(Vec::is_empty) {
            return;
        }
        // Not a submit (Add pet) either way: it would end the round.
        ev.prevent_default();
        if !(ev.ctrl_key() || ev.alt_key() || ev.meta_key()) {
            send(false, true);
        }
    };
    // A pet of the round is said in the round's line, not again on its own; a pet added is
    // no longer said once the next one is started or a question is asked.
    let outdated = move |record: &CreateRecord| match &record.state {
        CreateState::Created(pet) => {
            round.with(|r| r.iter().any(|p| p.id == pet.id))
                || put_away.get() == Some(record.id)
                || held_here.get()
                || asking.get()
                || warning.with(Option::is_some)
        }
        _ => false,
    };

    let record = move || creates.last(env);
    // A service 400 that names a field is shown on it, until that field is changed.
    let refused = Memo::new(move |_| match record() {
        Some(CreateRecord {
            draft: sent,
            state: CreateState::Failed(CallError::Api(ApiError::BadRequest(Some(body)))),
            ..
        }) => draft.with(|now| FieldErrors::from_refusal(&body, &sent, now)),
        _ => FieldErrors::default(),
    });
    // A field that had an error at the submit is checked again as it changes.
    let shown = Memo::new(move |_| {
        let checked = errors.with(|e| draft.with(|d| e.recheck(d)));
        checked.or(refused.get())
    });
    let progress = move || {
        if !pending() {
            return None;
        }
        Some(match record() {
            Some(r) if r.state == CreateState::Pending => {
                words::adding_pet(&r.env.label(), r.draft.name.trim())
            }
            _ => words::adding_elsewhere().into_owned(),
        })
    };
    view! {
        <form class="pet-form" on:submit=submit on:keydown=on_keydown novalidate>
            {move || restored.get().map(|at| view! {
                <p class="notice restored" role="status">
                    {match at {
                        0 => words::draft_restored_untimed().into_owned(),
                        at => words::draft_restored(&clock_time(at as f64)),
                    }}
                    " "
                    // Not while its pet is held: Undo gives the form back as typed.
                    <button
                        type="button"
                        class="secondary small"
                        disabled=held_here
                        on:click=move |_| {
                            discard();
                            focus("pet-name");
                        }
                    >
                        {t(words::discard)}
                    </button>
                </p>
            })}
            <fieldset class="plain" disabled=held_here>
            <TextField
                id="pet-name"
                label=words::column_name
                value=Signal::derive(move || draft.with(|d| d.name.clone()))
                on_input=move |v| edit(|d, v| d.name = v, v)
                error=Signal::derive(move || shown.with(name_said))
            />
            {match names.with_value(Categories::is_empty) {
                true => category_number("pet-category", draft, shown, edit).into_any(),
                false => view! { <CategoryChoice names draft other=other_category shown edit /> }.into_any(),
            }}
            <div class="field">
                <label for="pet-status">{t(words::column_status)}</label>
                <select
                    id="pet-status"
                    aria-describedby="pet-status-error"
                    on:change:target=move |ev| edit(|d, v| d.status = v, ev.target().value())
                >
                    <option value="" prop:selected=move || draft.with(|d| d.status.is_empty())>
                        {t(words::no_status_yet)}
                    </option>
                    {PetStatus::KNOWN
                        .map(|s| {
                            let value = s.as_str().to_owned();
                            let chosen = value.clone();
                            let text = move || status_name(Some(&s));
                            view! {
                                <option
                                    value=value
                                    prop:selected=move || draft.with(|d| d.status == chosen)
                                >
                                    {text}
                                </option>
                            }
                        })}
                </select>
                <p id="pet-status-error" class="field-error">
                    {move || shown.with(status_said)}
                </p>
            </div>
            </fieldset>
            <p class="target">
                {t(words::added_to_before)}
                <strong>{move || env.label()}</strong>
                {t(words::added_to_after)}
            </p>
            <OfflineWrites env />
            <div class="form-actions">
                <button
                    type="submit"
                    disabled=blocked
                    aria-busy=move || pending().to_string()
                >
                    {t(words::add_pet)}
                </button>
                <button
                    type="button"
                    class="secondary"
                    disabled=blocked
                    on:click=move |_| send(false, true)
                >
                    {t(words::add_and_add_another)}
                </button>
                // Back to the list; with something typed, after asking what becomes of it.
                <button
                    type="button"
                    class="secondary cancel"
                    disabled=held_here
                    on:click=cancel
                >
                    {t(words::cancel)}
                </button>
            </div>
            {move || asking.get().then(|| {
                let to_list = to_list.clone();
                view! {
                <div class="question" role="group" aria-labelledby="cancel-question">
                    <p id="cancel-question">{t(words::cancel_draft_question)}</p>
                    <a id="keep-draft" class="button" href=move || current.href(&Page::List)>
                        {t(words::keep_draft)}
                    </a>
                    " "
                    <button
                        type="button"
                        class="secondary"
                        disabled=held_here
                        on:click=move |_| {
                            discard();
                            to_list();
                        }
                    >
                        {t(words::discard_draft)}
                    </button>
                </div>
            }})}
            <p class="loading" role="status">{progress}</p>
            <RoundLine pets=round env />
            {move || warning.get().map(|(earlier, standing, of_round)| view! {
                <div class="alert wrap" role="alert">
                    <p>{move || asked_again(env, &earlier, &standing)}</p>
                    <button
                        type="button"
                        disabled=blocked
                        on:click=move |_| send(true, of_round)
                    >
                        {t(words::add_it_again)}
                    </button>
                </div>
            })}
        </form>
        {move || {
            record()
                .filter(|r| !outdated(r))
                .map(|record| view! { <CreateOutcome record /> })
        }}
    }
}

/// The category number field (the form's only category field where none is named), with the
/// element id `id`.
fn category_number(
    id: &'static str,
    draft: RwSignal<Draft>,
    shown: Memo<FieldErrors>,
    edit: impl Fn(fn(&mut Draft, String), String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <TextField
            id=id
            label=words::category_id
            numeric=true
            hint=words::category_id_hint
            value=Signal::derive(move || draft.with(|d| d.category_id.clone()))
            on_input=move |v| edit(|d, v| d.category_id = v, v)
            error=Signal::derive(move || shown.with(category_said))
        />
    }
}

/// Whether `draft` holds a category number that `names` gives no name.
fn draft_number_unnamed(draft: &Draft, names: &StoredValue<Categories>) -> bool {
    let text = draft.category_id.trim();
    !text.is_empty()
        && !parse_int64(text).is_ok_and(|id| names.with_value(|n| n.name(id).is_some()))
}

/// The category, where the deployment names its categories: a select of the names and
/// "Another category number", which shows the number field. A draft whose number has no
/// name shows the number field at once.
#[component]
fn CategoryChoice(
    names: StoredValue<Categories>,
    draft: RwSignal<Draft>,
    /// "Another category number" chosen (the form's, so that Discard can reset it).
    other: RwSignal<bool>,
    shown: Memo<FieldErrors>,
    edit: impl Fn(fn(&mut Draft, String), String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let choose = move |value: String| match value.as_str() {
        "other" => {
            other.set(true);
            edit(|d, _| d.category_id.clear(), value);
            request_animation_frame(|| focus("pet-category-number"));
        }
        _ => {
            other.set(false);
            edit(|d, v| d.category_id = v, value);
        }
    };
    // The draft's category, chosen in the select unless a number is being typed (`None`:
    // none chosen yet).
    let holds = move |id: Option<i64>| {
        !other.get()
            && draft.with(|d| match d.category_id.trim() {
                "" => id.is_none(),
                text => id.is_some_and(|id| parse_int64(text) == Ok(id)),
            })
    };
    let options = names.with_value(|n| category_options(n, move |id| holds(Some(id))));
    view! {
        <div class="field">
            <label for="pet-category">{t(words::column_category)}</label>
            <select
                id="pet-category"
                aria-describedby="pet-category-error"
                on:change:target=move |ev| choose(ev.target().value())
            >
                <option value="" prop:selected=move || holds(None)>
                    {t(words::choose_category)}
                </option>
                {options}
                <option value="other" prop:selected=move || other.get()>
                    {t(words::another_category_number)}
                </option>
            </select>
            <p id="pet-category-error" class="field-error">
                {move || match other.get() {
                    true => None,
                    false => shown.with(category_choice_said),
                }}
            </p>
        </div>
        <Show when=move || other.get()>
            {category_number("pet-category-number", draft, shown, edit)}
        </Show>
    }
}

/// The add form's question before adding a pet equal to `earlier`, one sent to `env` from
/// this device, which stands as `standing`: what became of it, when, and where.
fn asked_again(env: Environment, earlier: &Entry, standing: &Standing) -> String {
    let pet = &earlier.pet;
    let (category, name, env) = (pet.category_id.to_string(), &pet.name, env.label());
    let time = moment(earlier.sent_ms.unwrap_or(earlier.noted_ms) as f64);
    match standing {
        Standing::Created { id } => {
            words::added_before_question(&category, &env, &id.to_string(), name, &time)
        }
        Standing::Sending { .. } => words::sending_now_question(&category, &env, name, &time),
        Standing::Held { .. } | Standing::Queued { .. } => {
            words::held_elsewhere_question(&category, &env, name, &time)
        }
        _ => words::sent_before_question(&category, &env, name, &time),
    }
}

/// Whether the page of pet `id` of `env` was reached by creating that pet.
pub fn just_created(env: Environment, id: i64) -> bool {
    state_is(&created_mark(env, id))
}

/// The history state that says pet `id` of `env` was just created.
fn created_mark(env: Environment, id: i64) -> String {
    format!("{JUST_CREATED}:{}:{id}", env.as_str())
}

/// Whether the history entry shown holds `mark` (one of this module's). Read from the
/// browser's history, not the router's `use_location().state`: the router changes that only
/// on its own navigations, so after a link or Back it still holds the mark of the navigation
/// before. The browser's entry may lag a link for a moment too (the router writes it as the
/// new page completes), so a mark names its page: a stale one names another.
fn state_is(mark: &str) -> bool {
    let state = window().history().and_then(|h| h.state()).ok();
    state.and_then(|s| s.as_string()).as_deref() == Some(mark)
}

/// A navigation that leaves `mark` in the history's state, for the page it opens.
fn marked(mark: &str) -> NavigateOptions {
    NavigateOptions {
        state: State::new(Some(JsValue::from_str(mark))),
        ..absolute(false)
    }
}
