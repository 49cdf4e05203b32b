//! When a busy service (429, 503) is asked again: reads only, a bounded number of times,
//! after the `Retry-After` the service gave or else a doubling backoff.

use std::rc::Rc;
use std::time::Duration;

use super::deprecation::parse_http_date;
use super::error::ApiError;

/// How a client retries reads that found the service busy.
#[derive(Clone)]
pub struct Retry {
    /// At most this many retries of one request.
    pub times: u32,
    /// A `Retry-After` longer than this is not waited for: the error says when to try.
    pub longest_wait: Duration,
    /// Told when a wait starts (`Some`) and when it ends (`None`), so a page can show it.
    pub on_wait: Rc<dyn Fn(Option<Wait>)>,
    /// Asked when a wait ends: the request is sent again only if this says yes (the session
    /// asks whether the key is still the one in use and not refused meanwhile by another
    /// request). `None`: always.
    pub still_allowed: Option<Rc<dyn Fn() -> bool>>,
}

impl Retry {
    /// Three retries, waiting at most 30 seconds for each.
    pub fn new(on_wait: Rc<dyn Fn(Option<Wait>)>) -> Retry {
        Retry {
            times: 3,
            longest_wait: Duration::from_secs(30),
            on_wait,
            still_allowed: None,
        }
    }

    /// The same rules, a retry sent only while `allowed` says yes when its wait ends.
    pub fn only_while(mut self, allowed: Rc<dyn Fn() -> bool>) -> Retry {
        self.still_allowed = Some(allowed);
        self
    }

    /// How long to wait before retry number `retry` (1 for the first) after `error`, or
    /// `None` when it is not retried: not busy, retries used up, or asked to wait too long.
    pub fn delay(&self, retry: u32, error: &ApiError) -> Option<Duration> {
        let ApiError::Server {
            status: 429 | 503,
            retry_after,
            ..
        } = error
        else {
            return None;
        };
        if retry > self.times {
            return None;
        }
        // Without a word from the service: 0.5 s, 1 s, 2 s…
        let backoff = Duration::from_millis(500 << (retry - 1).min(6));
        let wait = retry_after.unwrap_or(backoff);
        (wait <= self.longest_wait).then_some(wait)
    }
}

/// A wait before a retry, as a page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The status that asked for it (429 or 503).
    pub status: u16,
    /// Which retry comes after it (1 for the first).
    pub retry: u32,
    /// Of how many at most.
    pub of: u32,
    /// How long it lasts.
    pub delay: Duration,
}

/// `Retry-After` as delay-seconds or an HTTP date, as a wait from `now_ms` (milliseconds
/// since the epoch); a date in the past is no wait at all.
pub fn parse_retry_after(value: &str, now_ms: f64) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at_ms = parse_http_date(value)? as f64 * 1000.0;
    Some(Duration::from_millis(((at_ms - now_ms).max(0.0)) as u64))
}

/// A wait in plain words: "1 second", "40 seconds", "3 minutes", "2 hours".
pub fn plain_duration(d: Duration) -> String {
    let s = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    let (n, unit) = match s {
        0..=89 => (s, "second"),
        90..=5399 => (s.div_ceil(60), "minute"),
        _ => (s.div_ceil(3600), "hour"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn busy(status: u16, after: Option<u64>) -> ApiError {
        ApiError::Server {
            status,
            code: None,
            message: None,
            retry_after: after.map(Duration::from_secs),
        }
    }

    #[test]
    fn only_busy_answers_are_retried_and_only_a_few_times() {
        let retry = Retry::new(Rc::new(|_| {}));
        assert_eq!(
            retry.delay(1, &busy(429, Some(1))),
            Some(Duration::from_secs(1))
        );
        assert_eq!(
            retry.delay(1, &busy(503, None)),
            Some(Duration::from_millis(500))
        );
        assert_eq!(
            retry.delay(3, &busy(503, None)),
            Some(Duration::from_secs(2))
        );
        assert_eq!(retry.delay(4, &busy(429, Some(1))), None);
        assert_eq!(retry.delay(1, &busy(429, Some(31))), None);
        assert_eq!(retry.delay(1, &busy(500, Some(1))), None);
        assert_eq!(retry.delay(1, &ApiError::BadRequest(None)), None);
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        assert_eq!(parse_retry_after(" 5 ", 0.0), Some(Duration::from_secs(5)));
        let now = 784_111_777_000.0;
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:50:37 GMT", now),
            Some(Duration::from_secs(60))
        );
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(parse_retry_after("soon", now), None);
    }

    #[test]
    fn waits_read_as_plain_words() {
        assert_eq!(plain_duration(Duration::from_secs(1)), "1 second");
        assert_eq!(plain_duration(Duration::from_millis(1500)), "2 seconds");
        assert_eq!(plain_duration(Duration::from_secs(120)), "2 minutes");
        assert_eq!(plain_duration(Duration::from_secs(7200)), "2 hours");
    }
}
