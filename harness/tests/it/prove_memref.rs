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

fn lowered_wrong(text: &str, mutate: &dyn Fn(&mut Module)) -> (Module, Module, Module) {
    let m = parse(text);
    let lo = LowerOptions::default();
    let good = lower_module(&m, &lo).expect("lowers");
    let mut bad = good.clone();
    mutate(&mut bad);
    (m, good, bad)
}

fn verdicts(m: &Module, good: &Module, bad: &Module) -> (tv::Verdict, harness::cmd::prove::Report) {
    let lo = LowerOptions::default();
    let eo = ExecOptions {
        timeout: Duration::ZERO,
        ..ExecOptions::default()
    };
    // Symbolic strides multiply symbolic indices: give the solver room on a loaded
    // machine (it takes about a second alone).
    let to = Options {
        timeout: Duration::from_secs(20),
        ..Options::default()
    };
    let g = prove_module(m, good, &lo, Some("f"), &to, Some(&eo)).remove(0);
    let b = prove_module(m, bad, &lo, Some("f"), &to, Some(&eo)).remove(0);
    (g.verdict, b)
}

/// Reads of the descriptor field at `from` made to read the field at `to` in `@f`.
fn read_field(m: &mut Module, from: Attribute, to: Attribute) {
    let body = m.func_mut("f").unwrap().body.as_mut().unwrap();
    let mut n = 0;
    for op in body
        .ops
        .iter_mut()
        .filter(|o| o.kind == OpKind::LlvmExtractValue)
    {
        if op.attr("position") == Some(&from) {
            op.set_attr("position", to.clone());
            n += 1;
        }
    }
    assert!(n > 0, "no read of {from:?}");
}

const DYN: &str = "func @f(%m: memref<?xi32, offset: ?, strides: [?]>, %i: index) -> i32 {
  %x = load %m[%i] : memref<?xi32, offset: ?, strides: [?]>
  return %x : i32
}
";

/// A dynamic stride and offset are symbolic within stated bounds: the correct
/// lowering is proved with them; a stride read from the size field is refuted with
/// the layout `interp` builds, and replays.
#[test]
fn a_dynamic_stride_read_from_the_size_field_is_refuted() {
    if !have_z3() {
        return;
    }
    let (m, good, bad) = lowered_wrong(DYN, &|m| read_field(m, pos(4, 0), pos(3, 0)));
    let (g, b) = verdicts(&m, &good, &bad);
    match &g {
        Verdict::Proved { bounds } => assert!(
            bounds.contains("offsets <= 4, strides in [-16, 16]"),
            "{bounds}"
        ),
        v => panic!("expected a proof, got {}", v.render()),
    }
    assert!(matches!(b.verdict, Verdict::Refuted { .. }), "{}", b.line());
    assert!(
        b.replay.as_ref().expect("replayed").reproduced,
        "{}",
        b.line()
    );
}

/// The dynamic offset left out: only an offset other than 0 shows it, and `interp`
/// builds such an argument with offset 0, so the refutation cannot replay: decided
/// (never proved), and said to be unreplayable.
#[test]
fn a_dynamic_offset_left_out_is_not_proved() {
    if !have_z3() {
        return;
    }
    let offset = Attribute::Array(vec![Attribute::Int {
        value: 2,
        ty: Type::i64(),
    }]);
    let (m, good, bad) = lowered_wrong(DYN, &|m| {
        let body = m.func_mut("f").unwrap().body.as_mut().unwrap();
        let reads = |body: &converter::ir::Body, v| {
            body.defining_op(v).is_some_and(|o| {
                let op = body.op(o);
                op.kind == OpKind::LlvmExtractValue && op.attr("position") == Some(&offset)
            })
        };
        let add = body
            .walk_ops()
            .find(|&o| {
                let op = body.op(o);
                op.kind == OpKind::LlvmAdd && op.operands.iter().any(|&v| reads(body, v))
            })
            .expect("the offset added in");
        let op = body.op(add);
        let other = *op.operands.iter().find(|&&v| !reads(body, v)).unwrap();
        let sum = op.results[0];
        body.replace_all_uses(sum, other);
    });
    let (g, b) = verdicts(&m, &good, &bad);
    assert!(matches!(g, Verdict::Proved { .. }), "{}", g.render());
    match &b.verdict {
        Verdict::Unknown { reason } => assert!(reason.contains("layout"), "{}", b.line()),
        _ => panic!("{}", b.line()),
    }
}

/// Memref arguments may alias: a lowering that loads before it stores (equal when the
/// buffers are distinct) is refuted by the second argument passed as a view of the
/// first's buffer (`@0(..)`), and that replays; the source's own lowering is proved,
/// aliasing included.
#[test]
fn a_store_and_load_reordered_are_refuted_when_arguments_alias() {
    if !have_z3() {
        return;
    }
    let src = "func @f(%p: memref<2xi32>, %q: memref<2xi32>, %x: i32) -> i32 {
  %c0 = constant 0 : index
  store %x, %p[%c0] : memref<2xi32>
  %y = load %q[%c0] : memref<2xi32>
  return %y : i32
}
";
    let swapped = "func @f(%p: memref<2xi32>, %q: memref<2xi32>, %x: i32) -> i32 {
  %c0 = constant 0 : index
  %y = load %q[%c0] : memref<2xi32>
  store %x, %p[%c0] : memref<2xi32>
  return %y : i32
}
";
    let m = parse(src);
    let lo = LowerOptions::default();
    let good = lower_module(&m, &lo).expect("lowers");
    let bad = lower_module(&parse(swapped), &lo).expect("lowers");
    let (g, b) = verdicts(&m, &good, &bad);
    match &g {
        Verdict::Proved { bounds } => assert!(bounds.contains("distinct or aliasing"), "{bounds}"),
        v => panic!("expected a proof, got {}", v.render()),
    }
    match &b.verdict {
        Verdict::Refuted { args } => assert!(args[1].starts_with("@0("), "{}", b.line()),
        _ => panic!("{}", b.line()),
    }
    assert!(
        b.replay.as_ref().expect("replayed").reproduced,
        "{}",
        b.line()
    );
}

/// An unranked memref argument is proved for every rank up to 2 (the verdict says so);
/// a stride read from the size field after its cast to a ranked memref is refuted by
/// a 1-D argument, and replays.
#[test]
fn an_unranked_argument_is_proved_and_a_wrong_stride_refuted() {
    if !have_z3() {
        return;
    }
    let src = "func @f(%m: memref<*xf32>, %i: index) -> f32 {
  %r = memref_cast %m : memref<*xf32> to memref<?xf32>
  %x = load %r[%i] : memref<?xf32>
  return %x : f32
}
";
    let (m, good, bad) = lowered_wrong(src, &|m| read_field(m, pos(4, 0), pos(3, 0)));
    let (g, b) = verdicts(&m, &good, &bad);
    match &g {
        Verdict::Proved { bounds } => assert!(bounds.contains("unranked ranks <= 2"), "{bounds}"),
        v => panic!("expected a proof, got {}", v.render()),
    }
    let Verdict::Refuted { args } = &b.verdict else {
        panic!("{}", b.line());
    };
    assert!(args[0].starts_with('['), "{args:?}");
    assert!(
        b.replay.as_ref().expect("replayed").reproduced,
        "{}",
        b.line()
    );
}

/// An allocation realigned through its address (`ptrtoint`, `urem`, `inttoptr`): the
/// block's address is symbolic (16-byte aligned, as malloc's), so the correct
/// realignment is proved, and one that adds the remainder where it must subtract it
/// (the aligned pointer may then leave the block) is not.
#[test]
fn a_realignment_that_adds_the_remainder_is_not_proved() {
    if !have_z3() {
        return;
    }
    let src = "func @f(%x: f32) -> f32 {
  %m = alloc() {alignment = 32} : memref<4xf32>
  %c = constant 3 : index
  store %x, %m[%c] : memref<4xf32>
  %y = load %m[%c] : memref<4xf32>
  dealloc %m : memref<4xf32>
  return %y : f32
}
";
    let (m, good, bad) = lowered_wrong(src, &|m| {
        let body = m.func_mut("f").unwrap().body.as_mut().unwrap();
        let sub = body
            .ops
            .iter_mut()
            .find(|o| o.kind == OpKind::LlvmSub && o.parent.is_some())
            .expect("the realignment's subtraction");
        sub.kind = OpKind::LlvmAdd;
    });
    let (g, b) = verdicts(&m, &good, &bad);
    assert!(matches!(g, Verdict::Proved { .. }), "{}", g.render());
    assert!(
        !matches!(b.verdict, Verdict::Proved { .. }),
        "a realignment past the block was proved: {}",
        b.line()
    );
}

/// A callee whose two paths store different values, inlined into a caller that loads
/// after the call: a lowering storing the wrong value on the first path is not proved
/// (the walk goes on after a call from one path's memory, so such a call is `unknown`).
#[test]
fn a_wrong_store_on_one_path_of_a_callee_is_not_proved() {
    if !have_z3() {
        return;
    }
    let src = "func @g(%m: memref<1xi32>, %c: i1) {
  %z = constant 0 : index
  cond_br %c, ^a, ^b
^a:
  %one = constant 1 : i32
  store %one, %m[%z] : memref<1xi32>
  return
^b:
  %two = constant 2 : i32
  store %two, %m[%z] : memref<1xi32>
  return
}
func @f(%c: i1) -> i32 {
  %m = alloc() : memref<1xi32>
  call @g(%m, %c) : (memref<1xi32>, i1) -> ()
  %z = constant 0 : index
  %v = load %m[%z] : memref<1xi32>
  dealloc %m : memref<1xi32>
  return %v : i32
}
";
    let (m, good, bad) = lowered_wrong(src, &|m| {
        let body = m.func_mut("g").unwrap().body.as_mut().unwrap();
        let one = body
            .ops
            .iter_mut()
            .find(|o| {
                o.kind == OpKind::LlvmConstant
                    && matches!(o.attr("value"), Some(Attribute::Int { value: 1, .. }))
            })
            .expect("the constant 1");
        one.set_attr(
            "value",
            Attribute::Int {
                value: 7,
                ty: Type::Int(32),
            },
        );
    });
    let (_, b) = verdicts(&m, &good, &bad);
    assert!(
        !matches!(b.verdict, Verdict::Proved { .. }),
        "a wrong store on one path of a callee was proved: {}",
        b.line()
    );
}
