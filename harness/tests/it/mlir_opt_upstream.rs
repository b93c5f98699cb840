//! Upstream acceptance of `export_upstream`: every corpus module the front end accepts
//! and our lowering lowers, and generated modules, are exported and fed to the real
//! `mlir-opt` 22 (skipped when it is not installed): the upstream lowering pipeline,
//! then `mlir-translate --mlir-to-llvmir`. Two kinds of module are only verified
//! (`mlir-opt --verify-each`), because upstream can write them but not lower them:
//! modules with unregistered ops, and `alloc`/`alloca` of a non-identity layout, which
//! `--finalize-memref-to-llvm` refuses; and a chain of two `memref_cast`s whose ends
//! are not cast-compatible (a program that is undefined behaviour once run, as in
//! `corpus/interp/ub_casts.mlir`): MLIR 22 folds the chain into one `memref.cast`
//! during the conversion and then rejects that cast; and `dealloc` of a memref in a
//! nonzero memory space, which MLIR 22 lowers to an invalid call of `free`.
//!
//! The other direction: what `mlir-opt --canonicalize --mlir-print-debuginfo` prints
//! from an export (its own spelling of upstream syntax: `%cst` names, hoisted
//! constants, bare `return`, `loc(#loc3)` after every op) must
//! parse and verify in our front end, and for generated modules interpret to the
//! original module's results.

use converter::ir::{Module, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use converter::syntax::{export_upstream, parse_module};
use harness::exec::{run_interp, ExecOptions};
use harness::upstream::{self, Tools};
use std::path::Path;

/// Runs an installed tool on `text` (see [`harness::upstream::run_tool`]).
fn run(tool: &Path, args: &[&str], text: &str) -> Result<String, String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    upstream::run_tool(tool, &args, text, upstream::TOOL_TIMEOUT)
}

/// Whether a `memref.cast` from `a` to `b` verifies upstream: the same element type, and
/// for two ranked memrefs the same rank with every static size, stride and offset
/// matching where both are static.
fn cast_compatible(a: &Type, b: &Type) -> bool {
    let (Type::MemRef(x), Type::MemRef(y)) = (a, b) else {
        return a.memref_elem() == b.memref_elem();
    };
    let same = |p: Option<i64>, q: Option<i64>| p.is_none() || q.is_none() || p == q;
    let (Some(sx), Some(sy)) = (x.strided_form(), y.strided_form()) else {
        return false;
    };
    x.elem == y.elem
        && x.rank() == y.rank()
        && x.shape
            .iter()
            .zip(&y.shape)
            .all(|(p, q)| same(p.map(|v| v as i64), q.map(|v| v as i64)))
        && same(sx.offset, sy.offset)
        && sx
            .strides
            .iter()
            .zip(&sy.strides)
            .all(|(p, q)| same(*p, *q))
}

/// Why upstream can verify but not lower `m`, if it cannot.
fn verify_only(m: &Module) -> Option<&'static str> {
    if upstream::upstream_cannot_lower(m).is_some() {
        return Some("dealloc in a nonzero memory space");
    }
    for f in &m.funcs {
        let Some(b) = &f.body else { continue };
        for op in b.walk_ops() {
            let od = b.op(op);
            if od.kind == OpKind::Unregistered {
                return Some("unregistered op");
            }
            if od.kind == OpKind::MemRefCast {
                let inner = b.defining_op(od.operands[0]).map(|i| b.op(i));
                if let Some(inner) = inner.filter(|i| i.kind == OpKind::MemRefCast) {
                    let from = b.value_type(inner.operands[0]);
                    if !cast_compatible(from, b.value_type(od.results[0])) {
                        return Some("a cast chain whose ends are incompatible");
                    }
                }
            }
            if matches!(od.kind, OpKind::Alloc | OpKind::Alloca) {
                if let Some(Type::MemRef(t)) = od.results.first().map(|&r| b.value_type(r)) {
                    if !t.has_identity_layout() {
                        return Some("alloc of a non-identity layout");
                    }
                }
            }
        }
    }
    None
}

/// Exports `m` and runs upstream on it (the pipeline of `stdlower run --via upstream`);
/// `Ok(true)` when it went through the whole pipeline.
fn check(t: &Tools, m: &Module) -> Result<bool, String> {
    let text = export_upstream(m).map_err(|d| format!("export failed: {d}"))?;
    if verify_only(m).is_some() {
        run(
            &t.mlir_opt,
            &["--allow-unregistered-dialect", "--verify-each"],
            &text,
        )
        .map_err(|e| format!("mlir-opt rejected the export:\n{e}\n{text}"))?;
        return Ok(false);
    }
    upstream::lower_text(&text, 64).map_err(|e| format!("{e}\n{text}"))?;
    Ok(true)
}

#[test]
fn mlir_opt_lowers_every_exported_module() {
    let Ok(t) = upstream::tools() else {
        eprintln!("mlir-opt or mlir-translate not installed: skipped");
        return;
    };
    let mut failures = Vec::new();
    let (mut lowered, mut verified) = (0, 0);
    let mut tally = |name: String, r: Result<bool, String>| match r {
        Ok(true) => lowered += 1,
        Ok(false) => verified += 1,
        Err(e) => failures.push(format!("{name}: {e}")),
    };
    for crate::common::CorpusModule { name, m, .. } in crate::common::corpus_modules() {
        if lower_module(&m, &LowerOptions::default()).is_err() {
            continue;
        }
        tally(name, check(t, &m));
    }
    for seed in 0..40 {
        let m = generator::generate_from_seed(seed, &generator::GenConfig::default());
        tally(format!("gen --seed {seed}"), check(t, &m));
        let m = generator::generate_swarm_from_seed(seed).1;
        tally(format!("gen --swarm --seed {seed}"), check(t, &m));
    }
    eprintln!("{lowered} modules lowered by mlir-opt, {verified} only verified");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        lowered > 100,
        "only {lowered} modules went through the pipeline"
    );
}

#[test]
fn front_end_reads_what_mlir_opt_prints() {
    let Ok(t) = upstream::tools() else {
        eprintln!("mlir-opt not installed: skipped");
        return;
    };
    let canonical = |m: &Module| -> Result<Module, String> {
        let text = export_upstream(m).map_err(|d| format!("export failed: {d}"))?;
        let printed = run(
            &t.mlir_opt,
            &[
                "--allow-unregistered-dialect",
                "--canonicalize",
                "--mlir-print-debuginfo",
            ],
            &text,
        )
        .map_err(|e| format!("mlir-opt --canonicalize --mlir-print-debuginfo failed:\n{e}"))?;
        let p = parse_module(&m.file, printed.as_bytes())
            .map_err(|d| format!("mlir-opt's output does not parse: {d}\n{printed}"))?;
        converter::verify::verify_module(&p)
            .map_err(|ds| format!("mlir-opt's output does not verify: {}\n{printed}", ds[0]))?;
        Ok(p)
    };
    let mut failures = Vec::new();
    let mut compared = 0;
    for crate::common::CorpusModule { name, bytes, m } in crate::common::corpus_modules() {
        if verify_only(&m).is_some()
            || crate::common::has_typed_llvm_pointers(&m)
            || crate::common::expects_errors(&bytes)
        {
            continue;
        }
        if let Err(e) = canonical(&m) {
            failures.push(format!("{name}: {e}"));
        }
    }
    let opts = ExecOptions::default();
    for seed in 0..40 {
        for swarm in [false, true] {
            let m = if swarm {
                generator::generate_swarm_from_seed(seed).1
            } else {
                generator::generate_from_seed(seed, &generator::GenConfig::default())
            };
            match canonical(&m) {
                Ok(p) => {
                    let a = run_interp(&m, "main", &[], &opts).render();
                    let b = run_interp(&p, "main", &[], &opts).render();
                    if a != b {
                        failures.push(format!("seed {seed} (swarm {swarm}): {a} vs {b}"));
                    }
                    compared += 1;
                }
                Err(e) => failures.push(format!("seed {seed} (swarm {swarm}): {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(compared, 80);
}

/// The reason the upstream path refuses `dealloc` outside memory space 0
/// (`upstream::upstream_cannot_lower`) still holds: MLIR 22 lowers it to a call of
/// `free(!llvm.ptr)` with a `!llvm.ptr<3>` and rejects its own output. If upstream
/// fixes this, the refusal should go.
#[test]
fn mlir_opt_cannot_lower_dealloc_outside_memory_space_0() {
    if upstream::tools().is_err() {
        eprintln!("mlir-opt not installed: skipped");
        return;
    }
    let src = "func @f(%n: index) {\n  %m = alloc(%n) : memref<?xf32, 3>\n  dealloc %m : memref<?xf32, 3>\n  return\n}\n";
    let m = parse_module("dealloc3.mlir", src.as_bytes()).expect("parses");
    let d = upstream::upstream_cannot_lower(&m).expect("refused");
    assert_eq!((d.loc.line, d.loc.col), (3, 3));
    let text = export_upstream(&m).expect("exports");
    let e = upstream::lower_text(&text, 64).expect_err("MLIR 22 lowered it");
    assert!(
        e.to_string()
            .contains("operand type mismatch for operand 0: '!llvm.ptr<3>' != '!llvm.ptr'"),
        "{e}"
    );
    // Space 0 lowers.
    let src0 = src.replace(", 3>", ">");
    let m0 = parse_module("dealloc0.mlir", src0.as_bytes()).expect("parses");
    assert!(upstream::upstream_cannot_lower(&m0).is_none());
    upstream::lower_text(&export_upstream(&m0).expect("exports"), 64).expect("lowers");
}
