//! Opening a campaign's directory: its subdirectories, what its journal holds already
//! (refused without `--resume`), the parameters a resume must keep, and the journal
//! opened for appending (a torn last line cut off).

use super::journal::{self, CaseVerdict, Journal};
use super::{params, report, CampaignConfig, CampaignError};
use std::path::Path;
use std::time::Duration;

/// A campaign directory ready to run in.
pub(super) struct Opened {
    pub(super) journal: Journal,
    /// The cases journaled already (skipped on `--resume`).
    pub(super) done: journal::CaseSet,
    /// What the journal holds, counted.
    pub(super) summary: report::Summary,
    /// The buckets of the findings saved so far, one name per saved finding.
    pub(super) saved: Vec<String>,
    /// Campaign time the earlier runs took (the journal's latest case time).
    pub(super) before: Duration,
}

/// Makes `findings/` and `known-upstream/`, reads the journal, checks a resume against
/// the saved parameters, saves this run's, and opens the journal.
pub(super) fn open(cfg: &CampaignConfig) -> Result<Opened, CampaignError> {
    for d in [cfg.out.join("findings"), cfg.out.join("known-upstream")] {
        std::fs::create_dir_all(&d).map_err(|source| CampaignError::Create { path: d, source })?;
    }
    let jpath = cfg.out.join("journal.jsonl");
    let earlier = read_earlier(&jpath)?;
    if !earlier.done.is_empty() && !cfg.resume {
        return Err(CampaignError::AlreadyStarted {
            out: cfg.out.clone(),
            cases: earlier.done.len(),
        });
    }
    let mine = params::Params::of(cfg);
    if cfg.resume {
        if let Some(c) =
            params::load(&cfg.out)?.and_then(|was| params::resume_conflict(&was, &mine))
        {
            return Err(CampaignError::ResumeConflict(c));
        }
    }
    params::save(&cfg.out, &mine)?;
    let (journal, healed) = Journal::open_with(&jpath, earlier.names)?;
    if healed.torn_bytes > 0 {
        eprintln!(
            "warning: {}: its last line was torn ({} bytes: the campaign stopped in the \
             middle of writing it); cut it off, and its case runs again",
            jpath.display(),
            healed.torn_bytes
        );
    }
    Ok(Opened {
        journal,
        done: earlier.done,
        summary: earlier.summary,
        saved: earlier.saved,
        before: Duration::from_secs_f64(earlier.latest),
    })
}

/// What the journal holds when a campaign starts (read as a stream).
struct Earlier {
    done: journal::CaseSet,
    summary: report::Summary,
    names: journal::Dictionary,
    /// The buckets of the findings saved so far, one name per saved finding.
    saved: Vec<String>,
    /// The latest case time.
    latest: f64,
}

fn read_earlier(jpath: &Path) -> Result<Earlier, CampaignError> {
    let mut e = Earlier {
        done: journal::CaseSet::default(),
        summary: report::Summary::default(),
        names: journal::Dictionary::default(),
        saved: Vec::new(),
        latest: 0.0,
    };
    e.names = journal::read_with_names(jpath, |entry| {
        if !e.done.insert(entry.case) {
            return; // journaled twice: the first one counts
        }
        e.latest = e.latest.max(entry.at_s);
        if entry.verdict == CaseVerdict::Finding && entry.file.is_some() {
            e.saved.extend(entry.bucket.clone());
        }
        e.summary.add(&entry);
    })?;
    Ok(e)
}
