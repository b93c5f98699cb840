//! Crashes of the JIT'd code that match a documented upstream LLVM bug (one of
//! `docs/findings/*.md`), so that campaigns count them apart from converter findings
//! and stay actionable. Matching is by the exact `LLVM ERROR:` message LLVM printed
//! before aborting, which the worker's stderr carries into the crash outcome; a crash
//! without such a message (a plain SIGSEGV) is never classified here, so no unknown
//! crash is hidden.

pub use crate::upstream_release::known::KnownBug;
use crate::verdict::Verdict;

/// The documented bugs with an unambiguous signature.
pub const KNOWN: &[KnownBug] = &[
    KnownBug {
        signature: "LLVM ERROR: Cannot emit physreg copy instruction",
        doc: "docs/findings/llvm22-avx512-i1-vector-call.md",
        doc_text: include_str!("../../docs/findings/llvm22-avx512-i1-vector-call.md"),
    },
    KnownBug {
        signature: "LLVM ERROR: Do not know how to scalarize the result of this operator",
        doc: "docs/findings/llvm22-native-scalarize-i128-vector.md",
        doc_text: include_str!("../../docs/findings/llvm22-native-scalarize-i128-vector.md"),
    },
];

/// The documented bug a finding is, if it is a JIT abort (`SIGABRT`) whose LLVM error
/// message is a known signature.
pub fn classify(v: &Verdict) -> Option<&'static KnownBug> {
    let Verdict::Finding { oracle, detail } = v else {
        return None;
    };
    if *oracle == crate::verdict::Oracle::Upstream {
        // A tool failure that is a documented bug of the selected upstream release.
        return crate::upstream_release::known::classify_finding(detail);
    }
    if !matches!(
        *oracle,
        crate::verdict::Oracle::InterpVsJit | crate::verdict::Oracle::CInterface
    ) {
        return None;
    }
    let crash = detail
        .lines()
        .find(|l| l.contains("crashed with SIGABRT"))?;
    KNOWN.iter().find(|k| crash.contains(k.signature))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_signature_is_quoted_by_its_documentation() {
        for k in KNOWN {
            assert!(
                k.doc_text.contains(k.signature),
                "{} does not quote {:?}",
                k.doc,
                k.signature
            );
        }
    }

    #[test]
    fn only_aborts_with_a_known_message_are_classified() {
        let finding = |detail: &str| Verdict::Finding {
            oracle: crate::verdict::Oracle::InterpVsJit,
            detail: detail.to_string(),
        };
        let known = "interp:\ni32 1\njit:\nm.mlir: crashed with SIGABRT (worker stderr: \
                     LLVM ERROR: Cannot emit physreg copy instruction)\n";
        assert_eq!(classify(&finding(known)).map(|k| k.doc), Some(KNOWN[0].doc));
        let segv = known.replace("SIGABRT", "SIGSEGV");
        assert!(classify(&finding(&segv)).is_none());
        let other =
            "jit:\nm.mlir: crashed with SIGABRT (worker stderr: LLVM ERROR: something else)\n";
        assert!(classify(&finding(other)).is_none());
        let wrong_values =
            "interp:\ni32 1\njit:\ni32 2\n// LLVM ERROR: Cannot emit physreg copy instruction";
        assert!(classify(&finding(wrong_values)).is_none());
        let verify = Verdict::Finding {
            oracle: crate::verdict::Oracle::LlvmVerify,
            detail: known.to_string(),
        };
        assert!(classify(&verify).is_none());
    }
}
