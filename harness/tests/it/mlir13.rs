//! MLIR 13 as an upstream peer (`harness/src/upstream_release.rs`): every corpus module
//! our lowering lowers, and generated modules, exported in MLIR 13's syntax
//! (`export_for(.., Release::MLIR13, ..)`), are lowered by `mlir-opt-13`'s own
//! `-convert-std-to-llvm` pipeline, all in a few `--split-input-file` processes
//! (`lower_batch`); a batch with a broken case still gives each other case its
//! result. The LLVM dialect MLIR 13 prints (typed pointers) reads back and verifies.
//! Skipped without `mlir-opt-13`, a failure under `CI`.

use converter::lower::{lower_module, LowerOptions};
use converter::syntax::{export_for, parse_module, Release};
use harness::upstream_release::{self, Toolchain};

fn pipeline13() -> Vec<String> {
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    upstream_release::pipeline(Release::MLIR13, 64, Default::default(), dl)
}

/// Whether MLIR 13 has a reason of its own not to lower `m` (what MLIR 22's path
/// refuses too: `upstream_cannot_lower`, and unregistered ops, which no pipeline lowers).
fn not_for_upstream(m: &converter::ir::Module) -> bool {
    harness::upstream::upstream_cannot_lower(m).is_some()
        || m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
            b.walk_ops()
                .any(|o| b.op(o).kind == converter::ir::OpKind::Unregistered)
        })
}

#[test]
fn mlir_opt_13_lowers_every_exported_module_in_batches() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let mut texts = Vec::new();
    let mut names = Vec::new();
    let mut refused = Vec::new();
    let mut modules = Vec::new();
    for crate::common::CorpusModule { name, bytes, m } in crate::common::corpus_modules() {
        if lower_module(&m, &LowerOptions::default()).is_err()
            || crate::common::expects_errors(&bytes)
        {
            continue;
        }
        modules.push((name, m));
    }
    for seed in 0..40 {
        let m = generator::generate_from_seed(seed, &generator::GenConfig::default());
        modules.push((format!("gen --seed {seed}"), m));
    }
    for (name, m) in modules {
        if not_for_upstream(&m) {
            continue;
        }
        match export_for(&m, Release::MLIR13, false) {
            Ok(text) => {
                texts.push(text);
                names.push(name);
            }
            Err(d) => refused.push(format!("{name}: {d}")),
        }
    }
    let start = std::time::Instant::now();
    let mut failures = Vec::new();
    let mut known = Vec::new();
    let mut lowered = 0;
    for (chunk, chunk_names) in texts.chunks(64).zip(names.chunks(64)) {
        for (r, name) in upstream_release::lower_batch(&t, chunk, &pipeline13())
            .into_iter()
            .zip(chunk_names)
        {
            match r {
                Ok(out) if !out.contains("unrealized_conversion_cast") => lowered += 1,
                Ok(out) => failures.push(format!("{name}: left unconverted:\n{out}")),
                Err(e) => match upstream_release::known::classify(Release::MLIR13, &e) {
                    Some(b) => known.push(format!("{name}: {} ({})", b.status(), b.bug.doc)),
                    None => failures.push(format!("{name}: {e}")),
                },
            }
        }
    }
    let batch_secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{lowered} modules lowered by mlir-opt-13 in {:.2} s; {} hit a documented MLIR 13 bug:\n{}\nthe exporter refused {}:\n{}",
        batch_secs,
        known.len(),
        known.join("\n"),
        refused.len(),
        refused.join("\n")
    );
    // The same first 10 modules one process each, for the rate batching buys.
    let alone = std::time::Instant::now();
    let n = texts.len().min(10);
    for text in &texts[..n] {
        let _ = harness::upstream::run_tool(
            &t.tools.mlir_opt,
            &pipeline13(),
            text,
            harness::upstream::TOOL_TIMEOUT,
        );
    }
    let batched_rate = texts.len() as f64 / batch_secs;
    eprintln!(
        "mlir-opt-13: {batched_rate:.0} modules/s in batches of 64, {:.0} modules/s one process each",
        n as f64 / alone.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(lowered > 100, "only {lowered} modules lowered");
}

#[test]
fn a_broken_case_in_a_batch_keeps_the_others_results() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let good = |n: i32| {
        format!("func @f{n}() -> i32 {{\n  %c = constant {n} : i32\n  return %c : i32\n}}\n")
    };
    let bad = "func @g() -> i32 {\n  %c = constant 1 : i64\n  return %c : i32\n}\n".to_string();
    let texts = vec![good(1), bad.clone(), good(3), bad, good(5)];
    let r = upstream_release::lower_batch(&t, &texts, &pipeline13());
    assert_eq!(r.len(), 5);
    for (i, n) in [(0, 1), (2, 3), (4, 5)] {
        let out = r[i].as_ref().expect("lowered");
        assert!(
            out.contains(&format!("llvm.func @f{n}()")) && out.contains(&format!("({n} : i32)")),
            "case {i}: {out}"
        );
    }
    for i in [1, 3] {
        let e = r[i].as_ref().expect_err("the broken case fails");
        assert!(e.contains("expects different type"), "case {i}: {e}");
    }
}

#[test]
fn mlir_13_lowering_reads_back_with_typed_pointers() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let src = "func @main() -> f32 {\n  %m = alloc() : memref<4xf32>\n  %i = constant 1 : index\n  %f = constant 1.5 : f32\n  store %f, %m[%i] : memref<4xf32>\n  %l = load %m[%i] : memref<4xf32>\n  dealloc %m : memref<4xf32>\n  return %l : f32\n}\n";
    let m = parse_module("t.mlir", src.as_bytes()).unwrap();
    let text = export_for(&m, Release::MLIR13, false).unwrap();
    let out = upstream_release::lower_batch(&t, &[text], &pipeline13())
        .pop()
        .unwrap()
        .expect("lowered");
    assert!(out.contains("!llvm.ptr<f32>"), "{out}");
    let lowered = parse_module("lowered.mlir", out.as_bytes()).expect("reads back");
    converter::verify::verify_llvm_module(&lowered).expect("verifies with typed pointers");
    let f = lowered.funcs.iter().find(|f| f.name == "main");
    assert!(f.is_some_and(|f| f.body.is_some()));
}

/// Our lowering against MLIR 13's, as the `upstream-structure` oracle compares them with
/// `--mlir-bin` (MLIR 13's text normalized by `upstream_release::comparable`'s steps).
fn structure13(
    t: &Toolchain,
    m: &converter::ir::Module,
    ours: &str,
) -> Result<Result<(), String>, String> {
    let text = export_for(m, Release::MLIR13, false).map_err(|d| d.to_string())?;
    let up = upstream_release::lower_batch(t, &[text], &pipeline13())
        .pop()
        .unwrap()?;
    let up = upstream_release::typed::indirect_call_types(
        &upstream_release::typed::opaque_pointers(&up),
    );
    let std = harness::upstream_structure::normalize::StdInfo::of(m, 64);
    Ok(harness::upstream_structure::compare_texts(&std, ours, &up))
}

fn our_text(m: &converter::ir::Module) -> String {
    let lowered = lower_module(m, &LowerOptions::default()).expect("lowers");
    converter::llvm_print::print_llvm(&lowered, converter::llvm_print::Syntax::Modern)
}

#[test]
fn the_structure_of_mlir_13s_lowering_is_ours_and_a_wrong_one_is_caught() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let mut cases = Vec::new();
    for seed in 0..100 {
        let m = generator::generate_from_seed(seed, &generator::GenConfig::default());
        if not_for_upstream(&m) {
            continue;
        }
        // Not exportable for 13 (an llvm.func body): not compared.
        if let Ok(text) = export_for(&m, Release::MLIR13, false) {
            cases.push((seed, m, text));
        }
    }
    let texts: Vec<String> = cases.iter().map(|c| c.2.clone()).collect();
    let mut compared = 0;
    let mut differ = Vec::new();
    for ((seed, m, _), up) in
        cases
            .iter()
            .zip(upstream_release::lower_batch(&t, &texts, &pipeline13()))
    {
        // A documented MLIR 13 failure: not compared.
        let Ok(up) = up else { continue };
        let up = upstream_release::typed::indirect_call_types(
            &upstream_release::typed::opaque_pointers(&up),
        );
        let std = harness::upstream_structure::normalize::StdInfo::of(m, 64);
        match harness::upstream_structure::compare_texts(&std, &our_text(m), &up) {
            Ok(()) => compared += 1,
            Err(d) => differ.push(format!("gen --seed {seed}: {d}")),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(compared >= 10, "only {compared} modules compared");
    // A lowering that loses the memory space of a memref argument's pointers.
    let src = "func @f(%m: memref<4xf32, 3>) -> f32 {\n  %c = constant 1 : index\n  %v = load %m[%c] : memref<4xf32, 3>\n  return %v : f32\n}\n";
    let m = parse_module("m.mlir", src.as_bytes()).unwrap();
    let right = our_text(&m);
    assert_eq!(structure13(&t, &m, &right), Ok(Ok(())));
    let wrong = right.replace("!llvm.ptr<3>", "!llvm.ptr");
    assert_ne!(wrong, right);
    let d = structure13(&t, &m, &wrong).unwrap().unwrap_err();
    assert!(
        d.contains("@f: parameter 0 type: ours `!llvm.ptr`, upstream `!llvm.ptr<3>`"),
        "{d}"
    );
}

// Every runnable corpus program through MLIR 13 (llinterp and mlir-cpu-runner): see
// `export_release13.rs`.

#[test]
fn the_command_line_exports_per_release_and_points_at_any_mlir() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/probe/casts_index.mlir"
    );
    // Releases before 13 are a usage error; 13's syntax is the Standard dialect's.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["export", "--release", "12", file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let (ok, text, err) = crate::common::stdlower(&["export", "--release", "13", file]);
    assert!(ok, "{err}");
    assert!(
        text.contains("func @main()") && text.contains("index_cast"),
        "{text}"
    );
    assert!(
        !text.contains("arith.") && !text.contains("func.func"),
        "{text}"
    );
    // A directory without mlir-opt is bad input, named.
    let (ok, _, err) = crate::common::stdlower(&[
        "run",
        "--via",
        "upstream",
        "--mlir-bin",
        "/nonexistent-mlir-bin",
        file,
    ]);
    assert!(
        !ok && err.contains("mlir-opt not found in /nonexistent-mlir-bin"),
        "{err}"
    );
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let bin = t.tools.mlir_opt.parent().unwrap().display().to_string();
    // The same program through MLIR 13's lowering, natively and at the LLVM level: MLIR
    // 13's constant folder gives the i128 its documented wrong value
    // (docs/findings/mlir13-index-cast-fold-zext.md), the rest agrees with interp.
    let (ok, interp, err) = crate::common::stdlower(&["interp", file]);
    assert!(ok, "{err}");
    for how in ["run", "interp"] {
        let (ok, got, err) =
            crate::common::stdlower(&[how, "--via", "upstream", "--mlir-bin", &bin, file]);
        assert!(ok, "{how}: {err}");
        let wrong = interp.replace("i128 -1", "i128 18446744073709551615");
        assert_eq!(got, wrong, "{how}");
    }
}

/// MLIR 13's typed-pointer LLVM IR goes to the JIT as text where LLVM 22's parser reads
/// it (`upstream_release::native_ir`): each generated module's `main` gives the same
/// outcome that way as through the release's `llvm-as` to bitcode and LLVM 22's
/// `llvm-dis` back to text (the route of every module before, three processes more a
/// case), with and without `use-aligned-alloc` (whose `urem` constant expression only
/// the bitcode route reads).
#[test]
fn mlir_13_llvm_ir_runs_the_same_as_text_and_through_its_bitcode() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let llvm_as = t.tools.mlir_opt.parent().unwrap().join("llvm-as");
    let llvm_dis = harness::upstream_tools::find_tool("llvm-dis").expect("llvm-dis 22");
    assert!(llvm_as.is_file(), "{} (llvm-13)", llvm_as.display());
    let through_bitcode = |ir: &str| -> String {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut asm = Command::new(&llvm_as)
            .args(["-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("llvm-as 13");
        let mut input = asm.stdin.take().unwrap();
        let text = ir.to_string();
        let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
        let bitcode = asm.wait_with_output().expect("llvm-as 13 runs");
        writer.join().unwrap().expect("llvm-as 13 reads");
        assert!(bitcode.status.success(), "llvm-as 13 failed:\n{ir}");
        let mut dis = Command::new(&llvm_dis)
            .args(["-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("llvm-dis 22");
        let mut input = dis.stdin.take().unwrap();
        let writer = std::thread::spawn(move || input.write_all(&bitcode.stdout));
        let out = dis.wait_with_output().expect("llvm-dis 22 runs");
        writer.join().unwrap().expect("llvm-dis 22 reads");
        assert!(out.status.success(), "llvm-dis 22 failed:\n{ir}");
        String::from_utf8(out.stdout).expect("text")
    };
    let mut modules = Vec::new();
    let mut texts = Vec::new();
    for seed in 0..120 {
        let m = generator::generate_from_seed(seed, &generator::GenConfig::default());
        if not_for_upstream(&m) {
            continue;
        }
        if let Ok(text) = export_for(&m, Release::MLIR13, false) {
            texts.push(text);
            modules.push((seed, m));
        }
    }
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    let (mut ran, mut valued, mut unparsed) = (0, 0, 0);
    for aligned in [false, true] {
        let pass = stdlower_front::options::PassOptions {
            use_aligned_alloc: aligned,
            use_bare_ptr_memref_call_conv: false,
        };
        let args = upstream_release::pipeline(Release::MLIR13, 64, pass, dl);
        let lowered = upstream_release::lower_batch(&t, &texts, &args);
        let dialects: Vec<(usize, String)> = lowered
            .into_iter()
            .enumerate()
            .filter_map(|(k, d)| Some((k, d.ok()?)))
            .collect();
        let lowered: Vec<String> = dialects.iter().map(|(_, d)| d.clone()).collect();
        let irs = upstream_release::translate_batch(&t, &lowered);
        let opts = harness::exec::ExecOptions {
            pass,
            ..Default::default()
        };
        for ((k, _), ir) in dialects.iter().zip(irs) {
            let Ok(ir) = ir else { continue };
            let (seed, m) = &modules[*k];
            assert!(ir.contains('*'), "seed {seed}: no typed pointer in\n{ir}");
            unparsed += usize::from(jit::ir_parses(&ir).is_err());
            let native = upstream_release::native_ir(&t, ir.clone()).expect("native IR");
            let as_given = harness::native::run_ir_in_process(m, &native, "main", &[], &opts);
            let bitcode =
                harness::native::run_ir_in_process(m, &through_bitcode(&ir), "main", &[], &opts);
            assert_eq!(as_given, bitcode, "seed {seed}, aligned {aligned}:\n{ir}");
            ran += 1;
            valued += usize::from(matches!(as_given, harness::exec::Outcome::Values(_)));
        }
    }
    eprintln!("{ran} ran, {unparsed} through bitcode");
    assert!(unparsed > 0, "no module took the bitcode route");
    assert!(
        ran >= 12 && valued >= 8,
        "{ran} ran, {valued} with values, of {} exported",
        modules.len()
    );
}

/// The toolchain of `mlir-opt-N` on `PATH`, if installed (releases 14 to 16 are not
/// in `scripts/setup.sh`: their tests skip without them, under `CI` too).
fn installed(n: u32) -> Option<Toolchain> {
    let p = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(format!("mlir-opt-{n}")))
            .find(|p| p.is_file())
    })?;
    let dir = std::fs::canonicalize(p).ok()?.parent()?.to_path_buf();
    upstream_release::resolve(Some(&dir)).ok()
}

#[test]
fn releases_14_to_16_lower_the_corpus_exported_in_their_syntax() {
    let mut modules = Vec::new();
    for crate::common::CorpusModule { name, bytes, m } in crate::common::corpus_modules() {
        if lower_module(&m, &LowerOptions::default()).is_ok()
            && !crate::common::expects_errors(&bytes)
            && !not_for_upstream(&m)
        {
            modules.push((name, m));
        }
    }
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    for n in [14, 15, 16] {
        let Some(t) = installed(n) else {
            eprintln!("mlir-opt-{n} not installed: skipped");
            continue;
        };
        let (names, texts): (Vec<&String>, Vec<String>) = modules
            .iter()
            .filter_map(|(name, m)| Some((name, export_for(m, t.release, false).ok()?)))
            .unzip();
        let args = upstream_release::pipeline(t.release, 64, Default::default(), dl);
        let mut failures = Vec::new();
        let mut lowered = 0;
        for (name, r) in names
            .iter()
            .zip(upstream_release::lower_batch(&t, &texts, &args))
        {
            match r {
                Ok(out) if !out.contains("unrealized_conversion_cast") => lowered += 1,
                Ok(_) => failures.push(format!("{name}: left unconverted")),
                Err(e) if upstream_release::known::classify(t.release, &e).is_some() => {}
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
        eprintln!(
            "MLIR {n}: {lowered} of {} exported modules lowered",
            texts.len()
        );
        assert!(failures.is_empty(), "MLIR {n}:\n{}", failures.join("\n\n"));
        assert!(lowered > 200, "MLIR {n}: only {lowered} lowered");
    }
}
