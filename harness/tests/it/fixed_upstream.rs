//! `fixed-upstream` end to end: a real wrong value of MLIR 13
//! (`docs/findings/mlir13-index-cast-fold-zext.{md,mlir}`: its folder zero-extends a
//! negative `index_cast`), found by `check --upstream` with MLIR 13 selected, is run
//! again on MLIR 22 (`upstream/recheck.rs`), which computes the interpreter's
//! value: the finding is counted known-upstream as fixed-upstream, not as a finding.
//! Selected MLIR 22 itself agrees on the module. Skipped without `mlir-opt-13` and MLIR
//! 22's tools, a failure under `CI`.

use crate::common::stdlower;

/// The directory of `mlir-opt-13` on `PATH` with MLIR 22's tools installed, or `None`
/// with a note (a failure under `CI`).
fn mlir13_bin() -> Option<String> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("mlir-opt-13"))
            .find(|p| p.is_file())
    });
    let dir = found
        .and_then(|p| std::fs::canonicalize(p).ok())
        .and_then(|p| p.parent().map(|d| d.display().to_string()));
    match (dir, harness::upstream_release::resolve(None)) {
        (Some(d), Ok(_)) => Some(d),
        (d, t) => {
            let why = format!("mlir-opt-13 ({d:?}) or MLIR 22 ({:?}) is missing", t.err());
            assert!(std::env::var_os("CI").is_none(), "CI is set: {why}");
            eprintln!("skipped: {why}");
            None
        }
    }
}

#[test]
fn an_mlir13_wrong_value_that_mlir22_fixed_is_fixed_upstream() {
    let Some(bin) = mlir13_bin() else { return };
    let file = format!(
        "{}/../docs/findings/mlir13-index-cast-fold-zext.mlir",
        env!("CARGO_MANIFEST_DIR")
    );
    let (ok, out, err) = stdlower(&["check", "--upstream", "--mlir-bin", &bin, &file]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(
            "known-upstream (fixed-upstream: MLIR 22 computes the interpreter's values): \
             upstream disagrees with interp and jit"
        ),
        "{out}"
    );
    assert!(
        out.contains("18446744073709551615"),
        "MLIR 13's value: {out}"
    );
    assert!(out.contains("0 findings, 1 known-upstream"), "{out}");
    // MLIR 22 selected: no disagreement to classify.
    let (ok, out, err) = stdlower(&["check", "--upstream", &file]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("1 agree, 0 findings, 0 known-upstream"),
        "{out}"
    );
}
