//! `prove --solver cvc5` on `llvm.intr.memcpy` (the heap copy of an unranked result's
//! descriptor): cvc5 takes no array `lambda`, so the copy is a chain of stores as long
//! as the solver bounds the length (`tv/src/memory.rs`). `corpus/probe/unranked_ret.mlir`
//! is proved with cvc5; a copy one byte long is not proved, and the rank returned as 0
//! is refuted. Needs `z3` and `cvc5` (skipped without them,
//! failing when `CI` is set).

use crate::prove_wrong::have_z3;
use converter::ir::{Attribute, Body, Module, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::{prove_module, Report};
use harness::exec::ExecOptions;
use std::time::Duration;
use tv::{Options, SolverKind, Verdict};

const FILE: &str = include_str!("../../../corpus/probe/unranked_ret.mlir");

fn have_cvc5() -> bool {
    let ok = std::process::Command::new("cvc5")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set: cvc5 is not installed"
        );
        eprintln!("skipped: cvc5 is not installed (scripts/setup.sh installs it)");
    }
    ok && have_z3()
}

/// Every function of the file, lowered, changed by `mutate` in `@make`, proved with
/// cvc5 and replayed.
fn prove_cvc5(mutate: &dyn Fn(&mut Body)) -> Vec<Report> {
    let m: Module = converter::syntax::parse_module("t.mlir", FILE.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let mut l = lower_module(&m, &lo).expect("lowers");
    mutate(l.func_mut("make").unwrap().body.as_mut().unwrap());
    let eo = ExecOptions {
        timeout: Duration::ZERO,
        ..ExecOptions::default()
    };
    let to = Options {
        solver: SolverKind::Cvc5,
        ..Options::default()
    };
    prove_module(&m, &l, &lo, None, &to, Some(&eo))
}

/// A constant `i64` of `value` in `body`.
fn constant(body: &Body, value: i128) -> converter::ir::ValueId {
    body.walk_ops()
        .map(|o| body.op(o))
        .find(|op| {
            op.kind == OpKind::LlvmConstant
                && body.value_type(op.results[0]) == &Type::Int(64)
                && matches!(op.attr("value"), Some(Attribute::Int { value: v, .. }) if *v == value)
        })
        .map(|op| op.results[0])
        .unwrap_or_else(|| panic!("no constant {value} : i64"))
}

#[test]
fn cvc5_proves_a_function_that_copies_a_descriptor() {
    if !have_cvc5() {
        return;
    }
    let rs = prove_cvc5(&|_| {});
    assert_eq!(rs.len(), 2);
    for r in &rs {
        assert!(matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
    }
}

#[test]
fn cvc5_does_not_prove_a_descriptor_copied_short() {
    if !have_cvc5() {
        return;
    }
    let rs = prove_cvc5(&|body| {
        let one = constant(body, 1);
        let cp = body
            .walk_ops()
            .find(|&o| body.op(o).kind == OpKind::LlvmMemcpy)
            .expect("a memcpy");
        body.op_mut(cp).operands[2] = one;
    });
    assert!(
        !matches!(rs[0].verdict, Verdict::Proved { .. }),
        "{}",
        rs[0].line()
    );
    assert!(
        !matches!(rs[0].verdict, Verdict::Unknown { ref reason } if reason.starts_with("solver error")),
        "{}",
        rs[0].line()
    );
}

/// (Refuted, not always replayed: cvc5's model may pick a size whose unwritten
/// elements `interp` cannot print, which z3's happens not to.)
#[test]
fn cvc5_refutes_an_unranked_result_of_rank_0() {
    if !have_cvc5() {
        return;
    }
    let rs = prove_cvc5(&|body| {
        let zero = constant(body, 0);
        // The rank inserted into the returned `{i64, ptr}`: the last insertion at [0].
        let ins = body
            .walk_ops()
            .filter(|&o| {
                let op = body.op(o);
                op.kind == OpKind::LlvmInsertValue
                    && op.attr("position")
                        == Some(&Attribute::Array(vec![Attribute::Int {
                            value: 0,
                            ty: Type::i64(),
                        }]))
            })
            .last()
            .expect("the rank inserted");
        let op = body.op_mut(ins);
        let j = op.operands.len() - 1;
        op.operands[j] = zero;
    });
    assert!(
        matches!(rs[0].verdict, Verdict::Refuted { .. }),
        "{}",
        rs[0].line()
    );
}
