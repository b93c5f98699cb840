//! The one-function-at-a-time lowerings against the whole-module lowering
//! (`lower_module` + `print_llvm`): `lower_module_each` gives the same text on every
//! module that lowers and the same diagnostics on every one that does not;
//! `SourceLowering` (which `stdlower lower` uses, parsing one function at a time on
//! several threads) gives the same text from the module's source on every module that
//! parses, verifies and lowers, on one thread or several, and gives up on every other;
//! a failing `stdlower lower` prints nothing on standard output.

use converter::ir::{FuncKind, Module};
use converter::llvm_print::{
    print_llvm, write_func, write_module_close, write_module_open, Syntax,
};
use converter::lower::{lower_module, lower_module_each, LowerOptions};
use std::process::Command;

use crate::common;
use common::TempDir;

/// Both lowerings of `m`: the printed text, or the rendered diagnostics.
fn both(
    m: &Module,
    opts: &LowerOptions,
    syntax: Syntax,
) -> (Result<String, String>, Result<String, String>) {
    let render = |ds: Vec<converter::Diagnostic>| -> String {
        ds.iter()
            .map(|d| d.render(&m.file, m.source.as_deref()))
            .collect()
    };
    let whole = lower_module(m, opts)
        .map(|l| print_llvm(&l, syntax))
        .map_err(render);
    let mut text = String::new();
    write_module_open(&mut text, &m.attrs, syntax);
    let each = lower_module_each(m, opts, |f| write_func(&mut text, f, syntax))
        .map(|()| {
            write_module_close(&mut text);
            text
        })
        .map_err(render);
    (whole, each)
}

/// `SourceLowering` on `src` (whose parsed and verified module is `m`, if any) agrees
/// with the whole-module lowering on one thread and on three; whether it lowered.
fn source_agrees(
    src: &[u8],
    m: Option<&Module>,
    opts: &LowerOptions,
    syntax: Syntax,
    what: &str,
) -> bool {
    let whole = m
        .and_then(|m| lower_module(m, opts).ok())
        .map(|l| print_llvm(&l, syntax));
    for jobs in [1, 3] {
        let streamed = harness::lower_paths::from_source(src, opts, syntax, jobs);
        assert_eq!(whole, streamed, "{what}, {opts:?}, {syntax:?}, {jobs} jobs");
    }
    whole.is_some()
}

fn all_options() -> Vec<(LowerOptions, Syntax)> {
    let mut v = Vec::new();
    for index_bitwidth in [64, 32] {
        for emit_c_interface in [false, true] {
            for syntax in [Syntax::Modern, Syntax::Legacy] {
                v.push((
                    LowerOptions {
                        index_bitwidth,
                        emit_c_interface,
                        ..Default::default()
                    },
                    syntax,
                ));
            }
        }
        // LLVM 11's pass options (a bare-pointer lowering fails on modules with dynamic
        // memrefs in signatures: both paths must fail alike).
        for (use_aligned_alloc, use_bare_ptr_memref_call_conv) in
            [(true, false), (false, true), (true, true)]
        {
            v.push((
                LowerOptions {
                    index_bitwidth,
                    use_aligned_alloc,
                    use_bare_ptr_memref_call_conv,
                    ..Default::default()
                },
                Syntax::Modern,
            ));
        }
    }
    v
}

#[test]
fn generated_modules_lower_the_same_one_function_at_a_time() {
    let mut lowered = 0;
    for seed in 0..120u64 {
        let m = if seed % 2 == 0 {
            generator::generate_from_seed(seed, &generator::GenConfig::default())
        } else {
            generator::generate_swarm_from_seed(seed).1
        };
        let text = converter::syntax::print_module(&m, &Default::default());
        let reparsed = converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses");
        for (opts, syntax) in all_options() {
            let (whole, each) = both(&m, &opts, syntax);
            assert_eq!(whole, each, "seed {seed}, {opts:?}, {syntax:?}");
            lowered += whole.is_ok() as usize;
            let what = format!("seed {seed}");
            source_agrees(text.as_bytes(), Some(&reparsed), &opts, syntax, &what);
        }
    }
    // The comparison must be of real lowerings, not of two failures.
    assert!(lowered > 600, "only {lowered} lowerings succeeded");
}

#[test]
fn corpus_files_lower_the_same_one_function_at_a_time() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(root)];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                files.push(p);
            }
        }
    }
    let (mut ok, mut failed, mut streamed) = (0, 0, 0);
    for p in &files {
        let bytes = std::fs::read(p).unwrap();
        let what = p.display().to_string();
        let m = converter::syntax::parse_module(&what, &bytes)
            .ok()
            .filter(|m| converter::verify::verify_module(m).is_ok());
        for (opts, syntax) in all_options() {
            streamed += source_agrees(&bytes, m.as_ref(), &opts, syntax, &what) as usize;
        }
        let Some(m) = m else {
            continue;
        };
        for (opts, syntax) in all_options() {
            let (whole, each) = both(&m, &opts, syntax);
            assert_eq!(whole, each, "{}, {opts:?}, {syntax:?}", p.display());
            if whole.is_ok() {
                ok += 1;
            } else {
                failed += 1;
            }
        }
    }
    assert!(ok > 200 && failed > 0, "{ok} lowered, {failed} failed");
    assert_eq!(streamed, ok);
}

fn parse(text: &str) -> Module {
    let m = converter::syntax::parse_module("t.mlir", text.as_bytes()).expect("parses");
    converter::verify::verify_module(&m).expect("verifies");
    m
}

/// Modules that lower function by function without a lowering error, yet fail as a
/// whole: a runtime function of the wrong type, a wrapper name taken, and a call to a
/// `malloc` the module will not declare.
#[test]
fn module_level_failures_are_the_whole_module_lowerings() {
    let opts = LowerOptions::default();
    let wrong_malloc = parse(
        "func @malloc(%a: i32) -> i32 {\n  return %a : i32\n}\n\
         func @f() {\n  %a = alloc() : memref<3xf64>\n  return\n}\n",
    );
    let taken = parse(
        "func @f() attributes {llvm.emit_c_interface} {\n  return\n}\n\
         func @_mlir_ciface_f() {\n  return\n}\n",
    );
    // Lowered code that calls @malloc, fed back without the declaration and without
    // any Standard op that needs it.
    let allocating = parse("func @f() {\n  %a = alloc() : memref<3xf64>\n  return\n}\n");
    let mut undeclared = lower_module(&allocating, &opts).expect("lowers");
    undeclared.funcs.retain(|f| f.name != "malloc");
    assert!(undeclared.funcs.iter().all(|f| f.kind == FuncKind::Llvm));
    for m in [&wrong_malloc, &taken, &undeclared] {
        let (whole, each) = both(m, &opts, Syntax::Modern);
        assert!(whole.is_err(), "{whole:?}");
        assert_eq!(whole, each);
    }
    // With the declaration kept, the same functions lower (and print) the same.
    let fed_back = lower_module(&allocating, &opts).expect("lowers");
    let (whole, each) = both(&fed_back, &opts, Syntax::Modern);
    assert!(whole.is_ok(), "{whole:?}");
    assert_eq!(whole, each);
}

/// A module whose last function fails to lower: `stdlower lower` prints the
/// diagnostic and exits 1 with nothing on standard output, though the functions
/// before it lowered.
#[test]
fn a_late_lowering_error_prints_no_partial_module() {
    let mut text = String::new();
    for i in 0..50 {
        text.push_str(&format!(
            "func @f{i}(%a: i32) -> i32 {{\n  %b = addi %a, %a : i32\n  return %b : i32\n}}\n"
        ));
    }
    text.push_str("func @last(%a: bf16) {\n  return\n}\n");
    let dir = TempDir::new("late");
    let file = dir.file("late.mlir", &text);
    let out = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .arg("lower")
        .arg(&file)
        .output()
        .expect("run stdlower lower");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "partial output: {} bytes",
        out.stdout.len()
    );
    assert!(
        stderr.contains("late.mlir:201:") && stderr.contains("bf16"),
        "{stderr}"
    );
}

/// An alias defined after a function body, which the source lowering does not read one
/// function at a time: `stdlower lower` takes the whole-module path and prints what the
/// whole-module lowering does; a use before the definition is the parser's error.
#[test]
fn an_alias_after_a_function_is_lowered_as_a_whole_module() {
    let f = |name: &str| {
        format!("func @{name}(%m: memref<4xf32, #s>) -> f32 {{\n  %c = constant 1 : index\n  %v = load %m[%c] : memref<4xf32, #s>\n  return %v : f32\n}}\n")
    };
    let alias = "#s = affine_map<(d0) -> (d0 + 2)>\n";
    let late = format!("func @g() {{\n  return\n}}\n{alias}{}", f("h"));
    let early_use = format!("{}{alias}", f("h"));
    let opts = LowerOptions::default();
    assert!(harness::lower_paths::from_source(late.as_bytes(), &opts, Syntax::Modern, 1).is_none());
    let dir = TempDir::new("alias");
    for (text, ok) in [(&late, true), (&early_use, false)] {
        let file = dir.file("alias.mlir", text);
        let out = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
            .arg("lower")
            .arg(&file)
            .output()
            .expect("run stdlower lower");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if ok {
            let whole = print_llvm(&lower_module(&parse(text), &opts).unwrap(), Syntax::Modern);
            assert_eq!(out.status.code(), Some(0), "{stderr}");
            assert_eq!(stdout, whole);
        } else {
            let err = converter::syntax::parse_module("t.mlir", text.as_bytes()).unwrap_err();
            assert_eq!(out.status.code(), Some(1), "{stderr}");
            assert!(stdout.is_empty());
            assert!(stderr.contains(&err.message), "{stderr} / {}", err.message);
        }
    }
}
