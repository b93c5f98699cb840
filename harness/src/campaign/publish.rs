//! What a campaign leaves behind: `report.json`, `report.html`, the summary on standard
//! output, and its exit status.

use super::report::Report;
use super::{signals, CampaignError};
use std::path::{Path, PathBuf};

/// Writes `DIR/report.json`, and `DIR/report.html` charting `DIR/journal.jsonl`.
pub fn write_report(out: &Path, rep: &Report) -> Result<(), CampaignError> {
    write_report_with(out, rep, &[out.join("journal.jsonl")], out)
}

/// [`write_report`] for a report of `journals` whose file names are relative to `base`
/// (a merge's).
pub fn write_report_with(
    out: &Path,
    rep: &Report,
    journals: &[PathBuf],
    base: &Path,
) -> Result<(), CampaignError> {
    let text = serde_json::to_string_pretty(rep)?;
    let path = out.join("report.json");
    std::fs::write(&path, text + "\n")
        .map_err(|source| CampaignError::WriteReport { path, source })?;
    super::report_html::write(out, rep, journals, base).map_err(|source| {
        CampaignError::WriteReport {
            path: out.join("report.html"),
            source,
        }
    })
}

/// Prints the summary of a report on standard output.
pub fn print_summary(rep: &Report, out: &Path, stdout: &mut crate::process::output::Out) {
    stdout.line(&format!(
        "checked {} modules in {:.1} s ({:.0}/s): {} agreed, {} findings, {} known-upstream, {} skipped{}; report: {}",
        rep.checked,
        rep.seconds,
        rep.checks_per_second,
        rep.agreed,
        rep.findings,
        rep.known_upstream,
        rep.skipped,
        if rep.interrupted { " (interrupted)" } else { "" },
        out.join("report.json").display()
    ));
    for b in &rep.buckets {
        let saved: Vec<String> = b
            .reproducers
            .iter()
            .map(|p| match &p.file {
                Some(f) => out.join(f).display().to_string(),
                None => format!("seed {}", p.seed),
            })
            .collect();
        stdout.line(&format!(
            "  {} x {}: {}",
            b.count,
            b.signature,
            saved.join(", ")
        ));
    }
    if let (Some(c), Some(t)) = (rep.first_finding_case, rep.first_finding_seconds) {
        stdout.line(&format!("  first finding: case {c}, after {t:.1} s"));
    }
    for (doc, n) in &rep.known_upstream_by_doc {
        stdout.line(&format!("  known upstream LLVM bug ({doc}): {n}"));
    }
}

/// The exit status of a campaign's report: 128 + the signal when one stopped it,
/// 6 with findings, 0 without.
pub fn exit_status(rep: &Report) -> i32 {
    match signals::received() {
        Some(sig) if rep.interrupted => 128 + sig,
        _ if rep.findings > 0 => crate::exit::FAILED,
        _ => crate::exit::OK,
    }
}
