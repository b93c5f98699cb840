//! The `prove` command line: one verdict line per function with a body and the summary
//! (exit 0 with nothing refuted), `--function`, `--json`, `--solver cvc5` as a second
//! opinion, `--rules` on its own, and a located error for a function that is not there.
//! Needs `z3` (and `cvc5` for its test): skipped without, failing when `CI` is set.

use crate::common::{stdlower, TempDir};
use crate::prove_wrong::have_z3;

const FILE: &str = "func @f(%a: i32) -> i32 {
  %c = constant 7 : i32
  %r = divi_signed %a, %c : i32
  return %r : i32
}
func @ext(%a: f32) -> f32
func @m(%x: memref<4xf32>) -> () {
  return
}
func @loop(%n: index) -> index {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^h(%c0 : index)
^h(%i: index):
  %more = cmpi \"slt\", %i, %n : index
  cond_br %more, ^b, ^x
^b:
  %j = addi %i, %c1 : index
  br ^h(%j : index)
^x:
  return %i : index
}
func @r() -> memref<2xi8> {
  %m = alloc() : memref<2xi8>
  return %m : memref<2xi8>
}
func @v(%a: f32) -> f32 {
  %r = call @ext(%a) : (f32) -> f32
  return %r : f32
}
";

#[test]
fn prove_prints_a_verdict_per_function_and_a_summary() {
    if !have_z3() {
        return;
    }
    let dir = TempDir::new("prove-cli");
    let f = dir.file("p.mlir", FILE);
    let f = f.to_str().unwrap();
    // `--no-hints`: every loop unrolled (with hints, `@loop` holds for any count).
    let (ok, out, err) = stdlower(&["prove", f, "--unroll", "3", "--no-hints"]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "@f: proved (unroll 3)\n\
         @m: proved (unroll 3, memrefs: sizes <= 4, distinct)\n\
         @loop: proved (unroll 3)\n\
         @r: proved (unroll 3)\n\
         @v: unknown: a call of the external @ext not modelled\n\
         4 proved, 0 refuted, 1 unknown\n"
    );
    let (ok, out, _) = stdlower(&["prove", f, "--function", "loop", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["proved"], 1);
    assert_eq!(v["functions"][0]["name"], "loop");
    assert_eq!(v["functions"][0]["bounds"], "any iteration count");
    let (ok, _, err) = stdlower(&["prove", f, "--function", "ext"]);
    assert!(!ok);
    assert!(
        err.contains("p.mlir:6:1: error: no function '@ext' with a body to prove"),
        "{err}"
    );
}

#[test]
fn cvc5_gives_the_same_answers() {
    if !have_z3() {
        return;
    }
    if std::process::Command::new("cvc5")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set: cvc5 is not installed"
        );
        eprintln!("skipped: cvc5 is not installed");
        return;
    }
    let dir = TempDir::new("prove-cvc5");
    let f = dir.file("p.mlir", FILE);
    let (ok, out, err) = stdlower(&["prove", f.to_str().unwrap(), "--solver", "cvc5"]);
    assert!(ok, "{err}");
    assert!(out.ends_with("4 proved, 0 refuted, 1 unknown\n"), "{out}");
}
