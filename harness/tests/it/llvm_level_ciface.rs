//! `_mlir_ciface_` entries at the LLVM level: `stdlower interp --level llvm --entry
//! _mlir_ciface_f` runs `@f`'s C wrapper as C calls it (memrefs by pointer to their
//! descriptors, several results or a memref result through a first-argument pointer)
//! and prints what `stdlower run --entry _mlir_ciface_f` prints, the JIT calling the
//! compiled wrapper with the C ABI; `interp --via upstream` runs upstream's wrapper the
//! same way when `mlir-opt` 22 is installed. Both index widths; ranked memrefs of rank
//! 0 to 2 (one with a strided layout), unranked, scalars, several results.

use crate::common::{stdlower, TempDir};

const SRC: &str = r#"func @f(%m: memref<?xi32>, %x: i32) -> (memref<?xi32>, i32) attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %v = load %m[%c0] : memref<?xi32>
  %s = addi %v, %x : i32
  store %s, %m[%c0] : memref<?xi32>
  return %m, %s : memref<?xi32>, i32
}
func @g(%x: i32) -> i32 attributes {llvm.emit_c_interface} {
  %c = constant 3 : i32
  %r = muli %x, %c : i32
  return %r : i32
}
func @u(%m: memref<*xf32>) -> memref<*xf32> attributes {llvm.emit_c_interface} {
  return %m : memref<*xf32>
}
func @z(%m: memref<f32>, %x: f32) -> f32 attributes {llvm.emit_c_interface} {
  %v = load %m[] : memref<f32>
  %s = addf %v, %x : f32
  return %s : f32
}
func @s(%m: memref<2x2xi64, offset: 1, strides: [4, 2]>) -> (i64, memref<2x2xi64, offset: 1, strides: [4, 2]>) attributes {llvm.emit_c_interface} {
  %c1 = constant 1 : index
  %v = load %m[%c1, %c1] : memref<2x2xi64, offset: 1, strides: [4, 2]>
  return %v, %m : i64, memref<2x2xi64, offset: 1, strides: [4, 2]>
}
"#;

#[test]
fn c_wrappers_run_at_the_llvm_level_as_natively() {
    let dir = TempDir::new("llvm-level-ciface");
    let p = dir.file("ci.mlir", SRC).display().to_string();
    let upstream = harness::upstream::tools().is_ok();
    let calls: [&[&str]; 5] = [
        &["--entry", "_mlir_ciface_f", "--arg", "[1, 2]", "--arg", "5"],
        &["--entry", "_mlir_ciface_g", "--arg", "7"],
        &["--entry", "_mlir_ciface_u", "--arg", "[1.5, 2.5]"],
        &["--entry", "_mlir_ciface_z", "--arg", "1.5", "--arg", "2.0"],
        &["--entry", "_mlir_ciface_s", "--arg", "[[1, 2], [3, 4]]"],
    ];
    let mut compared = 0;
    for ib in ["64", "32"] {
        for call in calls {
            let with = |cmd: &[&str]| {
                let mut v: Vec<&str> = cmd.to_vec();
                v.push(&p);
                v.extend(["--index-bitwidth", ib]);
                v.extend(call);
                stdlower(&v)
            };
            let (ok, want, err) = with(&["run"]);
            assert!(ok, "run {call:?}: {err}");
            let mut paths = vec![vec!["interp", "--level", "llvm"]];
            // MLIR 22 at a 32-bit index calls malloc(i32), which the interpreter reports
            // (docs/findings/mlir22-index32-alloc-truncates.md).
            if upstream && ib == "64" {
                paths.push(vec!["interp", "--via", "upstream"]);
            }
            for cmd in paths {
                let (ok, got, err) = with(&cmd);
                assert!(
                    ok && got == want,
                    "{cmd:?} {call:?} at index {ib}: got\n{got}{err}want\n{want}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 10);
}
