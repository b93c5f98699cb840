//! Unit tests of the lowering rules on modules built in memory, checked on the
//! printed output (legacy syntax for the spec's examples, modern for the rest) and,
//! when `mlir-translate` of LLVM 22 is installed, by translating the modern output.

use super::*;
use crate::diag::Loc;
use crate::ir::{BlockId, Body, Func, FuncKind, Layout, Module, NewOp, OpKind, Type, ValueId};
use crate::llvm_print::{print_llvm, Syntax};
use std::path::PathBuf;
use std::process::Command;

pub(crate) fn entry(f: &mut Func) -> (&mut Body, BlockId, Vec<ValueId>) {
    let body = f.body.as_mut().unwrap();
    let e = body.entry().unwrap();
    let args = body.block_args(e).to_vec();
    (body, e, args)
}

pub(crate) fn module(funcs: Vec<Func>) -> Module {
    let mut m = Module::new("test.mlir");
    m.funcs = funcs;
    m
}

pub(crate) fn lower(m: &Module) -> Module {
    lower_with(m, &LowerOptions::default())
}

pub(crate) fn lower_with(m: &Module, o: &LowerOptions) -> Module {
    match lower_module(m, o) {
        Ok(l) => l,
        Err(ds) => panic!("lowering failed: {ds:?}"),
    }
}

/// The `mlir-translate` of LLVM 22, when installed.
pub(crate) fn mlir_translate() -> Option<PathBuf> {
    let out = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()?;
    let dir = String::from_utf8(out.stdout).ok()?;
    let p = PathBuf::from(dir.trim()).join("mlir-translate");
    p.exists().then_some(p)
}

/// Asserts `mlir-translate --mlir-to-llvmir` accepts `text`. Without the tool the check
/// is skipped, but under env `CI` it fails instead (a silent skip there would be a test
/// that cannot fail). Modules with unregistered ops are only parsed and verified (`mlir-opt`).
pub(crate) fn assert_translates(text: &str) {
    let Some(tool) = mlir_translate() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set, and mlir-translate of LLVM 22 (llvm-config-22 --bindir) is missing"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!(
        "stdlower-lower-{}-{:x}",
        std::process::id(),
        hash(text)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.mlir");
    std::fs::write(&file, text).unwrap();
    let unregistered = text.contains(" = \"") && !text.contains("\"llvm.intr")
        || text
            .lines()
            .any(|l| l.trim_start().starts_with('"') && !l.contains("llvm.intr"));
    let out = if unregistered {
        Command::new(tool.with_file_name("mlir-opt"))
            .arg("--allow-unregistered-dialect")
            .arg(&file)
            .output()
            .unwrap()
    } else {
        Command::new(&tool)
            .arg("--mlir-to-llvmir")
            .arg(&file)
            .output()
            .unwrap()
    };
    assert!(
        out.status.success(),
        "mlir-translate rejected:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// Parses and verifies a Standard module (the lowering's precondition).
pub(crate) fn parse(src: &str) -> Result<Module, String> {
    let m = crate::syntax::parse_module("test.mlir", src.as_bytes())
        .map_err(|d| d.render("test.mlir", Some(src)))?;
    crate::verify::verify_module(&m).map_err(|ds| {
        ds.iter()
            .map(|d| d.render("test.mlir", Some(src)))
            .collect::<String>()
    })?;
    Ok(m)
}

/// Lowers Standard text (the test reader's syntax) with options; panics on failure.
fn lower_src(src: &str, o: &LowerOptions) -> Module {
    let m = super::tests::parse(src).unwrap();
    let l = lower_with(&m, o);
    assert_llvm_only(&l);
    assert_translates(&print_llvm(&l, Syntax::Modern));
    l
}

fn modern(src: &str) -> String {
    print_llvm(&lower_src(src, &LowerOptions::default()), Syntax::Modern)
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// Is `t` a type the LLVM dialect accepts (builtin ints/floats, 1-D vectors of them,
/// and the LLVM types)?
fn llvm_compatible(t: &Type) -> bool {
    match t {
        Type::Int(_) | Type::F16 | Type::F32 | Type::F64 => true,
        Type::Vector(v) => v.shape.len() == 1 && llvm_compatible(&v.elem),
        Type::LlvmVoid => true,
        Type::LlvmPtr(p, _) => llvm_compatible(p),
        Type::LlvmStruct(fs) => fs.iter().all(llvm_compatible),
        Type::LlvmArray(_, e) => llvm_compatible(e),
        Type::LlvmFunc(f) => llvm_compatible(&f.result) && f.params.iter().all(llvm_compatible),
        _ => false,
    }
}

/// The output contract: only `llvm.func`s of LLVM function types, only LLVM (or
/// unregistered) ops, only LLVM-compatible value types, and no terminator naming the
/// same block twice.
pub(crate) fn assert_llvm_only(m: &Module) {
    for f in &m.funcs {
        assert_eq!(f.kind, FuncKind::Llvm, "{}", f.name);
        assert!(matches!(f.ty, Type::LlvmFunc(_)), "{}: {}", f.name, f.ty);
        assert!(llvm_compatible(&f.ty), "{}: {}", f.name, f.ty);
        let Some(b) = &f.body else { continue };
        for op in b.walk_ops() {
            let d = b.op(op);
            assert!(
                d.kind.is_llvm() || d.kind == OpKind::Unregistered,
                "{}: {}",
                f.name,
                d.kind
            );
            for &v in d.results.iter().chain(&d.operands) {
                assert!(
                    llvm_compatible(b.value_type(v)),
                    "{}: {}",
                    f.name,
                    b.value_type(v)
                );
            }
            let mut seen = Vec::new();
            for s in &d.successors {
                assert!(!seen.contains(&s.block), "{}: repeated successor", f.name);
                seen.push(s.block);
            }
        }
    }
}

#[test]
fn bf16_is_a_located_error() {
    let mut f = Func::new_std("f", vec![Type::BF16], vec![]);
    f.loc = Loc::new(3, 1);
    let (b, e, _) = entry(&mut f);
    b.builder(e).ret(vec![]);
    let errs = lower_module(&module(vec![f]), &LowerOptions::default()).unwrap_err();
    assert_eq!(errs[0].loc, Loc::new(3, 1));
    assert_eq!(
        errs[0].message,
        "bf16 is not supported by the LLVM dialect conversion"
    );
    // Also inside a body, at the op.
    let mut g = Func::new_std("g", vec![], vec![]);
    let (b, e, _) = entry(&mut g);
    let mut bl = b.builder(e);
    bl.at(Loc::new(7, 3));
    bl.const_float(1.0, Type::BF16);
    bl.ret(vec![]);
    let errs = lower_module(&module(vec![g]), &LowerOptions::default()).unwrap_err();
    assert_eq!(errs[0].loc, Loc::new(7, 3));
    assert!(errs[0].message.contains("bf16"));
}

#[test]
fn non_strided_layouts_are_located_errors() {
    let t = Type::memref_with_layout(
        vec![Some(4)],
        Type::F32,
        Layout::Affine {
            text: "(d0) -> (d0 floordiv 2)".into(),
            strided: None,
        },
    );
    let mut g = Func::new_std("g", vec![], vec![]);
    let (b, e, _) = entry(&mut g);
    let mut bl = b.builder(e);
    bl.at(Loc::new(2, 5));
    bl.push(NewOp::new(OpKind::Alloc).result(t));
    bl.ret(vec![]);
    let errs = lower_module(&module(vec![g]), &LowerOptions::default()).unwrap_err();
    assert_eq!(errs[0].loc, Loc::new(2, 5));
    assert!(
        errs[0].message.contains("not strided"),
        "{}",
        errs[0].message
    );
}

#[test]
fn bad_index_bitwidth_is_rejected() {
    let o = LowerOptions {
        index_bitwidth: 16,
        emit_c_interface: false,
        ..Default::default()
    };
    assert!(lower_module(&module(vec![]), &o).is_err());
}

#[test]
fn alloc_sizes_use_gep_on_null_and_runtime_functions_are_declared_once() {
    let t = modern(
        "func @f(%n: index) {
  %a = alloc(%n) : memref<?x4xi17>
  %b = alloc() : memref<3xvector<3xi8>>
  dealloc %a : memref<?x4xi17>
  dealloc %b : memref<3xvector<3xi8>>
  return
}",
    );
    assert_eq!(count(&t, "llvm.func @malloc(i64) -> !llvm.ptr"), 1, "{t}");
    assert_eq!(count(&t, "llvm.func @free(!llvm.ptr)"), 1, "{t}");
    assert_eq!(count(&t, "llvm.mlir.zero : !llvm.ptr"), 2, "{t}");
    assert!(t.contains("-> !llvm.ptr, i17"), "{t}");
    assert!(t.contains("-> !llvm.ptr, vector<3xi8>"), "{t}");
    assert_eq!(count(&t, "llvm.call @malloc("), 2);
    assert_eq!(count(&t, "llvm.call @free("), 2);
    // Row-major strides and sizes go into the descriptor: size 4 and stride 4 of dim 0.
    assert!(t.contains("llvm.mlir.constant(4 : i64) : i64"));
}

#[test]
fn alloc_alignment_pads_and_realigns() {
    let t = modern(
        "func @f() {
  %a = alloc() {alignment = 32} : memref<8xf32>
  return
}",
    );
    assert!(t.contains("llvm.mlir.constant(31 : i64) : i64"), "{t}");
    assert!(t.contains("llvm.urem"), "{t}");
    assert!(t.contains("llvm.inttoptr"), "{t}");
    let wide = modern(
        "func @f() {
  %a = alloc() : memref<2xvector<16xf32>>
  return
}",
    );
    assert!(
        wide.contains("llvm.mlir.constant(63 : i64) : i64"),
        "{wide}"
    );
    let plain = modern(
        "func @f() {
  %a = alloc() : memref<2xf32>
  return
}",
    );
    assert!(!plain.contains("llvm.urem"), "{plain}");
}

#[test]
fn alloca_uses_llvm_alloca_with_alignment() {
    let t = modern(
        "func @f(%n: index) {
  %a = alloca(%n) {alignment = 16} : memref<?xf64>
  return
}",
    );
    assert!(t.contains("llvm.alloca"), "{t}");
    assert!(t.contains("x f64 {alignment = 16 : i64}"), "{t}");
    assert!(!t.contains("malloc"), "{t}");
}

#[test]
fn dim_and_rank() {
    let t = modern(
        "func @f(%m: memref<4x?xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index, index, index, index) {
  %a = dim %m, 0 : memref<4x?xf32>
  %b = dim %m, 1 : memref<4x?xf32>
  %c = dim %m, %i : memref<4x?xf32>
  %d = dim %u, %i : memref<*xf32>
  %e = rank %m : memref<4x?xf32>
  %g = rank %u : memref<*xf32>
  return %a, %b, %c, %d, %e, %g : index, index, index, index, index, index
}",
    );
    assert!(t.contains("llvm.mlir.constant(4 : i64)"), "{t}");
    assert!(
        t.contains("[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>"),
        "{t}"
    );
    assert!(t.contains("llvm.select"), "{t}");
    assert!(t.contains("llvm.mlir.constant(2 : i64)"), "{t}");
    assert!(
        t.contains("llvm.extractvalue %arg7[0]") || t.contains("[0] : !llvm.struct<(i64, ptr)>"),
        "{t}"
    );
}

#[test]
fn memref_casts() {
    let t = modern(
        "func @f(%m: memref<4xf32>) -> memref<?xf32> {
  %u = memref_cast %m : memref<4xf32> to memref<*xf32>
  %r = memref_cast %u : memref<*xf32> to memref<?xf32>
  return %r : memref<?xf32>
}",
    );
    assert_eq!(count(&t, "llvm.alloca"), 1, "{t}");
    assert_eq!(count(&t, "llvm.store"), 1, "{t}");
    assert_eq!(
        count(&t, "llvm.load"),
        1,
        "the unranked -> ranked cast loads the descriptor: {t}"
    );
    assert!(t.contains("llvm.mlir.constant(1 : i64) : i64"), "{t}");
}

#[test]
fn index_cast_extends_truncates_or_does_nothing() {
    let src = "func @f(%a: index, %b: i32, %c: i64) -> (i32, index, i64, index) {
  %0 = index_cast %a : index to i32
  %1 = index_cast %b : i32 to index
  %2 = index_cast %a : index to i64
  %3 = index_cast %c : i64 to index
  return %0, %1, %2, %3 : i32, index, i64, index
}";
    let t = modern(src);
    assert_eq!(count(&t, "llvm.trunc"), 1, "{t}");
    assert_eq!(count(&t, "llvm.sext"), 1, "{t}");
    let o = LowerOptions {
        index_bitwidth: 32,
        emit_c_interface: false,
        ..Default::default()
    };
    let t32 = print_llvm(&lower_src(src, &o), Syntax::Modern);
    assert_eq!(count(&t32, "llvm.trunc"), 1, "{t32}");
    assert_eq!(count(&t32, "llvm.sext"), 1, "{t32}");
    assert!(
        t32.contains("llvm.func @f(%arg0: i32, %arg1: i32, %arg2: i64)"),
        "{t32}"
    );
}

#[test]
fn index_bitwidth_32_keeps_malloc_i64() {
    let o = LowerOptions {
        index_bitwidth: 32,
        emit_c_interface: false,
        ..Default::default()
    };
    let t = print_llvm(
        &lower_src(
            "func @f(%n: index) -> index {
  %a = alloc(%n) : memref<?xf32>
  %c = constant 0 : index
  %v = load %a[%c] : memref<?xf32>
  dealloc %a : memref<?xf32>
  return %n : index
}",
            &o,
        ),
        Syntax::Modern,
    );
    assert!(t.contains("llvm.func @malloc(i64) -> !llvm.ptr"), "{t}");
    assert!(t.contains("llvm.zext"), "{t}");
    assert!(
        t.contains("!llvm.struct<(ptr, ptr, i32, array<1 x i32>, array<1 x i32>)>"),
        "{t}"
    );
}

#[test]
fn comparisons_keep_predicates() {
    let t = modern(
        "func @f(%a: f32, %b: f32, %c: i8, %d: i8) -> (i1, i1, i1, i1) {
  %0 = cmpf \"false\", %a, %b : f32
  %1 = cmpf \"true\", %a, %b : f32
  %2 = cmpf \"uno\", %a, %b : f32
  %3 = cmpi \"ugt\", %c, %d : i8
  return %0, %1, %2, %3 : i1, i1, i1, i1
}",
    );
    assert!(t.contains("llvm.fcmp \"_false\" %arg0, %arg1 : f32"), "{t}");
    assert!(t.contains("llvm.fcmp \"_true\""), "{t}");
    assert!(t.contains("llvm.fcmp \"uno\""), "{t}");
    assert!(t.contains("llvm.icmp \"ugt\" %arg2, %arg3 : i8"), "{t}");
}

#[test]
fn arithmetic_maps_one_to_one() {
    let t = modern(
        "func @f(%a: i32, %b: i32, %x: f64, %y: f64) -> (i32, f64) {
  %0 = addi %a, %b : i32
  %1 = subi %0, %b : i32
  %2 = muli %1, %b : i32
  %3 = divi_signed %2, %b : i32
  %4 = divi_unsigned %3, %b : i32
  %5 = remi_signed %4, %b : i32
  %6 = remi_unsigned %5, %b : i32
  %7 = and %6, %b : i32
  %8 = or %7, %b : i32
  %9 = xor %8, %b : i32
  %10 = shift_left %9, %b : i32
  %11 = shift_right_signed %10, %b : i32
  %12 = shift_right_unsigned %11, %b : i32
  %f0 = addf %x, %y : f64
  %f1 = subf %f0, %y : f64
  %f2 = mulf %f1, %y : f64
  %f3 = divf %f2, %y : f64
  %f4 = remf %f3, %y : f64
  %f5 = negf %f4 : f64
  %f6 = absf %f5 : f64
  return %12, %f6 : i32, f64
}",
    );
    for op in [
        "llvm.add",
        "llvm.sub",
        "llvm.mul",
        "llvm.sdiv",
        "llvm.udiv",
        "llvm.srem",
        "llvm.urem",
        "llvm.and",
        "llvm.or",
        "llvm.xor",
        "llvm.shl",
        "llvm.ashr",
        "llvm.lshr",
        "llvm.fadd",
        "llvm.fsub",
        "llvm.fmul",
        "llvm.fdiv",
        "llvm.frem",
        "llvm.fneg",
        "llvm.intr.fabs",
    ] {
        assert!(
            t.contains(&format!("{op} ")) || t.contains(&format!("{op}(")),
            "{op}: {t}"
        );
    }
}

#[test]
fn math_ops_become_llvm_intrinsics() {
    let t = modern(
        "func @f(%x: f32, %y: f32) -> f32 {
  %0 = sqrt %x : f32
  %1 = exp %0 : f32
  %2 = exp2 %1 : f32
  %3 = log %2 : f32
  %4 = log2 %3 : f32
  %5 = log10 %4 : f32
  %6 = sin %5 : f32
  %7 = cos %6 : f32
  %8 = ceilf %7 : f32
  %9 = copysign %8, %y : f32
  return %9 : f32
}",
    );
    for op in [
        "sqrt(%arg0)",
        "exp(%0)",
        "exp2(%1)",
        "log(%2)",
        "log2(%3)",
        "log10(%4)",
        "sin(%5)",
        "cos(%6)",
        "ceil(%7)",
        "copysign(%8, %arg1) : (f32, f32) -> f32",
    ] {
        assert!(t.contains(&format!("= llvm.intr.{op}")), "{op}: {t}");
    }
}

#[test]
fn rsqrt_divides_one_by_the_square_root() {
    let t = modern(
        "func @f(%x: vector<2x4xf64>) -> vector<2x4xf64> {
  %0 = rsqrt %x : vector<2x4xf64>
  return %0 : vector<2x4xf64>
}",
    );
    assert_eq!(t.matches("llvm.intr.sqrt(").count(), 2, "{t}");
    assert_eq!(t.matches("llvm.fdiv").count(), 2, "{t}");
    assert!(
        t.contains("llvm.mlir.constant(dense<1.0> : vector<4xf64>) : vector<4xf64>"),
        "{t}"
    );
}

#[test]
fn nd_vector_ops_are_unrolled_over_rows() {
    let t = modern(
        "func @f(%a: vector<2x3xf32>, %b: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = addf %a, %b : vector<2x3xf32>
  return %0 : vector<2x3xf32>
}",
    );
    assert_eq!(count(&t, "llvm.fadd"), 2, "{t}");
    assert!(
        t.contains("llvm.func @f(%arg0: !llvm.array<2 x vector<3xf32>>"),
        "{t}"
    );
}

#[test]
fn splat_uses_insertelement_and_shufflevector() {
    let t = modern(
        "func @f(%x: f32) -> vector<4xf32> {
  %0 = splat %x : vector<4xf32>
  return %0 : vector<4xf32>
}",
    );
    assert!(t.contains("llvm.insertelement %arg0"), "{t}");
    assert!(t.contains("llvm.shufflevector"), "{t}");
    assert!(t.contains("[0, 0, 0, 0]"), "{t}");
}

#[test]
fn constants_of_every_kind() {
    let t = modern(
        "func @f() -> (i32, index, f32, vector<2xi64>, vector<2x2xf32>, i1) {
  %0 = constant 42 : i32
  %1 = constant -3 : index
  %2 = constant 0.1 : f32
  %3 = constant dense<[1, 2]> : vector<2xi64>
  %4 = constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %5 = constant true
  return %0, %1, %2, %3, %4, %5 : i32, index, f32, vector<2xi64>, vector<2x2xf32>, i1
}",
    );
    assert!(t.contains("llvm.mlir.constant(42 : i32) : i32"), "{t}");
    assert!(t.contains("llvm.mlir.constant(-3 : i64) : i64"), "{t}");
    assert!(
        t.contains("llvm.mlir.constant(dense<[1, 2]> : vector<2xi64>)"),
        "{t}"
    );
    assert!(t.contains("dense<[3.0, 4.0]> : vector<2xf32>"), "{t}");
    assert!(t.contains("llvm.mlir.constant(true) : i1"), "{t}");
}

#[test]
fn unregistered_ops_are_kept_with_converted_types() {
    let t = modern(
        "func @f(%a: index) {
  %0 = \"foo.bar\"(%a) {k = 3 : i32} : (index) -> (memref<2xf32>)
  return
}",
    );
    assert!(
        t.contains("\"foo.bar\"(%arg0) {k = 3 : i32} : (i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>"),
        "{t}"
    );
}

#[test]
fn repeated_successors_are_split_even_without_operands() {
    let src = "func @f(%c: i1) {
  cond_br %c, ^bb1, ^bb1
^bb1:
  return
}";
    let l = lower_src(src, &LowerOptions::default());
    let b = l.funcs[0].body.as_ref().unwrap();
    assert_eq!(b.layout.len(), 3);
    let t = print_llvm(&l, Syntax::Modern);
    assert!(t.contains("llvm.cond_br %arg0, ^bb1, ^bb2"), "{t}");
    // The Standard-level pass alone keeps the Standard dialect.
    let mut m = super::tests::parse(src).unwrap();
    split_repeated_successors(&mut m);
    let b = m.funcs[0].body.as_ref().unwrap();
    let dummy = b.layout[2];
    assert_eq!(b.op(b.terminator(dummy).unwrap()).kind, OpKind::Br);
}

#[test]
fn calls_unpack_memrefs_and_results() {
    let t = modern(
        "func @g(%m: memref<?xf32>, %x: f32) -> (memref<?xf32>, f32)
func @f(%m: memref<?xf32>) -> f32 {
  %x = constant 1.0 : f32
  %r:2 = call @g(%m, %x) : (memref<?xf32>, f32) -> (memref<?xf32>, f32)
  return %r#1 : f32
}",
    );
    assert!(
        t.contains("llvm.func @g(!llvm.ptr, !llvm.ptr, i64, i64, i64, f32) -> !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, f32)>"),
        "{t}"
    );
    assert!(t.contains("llvm.call @g("), "{t}");
}

#[test]
fn unranked_results_are_copied_to_the_heap_and_back_to_the_stack() {
    let t = modern(
        "func @g(%u: memref<*xf32>) -> memref<*xf32> {
  return %u : memref<*xf32>
}
func @f(%u: memref<*xf32>) -> memref<*xf32> {
  %r = call @g(%u) : (memref<*xf32>) -> memref<*xf32>
  return %r : memref<*xf32>
}",
    );
    assert_eq!(count(&t, "llvm.call @malloc"), 2, "{t}");
    assert_eq!(count(&t, "llvm.call @free"), 1, "{t}");
    assert_eq!(count(&t, "\"llvm.intr.memcpy\""), 3, "{t}");
    assert_eq!(count(&t, "x i8 {alignment = 16 : i64}"), 1, "{t}");
}

#[test]
fn c_wrappers_return_aggregates_through_the_first_argument() {
    let t = modern(
        "func @mk(%n: index) -> memref<?xf32> attributes {llvm.emit_c_interface} {
  %a = alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func @two(%u: memref<*xf32>) -> (i32, i64) attributes {llvm.emit_c_interface}
func @one(%x: i32) -> i32 attributes {llvm.emit_c_interface} {
  return %x : i32
}",
    );
    assert!(
        t.contains("llvm.func @_mlir_ciface_mk(%arg0: !llvm.ptr, %arg1: i64) {"),
        "{t}"
    );
    assert!(
        t.contains("llvm.func @_mlir_ciface_two(!llvm.ptr, !llvm.ptr)\n"),
        "{t}"
    );
    assert!(
        t.contains("llvm.func @two(%arg0: i64, %arg1: !llvm.ptr) -> !llvm.struct<(i32, i64)>"),
        "{t}"
    );
    assert!(
        t.contains("llvm.func @_mlir_ciface_one(%arg0: i32) -> i32 {"),
        "{t}"
    );
    // The attribute stays on the original only.
    assert_eq!(count(&t, "attributes {llvm.emit_c_interface}"), 3, "{t}");
}

#[test]
fn emit_c_interface_option_wraps_every_function() {
    let o = LowerOptions {
        index_bitwidth: 64,
        emit_c_interface: true,
        ..Default::default()
    };
    let l = lower_src(
        "func @a() {
  return
}
func @b(%m: memref<2xf32>)",
        &o,
    );
    let names: Vec<&str> = l.funcs.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["a", "_mlir_ciface_a", "b", "_mlir_ciface_b"]);
    assert!(l.funcs[2].body.is_some());
    assert!(l.funcs[3].body.is_none());
}

#[test]
fn wrapper_name_clashes_are_errors() {
    let m = super::tests::parse(
        "func @_mlir_ciface_a()
func @a() attributes {llvm.emit_c_interface} {
  return
}",
    )
    .unwrap();
    let e = lower_module(&m, &LowerOptions::default()).unwrap_err();
    assert!(e[0].message.contains("_mlir_ciface_a"), "{e:?}");
}

#[test]
fn blocks_out_of_dominance_order_lower() {
    // ^bb1 comes first in the layout but is dominated by ^bb2, which defines %x.
    let mut f = Func::new_std("f", vec![Type::i32()], vec![Type::i32()]);
    let (b, e, a) = entry(&mut f);
    let bb1 = b.add_block(&[]);
    let bb2 = b.add_block(&[]);
    b.builder(e).br(bb2, vec![]);
    let x = b.builder(bb2).binary(OpKind::AddI, a[0], a[0]);
    b.builder(bb2).br(bb1, vec![]);
    let y = b.builder(bb1).binary(OpKind::MulI, x, x);
    b.builder(bb1).ret(vec![y]);
    let l = lower(&module(vec![f]));
    assert_llvm_only(&l);
    let t = print_llvm(&l, Syntax::Modern);
    assert_translates(&t);
    assert!(!t.contains("undef"), "{t}");
}

#[test]
fn lowering_is_linear_in_module_size() {
    fn build(n: usize) -> Module {
        let mut f = Func::new_std("f", vec![Type::i64()], vec![Type::i64()]);
        let (b, e, a) = entry(&mut f);
        let mut bl = b.builder(e);
        let mut v = a[0];
        for _ in 0..n {
            v = bl.binary(OpKind::AddI, v, a[0]);
        }
        bl.ret(vec![v]);
        module(vec![f])
    }
    // Best of several runs, so a busy machine does not make the test flaky.
    let best = |m: &Module| {
        (0..5)
            .map(|_| {
                let t = std::time::Instant::now();
                lower(m);
                t.elapsed().as_secs_f64()
            })
            .fold(f64::MAX, f64::min)
    };
    let small = build(5_000);
    let big = build(50_000);
    let l = lower(&big);
    assert_eq!(l.funcs[0].body.as_ref().unwrap().walk_ops().count(), 50_001);
    // Timing is only asserted on request (STDLOWER_TIMING=1): on a loaded machine the
    // noise of one run can reach the 100x a quadratic pass would cost.
    if std::env::var_os("STDLOWER_TIMING").is_some() {
        let ts = best(&small);
        let tb = best(&big);
        assert!(tb < 40.0 * ts.max(0.0005), "{ts} s vs {tb} s");
    }
}

#[test]
fn nd_dense_constants_are_split_into_rows_in_row_major_order() {
    use crate::ir::{Attribute, DenseValues};
    let ty = Type::vector(vec![2, 3], Type::i32());
    let mut f = Func::new_std("f", vec![], vec![ty.clone()]);
    let (b, e, _) = entry(&mut f);
    let mut bl = b.builder(e);
    let values = DenseValues::Elements((1..=6).map(|v| Attribute::int(v, Type::i32())).collect());
    let c = bl.push1(
        NewOp::new(OpKind::Constant)
            .attr(
                "value",
                Attribute::Dense {
                    ty: ty.clone(),
                    values,
                },
            )
            .result(ty),
    );
    bl.ret(vec![c]);
    let l = lower(&module(vec![f]));
    let t = print_llvm(&l, Syntax::Modern);
    assert_translates(&t);
    let r0 = t.find("dense<[1, 2, 3]> : vector<3xi32>").expect(&t);
    let r1 = t.find("dense<[4, 5, 6]> : vector<3xi32>").expect(&t);
    assert!(r0 < r1);
}

/// A module that declares `malloc` and `free` itself (as `llvm.func`s of the types the
/// lowering needs) gets no second declaration, in both entry points; a declaration of
/// another type is a located error.
#[test]
fn own_malloc_and_free_declarations_are_reused() {
    let mut f = Func::new_std("f", vec![], vec![]);
    {
        let (body, e, _) = entry(&mut f);
        let mut b = body.builder(e);
        let m = b.push1(NewOp::new(OpKind::Alloc).result(Type::memref(vec![Some(4)], Type::F32)));
        b.push(NewOp::new(OpKind::Dealloc).operands([m]));
        b.ret(vec![]);
    }
    let malloc = Func::new_llvm_decl("malloc", memref::malloc_type());
    let free = Func::new_llvm_decl("free", memref::free_type());
    let m = module(vec![malloc, f.clone(), free]);
    let l = lower(&m);
    for name in ["malloc", "free"] {
        assert_eq!(
            l.funcs.iter().filter(|g| g.name == name).count(),
            1,
            "{name}"
        );
    }
    let mut each = Vec::new();
    lower_module_each(&m, &LowerOptions::default(), |g| each.push(g.name.clone())).unwrap();
    for name in ["malloc", "free"] {
        assert_eq!(
            each.iter().filter(|g| *g == name).count(),
            1,
            "{name}: {each:?}"
        );
    }
    let mut wrong = Func::new_llvm_decl("malloc", Type::llvm_func(Type::i64(), vec![Type::i64()]));
    wrong.loc = Loc::new(3, 1);
    let err = lower_module(&module(vec![wrong, f]), &LowerOptions::default()).unwrap_err();
    assert!(
        err.iter().any(|d| d.loc == Loc::new(3, 1)
            && d.message
                .contains("redefinition of reserved function 'malloc' of different type")),
        "{err:?}"
    );
}
