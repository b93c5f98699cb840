//! End-to-end proof of the lowering before our own JIT exists: every conformance
//! program (`/work/shared/conformance/*.mlir`, or `$STDLOWER_CONFORMANCE`) is lowered,
//! printed in the modern syntax, translated by `mlir-translate --mlir-to-llvmir` (LLVM
//! 22), compiled by `clang-22` together with a tiny C `main` that calls the program's
//! `@main` and prints its result, run, and compared with the `.expect` file.
//! Skipped (with a note) when the tools or the programs are missing.

use super::tests::mlir_translate;
use super::{lower_module, LowerOptions};
use crate::ir::{Attribute, Module, Type};
use crate::llvm_print::{print_llvm, Syntax};
use std::path::{Path, PathBuf};
use std::process::Command;

fn conformance_dir() -> PathBuf {
    std::env::var_os("STDLOWER_CONFORMANCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/conformance"))
}

fn clang() -> Option<PathBuf> {
    let out = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()?;
    let p = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim()).join("clang");
    p.exists().then_some(p)
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
fn run_one(path: &Path, translate: &Path, clang: &Path, work: &Path) -> Result<String, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let m = super::testparse::parse(&src)?;
    let ret = m
        .func("main")
        .and_then(|f| f.std_type())
        .and_then(|t| t.results.first().cloned())
        .ok_or("no @main with a result")?;
    let mut l = lower_module(&m, &LowerOptions::default()).map_err(|d| format!("{d:?}"))?;
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

#[test]
fn conformance_programs_run_correctly_via_mlir_translate_and_clang() {
    run_programs(&conformance_dir());
}

/// The project's own runnable programs (`corpus/run`), same procedure.
#[test]
fn corpus_programs_run_correctly_via_mlir_translate_and_clang() {
    run_programs(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/run"));
}

fn run_programs(dir: &Path) {
    let (Some(translate), Some(clang)) = (mlir_translate(), clang()) else {
        eprintln!("skipped: mlir-translate / clang of LLVM 22 not installed");
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("skipped: no conformance programs in {}", dir.display());
        return;
    };
    let work = std::env::temp_dir().join(format!(
        "stdlower-e2e-{}-{}",
        std::process::id(),
        dir.file_name().unwrap_or_default().to_string_lossy()
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
        match run_one(f, &translate, &clang, &work) {
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
