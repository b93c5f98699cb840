//! Several cases' modules in one compilation (`jit::Jit::run_lowered_multi`, the
//! campaign's `--jit-group`): every module's calls answer exactly what they answer when
//! the module is compiled alone, in process and through the shared worker pool; a
//! crash in a group is the crashing module's alone; modules whose declarations differ
//! are not compiled together; and a campaign's verdicts do not depend on the grouping.

use converter::syntax::{parse_module, print_module, PrintOptions};
use converter::value::RtValue;
use harness::exec::{ExecOptions, Outcome};
use harness::jit_pool::JitPool;
use harness::native::{
    run_lowered_jit_batch_in_process, run_lowered_jit_multi_in_process, InProcessItem,
};
use harness::oracles::OracleConfig;
use std::process::Command;

/// A generated case the JIT may run in this process: its module, lowering, calls
/// (`main` and the C-interface oracle's plan) and options (the case's own).
struct Case {
    m: converter::ir::Module,
    lowered: converter::ir::Module,
    calls: Vec<(String, Vec<RtValue>)>,
    opts: ExecOptions,
}

fn cases(seeds: std::ops::Range<u64>) -> Vec<Case> {
    let base = OracleConfig::default();
    seeds
        .filter_map(|seed| {
            let (g, m) = generator::generate_swarm_from_seed(seed);
            let opts = ExecOptions {
                fuel: 2_000_000,
                ..base.exec.for_case(&g)
            };
            // As the oracles: only what the interpreter finishes reaches the JIT, and
            // never a shape LLVM 22 aborts on in process.
            if harness::fuzzing::may_hit_known_llvm_abort(&m)
                || !matches!(
                    harness::exec::run_interp(&m, "main", &[], &opts),
                    Outcome::Values(_)
                )
            {
                return None;
            }
            let lowered = converter::lower::lower_module(
                &m,
                &opts.pass.lower_options(opts.index_bitwidth, false),
            )
            .ok()?;
            let cfg = OracleConfig {
                exec: opts.clone(),
                ..OracleConfig::default()
            };
            let plan = harness::oracles::c_interface::plan(&m, &cfg);
            let calls = std::iter::once(("main".to_string(), Vec::new()))
                .chain(
                    plan.calls()
                        .into_iter()
                        .map(|(e, a)| (e.to_string(), a.to_vec())),
                )
                .collect();
            Some(Case {
                m,
                lowered,
                calls,
                opts,
            })
        })
        .collect()
}

fn borrowed(calls: &[(String, Vec<RtValue>)]) -> Vec<(&str, &[RtValue])> {
    calls.iter().map(|(e, a)| (e.as_str(), &a[..])).collect()
}

#[test]
fn grouped_modules_answer_like_each_alone_in_process() {
    let cases = cases(0..90);
    assert!(
        cases.len() >= 60,
        "only {} cases reach the JIT",
        cases.len()
    );
    let calls: Vec<_> = cases.iter().map(|c| borrowed(&c.calls)).collect();
    let widths: std::collections::HashSet<u32> =
        cases.iter().map(|c| c.opts.index_bitwidth).collect();
    assert_eq!(widths.len(), 2, "the cases mix index bit widths");
    let mut compiled = 0;
    for (chunk, chunk_calls) in cases.chunks(7).zip(calls.chunks(7)) {
        let items: Vec<InProcessItem<'_>> = chunk
            .iter()
            .zip(chunk_calls)
            .map(|(c, calls)| (&c.m, &c.lowered, &calls[..], &c.opts))
            .collect();
        let (grouped, n) = run_lowered_jit_multi_in_process(&items);
        compiled += n;
        for ((c, calls), got) in chunk.iter().zip(chunk_calls).zip(grouped) {
            let alone = run_lowered_jit_batch_in_process(&c.m, &c.lowered, calls, &c.opts);
            assert_eq!(
                got,
                alone,
                "{}",
                print_module(&c.m, &PrintOptions::default())
            );
            assert!(
                matches!(got.first(), Some(Some(Outcome::Values(_)))),
                "{got:?}"
            );
        }
    }
    let groups = cases.len().div_ceil(7);
    assert!(
        compiled < cases.len() / 2,
        "{compiled} compilations for {} cases in {groups} groups",
        cases.len()
    );
}

/// `main` returning `v`, and an unused declaration of `@ext` with parameter type `t`.
fn returning(v: i32, t: &str) -> converter::ir::Module {
    let text = format!(
        "func private @ext({t}) -> {t}\nfunc @main() -> i32 {{\n  %c = constant {v} : i32\n  return %c : i32\n}}\n"
    );
    parse_module("t.mlir", text.as_bytes()).expect("parses")
}

#[test]
fn modules_declaring_a_function_differently_are_compiled_apart() {
    let opts = ExecOptions::default();
    let mods = [
        returning(1, "i32"),
        returning(2, "i64"),
        returning(3, "i64"),
    ];
    let lowered: Vec<_> = mods
        .iter()
        .map(|m| converter::lower::lower_module(m, &Default::default()).expect("lowers"))
        .collect();
    let calls = [("main", &[][..])];
    let items: Vec<InProcessItem<'_>> = mods
        .iter()
        .zip(&lowered)
        .map(|(m, l)| (m, l, &calls[..], &opts))
        .collect();
    let (got, compiled) = run_lowered_jit_multi_in_process(&items);
    // @ext(i32) and @ext(i64) cannot share a declaration; the last two can.
    assert_eq!(compiled, 2);
    for (k, g) in got.iter().enumerate() {
        assert_eq!(
            g,
            &vec![Some(Outcome::Values(vec![(
                converter::ir::Type::i32(),
                RtValue::Int(k as i128 + 1)
            )]))]
        );
    }
}

fn worker_command() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
    c.arg("__jit-worker");
    c
}

/// The call of `entry` (no arguments, one `i32` result) of the module `text`, lowered
/// with the default options, as the pool takes it.
fn request(text: &str, entry: &str) -> jit::EncodedItem {
    let m = parse_module("t.mlir", text.as_bytes()).expect("parses");
    let lowered = converter::lower::lower_module(&m, &Default::default()).expect("lowers");
    let sig = jit::EntrySig {
        inputs: Vec::new(),
        results: vec![converter::ir::Type::i32()],
        c_interface: None,
    };
    let call = jit::Call {
        entry,
        sig: &sig,
        args: &[],
    };
    jit::EncodedItem::new(&lowered, &[call], &jit::RunOptions::default())
}

const CRASH: &str = "func @main() -> i32 {\n  %n = constant 4 : index\n  \
    %m = alloc(%n) : memref<?xi32>\n  %far = constant 1099511627776 : index\n  \
    %v = constant 7 : i32\n  store %v, %m[%far] : memref<?xi32>\n  \
    %r = load %m[%far] : memref<?xi32>\n  return %r : i32\n}\n";

fn returns(v: i32) -> String {
    format!("func @main() -> i32 {{\n  %c = constant {v} : i32\n  return %c : i32\n}}\n")
}

#[test]
fn in_the_pool_a_crash_is_the_crashing_module_s_alone() {
    let pool = JitPool::new(1, 8, worker_command);
    let got = pool.run_all(vec![
        request(&returns(1), "main"),
        request(CRASH, "main"),
        request(&returns(3), "main"),
        request(&returns(4), "nope"),
        request(&returns(5), "main"),
    ]);
    let values = |a: &harness::jit_pool::Answers| match &a.0[..] {
        [Some(Ok(v))] => Some(v.clone()),
        _ => None,
    };
    assert_eq!(values(&got[0]), Some(vec![RtValue::Int(1)]));
    assert!(
        matches!(&got[1].0[..], [Some(Err((jit::RunError::Crash { signal }, _)))] if signal == "SIGSEGV"),
        "{:?}",
        got[1].0
    );
    assert_eq!(values(&got[2]), Some(vec![RtValue::Int(3)]));
    assert!(
        matches!(&got[3].0[..], [Some(Err((jit::RunError::Error(e), _)))] if e.contains("nope")),
        "{:?}",
        got[3].0
    );
    assert_eq!(values(&got[4]), Some(vec![RtValue::Int(5)]));
    // All five waited together, so they went to the worker as one group (the crash
    // killed the worker: the modules from it on were run again, one by one).
    assert_eq!(pool.group_counts(), (1, 5));
    pool.stop();
}

#[test]
fn threads_sharing_the_pool_get_their_own_answers() {
    let pool = JitPool::new(2, 4, worker_command);
    std::thread::scope(|s| {
        for t in 0..6i32 {
            let pool = &pool;
            s.spawn(move || {
                for k in 0..5i32 {
                    let v = 100 * t + k;
                    let (got, _) = pool.run(request(&returns(v), "main"));
                    assert!(
                        matches!(&got[..], [Some(Ok(r))] if r == &vec![RtValue::Int(v as i128)]),
                        "{got:?}"
                    );
                }
            });
        }
    });
    let (groups, modules) = pool.group_counts();
    assert_eq!(modules, 30);
    assert!(groups <= 30, "{groups}");
    pool.stop();
}

#[test]
fn campaign_verdicts_do_not_depend_on_jit_groups() {
    let dir = crate::common::TempDir::new("jit-groups");
    let journal = |group: &str| {
        let out = dir.0.join(format!("g{group}"));
        let st = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
            .args([
                "campaign", "--count", "400", "--jobs", "2", "--seed", "77", "--quiet",
            ])
            .args(["--reduce-seconds", "0", "--jit-group", group, "--out"])
            .arg(&out)
            .status()
            .expect("campaign");
        assert_eq!(st.code(), Some(0));
        let mut v: Vec<String> = Vec::new();
        // The dictionaries of oracle and feature names grow in the order the threads
        // meet them: compare the sets.
        harness::campaign::journal::read(&out.join("journal.jsonl"), |mut e| {
            e.oracles.sort_by_key(|o| o.to_string());
            e.features.sort();
            v.push(format!(
                "{} {:?} {:?} {:?} {:?} {:?}",
                e.case, e.verdict, e.oracle, e.reason, e.oracles, e.features
            ))
        })
        .expect("journal");
        v.sort();
        v
    };
    let alone = journal("1");
    let grouped = journal("8");
    assert_eq!(alone.len(), 400);
    for (a, g) in alone.iter().zip(&grouped) {
        assert_eq!(a, g);
    }
    assert_eq!(alone.len(), grouped.len());
}
