//! Our worker `stdlower-mlir` (MLIR's C API in a process that stays up,
//! `harness/src/upstream_release/inproc.rs`) lowers a block's modules as MLIR 22's
//! `mlir-opt` does: generated modules (many seeds, swarm configurations, each option
//! group of the campaign's oracle) give each case, byte for byte, what the nested
//! `mlir-opt` run gives it and, for some, what the case lowered alone prints. A module
//! MLIR refuses among good ones is named by the worker's diagnostics, runs `mlir-opt`
//! alone, whose refusal is its answer, and the others still get the worker's modules.
//! The worker stands in for MLIR 22's installed `mlir-opt` only, not for another
//! toolchain's. Skipped without the tools or the worker (built by `cargo test
//! --workspace`, or `cargo build -p mlir-worker`), a failure under `CI`.

use converter::syntax::{export_for, Release};
use harness::upstream_release::{self, inproc, nested, Toolchain};
use harness::upstream_tools::{run_tool, TOOL_TIMEOUT};
use stdlower_front::options::PassOptions;

/// MLIR 22 when the worker stands in for its `mlir-opt`.
fn toolchain() -> Option<Toolchain> {
    let t = crate::common::upstream_toolchain(Release::MLIR22)?;
    if inproc::stands_in_for(&t) {
        return Some(t);
    }
    crate::common::missing(format!(
        "the worker {:?} does not stand in for {} (build it: cargo build -p mlir-worker)",
        inproc::worker_path(),
        t.tools.mlir_opt.display()
    ))
}

/// The oracle's three option groups (index bit width 64).
fn groups() -> [PassOptions; 3] {
    let aligned = PassOptions {
        use_aligned_alloc: true,
        ..Default::default()
    };
    let bare = PassOptions {
        use_aligned_alloc: true,
        use_bare_ptr_memref_call_conv: true,
    };
    [PassOptions::default(), aligned, bare]
}

fn args(pass: PassOptions) -> Vec<String> {
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    upstream_release::pipeline(Release::MLIR22, 64, pass, dl)
}

fn generated(seeds: std::ops::Range<u64>) -> Vec<String> {
    seeds
        .filter_map(|seed| {
            let m = match seed % 2 {
                0 => generator::generate_swarm_from_seed(seed).1,
                _ => generator::generate_from_seed(seed, &generator::GenConfig::default()),
            };
            if harness::upstream::upstream_cannot_lower(&m).is_some() {
                return None;
            }
            export_for(&m, Release::MLIR22, false).ok()
        })
        .collect()
}

#[test]
fn the_worker_lowers_each_case_as_mlir_opt_does() {
    let Some(t) = toolchain() else {
        return;
    };
    let (mut by_worker, mut cases) = (0, 0);
    for (g, pass) in groups().into_iter().enumerate() {
        let args = args(pass);
        let texts = generated(g as u64 * 1000..g as u64 * 1000 + 60);
        let cli = nested::lower_nested_by(&t, &texts, &args, false);
        let worker = nested::lower_nested_by(&t, &texts, &args, true);
        let both = upstream_release::lower_batch(&t, &texts, &args);
        let split = upstream_release::batch::lower_batch_split(&t, &texts, &args);
        for (k, text) in texts.iter().enumerate() {
            cases += 1;
            let trimmed = |a: &Result<String, String>| {
                a.as_ref()
                    .map(|m| m.trim_end().to_string())
                    .map_err(Clone::clone)
            };
            assert_eq!(
                trimmed(&both[k]),
                trimmed(&split[k]),
                "group {g} case {k}:\n{text}"
            );
            if let Some(w) = &worker.modules[k] {
                by_worker += 1;
                assert_eq!(Ok(w.clone()), both[k], "group {g} case {k}:\n{text}");
                if let Some(c) = &cli.modules[k] {
                    assert_eq!(w, c, "group {g} case {k}:\n{text}");
                }
                if k % 12 == 0 {
                    let alone = run_tool(&t.tools.mlir_opt, &args, text, TOOL_TIMEOUT);
                    assert_eq!(Ok(w.clone()), alone, "group {g} case {k}:\n{text}");
                }
            }
        }
    }
    eprintln!("{cases} cases, {by_worker} lowered by the worker");
    assert!(by_worker * 10 >= cases * 8, "{by_worker} of {cases}");
}

const GOOD: &str = "module {\n  func.func @g() -> i32 {\n    %0 = arith.constant 7 : i32\n    return %0 : i32\n  }\n}\n";

/// MLIR 22 reads it but its lowering does not verify (`free` of a pointer in memory
/// space 1).
const REFUSED: &str = "module {\n  func.func @d() {\n    %0 = memref.alloc() : memref<4xf32, 1>\n    memref.dealloc %0 : memref<4xf32, 1>\n    return\n  }\n}\n";

#[test]
fn a_refused_case_runs_mlir_opt_alone_and_the_others_the_worker() {
    let Some(t) = toolchain() else {
        return;
    };
    let args = args(PassOptions::default());
    let texts: Vec<String> = [GOOD, REFUSED, GOOD]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let w = nested::lower_nested_by(&t, &texts, &args, true);
    assert_eq!(w.failed, [1]);
    assert!(w.modules[0].is_some() && w.modules[1].is_none() && w.modules[2].is_some());
    let both = upstream_release::lower_batch(&t, &texts, &args);
    for (k, text) in texts.iter().enumerate() {
        assert_eq!(
            both[k],
            run_tool(&t.tools.mlir_opt, &args, text, TOOL_TIMEOUT),
            "case {k}"
        );
    }
    assert!(both[1].is_err() && both[0].is_ok());
    // And the worker serves the next group.
    let good: Vec<String> = vec![GOOD.to_string(), GOOD.replace('7', "8")];
    let w = nested::lower_nested_by(&t, &good, &args, true);
    assert_eq!(
        w.modules[1],
        run_tool(&t.tools.mlir_opt, &args, &good[1], TOOL_TIMEOUT).ok()
    );
}

/// Not for another toolchain: MLIR 13's, or MLIR 22's `mlir-opt` reached through
/// another directory (a user's `--mlir-bin`).
#[test]
fn the_worker_stands_in_for_its_own_mlir_opt_only() {
    let Some(t) = toolchain() else {
        return;
    };
    if let Some(t13) = crate::common::upstream_toolchain(Release::MLIR13) {
        assert!(!inproc::stands_in_for(&t13));
    }
    let dir = tempfile_dir();
    let link = dir.join("mlir-opt");
    std::os::unix::fs::symlink(&t.tools.mlir_opt, &link).unwrap();
    let other = Toolchain {
        tools: harness::upstream_tools::Tools {
            mlir_opt: link,
            mlir_translate: t.tools.mlir_translate.clone(),
        },
        release: t.release,
    };
    assert!(!inproc::stands_in_for(&other));
    let _ = std::fs::remove_dir_all(dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("stdlower-inproc-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
