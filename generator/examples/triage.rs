//! Runs the generator's oracles over many seeds and groups failures by message (a
//! development aid for triage): verify, print -> parse -> print, lower + LLVM verify.
use converter::lower::{lower_module, LowerOptions};
use converter::syntax::{parse_module, print_module, PrintOptions};
use converter::verify::{verify_llvm_module, verify_module};
use std::collections::BTreeMap;
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut fails: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut note = |k: String, seed: u64| {
        let e = fails.entry(k).or_insert((0, seed));
        e.0 += 1;
    };
    let t = std::time::Instant::now();
    for seed in 0..n {
        let m = if seed % 2 == 0 {
            generator::generate_from_seed(seed, &generator::GenConfig::default())
        } else {
            generator::generate_swarm_from_seed(seed).1
        };
        if let Err(d) = verify_module(&m) {
            note(format!("verify: {}", d[0].message), seed);
            continue;
        }
        let p1 = print_module(&m, &PrintOptions::default());
        match parse_module("g.mlir", p1.as_bytes()) {
            Err(d) => note(format!("parse: {}", d.message), seed),
            Ok(pm) => {
                let p2 = print_module(&pm, &PrintOptions::default());
                if p1 != p2 {
                    let line = p1
                        .lines()
                        .zip(p2.lines())
                        .find(|(a, b)| a != b)
                        .map(|(a, b)| format!("{a} ## {b}"))
                        .unwrap_or_default();
                    note(
                        format!("fixpoint: {}", line.chars().take(160).collect::<String>()),
                        seed,
                    );
                }
            }
        }
        match lower_module(&m, &LowerOptions::default()) {
            Err(d) => note(format!("lower: {}", d[0].message), seed),
            Ok(l) => {
                if let Err(d) = verify_llvm_module(&l) {
                    note(format!("llvm verify: {}", d[0].message), seed);
                }
            }
        }
    }
    for (k, (c, s)) in &fails {
        println!("{c:6} (first seed {s}): {k}");
    }
    println!("{n} seeds in {:?}", t.elapsed());
}
