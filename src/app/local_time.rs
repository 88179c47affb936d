//! Dates as the person reads them: in the local time of the system, with the rules of its
//! zone for the date in question (summer time included), not in UTC.
//!
//! The zone is chrono's `Local`, which needs no system library at build time: on Linux and
//! the BSDs it reads `TZ` and /etc/localtime itself, on Windows it asks the system's time
//! zone functions, and in a browser it asks the browser. Where none says anything, it is UTC.
//! Tests and demonstrations give a fixed offset instead ([`Zone::Fixed`]).

use chrono::{DateTime, FixedOffset, Local, NaiveDateTime, Offset, TimeZone, Utc};

/// The zone dates are shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zone {
    /// The system's local time.
    #[default]
    Local,
    /// A fixed offset east of UTC, in seconds (tests).
    Fixed(i32),
}

impl Zone {
    /// The offset from UTC at the moment `when`, in seconds east.
    pub fn offset_at(self, when: DateTime<Utc>) -> i32 {
        match self {
            Zone::Local => Local
                .offset_from_utc_datetime(&when.naive_utc())
                .fix()
                .local_minus_utc(),
            Zone::Fixed(seconds) => seconds,
        }
    }

    /// The moment `when` as a date and a time in this zone: `2026-11-29 22:32`.
    pub fn text(self, when: DateTime<Utc>) -> String {
        let offset = FixedOffset::east_opt(self.offset_at(when)).unwrap_or(Utc.fix());
        when.with_timezone(&offset)
            .format("%Y-%m-%d %H:%M")
            .to_string()
    }

    /// A date in the form records hold it, `2026-11-29T14:32:05Z`, as [`Zone::text`] shows it;
    /// any other text as it is.
    pub fn iso_text(self, iso: &str) -> String {
        match NaiveDateTime::parse_from_str(iso, "%Y-%m-%dT%H:%M:%SZ") {
            Ok(naive) => self.text(naive.and_utc()),
            Err(_) => iso.to_string(),
        }
    }

    /// A moment of the system's clock as [`Zone::text`] shows it.
    pub fn system_time_text(self, when: web_time::SystemTime) -> String {
        let since = when
            .duration_since(web_time::UNIX_EPOCH)
            .unwrap_or_default();
        match DateTime::<Utc>::from_timestamp(
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX),
            since.subsec_nanos(),
        ) {
            Some(utc) => self.text(utc),
            None => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_records_date_is_shown_in_the_zone() {
        let beijing = Zone::Fixed(8 * 3600);
        assert_eq!(beijing.iso_text("2026-11-29T14:32:05Z"), "2026-11-29 22:32");
        // Past midnight: the next day.
        assert_eq!(beijing.iso_text("2026-11-29T20:05:00Z"), "2026-11-30 04:05");
        let new_york_winter = Zone::Fixed(-5 * 3600);
        assert_eq!(
            new_york_winter.iso_text("2026-01-01T03:00:00Z"),
            "2025-12-31 22:00"
        );
        assert_eq!(
            Zone::Fixed(0).iso_text("2026-11-29T14:32:05Z"),
            "2026-11-29 14:32"
        );
        assert_eq!(beijing.iso_text("odd"), "odd");
        assert_eq!(
            beijing.iso_text("2026-13-40T99:00:00Z"),
            "2026-13-40T99:00:00Z"
        );
    }

    #[test]
    fn a_moment_of_the_clock_is_shown_in_the_zone() {
        let when = web_time::UNIX_EPOCH + std::time::Duration::from_secs(1_796_122_640);
        assert_eq!(Zone::Fixed(0).system_time_text(when), "2026-12-01 10:57");
        assert_eq!(Zone::Fixed(3600).system_time_text(when), "2026-12-01 11:57");
        // A leap day.
        let leap = web_time::UNIX_EPOCH + std::time::Duration::from_secs(1_709_251_140);
        assert_eq!(Zone::Fixed(0).system_time_text(leap), "2024-02-29 23:59");
    }

    #[test]
    fn the_local_zone_gives_an_offset_within_a_day() {
        let offset = Zone::Local.offset_at(Utc::now());
        assert!(offset.abs() < 24 * 3600, "{offset}");
    }
}
