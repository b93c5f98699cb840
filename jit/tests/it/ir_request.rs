//! IR requests (`Worker::run_ir`): LLVM IR made outside the worker runs with the calling
//! convention of our lowering. Fed our own translation of each conformance program, it
//! must answer exactly what the ordinary request answers; crashes stay isolated and IR
//! that does not parse is an error naming the reason.

use crate::common;

use crate::conformance_data as conformance;
use common::worker;
use conformance::conformance_dir;
use converter::lower::{lower_module, LowerOptions};
use converter::value::RtValue;
use jit::{RunError, RunOptions};

fn our_ir(text: &str) -> String {
    let m = converter::syntax::parse_module("t.mlir", text.as_bytes()).unwrap();
    let lowered = lower_module(&m, &LowerOptions::default()).unwrap();
    jit::translate_to_ir_string(&lowered).unwrap()
}

#[test]
fn our_own_ir_answers_like_the_ordinary_request() {
    let Some(rd) = conformance_dir().and_then(|d| std::fs::read_dir(d).ok()) else {
        eprintln!("no conformance directory: skipped");
        return;
    };
    let mut w = worker();
    let opts = RunOptions::default();
    let mut n = 0;
    for e in rd.flatten() {
        let f = e.path();
        if f.extension().is_none_or(|x| x != "mlir") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let plain = w.run(&text, "main", &[], &opts);
        let via_ir = w.run_ir(&text, &our_ir(&text), "main", &[], &opts);
        assert_eq!(
            format!("{plain:?}"),
            format!("{via_ir:?}"),
            "{}",
            f.display()
        );
        assert!(plain.is_ok(), "{}: {plain:?}", f.display());
        n += 1;
    }
    assert!(n > 0);
    assert_eq!(w.processes_started(), 1);
}

#[test]
fn memref_arguments_and_results_cross_an_ir_request() {
    let text = r#"
func @main(%m: memref<2x?xi32>, %k: i32) -> (memref<2x?xi32>, i64) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %v = load %m[%c1, %c0] : memref<2x?xi32>
  %s = addi %v, %k : i32
  store %s, %m[%c0, %c1] : memref<2x?xi32>
  %w = sexti %s : i32 to i64
  return %m, %w : memref<2x?xi32>, i64
}
"#;
    let arg = RtValue::MemRef {
        shape: vec![2, 2],
        elems: [1, 2, 3, 4].map(RtValue::Int).to_vec(),
    };
    let mut w = worker();
    let args = [arg, RtValue::Int(10)];
    let opts = RunOptions::default();
    let got = w.run_ir(text, &our_ir(text), "main", &args, &opts).unwrap();
    assert_eq!(got, w.run(text, "main", &args, &opts).unwrap());
    assert_eq!(got[1], RtValue::Int(13));
}

#[test]
fn crashes_are_isolated_and_bad_ir_is_an_error() {
    let text = r#"
func @main() -> i32 {
  %m = alloc() : memref<4xi32>
  %i = constant 1099511627776 : index
  %v = constant 7 : i32
  store %v, %m[%i] : memref<4xi32>
  return %v : i32
}
"#;
    let mut w = worker();
    let opts = RunOptions::default();
    match w.run_ir(text, &our_ir(text), "main", &[], &opts) {
        Err(RunError::Crash { signal }) => assert_eq!(signal, "SIGSEGV"),
        other => panic!("expected a crash, got {other:?}"),
    }
    match w.run_ir(text, "define i32 @main( {", "main", &[], &opts) {
        Err(RunError::Error(msg)) => assert!(msg.contains("does not parse"), "{msg}"),
        other => panic!("expected an error, got {other:?}"),
    }
    // The replacement worker still serves ordinary requests.
    let ok = "func @main() -> i32 {\n  %c = constant 5 : i32\n  return %c : i32\n}\n";
    assert_eq!(
        w.run_ir(ok, &our_ir(ok), "main", &[], &opts).unwrap(),
        vec![RtValue::Int(5)]
    );
    assert_eq!(w.processes_started(), 2);
}
