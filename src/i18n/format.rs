//! Numbers, times and dates in the chosen language, from the browser's own `Intl` (no locale
//! data in the wasm). Each reads the chosen language, so a closure calling it redraws when it
//! changes. Ids are not numbers here: they are shown as their digits, never through these.

use js_sys::{Array, Function, Intl, Object, Reflect};
use wasm_bindgen::JsValue;

use super::language::language;

/// The chosen language, as `Intl`'s locales argument.
fn locales() -> Array {
    Array::of1(&language().tag().into())
}

/// An `Intl` constructor's options object from name-value pairs.
fn options(pairs: &[(&str, &str)]) -> Object {
    let options = Object::new();
    for (name, value) in pairs {
        let _ = Reflect::set(&options, &(*name).into(), &(*value).into());
    }
    options
}

/// The text a bound `format` function (`NumberFormat`'s, `DateTimeFormat`'s) gives `value`.
fn formatted(format: Function, value: &JsValue) -> Option<String> {
    format.call1(&JsValue::UNDEFINED, value).ok()?.as_string()
}

/// The plural category ("one", "few", "other"…) of `count` in the chosen language.
pub(crate) fn plural_rule(count: u64) -> String {
    Intl::PluralRules::new(&locales(), &Object::new())
        .select(count as f64)
        .into()
}

/// A count with the language's grouping ("1,234", "1.234", "1 234"), exact at any size (the
/// digits go to `Intl.NumberFormat` as a string, never as a JavaScript Number; English's are
/// grouped here).
pub fn number(count: u64) -> String {
    let digits = count.to_string();
    // English's grouping, a comma every three digits, is the app's own: the browser's first
    // use of `Intl` loads its locale data, some 25 ms on the main thread between the list's
    // answer and its rows (measured), for a result the same as this.
    if language() == super::Language::English {
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        return out;
    }
    let format = Intl::NumberFormat::new(&locales(), &Object::new()).format();
    formatted(format, &digits.as_str().into()).unwrap_or(digits)
}

/// The time of day on a 24-hour clock ("10:42") of a time in ms since the epoch.
pub fn clock_time(ms: f64) -> String {
    date_format(
        ms,
        &[
            ("hour", "2-digit"),
            ("minute", "2-digit"),
            ("hourCycle", "h23"),
        ],
    )
}

/// When something happened: its time of day today ("10:42"), else its date and time.
pub fn moment(ms: f64) -> String {
    let day = |ms: f64| js_sys::Date::new(&ms.into()).to_date_string();
    if day(ms) == day(crate::clock::now()) {
        return clock_time(ms);
    }
    date_format(
        ms,
        &[
            ("dateStyle", "medium"),
            ("timeStyle", "short"),
            ("hourCycle", "h23"),
        ],
    )
}

/// The time of day with seconds ("10:42:07") of a time in ms since the epoch.
pub fn clock_seconds(ms: f64) -> String {
    date_format(
        ms,
        &[
            ("hour", "2-digit"),
            ("minute", "2-digit"),
            ("second", "2-digit"),
            ("hourCycle", "h23"),
        ],
    )
}

/// A calendar day in long form ("December 5, 2030", "5. Dezember 2030"), as the day itself
/// (not shifted by the device's time zone).
pub fn long_date(date: &crate::api::Date) -> String {
    let ms = date.days_since_epoch() as f64 * 86_400_000.0;
    date_format(ms, &[("dateStyle", "long"), ("timeZone", "UTC")])
}

/// Today's date in long form ("27 November 2026"), in the device's time zone: a printed
/// card's date.
pub fn today_long() -> String {
    day_long(crate::clock::now())
}

/// The date, in long form and the device's time zone, of a time in ms since the epoch.
pub fn day_long(ms: f64) -> String {
    date_format(ms, &[("dateStyle", "long")])
}

/// A day ahead in words: "today", "tomorrow", "in 12 days".
pub fn days_ahead(days: i64) -> String {
    Intl::RelativeTimeFormat::new(&locales(), &options(&[("numeric", "auto")]))
        .format(days as f64, "day")
        .into()
}

fn date_format(ms: f64, pairs: &[(&str, &str)]) -> String {
    let format = Intl::DateTimeFormat::new(&locales(), &options(pairs)).format();
    formatted(format, &ms.into()).unwrap_or_default()
}

/// How long ago, in words ("3 minutes ago", "vor 3 Minuten"); `unit` is `Intl`'s
/// (`minute`, `hour`, `day`).
pub fn relative_time(value: f64, unit: &str) -> String {
    Intl::RelativeTimeFormat::new(&locales(), &Object::new())
        .format(-value, unit)
        .into()
}

/// A wait in the largest whole unit that says it ("3 seconds", "2 Minuten"), rounded up, in
/// the browser's words (`Intl.NumberFormat`'s units).
pub fn duration(d: std::time::Duration) -> String {
    let s = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    let (n, unit) = match s {
        0..=89 => (s, "second"),
        90..=5399 => (s.div_ceil(60), "minute"),
        _ => (s.div_ceil(3600), "hour"),
    };
    let pairs = [("style", "unit"), ("unit", unit), ("unitDisplay", "long")];
    let format = Intl::NumberFormat::new(&locales(), &options(&pairs)).format();
    formatted(format, &(n as f64).into()).unwrap_or_else(|| n.to_string())
}

/// `items` as a sentence's list ("a, b and c", "a, b y c"), in the browser's words
/// (`Intl.ListFormat`).
pub fn listed(items: &[String]) -> String {
    let list: Array = items.iter().map(|i| JsValue::from_str(i)).collect();
    Intl::ListFormat::new(&locales(), &Object::new())
        .format(&list)
        .into()
}
