//! Many modules lowered by one `mlir-opt` run as the nested modules of one module
//! (`module { module @n0 {...} module @n1 {...} }`), which costs far less than
//! `--split-input-file` ([`super::batch`]): a split run builds a context and a pass
//! pipeline per chunk, and every chunk's source manager scans the whole input, so its
//! cost grows with the square of the batch.
//!
//! Each nested module must come out as the module lowered alone prints it, byte for
//! byte, and each release gets there its own way ([`lowers_nested`]):
//! - MLIR 22's lowering flags run on the outer module and convert everything nested in
//!   it; only the outer module gets the attributes the pipeline sets on the module it
//!   runs on (`--set-llvm-module-datalayout`'s `llvm.data_layout`), so each case's module
//!   takes the outer module's header.
//! - MLIR 13 to 16 run the same passes as one `--pass-pipeline` anchored on the nested
//!   modules ([`super::nested_pipeline`]): their flags would run a function pass
//!   (MLIR 13's `-convert-math-to-llvm`) on the outer module's functions only, leaving
//!   `math.exp` in a nested one. Anchored, each nested module is lowered as alone, its
//!   `llvm.data_layout` set on it (MLIR 13: `module @n0 attributes {...}  {`, its two
//!   spaces as alone), and each case's module takes its own header, the name dropped.
//! - 19 keeps the split run. Its flags on the outer module (MLIR 22's way) printed some
//!   modules without the blank line that ends them alone; anchored
//!   (`builtin.module(builtin.module(...))`), 533 of 533 generated modules it lowers
//!   came out as alone, but about one generated module in seven exports with
//!   `llvm.getelementptr nusw`/`nuw` flags that MLIR 19 cannot parse ("expected SSA
//!   operand"), and each such parse error would stop a nested run.
//!
//! Checked by running each release both ways on generated modules (the differential
//! test `upstream_nested`).
//!
//! For the installed MLIR 22, a nested run is not an `mlir-opt` process but a request to
//! our worker ([`super::inproc`]), which takes the same flags as one textual pipeline on
//! the outer module ([`super::flags_pipeline`]) and prints and words its diagnostics as
//! `mlir-opt` does (the differential test `upstream_inproc`).
//!
//! MLIR 13 to 16 lower the nested modules one after the other and stop at the first
//! that fails, so a text those releases are known to refuse (its signature shows one of
//! the bugs documented in `docs/findings/`, [`known_refused`]) is not nested: it goes to
//! the split run at once, where it costs no other text a second run.
//!
//! The split run of MLIR 13 to 16 does not grow with the square of the batch as 22's
//! does: on the same 430 to 650 generated modules their nested run took 10 to 25% less
//! CPU than their split run (14: 0.82 s against 0.91 s, 15: 1.36 against 1.75, 16: 1.65
//! against 1.90), and in a campaign, where the known refusals take a split run of their
//! own, MLIR 13's `mlir-opt` CPU is the same either way within the noise (5,000 cases
//! in blocks of 512: 3.6 to 4.1 s nested, 3.7 to 4.0 s split).
//!
//! A failed run names, in its diagnostics (`<stdin>:LINE:COL: error: ...`), the lines
//! of the combined input that failed, and so the nested modules that did: those run
//! alone ([`super::batch::lower_batch`]; MLIR 22's split run ends there too, its
//! diagnostics carrying no chunk prefix), and the others are lowered nested again, a few
//! rounds at most (a parse error stops the parse, a failed pass the pipeline). Anything
//! else (a diagnostic that no line names, a crash, a timeout, warnings on success, output
//! that does not cut into the expected modules) leaves the whole group to the split
//! path: an answer is always what the case alone gives. MLIR's tools run single-threaded
//! (`upstream_tools` adds `--mlir-disable-threading`), so the diagnostics come in one
//! order.

use super::Toolchain;
use converter::syntax::Release;
use std::path::Path;
use std::time::Duration;

/// How many nested runs a group gets before what is left goes to the split path: each
/// failed run removes the modules its diagnostics name.
const ROUNDS: usize = 3;

/// Whether nested modules of `release` lower as each module alone, byte for byte: 13
/// to 16 anchored, 22 with its flags, checked by the differential test. Not 19 (see the
/// module's doc); the releases not checked keep the split run.
pub fn lowers_nested(release: Release) -> bool {
    matches!(release.major(), 13..=16 | 22)
}

/// The arguments of the nested run of `release` that lowers each nested module as the
/// pipeline `args` lowers a module alone (see the module's doc), `None` when there is
/// none.
pub fn nested_args(release: Release, args: &[String]) -> Option<Vec<String>> {
    match release.major() {
        22 => Some(args.to_vec()),
        13..=16 => {
            super::nested_pipeline(release, args).map(|p| vec![format!("--pass-pipeline={p}")])
        }
        _ => None,
    }
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

/// Lowers the texts `texts` that can be nested with `t`'s `mlir-opt`, each as the
/// pipeline `args` lowers it alone (see the module's doc), through our worker where it
/// stands in for that `mlir-opt` ([`super::inproc`]); nothing for a release that does
/// not lower nested modules ([`nested_args`]).
pub fn lower_nested(t: &Toolchain, texts: &[String], args: &[String]) -> Nested {
    lower_nested_by(t, texts, args, true)
}

/// [`lower_nested`], through the worker only when `worker` (and it stands in for `t`'s
/// `mlir-opt`), else by `mlir-opt` itself (what the differential tests compare).
pub fn lower_nested_by(t: &Toolchain, texts: &[String], args: &[String], worker: bool) -> Nested {
    let mut out = Nested {
        modules: vec![None; texts.len()],
        failed: Vec::new(),
    };
    let Some(runner) = Runner::of(t, args, worker) else {
        return out;
    };
    let mut pending: Vec<usize> = (0..texts.len())
        .filter(|&k| nestable(&texts[k]) && !known_refused(t.release, &texts[k], args))
        .collect();
    for _ in 0..ROUNDS {
        if pending.len() < runner.fewest() {
            break;
        }
        match run_once(&runner, texts, &pending) {
            Run::Lowered(modules) => {
                for (k, m) in pending.iter().zip(modules) {
                    out.modules[*k] = Some(m);
                }
                break;
            }
            Run::Failed(bad) => {
                out.failed.extend(bad.iter().map(|&i| pending[i]));
                pending = without(&pending, &bad);
            }
            Run::Unusable => break,
        }
    }
    out.failed.sort_unstable();
    out
}

/// What makes a nested run.
enum Runner<'t> {
    /// `mlir-opt` with these arguments ([`nested_args`]).
    Tool(&'t Path, Vec<String>),
    /// Our worker with this textual pipeline ([`super::flags_pipeline`]).
    Worker(String),
}

impl<'t> Runner<'t> {
    /// The runner of `t`'s nested runs of the pipeline `args`: the worker when `worker`
    /// and it stands in for `t`'s `mlir-opt`, else `mlir-opt`; `None` when `t`'s release
    /// does not lower nested modules.
    fn of(t: &'t Toolchain, args: &[String], worker: bool) -> Option<Runner<'t>> {
        if !lowers_nested(t.release) {
            return None;
        }
        let by_worker = worker.then(|| super::flags_pipeline(args)).flatten();
        match by_worker.filter(|_| super::inproc::stands_in_for(t)) {
            Some(pipeline) => Some(Runner::Worker(pipeline)),
            None => nested_args(t.release, args).map(|a| Runner::Tool(&t.tools.mlir_opt, a)),
        }
    }

    /// The fewest texts worth a nested run: one for the worker, which starts no
    /// process; two for `mlir-opt`, whose run alone costs the same as one nested.
    fn fewest(&self) -> usize {
        match self {
            Runner::Tool(..) => 2,
            Runner::Worker(_) => 1,
        }
    }

    /// `input` run: whether it succeeded, its output and its diagnostics; `None` when
    /// the run crashed, timed out or could not start.
    fn run(&self, input: &str, timeout: Duration) -> Option<(bool, String, String)> {
        match self {
            Runner::Tool(tool, args) => run(tool, args, input, timeout),
            Runner::Worker(pipeline) => {
                let (ok, text) = super::inproc::lower(pipeline, input, timeout)?;
                Some(match ok {
                    true => (true, text, String::new()),
                    false => (false, String::new(), text),
                })
            }
        }
    }
}

/// `items` without those at the positions `positions` (what a failed run named).
pub(super) fn without<T: Clone>(items: &[T], positions: &[usize]) -> Vec<T> {
    items
        .iter()
        .enumerate()
        .filter(|(i, _)| !positions.contains(i))
        .map(|(_, x)| x.clone())
        .collect()
}

/// Whether a text can be nested: one module `module {` ... `}` and nothing around it (a
/// named module, attributes or aliases would not come out as the module alone prints
/// them).
fn nestable(text: &str) -> bool {
    let Some(body) = text.strip_prefix("module {\n") else {
        return false;
    };
    let Some(body) = body.trim_end().strip_suffix('}') else {
        return false;
    };
    // Every line inside is indented or empty: the text's last `}` closes the module.
    body.lines().all(|l| l.is_empty() || l.starts_with(' '))
}

/// Whether `release` is known to refuse `text` lowered with `args` (a bug documented in
/// `docs/findings/` shows in a function's signature): then it is not nested, since MLIR
/// 13 to 16 stop a nested run at the first module that fails. Only a guess to save
/// runs: a refused text it misses fails a nested run and runs alone, a text it wrongly
/// names goes to the split run; the answer is the same.
/// - `mlir13-multi-result-res-attrs.md` (13, 14): several results, one with attributes;
/// - `mlir13-ciface-arg-attrs-shift.md` (13, 14): `llvm.emit_c_interface`, argument
///   attributes, and results that come back through a pointer (several, or a memref);
/// - `mlir13-bare-ptr-multi-result.md` (13 to 15): the bare pointer convention and a
///   call of a function of several results, one a memref.
fn known_refused(release: Release, text: &str, args: &[String]) -> bool {
    let major = release.major();
    let bare = args
        .iter()
        .any(|a| a.contains("use-bare-ptr-memref-call-conv=1"));
    text.lines()
        .filter_map(signature)
        .any(|(name, params, results, attrs)| {
            let several = top_level_items(results) > 1;
            let typed_attrs = |list: &str| list.contains('{');
            let through_pointer = several || results.contains("memref");
            let called = || text.contains(&format!("call @{name}("));
            (major <= 14 && several && typed_attrs(results))
                || (major <= 14
                    && attrs.contains("llvm.emit_c_interface")
                    && typed_attrs(params)
                    && through_pointer)
                || (major <= 15 && bare && several && results.contains("memref") && called())
        })
}

/// A function's signature in a line `func @f(PARAMS) -> RESULTS attributes {ATTRS} {`
/// (also `func private @f`, `func.func`, no results, no attributes, no body): its name,
/// its parameters and results (without the outer parentheses, if any) and its
/// attributes (what follows the results). `None` for any other line.
fn signature(line: &str) -> Option<(&str, &str, &str, &str)> {
    let t = line.trim_start();
    let t = t
        .strip_prefix("func.func ")
        .or_else(|| t.strip_prefix("func "))?;
    let t = t.strip_prefix("private ").unwrap_or(t);
    let open = t.strip_prefix('@')?.find('(')? + 1;
    let name = &t[1..open];
    let close = open + closing(&t[open..])?;
    let params = &t[open + 1..close];
    let rest = &t[close + 1..];
    let Some(results) = rest.strip_prefix(" -> ") else {
        return Some((name, params, "", rest));
    };
    if let Some(inner) = results.strip_prefix('(') {
        let end = closing(results)?;
        return Some((name, params, &inner[..end - 1], &results[end + 1..]));
    }
    // One result without parentheses, up to its attributes or the body.
    let end = results
        .find(" attributes ")
        .or_else(|| results.strip_suffix(" {").map(str::len))
        .unwrap_or(results.len());
    Some((name, params, &results[..end], &results[end..]))
}

/// The position of the bracket that closes the one `text` starts with (`(`, `<`, `[`,
/// `{`), skipping the `>` of `->` and whatever is quoted.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quoted = false;
    let mut prev = ' ';
    for (i, c) in text.char_indices() {
        match c {
            '"' if prev != '\\' => quoted = !quoted,
            _ if quoted => {}
            '(' | '<' | '[' | '{' => depth += 1,
            '>' if prev == '-' => {}
            ')' | '>' | ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        prev = c;
    }
    None
}

/// How many comma-separated items `list` holds at its top level (0 when empty).
fn top_level_items(list: &str) -> usize {
    if list.trim().is_empty() {
        return 0;
    }
    let (mut n, mut depth, mut quoted, mut prev) = (1, 0usize, false, ' ');
    for c in list.chars() {
        match c {
            '"' if prev != '\\' => quoted = !quoted,
            _ if quoted => {}
            '(' | '<' | '[' | '{' => depth += 1,
            '>' if prev == '-' => {}
            ')' | '>' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => n += 1,
            _ => {}
        }
        prev = c;
    }
    n
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

/// One run of `runner` on the texts `pending` (indexes into `texts`) nested in one
/// module.
fn run_once(runner: &Runner, texts: &[String], pending: &[usize]) -> Run {
    let (input, starts) = combined(texts, pending);
    let timeout =
        crate::upstream_tools::TOOL_TIMEOUT + Duration::from_millis(50) * pending.len() as u32;
    let Some((success, stdout, stderr)) = runner.run(&input, timeout) else {
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
fn combined(texts: &[String], pending: &[usize]) -> (String, Vec<usize>) {
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
fn cut(out: &str, n: usize) -> Option<Vec<String>> {
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
    fn signatures_are_read_from_function_lines() {
        assert_eq!(
            signature("  func @f(%arg0: i32 {a}, %arg1: memref<2x3xf32, 1>) -> (i32, f32 {b}) attributes {llvm.emit_c_interface} {"),
            Some(("f", "%arg0: i32 {a}, %arg1: memref<2x3xf32, 1>", "i32, f32 {b}", " attributes {llvm.emit_c_interface} {"))
        );
        assert_eq!(
            signature("  func private @e(memref<*xf64>) -> f64 attributes {x}"),
            Some(("e", "memref<*xf64>", "f64", " attributes {x}"))
        );
        assert_eq!(
            signature("  func.func @g(%arg0: (f32) -> memref<2xf32, affine_map<(d0) -> (d0 + 1)>>) -> memref<?xf32> {"),
            Some(("g", "%arg0: (f32) -> memref<2xf32, affine_map<(d0) -> (d0 + 1)>>", "memref<?xf32>", " {"))
        );
        assert_eq!(signature("  func @h() {"), Some(("h", "", "", " {")));
        assert_eq!(signature("    %0 = call @f() : () -> i32"), None);
        assert_eq!(
            top_level_items("i32, memref<2x?xf32, 1> {a = \"x, y\"}, (f32, f32) -> i1"),
            3
        );
        assert_eq!(
            top_level_items("memref<2xf32, affine_map<(d0) -> (d0, 1)>>"),
            1
        );
        assert_eq!(top_level_items(" "), 0);
    }

    #[test]
    fn texts_of_documented_refusals_are_not_nested() {
        let r13 = Release::MLIR13;
        let r15 = Release::new(15).unwrap();
        let bare = ["--convert-std-to-llvm=use-bare-ptr-memref-call-conv=1".to_string()];
        let module = |sig: &str| format!("module {{\n  {sig} {{\n    return\n  }}\n}}\n");
        let res_attrs = module("func @f() -> (i32 {a}, i32)");
        assert!(known_refused(r13, &res_attrs, &[]));
        assert!(!known_refused(r15, &res_attrs, &[]));
        assert!(!known_refused(r13, &module("func @f() -> (i32 {a})"), &[]));
        assert!(!known_refused(
            r13,
            &module("func @f() -> (i32, memref<2xf32, 1>)"),
            &[]
        ));
        let ciface =
            module("func @f(%arg0: i32 {a}) -> memref<2xf32> attributes {llvm.emit_c_interface}");
        assert!(known_refused(r13, &ciface, &[]));
        assert!(!known_refused(r13, &ciface.replace(" {a}", ""), &[]));
        assert!(!known_refused(
            r13,
            &ciface.replace("memref<2xf32>", "f32"),
            &[]
        ));
        let several = module("func @f() -> (f32, memref<f16>)");
        let called = format!("{several}    %0:2 = call @f() : () -> (f32, memref<f16>)\n");
        assert!(known_refused(r15, &called, &bare));
        assert!(!known_refused(r15, &several, &bare));
        assert!(!known_refused(r15, &called, &[]));
        assert!(!known_refused(Release::new(16).unwrap(), &called, &bare));
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
