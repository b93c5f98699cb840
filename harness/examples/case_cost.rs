//! Where the time of one checked case goes: generation, verification, lowering (with the
//! LLVM-dialect verifier), the interpreter (twice: before and after successor
//! splitting), the C-interface oracle's plan (its interpreter runs), and the JIT (in
//! process, so no pipe; translation, LLVM's verifier, code generation and the calls of
//! the already lowered module: `main` and the C-interface calls, in one compilation as
//! the oracles make them), averaged over many cases; and, beside them, the LLVM-dialect
//! interpreter (`llinterp`) on the lowered module of every case that reached the JIT.
//!
//!     cargo run --release -p harness --example case_cost [SEEDS]
//!     cargo run --release -p harness --example case_cost -- --corpus DIR...
//!
//! With `--corpus`, the cases are the files of fuzz corpus directories, turned into
//! modules exactly as the `lowering` fuzz target does (swarm configuration, then the
//! module, from the same bytes), with the fuzz target's fuel: the breakdown of what
//! `cargo fuzz run lowering` spends outside libFuzzer itself. Times are this thread's
//! CPU time, so other processes on the machine do not inflate them.

use harness::exec::{run_interp, ExecOptions};
use harness::fuzzing::fuzz_oracle_config;
use harness::native::run_lowered_jit_batch_in_process;
use jit::clock::thread_cpu_time;
use std::time::Duration;

/// The cases: seeded modules, or the modules of the fuzz inputs in the given directories.
fn cases(args: &[String]) -> (String, Vec<converter::ir::Module>) {
    if args.first().map(String::as_str) == Some("--corpus") {
        let mut mods = Vec::new();
        let mut files = 0usize;
        for dir in &args[1..] {
            let mut paths: Vec<_> = std::fs::read_dir(dir)
                .unwrap_or_else(|e| panic!("{dir}: {e}"))
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect();
            paths.sort();
            for p in paths {
                let data = std::fs::read(&p).unwrap_or_default();
                files += 1;
                let mut u = arbitrary::Unstructured::new(&data);
                let Ok(cfg) = u.arbitrary::<generator::GenConfig>() else {
                    continue;
                };
                if let Ok(m) = generator::generate(&mut u, &cfg) {
                    mods.push(m);
                }
            }
        }
        let what = format!("{files} fuzz inputs ({} made a module)", mods.len());
        return (what, mods);
    }
    let n: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(300);
    let mods = (0..n)
        .map(|seed| generator::generate_swarm_from_seed(seed).1)
        .collect();
    (format!("{n} seeds"), mods)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let corpus = args.first().map(String::as_str) == Some("--corpus");
    let opts = if corpus {
        fuzz_oracle_config().exec
    } else {
        ExecOptions {
            fuel: 5_000_000,
            ..ExecOptions::default()
        }
    };
    let s = thread_cpu_time();
    let (what, all) = cases(&args);
    let gen_time = thread_cpu_time() - s;
    // As the fuzz target does: shapes LLVM 22 aborts on in-process are left out.
    let (mods, left_out): (Vec<_>, Vec<_>) = all
        .into_iter()
        .partition(|m| !harness::fuzzing::may_hit_known_llvm_abort(m));
    let what = format!(
        "{what}; {} left out (vector shapes LLVM 22 aborts on, docs/findings)",
        left_out.len()
    );
    let n = mods.len().max(1);
    let mut t = [Duration::ZERO; 7];
    let cfg = harness::oracles::OracleConfig {
        exec: opts.clone(),
        jit_in_process: true,
        ..harness::oracles::OracleConfig::default()
    };
    let mut calls_made = 0usize;
    t[0] = gen_time;
    let mut ops = 0usize;
    let mut jitted = 0usize;
    for m in &mods {
        ops += m
            .funcs
            .iter()
            .filter_map(|f| f.body.as_ref())
            .map(|b| b.walk_ops().count())
            .sum::<usize>();
        let s = thread_cpu_time();
        let _ = converter::verify::verify_module(m);
        t[1] += thread_cpu_time() - s;
        let s = thread_cpu_time();
        let lopts = converter::lower::LowerOptions {
            index_bitwidth: opts.index_bitwidth,
            emit_c_interface: false,
            ..Default::default()
        };
        let lowered = converter::lower::lower_module(m, &lopts);
        if let Ok(l) = &lowered {
            let _ = converter::verify::verify_llvm_module(l);
        }
        t[2] += thread_cpu_time() - s;
        let s = thread_cpu_time();
        let before = run_interp(m, "main", &[], &opts);
        let mut split = m.clone();
        converter::lower::split_repeated_successors(&mut split);
        let _ = run_interp(&split, "main", &[], &opts);
        t[3] += thread_cpu_time() - s;
        // The oracle only runs the JIT when the interpreter produced values.
        if let (Ok(l), harness::exec::Outcome::Values(_)) = (&lowered, &before) {
            let s = thread_cpu_time();
            let plan = harness::oracles::c_interface::plan(m, &cfg);
            let mut calls = vec![("main", &[][..])];
            calls.extend(plan.calls());
            t[4] += thread_cpu_time() - s;
            let s = thread_cpu_time();
            let _ = run_lowered_jit_batch_in_process(m, l, &calls, &opts);
            t[5] += thread_cpu_time() - s;
            // The LLVM-dialect interpreter on the same lowered module (main only).
            let s = thread_cpu_time();
            let iopts = interp::Options {
                fuel: opts.fuel * 20,
                index_bitwidth: opts.index_bitwidth,
                ..interp::Options::default()
            };
            let mut ext = harness::externals::HarnessExternals;
            let _ = llinterp::run_lowered(l, m, &lopts, "main", &[], &iopts, &mut ext);
            t[6] += thread_cpu_time() - s;
            jitted += 1;
            calls_made += calls.len();
        }
    }
    let total: Duration = t[..6].iter().sum();
    println!(
        "{what}: {:.0} ops per module on average, {jitted} reached the JIT, {:.2} calls each",
        ops as f64 / n as f64,
        calls_made as f64 / jitted.max(1) as f64
    );
    for (name, d) in [
        "generate",
        "verify",
        "lower+verify",
        "interp x2",
        "c-iface plan",
        "jit (O0)",
        "llinterp",
    ]
    .iter()
    .zip(t)
    {
        println!(
            "{name:>13}: {:8.3} ms/case  {:5.1}%",
            d.as_secs_f64() * 1e3 / n as f64,
            100.0 * d.as_secs_f64() / total.as_secs_f64()
        );
    }
    println!(
        "{:>13}: llinterp costs {:.4} of the JIT per case that reached both",
        "ratio",
        t[6].as_secs_f64() / t[5].as_secs_f64().max(1e-9)
    );
    println!(
        "{:>13}: {:8.3} ms/case  => at most {:.0} cases/s per core",
        "total",
        total.as_secs_f64() * 1e3 / n as f64,
        n as f64 / total.as_secs_f64()
    );
}
