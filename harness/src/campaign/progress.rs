//! Progress while a campaign runs: the tally of verdicts, the bar, the progress lines.

use super::journal::CaseVerdict;
use super::CampaignConfig;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Seconds between progress lines (`STDLOWER_PROGRESS_SECONDS` overrides it).
pub const PROGRESS_SECONDS: f64 = 10.0;

pub(super) fn progress_interval() -> Duration {
    std::env::var("STDLOWER_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(Duration::from_secs_f64(PROGRESS_SECONDS), |s| {
            Duration::from_secs_f64(s.min(1e6))
        })
}

/// The verdicts so far, for the progress bar.
#[derive(Default)]
pub(super) struct Tally {
    agreed: AtomicU64,
    found: AtomicU64,
    skipped: AtomicU64,
    known: AtomicU64,
}

impl Tally {
    /// Counts a verdict.
    pub(super) fn count(&self, verdict: CaseVerdict) {
        match verdict {
            CaseVerdict::Agree => &self.agreed,
            CaseVerdict::Finding => &self.found,
            CaseVerdict::KnownUpstream => &self.known,
            CaseVerdict::Skipped => &self.skipped,
        }
        .fetch_add(1, Ordering::Relaxed);
    }

    /// One more case on the bar, with the counts so far.
    pub(super) fn show(&self, bar: &indicatif::ProgressBar) {
        bar.inc(1);
        bar.set_message(format!(
            "{} findings, {} known-upstream, {} skipped",
            self.found.load(Ordering::Relaxed),
            self.known.load(Ordering::Relaxed),
            self.skipped.load(Ordering::Relaxed)
        ));
    }
}

/// A progress line: cases done in this run, findings, rate, and elapsed campaign time
/// against `--time`.
pub(super) fn progress_line(
    tally: &Tally,
    start: Instant,
    clock: Instant,
    total: Option<u64>,
    time: Option<Duration>,
    deadline: Option<Instant>,
) -> String {
    let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let cases = n(&tally.agreed) + n(&tally.found) + n(&tally.known) + n(&tally.skipped);
    let run = start.elapsed().as_secs_f64();
    let rate = if run > 0.0 { cases as f64 / run } else { 0.0 };
    let of = total.map_or(String::new(), |t| format!("/{t}"));
    let elapsed = clock.elapsed().as_secs_f64();
    let time = match (time, deadline) {
        (Some(t), Some(_)) => format!("{elapsed:.0} s of {:.0} s", t.as_secs_f64()),
        _ => format!("{elapsed:.0} s"),
    };
    format!(
        "campaign: {cases}{of} cases, {} findings, {} known-upstream, {} skipped, {rate:.1}/s, {time}",
        n(&tally.found),
        n(&tally.known),
        n(&tally.skipped)
    )
}

pub(super) fn progress_bar(
    cfg: &CampaignConfig,
    total: Option<u64>,
) -> Option<indicatif::ProgressBar> {
    if !cfg.progress {
        return None;
    }
    let style = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} checks, {per_sec}, {msg}",
    )
    .ok()?
    .progress_chars("=> ");
    let b = match total {
        Some(t) => indicatif::ProgressBar::new(t),
        None => indicatif::ProgressBar::new_spinner(),
    };
    b.set_style(style);
    Some(b)
}
