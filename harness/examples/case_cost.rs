//! Where the time of one checked case goes: generation, verification, lowering (with the
//! LLVM-dialect verifier), the interpreter (twice: before and after successor
//! splitting), and the JIT (in process, so no pipe), averaged over many seeds.
//!
//!     cargo run --release -p harness --example case_cost [SEEDS]

use harness::exec::{run_interp, ExecOptions};
use harness::native::run_jit_in_process;
use std::time::{Duration, Instant};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let opts = ExecOptions {
        fuel: 5_000_000,
        ..ExecOptions::default()
    };
    let mut t = [Duration::ZERO; 5];
    let mut ops = 0usize;
    for seed in 0..n {
        let s = Instant::now();
        let (_, m) = generator::generate_swarm_from_seed(seed);
        t[0] += s.elapsed();
        ops += m
            .funcs
            .iter()
            .filter_map(|f| f.body.as_ref())
            .map(|b| b.walk_ops().count())
            .sum::<usize>();
        let s = Instant::now();
        let _ = converter::verify::verify_module(&m);
        t[1] += s.elapsed();
        let s = Instant::now();
        let _ = converter::lower::lower_module(&m, &Default::default());
        t[2] += s.elapsed();
        let s = Instant::now();
        let _ = run_interp(&m, "main", &[], &opts);
        let mut split = m.clone();
        converter::lower::split_repeated_successors(&mut split);
        let _ = run_interp(&split, "main", &[], &opts);
        t[3] += s.elapsed();
        let s = Instant::now();
        let _ = run_jit_in_process(&m, "main", &[], &opts);
        t[4] += s.elapsed();
    }
    let total: Duration = t.iter().sum();
    println!(
        "{n} cases, {:.0} ops per module on average",
        ops as f64 / n as f64
    );
    for (name, d) in [
        "generate",
        "verify",
        "lower+verify",
        "interp x2",
        "jit (O0)",
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
        "{:>13}: {:8.3} ms/case  => at most {:.0} cases/s per core",
        "total",
        total.as_secs_f64() * 1e3 / n as f64,
        n as f64 / total.as_secs_f64()
    );
}
