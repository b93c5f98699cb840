//! The JIT's fixed cost per module: a trivial module (`return` of a constant) lowered
//! once and then JIT-compiled and called many times in this process, as the oracles
//! call it (`run_lowered_jit_batch_in_process`), with this thread's CPU time per module.
//! What is left when there is almost no code to generate: ORC materialization, the code
//! generation pass manager, linking, resource tracker removal, our thunk. Run it under
//! `perf record` to see where that goes.
//!
//!     cargo run --release -p harness --example jit_fixed_cost [MODULES]

use harness::exec::ExecOptions;
use harness::native::run_lowered_jit_batch_in_process;
use jit::clock::thread_cpu_time;

const TRIVIAL: &str = "func @main() -> i32 {\n  %c = constant 7 : i32\n  return %c : i32\n}\n";

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let m = converter::syntax::parse_module("trivial.mlir", TRIVIAL.as_bytes())
        .unwrap_or_else(|d| panic!("{d}"));
    let opts = ExecOptions::default();
    let lowered =
        converter::lower::lower_module(&m, &Default::default()).unwrap_or_else(|d| panic!("{d:?}"));
    let calls = [("main", &[][..])];
    // The first module also builds the LLJIT: leave it out.
    let first = run_lowered_jit_batch_in_process(&m, &lowered, &calls, &opts);
    println!("result: {first:?}");
    let s = thread_cpu_time();
    for _ in 0..n {
        run_lowered_jit_batch_in_process(&m, &lowered, &calls, &opts);
    }
    let d = thread_cpu_time() - s;
    println!(
        "{n} trivial modules: {:.3} ms each (thread CPU time)",
        d.as_secs_f64() * 1e3 / n as f64
    );
}
