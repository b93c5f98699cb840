//! One compilation, several calls: on generated modules, the calls the interp-vs-jit and
//! C-interface oracles make of a module (`main`, then every planned wrapper call, and
//! the direct calls of the same functions) answer in one batch exactly what each answers alone, in process (the fuzz
//! path) and in the isolated worker (the campaign path; a call through a wrapper carries
//! the C interface expected of it).

use converter::lower::{lower_module, LowerOptions};
use converter::syntax::{print_module, PrintOptions};
use converter::value::RtValue;
use harness::exec::ExecOptions;
use harness::native::{run_jit_in_process, run_lowered_jit_batch_in_process};
use harness::oracles::OracleConfig;
use std::process::Command;

/// The calls of a module: `main`, the C-interface oracle's plan, the direct calls.
fn calls_of(m: &converter::ir::Module, cfg: &OracleConfig) -> Vec<(String, Vec<RtValue>)> {
    let plan = harness::oracles::c_interface::plan(m, cfg);
    let mut calls = vec![("main".to_string(), Vec::new())];
    calls.extend(
        plan.calls()
            .into_iter()
            .map(|(e, a)| (e.to_string(), a.to_vec())),
    );
    calls.extend(
        plan.checks
            .iter()
            .map(|c| (c.func.name.clone(), c.args.clone())),
    );
    calls
}

fn borrowed(calls: &[(String, Vec<RtValue>)]) -> Vec<(&str, &[RtValue])> {
    calls.iter().map(|(e, a)| (e.as_str(), &a[..])).collect()
}

#[test]
fn in_process_batches_answer_like_separate_runs() {
    let cfg = OracleConfig {
        jit_in_process: true,
        ..OracleConfig::default()
    };
    let opts = ExecOptions::default();
    let mut multi = 0;
    for seed in 0..80u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        let calls = calls_of(&m, &cfg);
        let lowered = lower_module(
            &m,
            &LowerOptions {
                index_bitwidth: opts.index_bitwidth,
                emit_c_interface: false,
                ..Default::default()
            },
        )
        .expect("generated modules lower");
        let got = run_lowered_jit_batch_in_process(&m, &lowered, &borrowed(&calls), &opts);
        assert_eq!(got.len(), calls.len());
        for ((entry, args), g) in calls.iter().zip(got) {
            let alone = run_jit_in_process(&m, entry, args, &opts);
            assert_eq!(g, Some(alone), "seed {seed} @{entry}");
        }
        multi += (calls.len() > 1) as usize;
    }
    assert!(multi >= 20, "only {multi} of 80 modules had several calls");
}

#[test]
fn worker_batches_answer_like_separate_runs() {
    let cfg = OracleConfig::default();
    let ropts = jit::RunOptions::default();
    let mut w = jit::Worker::spawn({
        let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
        c.arg("__jit-worker");
        c
    })
    .expect("worker");
    let mut multi = 0;
    for seed in 100..160u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        let calls = calls_of(&m, &cfg);
        let text = print_module(&m, &PrintOptions::default());
        // A call through a wrapper carries the C interface expected of it.
        let expected: Vec<Option<jit::CInterface>> = calls
            .iter()
            .map(|(entry, _)| {
                let f = m.func(entry.strip_prefix("_mlir_ciface_")?)?;
                harness::ciface::expect::c_interface(f.std_type()?, ropts.index_bitwidth).ok()
            })
            .collect();
        let batch: Vec<jit::WorkerCall<'_>> = calls
            .iter()
            .zip(&expected)
            .map(|((entry, args), c)| jit::WorkerCall {
                entry,
                args,
                c_interface: c.as_ref(),
            })
            .collect();
        let got = w.run_batch_calls(&text, &batch, &ropts);
        assert_eq!(got.len(), calls.len());
        for (call, g) in batch.iter().zip(got) {
            let alone = w.run_call(&text, call, &ropts);
            let entry = call.entry;
            assert!(alone.is_ok(), "seed {seed} @{entry}: {alone:?}");
            assert_eq!(g, Some(alone), "seed {seed} @{entry}");
        }
        multi += (calls.len() > 1) as usize;
    }
    assert!(multi >= 15, "only {multi} of 60 modules had several calls");
    assert_eq!(w.processes_started(), 1);
}
