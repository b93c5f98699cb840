//! The words every layer uses of a case's outcome, below the oracles that give them:
//! the name of an oracle ([`Oracle`]), how a case came out ([`Verdict`]), why a case was
//! skipped ([`SkipKind`]), a finding's bucket ([`signature`]) and diagnostics as a
//! finding's detail ([`joined`]). The upstream drivers, the known-bug tables and the
//! structure comparison name oracles and verdicts through here, not through
//! `crate::oracles`, which imports them.

mod name;
pub mod signature;

pub use name::Oracle;
pub use signature::signature;

use crate::exec::NativeLimit;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Diagnostics as one line, `; `-separated (a finding's detail).
pub fn joined(ds: &[converter::diag::Diagnostic]) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// How one case came out.
#[derive(Clone, Debug)]
pub enum Verdict {
    Agree,
    Finding {
        oracle: Oracle,
        detail: String,
    },
    /// Nothing can be concluded: UB, fuel or call depth in the interpreter, a timeout
    /// or an exhausted stack in a native path, or bad input.
    Skipped {
        kind: SkipKind,
        reason: String,
    },
}

/// Why a case was skipped: the category the campaign journal and report count skips by
/// (serialised as today's strings: `fuel`, `call-depth`, `timeout`, `native-stack`,
/// `ub`, `error`). Set where the skip is decided, never recovered from the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipKind {
    /// The interpreter ran out of fuel.
    Fuel,
    /// The interpreter hit its call depth limit.
    CallDepth,
    /// A native path (JIT compilation or run) timed out.
    Timeout,
    /// A native path exhausted its stack.
    NativeStack,
    /// The interpreter found undefined behaviour.
    Ub,
    /// Anything else: bad input, an interpreter error.
    Error,
}

impl SkipKind {
    /// The category's name, as the journal writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipKind::Fuel => "fuel",
            SkipKind::CallDepth => "call-depth",
            SkipKind::Timeout => "timeout",
            SkipKind::NativeStack => "native-stack",
            SkipKind::Ub => "ub",
            SkipKind::Error => "error",
        }
    }

    /// The kind of a native path's resource `limit`: a timeout or an exhausted stack.
    pub fn of_limit(limit: NativeLimit) -> SkipKind {
        match limit {
            NativeLimit::StackExhausted => SkipKind::NativeStack,
            NativeLimit::Timeout { .. } | NativeLimit::CompileTimeout { .. } => SkipKind::Timeout,
        }
    }
}

impl Verdict {
    pub fn is_finding(&self) -> bool {
        matches!(self, Verdict::Finding { .. })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Agree => f.write_str("agree"),
            Verdict::Finding { oracle, detail } => write!(f, "FINDING [{oracle}]: {detail}"),
            Verdict::Skipped { reason, .. } => write!(f, "skipped: {reason}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The skip kinds serialise to the category names the journal and report.json have
    /// always counted, and a native limit's kind comes from the limit itself.
    #[test]
    fn skip_kinds_keep_their_journal_names() {
        use SkipKind::*;
        for (k, name) in [
            (Fuel, "fuel"),
            (CallDepth, "call-depth"),
            (Timeout, "timeout"),
            (NativeStack, "native-stack"),
            (Ub, "ub"),
            (Error, "error"),
        ] {
            assert_eq!(k.as_str(), name);
            assert_eq!(serde_json::to_string(&k).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<SkipKind>(&format!("\"{name}\"")).unwrap(),
                k
            );
        }
        assert_eq!(SkipKind::of_limit(NativeLimit::StackExhausted), NativeStack);
        assert_eq!(
            SkipKind::of_limit(NativeLimit::Timeout { secs: 5.0 }),
            Timeout
        );
        assert_eq!(
            SkipKind::of_limit(NativeLimit::CompileTimeout { secs: 5.0 }),
            Timeout
        );
    }
}
