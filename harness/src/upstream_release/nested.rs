//! Many modules lowered by one `mlir-opt` run as the nested modules of one module
//! (`module { module @n0 {...} module @n1 {...} }`), which costs MLIR 22 far less than
//! `--split-input-file` ([`super::batch`]): a split run builds a context and a pass
//! pipeline per chunk, and every chunk's source manager scans the whole input, so its
//! cost grows with the square of the batch.
//!
//! MLIR 22's lowering passes run on the outer module and convert everything nested in
//! it; each nested module comes out as the module lowered alone prints it, but for the
//! attributes the pipeline sets on the module it runs on (`--set-llvm-module-datalayout`'s
//! `llvm.data_layout`), which only the outer module gets: each case's module takes the
//! outer module's header. Checked by running both ways on generated modules (the
//! differential test `upstream_nested`), for MLIR 22 only ([`lowers_nested`]). MLIR 13
//! to 16 do not lower nested modules the same way (MLIR 13's `-convert-math-to-llvm` runs on the functions of the outer
//! module only, leaving `math.exp` in a nested one), so they keep the split path.
//!
//! A failed run names, in its diagnostics (`<stdin>:LINE:COL: error: ...`), the lines
//! of the combined input that failed, and so the nested modules that did: those run
//! alone ([`super::batch::lower_batch`]; MLIR 22's split run ends there too, its
//! diagnostics carrying no chunk prefix), and the others are lowered nested again, a few
//! rounds at most (a parse error stops the parse, a failed pass the pipeline). Anything
//! else (a diagnostic that no line names, a crash, a timeout, warnings on success, output
//! that does not cut into the expected modules) leaves the whole group to the split
//! path: an answer is always what the case alone gives.

use std::path::Path;
use std::time::Duration;

/// How many nested runs a group gets before what is left goes to the split path: each
/// failed run removes the modules its diagnostics name.
const ROUNDS: usize = 3;

/// Whether nested modules of `release` lower as each module alone, byte for byte: 22,
/// checked by the differential test. Not 19, whose run alone ends some modules with a
/// blank line its nested run does not print (seen on generated modules), nor 13 to 16
/// (see the module's doc); the releases not checked keep the split run.
pub fn lowers_nested(release: converter::syntax::Release) -> bool {
    release.major() == 22
}

/// What the nested runs of a batch gave: per text, in order, its module as the text
/// lowered alone prints it, or `None` for the texts left to the split path or to a run
/// alone; and the texts a run's diagnostics named (which the module's doc says where
/// to send).
#[derive(Debug, Default)]
pub struct Nested {
    pub modules: Vec<Option<String>>,
    pub failed: Vec<usize>,
}

/// Lowers the texts `texts` that can be nested with `tool args` (see the module's doc).
pub fn lower_nested(tool: &Path, texts: &[String], args: &[String]) -> Nested {
    let mut out = Nested {
        modules: vec![None; texts.len()],
        failed: Vec::new(),
    };
    let mut pending: Vec<usize> = (0..texts.len()).filter(|&k| nestable(&texts[k])).collect();
    for _ in 0..ROUNDS {
        if pending.len() < 2 {
            break;
        }
        match run_once(tool, texts, &pending, args) {
            Run::Lowered(modules) => {
                for (k, m) in pending.iter().zip(modules) {
                    out.modules[*k] = Some(m);
                }
                break;
            }
            Run::Failed(bad) => {
                out.failed.extend(bad.iter().map(|&i| pending[i]));
                pending = pending
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !bad.contains(i))
                    .map(|(_, &k)| k)
                    .collect();
            }
            Run::Unusable => break,
        }
    }
    out.failed.sort_unstable();
    out
}

/// Whether a text can be nested: one module `module {` ... `}` and nothing around it (a
/// named module, attributes or aliases would not come out as the module alone prints
/// them).
pub(super) fn nestable(text: &str) -> bool {
    let Some(body) = text.strip_prefix("module {\n") else {
        return false;
    };
    let Some(body) = body.trim_end().strip_suffix('}') else {
        return false;
    };
    // Every line inside is indented or empty: the text's last `}` closes the module.
    body.lines().all(|l| l.is_empty() || l.starts_with(' '))
}

/// What one nested run gave.
#[derive(Debug, PartialEq)]
enum Run {
    /// Every module, in order.
    Lowered(Vec<String>),
    /// The positions (in the run's list) of the modules its diagnostics name.
    Failed(Vec<usize>),
    /// Nothing to rely on.
    Unusable,
}

/// The name of the nested module at position `i`.
fn name(i: usize) -> String {
    format!("@n{i}")
}

/// One run of `tool args` on the texts `pending` (indexes into `texts`) nested in one
/// module.
fn run_once(tool: &Path, texts: &[String], pending: &[usize], args: &[String]) -> Run {
    let (input, starts) = combined(texts, pending);
    let timeout =
        crate::upstream_tools::TOOL_TIMEOUT + Duration::from_millis(50) * pending.len() as u32;
    let Some((success, stdout, stderr)) = run(tool, args, &input, timeout) else {
        return Run::Unusable;
    };
    if !success {
        return match failed_modules(&stderr, &starts) {
            Some(bad) if !bad.is_empty() => Run::Failed(bad),
            _ => Run::Unusable,
        };
    }
    if !stderr.trim().is_empty() {
        return Run::Unusable;
    }
    match cut(&stdout, pending.len()) {
        Some(modules) => Run::Lowered(modules),
        None => Run::Unusable,
    }
}

/// The outer module holding the texts `pending` (each a [`nestable`] text, its module
/// named after its position), and the line on which each nested module starts.
pub(super) fn combined(texts: &[String], pending: &[usize]) -> (String, Vec<usize>) {
    let size: usize = pending.iter().map(|&k| texts[k].len() + 16).sum();
    let mut input = String::with_capacity(size + 16);
    input.push_str("module {\n");
    let mut starts = Vec::with_capacity(pending.len());
    let mut line = 2usize;
    for (i, &k) in pending.iter().enumerate() {
        let body = texts[k].strip_prefix("module {\n").unwrap_or(&texts[k]);
        let body = body.trim_end();
        starts.push(line);
        input.push_str(&format!("module {} {{\n", name(i)));
        input.push_str(body);
        input.push('\n');
        line += 1 + body.lines().count();
    }
    input.push_str("}\n");
    (input, starts)
}

/// The positions of the nested modules (each starting on its line in `starts`) that the
/// diagnostics in `stderr` name (`<stdin>:LINE:COL: SEVERITY: ...`, the source line and
/// its caret after it); `None` when some diagnostic names no line of a nested module,
/// or a line looks like a diagnostic without that location.
pub(super) fn failed_modules(stderr: &str, starts: &[usize]) -> Option<Vec<usize>> {
    let mut bad: Vec<usize> = Vec::new();
    for l in stderr.lines() {
        let Some(rest) = l.strip_prefix("<stdin>:") else {
            // The source line and caret a diagnostic quotes; anything shaped like a
            // diagnostic of its own is one that no line names.
            let t = l.trim_start();
            let unlocated = ["error:", "warning:", "note:", "remark:", "LLVM ERROR"]
                .iter()
                .any(|s| t.starts_with(s) || t.contains(&format!(": {s}")));
            if unlocated {
                return None;
            }
            continue;
        };
        let line: usize = rest.split(':').next()?.parse().ok()?;
        // The module whose lines hold `line`: the last that starts at or before it.
        let i = starts.partition_point(|&s| s <= line).checked_sub(1)?;
        if !bad.contains(&i) {
            bad.push(i);
        }
    }
    bad.sort_unstable();
    Some(bad)
}

/// The `n` nested modules `@n0`, `@n1`, ... of a nested run's printed outer module, each
/// as the module lowered alone prints it: its body unindented by two spaces, under the
/// header of the outer module (which carries the attributes the pipeline set) or its own
/// when only it has attributes, and followed by what follows the outer module; `None`
/// when the output is not exactly that.
pub(super) fn cut(out: &str, n: usize) -> Option<Vec<String>> {
    // What follows the outer module's `}` (MLIR 22 ends its output with a blank line)
    // follows each module, as it follows the module printed alone.
    let tail = &out[out.trim_end().len()..];
    let mut lines = out.lines();
    let outer = lines.next()?.strip_prefix("module")?;
    if !outer.ends_with('{') || outer.starts_with(" @") {
        return None;
    }
    let mut modules = Vec::with_capacity(n);
    let mut cur: Option<String> = None;
    let mut closed = false;
    for l in lines {
        if closed {
            // Nothing but blank lines after the outer module.
            if !l.trim().is_empty() {
                return None;
            }
            continue;
        }
        match cur.as_mut() {
            Some(m) => {
                if l == "  }" {
                    m.push('}');
                    m.push_str(tail);
                    modules.push(cur.take()?);
                } else if l.is_empty() {
                    m.push('\n');
                } else {
                    m.push_str(l.strip_prefix("  ")?);
                    m.push('\n');
                }
            }
            None if l == "}" => closed = true,
            None => {
                let own = l
                    .strip_prefix("  module ")?
                    .strip_prefix(&name(modules.len()))?;
                let header = match (own.trim() == "{", outer.trim() == "{") {
                    (true, _) => outer,
                    (false, true) => own,
                    (false, false) => return None,
                };
                cur = Some(format!("module{header}\n"));
            }
        }
    }
    (closed && modules.len() == n).then_some(modules)
}

/// Runs `tool args` on `input`: whether it succeeded, its stdout and its stderr, when it
/// exited by itself; `None` when it could not start, crashed or outlived `timeout`.
pub(super) fn run(
    tool: &Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Option<(bool, String, String)> {
    // A child process with a timeout: not the calling campaign thread's own work.
    crate::process::watchdog::outside(|| {
        use std::os::unix::process::ExitStatusExt;
        let done = crate::upstream_tools::run_process(tool, args, input, timeout).ok()?;
        done.status
            .signal()
            .is_none()
            .then_some((done.status.success(), done.stdout, done.stderr))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_lone_unnamed_module_without_attributes_is_nested() {
        assert!(nestable("module {\n  func.func @f() {\n  }\n}\n"));
        assert!(nestable("module {\n}"));
        for other in [
            "module @m {\n}\n",
            "module attributes {a} {\n}\n",
            "#map = affine_map<(d0) -> (d0)>\nmodule {\n}\n",
            "module {\n}\nmodule {\n}\n",
            "func.func @f() {\n}\n",
        ] {
            assert!(!nestable(other), "{other}");
        }
    }

    #[test]
    fn the_nested_modules_are_named_and_their_lines_counted() {
        let texts = [
            "module {\n  a\n  b\n}\n".to_string(),
            "module {\n}\n".to_string(),
            "module {\n  c\n}".to_string(),
        ];
        let (input, starts) = combined(&texts, &[0, 1, 2]);
        assert_eq!(
            input,
            "module {\nmodule @n0 {\n  a\n  b\n}\nmodule @n1 {\n}\nmodule @n2 {\n  c\n}\n}\n"
        );
        assert_eq!(starts, [2, 6, 8]);
        let lines: Vec<&str> = input.lines().collect();
        for (i, s) in starts.iter().enumerate() {
            assert_eq!(lines[s - 1], format!("module {} {{", name(i)));
        }
    }

    #[test]
    fn diagnostics_name_the_modules_that_failed() {
        let starts = [2, 6, 8];
        let err = "<stdin>:7:3: error: bad\n  x\n  ^\n<stdin>:7:3: note: see current operation: y\n<stdin>:9:1: error: worse\n";
        assert_eq!(failed_modules(err, &starts), Some(vec![1, 2]));
        // A diagnostic before the first nested module, or without a location.
        assert_eq!(failed_modules("<stdin>:1:1: error: x\n", &starts), None);
        assert_eq!(failed_modules("error: x\n", &starts), None);
        assert_eq!(
            failed_modules("<stdin>:7:3: error: x\nLLVM ERROR: y\n", &starts),
            None
        );
        assert_eq!(failed_modules("<unknown>:0: error: x\n", &starts), None);
    }

    #[test]
    fn the_output_is_cut_into_modules_under_the_outer_header() {
        let out = "module attributes {dl = \"e\"} {\n  module @n0 {\n    llvm.func @f()\n\n  }\n  module @n1 {\n  }\n}\n";
        assert_eq!(
            cut(out, 2),
            Some(vec![
                "module attributes {dl = \"e\"} {\n  llvm.func @f()\n\n}\n".to_string(),
                "module attributes {dl = \"e\"} {\n}\n".to_string(),
            ])
        );
        // A nested module with attributes of its own keeps them when the outer has none.
        let out = "module  {\n  module @n0 attributes {dl = \"e\"}  {\n  }\n}\n";
        assert_eq!(
            cut(out, 1),
            Some(vec!["module attributes {dl = \"e\"}  {\n}\n".to_string()])
        );
        for bad in [
            // Too few modules, another order, aliases, attributes on both, an unindented line.
            "module {\n  module @n0 {\n  }\n}\n",
            "module {\n  module @n1 {\n  }\n  module @n0 {\n  }\n}\n",
            "#loc = loc(\"x\")\nmodule {\n  module @n0 {\n  }\n  module @n1 {\n  }\n}\n",
            "module {\n  module @n0 {\n  }\n  module @n1 {\n  }\n}\n#loc = loc(\"x\")\n",
            "module attributes {a} {\n  module @n0 attributes {b} {\n  }\n  module @n1 {\n  }\n}\n",
            "module {\n  module @n0 {\nx\n  }\n  module @n1 {\n  }\n}\n",
            "module {\n  module @n0 {\n  }\n  module @n1 {\n  }\n",
        ] {
            assert_eq!(cut(bad, 2), None, "{bad}");
        }
    }
}
