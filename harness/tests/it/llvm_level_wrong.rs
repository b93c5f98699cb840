//! The `llvm-level` oracle against wrong lowerings built in the test from correct ones
//! ([`harness::oracles::check_lowered_llvm_level`] judges a given lowered module as the
//! oracles judge theirs):
//! - an `llvm.add` turned into an `llvm.sub` changes the values: with the JIT running
//!   the same wrong module, the interp-vs-jit finding says the JIT sides with the LLVM
//!   level (the converter is at fault); without it, an `llvm-level` finding;
//! - an `alloca` shrunk to half its size makes a store write past it: undefined
//!   behaviour at the LLVM level, a refinement finding naming `llvm.store`;
//! - an `nsw` flag on an `llvm.add` that wraps makes its result poison: the native
//!   code still returns the wrapped value the interpreter returns, and the refinement
//!   finding is reported all the same, saying the JIT sides with the Standard
//!   interpreter.
//!
//! The correct lowerings agree on every path, through the whole [`check_module`] too,
//! and a case the LLVM level cannot run (an argument it cannot build) is a skip of
//! this oracle alone.

use crate::common::finding;
use converter::ir::{Attribute, Module, OpKind};
use converter::lower::lower_module;
use converter::value::RtValue;
use harness::oracles::{
    check_lowered_llvm_level, check_module_traced, Oracle, OracleConfig, Verdict,
};

const ALLOCA: &str = r#"
func @main() -> i32 {
  %m = alloca() : memref<4xi32>
  %c3 = constant 3 : index
  %c0 = constant 0 : index
  %v = constant 7 : i32
  %w = constant 5 : i32
  store %v, %m[%c3] : memref<4xi32>
  store %w, %m[%c0] : memref<4xi32>
  %x = load %m[%c3] : memref<4xi32>
  %y = load %m[%c0] : memref<4xi32>
  %z = addi %x, %y : i32
  return %z : i32
}
"#;

const WRAPS: &str = r#"
func @f(%a: i32) -> i32 {
  %b = constant 1 : i32
  %c = addi %a, %b : i32
  return %c : i32
}
"#;

/// A memref argument with a negative static stride, which every path lays out since
/// issue 39 (the LLVM level once could not build it and skipped the case).
const NEGATIVE_STRIDE: &str = r#"
func @main(%m: memref<2xi32, offset: 1, strides: [-1]>) -> i32 {
  %c0 = constant 0 : index
  %x = load %m[%c0] : memref<2xi32, offset: 1, strides: [-1]>
  return %x : i32
}
"#;

fn parse(name: &str, text: &str) -> Module {
    converter::syntax::parse_module(name, text.as_bytes()).expect("parses")
}

fn cfg(jit: bool) -> OracleConfig {
    OracleConfig {
        jit,
        jit_in_process: true,
        ..OracleConfig::default()
    }
}

fn lowered(m: &Module, c: &OracleConfig) -> Module {
    let lopts = c.exec.pass.lower_options(c.exec.index_bitwidth, false);
    lower_module(m, &lopts).expect("lowers")
}

/// Applies `f` to every op of every lowered function; true when it changed one.
fn mutate(lowered: &mut Module, mut f: impl FnMut(&mut converter::ir::OpData) -> bool) -> bool {
    let mut changed = false;
    for func in &mut lowered.funcs {
        if let Some(b) = &mut func.body {
            for op in &mut b.ops {
                changed |= f(op);
            }
        }
    }
    changed
}

#[test]
fn correct_lowerings_agree_on_every_path() {
    for (name, text, entry, args) in [
        ("alloca.mlir", ALLOCA, "main", vec![]),
        (
            "wraps.mlir",
            WRAPS,
            "f",
            vec![RtValue::Int(i32::MAX as i128)],
        ),
    ] {
        let m = parse(name, text);
        let c = cfg(true);
        let r = check_lowered_llvm_level(&m, &lowered(&m, &c), entry, &args, &c);
        assert!(matches!(r.verdict, Verdict::Agree), "{name}: {}", r.verdict);
        assert!(
            r.ran(Oracle::LlvmLevel) && r.ran(Oracle::InterpVsJit),
            "{name}"
        );
        let full = check_module_traced(&m, entry, &args, &c);
        assert!(
            matches!(full.verdict, Verdict::Agree),
            "{name}: {}",
            full.verdict
        );
        assert!(full.ran(Oracle::LlvmLevel), "{name}: {:?}", full.ran);
        assert!(!full.ran(Oracle::LlvmLevelSkipped), "{name}");
        // Switched off, it does not run.
        let off = OracleConfig {
            llvm_level: false,
            ..c.clone()
        };
        let r = check_module_traced(&m, entry, &args, &off);
        assert!(!r.ran(Oracle::LlvmLevel) && !r.ran(Oracle::LlvmLevelSkipped));
    }
}

#[test]
fn an_add_turned_into_a_sub_is_the_converter_where_the_jit_sides_with_the_llvm_level() {
    let m = parse("alloca.mlir", ALLOCA);
    let mut wrong = lowered(&m, &cfg(true));
    assert!(mutate(&mut wrong, |op| {
        let add = op.kind == OpKind::LlvmAdd;
        if add {
            op.kind = OpKind::LlvmSub;
        }
        add
    }));
    // The JIT runs the same wrong module: 7 - 5 on both sides of the LLVM dialect.
    let r = check_lowered_llvm_level(&m, &wrong, "main", &[], &cfg(true));
    let (oracle, detail) = finding(&r.verdict);
    assert_eq!(oracle, Oracle::InterpVsJit, "{detail}");
    assert!(
        detail.contains(
            "llvm-level (the interpreters disagree and the JIT sides with the LLVM level: the converter):\ni32 2\n"
        ),
        "{detail}"
    );
    assert!(detail.starts_with("interp:\ni32 12\n"), "{detail}");
    assert!(detail.ends_with("jit:\ni32 2\n"), "{detail}");
    // Without the JIT, the LLVM level alone catches it.
    let r = check_lowered_llvm_level(&m, &wrong, "main", &[], &cfg(false));
    let (oracle, detail) = finding(&r.verdict);
    assert_eq!(oracle, Oracle::LlvmLevel, "{detail}");
    assert!(
        detail.starts_with("the LLVM level disagrees with the Standard interpreter (no JIT ran)"),
        "{detail}"
    );
    assert!(
        detail.contains("interp:\ni32 12\nllvm-level:\ni32 2\n"),
        "{detail}"
    );
}

#[test]
fn a_shrunk_alloca_is_undefined_behaviour_at_the_llvm_level() {
    let m = parse("alloca.mlir", ALLOCA);
    let c = cfg(false);
    let mut wrong = lowered(&m, &c);
    // The constant that counts the alloca's elements: 4 becomes 2, so the store to
    // element 3 writes past the allocation.
    let count = {
        let body = wrong.funcs[0].body.as_ref().expect("a body");
        let alloca = body
            .ops
            .iter()
            .find(|op| op.kind == OpKind::LlvmAlloca)
            .expect("an alloca");
        alloca.operands[0]
    };
    assert!(mutate(&mut wrong, |op| {
        let defines = op.results.first() == Some(&count);
        if defines {
            match op.attr("value") {
                Some(Attribute::Int { value: 4, ty }) => {
                    let ty = ty.clone();
                    op.set_attr("value", Attribute::Int { value: 2, ty });
                }
                other => panic!("the alloca's count: {other:?}"),
            }
        }
        defines
    }));
    let r = check_lowered_llvm_level(&m, &wrong, "main", &[], &c);
    let (oracle, detail) = finding(&r.verdict);
    assert_eq!(oracle, Oracle::LlvmLevel, "{detail}");
    let first = detail.lines().next().unwrap_or("");
    assert!(
        first.starts_with(
            "undefined behaviour in 'llvm.store' at the LLVM level on a UB-free Standard run"
        ),
        "{detail}"
    );
    // The llinterp diagnostic, located at the Standard op the store came from.
    assert!(
        first.contains("alloca.mlir:8:3: undefined behaviour: out of bounds: llvm.store"),
        "{detail}"
    );
}

#[test]
fn poison_where_the_values_still_agree_is_a_refinement_finding() {
    let m = parse("wraps.mlir", WRAPS);
    let c = cfg(true);
    let mut wrong = lowered(&m, &c);
    assert!(mutate(&mut wrong, |op| {
        let add = op.kind == OpKind::LlvmAdd;
        if add {
            op.set_attr("overflowFlags", Attribute::Str("nsw".into()));
        }
        add
    }));
    let args = [RtValue::Int(i32::MAX as i128)];
    let r = check_lowered_llvm_level(&m, &wrong, "f", &args, &c);
    let (oracle, detail) = finding(&r.verdict);
    assert_eq!(oracle, Oracle::LlvmLevel, "{detail}");
    assert!(
        detail.starts_with(
            "undefined behaviour in 'llvm.return' at the LLVM level on a UB-free Standard run \
             (the JIT sides with the Standard interpreter)"
        ),
        "{detail}"
    );
    assert!(detail.contains("poison"), "{detail}");
    // The native code wrapped, as the Standard interpreter did.
    assert!(detail.ends_with("jit:\ni32 -2147483648\n"), "{detail}");
}

#[test]
fn a_negative_stride_argument_runs_at_the_llvm_level() {
    let m = parse("negative_stride.mlir", NEGATIVE_STRIDE);
    let args = [RtValue::MemRef {
        shape: vec![2],
        elems: vec![RtValue::Int(1), RtValue::Int(2)],
    }];
    let r = check_module_traced(&m, "main", &args, &cfg(false));
    assert!(matches!(r.verdict, Verdict::Agree), "{}", r.verdict);
    assert!(r.ran(Oracle::LlvmLevel), "{:?}", r.ran);
    assert!(!r.ran(Oracle::LlvmLevelSkipped), "{:?}", r.ran);
}
