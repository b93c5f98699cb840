//! The `tv` oracle, run from its registry row as the harness runs it
//! (`oracles::check::judge_only`): our lowering of a function agrees; the same lowering
//! with `llvm.zext` turned into `llvm.sext` is a finding that names the function and a
//! counterexample that replays; not asked (`OracleConfig::tv` off, the default and the
//! fuzz target's), it does not run. Needs z3 (skipped without, failing under `CI`).

use crate::prove_wrong::have_z3;
use converter::ir::OpKind;
use converter::lower::{lower_module, LowerOptions};
use harness::oracles::check::{judge_only, Case};
use harness::oracles::{OracleConfig, Verdict};

const TEXT: &str =
    "func @main(%a: i8) -> i32 {\n  %b = zexti %a : i8 to i32\n  return %b : i32\n}\n";

#[test]
fn tv_finds_a_sext_for_a_zext_and_agrees_with_the_lowering() {
    if !have_z3() {
        return;
    }
    let m = converter::syntax::parse_module("t.mlir", TEXT.as_bytes()).expect("parses");
    let good = lower_module(&m, &LowerOptions::default()).expect("lowers");
    let mut bad = good.clone();
    let body = bad.func_mut("main").unwrap().body.as_mut().unwrap();
    for op in body.ops.iter_mut().filter(|o| o.kind == OpKind::LlvmZExt) {
        op.kind = OpKind::LlvmSExt;
    }
    let asked = OracleConfig {
        tv: true,
        ..OracleConfig::default()
    };
    let judge = |lowered: &converter::ir::Module, cfg: &OracleConfig| {
        let case = Case::new(&m, "main", &[], cfg).with_lowered(lowered.clone());
        let mut ran = Vec::new();
        (judge_only(&case, &mut ran, |o| o.as_str() == "tv"), ran)
    };
    let (v, ran) = judge(&good, &asked);
    assert!(matches!(v, Verdict::Agree), "{v}");
    assert!(ran.iter().any(|o| o.as_str() == "tv"), "{ran:?}");
    match judge(&bad, &asked).0 {
        Verdict::Finding { oracle, detail } => {
            assert_eq!(oracle.as_str(), "tv");
            assert!(detail.starts_with("@main: refuted: -"), "{detail}");
        }
        other => panic!("expected a finding of tv, got {other}"),
    }
    let (v, ran) = judge(&bad, &OracleConfig::default());
    assert!(matches!(v, Verdict::Agree), "{v}");
    assert!(!ran.iter().any(|o| o.as_str() == "tv"), "{ran:?}");
}

/// The tv oracle's solver time is not a hang: a module whose queries reach z3's time
/// limit again and again (many seconds in all) agrees under `check --tv` with a hang
/// limit of 1 s, because the oracle extends the limit by its queries' limits. Without
/// the extension it is a finding of oracle `hang` after 1 s.
#[test]
fn the_tv_oracles_solver_time_is_not_a_hang() {
    if !have_z3() {
        return;
    }
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/tv_solver_limits.mlir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["check", "--tv", "--hang-seconds", "1"])
        .arg(&file)
        .output()
        .expect("runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1 agree, 0 findings"), "{text}");
}
