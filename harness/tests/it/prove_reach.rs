//! `prove` on constructs it used to answer `unknown` to:
//! - the C wrapper of a recursive function: the wrapper's frame is not counted against
//!   the inlining depth, so both sides reach the callee's contract at the same call
//!   (campaign case 210 once found the wrapper refuted only through a contract reached
//!   at different depths). A wrong lowering behind the wrapper is refuted, and the
//!   arguments replay;
//! - an inlined callee whose paths leave different memory: merged, and a wrong callee
//!   is refuted through its caller;
//! - an allocation with a static strided layout (a negative stride): a wrong stride in
//!   the lowering is not proved.
//!
//! Needs `z3` (skipped without it, failing when `CI` is set).

use crate::common::assert_refuted_and_replayed;
use crate::prove_wrong::have_z3;
use converter::ir::{Module, OpKind};
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::{prove_module, Report};
use harness::exec::ExecOptions;
use std::time::Duration;
use tv::{Options, Verdict};

/// Every function (and C wrapper) of `text`, lowered and changed by `mutate`, proved
/// and replayed.
pub fn prove_all(text: &str, mutate: &dyn Fn(&mut Module)) -> Vec<Report> {
    let m = converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let mut l = lower_module(&m, &lo).expect("lowers");
    mutate(&mut l);
    let eo = ExecOptions {
        timeout: Duration::ZERO,
        ..ExecOptions::default()
    };
    prove_module(&m, &l, &lo, None, &Options::default(), Some(&eo))
}

pub fn report<'a>(rs: &'a [Report], name: &str) -> &'a Report {
    rs.iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no @{name}"))
}

const SUM: &str = "func @sum(%n: i32) -> i32 attributes { llvm.emit_c_interface } {
  %c0 = constant 0 : i32
  %c1 = constant 1 : i32
  %le = cmpi \"sle\", %n, %c0 : i32
  cond_br %le, ^base, ^rec
^base:
  return %c0 : i32
^rec:
  %m = subi %n, %c1 : i32
  %r = call @sum(%m) : (i32) -> i32
  %s = addi %n, %r : i32
  return %s : i32
}
";

/// The wrapper of a recursive function is proved, by the same contract as the
/// function.
#[test]
fn the_c_wrapper_of_a_recursive_function_is_proved() {
    if !have_z3() {
        return;
    }
    let rs = prove_all(SUM, &|_| {});
    for name in ["sum", "_mlir_ciface_sum"] {
        let r = report(&rs, name);
        match &r.verdict {
            Verdict::Proved { bounds } => assert!(
                bounds.ends_with("calls past depth 4 by contract: @sum"),
                "{}",
                r.line()
            ),
            _ => panic!("{}", r.line()),
        }
    }
}

/// `@sum` lowered with `sub` for its `add`: its wrapper is refuted too, through the
/// wrapper (the JIT calls `_mlir_ciface_sum`), and the arguments replay.
#[test]
fn a_wrong_function_behind_its_wrapper_is_refuted_and_replays() {
    if !have_z3() {
        return;
    }
    let rs = prove_all(SUM, &|m| {
        let body = m.func_mut("sum").unwrap().body.as_mut().unwrap();
        let o = body
            .walk_ops()
            .find(|&o| body.op(o).kind == OpKind::LlvmAdd)
            .expect("an add");
        body.op_mut(o).kind = OpKind::LlvmSub;
    });
    assert_refuted_and_replayed(report(&rs, "_mlir_ciface_sum"));
}

const PATHS: &str = include_str!("../../../corpus/interp/call_paths_memory.mlir");

/// An inlined callee whose two paths leave different memory: the caller goes on from
/// their merge (`tv/src/memory.rs`). `@main` is proved; with the lowered `@put`'s
/// branch targets swapped, `@main` is refuted (through the merged memory), and the
/// arguments replay.
#[test]
fn a_call_whose_paths_leave_different_memory_is_decided() {
    if !have_z3() {
        return;
    }
    let rs = prove_all(PATHS, &|_| {});
    let r = report(&rs, "main");
    assert!(matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
    let rs = prove_all(PATHS, &|m| {
        let body = m.func_mut("put").unwrap().body.as_mut().unwrap();
        let o = body
            .walk_ops()
            .find(|&o| body.op(o).kind == OpKind::LlvmCondBr)
            .expect("a cond_br");
        body.op_mut(o).successors.swap(0, 1);
    });
    assert_refuted_and_replayed(report(&rs, "main"));
}

/// An allocation with a strided layout whose stride is negative: its elements are
/// placed by the type's static offset and strides (`tv/src/std_sem.rs`).
const REVERSED: &str = "func @f(%x: f32, %y: f32) -> f32 {
  %c0 = constant 0 : index
  %c3 = constant 3 : index
  %r = alloc() : memref<4xf32, offset: 3, strides: [-1]>
  store %x, %r[%c3] : memref<4xf32, offset: 3, strides: [-1]>
  store %y, %r[%c0] : memref<4xf32, offset: 3, strides: [-1]>
  %a = load %r[%c3] : memref<4xf32, offset: 3, strides: [-1]>
  dealloc %r : memref<4xf32, offset: 3, strides: [-1]>
  return %a : f32
}
";

/// Proved; lowered with the stride's `-1` as `1` (the address of element 3 is 6, past
/// the 4-element block), not proved.
#[test]
fn an_allocation_with_a_negative_stride_is_decided() {
    if !have_z3() {
        return;
    }
    let r = crate::common::prove_f_and_its_mutant(REVERSED, &|body| {
        let o = body
            .walk_ops()
            .find(|&o| {
                let op = body.op(o);
                op.kind == OpKind::LlvmConstant
                    && matches!(
                        op.attr("value"),
                        Some(converter::ir::Attribute::Int { value: -1, .. })
                    )
            })
            .expect("the stride -1");
        body.op_mut(o).set_attr(
            "value",
            converter::ir::Attribute::Int {
                value: 1,
                ty: converter::ir::Type::i64(),
            },
        );
    });
    assert!(!matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
}
