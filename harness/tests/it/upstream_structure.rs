//! The `upstream-structure` oracle against the real `mlir-opt` 22: generated modules
//! agree with upstream's lowering (at index widths 64 and 32), and lowerings made wrong
//! on purpose in ways no other oracle sees (a dropped `free`, a pointer moved to
//! another address space, a changed parameter type, an attribute added or dropped) are
//! findings that name the function. Skipped when `mlir-opt` is not installed, except
//! under `CI`, where that fails.

use converter::lower::{lower_module, LowerOptions};
use converter::syntax::parse_module;
use harness::exec::{run_interp, ExecOptions};
use harness::upstream_structure::{self as us, Outcome, Pending};

/// Whether the tools are here; under `CI` their absence fails the test.
fn tools_present() -> bool {
    if us::available() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "mlir-opt 22 is not installed, and CI is set"
    );
    eprintln!("mlir-opt 22 not installed: skipped");
    false
}

/// Prepares and compares the modules of `seeds` at an index width, in one batch.
fn outcomes(seeds: impl Iterator<Item = u64>, ib: u32) -> Vec<(u64, Outcome)> {
    let mut pending: Vec<(u64, Pending)> = Vec::new();
    for seed in seeds {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        if let Ok(p) = us::prepare(&m, ib) {
            pending.push((seed, p));
        }
    }
    let refs: Vec<&Pending> = pending.iter().map(|(_, p)| p).collect();
    let answers = us::lower_pending(&refs);
    pending
        .iter()
        .zip(answers)
        .map(|((s, p), a)| (*s, us::resolve(p, a)))
        .collect()
}

fn assert_all_agree(ib: u32) {
    if !tools_present() {
        return;
    }
    // `STDLOWER_STRUCTURE_SEEDS=N` checks more seeds (the default keeps `cargo test` quick).
    let n: u64 = std::env::var("STDLOWER_STRUCTURE_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let seeds = (0..n).map(|i| harness::campaign::case_seed(20261124, i));
    let out = outcomes(seeds, ib);
    let compared = out
        .iter()
        .filter(|(_, o)| !matches!(o, Outcome::Unsupported(_)))
        .count();
    for (seed, o) in &out {
        assert!(
            !matches!(o, Outcome::Finding(_)),
            "index width {ib}, stdlower gen --swarm --seed {seed}: {o:?}"
        );
    }
    // Not compared: modules upstream cannot lower (a `dealloc` in a nonzero memory
    // space, an `alloc` with a strided layout, a module's own `malloc(i64)` at a 32-bit
    // index: docs/upstream-differences.md); half must be compared (32 and 31 of the
    // first 50 are, at index widths 64 and 32).
    assert!(
        compared as u64 * 2 >= n,
        "only {compared} of {n} modules compared: {out:?}"
    );
    eprintln!("index width {ib}: {compared} of {n} modules compared, 0 findings");
}

#[test]
fn generated_modules_agree_with_upstream() {
    assert_all_agree(64);
}

#[test]
fn generated_modules_agree_with_upstream_at_index_width_32() {
    assert_all_agree(32);
}

/// A module with what the oracle compares: memref arguments, a C wrapper, an external
/// function, calls, `alloc`/`dealloc`.
const MODULE: &str = r#"module {
  func @ext(i32, memref<4xf32>) -> i32
  func @sum(%m: memref<4xf32>, %n: i32) -> f32 attributes {llvm.emit_c_interface} {
    %c0 = constant 0 : index
    %v = load %m[%c0] : memref<4xf32>
    return %v : f32
  }
  func @main() -> f32 {
    %m = alloc() : memref<4xf32>
    %c0 = constant 0 : index
    %x = constant 2.5 : f32
    store %x, %m[%c0] : memref<4xf32>
    %n = constant 7 : i32
    %r = call @sum(%m, %n) : (memref<4xf32>, i32) -> f32
    dealloc %m : memref<4xf32>
    return %r : f32
  }
}
"#;

/// Our lowering of [`MODULE`], its pending comparison and upstream's text.
fn lowered() -> (converter::ir::Module, Pending, String) {
    let m = parse_module("wrong.mlir", MODULE.as_bytes()).unwrap();
    let p = us::prepare(&m, 64).unwrap();
    let up = us::lower_pending(&[&p]).pop().unwrap().unwrap();
    (m, p, up)
}

/// The finding for our text `ours` in place of the real lowering.
fn verdict_for(p: &Pending, ours: String, up: &str) -> Outcome {
    let wrong = Pending { ours, ..p.clone() };
    us::resolve(&wrong, Ok(up.to_string()))
}

fn finding(o: Outcome) -> String {
    match o {
        Outcome::Finding(d) => d,
        other => panic!("expected a finding, got {other:?}"),
    }
}

/// Replaces the first line containing `pat` with `with(line)`.
fn edit(text: &str, pat: &str, with: impl Fn(&str) -> String) -> String {
    let mut done = false;
    text.lines()
        .map(|l| {
            if !done && l.contains(pat) {
                done = true;
                with(l)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn the_correct_lowering_agrees() {
    if !tools_present() {
        return;
    }
    let (_, p, up) = lowered();
    assert_eq!(us::resolve(&p, Ok(up)), Outcome::Agree);
}

/// `dealloc` lowered to nothing: no `free` call, no `free` declaration. The program
/// leaks but computes the same: the interpreter and the wrong module, translated by
/// `mlir-translate` and run natively, agree, so only this oracle reports it.
#[test]
fn a_lowering_without_free_is_caught_and_only_here() {
    if !tools_present() {
        return;
    }
    let (m, p, up) = lowered();
    let wrong: String = p
        .ours
        .lines()
        .filter(|l| !l.contains("@free"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(wrong, p.ours);
    let d = finding(verdict_for(&p, wrong.clone(), &up));
    assert!(d.contains("@free: upstream declares it"), "{d}");
    assert!(d.contains("@main: calls of @free"), "{d}");
    // The other oracles cannot see it: the wrong module translates and runs to the
    // interpreter's result.
    let tools = harness::upstream::tools().unwrap();
    let ir = harness::upstream::run_tool(
        &tools.mlir_translate,
        &["--mlir-to-llvmir".to_string()],
        &wrong,
        harness::upstream::TOOL_TIMEOUT,
    )
    .expect("mlir-translate accepts the wrong lowering");
    let opts = ExecOptions::default();
    let native = harness::native::run_ir_in_process(&m, &ir, "main", &[], &opts);
    let interp = run_interp(&m, "main", &[], &opts);
    assert!(
        interp.same_results(&native),
        "{}\n{}",
        interp.render(),
        native.render()
    );
}

#[test]
fn a_pointer_in_another_address_space_is_caught() {
    if !tools_present() {
        return;
    }
    let (_, p, up) = lowered();
    let wrong = edit(&p.ours, "llvm.func @ext(", |l| {
        l.replacen("!llvm.ptr", "!llvm.ptr<3>", 1)
    });
    let d = finding(verdict_for(&p, wrong, &up));
    assert!(
        d.contains("@ext: parameter 1 type: ours `!llvm.ptr<3>`, upstream `!llvm.ptr`"),
        "{d}"
    );
}

#[test]
fn a_changed_parameter_type_is_caught() {
    if !tools_present() {
        return;
    }
    let (_, p, up) = lowered();
    // The unused external's i32 becomes i64: nothing calls it, nothing runs differently.
    let wrong = edit(&p.ours, "llvm.func @ext(", |l| {
        l.replacen("(i32,", "(i64,", 1)
    });
    let d = finding(verdict_for(&p, wrong, &up));
    assert!(
        d.contains("@ext: parameter 0 type: ours `i64`, upstream `i32`"),
        "{d}"
    );
}

#[test]
fn dropped_and_added_attributes_are_caught() {
    if !tools_present() {
        return;
    }
    let (_, p, up) = lowered();
    // The function loses `llvm.emit_c_interface` (its wrapper stays).
    let wrong = edit(&p.ours, "llvm.func @sum(", |l| {
        l.replace(" attributes {llvm.emit_c_interface}", "")
    });
    let d = finding(verdict_for(&p, wrong, &up));
    assert!(
        d.contains("@sum: function attributes: ours `{}`, upstream `{llvm.emit_c_interface}`"),
        "{d}"
    );
    // A call site gains an attribute, a scalar argument gains one.
    let wrong = edit(&p.ours, "llvm.call @sum(", |l| {
        l.replacen(") : (", ") {extra.attr} : (", 1)
    });
    let d = finding(verdict_for(&p, wrong, &up));
    assert!(
        d.contains(": calls of @sum, call 0: ours `{extra.attr} : "),
        "{d}"
    );
    let wrong = edit(&p.ours, "llvm.func @sum(", |l| {
        l.replacen(": i32)", ": i32 {llvm.zeroext})", 1)
    });
    let d = finding(verdict_for(&p, wrong, &up));
    assert!(
        d.contains("@sum: parameter 5 attributes: ours `{llvm.zeroext}`, upstream `{}`"),
        "{d}"
    );
}

/// Attributes and address spaces, which our converter and generator do not produce
/// yet: `mlir-opt` lowers a hand-written upstream module; our side is the text a
/// correct lowering prints (the LLVM 11 rules: a memref argument's attributes on every
/// descriptor field, which upstream drops, see `expanded_argument_attributes`). It
/// agrees; each single edit of it is a finding naming the function.
#[test]
fn attributes_and_address_spaces_are_compared() {
    if !tools_present() {
        return;
    }
    let upstream_src = r#"func.func @f(%a: i32 {llvm.zeroext}, %m: memref<2xi8, 3> {llvm.noalias}) -> (i32 {llvm.signext}) attributes {llvm.emit_c_interface} {
  return %a : i32
}
func.func private @ext(i64 {llvm.inreg}, memref<?xf32, 1>) -> memref<2xi8, 5>
func.func @g(%x: i64, %m: memref<?xf32, 1>) -> i32 {
  %0 = func.call @ext(%x, %m) {some.attr = 1 : i32} : (i64, memref<?xf32, 1>) -> memref<2xi8, 5>
  %c = arith.constant 1 : i32
  return %c : i32
}
"#;
    let std_src = r#"func @f(%a: i32, %m: memref<2xi8, 3>) -> i32 attributes {llvm.emit_c_interface} {
  return %a : i32
}
func @ext(i64, memref<?xf32, 1>) -> memref<2xi8, 5>
func @g(%x: i64, %m: memref<?xf32, 1>) -> i32 {
  %c = constant 1 : i32
  return %c : i32
}
"#;
    let ours = r#"module {
  llvm.func @f(%arg0: i32 {llvm.zeroext}, %arg1: !llvm.ptr<3> {llvm.noalias}, %arg2: !llvm.ptr<3> {llvm.noalias}, %arg3: i64 {llvm.noalias}, %arg4: i64 {llvm.noalias}, %arg5: i64 {llvm.noalias}) -> (i32 {llvm.signext}) attributes {llvm.emit_c_interface} {
    llvm.return %arg0 : i32
  }
  llvm.func @_mlir_ciface_f(%arg0: i32 {llvm.zeroext}, %arg1: !llvm.ptr {llvm.noalias}) -> (i32 {llvm.signext}) {
    %6 = llvm.call @f(%arg0, %1, %2, %3, %4, %5) : (i32, !llvm.ptr<3>, !llvm.ptr<3>, i64, i64, i64) -> i32
    llvm.return %6 : i32
  }
  llvm.func @ext(i64 {llvm.inreg}, !llvm.ptr<1>, !llvm.ptr<1>, i64, i64, i64) -> !llvm.struct<(ptr<5>, ptr<5>, i64, array<1 x i64>, array<1 x i64>)>
  llvm.func @g(%arg0: i64, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>, %arg3: i64, %arg4: i64, %arg5: i64) -> i32 {
    %12 = llvm.call @ext(%arg0, %7, %8, %9, %10, %11) {some.attr = 1 : i32} : (i64, !llvm.ptr<1>, !llvm.ptr<1>, i64, i64, i64) -> !llvm.struct<(ptr<5>, ptr<5>, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %13 : i32
  }
}
"#;
    let up = us::lower_batch(&[upstream_src.to_string()], 64)
        .pop()
        .unwrap()
        .unwrap();
    let m = parse_module("attrs.mlir", std_src.as_bytes()).unwrap();
    let std = us::normalize::StdInfo::of(&m, 64);
    assert_eq!(us::compare_texts(&std, ours, &up), Ok(()));
    let wrong = |pat: &str, from: &str, to: &str| {
        let w = edit(ours, pat, |l| l.replacen(from, to, 1));
        assert_ne!(w, ours, "{from}");
        us::compare_texts(&std, &w, &up).unwrap_err()
    };
    let cases = [
        // A dropped scalar argument attribute.
        (
            "llvm.func @f(",
            "%arg0: i32 {llvm.zeroext}",
            "%arg0: i32",
            "@f: parameter 0 attributes",
        ),
        // A dropped result attribute.
        (
            "llvm.func @f(",
            "(i32 {llvm.signext})",
            "i32",
            "@f: result attributes",
        ),
        // The memref's address space lost.
        (
            "llvm.func @f(",
            "!llvm.ptr<3> {llvm.noalias}, %arg2",
            "!llvm.ptr {llvm.noalias}, %arg2",
            "@f: parameter 1 type: ours `!llvm.ptr`, upstream `!llvm.ptr<3>`",
        ),
        // The wrapper's scalar argument loses its attribute. (Its descriptor pointer's
        // `llvm.noalias` is normalized away: wrapper_descriptor_pointer_attributes.)
        (
            "llvm.func @_mlir_ciface_f(",
            "%arg0: i32 {llvm.zeroext}",
            "%arg0: i32",
            "@_mlir_ciface_f: parameter 0 attributes",
        ),
        // A declaration's argument attribute.
        (
            "llvm.func @ext(",
            "i64 {llvm.inreg}",
            "i64",
            "@ext: parameter 0 attributes",
        ),
        // The returned descriptor's address space.
        (
            "llvm.func @ext(",
            "(ptr<5>, ptr<5>",
            "(ptr<5>, ptr",
            "@ext: result type",
        ),
        // A call's discardable attribute dropped.
        (
            "llvm.call @ext(",
            " {some.attr = 1 : i32}",
            "",
            "@g: calls of @ext, call 0",
        ),
    ];
    for (pat, from, to, want) in cases {
        let d = wrong(pat, from, to);
        assert!(d.contains(want), "{from} -> {to}: {d}");
    }
}

/// A module `mlir-opt` rejects is not compared; the others of its batch still are.
#[test]
fn a_rejected_module_is_unsupported_and_spares_its_batch() {
    if !tools_present() {
        return;
    }
    let texts = vec![
        "func.func @a() {\n  func.return\n}\n".to_string(),
        "func.func @b( {\n".to_string(),
        "func.func @c() {\n  func.return\n}\n".to_string(),
    ];
    let out = us::lower_batch(&texts, 64);
    assert!(out[0].as_ref().is_ok_and(|t| t.contains("llvm.func @a()")));
    assert!(out[1].is_err());
    assert!(out[2].as_ref().is_ok_and(|t| t.contains("llvm.func @c()")));
}

/// The lowering the test compares is the converter's own (not a stale copy).
#[test]
fn pending_holds_our_lowering() {
    let m = parse_module("wrong.mlir", MODULE.as_bytes()).unwrap();
    let Ok(p) = us::prepare(&m, 64) else {
        return;
    };
    let l = lower_module(&m, &LowerOptions::default()).unwrap();
    assert_eq!(
        p.ours,
        converter::llvm_print::print_llvm(&l, converter::llvm_print::Syntax::Modern)
    );
}

/// The campaign samples it (`--structure-every`), its cases wait for a batch (here
/// with no `mlir-translate` cases to share it) and the report counts it.
#[test]
fn campaigns_and_check_run_it() {
    if !tools_present() {
        return;
    }
    let out = std::env::temp_dir().join(format!("stdlower-structure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args([
            "campaign", "--count", "60", "--seed", "5", "--jobs", "2", "--quiet",
        ])
        .args(["--reduce-seconds", "0", "--mlir-translate-every", "0"])
        .args(["--structure-every", "3", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(st.success(), "{st}");
    let rep: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let c = &rep["per_oracle"][us::ORACLE.as_str()];
    let unsupported = rep["per_oracle"][us::UNSUPPORTED.as_str()]["checked"]
        .as_u64()
        .unwrap_or(0);
    assert_eq!(
        c["checked"].as_u64().unwrap_or(0) + unsupported,
        20,
        "{rep}"
    );
    assert_eq!(c["findings"].as_u64(), Some(0), "{rep}");
    let _ = std::fs::remove_dir_all(&out);

    let file = std::env::temp_dir().join(format!("stdlower-structure-{}.mlir", std::process::id()));
    std::fs::write(&file, MODULE).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .arg("check")
        .arg(&file)
        .arg("--upstream-structure")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("upstream-structure oracle ran on 1 modules (0 not compared)"),
        "{text}"
    );
    let _ = std::fs::remove_file(&file);
}

/// A Standard terminator's attributes stay on the LLVM terminator it lowers to, on
/// both sides (LLVM 11's terminator lowering and MLIR 22's pass them on). The lowering
/// before 2026-11-28 dropped them: its text, the attributes edited out of our
/// lowering, is a finding that names the function and the terminators.
#[test]
fn terminator_attributes_are_compared() {
    if !tools_present() {
        return;
    }
    let src = "func @f(%a: i32, %c: i1) -> i32 {\n  cond_br %c, ^bb1(%a : i32), ^bb2 {test.c = 1 : i64}\n^bb1(%x: i32):\n  br ^bb2 {test.b}\n^bb2:\n  return {test.r = \"x\"} %a : i32\n}\nfunc @main() -> i32 {\n  %c = constant 1 : i1\n  %a = constant 5 : i32\n  %r = call @f(%a, %c) : (i32, i1) -> i32\n  return %r : i32\n}\n";
    let m = parse_module("terminators.mlir", src.as_bytes()).unwrap();
    let p = us::prepare(&m, 64).unwrap();
    let up = us::lower_pending(&[&p]).pop().unwrap().unwrap();
    assert_eq!(us::resolve(&p, Ok(up.clone())), Outcome::Agree);
    let dropped = p
        .ours
        .replace(" {test.c = 1 : i64}", "")
        .replace(" {test.b}", "")
        .replace(" {test.r = \"x\"}", "");
    assert_ne!(dropped, p.ours, "our lowering keeps the attributes");
    let d = finding(verdict_for(&p, dropped, &up));
    assert!(
        d.contains(
            "@f: terminators with attributes: ours ``, upstream `llvm.cond_br {test.c = 1 : i64}; \
             llvm.br {test.b}; llvm.return {test.r = \"x\"}`"
        ),
        "{d}"
    );
}
