//! The `heap-sizes` oracle against wrong lowerings built in the test from correct ones
//! ([`harness::oracles::check_lowered_llvm_level`] judges a given lowered module with
//! the Standard interpreter, the LLVM level, the JIT and then `heap-sizes`):
//! - the realigning `alloc` asking `malloc` for `bytes + a + 1` instead of
//!   `bytes + a - 1` (the mutant `- → +` in `lower/memref.rs`'s `alloc`): two bytes
//!   nobody reads, so every value agrees on every path and only `heap-sizes` sees it;
//! - `aligned_alloc` called with another alignment than the rule's: the allocator
//!   honours it, nothing else changes.
//!
//! The correct lowerings agree, through the whole `check_module` too: allocations with
//! dynamic sizes, alignments, vectors aligned above `malloc`'s 16 bytes, a strided
//! layout, unranked memrefs returned from a nested call and from the entry, at both
//! index widths and with `--use-aligned-alloc`.

use crate::common::finding;
use converter::ir::{Attribute, Module, OpKind, Type};
use converter::lower::lower_module;
use converter::value::RtValue;
use harness::oracles::{
    check_lowered_llvm_level, check_module_traced, Oracle, OracleConfig, Verdict,
};

const ALLOCS: &str = r#"
func @make(%n: index) -> memref<*xf32> {
  %m = alloc(%n) : memref<?xf32>
  %c0 = constant 0 : index
  %x = constant 2.5 : f32
  store %x, %m[%c0] : memref<?xf32>
  %u = memref_cast %m : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
func @main(%n: index) -> (f32, i64) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = alloc(%n) {alignment = 32} : memref<?x3xf64>
  %v = alloc() : memref<2xvector<8xf32>>
  %w = alloc() {alignment = 1} : memref<5xi17>
  %s = alloc() : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %q = alloca() : memref<4xi8>
  %k = constant 9 : i64
  store %k, %s[%c1, %c1] : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %y = load %s[%c1, %c1] : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %u = call @make(%n) : (index) -> memref<*xf32>
  %m = memref_cast %u : memref<*xf32> to memref<?xf32>
  %x = load %m[%c0] : memref<?xf32>
  dealloc %m : memref<?xf32>
  dealloc %a : memref<?x3xf64>
  dealloc %v : memref<2xvector<8xf32>>
  dealloc %w : memref<5xi17>
  dealloc %s : memref<2x2xi64, offset: 3, strides: [4, 2]>
  return %x, %y : f32, i64
}
func @keep() -> memref<*xf32> {
  %c1 = constant 1 : index
  %u = call @make(%c1) : (index) -> memref<*xf32>
  return %u : memref<*xf32>
}
"#;

fn parse() -> Module {
    converter::syntax::parse_module("heap_sizes.mlir", ALLOCS.as_bytes()).expect("parses")
}

fn cfg(index_bitwidth: u32, aligned_alloc: bool) -> OracleConfig {
    let mut c = OracleConfig {
        jit: true,
        jit_in_process: true,
        ..OracleConfig::default()
    };
    c.exec.index_bitwidth = index_bitwidth;
    c.exec.pass.use_aligned_alloc = aligned_alloc;
    c
}

fn lowered(m: &Module, c: &OracleConfig) -> Module {
    let lopts = c.exec.pass.lower_options(c.exec.index_bitwidth, false);
    lower_module(m, &lopts).expect("lowers")
}

fn args() -> Vec<RtValue> {
    vec![RtValue::Int(3)]
}

/// The lowered `@main`'s body.
fn main_body(lowered: &mut Module) -> &mut converter::ir::Body {
    lowered
        .funcs
        .iter_mut()
        .find(|f| f.name == "main")
        .and_then(|f| f.body.as_mut())
        .expect("the lowered main")
}

/// The `llvm.call`s of `callee` in `body`, in order.
fn calls_of(body: &converter::ir::Body, callee: &str) -> Vec<converter::ir::OpId> {
    body.walk_ops()
        .filter(|&op| {
            let d = body.op(op);
            d.kind == OpKind::LlvmCall
                && d.attr("callee").and_then(|a| a.as_symbol()) == Some(callee)
        })
        .collect()
}

/// Sets the `llvm.mlir.constant` that defines `v` to `value`.
fn set_constant(body: &mut converter::ir::Body, v: converter::ir::ValueId, value: i128) {
    let def = body.defining_op(v).expect("defined by an op");
    assert_eq!(body.op(def).kind, OpKind::LlvmConstant);
    body.op_mut(def).set_attr(
        "value",
        Attribute::Int {
            value,
            ty: Type::i64(),
        },
    );
}

#[test]
fn correct_lowerings_agree_and_the_oracle_runs() {
    let m = parse();
    for (ib, aligned) in [(64, false), (32, false), (64, true), (32, true)] {
        let c = cfg(ib, aligned);
        for (entry, args) in [("main", args()), ("keep", vec![])] {
            let r = check_lowered_llvm_level(&m, &lowered(&m, &c), entry, &args, &c);
            assert!(
                matches!(r.verdict, Verdict::Agree),
                "{entry} at {ib} bits, aligned_alloc {aligned}: {}",
                r.verdict
            );
            assert!(r.ran(Oracle::HeapSizes), "{:?}", r.ran);
            let full = check_module_traced(&m, entry, &args, &c);
            assert!(
                matches!(full.verdict, Verdict::Agree),
                "{entry} at {ib} bits, aligned_alloc {aligned}: {}",
                full.verdict
            );
            assert!(full.ran(Oracle::HeapSizes), "{:?}", full.ran);
        }
    }
}

#[test]
fn malloc_padded_two_bytes_too_many_is_found_by_heap_sizes_alone() {
    let m = parse();
    let c = cfg(64, false);
    let mut wrong = lowered(&m, &c);
    let body = main_body(&mut wrong);
    // The first malloc of main is the `alignment = 32` alloc's: `bytes + 31`.
    let first = calls_of(body, "malloc")[0];
    let total = body.op(first).operands[0];
    let add = body.defining_op(total).expect("an add");
    assert_eq!(body.op(add).kind, OpKind::LlvmAdd);
    let pad = body.op(add).operands[1];
    set_constant(body, pad, 33);
    let r = check_lowered_llvm_level(&m, &wrong, "main", &args(), &c);
    assert!(r.ran(Oracle::InterpVsJit) && r.ran(Oracle::LlvmLevel));
    let (oracle, detail) = finding(&r.verdict);
    assert_eq!(oracle, Oracle::HeapSizes, "{detail}");
    assert!(
        detail.contains("heap allocation 0 (alloc of [3, 3] x f64, alignment 32)")
            && detail.contains("calls malloc(105), the rules call for malloc(103)"),
        "{detail}"
    );
}

#[test]
fn aligned_alloc_with_another_alignment_is_found() {
    let m = parse();
    let c = cfg(64, true);
    let mut wrong = lowered(&m, &c);
    let body = main_body(&mut wrong);
    // The vector<8xf32> alloc (the second) asks for 32-byte alignment; ask for 64.
    let second = calls_of(body, "aligned_alloc")[1];
    let align = body.op(second).operands[0];
    set_constant(body, align, 64);
    let r = check_lowered_llvm_level(&m, &wrong, "main", &args(), &c);
    let (oracle, detail) = finding(&r.verdict);
    assert_eq!(oracle, Oracle::HeapSizes, "{detail}");
    assert!(
        detail.contains("calls aligned_alloc(64, 64), the rules call for aligned_alloc(32, 64)"),
        "{detail}"
    );
}
