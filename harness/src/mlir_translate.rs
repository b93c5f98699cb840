//! The `mlir-translate` oracle's process: upstream MLIR 22 must accept our lowered
//! modules (`--mlir-to-llvmir`). A process costs ~30 ms of start-up against ~3 ms of
//! work per module, so many modules go through one process with `--split-input-file`
//! ([`accepts_batch`]), and a rejection is still pinned to the module it belongs to.
//!
//! What mlir-translate 22 does with split input (checked by running it): every chunk is
//! translated even after one fails; the exit status is 1 when any chunk failed; each
//! diagnostic of a chunk is prefixed `within split at <stdin>:LINE offset :L:C:`, where
//! `LINE` is the line of the `// -----` marker that opens the chunk (1 for the first
//! chunk). A crash ends the process at the chunk it crashed on, with no such prefix.
//! The chunks' LLVM IR is written one module after the other with no separator (and
//! with `-o FILE`, not at all when a chunk failed); only acceptance matters here, so
//! the output is discarded.

use converter::ir::Module;
use converter::llvm_print::{print_llvm, Syntax};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The marker `--split-input-file` splits on (its default), alone on a line.
const MARKER: &str = "// -----";

/// The `mlir-translate` binary of the installed MLIR 22, if any
/// ([`crate::upstream::find_tool`], looked up once per process).
pub fn tool_path() -> Option<PathBuf> {
    static PATH: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    PATH.get_or_init(|| crate::upstream::find_tool("mlir-translate"))
        .clone()
}

/// The text `mlir-translate` is given for a lowered module (today's syntax).
pub fn text_of(lowered: &Module) -> String {
    print_llvm(lowered, Syntax::Modern)
}

/// How one run of the tool ended.
struct Run {
    ok: bool,
    /// Killed by a signal (a crash): later chunks were never looked at.
    crashed: bool,
    stderr: String,
}

fn run_tool(tool: &std::path::Path, input: &str, split: bool) -> Result<Run, String> {
    // A child process: not the calling campaign thread's own work.
    crate::process::watchdog::outside(|| run_tool_waiting(tool, input, split))
}

fn run_tool_waiting(tool: &std::path::Path, input: &str, split: bool) -> Result<Run, String> {
    let mut cmd = Command::new(tool);
    cmd.arg("--mlir-to-llvmir");
    cmd.args(crate::upstream_tools::single_threaded(tool));
    if split {
        cmd.arg("--split-input-file");
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start mlir-translate: {e}"))?;
    // Written from a thread: the tool may fill its stderr pipe before reading all input.
    let stdin = child.stdin.take();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        if let Some(mut s) = stdin {
            let _ = s.write_all(input.as_bytes());
        }
    });
    let out = child
        .wait_with_output()
        .map_err(|e| format!("mlir-translate: {e}"))?;
    let _ = writer.join();
    use std::os::unix::process::ExitStatusExt;
    Ok(Run {
        ok: out.status.success(),
        crashed: out.status.signal().is_some(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}

fn rejection(stderr: &str) -> String {
    format!("mlir-translate rejected the lowered module:\n{stderr}")
}

/// Whether `mlir-translate` accepts one module text (`Ok` when the tool is missing).
pub fn accepts_text(text: &str) -> Result<(), String> {
    let Some(tool) = tool_path() else {
        return Ok(());
    };
    let run = run_tool(&tool, text, false)?;
    if run.ok {
        Ok(())
    } else {
        Err(rejection(&run.stderr))
    }
}

/// The input of a batch: the texts joined by marker lines, and the line each chunk's
/// marker is on (chunk 0 starts at line 1).
fn join(texts: &[String]) -> (String, Vec<u64>) {
    let mut all = String::new();
    let mut starts = Vec::with_capacity(texts.len());
    let mut line = 1u64;
    for (i, t) in texts.iter().enumerate() {
        if i > 0 {
            if !all.ends_with('\n') {
                all.push('\n');
                line += 1;
            }
            starts.push(line);
            all.push_str(MARKER);
            all.push('\n');
            line += 1;
        } else {
            starts.push(1);
        }
        all.push_str(t);
        line += t.matches('\n').count() as u64;
    }
    (all, starts)
}

/// The chunks (indices) that diagnostics of a split run name, from their
/// `within split at NAME:LINE offset` prefixes; `LINE` belongs to the chunk whose
/// marker line is the last at or before it.
fn chunks_named(stderr: &str, starts: &[u64]) -> Vec<usize> {
    let mut named = Vec::new();
    for rest in stderr.split("within split at ").skip(1) {
        let Some((loc, _)) = rest.split_once(" offset") else {
            continue;
        };
        let Some(line) = loc.rsplit(':').next().and_then(|n| n.parse::<u64>().ok()) else {
            continue;
        };
        let k = starts.partition_point(|&s| s <= line).saturating_sub(1);
        if !named.contains(&k) {
            named.push(k);
        }
    }
    named.sort_unstable();
    named
}

/// Whether `mlir-translate` accepts each of `texts`, with one process for all of them
/// when they all pass. When the batch fails, the modules its diagnostics name are run
/// alone, and each one's own run is its answer (a rejection with its own, unshifted
/// diagnostics); if none of those fails alone (a crash names no chunk), every module
/// not yet run alone is. So a rejection is attributed to exactly the modules that the
/// tool rejects on their own. `Ok` for all when the tool is missing; an empty text
/// list costs nothing.
pub fn accepts_batch(texts: &[String]) -> Vec<Result<(), String>> {
    let mut answers: Vec<Result<(), String>> = vec![Ok(()); texts.len()];
    let Some(tool) = tool_path() else {
        return answers;
    };
    // A text holding the marker itself would be split in two: it goes alone.
    let (batched, apart): (Vec<usize>, Vec<usize>) =
        (0..texts.len()).partition(|&k| !texts[k].contains(MARKER));
    for k in apart {
        answers[k] = accepts_text(&texts[k]);
    }
    let chunks: Vec<String> = batched.iter().map(|&k| texts[k].clone()).collect();
    for (k, a) in batched.into_iter().zip(accepts_split(&tool, &chunks)) {
        answers[k] = a;
    }
    answers
}

/// [`accepts_batch`] of texts free of the marker, in one split run.
fn accepts_split(tool: &std::path::Path, texts: &[String]) -> Vec<Result<(), String>> {
    let mut answers: Vec<Result<(), String>> = vec![Ok(()); texts.len()];
    if texts.len() < 2 {
        for (a, t) in answers.iter_mut().zip(texts) {
            *a = accepts_text(t);
        }
        return answers;
    }
    let (input, starts) = join(texts);
    let run = match run_tool(tool, &input, true) {
        Ok(r) => r,
        Err(e) => return vec![Err(e); texts.len()],
    };
    if run.ok {
        return answers;
    }
    let suspects = if run.crashed {
        Vec::new()
    } else {
        chunks_named(&run.stderr, &starts)
    };
    let mut alone = vec![false; texts.len()];
    let mut any_rejected = false;
    for &k in &suspects {
        alone[k] = true;
        answers[k] = accepts_text(&texts[k]);
        any_rejected |= answers[k].is_err();
    }
    if !any_rejected {
        for k in 0..texts.len() {
            if !alone[k] {
                answers[k] = accepts_text(&texts[k]);
            }
        }
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chunk start lines match the lines the markers are on, for texts with and without
    /// a final newline, and a diagnostic's line maps back to the chunk holding it.
    #[test]
    fn markers_are_where_the_starts_say_and_lines_map_back() {
        let texts: Vec<String> = (1..6)
            .map(|n| {
                let mut t = "x\n".repeat(n);
                if n % 2 == 0 {
                    t.pop();
                }
                t
            })
            .collect();
        let (all, starts) = join(&texts);
        let lines: Vec<&str> = all.lines().collect();
        for (k, &s) in starts.iter().enumerate().skip(1) {
            assert_eq!(lines[s as usize - 1], MARKER, "chunk {k}");
        }
        assert_eq!(
            all.lines().filter(|l| *l == MARKER).count(),
            texts.len() - 1
        );
        for (k, &s) in starts.iter().enumerate() {
            let last = starts.get(k + 1).map_or(lines.len() as u64, |n| n - 1);
            for line in s..=last {
                let diag = format!("within split at <stdin>:{line} offset :1:1: error: e\n");
                assert_eq!(chunks_named(&diag, &starts), vec![k], "line {line}");
            }
        }
        assert!(chunks_named("error: no location\n", &starts).is_empty());
    }

    /// The real tool's split-run diagnostics name the chunks that hold the bad modules
    /// (so a rejected batch costs one process per bad module, not one per module).
    #[test]
    fn the_tools_diagnostics_name_the_bad_chunks() {
        let Some(tool) = tool_path() else {
            return;
        };
        let good = "module {\n  llvm.func @f() {\n    llvm.return\n  }\n}\n";
        let bad = "module {\n  llvm.func @main() -> i32 {\n    %0 = llvm.mlir.constant(2 : i32) : i64\n    llvm.return %0 : i32\n  }\n}\n";
        for bad_at in [vec![0], vec![2], vec![1, 4], vec![5]] {
            let texts: Vec<String> = (0..6)
                .map(|k| if bad_at.contains(&k) { bad } else { good }.to_string())
                .collect();
            let (input, starts) = join(&texts);
            let run = run_tool(&tool, &input, true).unwrap();
            assert!(!run.ok && !run.crashed, "{}", run.stderr);
            assert_eq!(chunks_named(&run.stderr, &starts), bad_at, "{}", run.stderr);
        }
    }
}
