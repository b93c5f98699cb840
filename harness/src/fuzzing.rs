//! The bodies of the cargo-fuzz targets, here so that `cargo test` runs them too on a
//! few hundred seeded inputs (`fuzz/fuzz_targets/*.rs` are glue around these).
//!
//! - [`fuzz_lowering`]: bytes -> swarm configuration + generated module -> verify ->
//!   lower -> every oracle; a finding panics with the module as a corpus file test.
//!   With `STDLOWER_FUZZ_UPSTREAM=N`, every Nth input also goes through the upstream
//!   oracle (`mlir-opt` + `mlir-translate` + a worker process: slow, so sampled).
//! - [`fuzz_parse`]: arbitrary bytes into the front end: never a panic; whatever parses
//!   and verifies prints back to a fixed point and lowers without panicking.

use crate::exec::ExecOptions;
use crate::oracles::{self, OracleConfig, Verdict};
use arbitrary::Unstructured;
use converter::syntax::{parse_module, print_module, PrintOptions};
use std::time::Duration;

/// The oracle configuration fuzzing uses: in-process JIT, small fuel.
pub fn fuzz_oracle_config() -> OracleConfig {
    OracleConfig {
        exec: ExecOptions {
            fuel: 2_000_000,
            timeout: Duration::from_secs(5),
            ..ExecOptions::default()
        },
        jit: true,
        jit_in_process: true,
        mlir_translate: false,
        upstream: false,
    }
}

/// True for every Nth call when `STDLOWER_FUZZ_UPSTREAM=N` (N > 0) is set.
fn upstream_sampled() -> bool {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static EVERY: OnceLock<u64> = OnceLock::new();
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let every = *EVERY.get_or_init(|| {
        std::env::var("STDLOWER_FUZZ_UPSTREAM")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    });
    every > 0 && CALLS.fetch_add(1, Ordering::Relaxed).is_multiple_of(every)
}

/// What one lowering-fuzz input came to (for tests and statistics).
pub fn lowering_verdict(
    data: &[u8],
    cfg: &OracleConfig,
) -> Option<(converter::ir::Module, Verdict)> {
    let mut u = Unstructured::new(data);
    let gcfg: generator::GenConfig = u.arbitrary().ok()?;
    let m = generator::generate(&mut u, &gcfg).ok()?;
    let v = if cfg.jit_in_process && may_hit_known_llvm_abort(&m) {
        // In-process, LLVM's abort would end the fuzzer (campaigns, whose JIT runs in an
        // isolated worker, still compile these modules and count the abort as
        // known-upstream); every other oracle still runs.
        let no_jit = OracleConfig {
            jit: false,
            upstream: false,
            ..cfg.clone()
        };
        oracles::check_generated(&m, &no_jit, &mut Vec::new())
    } else {
        oracles::check_generated(&m, cfg, &mut Vec::new())
    };
    Some((m, v))
}

/// Whether `m` has a vector shape LLVM 22 is known to abort on while compiling for some
/// hosts: innermost dimension 1 of `i1` (`<1 x i1>` call arguments with AVX-512) or of
/// `i128` (`<1 x i128>` arithmetic with `-mcpu=native`); see `docs/findings/`.
pub fn may_hit_known_llvm_abort(m: &converter::ir::Module) -> bool {
    let text = print_module(m, &PrintOptions::default());
    text.split("vector<").skip(1).any(|rest| {
        let shape = rest.split('>').next().unwrap_or("");
        ["1xi1", "1xi128"]
            .iter()
            .any(|tail| shape == *tail || shape.ends_with(&format!("x{tail}")))
    })
}

/// The `lowering` fuzz target.
pub fn fuzz_lowering(data: &[u8]) {
    let mut cfg = fuzz_oracle_config();
    cfg.upstream = upstream_sampled();
    if let Some((m, v)) = lowering_verdict(data, &cfg) {
        if v.is_finding() {
            panic!(
                "stdlower finding; the module as a corpus file test:\n{}",
                oracles::finding_as_file_test(&m, "main", &v, &cfg)
            );
        }
    }
}

/// The `parse` fuzz target.
pub fn fuzz_parse(data: &[u8]) {
    let Ok(m) = parse_module("fuzz.mlir", data) else {
        return;
    };
    if converter::verify::verify_module(&m).is_err() {
        return;
    }
    let once = print_module(&m, &PrintOptions::default());
    let again = match parse_module("fuzz.mlir", once.as_bytes()) {
        Ok(m2) => print_module(&m2, &PrintOptions::default()),
        Err(d) => panic!("printed module does not parse back: {d}\n{once}"),
    };
    assert_eq!(once, again, "print -> parse -> print is not a fixed point");
    let _ = converter::lower::lower_module(&m, &Default::default());
}
