//! `interp --via upstream` (upstream MLIR's lowering, read back and run by the
//! LLVM-dialect interpreter) against `run --via upstream` (the same lowering translated
//! and run natively), on generated modules (the swarm configurations, which pick the
//! index width and the pass options): wherever the native run gives values on a module
//! the Standard interpreter finds free of undefined behaviour, the interpreter prints
//! exactly the same; where the export or `mlir-opt` refuses a module, both refuse it.
//! The native run is `stdlower run --via upstream` in the binary (its JIT worker isolates
//! a crash). Configurations the upstream oracle leaves out for documented MLIR 22 bugs
//! are not run natively (the bug crashes or misreads); there the
//! interpreter must agree with the Standard interpreter or report the bug as undefined
//! behaviour (`malloc(i32)` at a 32-bit index: a C library signature mismatch). One
//! more difference shows only here: an allocation whose explicit `alignment` is below
//! its element type's, which upstream honours and then accesses with the element's
//! alignment, is a misaligned access the native code survives.
//! Count: `UPSTREAM_LLINTERP_CASES` (default 24). Skipped without `mlir-opt` 22, unless
//! `CI` is set. The corpus's `run:` lines take this path in `stdlower test --via
//! upstream` (`upstream::runnable_corpus_files_pass_through_upstream`).

use harness::exec::{ExecOptions, Outcome};
use harness::upstream;

fn installed() -> bool {
    if upstream::tools().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "mlir-opt/mlir-translate 22 are required when CI is set"
    );
    eprintln!("mlir-opt/mlir-translate 22 not installed: skipped");
    false
}

fn class(o: &Outcome) -> &'static str {
    match o {
        Outcome::Values(_) => "values",
        Outcome::Ub(_) => "ub",
        Outcome::OutOfFuel(_) => "out of fuel",
        Outcome::CallDepth(_) => "call depth",
        Outcome::Crash(_) => "crash",
        Outcome::Limit(..) => "limit",
        Outcome::Error(_) => "error",
    }
}

/// `stdlower run FILE --via upstream` of the module under `opts`, in the binary (the JIT
/// worker isolates a crash of upstream's code): values when it prints them, otherwise
/// the class of its exit status (1 error, 4 crash or limit) with its stderr.
fn run_via_upstream(
    dir: &crate::common::TempDir,
    seed: u64,
    m: &converter::ir::Module,
    opts: &ExecOptions,
) -> Native {
    let text = converter::syntax::print_module(m, &converter::syntax::PrintOptions::default());
    let path = dir.file(&format!("seed{seed}.mlir"), &text);
    let line = opts.options_line();
    let flags = line
        .strip_prefix(harness::exec::OPTIONS_LINE)
        .unwrap_or("")
        .split_whitespace();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .arg("run")
        .arg(&path)
        .args(["--via", "upstream"])
        .args(flags)
        .output()
        .expect("run stdlower");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => Native::Printed(stdout),
        Some(1) => Native::Error(stderr),
        _ => Native::Other,
    }
}

/// How `run --via upstream` ended.
enum Native {
    /// Exit status 0, with what it printed.
    Printed(String),
    /// Exit status 1: the export or a tool refused the module.
    Error(String),
    /// A crash, a timeout: nothing to compare.
    Other,
}

#[test]
fn interp_via_upstream_prints_what_run_via_upstream_prints() {
    if !installed() {
        return;
    }
    let n: u64 = std::env::var("UPSTREAM_LLINTERP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let dir = crate::common::TempDir::new("upstream-llinterp");
    let (mut agree, mut refused, mut not_compared, mut documented) = (0, 0, 0, 0);
    let mut underaligned = 0;
    let mut failures = Vec::new();
    for seed in 0..n {
        let (cfg, m) = generator::generate_swarm_from_seed(seed);
        let opts = ExecOptions::default().for_case(&cfg);
        let std = harness::exec::run_interp(&m, "main", &[], &opts);
        let ll = upstream::interp_upstream(&m, "main", &[], &opts);
        let pass = opts.pass;
        if opts.index_bitwidth != 64
            || (pass.use_bare_ptr_memref_call_conv && !pass.use_aligned_alloc)
        {
            // docs/findings/mlir22-index32-alloc-truncates.md and
            // mlir22-bare-ptr-return-allocated.md: not run natively.
            let ok = match (&std, &ll) {
                (_, Outcome::Error(msg)) => !msg.contains("(lowered by mlir-opt)"),
                (Outcome::Values(_), Outcome::Values(_)) => std.render() == ll.render(),
                (_, Outcome::Ub(msg)) if opts.index_bitwidth != 64 => {
                    msg.contains("C library signature mismatch")
                }
                (_, Outcome::Ub(_)) => true,
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "seed {seed} (documented upstream bug configuration): std\n{}interp --via upstream\n{}",
                    std.render(),
                    ll.render()
                ));
            }
            documented += 1;
            continue;
        }
        let native = run_via_upstream(&dir, seed, &m, &opts);
        match (&native, &ll) {
            (Native::Error(_), Outcome::Error(msg)) if !msg.contains("(lowered by mlir-opt)") => {
                refused += 1
            }
            // An explicit `alignment` below the element type's: upstream allocates with
            // it and then accesses the elements with their ABI alignment, which LangRef
            // makes undefined and the native code survives (docs/upstream-differences.md,
            // "Allocation alignment").
            (Native::Printed(_), Outcome::Ub(msg))
                if msg.contains("misaligned access") && msg.contains("of a heap allocation") =>
            {
                underaligned += 1
            }
            (Native::Printed(out), _) if matches!(std, Outcome::Values(_)) => {
                if *out == ll.render() {
                    agree += 1;
                } else {
                    failures.push(format!(
                        "seed {seed}: run --via upstream\n{out}interp --via upstream\n{}",
                        ll.render()
                    ));
                }
            }
            (Native::Error(e), _) => failures.push(format!(
                "seed {seed}: run --via upstream refused it, interp --via upstream gave {}:\n{e}{}",
                class(&ll),
                ll.render()
            )),
            (_, Outcome::Error(msg)) => failures.push(format!(
                "seed {seed}: interp --via upstream refused it:\n{msg}"
            )),
            _ => not_compared += 1,
        }
    }
    eprintln!(
        "{n} generated cases: {agree} print the same, {refused} refused by both, \
         {underaligned} misaligned accesses in upstream's under-aligned allocations, \
         {documented} in a configuration of a documented upstream bug, {not_compared} \
         not compared (no native values, or undefined behaviour at the Standard level), \
         {} failures",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(agree * 3 >= n, "only {agree} of {n} cases compared");
}

/// A report at the LLVM level of upstream's lowering points at the Standard op it came
/// from (the export writes each op's location, `mlir-opt` keeps it), and names the
/// LLVM op: here a load past the end of an allocation.
#[test]
fn undefined_behaviour_in_upstreams_lowering_is_located_at_the_standard_op() {
    if !installed() {
        return;
    }
    let src = "func @main() -> f32 {\n  %m = alloc() : memref<4xf32>\n  %i = constant 4 : index\n  %x = load %m[%i] : memref<4xf32>\n  dealloc %m : memref<4xf32>\n  return %x : f32\n}\n";
    let m = converter::syntax::parse_module("oob.mlir", src.as_bytes()).expect("parses");
    match upstream::interp_upstream(&m, "main", &[], &ExecOptions::default()) {
        Outcome::Ub(msg) => assert!(
            msg.starts_with("oob.mlir:4:8: undefined behaviour: out of bounds: llvm.load"),
            "{msg}"
        ),
        o => panic!("expected undefined behaviour, got {}", o.render()),
    }
}
