//! `prove` on unranked memref results and `llvm.intr.memcpy`: the lowered function
//! returns the rank and a pointer to a heap copy of the descriptor (made by `memcpy`),
//! read back at the source's rank; and on unranked arguments of a C wrapper (a pointer
//! to `{rank, descriptor pointer}`). Wrong lowerings: the rank returned as 0 (refuted,
//! replays), a descriptor copy one byte long (not proved), and a wrapper passing the
//! rank and the next argument in each other's place (refuted, replays through the
//! wrapper). Needs `z3` (skipped without it, failing when `CI` is set).

use crate::prove_wrong::have_z3;
use converter::ir::{Attribute, Body, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::{prove_module, Report};
use harness::exec::ExecOptions;
use std::time::Duration;
use tv::{Options, Verdict};

const SRC: &str = "func @f(%n: index, %x: f32) -> memref<*xf32> {
  %m = alloc(%n) : memref<?xf32>
  %c0 = constant 0 : index
  store %x, %m[%c0] : memref<?xf32>
  %u = memref_cast %m : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
";

/// `@f` lowered correctly (proved) and changed by `mutate` (its report).
fn wrong(mutate: &dyn Fn(&mut Body)) -> Report {
    crate::common::prove_f_and_its_mutant(SRC, mutate)
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
fn an_unranked_result_of_the_wrong_rank_is_refuted() {
    if !have_z3() {
        return;
    }
    let r = wrong(&|body| {
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
    assert!(matches!(r.verdict, Verdict::Refuted { .. }), "{}", r.line());
    assert!(
        r.replay.as_ref().expect("replayed").reproduced,
        "{}",
        r.line()
    );
}

#[test]
fn a_descriptor_copied_short_is_not_proved() {
    if !have_z3() {
        return;
    }
    let r = wrong(&|body| {
        let one = constant(body, 1);
        let cp = body
            .walk_ops()
            .find(|&o| body.op(o).kind == OpKind::LlvmMemcpy)
            .expect("a memcpy");
        body.op_mut(cp).operands[2] = one;
    });
    assert!(!matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
}

const WRAPPED: &str =
    "func @f(%u: memref<*xf32>, %n: index) -> index attributes { llvm.emit_c_interface } {
  %r = rank %u : memref<*xf32>
  %d = subi %r, %n : index
  return %d : index
}
";

/// An unranked argument of a C wrapper is passed as a pointer to its `{rank,
/// descriptor pointer}`: the wrapper is proved; one that passes the unranked memref's
/// rank and the next argument to the function in each other's place is refuted.
#[test]
fn a_c_wrapper_swapping_an_unranked_rank_with_an_argument_is_refuted() {
    if !have_z3() {
        return;
    }
    let m = converter::syntax::parse_module("t.mlir", WRAPPED.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let good = lower_module(&m, &lo).expect("lowers");
    let mut bad = good.clone();
    let body = bad
        .func_mut("_mlir_ciface_f")
        .unwrap()
        .body
        .as_mut()
        .unwrap();
    let call = body
        .walk_ops()
        .find(|&o| body.op(o).kind == OpKind::LlvmCall)
        .expect("the wrapper calls @f");
    let ops = &mut body.op_mut(call).operands;
    assert_eq!(ops.len(), 3, "rank, descriptor pointer, %n");
    ops.swap(0, 2);
    let eo = ExecOptions {
        timeout: Duration::ZERO,
        ..ExecOptions::default()
    };
    let to = Options::default();
    let g = prove_module(&m, &good, &lo, None, &to, Some(&eo));
    for r in &g {
        assert!(matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
    }
    let b = prove_module(&m, &bad, &lo, None, &to, Some(&eo));
    assert_eq!(b[1].name, "_mlir_ciface_f");
    assert!(
        matches!(b[0].verdict, Verdict::Proved { .. }),
        "{}",
        b[0].line()
    );
    assert!(
        matches!(b[1].verdict, Verdict::Refuted { .. }),
        "{}",
        b[1].line()
    );
    assert!(
        b[1].replay.as_ref().expect("replayed").reproduced,
        "{}",
        b[1].line()
    );
}

/// Found by `campaign --every tv=1` (case 268): at `--index-bitwidth 32` the
/// descriptor's fields are i32 while the unranked memref's rank stays an i64; the
/// result (and a C wrapper's unranked argument) is proved there too.
#[test]
fn unranked_memrefs_are_proved_at_index_width_32() {
    if !have_z3() {
        return;
    }
    // (A static size: at 32 bits the lowered byte size of a dynamic one may wrap.)
    let text = SRC
        .replace("alloc(%n) : memref<?xf32>", "alloc() : memref<3xf32>")
        .replace("memref<?xf32>", "memref<3xf32>");
    let m = converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses");
    let w = converter::syntax::parse_module("w.mlir", WRAPPED.as_bytes()).expect("parses");
    let lo = LowerOptions {
        index_bitwidth: 32,
        ..LowerOptions::default()
    };
    let to = Options {
        index_bits: 32,
        ..Options::default()
    };
    for m in [m, w] {
        let l = lower_module(&m, &lo).expect("lowers");
        for r in prove_module(&m, &l, &lo, None, &to, None) {
            assert!(matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
        }
    }
}
