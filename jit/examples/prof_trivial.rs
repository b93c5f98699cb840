//! Profiling aid: JIT-runs one trivial module many times at O0 in process.
//!
//! `cargo run --release -p jit --example prof_trivial [N]`
use converter::value::RtValue;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let tiny = "func @main(%a: i64, %b: i64) -> i64 {\n  return %a : i64\n}\n";
    let m = converter::syntax::parse_module("t.mlir", tiny.as_bytes()).unwrap();
    let mut jit = jit::Jit::new().unwrap();
    let opts = jit::RunOptions::default();
    for _ in 0..n {
        jit.run(&m, "main", &[RtValue::Int(1), RtValue::Int(2)], &opts)
            .unwrap();
    }
}
