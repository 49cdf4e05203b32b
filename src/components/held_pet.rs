//! The pet held before it is sent, on whichever page the manager is: who is about to be added
//! where, a countdown, and Undo and Send now; or, when a switch of environment or a sign-out
//! waits, the question of what becomes of it. Also what is said of a held pet that was not
//! sent, and, once one was, what came of it (read from the record of sent pets), until it is
//! dismissed. Drawn as a lazy part of the shell (`app/lazy.rs`): only a press of Add pet shows
//! it.

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use petstore_core::Page;

use super::focus;
use crate::clock;
use crate::config::Environment;
use crate::i18n::{t, words, Label};
use crate::session::{
    absolute, use_creates, use_current_env, use_hold, use_sent, use_session, use_set_query, Held,
    Leave, Unsent,
};
use petstore_core::sent::Standing;

/// How often the countdown is drawn again: each second, so that a screen reader is not told
/// of its bar more often.
const TICK: Duration = Duration::from_secs(1);

/// The held pet's line, and the line about one not sent.
#[component]
pub fn HeldPet() -> impl IntoView {
    let hold = use_hold();
    let current = use_current_env();
    let location = use_location();
    view! {
        {move || hold.held().map(|held| view! { <HeldLine held /> })}
        // On the add form of its environment, the form says what came of it.
        {move || {
            hold.sent_line()
                .filter(|(env, ..)| {
                    !(location.pathname.with(|p| Page::New.is_at(p)) && current.env() == *env)
                })
                .map(|(env, name, key)| view! { <SentLine env name key /> })
        }}
        {move || {
            hold.unsent()
                .map(|(env, name, why)| {
                    let said = match why {
                        Unsent::TabClosed => words::unsent_tab_closed(&env.label(), &name),
                        Unsent::Offline => words::unsent_offline(&env.label(), &name),
                        Unsent::SignedOut => words::unsent_signed_out(&env.label(), &name),
                        Unsent::Cleared => words::unsent_cleared(&env.label(), &name),
                    };
                    view! {
                        <p class="note held wrap" role="alert">
                            {said}
                            " "
                            <a
                                class="button small"
                                href=current.link(&Page::New, env)
                                on:click=move |_| hold.dismiss()
                            >
                                {t(words::open_the_draft)}
                            </a>
                            " "
                            <button
                                type="button"
                                class="secondary small"
                                on:click=move |_| hold.dismiss()
                            >
                                {t(words::dismiss)}
                            </button>
                        </p>
                    }
                })
        }}
    }
}

/// One held pet: the countdown and its buttons, or the question a leave waits on.
#[component]
fn HeldLine(held: Held) -> impl IntoView {
    let hold = use_hold();
    let creates = use_creates();
    let session = use_session();
    let current = use_current_env();
    let set_query = use_set_query();
    let navigate = use_navigate();
    let location = use_location();
    // Only while this line is drawn can the menu ask about the pet.
    hold.note_on_screen(true);
    on_cleanup(move || hold.note_on_screen(false));
    // The clock the countdown is drawn from, while it is shown.
    let now = RwSignal::new(clock::now());
    let tick = StoredValue::new(Some(clock::every(TICK, move || now.set(clock::now()))));
    on_cleanup(move || drop(tick.try_update_value(Option::take)));
    let Held {
        env,
        name,
        until_ms,
        for_ms,
        ..
    } = held;
    let left_ms = move || (until_ms - now.get()).clamp(0.0, for_ms);
    // Never "0 seconds" while it is still held.
    let seconds = move || ((left_ms() / 1000.0).ceil() as u64).max(1);
    // After Undo the add form (opened if another page is shown) is as it was typed, its name
    // ready.
    let undo = move |_| {
        creates.undo();
        let on_its_form = location.pathname.with_untracked(|p| Page::New.is_at(p))
            && current.env_untracked() == env;
        if !on_its_form {
            navigate(&current.link(&Page::New, env), absolute(false));
        }
        request_animation_frame(|| focus("pet-name"));
    };
    // What waited on the answer is done once it is given.
    let then_leave = move |leave: Leave| match leave {
        Leave::Switch(to) => set_query("env", Some(to.as_str().to_owned()), false),
        Leave::SignOut(env) => session.sign_out_of(env),
    };
    let (said, asked) = (
        words::held_pet(&env.label(), &name),
        words::held_question(&env.label(), &name),
    );
    view! {
        <section class="note held" aria-labelledby="held-said">
            // Said once as it appears; the countdown beside it is not read out each second.
            <p id="held-said" role="status">{said}</p>
            {move || match hold.leaving() {
                None => {
                    // The keyboard comes here from the add form, whose fields are off while
                    // the pet is held (a second Enter takes it back rather than sending it),
                    // and from the question, once it is put away. A reference of its own each
                    // time the countdown is drawn: `on_load` runs once per reference.
                    let undo_button = NodeRef::<leptos::html::Button>::new();
                    undo_button.on_load(|button| {
                        // Nowhere, or on the form's Add button or a field, now turned off.
                        let nowhere = document().active_element().is_none_or(|e| {
                            e.tag_name() == "BODY" || e.matches(":disabled").unwrap_or(false)
                        });
                        if nowhere {
                            let _ = button.focus();
                        }
                    });
                    view! {
                        <p class="countdown">
                            <progress
                                max=for_ms
                                value=left_ms
                                aria-label=t(words::time_left_to_undo)
                            ></progress>
                            " "
                            <span aria-hidden="true">
                                {move || words::sending_in(seconds())}
                            </span>
                            " "
                            <button
                                type="button"
                                id="held-undo"
                                aria-describedby="held-said"
                                node_ref=undo_button
                                on:click=undo.clone()
                            >
                                {t(words::undo)}
                            </button>
                            " "
                            <button
                                type="button"
                                class="secondary"
                                on:click=move |_| creates.send_now()
                            >
                                {t(words::send_now)}
                            </button>
                        </p>
                    }
                        .into_any()
                }
                Some(leave) => {
                    let asked = asked.clone();
                    // The question takes the keyboard from the menu that asked it, onto its
                    // harmless answer: Enter then leaves the manager where they are.
                    let answer = NodeRef::<leptos::html::Button>::new();
                    answer.on_load(|button| {
                        let _ = button.focus();
                    });
                    let (leave_sent, leave_kept) = (then_leave.clone(), then_leave.clone());
                    view! {
                        <div class="question" role="group" aria-labelledby="held-question">
                            <p id="held-question">{asked}</p>
                            <button
                                type="button"
                                id="held-send-it-now"
                                on:click=move |_| {
                                    creates.send_now();
                                    leave_sent(leave);
                                }
                            >
                                {t(words::send_it_now)}
                            </button>
                            " "
                            <button
                                type="button"
                                class="secondary"
                                on:click=move |_| {
                                    creates.undo();
                                    leave_kept(leave);
                                }
                            >
                                {t(words::keep_as_draft)}
                            </button>
                            " "
                            // Or neither: the switch or the sign-out is not done.
                            <button
                                type="button"
                                class="secondary"
                                id="held-stay"
                                node_ref=answer
                                on:click=move |_| creates.stay()
                            >
                                // Where the manager is, which a link may have made another
                                // than the pet's.
                                {move || match leave {
                                    Leave::Switch(_) => words::stay_in(&current.env().label()),
                                    Leave::SignOut(_) => words::stay_signed_in().into_owned(),
                                }}
                            </button>
                        </div>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}

/// What came of the held pet sent last, as the record of sent pets says, until dismissed: on
/// its way, added (with a link to it), not added, or perhaps added.
#[component]
fn SentLine(env: Environment, name: String, key: String) -> impl IntoView {
    let hold = use_hold();
    let sent = use_sent();
    let current = use_current_env();
    let standing = Memo::new(move |_| sent.standing(env, &key));
    let dismiss = move |_| hold.dismiss_sent();
    move || {
        let (label, name) = (env.label(), name.clone());
        let dismiss_button = view! {
            <button type="button" class="secondary small" on:click=dismiss>
                {t(words::dismiss)}
            </button>
        };
        match standing.get() {
            Some(Standing::Created { id }) => view! {
                <p class="note held wrap" role="status">
                    {words::pet_added(&label, &id.to_string(), &name)}
                    " "
                    <a class="button small" href=current.link(&Page::pet(id), env)>{t(words::view_it)}</a>
                    " "
                    {dismiss_button}
                </p>
            }
            .into_any(),
            Some(Standing::Unknown { .. }) => view! {
                <p class="note held wrap" role="alert">
                    {words::create_no_answer(&label, &name)}
                    " "
                    <a class="button small" href=current.link(&Page::List, env)>{t(words::check_the_list)}</a>
                    " "
                    {dismiss_button}
                </p>
            }
            .into_any(),
            Some(Standing::Refused { message }) => view! {
                <p class="note held wrap" role="alert">
                    {words::sent_pet_refused(&label, &message, &name)}
                    " "
                    <a class="button small" href=current.link(&Page::New, env)>{t(words::open_the_draft)}</a>
                    " "
                    {dismiss_button}
                </p>
            }
            .into_any(),
            // Not sent after all (its key was refused, say): its draft is kept.
            None | Some(Standing::Dropped) => view! {
                <p class="note held wrap" role="alert">
                    {words::sent_pet_not_added(&label, &name)}
                    " "
                    <a class="button small" href=current.link(&Page::New, env)>{t(words::open_the_draft)}</a>
                    " "
                    {dismiss_button}
                </p>
            }
            .into_any(),
            Some(_) => view! {
                <p class="note held wrap" role="status">{words::adding_pet(&label, &name)}</p>
            }
            .into_any(),
        }
    }
}
