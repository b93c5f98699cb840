//! The third path against the other two, through the real `stdlower` binary (the JIT
//! worker is that binary): every corpus file with `run:` lines passes its file test
//! with `--via upstream` too, and every conformance program gives its `.expect` output
//! on the interpreter, on our JIT and on upstream MLIR's lowering, with the three-way
//! oracle agreeing. Skipped when `mlir-opt`/`mlir-translate` 22 are not installed.

use crate::common;
use crate::conformance;
use common::stdlower;
use conformance::conformance_dir;
use std::path::{Path, PathBuf};

fn installed() -> bool {
    let yes = harness::upstream::tools().is_ok();
    if !yes {
        eprintln!("mlir-opt/mlir-translate 22 not installed: skipped");
    }
    yes
}

/// Runnable corpus files that upstream MLIR 22 cannot take, each with the text its
/// failure must show (explained in docs/upstream-differences.md and docs/findings/).
const UPSTREAM_CANNOT: [(&str, &str); 11] = [
    // mlir22-memref-cast-fold-invalid.md: folding cast chains builds invalid casts.
    ("interp/memref_affine.mlir", "are cast incompatible"),
    ("interp/ub_casts.mlir", "are cast incompatible"),
    // finalize-memref-to-llvm leaves an alloc with a strided layout unconverted, which
    // the upstream path refuses up front (not expressible upstream).
    (
        "run/alloc_alignment.mlir",
        "cannot lower 'std.alloc' of a memref with a non-identity layout",
    ),
    (
        "run/alloc_rank0_offset.mlir",
        "cannot lower 'std.alloc' of a memref with a non-identity layout",
    ),
    // dealloc in a nonzero memory space: MLIR 22 calls free with a ptr<3>.
    (
        "run/memspace.mlir",
        "cannot lower 'dealloc' of a memref in a nonzero memory space",
    ),
    // mlir22-bare-ptr-return-allocated.md: a bare-pointer return gives the allocated
    // pointer, which the caller takes for the aligned one.
    ("options/bare_ptr_realigned_return.mlir", "upstream gave"),
    // MLIR 22 leaves a function returning a dynamic memref under the bare pointer
    // convention unconverted (LLVM 11 returned the descriptor).
    (
        "options/bare_ptr_result_descriptor.mlir",
        "MLIR 22 cannot lower a memref result without a bare pointer form",
    ),
    (
        "interp/memref_aliased_arguments.mlir",
        "cannot lower 'std.alloc' of a memref with a non-identity layout",
    ),
    (
        "interp/memref_alloc_negative_strides.mlir",
        "cannot lower 'std.alloc' of a memref with a non-identity layout",
    ),
    // mlir22-negative-stride-nuw.md: nuw on the address arithmetic of a negative stride.
    (
        "interp/memref_aliased_negative_stride.mlir",
        "access through a poison or undef pointer",
    ),
    // mlir22-negative-stride-nuw.md: nuw on the address arithmetic of a negative stride.
    (
        "interp/memref_negative_stride_argument.mlir",
        "access through a poison or undef pointer",
    ),
];

#[test]
fn runnable_corpus_files_pass_through_upstream() {
    if !installed() {
        return;
    }
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let runnable: Vec<PathBuf> = harness::filetest::discover(&[root.to_string()])
        .into_iter()
        .filter(|f| {
            std::fs::read_to_string(f).is_ok_and(|t| t.lines().any(|l| l.contains("// run:")))
        })
        .collect();
    let known = |f: &Path| {
        UPSTREAM_CANNOT
            .iter()
            .find(|(name, _)| f.ends_with(name))
            .map(|(_, why)| *why)
    };
    let (odd, rest): (Vec<&PathBuf>, Vec<&PathBuf>) =
        runnable.iter().partition(|f| known(f).is_some());
    assert_eq!(odd.len(), UPSTREAM_CANNOT.len(), "{odd:?}");
    assert!(rest.len() >= 20, "only {} runnable files", rest.len());
    let rest: Vec<String> = rest.iter().map(|f| f.display().to_string()).collect();
    let mut args = vec!["test", "--via", "upstream"];
    args.extend(rest.iter().map(String::as_str));
    let (ok, stdout, stderr) = stdlower(&args);
    assert!(
        ok,
        "file tests through upstream failed:\n{stdout}\n{stderr}"
    );
    let summary = format!("{} file tests, {} passed", rest.len(), rest.len());
    assert!(stdout.contains(&summary), "{stdout}");
    // The exceptions pass on our paths and fail upstream for the documented reason
    // only: if upstream changes, this notices.
    for f in odd {
        let path = f.display().to_string();
        let (ok, stdout, _) = stdlower(&["test", &path]);
        assert!(ok, "{path} fails without upstream:\n{stdout}");
        let (ok, stdout, _) = stdlower(&["test", "--via", "upstream", &path]);
        let why = known(f).unwrap_or_default();
        assert!(
            !ok && stdout.contains(why),
            "{path}: expected '{why}':\n{stdout}"
        );
    }
}

#[test]
fn conformance_programs_agree_across_the_three_paths() {
    if !installed() {
        return;
    }
    let Some(dir) = conformance_dir() else {
        eprintln!("no conformance directory: skipped");
        return;
    };
    let dir_s = dir.display().to_string();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read the conformance directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .filter(|p| p.with_extension("expect").is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no conformance programs in {dir_s}");
    let mut failures = Vec::new();
    for f in &files {
        let want = std::fs::read_to_string(f.with_extension("expect")).expect("read .expect");
        let path = f.display().to_string();
        for cmd in [
            vec!["interp", path.as_str()],
            vec!["run", path.as_str()],
            vec!["run", "--via", "upstream", path.as_str()],
        ] {
            let (ok, stdout, stderr) = stdlower(&cmd);
            if !ok || stdout.trim_end() != want.trim_end() {
                failures.push(format!(
                    "stdlower {}: got\n{stdout}{stderr}want\n{want}",
                    cmd.join(" ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The oracle itself: all three agree, and upstream really ran on every program.
    let (ok, stdout, stderr) = stdlower(&["check", "--upstream", &dir_s]);
    assert!(ok, "{stdout}\n{stderr}");
    let ran = format!("upstream oracle ran on {} modules (0 ", files.len());
    assert!(stdout.contains(&ran), "{stdout}");
}

#[test]
fn a_tool_rejection_is_reported_with_its_stderr() {
    if !installed() {
        return;
    }
    // Not upstream syntax: mlir-opt must refuse it, and say where.
    let e = harness::upstream::lower_text("func.func @f() {\n  %x = arith.bogus\n}\n", 64)
        .expect_err("mlir-opt accepted nonsense");
    let msg = e.to_string();
    assert!(
        matches!(e, harness::upstream::UpstreamError::Tool(_)),
        "{msg}"
    );
    assert!(msg.contains("mlir-opt") && msg.contains("2:"), "{msg}");
}

#[test]
fn generated_modules_agree_in_process_as_the_fuzz_target_runs_them() {
    if !installed() {
        return;
    }
    // The fuzz target's configuration (in-process JIT) with the upstream oracle on.
    let mut cfg = harness::fuzzing::fuzz_oracle_config();
    cfg.upstream = true;
    let mut upstream_ran = 0;
    for seed in 0..24u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        let r = harness::oracles::check_generated(&m, &cfg);
        assert!(!r.verdict.is_finding(), "seed {seed}: {}", r.verdict);
        upstream_ran += r.ran(harness::oracles::Oracle::Upstream) as usize;
    }
    // Not every module is expressible upstream (a `dealloc` in a nonzero memory space,
    // an `alloc` with a strided layout: docs/upstream-differences.md): half of them must
    // be (17 of these 24 are; the share moves with every change to the generator).
    assert!(
        upstream_ran >= 12,
        "upstream ran on only {upstream_ran} of 24"
    );
}
