//! Many modules through the whole upstream pipeline at once, for the campaign's
//! `upstream` oracle: one `mlir-opt --split-input-file` for every module of the same
//! index bit width and pass options ([`crate::upstream_release::lower_batch`]), one
//! `mlir-translate --split-input-file` for all it lowered ([`crate::upstream_release::translate_batch`]).
//! Every module that went through both gets its LLVM dialect as `mlir-opt` printed it,
//! which its check reads back and runs in `llinterp` ([`super::interpreted`]); a module
//! sampled for a native run ([`Job::native`]) also gets its LLVM IR, made readable by
//! LLVM 22 for the typed-pointer releases ([`crate::upstream_release::native_ir`]), as the module run alone
//! gives it: with the debug information's file name of a module read from standard input
//! (`<stdin>`, where a split run names the chunk) and without the blank line a split run
//! prints after it. The others' translation only tells that `mlir-translate` takes them
//! (its refusal is the oracle's result as much as `mlir-opt`'s). A module a tool refused
//! gets no answer, and [`crate::upstream::to_llvm_ir`] runs it alone, so that its message
//! is a run alone's: a split run's diagnostics are not (MLIR 13 counts a chunk's lines
//! from its marker line, and printed one error where a run alone printed two).

use crate::upstream::{self, Prepared};
use stdlower_front::options::PassOptions;

/// One module to lower: its export ([`upstream::export`]) and its options.
pub struct Job {
    pub text: String,
    pub index_bitwidth: u32,
    pub pass: PassOptions,
    /// Whether its check runs upstream's code natively (and so needs the LLVM IR).
    pub native: bool,
}

/// The answer for each job (in order) that went through every step, `None` for the
/// others (and for all when the tools are not installed).
pub fn to_llvm_ir_batch(jobs: &[Job]) -> Vec<Option<Prepared>> {
    let mut answers: Vec<Option<Prepared>> = (0..jobs.len()).map(|_| None).collect();
    let (Ok(t), Ok(dl)) = (
        crate::upstream_release::selected(),
        upstream::host_data_layout(),
    ) else {
        return answers;
    };
    // One batch per pipeline: the index bit width and pass options are its arguments.
    let mut groups: Vec<((u32, PassOptions), Vec<usize>)> = Vec::new();
    for (k, j) in jobs.iter().enumerate() {
        let key = (j.index_bitwidth, j.pass);
        match groups.iter_mut().find(|(g, _)| *g == key) {
            Some((_, ks)) => ks.push(k),
            None => groups.push((key, vec![k])),
        }
    }
    // Each group through its own `mlir-opt`, the groups side by side (a process mostly
    // waits to start), then everything lowered through one `mlir-translate` (its input
    // carries no options).
    let lower_group = |(ib, pass): (u32, PassOptions), ks: &[usize]| {
        let args = crate::upstream_release::pipeline(t.release, ib, pass, dl);
        let texts: Vec<String> = ks.iter().map(|&k| jobs[k].text.clone()).collect();
        let out = crate::upstream_release::lower_batch(t, &texts, &args);
        ks.iter()
            .zip(out)
            .filter_map(|(&k, l)| l.ok().map(|l| (k, l)))
            .collect::<Vec<_>>()
    };
    let lowered: Vec<(usize, String)> = std::thread::scope(|s| {
        let running: Vec<_> = groups
            .iter()
            .map(|(key, ks)| s.spawn(move || lower_group(*key, ks)))
            .collect();
        running
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let dialects: Vec<String> = lowered.iter().map(|(_, d)| d.clone()).collect();
    let irs = crate::upstream_release::translate_batch(t, &dialects);
    for ((k, dialect), ir) in lowered.into_iter().zip(irs) {
        let Ok(ir) = ir else { continue };
        let j: &Job = &jobs[k];
        // The blank line a split run prints between modules dropped, as a module
        // alone ends. A failure here is left to the module's own run.
        let ir = j.native.then(|| {
            let ir = format!("{}\n", stdin_file_name(&ir).trim_end());
            crate::upstream_release::native_ir(t, ir)
        });
        if let Some(Err(_)) = ir {
            continue;
        }
        answers[k] = Some(Prepared {
            text: j.text.clone(),
            index_bitwidth: j.index_bitwidth,
            pass: j.pass,
            llvm_dialect: Some(dialect),
            ir,
        });
    }
    answers
}

/// `ir` with the debug information's file name of a split run's chunk
/// (`"within split at <stdin>:LINE offset "`) made that of a module read alone
/// (`"<stdin>"`).
fn stdin_file_name(ir: &str) -> String {
    unprefixed(
        ir,
        "\"within split at <stdin>:",
        " offset \"",
        "\"<stdin>\"",
    )
}

/// `text` with every `{open}LINE{close}` (`LINE` digits) replaced by `by`.
fn unprefixed(text: &str, open: &str, close: &str, by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(open) {
        let after = &rest[at + open.len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match after[digits..].strip_prefix(close) {
            Some(tail) if digits > 0 => {
                out.push_str(&rest[..at]);
                out.push_str(by);
                rest = tail;
            }
            _ => {
                out.push_str(&rest[..at + open.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chunks_file_name_becomes_stdins() {
        let ir = "!4 = !DIFile(filename: \"within split at <stdin>:8 offset \", directory: \"/\")\n; \"within split at <stdin>:x offset \"";
        assert_eq!(
            stdin_file_name(ir),
            "!4 = !DIFile(filename: \"<stdin>\", directory: \"/\")\n; \"within split at <stdin>:x offset \""
        );
    }
}
