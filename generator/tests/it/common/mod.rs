//! Helpers shared by the generator's integration tests.
#![allow(dead_code)]

use converter::ir::Module;
use converter::syntax::{print_module, PrintOptions};

/// The number of cases, from `env` (or `PROPTEST_CASES`), else `default`.
pub fn cases(env: &str, default: u64) -> u64 {
    std::env::var(env)
        .ok()
        .or_else(|| std::env::var("PROPTEST_CASES").ok())
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

pub fn print(m: &Module) -> String {
    print_module(m, &PrintOptions::default())
}

/// Renders diagnostics against the printed module, for failure messages.
pub fn render(m: &Module, diags: &[converter::Diagnostic]) -> String {
    let text = print(m);
    let mut s = String::new();
    for d in diags.iter().take(5) {
        s.push_str(&d.render("generated.mlir", Some(&text)));
        s.push('\n');
    }
    s
}
