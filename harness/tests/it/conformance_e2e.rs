//! End-to-end proof of the lowering independent of our own JIT: every conformance
//! program (`shared/conformance/*.mlir` beside the checkout, or `$STDLOWER_CONFORMANCE`)
//! and every runnable corpus program (`corpus/run`) is lowered, printed in the modern
//! syntax, translated by `mlir-translate --mlir-to-llvmir` (LLVM 22), compiled by
//! `clang` of LLVM 22 together with a tiny C `main` that calls the program's `@main`
//! and prints its result, run, and compared with the `.expect` file; and the C-interface
//! wrappers are called from C. These tests shell out to external tools, so they live
//! here rather than in the pure `converter` crate. Without the tools they are skipped
//! with a note, and fail when `CI` is set; without the shared conformance data (test
//! data, not a tool) those tests are skipped.

use crate::conformance;

use conformance::conformance_dir;
use converter::ir::{Attribute, Module, Type};
use converter::llvm_print::{print_llvm, Syntax};
use converter::lower::{lower_module, LowerOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tool of the LLVM 22 installation (`llvm-config-22 --bindir`), when it is there.
fn llvm_tool(name: &str) -> Option<PathBuf> {
    let out = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()?;
    let p = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim()).join(name);
    p.exists().then_some(p)
}

fn mlir_translate() -> Option<PathBuf> {
    llvm_tool("mlir-translate")
}

/// Parses and verifies Standard text, rendering errors.
fn parse(src: &str) -> Result<Module, String> {
    let m = converter::syntax::parse_module("test.mlir", src.as_bytes())
        .map_err(|d| d.render("test.mlir", Some(src)))?;
    converter::verify::verify_module(&m).map_err(|ds| {
        ds.iter()
            .map(|d| d.render("test.mlir", Some(src)))
            .collect::<String>()
    })?;
    Ok(m)
}

fn clang() -> Option<PathBuf> {
    llvm_tool("clang")
}

/// Renames the function `from` to `to` everywhere (C already owns `main`).
fn rename(m: &mut Module, from: &str, to: &str) {
    for f in &mut m.funcs {
        if f.name == from {
            f.name = to.to_string();
        }
        if let Some(b) = &mut f.body {
            for op in &mut b.ops {
                for a in &mut op.attrs {
                    if a.value == Attribute::SymbolRef(from.to_string()) {
                        a.value = Attribute::SymbolRef(to.to_string());
                    }
                }
            }
        }
    }
}

/// The C driver: calls the entry and prints its result (floats as raw bits, formatted
/// by the test as the project's result format).
fn c_driver(ret: &Type) -> Option<String> {
    let (cty, fmt, expr) = match ret {
        Type::Int(64) | Type::Index => ("long long", "%lld", "r"),
        Type::Int(32) => ("int", "%d", "r"),
        Type::Int(1) => ("_Bool", "%d", "(int)r"),
        Type::F32 => ("float", "%u", "bits32(r)"),
        Type::F64 => ("double", "%llu", "bits64(r)"),
        _ => return None,
    };
    Some(format!(
        "#include <stdio.h>\n#include <string.h>\n\
         static unsigned bits32(float f) {{ unsigned u; memcpy(&u, &f, 4); return u; }}\n\
         static unsigned long long bits64(double f) {{ unsigned long long u; memcpy(&u, &f, 8); return u; }}\n\
         extern {cty} stdlower_entry(void);\n\
         int main(void) {{ {cty} r = stdlower_entry(); (void)bits32; (void)bits64; printf(\"{fmt}\\n\", {expr}); return 0; }}\n"
    ))
}

fn format_result(ret: &Type, raw: &str) -> String {
    let raw = raw.trim();
    match ret {
        Type::F32 => {
            let f = f32::from_bits(raw.parse().unwrap_or(0));
            if f.is_nan() {
                "f32 nan".into()
            } else {
                format!("f32 {f:?}")
            }
        }
        Type::F64 => {
            let f = f64::from_bits(raw.parse().unwrap_or(0));
            if f.is_nan() {
                "f64 nan".into()
            } else {
                format!("f64 {f:?}")
            }
        }
        t => format!("{t} {raw}"),
    }
}

/// Lowers, translates, compiles and runs one program; returns its printed result.
fn run_one(
    path: &Path,
    translate: &Path,
    clang: &Path,
    work: &Path,
    opts: &LowerOptions,
) -> Result<String, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let m = parse(&src)?;
    let ret = m
        .func("main")
        .and_then(|f| f.std_type())
        .and_then(|t| t.results.first().cloned())
        .ok_or("no @main with a result")?;
    let mut l = lower_module(&m, opts).map_err(|d| format!("{d:?}"))?;
    rename(&mut l, "main", "stdlower_entry");
    let text = print_llvm(&l, Syntax::Modern);
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    let mlir = work.join(format!("{stem}.mlir"));
    let ll = work.join(format!("{stem}.ll"));
    let c = work.join(format!("{stem}_main.c"));
    let exe = work.join(format!("{stem}.exe"));
    std::fs::write(&mlir, &text).map_err(|e| e.to_string())?;
    let out = Command::new(translate)
        .arg("--mlir-to-llvmir")
        .arg(&mlir)
        .arg("-o")
        .arg(&ll)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "mlir-translate: {}\n{text}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    std::fs::write(&c, c_driver(&ret).ok_or("unsupported result type")?)
        .map_err(|e| e.to_string())?;
    let out = Command::new(clang)
        .args(["-O1", "-w", "-o"])
        .arg(&exe)
        .arg(&ll)
        .arg(&c)
        // The math intrinsics (`llvm.exp`...) become libm calls.
        .arg("-lm")
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("clang: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let out = Command::new(&exe).output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("program failed: {:?}", out.status));
    }
    Ok(format_result(&ret, &String::from_utf8_lossy(&out.stdout)))
}

/// Reports a test that cannot run here because a tool is missing. A user's machine may
/// lack mlir-translate or clang; CI must not (a silent skip there would be a test that
/// cannot fail), so under `CI` it fails instead.
fn skip(why: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set, and this test cannot run: {why}"
    );
    eprintln!("skipped: {why}");
}

#[test]
fn conformance_programs_run_correctly_via_mlir_translate_and_clang() {
    let Some(dir) = conformance_dir() else {
        // Test data, not a tool: a clone without `../shared` has none.
        eprintln!("skipped: no conformance directory");
        return;
    };
    run_programs(&dir, &LowerOptions::default());
}

/// The same programs with 32-bit index and C wrappers for every function: the
/// results must not change.
#[test]
fn conformance_programs_run_correctly_with_index32_and_c_wrappers() {
    let o = LowerOptions {
        index_bitwidth: 32,
        emit_c_interface: true,
        ..Default::default()
    };
    let Some(dir) = conformance_dir() else {
        // Test data, not a tool: a clone without `../shared` has none.
        eprintln!("skipped: no conformance directory");
        return;
    };
    run_programs(&dir, &o);
}

/// The project's own runnable programs (`corpus/run`), same procedure.
#[test]
fn corpus_programs_run_correctly_via_mlir_translate_and_clang() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/run");
    run_programs(&dir, &LowerOptions::default());
    let o = LowerOptions {
        index_bitwidth: 32,
        emit_c_interface: true,
        ..Default::default()
    };
    run_programs(&dir, &o);
}

fn run_programs(dir: &Path, opts: &LowerOptions) {
    let (Some(translate), Some(clang)) = (mlir_translate(), clang()) else {
        skip("mlir-translate / clang of LLVM 22 not installed");
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        skip(&format!("no conformance programs in {}", dir.display()));
        return;
    };
    let work = std::env::temp_dir().join(format!(
        "stdlower-e2e-{}-{}-{}-{}",
        std::process::id(),
        dir.file_name().unwrap_or_default().to_string_lossy(),
        opts.index_bitwidth,
        opts.emit_c_interface
    ));
    std::fs::create_dir_all(&work).unwrap();
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let expect = std::fs::read_to_string(f.with_extension("expect")).unwrap_or_default();
        match run_one(f, &translate, &clang, &work, opts) {
            Ok(got) if got.trim() == expect.trim() && !expect.trim().is_empty() => {}
            Ok(got) => failures.push(format!(
                "{}: got `{got}`, expected `{}`",
                f.display(),
                expect.trim()
            )),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    eprintln!(
        "conformance: {} of {} programs ran and matched",
        files.len() - failures.len(),
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} conformance programs failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// The C-interface ABI, checked against clang: C code calls the `_mlir_ciface_`
/// wrappers with descriptor structs as C lays them out (ranked, unranked, a memref
/// result and two results returned through the first argument), and implements the
/// interface function an external MLIR function is lowered to call.
#[test]
fn c_interface_wrappers_match_what_clang_lays_out_and_calls() {
    let (Some(translate), Some(clang)) = (mlir_translate(), clang()) else {
        skip("mlir-translate / clang of LLVM 22 not installed");
        return;
    };
    let src = r#"
func @sum2d(%m: memref<?x?xi64>) -> i64 attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c0, %c0] : memref<?x?xi64>
  %b = load %m[%c1, %c1] : memref<?x?xi64>
  %d = dim %m, 1 : memref<?x?xi64>
  %d64 = index_cast %d : index to i64
  %s = addi %a, %b : i64
  %k = constant 1000 : i64
  %sk = muli %d64, %k : i64
  %r = addi %s, %sk : i64
  return %r : i64
}
func @mk(%n: index, %v: i64) -> memref<?xi64> attributes {llvm.emit_c_interface} {
  %m = alloc(%n) : memref<?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^loop(%c0 : index)
^loop(%i: index):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^exit
^body:
  %i64 = index_cast %i : index to i64
  %x = addi %v, %i64 : i64
  store %x, %m[%i] : memref<?xi64>
  %i2 = addi %i, %c1 : index
  br ^loop(%i2 : index)
^exit:
  return %m : memref<?xi64>
}
func @pair(%x: i32) -> (i32, i64) attributes {llvm.emit_c_interface} {
  %one = constant 1 : i32
  %y = addi %x, %one : i32
  %z = sexti %x : i32 to i64
  return %y, %z : i32, i64
}
func @rank_of(%u: memref<*xf32>) -> index attributes {llvm.emit_c_interface} {
  %r = rank %u : memref<*xf32>
  %c1 = constant 1 : index
  %d = dim %u, %c1 : memref<*xf32>
  %k = constant 10 : index
  %rk = muli %r, %k : index
  %s = addi %rk, %d : index
  return %s : index
}
func @ext(%m: memref<?xi64>) -> i64 attributes {llvm.emit_c_interface}
func @call_ext(%m: memref<?xi64>) -> i64 attributes {llvm.emit_c_interface} {
  %r = call @ext(%m) : (memref<?xi64>) -> i64
  return %r : i64
}
func @ext_mk(%n: index) -> memref<?xi64> attributes {llvm.emit_c_interface}
func @ext_pair(%x: i32) -> (i32, i64) attributes {llvm.emit_c_interface}
func @use_ext(%n: index) -> i64 attributes {llvm.emit_c_interface} {
  %m = call @ext_mk(%n) : (index) -> memref<?xi64>
  %c1 = constant 1 : index
  %v = load %m[%c1] : memref<?xi64>
  %d = dim %m, 0 : memref<?xi64>
  %d64 = index_cast %d : index to i64
  dealloc %m : memref<?xi64>
  %x = constant 9 : i32
  %p:2 = call @ext_pair(%x) : (i32) -> (i32, i64)
  %a = sexti %p#0 : i32 to i64
  %k = constant 100 : i64
  %t0 = muli %d64, %k : i64
  %t1 = addi %t0, %v : i64
  %t2 = muli %t1, %k : i64
  %t3 = addi %t2, %a : i64
  %t4 = muli %t3, %k : i64
  %t5 = addi %t4, %p#1 : i64
  return %t5 : i64
}
"#;
    let driver = r#"
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
typedef struct { int64_t *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } D2;
typedef struct { int64_t *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } D1;
typedef struct { float *allocated, *aligned; int64_t offset, sizes[3], strides[3]; } F3;
typedef struct { int64_t rank; void *descriptor; } U;
typedef struct { int32_t a; int64_t b; } P;
extern int64_t _mlir_ciface_sum2d(D2 *);
extern void _mlir_ciface_mk(D1 *, int64_t, int64_t);
extern void _mlir_ciface_pair(P *, int32_t);
extern int64_t _mlir_ciface_rank_of(U *);
extern int64_t _mlir_ciface_call_ext(D1 *);
int64_t _mlir_ciface_ext(D1 *d) {
  return d->sizes[0] * 100 + d->aligned[d->offset + 2 * d->strides[0]];
}
void _mlir_ciface_ext_mk(D1 *out, int64_t n) {
  int64_t *p = malloc(n * sizeof(int64_t));
  for (int64_t i = 0; i < n; i++) p[i] = 10 + i;
  out->allocated = p; out->aligned = p; out->offset = 0; out->sizes[0] = n; out->strides[0] = 1;
}
void _mlir_ciface_ext_pair(P *out, int32_t x) { out->a = x + 1; out->b = 2 * (int64_t)x; }
extern int64_t _mlir_ciface_use_ext(int64_t);
int main(void) {
  int64_t buf[12];
  for (int i = 0; i < 12; i++) buf[i] = i;
  /* a 2x3 view with offset 1 and strides [5, 1] */
  D2 d2 = { buf, buf, 1, {2, 3}, {5, 1} };
  printf("%lld\n", (long long)_mlir_ciface_sum2d(&d2));
  D1 out;
  _mlir_ciface_mk(&out, 4, 40);
  printf("%lld %lld %lld %lld\n", (long long)out.sizes[0], (long long)out.strides[0],
         (long long)out.aligned[out.offset + 3], (long long)out.offset);
  free(out.allocated);
  P p;
  _mlir_ciface_pair(&p, -5);
  printf("%d %lld\n", p.a, (long long)p.b);
  float f[24];
  F3 f3 = { f, f, 0, {2, 3, 4}, {12, 4, 1} };
  U u = { 3, &f3 };
  printf("%lld\n", (long long)_mlir_ciface_rank_of(&u));
  D1 e = { buf, buf, 3, {7}, {2} };
  printf("%lld\n", (long long)_mlir_ciface_call_ext(&e));
  printf("%lld\n", (long long)_mlir_ciface_use_ext(6));
  return 0;
}
"#;
    let m = parse(src).unwrap();
    let l = lower_module(&m, &LowerOptions::default()).unwrap();
    let text = print_llvm(&l, Syntax::Modern);
    let work = std::env::temp_dir().join(format!("stdlower-ciface-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let (mlir, ll, c, exe) = (
        work.join("m.mlir"),
        work.join("m.ll"),
        work.join("d.c"),
        work.join("a.out"),
    );
    std::fs::write(&mlir, &text).unwrap();
    std::fs::write(&c, driver).unwrap();
    let t = Command::new(translate)
        .arg("--mlir-to-llvmir")
        .arg(&mlir)
        .arg("-o")
        .arg(&ll)
        .output()
        .unwrap();
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    let cc = Command::new(clang)
        .args(["-O1", "-w", "-o"])
        .arg(&exe)
        .arg(&ll)
        .arg(&c)
        // The math intrinsics (`llvm.exp`...) become libm calls.
        .arg("-lm")
        .output()
        .unwrap();
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    let _ = std::fs::remove_dir_all(&work);
    assert!(run.status.success());
    // sum2d: buf[1] + buf[1 + 5 + 1] + 3 * 1000; mk: sizes, strides, element 3, offset;
    // pair; rank_of: 3 * 10 + 3; call_ext: 7 * 100 + buf[3 + 2 * 2]; use_ext: dim 6,
    // element 11, then (10, 18) from ext_pair(9).
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "3008\n4 1 43 0\n-4 -5\n33\n707\n6111018\n"
    );
}
