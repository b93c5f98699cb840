//! What compiling several cases' modules as one saves ([`jit::Jit::run_lowered_multi`]):
//! the same generated cases (seeds 0..N, their `main` and C-interface calls, as the
//! oracles make them) JIT-compiled and run one module at a time and then in groups of
//! G, alternating rounds, with this thread's CPU time per case; the answers of both
//! ways are compared, so a difference is printed rather than timed.
//!
//!     cargo run --release -p harness --example jit_group_cost [CASES] [G] [ROUNDS]

use harness::exec::ExecOptions;
use harness::native::{run_lowered_jit_batch_in_process, run_lowered_jit_multi_in_process};
use jit::clock::thread_cpu_time;

fn main() {
    let arg = |i: usize, d: usize| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(d)
    };
    let (n, g, rounds) = (arg(1, 300), arg(2, 8).max(1), arg(3, 3));
    let opts = ExecOptions {
        fuel: 5_000_000,
        ..ExecOptions::default()
    };
    let cfg = harness::oracles::OracleConfig {
        exec: opts.clone(),
        jit_in_process: true,
        ..harness::oracles::OracleConfig::default()
    };
    let mut cases = Vec::new();
    for seed in 0..n as u64 {
        let m = generator::generate_swarm_from_seed(seed).1;
        if harness::fuzzing::may_hit_known_llvm_abort(&m) {
            continue;
        }
        let lopts = converter::lower::LowerOptions {
            index_bitwidth: opts.index_bitwidth,
            ..Default::default()
        };
        let Ok(lowered) = converter::lower::lower_module(&m, &lopts) else {
            continue;
        };
        // As the oracle: the JIT runs only what the interpreter finished.
        if !matches!(
            harness::exec::run_interp(&m, "main", &[], &opts),
            harness::exec::Outcome::Values(_)
        ) {
            continue;
        }
        let plan = harness::oracles::c_interface::plan(&m, &cfg);
        let calls: Vec<(String, Vec<converter::value::RtValue>)> =
            std::iter::once(("main".to_string(), Vec::new()))
                .chain(
                    plan.calls()
                        .into_iter()
                        .map(|(e, a)| (e.to_string(), a.to_vec())),
                )
                .collect();
        cases.push((m, lowered, calls));
    }
    let calls: Vec<Vec<(&str, &[converter::value::RtValue])>> = cases
        .iter()
        .map(|c| c.2.iter().map(|(e, a)| (e.as_str(), &a[..])).collect())
        .collect();
    let (mut alone_t, mut grouped_t) = (0.0, 0.0);
    let mut differ = 0;
    for _ in 0..rounds {
        let s = thread_cpu_time();
        let alone: Vec<_> = cases
            .iter()
            .zip(&calls)
            .map(|(c, calls)| run_lowered_jit_batch_in_process(&c.0, &c.1, calls, &opts))
            .collect();
        alone_t += (thread_cpu_time() - s).as_secs_f64();
        let s = thread_cpu_time();
        let mut grouped = Vec::new();
        for chunk in cases.iter().zip(&calls).collect::<Vec<_>>().chunks(g) {
            let items: Vec<harness::native::InProcessItem<'_>> = chunk
                .iter()
                .map(|(c, calls)| (&c.0, &c.1, &calls[..], &opts))
                .collect();
            grouped.extend(run_lowered_jit_multi_in_process(&items).0);
        }
        grouped_t += (thread_cpu_time() - s).as_secs_f64();
        for (k, (a, b)) in alone.iter().zip(&grouped).enumerate() {
            let show = |o: &Vec<Option<harness::exec::Outcome>>| {
                o.iter()
                    .map(|o| o.as_ref().map(|o| o.render()).unwrap_or_default())
                    .collect::<Vec<_>>()
            };
            if show(a) != show(b) {
                differ += 1;
                eprintln!("case {k} differs:\n{:?}\n{:?}", show(a), show(b));
            }
        }
    }
    let per = |t: f64| t * 1e3 / (cases.len() * rounds) as f64;
    println!(
        "{} cases x {rounds} rounds: alone {:.3} ms/case, in groups of {g} {:.3} ms/case ({:.1} % less); {differ} answers differ",
        cases.len(),
        per(alone_t),
        per(grouped_t),
        100.0 * (1.0 - grouped_t / alone_t)
    );
}
