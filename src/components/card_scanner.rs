//! Scan a card: the tablet's rear camera in the page, read a few times a second until a card's
//! code is found, which is then handled as if typed into Find a pet. The reader (`rqrr`, in
//! the core) is a chunk of its own, fetched on the first Scan a card. The camera stops when a
//! code is read, on Close, when the scanner leaves the page (a pet opened, another page) and
//! when the tab is hidden; one that ends by itself is said.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use leptos::task::spawn_local;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    CanvasRenderingContext2d, DomException, HtmlCanvasElement, HtmlVideoElement, MediaStream,
    MediaStreamConstraints, MediaStreamTrack,
};

use crate::i18n::{t, words, Word};
use crate::split::{split, SplitLoaderError};
use petstore_core::read_code_in_rgba;

/// How often the camera's picture is read: often enough to feel at once, seldom enough to
/// leave a slow tablet's main thread free between reads.
const LOOK_EVERY: Duration = Duration::from_millis(250);

split! {
    card_scanner, preload_card_scanner;
    /// The camera's view and its reader.
    fn scanner_view(on_read: Callback<String>, on_close: Callback<()>) -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <CameraScan on_read on_close /> }.into_any())
    }
}

/// The scanner once its code is here, and a message if it cannot be downloaded.
#[component]
pub fn CardScanner(
    /// Called with the text of the code read; the camera is already stopped.
    on_read: Callback<String>,
    /// Called when the manager closes it, or the tab is hidden.
    on_close: Callback<()>,
) -> impl IntoView {
    view! {
        <Suspense fallback=|| view! { <p role="status">{t(words::loading)}</p> }>
            {move || Suspend::new(SendWrapper::new(async move {
                scanner_view(on_read, on_close).await.unwrap_or_else(|_| {
                    view! { <p class="alert" role="alert">{t(words::scan_not_downloaded)}</p> }
                        .into_any()
                })
            }))}
        </Suspense>
    }
}

/// Why the camera did not start, or stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CameraProblem {
    /// The manager or the browser's settings refused it.
    Refused,
    /// There is none.
    Missing,
    /// Another app holds it.
    Busy,
    /// The page is not at a secure address, where browsers give no camera.
    NeedsSecure,
    /// Anything else.
    Failed,
    /// It ended by itself while the scanner looked (unplugged, or taken by another app).
    Stopped,
}

impl CameraProblem {
    fn said(self) -> Word {
        match self {
            Self::Refused => words::camera_refused,
            Self::Missing => words::camera_missing,
            Self::Busy => words::camera_busy,
            Self::NeedsSecure => words::camera_needs_secure,
            Self::Failed => words::camera_failed,
            Self::Stopped => words::camera_stopped,
        }
    }

    /// The problem a refused `getUserMedia` names (a `DOMException`'s name).
    fn of(error: &JsValue) -> Self {
        match error
            .dyn_ref::<DomException>()
            .map(DomException::name)
            .as_deref()
        {
            Some("NotAllowedError" | "SecurityError") => Self::Refused,
            Some("NotFoundError" | "OverconstrainedError") => Self::Missing,
            Some("NotReadableError" | "AbortError") => Self::Busy,
            _ => Self::Failed,
        }
    }
}

/// The rear camera where there is one (any camera otherwise), without sound.
async fn open_camera() -> Result<MediaStream, CameraProblem> {
    // Outside a secure page browsers have no `mediaDevices` at all.
    if !window().is_secure_context() {
        return Err(CameraProblem::NeedsSecure);
    }
    let devices = window()
        .navigator()
        .media_devices()
        .map_err(|_| CameraProblem::Failed)?;
    let facing = js_sys::Object::new();
    let rear = js_sys::Object::new();
    js_sys::Reflect::set(&rear, &"ideal".into(), &"environment".into())
        .and_then(|_| js_sys::Reflect::set(&facing, &"facingMode".into(), &rear))
        .map_err(|_| CameraProblem::Failed)?;
    let constraints = MediaStreamConstraints::new();
    constraints.set_video(&facing);
    constraints.set_audio(&JsValue::FALSE);
    let asked = devices
        .get_user_media_with_constraints(&constraints)
        .map_err(|e| CameraProblem::of(&e))?;
    let stream = JsFuture::from(asked)
        .await
        .map_err(|e| CameraProblem::of(&e))?;
    stream.dyn_into().map_err(|_| CameraProblem::Failed)
}

/// The tracks of `stream`.
fn tracks(stream: &MediaStream) -> impl Iterator<Item = MediaStreamTrack> {
    stream
        .get_tracks()
        .into_iter()
        .filter_map(|track| track.dyn_into().ok())
}

/// Ends every track of `stream`: the camera's light goes off.
fn stop(stream: &MediaStream) {
    for track in tracks(stream) {
        track.set_onended(None);
        track.stop();
    }
}

/// `canvas`'s 2D context, made for reading back: the scanner reads the picture four times a
/// second, and the browser then keeps it where reading is cheap.
fn reading_context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"willReadFrequently".into(), &JsValue::TRUE).ok()?;
    canvas
        .get_context_with_context_options("2d", &options)
        .ok()??
        .dyn_into()
        .ok()
}

/// The text of a code in the video's picture now, if there is one, drawn through `context`
/// (its canvas sized to the picture).
fn look(video: &HtmlVideoElement, context: &CanvasRenderingContext2d) -> Option<String> {
    let (width, height) = (video.video_width(), video.video_height());
    // HAVE_CURRENT_DATA: a picture to read.
    if width == 0 || height == 0 || video.ready_state() < 2 {
        return None;
    }
    let canvas = context.canvas()?;
    if (canvas.width(), canvas.height()) != (width, height) {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    context
        .draw_image_with_html_video_element(video, 0.0, 0.0)
        .ok()?;
    let picture = context
        .get_image_data(0.0, 0.0, f64::from(width), f64::from(height))
        .ok()?;
    read_code_in_rgba(width as usize, height as usize, &picture.data())
}

/// The camera's picture, read until a code is found.
#[component]
fn CameraScan(on_read: Callback<String>, on_close: Callback<()>) -> impl IntoView {
    let video = NodeRef::<leptos::html::Video>::new();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let (problem, set_problem) = signal(None::<CameraProblem>);
    let camera = StoredValue::new_local(None::<MediaStream>);
    // Said when the camera ends by itself, rather than leaving its last picture standing.
    let on_ended = StoredValue::new_local(None::<Closure<dyn FnMut()>>);
    let context = StoredValue::new_local(None::<CanvasRenderingContext2d>);
    let stop_camera = move || {
        if let Some(Some(stream)) = camera.try_update_value(Option::take) {
            stop(&stream);
        }
    };
    // The camera opens once its picture has somewhere to go (the canvas is drawn with it).
    video.on_load(move |element| {
        // A picture that could never be read: said, and the camera not even asked for.
        let Some(reading) = canvas.get_untracked().and_then(|c| reading_context(&c)) else {
            return set_problem.set(Some(CameraProblem::Failed));
        };
        context.set_value(Some(reading));
        spawn_local(async move {
            match open_camera().await {
                Ok(stream) => {
                    // Gone meanwhile (closed, or the page left): the camera goes at once.
                    if camera.try_with_value(|_| ()).is_none() {
                        return stop(&stream);
                    }
                    element.set_src_object(Some(&stream));
                    let ended = Closure::<dyn FnMut()>::new(move || {
                        stop_camera();
                        let _ = set_problem.try_set(Some(CameraProblem::Stopped));
                    });
                    for track in tracks(&stream) {
                        track.set_onended(Some(ended.as_ref().unchecked_ref()));
                    }
                    on_ended.set_value(Some(ended));
                    camera.set_value(Some(stream));
                    // Closed while it starts: the play is cut short, which is no problem.
                    if let Ok(playing) = element.play() {
                        let _ = JsFuture::from(playing).await;
                    }
                }
                Err(why) => {
                    let _ = set_problem.try_set(Some(why));
                }
            }
        });
    });
    let reading = set_interval_with_handle(
        move || {
            let (Some(video), Some(context)) = (video.get_untracked(), context.get_value()) else {
                return;
            };
            if camera.with_value(Option::is_none) {
                return;
            }
            if let Some(text) = look(&video, &context) {
                stop_camera();
                on_read.run(text);
            }
        },
        LOOK_EVERY,
    )
    .ok();
    let hidden = window_event_listener(ev::visibilitychange, move |_| {
        if document().hidden() {
            on_close.run(());
        }
    });
    on_cleanup(move || {
        if let Some(reading) = reading {
            reading.clear();
        }
        hidden.remove();
        stop_camera();
    });
    view! {
        <div class="scanner">
            {move || problem.get().map(|why| {
                view! { <p class="alert" role="alert">{t(why.said())}</p> }
            })}
            <p class="hint" role="status" hidden=move || problem.with(Option::is_some)>
                {t(words::scan_hint)}
            </p>
            <video
                node_ref=video
                aria-label=t(words::scan_camera_label)
                playsinline=true
                muted=true
                hidden=move || problem.with(Option::is_some)
            ></video>
            <canvas node_ref=canvas hidden=true></canvas>
            <button type="button" class="secondary" on:click=move |_| on_close.run(())>
                {t(words::close)}
            </button>
        </div>
    }
}
