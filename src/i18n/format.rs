//! Numbers, times and dates in the chosen language, from the browser's own `Intl` (no locale
//! data in the wasm). Each reads the chosen language, so a closure calling it redraws when it
//! changes. Ids are not numbers here: they are shown as their digits, never through these.

use wasm_bindgen::JsValue;

use super::language::language;

/// The `Intl` locales argument for `tag`.
pub(crate) fn locales(tag: &str) -> js_sys::Array {
    js_sys::Array::of1(&tag.into())
}

fn options(pairs: &[(&str, &str)]) -> js_sys::Object {
    let object = js_sys::Object::new();
    for (name, value) in pairs {
        let _ = js_sys::Reflect::set(&object, &(*name).into(), &(*value).into());
    }
    object
}

/// A count with the language's grouping ("1,234", "1.234", "1 234"), exact at any size (the
/// digits go to `Intl.NumberFormat` as a string, never as a JavaScript Number).
pub fn number(count: u64) -> String {
    let digits = count.to_string();
    if !cfg!(target_arch = "wasm32") {
        // Native tests: English grouping.
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        return out;
    }
    let format = js_sys::Intl::NumberFormat::new(&locales(language().tag()), &options(&[]));
    format
        .format()
        .call1(&JsValue::UNDEFINED, &digits.as_str().into())
        .ok()
        .and_then(|v| v.as_string())
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

/// A date and time ("24 Nov 2026, 10:42") of a time in ms since the epoch.
pub fn date_time(ms: f64) -> String {
    date_format(
        ms,
        &[
            ("dateStyle", "medium"),
            ("timeStyle", "short"),
            ("hourCycle", "h23"),
        ],
    )
}

/// A calendar day in long form ("5 December 2030", "5. Dezember 2030"), as the day itself
/// (not shifted by the device's time zone).
pub fn long_date(year: i64, month: u32, day: u32) -> String {
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
        let name = MONTHS.get(month.wrapping_sub(1) as usize).unwrap_or(&"?");
        return format!("{day} {name} {year}");
    }
    let ms =
        js_sys::Date::utc(year as f64, f64::from(month) - 1.0) + f64::from(day - 1) * 86_400_000.0;
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
    let format = js_sys::Intl::RelativeTimeFormat::new(
        &locales(language().tag()),
        &options(&[("numeric", "auto")]),
    );
    String::from(format.format(days as f64, "day"))
}

fn date_format(ms: f64, pairs: &[(&str, &str)]) -> String {
    let date = js_sys::Date::new(&ms.into());
    let format = js_sys::Intl::DateTimeFormat::new(&locales(language().tag()), &options(pairs));
    format
        .format()
        .call1(&JsValue::UNDEFINED, &date)
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// How long ago, in words ("3 minutes ago", "vor 3 Minuten"); `unit` is `Intl`'s
/// (`minute`, `hour`, `day`).
pub fn relative_time(value: f64, unit: &str) -> String {
    let format = js_sys::Intl::RelativeTimeFormat::new(&locales(language().tag()), &options(&[]));
    String::from(format.format(-value, unit))
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
    let options = options(&[("style", "unit"), ("unit", unit), ("unitDisplay", "long")]);
    let format = js_sys::Intl::NumberFormat::new(&locales(language().tag()), &options);
    format
        .format()
        .call1(&JsValue::UNDEFINED, &JsValue::from_f64(n as f64))
        .ok()
        .and_then(|v| v.as_string())
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
    let format = js_sys::Intl::ListFormat::new(&locales(language().tag()), &options(&[]));
    String::from(format.format(&list))
}
