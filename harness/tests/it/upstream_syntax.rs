//! Today's upstream syntax as a second front end: a module exported with
//! `export_upstream` parses back (through the same `parse_module`) to a module that
//! verifies, has the same functions, interprets to the same results, and exports to
//! the same text again, so export is a fixed point after one round trip. The first
//! round trip is not the identity on the IR: the exporter materializes index
//! constants (for `dim`) and select cascades (for dynamic outer `vector.extract`
//! positions), which parse back as ordinary ops; the fixed point shows they are
//! written exactly as the exporter would write them. Checked on generated modules
//! (default and swarm configurations; `UPSTREAM_CASES`, default 1000 each) and on
//! every corpus file the front end accepts.

use converter::ir::{Layout, Module, Type};
use converter::syntax::{export_upstream, parse_module, print_module, PrintOptions};
use harness::exec::{run_interp, ExecOptions, Outcome};

use crate::common;
use common::TempDir;

fn cases() -> u64 {
    std::env::var("UPSTREAM_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

/// Exports `m`, parses the text back and checks the invariants; returns the module
/// read back, or what went wrong.
fn round_trip(m: &Module, what: &str) -> Result<Module, String> {
    let e1 = export_upstream(m).map_err(|d| format!("{what}: export failed: {d}"))?;
    let p = parse_module(&m.file, e1.as_bytes())
        .map_err(|d| format!("{what}: the export does not parse: {d}\n{e1}"))?;
    converter::verify::verify_module(&p)
        .map_err(|ds| format!("{what}: the export does not verify: {}\n{e1}", ds[0]))?;
    let e2 = export_upstream(&p).map_err(|d| format!("{what}: re-export failed: {d}"))?;
    if e1 != e2 {
        return Err(format!(
            "{what}: export is not a fixed point:\n--- first\n{e1}\n--- second\n{e2}"
        ));
    }
    if m.funcs.len() != p.funcs.len() {
        return Err(format!("{what}: function count changed"));
    }
    for (a, b) in m.funcs.iter().zip(&p.funcs) {
        if a.name != b.name || strided(&a.ty) != strided(&b.ty) || a.attrs != b.attrs {
            return Err(format!(
                "{what}: @{} changed its name, signature or attributes: {:?} {:?}",
                a.name, a.attrs, b.attrs
            ));
        }
        let blocks = |f: &converter::ir::Func| f.body.as_ref().map(|b| b.layout.len());
        if blocks(a) != blocks(b) {
            return Err(format!("{what}: @{} changed its block count", a.name));
        }
    }
    Ok(p)
}

/// `ty` with every affine-map layout that has a strided form written as that form:
/// upstream spells such a layout `strided<...>`, which reads back as a strided layout.
fn strided(ty: &Type) -> Type {
    match ty {
        Type::MemRef(m) => {
            let mut m = (**m).clone();
            if let Layout::Affine {
                strided: Some(s), ..
            } = &m.layout
            {
                m.layout = Layout::Strided(s.clone());
            }
            m.elem = strided(&m.elem);
            Type::MemRef(m.into())
        }
        Type::Function(f) => Type::function(
            f.inputs.iter().map(strided).collect(),
            f.results.iter().map(strided).collect(),
        ),
        t => t.clone(),
    }
}

/// Same results, or the same kind of failure (messages carry locations, which differ).
fn same_outcome(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (Outcome::Values(_), Outcome::Values(_)) => a.render() == b.render(),
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

#[test]
fn generated_modules_survive_export_and_parse() {
    let n = cases();
    let opts = ExecOptions {
        fuel: 2_000_000,
        ..ExecOptions::default()
    };
    let mut failures = Vec::new();
    let mut compared = 0;
    for seed in 0..n {
        for swarm in [false, true] {
            let m = if swarm {
                generator::generate_swarm_from_seed(seed).1
            } else {
                generator::generate_from_seed(seed, &generator::GenConfig::default())
            };
            let what = format!("gen --seed {seed}{}", if swarm { " --swarm" } else { "" });
            let p = match round_trip(&m, &what) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(e);
                    continue;
                }
            };
            let before = run_interp(&m, "main", &[], &opts);
            let after = run_interp(&p, "main", &[], &opts);
            if !same_outcome(&before, &after) {
                failures.push(format!(
                    "{what}: interpreter results differ: {} vs {}",
                    before.render(),
                    after.render()
                ));
            }
            if matches!(before, Outcome::Values(_)) {
                compared += 1;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(5)].join("\n\n")
    );
    assert!(compared >= n, "only {compared} modules ran to completion");
}

#[test]
fn corpus_modules_survive_export_and_parse() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for crate::common::CorpusModule { name, bytes, m } in crate::common::corpus_modules() {
        // A file that expects errors (of the lowering, say) is not a module to run.
        if common::has_typed_llvm_pointers(&m) || common::expects_errors(&bytes) {
            continue;
        }
        checked += 1;
        match round_trip(&m, &name) {
            // The module read back also prints in LLVM 11 syntax and reads back again.
            Ok(p) => {
                let legacy = print_module(&p, &PrintOptions::default());
                if let Err(d) = parse_module(&name, legacy.as_bytes()) {
                    failures.push(format!("{name}: LLVM 11 printing does not parse: {d}"));
                }
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(checked > 50, "only {checked} corpus modules");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `stdlower export FILE` prints what `-o OUT` writes; bad input is a located error
/// with the bad-input exit status, and what upstream cannot express exits the same way.
#[test]
fn export_command_prints_or_writes_and_reports_located_errors() {
    let exe = env!("CARGO_BIN_EXE_stdlower-full");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/upstream/vector.mlir"
    );
    let out = std::process::Command::new(exe)
        .args(["export", file])
        .output()
        .expect("run stdlower");
    assert!(out.status.success());
    let dir = TempDir::new("export");
    let target = dir.0.join("out.mlir");
    let st = std::process::Command::new(exe)
        .args(["export", file, "-o"])
        .arg(&target)
        .status()
        .expect("run stdlower");
    assert!(st.success());
    assert_eq!(std::fs::read(&target).unwrap(), out.stdout);

    let bad = dir.0.join("bad.mlir");
    for (src, line_col) in [
        ("func.func @f() {\n  %0 = arith.maxsi\n}\n", ":2:8: error: "),
        (
            "func @f(%a: i32) -> i32 {\n  %0 = addi %a, %a {fastmath = 1} : i32\n  return %0 : i32\n}\n",
            ":2:8: error: cannot export",
        ),
    ] {
        std::fs::write(&bad, src).unwrap();
        let out = std::process::Command::new(exe)
            .arg("export")
            .arg(&bad)
            .output()
            .expect("run stdlower");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(&format!("bad.mlir{line_col}")), "{err}");
    }
}
