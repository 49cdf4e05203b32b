//! Numbers, times and dates in the chosen language, from the browser's own `Intl` (no locale
//! data in the wasm). Each reads the chosen language, so a closure calling it redraws when it
//! changes. Ids are not numbers here: they are shown as their digits, never through these.

use wasm_bindgen::JsValue;

use super::language::language;

/// `Intl.<constructor>` for the chosen language with `options`, its `method` called with
/// `args` (`NumberFormat`'s `format`, `PluralRules`' `select`…: each takes one or two and
/// ignores a second it does not take, so two are always passed and no array is built one by
/// one). Reached by name through one path rather than each constructor's own binding: every
/// binding is code of its own in the first screen's wasm and glue. `None` where it fails (an
/// old browser).
pub(crate) fn intl(
    constructor: &str,
    options: &[(&str, &str)],
    method: &str,
    args: &[JsValue; 2],
) -> Option<String> {
    use js_sys::{Array, Function, Object, Reflect};
    use wasm_bindgen::JsCast;
    let settings = Object::new();
    for (name, value) in options {
        let _ = Reflect::set(&settings, &(*name).into(), &(*value).into());
    }
    // Not checked to be functions: calling what is not one throws, which is an `Err` here.
    let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let class = Reflect::get(&intl, &constructor.into()).ok()?;
    let locales = Array::of1(&language().tag().into());
    let made = Reflect::construct(
        class.unchecked_ref::<Function>(),
        &Array::of2(&locales, &settings),
    )
    .ok()?;
    let call = Reflect::get(&made, &method.into()).ok()?;
    let [first, second] = args;
    call.unchecked_ref::<Function>()
        .apply(&made, &Array::of2(first, second))
        .ok()?
        .as_string()
}

/// A count with the language's grouping ("1,234", "1.234", "1 234"), exact at any size (the
/// digits go to `Intl.NumberFormat` as a string, never as a JavaScript Number; English's are
/// grouped here).
pub fn number(count: u64) -> String {
    let digits = count.to_string();
    // English's grouping, a comma every three digits, is the app's own: the browser's first
    // use of `Intl` loads its locale data, some 25 ms on the main thread between the list's
    // answer and its rows (measured), for a result the same as this.
    if !cfg!(target_arch = "wasm32") || language() == super::Language::English {
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        return out;
    }
    intl(
        "NumberFormat",
        &[],
        "format",
        &[digits.as_str().into(), JsValue::UNDEFINED],
    )
    .unwrap_or(digits)
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

/// A calendar day in long form ("5 December 2030", "5. Dezember 2030"), as the day itself
/// (not shifted by the device's time zone).
pub fn long_date(date: &crate::api::Date) -> String {
    if !cfg!(target_arch = "wasm32") {
        // Native tests: the English form.
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        let name = MONTHS
            .get(date.month.wrapping_sub(1) as usize)
            .unwrap_or(&"?");
        return format!("{} {name} {}", date.day, date.year);
    }
    let ms = date.days_since_epoch() as f64 * 86_400_000.0;
    date_format(ms, &[("dateStyle", "long"), ("timeZone", "UTC")])
}

/// A day ahead in words: "today", "tomorrow", "in 12 days".
pub fn days_ahead(days: i64) -> String {
    if !cfg!(target_arch = "wasm32") {
        return match days {
            0 => "today".to_owned(),
            1 => "tomorrow".to_owned(),
            n => format!("in {n} days"),
        };
    }
    let args = [(days as f64).into(), "day".into()];
    intl(
        "RelativeTimeFormat",
        &[("numeric", "auto")],
        "format",
        &args,
    )
    .unwrap_or_default()
}

fn date_format(ms: f64, pairs: &[(&str, &str)]) -> String {
    intl(
        "DateTimeFormat",
        pairs,
        "format",
        &[ms.into(), JsValue::UNDEFINED],
    )
    .unwrap_or_default()
}

/// How long ago, in words ("3 minutes ago", "vor 3 Minuten"); `unit` is `Intl`'s
/// (`minute`, `hour`, `day`).
pub fn relative_time(value: f64, unit: &str) -> String {
    intl(
        "RelativeTimeFormat",
        &[],
        "format",
        &[(-value).into(), unit.into()],
    )
    .unwrap_or_default()
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
    if !cfg!(target_arch = "wasm32") {
        return format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    }
    let options = [("style", "unit"), ("unit", unit), ("unitDisplay", "long")];
    intl(
        "NumberFormat",
        &options,
        "format",
        &[(n as f64).into(), JsValue::UNDEFINED],
    )
    .unwrap_or_else(|| n.to_string())
}

/// `items` as a sentence's list ("a, b and c", "a, b y c"), in the browser's words
/// (`Intl.ListFormat`).
pub fn listed(items: &[String]) -> String {
    if !cfg!(target_arch = "wasm32") {
        return match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        };
    }
    let list: js_sys::Array = items.iter().map(|i| JsValue::from_str(i)).collect();
    intl(
        "ListFormat",
        &[],
        "format",
        &[list.into(), JsValue::UNDEFINED],
    )
    .unwrap_or_default()
}
