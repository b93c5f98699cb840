//! Per-module JIT cost at opt levels 0-3 on a ~50-op module, and the round trip
//! through the worker pipe.
//!
//! `cargo run --release -p jit --example bench_jit [MODULES]`
//!
//! Times are reported as medians and minima of single runs, both in thread CPU time
//! (robust on a loaded machine) and in wall time.

use converter::value::RtValue;
use jit::clock::thread_cpu_time;
use jit::{Jit, RunOptions, Worker};
use std::process::Command;
use std::time::{Duration, Instant};

include!("support/modules.rs");

/// (median, min) in microseconds.
fn stats(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    (us(v[v.len() / 2]), us(v[0]))
}

/// Times `f` once per item: (CPU median, CPU min, wall median, wall min).
fn measure<T>(items: &[T], mut f: impl FnMut(&T)) -> (f64, f64, f64, f64) {
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    for it in items {
        let (c0, w0) = (thread_cpu_time(), Instant::now());
        f(it);
        cpu.push(thread_cpu_time() - c0);
        wall.push(w0.elapsed());
    }
    let (cm, cn) = stats(cpu);
    let (wm, wn) = stats(wall);
    (cm, cn, wm, wn)
}

fn report(what: &str, r: (f64, f64, f64, f64)) {
    println!(
        "{what:<44} cpu median {:>8.1} us (min {:>8.1})   wall median {:>8.1} us (min {:>8.1})",
        r.0, r.1, r.2, r.3
    );
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let first = argv.next();
    if first.as_deref() == Some("--worker") {
        std::process::exit(jit::serve_stdio());
    }
    let n: usize = first.and_then(|s| s.parse().ok()).unwrap_or(1000);
    let args = [RtValue::Int(12345), RtValue::Int(-678)];
    let texts: Vec<String> = (0..n as u64).map(module_50_ops).collect();
    let mods: Vec<_> = texts
        .iter()
        .map(|s| converter::syntax::parse_module("b.mlir", s.as_bytes()).unwrap())
        .collect();
    let std_ops: usize = mods[0].funcs[0].body.as_ref().unwrap().walk_ops().count();
    let lowered =
        converter::lower::lower_module(&mods[0], &converter::lower::LowerOptions::default())
            .unwrap();
    let llvm_ops: usize = lowered
        .funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .map(|b| b.walk_ops().count())
        .sum();
    println!(
        "{n} distinct modules of {std_ops} Standard ops ({llvm_ops} LLVM-dialect ops once lowered)"
    );

    report(
        "parse",
        measure(&texts, |s| {
            converter::syntax::parse_module("b.mlir", s.as_bytes()).unwrap();
        }),
    );
    report(
        "lower",
        measure(&mods, |m| {
            converter::lower::lower_module(m, &converter::lower::LowerOptions::default()).unwrap();
        }),
    );
    let ctx = inkwell::context::Context::create();
    let lowered_all: Vec<_> = mods
        .iter()
        .map(|m| {
            converter::lower::lower_module(m, &converter::lower::LowerOptions::default()).unwrap()
        })
        .collect();
    report(
        "translate + LLVM verify",
        measure(&lowered_all, |l| {
            jit::translate_module(&ctx, l, "b").unwrap();
        }),
    );

    let mut jit = Jit::new().unwrap();
    for opt in 0..=3u8 {
        let opts = RunOptions {
            opt_level: opt,
            ..RunOptions::default()
        };
        for m in mods.iter().take(20) {
            jit.run(m, "main", &args, &opts).unwrap();
        }
        let k = if opt == 0 { n } else { n.min(300) };
        report(
            &format!("O{opt} in process (lower+translate+JIT+run)"),
            measure(&mods[..k], |m| {
                jit.run(m, "main", &args, &opts).unwrap();
            }),
        );
    }

    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.arg("--worker");
    let mut w = Worker::spawn(cmd).unwrap();
    let opts = RunOptions {
        opt_level: 0,
        timeout: Duration::from_secs(30),
        ..RunOptions::default()
    };
    for s in texts.iter().take(20) {
        w.run(s, "main", &args, &opts).unwrap();
    }
    report(
        "O0 through the worker (wall is what counts)",
        measure(&texts, |s| {
            w.run(s, "main", &args, &opts).unwrap();
        }),
    );
    let tiny = "func @main(%a: i64, %b: i64) -> i64 {\n  return %a : i64\n}\n".to_string();
    let tinies = vec![tiny.clone(); n];
    report(
        "trivial module through the worker",
        measure(&tinies, |s| {
            w.run(s, "main", &args, &opts).unwrap();
        }),
    );
    let tm = converter::syntax::parse_module("t.mlir", tiny.as_bytes()).unwrap();
    let tms = vec![tm; n];
    report(
        "trivial module in process",
        measure(&tms, |m| {
            jit.run(m, "main", &args, &opts).unwrap();
        }),
    );
    println!(
        "(worker pipe round trip = worker wall - in-process wall of the same module; load average {})",
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
    );
}
