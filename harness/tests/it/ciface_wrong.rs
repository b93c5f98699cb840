//! The C-interface oracle against deliberately wrong wrappers, built in the test from a
//! correct lowering: a wrapper that returns its results by value instead of through the
//! out-pointer, one that takes a descriptor by value, one that reads descriptors with
//! the wrong index width, a missing one, a private one, and one nobody asked for. Each
//! is a `c-interface` finding of the static check (the expected and the lowered type
//! named), and where the wrong wrapper is callable, calling it as the expected C
//! interface says (in the isolated worker, as the campaign does) disagrees with the
//! interpreter. The correct lowering passes both.

use converter::ir::{Attribute, Module, NamedAttr, Type};
use converter::lower::{lower_module, LowerOptions};
use converter::syntax::{print_module, PrintOptions};
use converter::value::RtValue;
use harness::ciface::expect;
use harness::exec::{run_interp, ExecOptions, Outcome};
use harness::oracles::c_interface::{check_wrapper_types, ORACLE};
use harness::oracles::Verdict;
use std::process::Command;

const MODULE: &str = r#"
func @pair(%a: i32, %b: i64) -> (i32, i64) attributes {llvm.emit_c_interface} {
  return %a, %b : i32, i64
}
func @second(%m: memref<?xf32, offset: ?, strides: [?]>) -> f32 attributes {llvm.emit_c_interface} {
  %c1 = constant 1 : index
  %x = load %m[%c1] : memref<?xf32, offset: ?, strides: [?]>
  return %x : f32
}
func @plain(%a: i32) -> i32 {
  return %a : i32
}
"#;

fn parse() -> Module {
    converter::syntax::parse_module("wrong.mlir", MODULE.as_bytes()).expect("parses")
}

fn lower(m: &Module, index_bitwidth: u32) -> Module {
    lower_module(
        m,
        &LowerOptions {
            index_bitwidth,
            emit_c_interface: false,
            ..LowerOptions::default()
        },
    )
    .expect("lowers")
}

fn wrapper<'a>(lowered: &'a mut Module, name: &str) -> &'a mut converter::ir::Func {
    lowered
        .funcs
        .iter_mut()
        .find(|f| f.name == name)
        .expect("the wrapper")
}

fn desc(index: Type) -> Type {
    let p = Type::llvm_ptr(Type::F32);
    Type::llvm_struct(vec![
        p.clone(),
        p,
        index.clone(),
        Type::llvm_array(1, index.clone()),
        Type::llvm_array(1, index),
    ])
}

/// The static check's verdict on `lowered`, and whether the oracle counted as run.
fn static_verdict(m: &Module, lowered: &Module, index_bits: u32) -> (Option<Verdict>, bool) {
    let exec = harness::exec::ExecOptions {
        index_bitwidth: index_bits,
        ..Default::default()
    };
    let r = check_wrapper_types(m, lowered, &exec);
    let ran = r.ran(ORACLE);
    (Some(r.verdict).filter(Verdict::is_finding), ran)
}

fn finding(v: Option<Verdict>) -> String {
    match v {
        Some(Verdict::Finding { oracle, detail }) if oracle == ORACLE => detail,
        v => panic!("expected a c-interface finding, got {v:?}"),
    }
}

#[test]
fn correct_lowerings_pass_the_static_check() {
    let m = parse();
    for bits in [64, 32] {
        let (v, ran) = static_verdict(&m, &lower(&m, bits), bits);
        assert!(v.is_none(), "index {bits}: {v:?}");
        assert!(ran);
    }
    // With the option that gives every function a wrapper, every one is checked.
    let all = lower_module(
        &m,
        &LowerOptions {
            index_bitwidth: 64,
            emit_c_interface: true,
            ..LowerOptions::default()
        },
    )
    .expect("lowers");
    assert_eq!(expect::check_wrappers(&m, &all, 64, true), Ok(()));
    // ... and without the option, @_mlir_ciface_plain is one nobody asked for.
    let e = expect::check_wrappers(&m, &all, 64, false).unwrap_err();
    assert!(e.contains("@_mlir_ciface_plain exists"), "{e}");
}

#[test]
fn wrong_wrappers_are_static_findings() {
    let m = parse();
    let i64t = Type::i64();
    // Results by value instead of through the out-pointer (the `results_by_pointer`
    // mutant of the converter).
    let mut l = lower(&m, 64);
    wrapper(&mut l, "_mlir_ciface_pair").ty = Type::llvm_func(
        Type::llvm_struct(vec![Type::i32(), i64t.clone()]),
        vec![Type::i32(), i64t.clone()],
    );
    let d = finding(static_verdict(&m, &l, 64).0);
    assert!(
        d.contains("expected: void ({i32, i64}*, i32, i64)")
            && d.contains("lowered:  {i32, i64} (i32, i64)"),
        "{d}"
    );
    // A descriptor by value instead of by pointer.
    let mut l = lower(&m, 64);
    wrapper(&mut l, "_mlir_ciface_second").ty = Type::llvm_func(Type::F32, vec![desc(i64t)]);
    let d = finding(static_verdict(&m, &l, 64).0);
    assert!(
        d.contains("expected: float ({float*, float*, i64, [1 x i64], [1 x i64]}*)")
            && d.contains("lowered:  float ({float*, float*, i64, [1 x i64], [1 x i64]})"),
        "{d}"
    );
    // Descriptors of the wrong index width.
    let mut l = lower(&m, 64);
    wrapper(&mut l, "_mlir_ciface_second").ty =
        Type::llvm_func(Type::F32, vec![Type::llvm_ptr(desc(Type::i32()))]);
    let d = finding(static_verdict(&m, &l, 64).0);
    assert!(d.contains("[1 x i32]"), "{d}");
    // The 32-bit lowering checked as if it were 64-bit: every descriptor differs.
    let d = finding(static_verdict(&m, &lower(&m, 32), 64).0);
    assert!(d.contains("_mlir_ciface_second"), "{d}");
    // No wrapper at all.
    let mut l = lower(&m, 64);
    l.funcs.retain(|f| f.name != "_mlir_ciface_pair");
    let d = finding(static_verdict(&m, &l, 64).0);
    assert!(d.contains("has no @_mlir_ciface_pair"), "{d}");
    // A wrapper C cannot see.
    let mut l = lower(&m, 64);
    wrapper(&mut l, "_mlir_ciface_pair")
        .attrs
        .push(NamedAttr::new(
            "sym_visibility",
            Attribute::Str("private".into()),
        ));
    let d = finding(static_verdict(&m, &l, 64).0);
    assert!(d.contains("visibility private"), "{d}");
    // A wrapper only declared.
    let mut l = lower(&m, 64);
    wrapper(&mut l, "_mlir_ciface_pair").body = None;
    let d = finding(static_verdict(&m, &l, 64).0);
    assert!(d.contains("only a declaration"), "{d}");
}

/// Replaces the LLVM IR definition of `@name` in `ir` with `def`.
fn replace_definition(ir: &str, name: &str, def: &str) -> String {
    let at = ir
        .find(&format!("@{name}("))
        .expect("the wrapper in the IR");
    let start = ir[..at].rfind("\ndefine").expect("its define") + 1;
    let end = start + ir[start..].find("\n}\n").expect("its end") + 3;
    format!("{}{def}\n{}", &ir[..start], &ir[end..])
}

#[test]
fn wrong_wrappers_called_as_c_expects_disagree_with_the_interpreter() {
    let m = parse();
    let opts = ExecOptions::default();
    let ropts = jit::RunOptions::default();
    let text = print_module(&m, &PrintOptions::default());
    let ir = jit::translate_to_ir_string(&lower(&m, 64)).expect("translates");
    let mut w = jit::Worker::spawn({
        let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
        c.arg("__jit-worker");
        c
    })
    .expect("worker");
    let pair_args = vec![RtValue::Int(-7), RtValue::Int(1 << 40)];
    let second_args = vec![RtValue::MemRef {
        shape: vec![3],
        elems: [1.5f32, 2.5, 3.5]
            .iter()
            .map(|f| RtValue::Float(f.to_bits() as u64))
            .collect(),
    }];
    let wrong = [
        (
            "pair",
            &pair_args,
            "define { i32, i64 } @_mlir_ciface_pair(i32 %0, i64 %1) {\n  \
             %3 = call { i32, i64 } @pair(i32 %0, i64 %1)\n  ret { i32, i64 } %3\n}",
        ),
        (
            "second",
            &second_args,
            "define float @_mlir_ciface_second({ ptr, ptr, i64, [1 x i64], [1 x i64] } %0) {\n  \
             %a = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 0\n  \
             %b = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 1\n  \
             %c = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 2\n  \
             %d = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 3, 0\n  \
             %e = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 4, 0\n  \
             %r = call float @second(ptr %a, ptr %b, i64 %c, i64 %d, i64 %e)\n  ret float %r\n}",
        ),
        (
            "second",
            &second_args,
            "define float @_mlir_ciface_second(ptr %0) {\n  \
             %d = load { ptr, ptr, i32, [1 x i32], [1 x i32] }, ptr %0, align 8\n  \
             %a = extractvalue { ptr, ptr, i32, [1 x i32], [1 x i32] } %d, 0\n  \
             %b = extractvalue { ptr, ptr, i32, [1 x i32], [1 x i32] } %d, 1\n  \
             %c = extractvalue { ptr, ptr, i32, [1 x i32], [1 x i32] } %d, 2\n  \
             %s = extractvalue { ptr, ptr, i32, [1 x i32], [1 x i32] } %d, 3, 0\n  \
             %t = extractvalue { ptr, ptr, i32, [1 x i32], [1 x i32] } %d, 4, 0\n  \
             %c64 = sext i32 %c to i64\n  %s64 = sext i32 %s to i64\n  %t64 = sext i32 %t to i64\n  \
             %r = call float @second(ptr %a, ptr %b, i64 %c64, i64 %s64, i64 %t64)\n  ret float %r\n}",
        ),
    ];
    for (f, args, def) in wrong {
        let want = run_interp(&m, f, args, &opts);
        assert!(matches!(want, Outcome::Values(_)), "{want:?}");
        let entry = format!("_mlir_ciface_{f}");
        let c = expect::c_interface(m.func(f).and_then(|g| g.std_type()).expect("type"), 64)
            .expect("an interface");
        let call = jit::WorkerCall {
            entry: &entry,
            args,
            c_interface: Some(&c),
        };
        let values = |r: Result<Vec<RtValue>, jit::RunError>| -> Outcome {
            match r {
                Ok(vs) => {
                    let ts = m.func(f).and_then(|g| g.std_type()).expect("type");
                    Outcome::Values(ts.results.iter().cloned().zip(vs).collect())
                }
                Err(e) => Outcome::Crash(e.to_string()),
            }
        };
        // The correct wrapper, called as C expects, agrees ...
        let right = values(w.run_ir_call(&text, &ir, &call, &ropts));
        assert!(want.same_results(&right), "@{entry}: {want:?} vs {right:?}");
        // ... the wrong one does not: C's call does not adapt to it.
        let bad_ir = replace_definition(&ir, &entry, def);
        let got = values(w.run_ir_call(&text, &bad_ir, &call, &ropts));
        assert!(
            !want.same_results(&got),
            "@{entry} as {def}: {want:?} vs {got:?}"
        );
    }
}

/// Whether clang-22 is there to build C callers (a CI run requires it).
fn have_compiler() -> bool {
    let found = harness::abi::c_gen::find_program(harness::ciface::c_caller::COMPILER).is_some();
    assert!(
        found || std::env::var_os("CI").is_none(),
        "CI needs {}",
        harness::ciface::c_caller::COMPILER
    );
    found
}

#[test]
fn c_callers_agree_with_correct_wrappers_and_not_with_wrong_ones() {
    if !have_compiler() {
        return;
    }
    let m = parse();
    let cfg = harness::oracles::OracleConfig::default();
    let planned: Vec<harness::ciface::Planned<'_>> = [
        ("pair", vec![RtValue::Int(-7), RtValue::Int(1 << 40)]),
        (
            "second",
            vec![RtValue::MemRef {
                shape: vec![3],
                elems: [1.5f32, 2.5, 3.5]
                    .iter()
                    .map(|f| RtValue::Float(f.to_bits() as u64))
                    .collect(),
            }],
        ),
    ]
    .into_iter()
    .map(|(f, args)| harness::ciface::Planned {
        func: m.func(f).expect("defined"),
        want: run_interp(&m, f, &args, &cfg.exec),
        args,
        wrapper: format!("_mlir_ciface_{f}"),
    })
    .collect();
    let checks: Vec<(usize, &harness::ciface::Planned<'_>)> = planned.iter().enumerate().collect();
    let lowered = lower(&m, 64);
    let got = harness::ciface::c_caller::run(&lowered, &checks, 64).expect("C calls");
    for ((_, c), g) in checks.iter().zip(&got) {
        assert!(
            c.want.same_results(g),
            "@{}: {:?} vs {g:?}",
            c.wrapper,
            c.want
        );
    }
    // The wrapper returning its results by value, called from C as C expects.
    let ir = jit::translate_to_ir_string(&lowered).expect("translates");
    let bad = replace_definition(
        &ir,
        "_mlir_ciface_pair",
        "define { i32, i64 } @_mlir_ciface_pair(i32 %0, i64 %1) {\n  \
         %3 = call { i32, i64 } @pair(i32 %0, i64 %1)\n  ret { i32, i64 } %3\n}",
    );
    let got = harness::ciface::c_caller::run_ir(&bad, &checks, 64).expect("C calls");
    let pair = checks
        .iter()
        .position(|(_, c)| c.func.name == "pair")
        .expect("pair");
    assert!(
        !checks[pair].1.want.same_results(&got[pair]),
        "{:?}",
        got[pair]
    );
}

#[test]
fn generated_modules_pass_the_c_callers() {
    if !have_compiler() {
        return;
    }
    let cfg = harness::oracles::OracleConfig {
        jit_in_process: true,
        c_caller_every: 1,
        ..harness::oracles::OracleConfig::default()
    };
    let mut called = 0;
    for seed in 0..40u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        let v = harness::oracles::check_generated(&m, &cfg).verdict;
        assert!(!v.is_finding(), "seed {seed}: {v}");
        called += harness::oracles::c_interface::plan(&m, &cfg)
            .checks
            .iter()
            .any(|c| harness::ciface::c_caller::covered(c.func, 64)) as usize;
    }
    assert!(
        called >= 5,
        "C called wrappers in only {called} of 40 modules"
    );
}
