//! A finding's *signature*: its oracle, which paths disagree and how, the op its
//! diagnostic names, or the location of a panic, on one line. The findings of one
//! signature are one bucket (a campaign reduces and saves the first few of a bucket,
//! `campaign/buckets.rs`); an oracle's tests hold its findings' first lines to it.

use super::Oracle;
use crate::process::panics::Panic;

/// The longest signature kept (a signature is a line, not the whole detail).
const MAX_LEN: usize = 120;

/// The signature of a finding of `oracle` with `detail` (see the module doc).
pub fn signature(oracle: Oracle, detail: &str) -> String {
    if oracle == Oracle::Panic {
        let at = Panic::location_in(detail).unwrap_or("unknown");
        return format!("{oracle}: at {at}");
    }
    if oracle == Oracle::Hang {
        let phase = crate::process::watchdog::Hung::phase_in(detail).unwrap_or("unknown");
        return format!("{oracle}: while {phase}");
    }
    // A panic in the JIT worker process: its answer names the location.
    if let Some((_, rest)) = detail.split_once("the worker panicked at ") {
        let at = rest.split(": ").next().unwrap_or("unknown");
        return format!("{oracle}: the JIT worker panicked at {at}");
    }
    let first = detail.lines().next().unwrap_or("");
    // The three-way comparison names the odd path out on its first line.
    if first.contains("disagree") || first.starts_with("no path returned") {
        return format!("{oracle}: {}", masked(first));
    }
    if oracle == Oracle::InterpVsJit || detail.contains("called as C calls it") {
        let how = if native_crashed(detail) {
            "the native code crashed or timed out"
        } else {
            "results differ"
        };
        let path = if detail.contains("called as C calls it") {
            "through the C wrapper"
        } else if detail.contains("(directly and through") {
            "direct call"
        } else {
            "jit"
        };
        return format!("{oracle}: {path}: {how}");
    }
    match quoted_op(detail) {
        Some(op) => format!("{oracle}: '{op}'"),
        None => format!("{oracle}: {}", masked(first)),
    }
}

/// Whether the native side of a two-way finding crashed or timed out (its outcome is
/// the last section of the detail).
fn native_crashed(detail: &str) -> bool {
    let native = detail.rsplit_once(":\n").map_or(detail, |(_, after)| after);
    native.contains("crashed") || native.contains("timed out") || native.contains("signal")
}

/// The first op name a diagnostic quotes (`'std.addi'`, `'llvm.call'`).
fn quoted_op(detail: &str) -> Option<&str> {
    let mut rest = detail;
    while let Some(i) = rest.find('\'') {
        let after = &rest[i + 1..];
        let end = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))?;
        let name = &after[..end];
        if after[end..].starts_with('\'')
            && name.contains('.')
            && name.starts_with(|c: char| c.is_ascii_lowercase())
        {
            return Some(name);
        }
        rest = &after[end..];
    }
    None
}

/// `line` with every run of digits replaced by `N` (case numbers, values, source
/// locations and SSA names vary between findings of one bug), at most [`MAX_LEN`] long.
fn masked(line: &str) -> String {
    let mut out = String::with_capacity(line.len().min(MAX_LEN));
    let mut in_digits = false;
    for c in line.chars() {
        if out.len() >= MAX_LEN {
            break;
        }
        if c.is_ascii_digit() {
            if !in_digits {
                out.push('N');
            }
            in_digits = true;
        } else {
            out.push(c);
            in_digits = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_group_findings_of_one_bug() {
        let a = signature(
            Oracle::LlvmVerify,
            "lowering failed: gen.mlir:3:5: error: 'std.addi' op cannot lower",
        );
        let b = signature(
            Oracle::LlvmVerify,
            "lowering failed: gen.mlir:17:9: error: 'std.addi' op cannot lower",
        );
        assert_eq!(a, b);
        assert_eq!(a, "llvm-verify: 'std.addi'");
        assert_ne!(
            a,
            signature(Oracle::LlvmVerify, "x.mlir:1:1: error: 'std.subi' op no")
        );
        let p = Panic {
            message: "index 3 out of range".into(),
            location: "converter/src/lower/mod.rs:10:5".into(),
        };
        assert_eq!(
            signature(Oracle::Panic, &p.detail()),
            "panic: at converter/src/lower/mod.rs:10:5"
        );
        assert_eq!(
            signature(Oracle::InterpVsJit, "interp:\ni32 7\njit:\ni32 8\n"),
            signature(Oracle::InterpVsJit, "interp:\ni64 -1\njit:\ni64 0\n"),
        );
        assert_ne!(
            signature(Oracle::InterpVsJit, "interp:\ni32 7\njit:\ni32 8\n"),
            signature(
                Oracle::InterpVsJit,
                "interp:\ni32 7\njit:\ncrashed with SIGSEGV\n"
            ),
        );
        assert_eq!(
            signature(
                Oracle::InterpVsJit,
                "jit disagrees with interp and upstream\ninterp:\ni32 1\n"
            ),
            "interp-vs-jit: jit disagrees with interp and upstream"
        );
        assert_eq!(
            signature(
                Oracle::InterpVsJit,
                "interp:\ni32 1\njit:\nthe worker panicked at jit/src/translate.rs:9:7: oops: x\n"
            ),
            "interp-vs-jit: the JIT worker panicked at jit/src/translate.rs:9:7"
        );
        assert_eq!(
            signature(Oracle::Generator, "UB: out-of-bounds load: index 4 of 3"),
            "generator: UB: out-of-bounds load: index N of N"
        );
    }
}
