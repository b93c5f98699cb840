//! `prove` checks the allocated pointer of a memref result: a caller may free it, so
//! where the source's buffer is live heap memory, the lowered descriptor's allocated
//! pointer must be the start of the live heap block its aligned pointer points into.
//! A lowering that returns the realigned pointer as the allocated one is not proved
//! (`unknown`: interp and run never free a result, so it cannot replay). Needs `z3`
//! (skipped without it, failing when `CI` is set).

use crate::prove_wrong::have_z3;
use converter::ir::{Attribute, OpKind, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::cmd::prove::prove_module;
use tv::{Options, Verdict};

const SRC: &str = "func @f(%x: f32) -> memref<2xf32> {
  %m = alloc() {alignment = 64} : memref<2xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  store %x, %m[%c0] : memref<2xf32>
  store %x, %m[%c1] : memref<2xf32>
  return %m : memref<2xf32>
}
";

fn at(i: i128) -> Attribute {
    Attribute::Array(vec![Attribute::Int {
        value: i,
        ty: Type::i64(),
    }])
}

#[test]
fn the_aligned_pointer_returned_as_the_allocated_one_is_not_proved() {
    if !have_z3() {
        return;
    }
    let m = converter::syntax::parse_module("t.mlir", SRC.as_bytes()).expect("parses");
    let lo = LowerOptions::default();
    let good = lower_module(&m, &lo).expect("lowers");
    let mut bad = good.clone();
    let body = bad.func_mut("f").unwrap().body.as_mut().unwrap();
    let field = |body: &converter::ir::Body, i: i128| {
        body.walk_ops()
            .find(|&o| {
                let op = body.op(o);
                op.kind == OpKind::LlvmInsertValue && op.attr("position") == Some(&at(i))
            })
            .unwrap_or_else(|| panic!("no insertion at [{i}]"))
    };
    let (allocated, aligned) = (field(body, 0), field(body, 1));
    let v = body.op(aligned).operands[1];
    body.op_mut(allocated).operands[1] = v;
    let opts = Options::default();
    let g = prove_module(&m, &good, &lo, Some("f"), &opts, None).remove(0);
    assert!(matches!(g.verdict, Verdict::Proved { .. }), "{}", g.line());
    let b = prove_module(&m, &bad, &lo, Some("f"), &opts, None).remove(0);
    match &b.verdict {
        Verdict::Unknown { reason } => assert!(
            reason.starts_with("refuted only on the allocated pointer of a memref result"),
            "{}",
            b.line()
        ),
        _ => panic!("{}", b.line()),
    }
}
