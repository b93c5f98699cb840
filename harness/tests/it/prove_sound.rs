//! `prove`'s soundness: no proof for want of an input, and none that trusts what the
//! callers do not guarantee.
//!
//! - A function whose every path runs past the unroll bound is `unknown`, not a vacuous
//!   `proved (unroll K)`; one whose source is undefined on every input is still proved.
//! - A memref argument's allocated pointer is not its aligned one: a lowering that loads
//!   through descriptor field 0 where it needs field 1, or frees the aligned pointer, is
//!   refuted, and the counterexample replays (interp --level llvm passes the two
//!   pointers apart).
//!
//! Needs `z3` (skipped without it, failing when `CI` is set).

use crate::common::{assert_refuted_and_replayed, prove_f_and_its_mutant};
use crate::prove_wrong::have_z3;
use converter::ir::{Attribute, Body, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::prove_module;
use std::collections::HashMap;
use std::sync::Arc;
use tv::{Options, Verdict};

/// `@NAME`'s verdict in `text`, lowered correctly, with or without the converter's hints.
fn verdict(text: &str, name: &str, hints: bool, unroll: u32) -> Verdict {
    let m = converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let l = lower_module(&m, &lo).expect("lowers");
    let to = Options {
        unroll,
        hints: (!hints).then(|| Arc::new(HashMap::new())),
        ..Options::default()
    };
    prove_module(&m, &l, &lo, Some(name), &to, None)
        .remove(0)
        .verdict
}

const COLLATZ: &str = include_str!("../../../corpus/probe/loop_collatz.mlir");

#[test]
fn a_loop_longer_than_the_bound_on_every_input_is_not_proved_by_unrolling() {
    if !have_z3() {
        return;
    }
    match verdict(COLLATZ, "main", false, 4) {
        Verdict::Unknown { reason } => {
            assert_eq!(reason, "every path runs longer than unroll 4")
        }
        v => panic!("{}", v.render()),
    }
    // With the converter's hints the loop is proved block by block, for any number of
    // iterations: no bound is involved.
    let v = verdict(COLLATZ, "main", true, 4);
    assert!(
        matches!(&v, Verdict::Proved { bounds } if bounds.contains("any iteration count")),
        "{}",
        v.render()
    );
}

/// A loop that some inputs leave within the bound is still proved by unrolling.
#[test]
fn a_loop_some_inputs_finish_within_the_bound_is_proved_by_unrolling() {
    if !have_z3() {
        return;
    }
    let text = "func @f(%n: index) -> index {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^h(%c0 : index)
^h(%i: index):
  %lt = cmpi \"slt\", %i, %n : index
  cond_br %lt, ^b, ^x
^b:
  %j = addi %i, %c1 : index
  br ^h(%j : index)
^x:
  return %i : index
}
";
    let v = verdict(text, "f", false, 4);
    assert_eq!(
        v,
        Verdict::Proved {
            bounds: "unroll 4".into()
        },
        "{}",
        v.render()
    );
}

/// Only the cut makes a proof vacuous: a source undefined on every input (a division by
/// a zero constant) is refined by anything, and is proved.
#[test]
fn a_source_undefined_on_every_input_is_proved() {
    if !have_z3() {
        return;
    }
    let text = "func @f(%x: i32) -> i32 {
  %z = constant 0 : i32
  %q = divi_signed %x, %z : i32
  return %q : i32
}
";
    let v = verdict(text, "f", false, 4);
    assert!(matches!(v, Verdict::Proved { .. }), "{}", v.render());
}

/// Every `llvm.extractvalue` of descriptor field `from` in `body` made to read `to`.
fn read_field_instead(body: &mut Body, from: i128, to: i128) {
    let pos = |k: i128| {
        Attribute::Array(vec![Attribute::Int {
            value: k,
            ty: Type::i64(),
        }])
    };
    let mut n = 0;
    for op in body
        .ops
        .iter_mut()
        .filter(|o| o.kind == OpKind::LlvmExtractValue)
    {
        if op.attr("position") == Some(&pos(from)) {
            op.set_attr("position", pos(to));
            n += 1;
        }
    }
    assert!(n > 0, "no read of descriptor field {from}");
}

/// Loads through the allocated pointer (field 0) instead of the aligned one (field 1):
/// proved while prove took the two for one; now refuted, and the LLVM level, whose
/// argument buffers have their aligned pointer past the allocated one, replays it.
#[test]
fn a_load_through_the_allocated_pointer_of_an_argument_is_refuted() {
    if !have_z3() {
        return;
    }
    let text = "func @f(%m: memref<?xf32>, %i: index) -> f32 {
  %x = load %m[%i] : memref<?xf32>
  return %x : f32
}
";
    let r = prove_f_and_its_mutant(text, &|body| read_field_instead(body, 1, 0));
    assert_refuted_and_replayed(&r);
}

/// `dealloc` of an argument frees its allocated pointer; a lowering that frees the
/// aligned one frees no allocation's start: refuted, and replayed (undefined behaviour
/// at the LLVM level).
#[test]
fn freeing_the_aligned_pointer_of_an_argument_is_refuted() {
    if !have_z3() {
        return;
    }
    let text = "func @f(%m: memref<2xi32>) -> i32 {
  %c1 = constant 1 : index
  %x = load %m[%c1] : memref<2xi32>
  dealloc %m : memref<2xi32>
  return %x : i32
}
";
    let r = prove_f_and_its_mutant(text, &|body| read_field_instead(body, 0, 1));
    assert_refuted_and_replayed(&r);
}
