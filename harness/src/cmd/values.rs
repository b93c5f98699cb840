//! The value parsers that several commands' flags share, so that one flag means one
//! thing everywhere: durations (`--time`, `--timeout`, `--time-limit`) and thread
//! counts (`--jobs`). A value out of range is clap's usage error (exit status 2) with
//! the reason, never a panic further on.

use std::time::Duration;

pub use stdlower_front::options::MAX_JOBS;

/// The longest duration any flag takes: a year. Longer ones are typing mistakes, and
/// past about 584 billion years a deadline no longer fits the clock at all.
pub const MAX_DURATION: Duration = Duration::from_secs(365 * 24 * 3600);

pub use stdlower_front::options::jobs;

/// One thread per core, at most [`MAX_JOBS`] (the default of `campaign --jobs`).
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_JOBS))
}

/// A duration: plain seconds (`90`, `2.5`) or humantime's units, which may be
/// combined (`90s`, `1.5s`, `5m`, `1h30m`, `2h 5min`, `500ms`, `1d`); at most
/// [`MAX_DURATION`]. Zero is allowed (see [`positive_duration`]).
pub fn duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let d = if let Ok(secs) = t.parse::<f64>() {
        if secs.is_nan() {
            return Err(format!("'{s}' is not a duration"));
        }
        if secs < 0.0 {
            return Err(format!("'{s}': a duration cannot be negative"));
        }
        // Infinite and huge values fail here, as they fail the limit below.
        Duration::try_from_secs_f64(secs).map_err(|_| too_long(s))?
    } else {
        humantime::parse_duration(t).map_err(|e| match e {
            humantime::DurationError::NumberOverflow => too_long(s),
            e => format!(
                "'{s}' is not a duration ({e}): give seconds (90, 2.5) or a number with a \
                 unit (90s, 5m, 1h30m, 1d)"
            ),
        })?
    };
    if d > MAX_DURATION {
        return Err(too_long(s));
    }
    Ok(d)
}

/// A [`duration`] greater than zero (a timeout).
pub fn positive_duration(s: &str) -> Result<Duration, String> {
    match duration(s)? {
        d if d.is_zero() => Err(format!("'{s}': the duration must be greater than zero")),
        d => Ok(d),
    }
}

fn too_long(s: &str) -> String {
    format!("'{s}' is too long a duration (at most a year, 365d)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_every_documented_form() {
        let secs = Duration::from_secs;
        assert_eq!(duration("90s").unwrap(), secs(90));
        assert_eq!(duration("1h30m").unwrap(), secs(5400));
        assert_eq!(duration("1h 30m").unwrap(), secs(5400));
        assert_eq!(duration("5m").unwrap(), secs(300));
        assert_eq!(duration("1d").unwrap(), secs(86400));
        assert_eq!(duration("1.5s").unwrap(), Duration::from_millis(1500));
        assert_eq!(duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(duration("2.5").unwrap(), Duration::from_millis(2500));
        assert_eq!(duration(" 5 ").unwrap(), secs(5));
        assert_eq!(duration("0").unwrap(), Duration::ZERO);
        assert_eq!(duration("365d").unwrap(), MAX_DURATION);
    }

    #[test]
    fn absurd_durations_are_errors() {
        for bad in [
            "1e30",
            "1e20",
            "99999999999999999999h",
            "18446744073709551615s",
            "366d",
            "-1",
            "-1s",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "",
            "5 minutes later",
            "5x",
        ] {
            assert!(duration(bad).is_err(), "{bad}");
        }
        assert!(duration("1e30").unwrap_err().contains("too long"));
        assert!(duration("99999999999999999999h")
            .unwrap_err()
            .contains("too long"));
        assert!(positive_duration("0").is_err());
        assert!(positive_duration("0s").is_err());
        assert_eq!(positive_duration("1e-3").unwrap(), Duration::from_millis(1));
    }

    #[test]
    fn jobs_from_one_to_the_maximum() {
        assert_eq!(jobs("1").unwrap(), 1);
        assert_eq!(jobs("256").unwrap(), MAX_JOBS);
        for bad in ["0", "257", "100000", "-1", "two", "", "1.5"] {
            assert!(jobs(bad).is_err(), "{bad}");
        }
        assert!((1..=MAX_JOBS).contains(&all_cores()));
    }
}
