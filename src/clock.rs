//! The app's one clock: what time it is, and waiting a set time. Every wait of the app (the
//! hold before a pet is sent and its countdown, the typing pause, the refresh timer, the idle
//! sign-out, a busy service's wait, a run's resume, the pages' words that they are still
//! there) and every "when" it notes reads this clock, so that the browser suites move the
//! app's time forward ([`advance`]) instead of waiting it out. In the app it is the browser's
//! own clock: nothing calls [`advance`] there.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;
use std::time::Duration;

use gloo_timers::callback::Timeout;

thread_local! {
    /// How far [`advance`] has moved this clock ahead of the browser's, in ms.
    static AHEAD: Cell<f64> = const { Cell::new(0.0) };
    /// The waits not over yet.
    static WAITS: RefCell<Vec<Waiting>> = const { RefCell::new(Vec::new()) };
    static NUMBERED: Cell<u64> = const { Cell::new(0) };
}

/// One wait: when it is over (this clock's ms), what then, and the browser's timer that ends
/// it in real time.
struct Waiting {
    id: u64,
    due: f64,
    /// Waits again this long after each time it is over; `None`: once.
    every: Option<f64>,
    then: Rc<dyn Fn()>,
    _timer: Timeout,
}

/// Now, in milliseconds since the epoch.
pub fn now() -> f64 {
    js_sys::Date::now() + AHEAD.with(Cell::get)
}

/// A wait under way, ended with nothing done when dropped (or by [`Wait::clear`], which says
/// so where it matters).
#[derive(Debug)]
pub struct Wait(u64);

impl Wait {
    /// Ends the wait; what it was for is not done.
    pub fn clear(self) {}
}

impl Drop for Wait {
    fn drop(&mut self) {
        // Not while the clock itself holds the waits (a wait dropped by what it was for).
        let _ = WAITS.try_with(|w| {
            if let Ok(mut waits) = w.try_borrow_mut() {
                waits.retain(|w| w.id != self.0);
            }
        });
    }
}

/// Calls `then` once `delay` has passed on this clock.
pub fn after(delay: Duration, then: impl FnOnce() + 'static) -> Wait {
    let once = RefCell::new(Some(then));
    wait(delay, None, move || {
        if let Some(then) = once.borrow_mut().take() {
            then();
        }
    })
}

/// Calls `then` each time `period` has passed on this clock.
pub fn every(period: Duration, then: impl Fn() + 'static) -> Wait {
    wait(period, Some(period.as_secs_f64() * 1000.0), then)
}

/// A future that is ready once `delay` has passed on this clock.
pub fn sleep(delay: Duration) -> impl Future<Output = ()> {
    let (done, ready) = futures::channel::oneshot::channel();
    let waiting = after(delay, move || {
        let _ = done.send(());
    });
    async move {
        let _ = ready.await;
        drop(waiting);
    }
}

fn wait(delay: Duration, every: Option<f64>, then: impl Fn() + 'static) -> Wait {
    let id = NUMBERED.with(|n| {
        n.set(n.get() + 1);
        n.get()
    });
    let ms = delay.as_secs_f64() * 1000.0;
    let waiting = Waiting {
        id,
        due: now() + ms,
        every,
        then: Rc::new(then),
        _timer: real_timer(id, ms),
    };
    WAITS.with(|w| w.borrow_mut().push(waiting));
    Wait(id)
}

/// The browser's timer that ends wait `id` after `ms` real milliseconds, or sooner: browsers
/// run a longer timer (over 24 days) at once, so it is cut to that and waits again when over.
fn real_timer(id: u64, ms: f64) -> Timeout {
    Timeout::new(ms.clamp(0.0, f64::from(i32::MAX)) as u32, move || over(id))
}

/// Wait `id` is over: what it was for is done, and a repeating one waits again.
fn over(id: u64) {
    let (then, ended) = WAITS.with(|w| {
        let mut waits = w.borrow_mut();
        let Some(at) = waits.iter().position(|w| w.id == id) else {
            return (None, None);
        };
        if waits[at].due - now() > 1000.0 {
            // A cut timer, not due for a while yet (a timer on time is never a second early).
            let left = waits[at].due - now();
            waits[at]._timer = real_timer(id, left);
            return (None, None);
        }
        let then = waits[at].then.clone();
        match waits[at].every {
            Some(period) => {
                let next = (waits[at].due + period).max(now());
                waits[at].due = next;
                waits[at]._timer = real_timer(id, next - now());
                (Some(then), None)
            }
            None => (Some(then), Some(waits.remove(at))),
        }
    });
    // With no borrow held: what it was for may wait again, or end other waits.
    drop(ended);
    if let Some(then) = then {
        then();
    }
}

/// Sets this clock back to the browser's and ends every wait (the browser suites, before they
/// mount the next app: nothing of one test's time reaches the next).
pub fn reset() {
    AHEAD.with(|a| a.set(0.0));
    let ended = WAITS.with(|w| std::mem::take(&mut *w.borrow_mut()));
    drop(ended);
}

/// Moves this clock `by` ahead (the browser suites' time, never the app's): every wait that
/// is over by then is over now, in the order they end.
pub fn advance(by: Duration) {
    let until = now() + by.as_secs_f64() * 1000.0;
    // The waits over by `until`, one at a time, the clock set to each as it ends.
    loop {
        let next = WAITS.with(|w| {
            w.borrow()
                .iter()
                .filter(|w| w.due <= until)
                .min_by(|a, b| a.due.total_cmp(&b.due))
                .map(|w| (w.id, w.due))
        });
        let Some((id, due)) = next else { break };
        AHEAD.with(|a| a.set(a.get() + (due - now()).max(0.0)));
        over(id);
    }
    AHEAD.with(|a| a.set(a.get() + (until - now()).max(0.0)));
    // The others end in real time as much later as they were due.
    WAITS.with(|w| {
        for waiting in w.borrow_mut().iter_mut() {
            waiting._timer = real_timer(waiting.id, waiting.due - now());
        }
    });
}
