//! Generates N modules and prints timing and sizes (a development aid).
use generator::{generate_from_seed, GenConfig};
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let cfg = GenConfig::default();
    let t = std::time::Instant::now();
    let mut ops = 0usize;
    let mut maxops = 0usize;
    for seed in 0..n {
        let m = generate_from_seed(seed, &cfg);
        let c: usize = m
            .funcs
            .iter()
            .filter_map(|f| f.body.as_ref())
            .map(|b| b.walk_ops().count())
            .sum();
        ops += c;
        maxops = maxops.max(c);
    }
    let el = t.elapsed();
    println!(
        "{n} modules in {el:?} ({:.1} us/module), avg ops {}, max ops {maxops}",
        el.as_secs_f64() * 1e6 / n as f64,
        ops / n as usize
    );
}
