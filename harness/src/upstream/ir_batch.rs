//! Many modules through the whole upstream pipeline at once, for the campaign's
//! `upstream` oracle: one `mlir-opt` run for every module of the same index bit width and
//! pass options ([`crate::upstream_release::lower_batch`]: nested modules, through our
//! worker for MLIR 22, [`crate::upstream_release::inproc`]), then one `mlir-translate` for
//! all it lowered that are not run natively, merged into one module
//! ([`crate::upstream_release::merged`]), and one `mlir-translate --split-input-file` for
//! the others ([`crate::upstream_release::translate_batch`]).
//! Every module that went through both gets its LLVM dialect as `mlir-opt` printed it,
//! which its check reads back and runs in `llinterp` ([`super::interpreted`]); a module
//! sampled for a native run ([`Job::native`]) also gets its LLVM IR, readable by LLVM 22
//! ([`crate::upstream_release::native_ir`]: for the typed-pointer releases, as it is when
//! LLVM 22's parser reads it), as the module run alone gives it: with the debug information's file name of a module read from standard input
//! (`<stdin>`, where a split run names the chunk) and without the blank line a split run
//! prints after it. The others' translation only tells that `mlir-translate` takes them
//! (its refusal is the oracle's result as much as `mlir-opt`'s). A module a tool refused
//! gets that refusal as its answer, in the words of a run alone ([`as_run_alone`]): a
//! split run's diagnostics name their chunk (`within split at <stdin>:MARK offset
//! :LINE:COL`, MLIR 13 counting a chunk's lines from its marker line), a run alone's
//! name `<stdin>:LINE:COL`. A refusal whose diagnostics do not name their chunk that
//! way (MLIR 22 prints the whole input's lines; MLIR 13's `mlir-translate` prints LLVM's
//! verifier messages without a prefix) is run alone by the batch itself (`lower_batch`
//! splits the batch down to it), and that run's message is the answer. A crash or a
//! timeout gets no answer: [`crate::upstream::to_llvm_ir`] runs the module alone in its
//! check. A run alone is not always the same twice either: MLIR 13's `mlir-opt`,
//! verifying functions on several threads, printed one of two errors of a module in
//! some runs and both in others.

use crate::upstream::{self, Prepared, UpstreamError};
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
        ks.iter().copied().zip(out).collect::<Vec<_>>()
    };
    let outcomes: Vec<(usize, Result<String, String>)> = std::thread::scope(|s| {
        let running: Vec<_> = groups
            .iter()
            .map(|(key, ks)| s.spawn(move || lower_group(*key, ks)))
            .collect();
        running
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut lowered: Vec<(usize, String)> = Vec::new();
    for (k, l) in outcomes {
        match l {
            Ok(d) => lowered.push((k, d)),
            Err(msg) => answers[k] = refused(&jobs[k], &msg),
        }
    }
    // A module run natively needs its LLVM IR, which a split run gives it. Of the
    // others, one merged run tells whether `mlir-translate` takes them
    // ([`crate::upstream_release::merged`]); those it does not take go through the split
    // run too, whose answer is the module run alone's.
    let merge = crate::upstream_release::merged::pays(t.release);
    let (checked, others): (Vec<usize>, Vec<usize>) =
        (0..lowered.len()).partition(|&i| merge && !jobs[lowered[i].0].native);
    let texts_of =
        |ks: &[usize]| -> Vec<String> { ks.iter().map(|&i| lowered[i].1.clone()).collect() };
    let mut irs: Vec<Option<Result<String, String>>> = vec![None; lowered.len()];
    // The merged run and the split run of the others side by side (each mostly one
    // process); what the merged run does not take goes through a split run after it.
    let (taken, split) = std::thread::scope(|s| {
        let split = s.spawn(|| crate::upstream_release::translate_batch(t, &texts_of(&others)));
        let texts: Vec<&str> = checked.iter().map(|&i| lowered[i].1.as_str()).collect();
        let taken = crate::upstream_release::merged::translated(t, &texts);
        (taken, split.join().unwrap_or_default())
    });
    for (&i, ir) in others.iter().zip(split) {
        irs[i] = Some(ir);
    }
    // Taken by the merged run: not run natively, so no LLVM IR is needed.
    let mut left = Vec::new();
    for (&i, ok) in checked.iter().zip(taken) {
        match ok {
            true => irs[i] = Some(Ok(String::new())),
            false => left.push(i),
        }
    }
    if !left.is_empty() {
        for (&i, ir) in left.iter().zip(crate::upstream_release::translate_batch(
            t,
            &texts_of(&left),
        )) {
            irs[i] = Some(ir);
        }
    }
    for ((k, dialect), ir) in lowered.into_iter().zip(irs) {
        let j: &Job = &jobs[k];
        let ir = match ir {
            // No answer (a panic): the module runs alone in its check.
            None => continue,
            Some(Ok(ir)) => ir,
            Some(Err(msg)) => {
                answers[k] = refused(j, &msg);
                continue;
            }
        };
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

/// The answer for job `j` that a tool of the batch refused with `msg`: the refusal as a
/// run alone words it, which the check takes as the tool's result. That is `msg` itself
/// when the batch already ran the text alone (its split run could not tell the chunks'
/// diagnostics apart), else the split run's refusal [`as_run_alone`] rewrites; `None`
/// (the module runs alone in its check) for anything else (a crash, a timeout).
fn refused(j: &Job, msg: &str) -> Option<Prepared> {
    let ran_alone = msg
        .lines()
        .next()
        .is_some_and(|l| l.contains(" failed (exit status: "));
    let alone = match ran_alone {
        true => msg.to_string(),
        false => as_run_alone(msg)?,
    };
    Some(Prepared {
        text: j.text.clone(),
        index_bitwidth: j.index_bitwidth,
        pass: j.pass,
        llvm_dialect: None,
        ir: Some(Err(UpstreamError::Tool(alone))),
    })
}

/// A split run's refusal of one chunk (`TOOL ARGS failed:` and the chunk's diagnostics,
/// each located `within split at <stdin>:MARK offset :LINE:COL`) in the words of the
/// chunk run alone (`TOOL ARGS failed (exit status: 1):`, located `<stdin>:LINE:COL`,
/// `LINE` one less past the first chunk, whose lines MLIR 13 counts from the marker
/// line `MARK`); `None` for anything else (a run alone's message, a crash, a
/// diagnostic without the chunk's prefix).
pub fn as_run_alone(msg: &str) -> Option<String> {
    const OPEN: &str = "within split at <stdin>:";
    let (head, body) = msg.split_once('\n')?;
    let head = head.strip_suffix(" failed:")?;
    if !body.starts_with(OPEN) {
        return None;
    }
    let mut out = format!("{head} failed (exit status: 1):\n");
    let mut rest = body;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        let after = &rest[at + OPEN.len()..];
        let (mark, after) = after.split_once(" offset :")?;
        let mark: u64 = mark.parse().ok()?;
        let (line, after) = after.split_once(':')?;
        let line: u64 = line.parse().ok()?;
        let line = if mark > 1 { line.checked_sub(1)? } else { line };
        out.push_str(&format!("<stdin>:{line}:"));
        rest = after;
    }
    out.push_str(rest);
    Some(out)
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

    /// A split run's refusal becomes a run alone's: the chunk prefix gone, the lines of
    /// a chunk past the first one less, the exit status said; anything else is not
    /// rewritten.
    #[test]
    fn a_split_refusal_reads_as_a_run_alone() {
        let split = "mlir-opt --a b failed:\nwithin split at <stdin>:29 offset :3:3: error: bad\n  func @f()\n  ^\nwithin split at <stdin>:29 offset :3:3: note: see current operation: x";
        assert_eq!(
            as_run_alone(split).as_deref(),
            Some("mlir-opt --a b failed (exit status: 1):\n<stdin>:2:3: error: bad\n  func @f()\n  ^\n<stdin>:2:3: note: see current operation: x")
        );
        let first = "mlir-translate --mlir-to-llvmir failed:\nwithin split at <stdin>:1 offset :19:42: error: expected integer";
        assert_eq!(
            as_run_alone(first).as_deref(),
            Some("mlir-translate --mlir-to-llvmir failed (exit status: 1):\n<stdin>:19:42: error: expected integer")
        );
        for other in [
            "mlir-opt --a failed (exit status: 1):\n<stdin>:2:3: error: bad",
            "mlir-opt --a crashed with SIGSEGV:\nwithin split at <stdin>:1 offset :1:1: error",
            "mlir-translate failed:\nInvalid bitcast\nwithin split at <stdin>:1 offset :1:1: error",
            "mlir-opt failed:\nwithin split at <stdin>:x offset :1:1: error",
        ] {
            assert_eq!(as_run_alone(other), None, "{other}");
        }
    }

    #[test]
    fn the_chunks_file_name_becomes_stdins() {
        let ir = "!4 = !DIFile(filename: \"within split at <stdin>:8 offset \", directory: \"/\")\n; \"within split at <stdin>:x offset \"";
        assert_eq!(
            stdin_file_name(ir),
            "!4 = !DIFile(filename: \"<stdin>\", directory: \"/\")\n; \"within split at <stdin>:x offset \""
        );
    }
}
