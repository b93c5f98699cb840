//! Memory check: JIT-runs many distinct small modules in ONE worker process and
//! prints the worker's resident set size as it goes.
//!
//! `cargo run --release -p jit --example rss_jit [MODULES] [OPT]`  (default 20000, 0)

use converter::value::RtValue;
use jit::{RunOptions, Worker};
use std::process::Command;
use std::time::{Duration, Instant};

include!("support/modules.rs");

fn rss_kib(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let mut argv = std::env::args().skip(1);
    let first = argv.next();
    if first.as_deref() == Some("--worker") {
        std::process::exit(jit::serve_stdio());
    }
    let n: u64 = first.and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let opt: u8 = argv.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.arg("--worker");
    let mut w = Worker::spawn(cmd).unwrap();
    let pid = w.pid().unwrap();
    let opts = RunOptions {
        opt_level: opt,
        timeout: Duration::from_secs(60),
        ..RunOptions::default()
    };
    let args = [RtValue::Int(12345), RtValue::Int(-678)];
    let t = Instant::now();
    let step = (n / 10).max(1);
    for i in 0..n {
        let text = module_50_ops(i);
        w.run(&text, "main", &args, &opts).unwrap();
        if i == 99 || (i + 1) % step == 0 {
            println!(
                "after {:>7} modules: worker RSS {:>7} KiB  ({:.0} s)",
                i + 1,
                rss_kib(pid),
                t.elapsed().as_secs_f64()
            );
        }
    }
    assert_eq!(
        w.processes_started(),
        1,
        "the worker must survive every module"
    );
}
