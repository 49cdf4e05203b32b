//! The pages downloaded on first use (see `crate::split`): each page's code is a chunk of its
//! own, fetched when the page is first shown, or before, once the first screen is idle or a
//! link to the page is pointed at. Routes use these rather than Leptos's `#[lazy_route]`, whose
//! failed download would panic: here it shows a message with Reload. Two parts of the shell
//! that no first screen shows are drawn the same way: the idle guard, which acts only after
//! minutes (and only where `idleMinutes` is set), and the note that a new version is ready. The
//! sign-in form, which a daily start (the tab already holds its key) never shows, is drawn
//! the same way over the page (`lazy_sign_in`).

use petstore_core::Page;
use std::time::Duration;

use crate::i18n::{t, words};
use leptos::ev;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use crate::components::{
    prefetch_menu_contents, preload_export, HeldPet, IdleGuard, LoadFailed, SignIn, UpdateBanner,
};
use crate::config::Environment;
use crate::pages::{Activity, Compare, PetImport, PetNew, PetView, Store};
use crate::session::Session;
use crate::split::{prefetch, prefetch_when_installed, split, worker_installed, SplitLoaderError};

/// One lazy page: `$view` builds it once its chunk is here, `$preload` only downloads it.
macro_rules! lazy_page {
    ($view:ident, $preload:ident, $chunk:ident, $page:ident) => {
        split! {
            $chunk, $preload;
            fn $view() -> Result<AnyView, SplitLoaderError> {
                Ok(view! { <$page /> }.into_any())
            }
        }
    };
}

lazy_page!(new_view, new_preload, page_new, PetNew);
lazy_page!(import_view, import_preload, page_import, PetImport);
lazy_page!(pet_view, pet_preload, page_view, PetView);
lazy_page!(activity_view, activity_preload, page_activity, Activity);
lazy_page!(compare_view, compare_preload, page_compare, Compare);
lazy_page!(store_view, store_preload, page_store, Store);
lazy_page!(idle_view, idle_preload, idle_guard, IdleGuard);
lazy_page!(update_view, update_preload, update_banner, UpdateBanner);
lazy_page!(held_view, held_preload, held_pet, HeldPet);

split! {
    sign_in, sign_in_preload;
    fn sign_in_view(env: Environment) -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <SignIn env /> }.into_any())
    }
}

/// A page (or a part of the shell) whose code is downloaded when it is first needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LazyPage {
    /// The add form.
    New,
    /// The import page.
    Import,
    /// One pet.
    View,
    /// The activity log.
    Activity,
    /// Both environments compared, in groups.
    Compare,
    /// The store at a glance.
    Store,
    /// Not a page: the idle guard (`idleMinutes`), drawn the same way since it acts only
    /// after minutes and the first screen need not carry its code.
    IdleGuard,
    /// Not a page: "A new version is ready", needed only once one is.
    UpdateBanner,
    /// Not a page: the pet held before it is sent (`undoSeconds`), and one that was not sent.
    HeldPet,
}

impl LazyPage {
    const ALL: [LazyPage; 6] = [
        Self::New,
        Self::Import,
        Self::View,
        Self::Activity,
        Self::Compare,
        Self::Store,
    ];

    /// The lazy page at `path` (below the router's base), if it is one.
    pub(crate) fn at(path: &str) -> Option<Self> {
        match Page::at(path)? {
            Page::List => None,
            Page::New => Some(Self::New),
            Page::Import => Some(Self::Import),
            Page::Pet(_) => Some(Self::View),
            Page::Activity => Some(Self::Activity),
            Page::Compare => Some(Self::Compare),
            Page::Store => Some(Self::Store),
        }
    }

    async fn view(self) -> Result<AnyView, SplitLoaderError> {
        match self {
            Self::New => new_view().await,
            Self::Import => import_view().await,
            Self::View => pet_view().await,
            Self::Activity => activity_view().await,
            Self::Compare => compare_view().await,
            Self::Store => store_view().await,
            Self::IdleGuard => idle_view().await,
            Self::UpdateBanner => update_view().await,
            Self::HeldPet => held_view().await,
        }
    }

    /// Downloads the page's code without showing it. A failure is not kept: showing the page
    /// downloads it again, and says so if that fails too.
    async fn preload(self) -> Result<(), SplitLoaderError> {
        match self {
            Self::New => new_preload().await,
            Self::Import => import_preload().await,
            Self::View => pet_preload().await,
            Self::Activity => activity_preload().await,
            Self::Compare => compare_preload().await,
            Self::Store => store_preload().await,
            Self::IdleGuard => idle_preload().await,
            Self::UpdateBanner => update_preload().await,
            Self::HeldPet => held_preload().await,
        }
    }

    /// Downloads the page's code in the background, once a first visit's service worker is
    /// active.
    fn prefetch(self) {
        prefetch_when_installed(self.preload());
    }

    /// Whether this is a part of the shell rather than a page: nothing is said while its code
    /// downloads (no one asked for it).
    fn is_shell_part(self) -> bool {
        matches!(self, Self::IdleGuard | Self::UpdateBanner | Self::HeldPet)
    }

    /// What cannot be done when its code cannot be downloaded, in words.
    fn not_downloaded(self) -> fn() -> std::borrow::Cow<'static, str> {
        match self {
            Self::IdleGuard => words::idle_guard_not_downloaded,
            Self::UpdateBanner => words::new_version_ready,
            _ => words::page_part_not_downloaded,
        }
    }
}

/// The route's view of `page`: the page once its code is here (at once when it was
/// prefetched), a line while it downloads (none for a part of the shell), and a message with
/// Reload if it cannot.
pub(crate) fn lazy_route(page: LazyPage) -> impl IntoView {
    view! {
        <Suspense fallback=move || {
            (!page.is_shell_part())
                .then(|| view! { <p role="status">{t(words::opening_page)}</p> })
        }>
            {move || {
                Suspend::new(
                    SendWrapper::new(async move {
                        page.view().await.unwrap_or_else(|_| {
                            view! { <LoadFailed what=page.not_downloaded() /> }.into_any()
                        })
                    }),
                )
            }}
        </Suspense>
    }
}

/// The sign-in form for `env` over the page, once its code is here: "Loading…" in its place
/// while it downloads (on a first visit it is the whole first screen), and a message with
/// Reload there if it cannot.
pub(crate) fn lazy_sign_in(env: Environment) -> impl IntoView {
    view! {
        <div class="overlay">
            <Suspense fallback=|| {
                view! {
                    <div class="sign-in">
                        <p role="status">{t(words::loading)}</p>
                    </div>
                }
            }>
                {move || {
                    Suspend::new(
                        SendWrapper::new(async move {
                            sign_in_view(env).await.unwrap_or_else(|_| {
                                view! {
                                    <div class="sign-in">
                                        <LoadFailed what=words::sign_in_not_downloaded />
                                    </div>
                                }
                                    .into_any()
                            })
                        }),
                    )
                }}
            </Suspense>
        </div>
    }
}

/// Says when the first screen's own code is in (`petstore-shell-ready` on the window): that
/// of `page`, the lazy page opened first, if it is one, and with `sign_in` the sign-in form's.
/// start.js registers the service worker only then: its install fetches every file of the
/// build, and a file the page was still downloading would come twice (Safari's engine does
/// not share the two downloads).
pub(crate) fn announce_shell_ready(page: Option<LazyPage>, sign_in: bool) {
    leptos::task::spawn_local(async move {
        // A failed download is said where its part would be; the worker comes all the same.
        if let Some(page) = page {
            let _ = page.preload().await;
        }
        if sign_in {
            let _ = sign_in_preload().await;
        }
        if let Ok(event) = web_sys::Event::new("petstore-shell-ready") {
            let _ = window().dispatch_event(&event);
        }
    });
}

/// Runs `f` when the browser is next idle; where it cannot say (Safari's engine has no
/// `requestIdleCallback`), at once after the current task.
fn when_idle(f: impl Fn() + 'static) {
    let idle = js_sys::Reflect::get(&window(), &"requestIdleCallback".into())
        .is_ok_and(|f| f.is_function());
    if idle {
        request_idle_callback(f);
    } else {
        set_timeout(f, Duration::ZERO);
    }
}

/// Fetches the lazy pages' code in the background: every page once the first screen has been
/// drawn and the browser is idle, and a page as soon as a link to it is pointed at or focused,
/// so that a first click opens a page as fast as a second; and then what the session does
/// after the first screen. On a first visit all of these wait until the service worker is
/// active (`worker_installed`). `base` is the router's base.
pub(crate) fn prefetch_lazy_pages(base: String, session: Session) {
    let holds_pets = session.undo_ms().is_some();
    set_timeout(
        move || {
            when_idle(move || {
                for page in LazyPage::ALL {
                    page.prefetch();
                }
                // The header menu's controls, drawn on its first opening.
                prefetch_menu_contents();
                leptos::task::spawn_local(async move {
                    worker_installed().await;
                    prefetch(preload_export());
                    // A key refused later, or Sign out, shows the form at once, offline too.
                    prefetch(sign_in_preload());
                    // A press of Add pet shows its countdown at once, offline too (where the
                    // store holds added pets at all).
                    if holds_pets {
                        prefetch(held_preload());
                    }
                    // Its code is the `live` chunk's (the list's rows fetch it themselves).
                    session.after_first_screen().await;
                });
            })
        },
        Duration::from_secs(1),
    );
    let base = StoredValue::new(base);
    let on_link = move |target: Option<web_sys::EventTarget>| {
        let link = target
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("a[href]").ok().flatten())
            .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
        if let Some(link) = link {
            let path = link.pathname();
            let below = base.with_value(|b| path.strip_prefix(b.as_str()).map(str::to_owned));
            if let Some(page) = below.as_deref().and_then(LazyPage::at) {
                page.prefetch();
            }
        }
    };
    let over = window_event_listener(ev::pointerover, move |e| on_link(e.target()));
    let focus = window_event_listener(ev::focusin, move |e| on_link(e.target()));
    on_cleanup(move || {
        over.remove();
        focus.remove();
    });
}

#[cfg(test)]
mod tests {
    use wasm_bindgen_test::wasm_bindgen_test;

    use super::LazyPage;

    #[wasm_bindgen_test]
    fn paths_name_their_lazy_page() {
        assert_eq!(LazyPage::at("/pets/new"), Some(LazyPage::New));
        assert_eq!(LazyPage::at("/pets/import/"), Some(LazyPage::Import));
        assert_eq!(LazyPage::at("/pets/42"), Some(LazyPage::View));
        assert_eq!(LazyPage::at("/activity"), Some(LazyPage::Activity));
        assert_eq!(LazyPage::at("/compare"), Some(LazyPage::Compare));
        assert_eq!(LazyPage::at("/store"), Some(LazyPage::Store));
        assert_eq!(LazyPage::at("/pets"), None);
        assert_eq!(LazyPage::at("/pets/"), None);
        assert_eq!(LazyPage::at("/"), None);
        assert_eq!(LazyPage::at("/pets/1/2"), None);
    }
}
