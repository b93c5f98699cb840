//! `stdlower test --bless` on temporary copies of corpus files: a stale `run:`
//! expectation and a stale probe `.expect` are rewritten and then pass; a passing file
//! is not written (byte-identical, same modification time); a failing `CHECK` test is
//! reported as not blessable and left as it is.

use crate::common;
use common::{stdlower, TempDir};
use std::path::Path;

fn corpus(rel: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn stale_run_line_and_expect_file_are_blessed_then_pass() {
    let dir = TempDir::new("bless-stale");
    let good = corpus("run/generic_cmp_predicate_numbers.mlir");
    assert!(good.contains("// run: @main() -> 101 : i32"));
    let stale = good.replace("// run: @main() -> 101 : i32", "// run: @main() -> 7 : i32");
    let f = dir.file("cmp.mlir", &stale);
    let probe = corpus("probe/ret_i1.mlir");
    let p = dir.file("ret_i1.mlir", &probe);
    dir.file("ret_i1.expect", "i1 0\n");
    let d = dir.0.display().to_string();

    let (ok, out, _) = stdlower(&["test", "--no-jit", &d]);
    assert!(!ok && out.contains("1 failed"), "{out}");

    let (ok, out, err) = stdlower(&["test", "--no-jit", "--bless", &d]);
    assert!(ok, "{out}{err}");
    assert!(out.contains(&format!("BLESSED {}", f.display())), "{out}");
    assert!(out.contains("ret_i1.expect"), "{out}");
    assert!(
        !out.contains(&format!("BLESSED {}\n", p.display())),
        "{out}"
    );
    assert!(
        out.contains("2 file tests, 2 blessed, 0 not blessable"),
        "{out}"
    );
    // Only the stale line changed, back to what the corpus says.
    assert_eq!(std::fs::read_to_string(&f).unwrap(), good);
    assert_eq!(std::fs::read_to_string(&p).unwrap(), probe);
    assert_eq!(
        std::fs::read_to_string(dir.0.join("ret_i1.expect")).unwrap(),
        corpus("probe/ret_i1.expect")
    );

    let (ok, out, _) = stdlower(&["test", "--no-jit", &d]);
    assert!(ok && out.contains("2 passed, 0 failed"), "{out}");
    let (_, inter, _) = stdlower(&["interp", &p.display().to_string()]);
    assert_eq!(inter, corpus("probe/ret_i1.expect"));
}

#[test]
fn a_passing_file_is_not_written() {
    let dir = TempDir::new("bless-pass");
    let text = corpus("run/generic_cmp_predicate_numbers.mlir");
    let f = dir.file("cmp.mlir", &text);
    let before = std::fs::metadata(&f).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let (ok, out, err) = stdlower(&["test", "--no-jit", "--bless", &f.display().to_string()]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("1 file tests, 0 blessed, 0 not blessable"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    assert_eq!(std::fs::metadata(&f).unwrap().modified().unwrap(), before);
}

#[test]
fn a_failing_check_test_is_not_blessable_and_not_written() {
    let dir = TempDir::new("bless-check");
    let good = corpus("lower/aligned_alloc.mlir");
    let line = "// CHECK-LABEL: llvm.func @f(%arg0: i64) {";
    assert!(good.contains(line));
    let stale = good.replace(line, "// CHECK-LABEL: llvm.func @renamed(%arg0: i64) {");
    let f = dir.file("aligned.mlir", &stale);
    let (ok, out, _) = stdlower(&["test", "--no-jit", "--bless", &f.display().to_string()]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!("NOT BLESSABLE {}", f.display())),
        "{out}"
    );
    assert!(out.contains("does not match the CHECK lines"), "{out}");
    assert!(out.contains("0 blessed, 1 not blessable"), "{out}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), stale);
}
