//! Upstream acceptance of `export_upstream`: every corpus module the front end accepts
//! and our lowering lowers, and generated modules, are exported and fed to the real
//! `mlir-opt` 22 (skipped when it is not installed): the upstream lowering pipeline,
//! then `mlir-translate --mlir-to-llvmir`. Two kinds of module are only verified
//! (`mlir-opt --verify-each`), because upstream can write them but not lower them:
//! modules with unregistered ops, and `alloc`/`alloca` of a non-identity layout, which
//! `--finalize-memref-to-llvm` refuses; and a chain of two `memref_cast`s whose ends
//! are not cast-compatible (a program that is undefined behaviour once run, as in
//! `corpus/interp/ub_casts.mlir`): MLIR 22 folds the chain into one `memref.cast`
//! during the conversion and then rejects that cast.

use converter::ir::{Module, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use converter::syntax::export_upstream;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const PIPELINE: &[&str] = &[
    "--convert-math-to-llvm",
    "--convert-vector-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

fn tool(name: &str) -> Option<PathBuf> {
    let out = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()?;
    let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()).join(name);
    p.exists().then_some(p)
}

/// Runs `tool args` on `input`; its stdout, or its stderr as the error.
fn run(tool: &PathBuf, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", tool.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input);
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
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

struct Tools {
    opt: PathBuf,
    translate: PathBuf,
}

/// Exports `m` and runs upstream on it; `Ok(true)` when it went through the whole pipeline.
fn check(t: &Tools, m: &Module) -> Result<bool, String> {
    let text = export_upstream(m).map_err(|d| format!("export failed: {d}"))?;
    let bytes = text.as_bytes();
    if verify_only(m).is_some() {
        run(
            &t.opt,
            &["--allow-unregistered-dialect", "--verify-each"],
            bytes,
        )
        .map_err(|e| format!("mlir-opt rejected the export:\n{e}\n{text}"))?;
        return Ok(false);
    }
    let llvm = run(&t.opt, PIPELINE, bytes)
        .map_err(|e| format!("mlir-opt's lowering failed:\n{e}\n{text}"))?;
    run(&t.translate, &["--mlir-to-llvmir"], &llvm)
        .map_err(|e| format!("mlir-translate failed:\n{e}\n{text}"))?;
    Ok(true)
}

#[test]
fn mlir_opt_lowers_every_exported_module() {
    let (Some(opt), Some(translate)) = (tool("mlir-opt"), tool("mlir-translate")) else {
        eprintln!("mlir-opt or mlir-translate not installed: skipped");
        return;
    };
    let t = Tools { opt, translate };
    let mut failures = Vec::new();
    let (mut lowered, mut verified) = (0, 0);
    let mut tally = |name: String, r: Result<bool, String>| match r {
        Ok(true) => lowered += 1,
        Ok(false) => verified += 1,
        Err(e) => failures.push(format!("{name}: {e}")),
    };
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    for f in harness::filetest::discover(&[root.to_string()]) {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let name = f.display().to_string();
        let Ok(m) = converter::syntax::parse_module(&name, &bytes) else {
            continue;
        };
        if converter::verify::verify_module(&m).is_err()
            || lower_module(&m, &LowerOptions::default()).is_err()
        {
            continue;
        }
        tally(name, check(&t, &m));
    }
    for seed in 0..40 {
        let m = generator::generate_from_seed(seed, &generator::GenConfig::default());
        tally(format!("gen --seed {seed}"), check(&t, &m));
        let m = generator::generate_swarm_from_seed(seed).1;
        tally(format!("gen --swarm --seed {seed}"), check(&t, &m));
    }
    eprintln!("{lowered} modules lowered by mlir-opt, {verified} only verified");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        lowered > 100,
        "only {lowered} modules went through the pipeline"
    );
}
