//! What stops a campaign, or a merge of campaigns, from running or finishing.

use super::{journal, params};
use std::path::PathBuf;

/// Why a campaign (or a merge of campaigns) could not run or finish.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    #[error(transparent)]
    Journal(#[from] journal::JournalError),
    #[error(transparent)]
    Params(#[from] params::ParamsError),
    #[error("cannot create {}: {source}", path.display())]
    Create {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{} already holds a campaign journal ({cases} cases): pass --resume to continue it, \
         or choose another --out",
        out.display()
    )]
    AlreadyStarted { out: PathBuf, cases: u64 },
    #[error("--resume: {0}")]
    ResumeConflict(String),
    #[error("cannot write finding {name}: {source}")]
    WriteFinding {
        name: String,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot append to the journal: {0}")]
    Append(#[source] std::io::Error),
    #[error("{0}")]
    Serialize(#[from] serde_json::Error),
    #[error("cannot write {}: {source}", path.display())]
    WriteReport {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{} has no campaign.json: not a campaign directory, or one of an older stdlower",
        .0.display()
    )]
    NotACampaign(PathBuf),
    #[error("{} and {} are not shards of one campaign: {why}", a.display(), b.display())]
    NotShards { a: PathBuf, b: PathBuf, why: String },
    #[error("{} and {} are both shard {i}/{n}", a.display(), b.display())]
    SameShard {
        a: PathBuf,
        b: PathBuf,
        i: u64,
        n: u64,
    },
    #[error("{}: {source}", dir.display())]
    InDir {
        dir: PathBuf,
        #[source]
        source: journal::JournalError,
    },
    #[error(
        "case {case} of {} is in another of the journals merged: the shards overlap",
        dir.display()
    )]
    Overlap { case: u64, dir: PathBuf },
    #[error("{} has no campaign journal", .0.display())]
    NoJournal(PathBuf),
    #[error(
        "shard{plural} {missing} missing: a merge needs every shard of the campaign (given: {given})"
    )]
    MissingShards {
        plural: &'static str,
        missing: String,
        given: String,
    },
}
