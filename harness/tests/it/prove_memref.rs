//! `prove` on memref results: the returned view's sizes and every element the source
//! wrote must be what the caller reads through the lowered descriptor. A descriptor
//! whose size and stride fields are swapped is refuted and replays; the correct
//! lowering, and its C wrapper (the result through an out-pointer), are proved. Needs
//! `z3` (skipped without it, failing when `CI` is set).

use crate::prove_wrong::have_z3;
use converter::ir::{Attribute, Module, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::prove_module;
use harness::exec::ExecOptions;
use std::time::Duration;
use tv::{Options, Verdict};

fn parse(text: &str) -> Module {
    converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses")
}

fn pos(a: i128, b: i128) -> Attribute {
    Attribute::Array(vec![
        Attribute::Int {
            value: a,
            ty: Type::i64(),
        },
        Attribute::Int {
            value: b,
            ty: Type::i64(),
        },
    ])
}

const SRC: &str =
    "func @f(%x: i32, %y: i32) -> memref<2xi32> attributes { llvm.emit_c_interface } {
  %m = alloc() : memref<2xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  store %x, %m[%c0] : memref<2xi32>
  store %y, %m[%c1] : memref<2xi32>
  return %m : memref<2xi32>
}
";

#[test]
fn a_memref_result_and_its_c_wrapper_are_proved() {
    if !have_z3() {
        return;
    }
    let m = parse(SRC);
    let lo = LowerOptions::default();
    let l = lower_module(&m, &lo).expect("lowers");
    let rs = prove_module(&m, &l, &lo, None, &Options::default(), None);
    let names: Vec<&str> = rs.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["f", "_mlir_ciface_f"]);
    for r in &rs {
        assert!(matches!(r.verdict, Verdict::Proved { .. }), "{}", r.line());
    }
}

#[test]
fn a_memref_result_with_size_and_stride_swapped_is_refuted() {
    if !have_z3() {
        return;
    }
    let m = parse(SRC);
    let lo = LowerOptions::default();
    let mut bad = lower_module(&m, &lo).expect("lowers");
    let body = bad.func_mut("f").unwrap().body.as_mut().unwrap();
    let (size0, stride0) = (pos(3, 0), pos(4, 0));
    let mut n = 0;
    for op in body
        .ops
        .iter_mut()
        .filter(|o| o.kind == OpKind::LlvmInsertValue)
    {
        let p = op.attr("position").cloned();
        if p.as_ref() == Some(&size0) {
            op.set_attr("position", stride0.clone());
            n += 1;
        } else if p.as_ref() == Some(&stride0) {
            op.set_attr("position", size0.clone());
            n += 1;
        }
    }
    assert_eq!(n, 2, "the size and the stride inserted");
    let eo = ExecOptions {
        timeout: Duration::ZERO,
        ..ExecOptions::default()
    };
    let r = prove_module(&m, &bad, &lo, Some("f"), &Options::default(), Some(&eo)).remove(0);
    assert!(matches!(r.verdict, Verdict::Refuted { .. }), "{}", r.line());
    let rp = r.replay.as_ref().expect("replayed");
    assert!(rp.reproduced, "{}", r.line());
}
