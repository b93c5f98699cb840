//! Many cases through one `mlir-opt` process (`--split-input-file`), for any release:
//! a process costs tens of milliseconds to start against a few of work per case.
//!
//! What `mlir-opt` does with split input (13 and 22 alike, checked by running them):
//! every chunk is lowered even after one fails, and the exit status is 1 when any
//! failed; each diagnostic of a chunk is prefixed `within split at <stdin>:LINE offset`
//! (13; MLIR 22's `mlir-opt` locates them in the whole input instead), `LINE` the line
//! of the marker that opens the chunk (1 for the first); the modules of the chunks that
//! lowered are printed one after the other, each from a line `module` (22 puts the
//! marker between them, 13 a blank line). So the printed modules belong, in order, to
//! the chunks no diagnostic names. A crash or a timeout ends the process mid-way: then
//! (and whenever the output does not match the chunks, as when a diagnostic has no
//! prefix) each half of the batch goes through a process of its own, and so on down to
//! single cases, so that one case's failure is never lost among the others nor blamed
//! on them. `mlir-translate --mlir-to-llvmir` takes split input the same way
//! ([`translate_batch`]); where MLIR 13's prints LLVM's verifier messages without the
//! chunk's prefix, what the run still tells for certain is kept ([`unnamed_failures`]).
//!
//! MLIR 13 to 16 and 22's `mlir-opt` take the batch as nested modules of one module
//! first, which costs 22 far less than split input, and 13 to 16 a little less
//! ([`super::nested`]).

use super::Toolchain;
use std::path::Path;
use std::time::Duration;

/// The marker `--split-input-file` splits on, alone on a line.
const SPLIT_MARKER: &str = "// -----";

/// Lowers each text with `mlir-opt args` (one process for all, see the module's doc):
/// per text, in order, its output or the diagnostics that name its chunk.
///
/// The releases whose nested modules lower as each module alone
/// ([`super::nested::lowers_nested`]) lower the texts as nested modules of one module
/// first ([`super::nested`]); what that leaves (failures, texts it cannot nest or knows
/// the release refuses) goes through the split run.
pub fn lower_batch(
    t: &Toolchain,
    texts: &[String],
    args: &[String],
) -> Vec<Result<String, String>> {
    let tool = &t.tools.mlir_opt;
    if !super::nested::lowers_nested(t.release) {
        return lower_batch_split(t, texts, args);
    }
    let nested = super::nested::lower_nested(t, texts, args);
    // A text a nested run's diagnostics named runs alone: MLIR 22's split run would
    // end there too (its diagnostics carry no chunk prefix, so a failed split run is
    // halved down to runs alone), after a few more processes; MLIR 13's would name its
    // chunk, in words a run alone's message is made of ([`crate::upstream::ir_batch`]).
    let rest: Vec<usize> = (0..texts.len())
        .filter(|&k| nested.modules[k].is_none() && !nested.failed.contains(&k))
        .collect();
    let rest_texts: Vec<String> = rest.iter().map(|&k| texts[k].clone()).collect();
    let mut split = run_batch(tool, &rest_texts, args, Output::Modules).into_iter();
    nested
        .modules
        .into_iter()
        .enumerate()
        .map(|(k, m)| match m {
            Some(m) => Ok(m),
            None if nested.failed.contains(&k) => lower_one(tool, &texts[k], args),
            None => split
                .next()
                .unwrap_or_else(|| lower_one(tool, &texts[k], args)),
        })
        .collect()
}

/// [`lower_batch`] through the split run alone, for every release: what the nested
/// run's answers must equal (the differential test `upstream_nested`).
pub fn lower_batch_split(
    t: &Toolchain,
    texts: &[String],
    args: &[String],
) -> Vec<Result<String, String>> {
    run_batch(&t.tools.mlir_opt, texts, args, Output::Modules)
}

/// Translates each LLVM-dialect text (`mlir-opt`'s output) to LLVM IR with
/// `mlir-translate --mlir-to-llvmir`, many in one process as [`lower_batch`] lowers them:
/// per text, in order, its LLVM IR or the diagnostics that name its chunk. Each LLVM IR
/// module starts at its line `; ModuleID` (13 and 22 alike; the debug information's
/// file name is the chunk's, `within split at <stdin>:LINE offset`, where a module
/// translated alone has `<stdin>`).
pub fn translate_batch(t: &Toolchain, texts: &[String]) -> Vec<Result<String, String>> {
    let args = ["--mlir-to-llvmir".to_string()];
    run_batch(&t.tools.mlir_translate, texts, &args, Output::LlvmIr)
}

/// How a split run prints the answer of each chunk.
#[derive(Clone, Copy)]
enum Output {
    /// `mlir-opt`: each module from its line `module`.
    Modules,
    /// `mlir-translate --mlir-to-llvmir`: each module from its line `; ModuleID`.
    LlvmIr,
}

impl Output {
    fn starts(self, line: &str) -> bool {
        match self {
            Output::Modules => line.starts_with("module"),
            Output::LlvmIr => line.starts_with("; ModuleID"),
        }
    }
}

/// [`lower_batch`] with any tool whose output is `output`.
fn run_batch(
    tool: &Path,
    texts: &[String],
    args: &[String],
    output: Output,
) -> Vec<Result<String, String>> {
    let mut answers: Vec<Option<Result<String, String>>> = vec![None; texts.len()];
    // A text holding the marker would be split: it goes alone.
    let batched: Vec<usize> = (0..texts.len())
        .filter(|&k| !texts[k].contains(SPLIT_MARKER))
        .collect();
    answer_halves(tool, texts, &batched, args, output, &mut answers);
    answers
        .into_iter()
        .zip(texts)
        .map(|(a, x)| a.unwrap_or_else(|| lower_one(tool, x, args)))
        .collect()
}

/// Answers the texts `batched` (indexes into `texts`) in one split process (those it
/// gives no answer are left to [`lower_one`]); when it
/// crashed, timed out or printed what does not match the chunks (a diagnostic without
/// the chunk's prefix), each half in a process of its own, and so on down to single
/// texts, which are left to [`lower_one`]: a bad chunk costs a few processes, not one
/// process a text.
fn answer_halves(
    tool: &Path,
    texts: &[String],
    batched: &[usize],
    args: &[String],
    output: Output,
    answers: &mut [Option<Result<String, String>>],
) {
    if batched.len() < 2 {
        return;
    }
    match batch_of(tool, texts, batched, args, output) {
        Some((all, again)) => {
            for (k, a) in all {
                answers[k] = Some(a);
            }
            answer_halves(tool, texts, &again, args, output, answers);
        }
        None => {
            let (a, b) = batched.split_at(batched.len() / 2);
            answer_halves(tool, texts, a, args, output, answers);
            answer_halves(tool, texts, b, args, output, answers);
        }
    }
}

/// The answers of one split process for the texts `batched` (indexes into `texts`),
/// and the texts to run again as a batch of their own (see [`unnamed_failures`]);
/// `None` when the process crashed, timed out, or its output does not match.
#[allow(clippy::type_complexity)]
fn batch_of(
    tool: &Path,
    texts: &[String],
    batched: &[usize],
    args: &[String],
    output: Output,
) -> Option<(Vec<(usize, Result<String, String>)>, Vec<usize>)> {
    let mut input = String::new();
    let mut starts = Vec::with_capacity(batched.len());
    let mut line = 1usize;
    for (i, &k) in batched.iter().enumerate() {
        if i > 0 {
            input.push_str(SPLIT_MARKER);
            input.push('\n');
        }
        starts.push(line);
        if i > 0 {
            line += 1;
        }
        let x = &texts[k];
        input.push_str(x);
        if !x.ends_with('\n') {
            input.push('\n');
        }
        line += x.lines().count();
    }
    let mut all = args.to_vec();
    all.push("--split-input-file".into());
    let timeout =
        crate::upstream_tools::TOOL_TIMEOUT + Duration::from_millis(50) * batched.len() as u32;
    let (code, stdout, stderr) = run_split(tool, &all, &input, timeout)?;
    // The diagnostics of each chunk, by the marker line their prefix names.
    let mut errors: Vec<String> = vec![String::new(); batched.len()];
    let mut current: Option<usize> = None;
    // The chunks a prefixed line names, for certain.
    let mut prefixed = vec![false; batched.len()];
    for l in stderr.lines() {
        if let Some(rest) = l.split("within split at <stdin>:").nth(1) {
            let n: Option<usize> = rest.split(' ').next().and_then(|n| n.parse().ok());
            current = n.and_then(|n| starts.iter().position(|&s| s == n));
            if let Some(c) = current {
                prefixed[c] = true;
            }
        }
        if let Some(c) = current {
            errors[c].push_str(l);
            errors[c].push('\n');
        }
    }
    let modules = split_modules(&stdout, output);
    let name = crate::process::this_exe::name_of(tool);
    if modules.len() != errors.iter().filter(|e| e.is_empty()).count() {
        let named = named_by_file(&modules, &starts)?;
        // Only for `mlir-translate`: MLIR 13's `mlir-opt` verifies functions on several
        // threads and words a module's refusal differently from run to run, so its
        // silent chunks keep running alone, as the case alone gives its answer.
        let failed = (code == Some(1) && matches!(output, Output::LlvmIr))
            .then(|| format!("{name} {} failed (exit status: 1):", args.join(" ")));
        let (alone, again) = match output {
            Output::LlvmIr => unnamed_failures(&named, &prefixed, &stderr, failed.as_deref()),
            Output::Modules => (None, Vec::new()),
        };
        let mut answers: Vec<(usize, Result<String, String>)> = batched
            .iter()
            .zip(named)
            .filter_map(|(&k, m)| m.map(|m| (k, Ok(m))))
            .collect();
        answers.extend(alone.map(|(c, e)| (batched[c], Err(e))));
        return Some((answers, again.into_iter().map(|c| batched[c]).collect()));
    }
    let mut modules = modules.into_iter();
    let answers = batched
        .iter()
        .zip(errors)
        .map(|(&k, e)| {
            let a = match e.is_empty() {
                true => Ok(modules.next().unwrap_or_default()),
                false => Err(format!(
                    "{name} {} failed:\n{}",
                    args.join(" "),
                    e.trim_end()
                )),
            };
            (k, a)
        })
        .collect();
    Some((answers, Vec::new()))
}

/// What a split run whose diagnostics do not account for the chunks that printed no
/// module (`named`: per chunk, its module if it printed one) still tells for certain
/// (MLIR 13's `mlir-translate` prints LLVM's verifier messages without the chunk's
/// prefix, 11 of the 74 refusals of a 2,000-case campaign; the others are parse errors
/// with the prefix):
/// - when exactly one chunk printed none and no line carries a chunk's prefix, the whole
///   of `stderr` is that chunk's, which is its refusal alone, in a run alone's words
///   (`failed`, the head of a run alone's message, `None` unless the exit status was 1);
/// - the chunks a prefixed line names (`prefixed`) that printed none are run again as a
///   batch of their own, without the others, where their diagnostics are told apart
///   (the unprefixed messages of another chunk may run into theirs here).
///
/// The other chunks that printed none run alone.
#[allow(clippy::type_complexity)]
fn unnamed_failures(
    named: &[Option<String>],
    prefixed: &[bool],
    stderr: &str,
    failed: Option<&str>,
) -> (Option<(usize, String)>, Vec<usize>) {
    let silent: Vec<usize> = (0..named.len()).filter(|&c| named[c].is_none()).collect();
    if let ([c], Some(head), false) = (&silent[..], failed, prefixed.contains(&true)) {
        if !stderr.trim().is_empty() {
            return (
                Some((*c, format!("{head}\n{}", stderr.trim_end()))),
                Vec::new(),
            );
        }
    }
    let again = silent.into_iter().filter(|&c| prefixed[c]).collect();
    (None, again)
}

/// The LLVM IR modules of a split run whose diagnostics do not account for the chunks
/// that printed none (MLIR 13's `mlir-translate` prints LLVM's verifier messages
/// without the chunk's prefix), each given to the chunk its debug information's file
/// name names (`within split at <stdin>:LINE offset `, `LINE` a chunk's start in
/// `starts`): per chunk, its module, or `None` for a chunk that printed none, whose
/// diagnostics cannot be told apart from another's. `None` when some module names no
/// chunk or a chunk twice.
fn named_by_file(modules: &[String], starts: &[usize]) -> Option<Vec<Option<String>>> {
    let mut named: Vec<Option<String>> = vec![None; starts.len()];
    for m in modules {
        let line: usize = m
            .split("filename: \"within split at <stdin>:")
            .nth(1)?
            .split(' ')
            .next()?
            .parse()
            .ok()?;
        let c = starts.iter().position(|&s| s == line)?;
        if named[c].replace(m.clone()).is_some() {
            return None;
        }
    }
    Some(named)
}

/// One text through `tool args`.
fn lower_one(tool: &Path, text: &str, args: &[String]) -> Result<String, String> {
    crate::upstream_tools::run_tool(tool, args, text, crate::upstream_tools::TOOL_TIMEOUT)
}

/// The modules of a split run's output, in order. LLVM IR: each from its line
/// `; ModuleID` to the next (the marker 22 writes between them dropped). The MLIR
/// printing: each with the location aliases printed around it (`#loc4 = loc(...)`, which
/// MLIR 13 writes before the module's line `module` as well as after its closing `}`),
/// up to the marker (22) or the blank line after the closing `}` (13).
fn split_modules(out: &str, output: Output) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    if let Output::Modules = output {
        let (mut cur, mut has_module, mut closed) = (String::new(), false, false);
        for l in out.split_inclusive('\n') {
            let t = l.trim_end();
            if t == SPLIT_MARKER || (t.is_empty() && closed) {
                if has_module {
                    v.push(std::mem::take(&mut cur));
                }
                (cur, has_module, closed) = (String::new(), false, false);
                continue;
            }
            has_module |= output.starts(l);
            closed |= has_module && t.starts_with('}');
            cur.push_str(l);
        }
        if has_module {
            v.push(cur);
        }
        return v;
    }
    for l in out.split_inclusive('\n') {
        if output.starts(l) {
            v.push(String::new());
        }
        if l.trim_end() == SPLIT_MARKER {
            continue;
        }
        if let Some(last) = v.last_mut() {
            last.push_str(l);
        }
    }
    v
}

/// Runs `tool args` on `input`: its exit code, stdout and stderr when it exited by itself
/// (with success or not), `None` when it could not start, crashed or outlived `timeout`.
fn run_split(
    tool: &Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Option<(Option<i32>, String, String)> {
    // A child process with a timeout: not the calling campaign thread's own work.
    crate::process::watchdog::outside(|| run_split_waiting(tool, args, input, timeout))
}

fn run_split_waiting(
    tool: &Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Option<(Option<i32>, String, String)> {
    use std::os::unix::process::ExitStatusExt;
    let done = crate::upstream_tools::run_process(tool, args, input, timeout).ok()?;
    done.status
        .signal()
        .is_none()
        .then_some((done.status.code(), done.stdout, done.stderr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_ir_modules_go_to_the_chunk_their_file_name_names() {
        let ir = |line: usize| {
            format!("; ModuleID = 'm'\n!4 = !DIFile(filename: \"within split at <stdin>:{line} offset \", directory: \"/\")\n")
        };
        let starts = [1, 9, 20];
        let named = named_by_file(&[ir(1), ir(20)], &starts).unwrap();
        assert_eq!(named, vec![Some(ir(1)), None, Some(ir(20))]);
        // A module that names no chunk, or a chunk named twice: no answer.
        assert_eq!(named_by_file(&[ir(1), ir(5)], &starts), None);
        assert_eq!(named_by_file(&[ir(9), ir(9)], &starts), None);
        assert_eq!(
            named_by_file(&["; ModuleID = 'm'\n".to_string()], &starts),
            None
        );
    }

    #[test]
    fn a_failure_without_prefix_is_told_apart_only_when_certain() {
        let m = Some("; ModuleID".to_string());
        let head = Some("t failed (exit status: 1):");
        // One chunk printed nothing and no line has a prefix: all of stderr is its.
        let named = [m.clone(), None, m.clone()];
        let none = [false; 3];
        assert_eq!(
            unnamed_failures(&named, &none, "Invalid bitcast\n  x\n", head),
            (
                Some((1, "t failed (exit status: 1):\nInvalid bitcast\n  x".into())),
                vec![]
            )
        );
        // Not without the exit status 1 or any message.
        assert_eq!(
            unnamed_failures(&named, &none, "Invalid bitcast\n", None),
            (None, vec![])
        );
        assert_eq!(unnamed_failures(&named, &none, "\n", head), (None, vec![]));
        // Two chunks printed nothing, one named by a prefix: that one runs again, the
        // other alone.
        let named = [None, m.clone(), None, None];
        let prefixed = [false, false, true, true];
        assert_eq!(
            unnamed_failures(&named, &prefixed, "Invalid bitcast\nwithin split ...", head),
            (None, vec![2, 3])
        );
        // One chunk printed nothing but a prefix names it: it runs again.
        let named = [m.clone(), None];
        assert_eq!(
            unnamed_failures(&named, &[false, true], "x\nwithin split ...", head),
            (None, vec![1])
        );
    }

    #[test]
    fn split_output_is_cut_where_each_module_starts() {
        let out = "; ModuleID = 'a'\nx\n// -----\n; ModuleID = 'b'\ny\n";
        assert_eq!(
            split_modules(out, Output::LlvmIr),
            vec!["; ModuleID = 'a'\nx\n", "; ModuleID = 'b'\ny\n"]
        );
        let out = "module {\n}\n\nmodule {\n}\n";
        assert_eq!(split_modules(out, Output::Modules).len(), 2);
        // MLIR 13's location aliases, before and after the module they belong to.
        let out = "#loc4 = loc(\"a\":1:1)\nmodule {\n  x loc(#loc4)\n} loc(#loc0)\n#loc0 = loc(\"a\":2:1)\n\n#loc4 = loc(\"b\":1:1)\nmodule {\n} loc(#loc4)\n#loc0 = loc(\"b\":2:1)\n\n";
        assert_eq!(
            split_modules(out, Output::Modules),
            vec![
                "#loc4 = loc(\"a\":1:1)\nmodule {\n  x loc(#loc4)\n} loc(#loc0)\n#loc0 = loc(\"a\":2:1)\n",
                "#loc4 = loc(\"b\":1:1)\nmodule {\n} loc(#loc4)\n#loc0 = loc(\"b\":2:1)\n",
            ]
        );
        // MLIR 22's marker between modules.
        let out = "module {\n}\n// -----\n#loc = loc(\"c\":1:1)\nmodule {\n}\n";
        assert_eq!(split_modules(out, Output::Modules).len(), 2);
    }
}
