//! The public API on textual modules: compile once and run many times, step counts,
//! final memory of memref arguments, and argument errors.

use converter::value::RtValue;
use interp::{run, NoExternals, Options, Program, Trap};

const SRC: &str = r#"
func @scale(%m: memref<?xi64>, %k: i64) -> index {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = dim %m, 0 : memref<?xi64>
  br ^loop(%c0 : index)
^loop(%i: index):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^exit
^body:
  %v = load %m[%i] : memref<?xi64>
  %w = muli %v, %k : i64
  store %w, %m[%i] : memref<?xi64>
  %i2 = addi %i, %c1 : index
  br ^loop(%i2 : index)
^exit:
  return %n : index
}
func @free(%m: memref<2xf32>) {
  dealloc %m : memref<2xf32>
  return
}
"#;

fn ints(xs: &[i128]) -> RtValue {
    RtValue::MemRef {
        shape: vec![xs.len() as u64],
        elems: xs.iter().map(|&x| RtValue::Int(x)).collect(),
    }
}

#[test]
fn final_memory_of_memref_arguments() {
    let m = converter::syntax::parse_module("api.mlir", SRC.as_bytes()).unwrap();
    let prog = Program::compile(&m, 64);
    let opts = Options::default();
    let out = prog
        .run_full(
            "scale",
            &[ints(&[1, -2, 3]), RtValue::Int(-7)],
            &opts,
            &mut NoExternals,
        )
        .unwrap();
    assert_eq!(out.results, vec![RtValue::Int(3)]);
    assert_eq!(out.memref_args, vec![Some(ints(&[-7, 14, -21])), None]);
    // 4 instructions, 7 per element, 3 to leave.
    assert_eq!(out.steps, 4 + 7 * 3 + 3);
    // The same program again, fresh memory.
    let out = prog
        .run_full(
            "scale",
            &[ints(&[5]), RtValue::Int(2)],
            &opts,
            &mut NoExternals,
        )
        .unwrap();
    assert_eq!(out.memref_args[0], Some(ints(&[10])));
    // A deallocated argument has no final contents.
    let two = RtValue::MemRef {
        shape: vec![2],
        elems: vec![RtValue::Float(0); 2],
    };
    let out = prog
        .run_full("free", &[two], &opts, &mut NoExternals)
        .unwrap();
    assert_eq!(out.memref_args, vec![None]);
}

#[test]
fn bad_entries_and_arguments_are_errors() {
    let m = converter::syntax::parse_module("api.mlir", SRC.as_bytes()).unwrap();
    let opts = Options::default();
    let err = |r: Result<Vec<RtValue>, Trap>| match r {
        Err(Trap::Error { message, .. }) => message,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        err(run(&m, "nope", &[], &opts, &mut NoExternals)),
        "no function '@nope' to run"
    );
    assert!(err(run(&m, "scale", &[], &opts, &mut NoExternals)).contains("takes 2 arguments"));
    let wrong = RtValue::MemRef {
        shape: vec![2],
        elems: vec![RtValue::Int(1); 2],
    };
    let msg = err(run(&m, "free", &[wrong], &opts, &mut NoExternals));
    assert!(msg.contains("argument 0 of '@free'"), "{msg}");
    let three = RtValue::MemRef {
        shape: vec![3],
        elems: vec![RtValue::Float(0); 3],
    };
    let msg = err(run(&m, "free", &[three], &opts, &mut NoExternals));
    assert!(msg.contains("dimension 0 has size 3"), "{msg}");
}
