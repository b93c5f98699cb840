//! `prove` on an access at symbolic indices through a 2-D fully dynamic layout: the
//! bounds check multiplies symbolic strides and indices, which z3's default solver did
//! not decide in 60 s; its bit-vector tactic, asked where the default solver gives up,
//! does (`Smt::check` in `tv/src/smt.rs`).
//! The correct lowering is proved; one that scales each index by the other dimension's
//! stride is refuted, and the arguments replay. The time limit here is 10 s (the
//! default solver spends it all, then the tactic takes 1 to 7 s), so that a loaded
//! machine does not make the test flaky; without the tactic no limit under 60 s
//! sufficed. Needs `z3` (skipped without it, failing when `CI` is set).

use crate::prove_wrong::have_z3;
use converter::ir::OpKind;
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::prove_module;
use harness::exec::ExecOptions;
use std::time::Duration;
use tv::{Options, Verdict};

const SRC: &str =
    "func @f(%g: memref<?x?xi64, offset: ?, strides: [?, ?]>, %i: index, %j: index) -> i64 {
  %x = load %g[%i, %j] : memref<?x?xi64, offset: ?, strides: [?, ?]>
  return %x : i64
}
";

#[test]
fn a_load_through_a_2d_dynamic_layout_is_decided() {
    if !have_z3() {
        return;
    }
    let m = converter::syntax::parse_module("t.mlir", SRC.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let good = lower_module(&m, &lo).expect("lowers");
    let mut bad = good.clone();
    let body = bad.func_mut("f").unwrap().body.as_mut().unwrap();
    // The two stride-by-index products: swap their indices (the first index scaled by
    // the second dimension's stride).
    let muls: Vec<_> = body
        .walk_ops()
        .filter(|&o| body.op(o).kind == OpKind::LlvmMul)
        .collect();
    assert_eq!(muls.len(), 2, "two products in the linearization");
    let (i, j) = (body.op(muls[0]).operands[1], body.op(muls[1]).operands[1]);
    body.op_mut(muls[0]).operands[1] = j;
    body.op_mut(muls[1]).operands[1] = i;
    let eo = ExecOptions {
        timeout: Duration::ZERO,
        ..ExecOptions::default()
    };
    let to = Options {
        timeout: Duration::from_secs(10),
        ..Options::default()
    };
    let g = prove_module(&m, &good, &lo, Some("f"), &to, Some(&eo)).remove(0);
    assert!(matches!(g.verdict, Verdict::Proved { .. }), "{}", g.line());
    let b = prove_module(&m, &bad, &lo, Some("f"), &to, Some(&eo)).remove(0);
    crate::common::assert_refuted_and_replayed(&b);
}
