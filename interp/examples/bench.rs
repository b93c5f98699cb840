//! Interpreter throughput: a 1M-iteration scalar loop and a 64x64x64 matmul over
//! dynamic memrefs. Run with `cargo run --release -p interp --example bench`.
//! Prints executed instructions ("simple ops": every op, branch and return counts one)
//! per second, best of twenty runs each, by wall-clock time and by the thread's on-CPU
//! time averaged over the runs (which a loaded machine does not inflate).

use converter::value::RtValue;
use interp::{NoExternals, Options, Program};
use std::time::Instant;

const SRC: &str = r#"
func @loop(%n: i64) -> i64 {
  %c0 = constant 0 : i64
  %c1 = constant 1 : i64
  br ^head(%c0, %c0 : i64, i64)
^head(%i: i64, %acc: i64):
  %more = cmpi "slt", %i, %n : i64
  cond_br %more, ^body, ^exit
^body:
  %sq = muli %i, %i : i64
  %acc2 = addi %acc, %sq : i64
  %i2 = addi %i, %c1 : i64
  br ^head(%i2, %acc2 : i64, i64)
^exit:
  return %acc : i64
}

func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = dim %a, 0 : memref<?x?xf32>
  %p = dim %a, 1 : memref<?x?xf32>
  %m = dim %b, 1 : memref<?x?xf32>
  br ^hi(%c0 : index)
^hi(%i: index):
  %mi = cmpi "slt", %i, %n : index
  cond_br %mi, ^hj(%c0 : index), ^exit
^hj(%j: index):
  %mj = cmpi "slt", %j, %m : index
  cond_br %mj, ^hk(%c0 : index), ^ni
^hk(%k: index):
  %mk = cmpi "slt", %k, %p : index
  cond_br %mk, ^body, ^nj
^body:
  %x = load %a[%i, %k] : memref<?x?xf32>
  %y = load %b[%k, %j] : memref<?x?xf32>
  %z = load %c[%i, %j] : memref<?x?xf32>
  %xy = mulf %x, %y : f32
  %s = addf %z, %xy : f32
  store %s, %c[%i, %j] : memref<?x?xf32>
  %k2 = addi %k, %c1 : index
  br ^hk(%k2 : index)
^nj:
  %j2 = addi %j, %c1 : index
  br ^hj(%j2 : index)
^ni:
  %i2 = addi %i, %c1 : index
  br ^hi(%i2 : index)
^exit:
  return
}
"#;

/// Nanoseconds this thread has spent on a CPU (Linux), so that a busy machine's
/// scheduling does not count against the interpreter; `None` elsewhere.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn bench(prog: &Program, name: &str, entry: &str, args: &[RtValue]) {
    let opts = Options {
        fuel: u64::MAX,
        ..Options::default()
    };
    const RUNS: u32 = 20;
    let (mut best, mut steps) = (f64::MAX, 0);
    let c0 = cpu_ns();
    for _ in 0..RUNS {
        let t = Instant::now();
        let (r, st) = prog.run_counted(entry, args, &opts, &mut NoExternals);
        best = best.min(t.elapsed().as_secs_f64());
        steps = st;
        r.expect("benchmark program runs");
    }
    // The on-CPU clock advances at scheduler events, so only the total over all runs
    // is meaningful.
    let cpu = match (c0, cpu_ns()) {
        (Some(a), Some(b)) => {
            let per_run = (b - a) as f64 / 1e9 / RUNS as f64;
            format!(
                " (mean on-CPU time {per_run:.4} s = {:.1} million ops/s)",
                steps as f64 / per_run / 1e6
            )
        }
        _ => String::new(),
    };
    println!(
        "{name}: {steps} ops in {best:.4} s wall = {:.1} million ops/s{cpu}",
        steps as f64 / best / 1e6
    );
}

fn main() {
    let m = converter::syntax::parse_module("bench.mlir", SRC.as_bytes()).expect("parses");
    let prog = Program::compile(&m, 64);
    bench(
        &prog,
        "scalar loop (1M iterations)",
        "loop",
        &[RtValue::Int(1_000_000)],
    );
    let s: u64 = 64;
    let mk = |v: f32| RtValue::MemRef {
        shape: vec![s, s],
        elems: (0..s * s)
            .map(|i| RtValue::Float((v * (i % 7) as f32).to_bits() as u64))
            .collect(),
    };
    bench(
        &prog,
        "matmul 64x64x64 (dynamic memrefs)",
        "matmul",
        &[mk(1.0), mk(0.5), mk(0.0)],
    );
}
