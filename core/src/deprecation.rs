//! The deprecation of `getPet`: its announced removal date, the days left until then, and
//! what the service's own `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers say. Also
//! reads HTTP dates, as `Retry-After` and `Sunset` carry them.

/// A calendar date (proleptic Gregorian, UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Date {
    /// e.g. 2030
    pub year: i32,
    /// 1..=12
    pub month: u32,
    /// 1..=31
    pub day: u32,
}

/// The day the service removes `GET /pets/{petId}` (interface, "Versioning").
pub const GET_PET_REMOVAL: Date = Date {
    year: 2030,
    month: 12,
    day: 5,
};

const MS_PER_DAY: f64 = 86_400_000.0;
const SECONDS_PER_DAY: i64 = 86_400;
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// What an answer's headers said about the operation's end of life, when the service sent
/// them (and CORS let the browser read them). Times are seconds since the epoch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lifecycle {
    /// `Deprecation: @SECONDS`: when the operation was (or will be) deprecated.
    pub deprecated_at: Option<i64>,
    /// `Sunset: HTTP-date`: when it stops answering.
    pub sunset_at: Option<i64>,
}

impl Lifecycle {
    /// Reads the two headers' values (either may be absent or unreadable, then ignored).
    pub fn from_headers(deprecation: Option<&str>, sunset: Option<&str>) -> Lifecycle {
        Lifecycle {
            deprecated_at: deprecation.and_then(parse_structured_date),
            sunset_at: sunset.and_then(parse_http_date),
        }
    }
}

/// An RFC 9651 structured-field Date (`@1735689600`), as `Deprecation` carries it.
pub fn parse_structured_date(value: &str) -> Option<i64> {
    value.trim().strip_prefix('@')?.parse().ok()
}

/// An HTTP date in the IMF-fixdate form every sender must use (`Thu, 05 Dec 2030 00:00:00
/// GMT`), as seconds since the epoch.
pub fn parse_http_date(value: &str) -> Option<i64> {
    let parts: Vec<&str> = value.split_whitespace().collect();
    let [_weekday, day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let month = MONTHS.iter().position(|m| m == month)?;
    let date = Date {
        year: year.parse().ok()?,
        month: u32::try_from(month).ok()? + 1,
        day: day.parse().ok().filter(|d| (1..=31).contains(d))?,
    };
    let mut hms = time.split(':').map(|n| n.parse::<i64>().ok());
    let (h, m, s) = (hms.next()??, hms.next()??, hms.next()??);
    if hms.next().is_some() || h > 23 || m > 59 || s > 60 {
        return None;
    }
    Some(date.days_since_epoch() * SECONDS_PER_DAY + h * 3600 + m * 60 + s)
}

impl Date {
    /// Days from 1970-01-01 to this date (negative before it).
    pub fn days_since_epoch(&self) -> i64 {
        // Howard Hinnant's days_from_civil: exact for every Gregorian date.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The UTC date of `seconds` since the epoch.
    pub fn from_unix_seconds(seconds: i64) -> Date {
        // Howard Hinnant's civil_from_days.
        let z = seconds.div_euclid(SECONDS_PER_DAY) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year: i32::try_from(year).unwrap_or(i32::MAX),
            month: u32::try_from(month).unwrap_or(1),
            day: u32::try_from(day).unwrap_or(1),
        }
    }

    /// Whole days from the UTC day of `now_ms` (milliseconds since the epoch, as
    /// `Date.now()` gives) until this date: 0 on the day itself, negative once it has passed.
    pub fn days_left(&self, now_ms: f64) -> i64 {
        // `as` saturates on NaN and infinities, so a broken clock cannot panic here.
        let today = (now_ms / MS_PER_DAY).floor() as i64;
        self.days_since_epoch() - today
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifecycle_headers_are_read_as_the_rfcs_write_them() {
        let l = Lifecycle::from_headers(Some("@1735689600"), Some("Thu, 05 Dec 2030 00:00:00 GMT"));
        assert_eq!(l.deprecated_at, Some(1_735_689_600));
        assert_eq!(l.sunset_at, Some(1_922_659_200));
        assert_eq!(Date::from_unix_seconds(1_922_659_200), GET_PET_REMOVAL);
        assert_eq!(
            Date::from_unix_seconds(1_735_689_600),
            Date {
                year: 2025,
                month: 1,
                day: 1
            }
        );
        assert_eq!(
            parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777)
        );
        for bad in [
            "",
            "@x",
            "1735689600",
            "Sun, 06 Nov 1994 08:49:37 CET",
            "06 Nov 1994",
        ] {
            assert_eq!(
                Lifecycle::from_headers(Some(bad), Some(bad)),
                Lifecycle::default(),
                "{bad}"
            );
        }
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 24:00:00 GMT"), None);
    }

    #[test]
    fn days_since_epoch_matches_known_dates() {
        assert_eq!(
            Date {
                year: 1970,
                month: 1,
                day: 1
            }
            .days_since_epoch(),
            0
        );
        assert_eq!(
            Date {
                year: 2000,
                month: 3,
                day: 1
            }
            .days_since_epoch(),
            11_017
        );
        assert_eq!(GET_PET_REMOVAL.days_since_epoch(), 22_253);
        assert_eq!(
            Date {
                year: 1969,
                month: 12,
                day: 31
            }
            .days_since_epoch(),
            -1
        );
    }

    #[test]
    fn days_left_counts_from_today_in_utc() {
        let removal_ms = 22_253.0 * MS_PER_DAY;
        assert_eq!(GET_PET_REMOVAL.days_left(removal_ms), 0);
        assert_eq!(GET_PET_REMOVAL.days_left(removal_ms + MS_PER_DAY - 1.0), 0);
        assert_eq!(GET_PET_REMOVAL.days_left(removal_ms - 1.0), 1);
        assert_eq!(GET_PET_REMOVAL.days_left(removal_ms + 3.0 * MS_PER_DAY), -3);
        // 2026-11-21 is 1475 days before 2030-12-05.
        let day = Date {
            year: 2026,
            month: 11,
            day: 21,
        }
        .days_since_epoch();
        assert_eq!(
            GET_PET_REMOVAL.days_left(day as f64 * MS_PER_DAY + 5.0e7),
            1475
        );
        assert_eq!(GET_PET_REMOVAL.days_left(f64::NAN), 22_253);
    }
}
