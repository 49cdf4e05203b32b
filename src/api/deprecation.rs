//! The deprecation of `getPet`: its announced removal date, and the days left until then.

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
