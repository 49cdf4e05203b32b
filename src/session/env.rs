//! The environment the app shows, from the address (`?env=`), and the addresses of its pages:
//! a small context of its own ([`use_current_env`]), since most pages need nothing else of the
//! session to draw a link.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use petstore_core::Page;

use crate::config::Environment;
use crate::storage;

/// The current environment and the site's base path, provided by the app root.
#[derive(Clone, Copy)]
pub struct CurrentEnv {
    env: Memo<Environment>,
    base: StoredValue<String>,
    // The `env=` value of the address that named no environment, if any.
    replaced: RwSignal<Option<String>>,
}

impl CurrentEnv {
    /// Reads the environment from the address (`?env=`), else from this tab's last choice,
    /// else production. Call inside the `<Router>`; `base` is the router's base path (`""` at
    /// the site root).
    pub(super) fn from_address(base: String) -> CurrentEnv {
        let query = use_query_map();
        let remembered =
            storage::get(storage::ENVIRONMENT_SLOT).and_then(|v| Environment::parse(&v));
        let env = Memo::new(move |_| {
            query
                .read()
                .get("env")
                .and_then(|v| Environment::parse(&v))
                .or(remembered)
                .unwrap_or(Environment::Production)
        });
        CurrentEnv {
            env,
            base: StoredValue::new(base),
            replaced: RwSignal::new(None),
        }
    }

    /// The current environment (tracked).
    pub fn env(&self) -> Environment {
        self.env.get()
    }

    /// The current environment, untracked.
    pub fn env_untracked(&self) -> Environment {
        self.env.get_untracked()
    }

    /// The `env=` value of the address that named no environment and was replaced, if any
    /// (tracked), so the page can say so.
    pub fn replaced(&self) -> Option<String> {
        self.replaced.get()
    }

    /// Records that the address named `value` as its environment, which does not exist.
    pub fn note_replaced(&self, value: String) {
        self.replaced.maybe_update(|v| {
            let changed = v.as_deref() != Some(value.as_str());
            *v = Some(value);
            changed
        });
    }

    /// The address of `page` in `env`, from the site root: it includes the sub-path the site
    /// is served under. Navigate to it with `resolve: false`.
    pub fn link(&self, page: &Page, env: Environment) -> String {
        let base = self.base.with_value(|b| b.clone());
        format!("{base}{}?env={}", page.path(), env.as_str())
    }

    /// This deployment's own address: the site's origin and the path it is served under
    /// (`https://shop.example/admin`), which a card's code begins with.
    pub fn here(&self) -> String {
        format!("{}{}", origin(), self.base.with_value(|b| b.clone()))
    }

    /// The whole address of `page` in `env`, as a printed card's code holds it.
    pub fn full_link(&self, page: &Page, env: Environment) -> String {
        format!("{}{}", origin(), self.link(page, env))
    }

    /// [`CurrentEnv::link`] in the current environment, for links (tracked).
    pub fn href(&self, page: &Page) -> String {
        self.link(page, self.env.get())
    }

    /// [`CurrentEnv::href`] without tracking, for links built once.
    pub fn href_untracked(&self, page: &Page) -> String {
        self.link(page, self.env.get_untracked())
    }
}

/// The site's origin (`https://shop.example`).
fn origin() -> String {
    window().location().origin().unwrap_or_default()
}

/// The current environment provided by the app root.
///
/// # Panics
/// Outside the app root's component tree (a programming error). Call it while a component is
/// built.
pub fn use_current_env() -> CurrentEnv {
    use_context::<CurrentEnv>().expect("the environment is provided by the app root")
}
