//! Split points: code the first screen does not need, downloaded when first used.
//!
//! In the split build (the `split` feature, turned on by scripts/split-build.sh) a function
//! declared with [`split!`] is moved by wasm-split-cli into a chunk of its own, fetched on its
//! first call. Without the feature (the browser suites, whose test runner cannot split) it is an
//! ordinary `async fn`, so callers are the same in both builds.
//!
//! These are the helper crate's own `fallible` split points, not Leptos's `#[lazy]`: that one
//! expects every download to succeed, and a failed one panics, which in wasm ends the whole app.
//! Here a failed download is an error value (`E: From<SplitLoaderError>`), for the caller to
//! show.

use std::future::Future;

use wasm_bindgen::JsCast;

pub use leptos::wasm_split::SplitLoaderError;

/// Downloads a split point's code in the background (`preload` is one made by [`split!`]).
/// Only a head start: a failure is not kept, and the first real call downloads again and
/// reports it then.
pub fn prefetch(preload: impl Future<Output = Result<(), SplitLoaderError>> + 'static) {
    leptos::task::spawn_local(async move {
        let _ = preload.await;
    });
}

/// [`prefetch`], once a first visit's service worker is active ([`worker_installed`]): for
/// what the page fetches ahead of any press.
pub fn prefetch_when_installed(
    preload: impl Future<Output = Result<(), SplitLoaderError>> + 'static,
) {
    prefetch(async move {
        worker_installed().await;
        preload.await
    });
}

/// Waits until the service worker start.js registered on a first visit is active (at once
/// where the page already had one, or there is none): its install fetches every file of the
/// build, and a file the page fetched meanwhile would download twice.
pub async fn worker_installed() {
    let installed =
        crate::config::start_field("installed").and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    if let Some(installed) = installed {
        let _ = wasm_bindgen_futures::JsFuture::from(installed).await;
    }
}

/// `split!(chunk, preload; fn name(args) -> Result<T, E> { body })` declares `async fn name`
/// whose body lives in the chunk named `chunk`, and `async fn preload() -> Result<(),
/// SplitLoaderError>`, which only downloads it. Arguments are passed by value.
macro_rules! split {
    (
        $chunk:ident, $preload:ident;
        $(#[$attr:meta])*
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block
    ) => {
        #[cfg(feature = "split")]
        #[::leptos::wasm_split::wasm_split(
            $chunk,
            wasm_split_path = ::leptos::wasm_split,
            fallible,
            preload(#[allow(dead_code)] $preload)
        )]
        $(#[$attr])*
        $vis fn $name($($arg: $ty),*) -> $ret $body

        #[cfg(not(feature = "split"))]
        $(#[$attr])*
        $vis async fn $name($($arg: $ty),*) -> $ret $body

        #[cfg(not(feature = "split"))]
        #[allow(dead_code)]
        $vis async fn $preload() -> Result<(), $crate::split::SplitLoaderError> {
            Ok(())
        }
    };
}

pub(crate) use split;
