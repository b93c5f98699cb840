//! Every runnable program of `corpus/` through MLIR 13's own lowering (issue 41): each
//! `run:` line that expects values, of every file whose module MLIR 13 can take (its
//! `llvm.func`s included, exported with typed pointers), under the file's options. The
//! modules are exported in MLIR 13's syntax and lowered by `mlir-opt-13` in one batch per
//! option set; MLIR 13's LLVM dialect is read back and run by `llinterp`, and by
//! `mlir-cpu-runner` where the entry takes nothing and returns one `i32`, `i64` or `f32`;
//! both must agree with the Standard interpreter. A program MLIR 13 cannot lower
//! because of a documented MLIR 13 bug counts apart, as does one the upstream path
//! does not take (`upstream_cannot_lower`, the bare pointer rule, `engines::upstream::
//! takes`); the exporter refuses none. Skipped without `mlir-opt-13`, a failure under `CI`.

use converter::syntax::{export_for, parse_module, Release};
use harness::exec::{self, ExecOptions};
use harness::filetest::directives::{parse_directives, Directive, Expect};
use harness::upstream_release;
use stdlower_front::options::PassOptions;

/// The documented wrong values of MLIR 13 a corpus program shows: its file and the
/// finding. The program must still differ (a release that computed it right would be a
/// change to look at).
const WRONG_VALUES: &[(&str, &str)] = &[(
    "probe/casts_index.mlir",
    "docs/findings/mlir13-index-cast-fold-zext.md",
)];

/// One runnable program: a file, its module and options, and its `run:` lines (entry,
/// argument texts).
struct Program {
    name: String,
    m: converter::ir::Module,
    exec: ExecOptions,
    runs: Vec<(String, Vec<String>)>,
    text: String,
}

/// Why the upstream path does not take `m` under `exec` (as `run --via upstream` says),
/// if it does not.
fn not_taken(m: &converter::ir::Module, exec: &ExecOptions) -> Option<String> {
    if let Some(d) = harness::upstream::upstream_cannot_lower(m) {
        return Some(d.message);
    }
    if let Err(e) = harness::upstream::bare_ptr_cannot_lower(m, exec.pass) {
        return Some(e.to_string());
    }
    if !harness::engines::upstream::takes(m, exec) {
        return Some(
            "the upstream engine does not take its options (engines::upstream::takes)".into(),
        );
    }
    let unregistered = m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
        b.walk_ops()
            .any(|o| b.op(o).kind == converter::ir::OpKind::Unregistered)
    });
    unregistered.then(|| "unregistered ops, which no pipeline lowers".into())
}

/// The corpus's runnable programs, and the files not taken with the reason.
fn programs() -> (Vec<Program>, Vec<String>, Vec<String>) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let (mut programs, mut not_for_13, mut refused) = (Vec::new(), Vec::new(), Vec::new());
    for f in harness::filetest::discover(&[root.to_string()]) {
        let Ok(src) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Ok(directives) = parse_directives(&src) else {
            continue;
        };
        if directives.iter().any(|d| d.expected_error().is_some()) {
            continue;
        }
        let runs: Vec<(String, Vec<String>)> = directives
            .into_iter()
            .filter_map(|d| match d {
                Directive::Exec {
                    level: None,
                    entry,
                    args,
                    expect: Expect::Values(_),
                    ..
                } => Some((entry, args)),
                _ => None,
            })
            .collect();
        let name = f.display().to_string();
        let short = name.split("/corpus/").last().unwrap_or(&name).to_string();
        let (Ok(m), Ok(exec), false) = (
            parse_module(&name, src.as_bytes()),
            ExecOptions::default().with_file_options(&src),
            runs.is_empty(),
        ) else {
            continue;
        };
        if let Some(why) = not_taken(&m, &exec) {
            not_for_13.push(format!("{short}: {why}"));
            continue;
        }
        match export_for(&m, Release::MLIR13, true) {
            Ok(text) => programs.push(Program {
                name: short,
                m,
                exec,
                runs,
                text,
            }),
            Err(d) => refused.push(format!("{short}: {d}")),
        }
    }
    (programs, not_for_13, refused)
}

/// MLIR 13's printing of a lowering of `file`, read back with its locations and made
/// what our verifier checks (`upstream_release::read::legalize`).
fn read_back(file: &str, text: &str) -> Result<converter::ir::Module, String> {
    let mut l = converter::syntax::parse_module_with_locs("lowered.mlir", text.as_bytes(), file)
        .map_err(|d| d.to_string())?;
    upstream_release::read::legalize(&mut l);
    converter::verify::verify_llvm_module(&l).map_err(|ds| ds[0].to_string())?;
    Ok(l)
}

/// The `-entry-point-result` `mlir-cpu-runner` can return for `entry` of `m` called with
/// no arguments: its one `i32`, `i64` or `f32` result.
fn cpu_runner_result(m: &converter::ir::Module, entry: &str) -> Option<&'static str> {
    let (inputs, results) = exec::entry_signature(m, entry).ok()?;
    let [t] = &results[..] else { return None };
    if !inputs.is_empty() {
        return None;
    }
    use converter::ir::Type;
    match t {
        Type::Int(32) => Some("i32"),
        Type::Int(64) => Some("i64"),
        Type::F32 => Some("f32"),
        _ => None,
    }
}

/// Whether `mlir-cpu-runner`'s printing of a `ty` equals the interpreter's `value`:
/// mlir-cpu-runner 13 prints an infinity as `INF` whatever its sign, so non-finite floats
/// compare by class, and a float with 7 significant digits (`1.234485e+08`), so finite
/// ones compare to that precision.
fn runner_agrees(ty: &str, printed: &str, value: &str) -> bool {
    match ty {
        "f32" => match (printed.parse::<f64>(), value.parse::<f64>()) {
            (Ok(p), Ok(v)) if !v.is_finite() => p.is_nan() == v.is_nan(),
            (Ok(p), Ok(v)) => p == v || (p - v).abs() <= 5e-7 * v.abs(),
            _ => false,
        },
        _ => printed == value,
    }
}

#[test]
fn every_runnable_corpus_program_agrees_through_mlir_13() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    assert_eq!(t.release, Release::MLIR13, "{t:?}");
    let runner = t.tools.mlir_opt.with_file_name("mlir-cpu-runner");
    let (programs, not_for_13, refused) = programs();
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    // One batch per option set.
    let mut groups: Vec<((u32, PassOptions), Vec<usize>)> = Vec::new();
    for (i, p) in programs.iter().enumerate() {
        let key = (p.exec.index_bitwidth, p.exec.pass);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(i),
            None => groups.push((key, vec![i])),
        }
    }
    let mut lowered: Vec<Option<Result<String, String>>> = vec![None; programs.len()];
    for ((ibw, pass), members) in &groups {
        let mut args = upstream_release::pipeline(Release::MLIR13, *ibw, *pass, dl);
        args.push("--mlir-print-debuginfo".into());
        let texts: Vec<String> = members.iter().map(|&i| programs[i].text.clone()).collect();
        for (&i, r) in members
            .iter()
            .zip(upstream_release::lower_batch(&t, &texts, &args))
        {
            lowered[i] = Some(r);
        }
    }
    let (mut llinterp_runs, mut runner_runs) = (0, 0);
    let (mut known, mut wrong_known, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    for (p, up) in programs.iter().zip(lowered) {
        let up = match up.expect("every program is in a batch") {
            Ok(up) => up,
            Err(e) => {
                match upstream_release::known::classify(Release::MLIR13, &e) {
                    Some(b) => known.push(format!("{}: {}", p.name, b.bug.doc)),
                    None => failures.push(format!("{}: {e}", p.name)),
                }
                continue;
            }
        };
        let l = match read_back(&p.m.file, &up) {
            Ok(l) => l,
            Err(e) => {
                // What our verifier rejects, MLIR 13's own translation may too: a
                // documented bug when its message is one.
                let translated = upstream_release::translate_batch(&t, std::slice::from_ref(&up));
                match translated.first().and_then(|r| r.as_ref().err()) {
                    Some(te) => match upstream_release::known::classify(Release::MLIR13, te) {
                        Some(b) => known.push(format!("{}: {}", p.name, b.bug.doc)),
                        None => failures.push(format!("{}: {te}", p.name)),
                    },
                    None => failures.push(format!(
                        "{}: reading MLIR 13's lowering back (which its mlir-translate takes): {e}",
                        p.name
                    )),
                }
                continue;
            }
        };
        let lower = p.exec.pass.lower_options(p.exec.index_bitwidth, false);
        let documented = WRONG_VALUES.iter().find(|(f, _)| *f == p.name);
        let mut wrong = Vec::new();
        for (entry, arg_texts) in &p.runs {
            let argv = exec::parse_args(&p.m, entry, arg_texts).expect("the run line's arguments");
            let traced = exec::run_interp_traced(&p.m, entry, &argv, &p.exec);
            let fuel = traced
                .steps
                .map_or(20_000_000, harness::oracles::llvm_level_fuel);
            let want = traced.outcome;
            let got = exec::run_llvm_level(&p.m, &l, &lower, entry, &argv, fuel);
            if got.same_results(&want) {
                llinterp_runs += 1;
            } else {
                wrong.push(format!(
                    "{}: @{entry}: llinterp on MLIR 13's lowering:\n{}interp:\n{}",
                    p.name,
                    got.render(),
                    want.render()
                ));
            }
            let Some(ty) = cpu_runner_result(&p.m, entry).filter(|_| runner.is_file()) else {
                continue;
            };
            let out = harness::upstream::run_tool(
                &runner,
                &[
                    "-e".into(),
                    entry.clone(),
                    format!("-entry-point-result={ty}"),
                ],
                &up,
                harness::upstream::TOOL_TIMEOUT,
            );
            let value = want.render();
            let value = value.split_whitespace().nth(1).unwrap_or("").to_string();
            match out {
                Ok(printed) if runner_agrees(ty, printed.trim(), &value) => runner_runs += 1,
                Ok(printed) => wrong.push(format!(
                    "{}: @{entry}: mlir-cpu-runner printed {printed:?}, interp {value}",
                    p.name
                )),
                Err(e) => match upstream_release::known::classify(Release::MLIR13, &e) {
                    Some(b) => known.push(format!(
                        "{}: @{entry}: mlir-cpu-runner: {}",
                        p.name, b.bug.doc
                    )),
                    None => failures.push(format!("{}: @{entry}: mlir-cpu-runner: {e}", p.name)),
                },
            }
        }
        match (documented, wrong.is_empty()) {
            (Some((_, doc)), false) => wrong_known.push(format!("{}: {doc}", p.name)),
            (Some((_, doc)), true) => failures.push(format!(
                "{}: MLIR 13 computes the interpreter's values, though {doc} says it does not",
                p.name
            )),
            (None, _) => failures.extend(wrong),
        }
    }
    let runs: usize = programs.iter().map(|p| p.runs.len()).sum();
    eprintln!(
        "{} corpus programs ({runs} run lines) exported for MLIR 13: {llinterp_runs} run lines \
         agree with llinterp on MLIR 13's lowering, {runner_runs} with mlir-cpu-runner\n\
         documented MLIR 13 bugs ({}):\n  {}\n\
         not taken by the upstream path ({}):\n  {}\n\
         refused by the exporter ({}):\n  {}",
        programs.len(),
        known.len() + wrong_known.len(),
        known
            .iter()
            .chain(&wrong_known)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n  "),
        not_for_13.len(),
        not_for_13.join("\n  "),
        refused.len(),
        refused.join("\n  "),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        refused.is_empty(),
        "the exporter refused:\n{}",
        refused.join("\n")
    );
    assert_eq!(wrong_known.len(), WRONG_VALUES.len(), "{wrong_known:?}");
    assert!(
        llinterp_runs >= 250,
        "only {llinterp_runs} run lines agreed"
    );
    assert!(
        runner.is_file() && runner_runs >= 80,
        "only {runner_runs} mlir-cpu-runner runs"
    );
}
