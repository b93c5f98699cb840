//! Batch requests (`Worker::run_batch`): several calls of one module share one
//! compilation and answer like separate runs; a call that fails alone fails alone, and
//! when one crashes or hangs, the calls before it keep their answers and the later ones
//! are reported as not made.

use crate::common;

use common::{opts, worker};
use converter::value::RtValue;
use jit::{AbiType, CInterface, CParam, RunError, WorkerCall};

/// `add` and `div` are safe for most arguments; `segv` stores far outside any mapping,
/// `spin` never returns; `sum` reads a memref argument and returns a fresh one.
const MODULE: &str = r#"
func @add(%a: i32, %b: i32) -> i32 {
  %c = addi %a, %b : i32
  return %c : i32
}
func @div(%a: i32, %b: i32) -> i32 {
  %c = divi_signed %a, %b : i32
  return %c : i32
}
func @segv() -> i32 {
  %m = alloc() : memref<4xi32>
  %i = constant 1099511627776 : index
  %v = constant 7 : i32
  store %v, %m[%i] : memref<4xi32>
  %c0 = constant 0 : index
  %r = load %m[%c0] : memref<4xi32>
  return %r : i32
}
func @spin() -> i32 {
  %c0 = constant 0 : i32
  br ^loop(%c0 : i32)
^loop(%i: i32):
  %one = constant 1 : i32
  %j = addi %i, %one : i32
  br ^loop(%j : i32)
}
func @sum(%m: memref<?xi64>) -> (i64, memref<2xi64>) attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c0] : memref<?xi64>
  %b = load %m[%c1] : memref<?xi64>
  %s = addi %a, %b : i64
  %r = alloc() : memref<2xi64>
  store %b, %r[%c0] : memref<2xi64>
  store %a, %r[%c1] : memref<2xi64>
  return %s, %r : i64, memref<2xi64>
}
"#;

fn ints(v: &[i128]) -> Vec<RtValue> {
    v.iter().map(|&x| RtValue::Int(x)).collect()
}

fn vec3(a: i128, b: i128, c: i128) -> RtValue {
    RtValue::MemRef {
        shape: vec![3],
        elems: ints(&[a, b, c]),
    }
}

#[test]
fn a_batch_answers_like_separate_runs() {
    let mut w = worker();
    let o = opts(10.0);
    let calls: Vec<(&str, Vec<RtValue>)> = vec![
        ("add", ints(&[2, 3])),
        ("div", ints(&[-7, 2])),
        ("sum", vec![vec3(40, 2, 9)]),
        ("_mlir_ciface_sum", vec![vec3(-1, 5, 0)]),
        ("nosuch", vec![]),
        ("add", ints(&[1])),
        ("add", ints(&[i32::MAX as i128, 1])),
    ];
    // What C expects of `_mlir_ciface_sum`: the memref by pointer to its descriptor,
    // the two results through a pointer passed first.
    let i64t = AbiType::Int(64);
    let desc = AbiType::Struct(vec![
        AbiType::ptr(0, i64t.clone()),
        AbiType::ptr(0, i64t.clone()),
        i64t.clone(),
        AbiType::Array(1, Box::new(i64t.clone())),
        AbiType::Array(1, Box::new(i64t.clone())),
    ]);
    let sum_c = CInterface {
        params: vec![CParam::Descriptor {
            space: 0,
            desc: desc.clone(),
        }],
        results: AbiType::Struct(vec![i64t, desc]),
        results_by_pointer: Some(0),
    };
    let batch: Vec<WorkerCall<'_>> = calls
        .iter()
        .map(|(e, a)| WorkerCall {
            entry: e,
            args: a,
            c_interface: e.starts_with("_mlir_ciface_").then_some(&sum_c),
        })
        .collect();
    let got = w.run_batch_calls(MODULE, &batch, &o);
    assert_eq!(got.len(), calls.len());
    for (call, g) in batch.iter().zip(&got) {
        let alone = w.run_call(MODULE, call, &o);
        assert_eq!(g.as_ref(), Some(&alone), "@{}", call.entry);
    }
    assert_eq!(
        got[3],
        Some(Ok(vec![
            RtValue::Int(4),
            RtValue::MemRef {
                shape: vec![2],
                elems: ints(&[5, -1])
            }
        ]))
    );
    // Without the interface C expects, a call through the wrapper is refused.
    let refused = w.run(MODULE, "_mlir_ciface_sum", &[vec3(-1, 5, 0)], &o);
    assert!(
        matches!(&refused, Err(RunError::Error(m)) if m.contains("needs the C interface")),
        "{refused:?}"
    );
    // The per-call errors stayed with their calls.
    assert!(matches!(&got[4], Some(Err(RunError::Error(_)))));
    assert!(matches!(&got[5], Some(Err(RunError::Error(_)))));
    assert_eq!(got[0], Some(Ok(ints(&[5]))));
    assert_eq!(w.processes_started(), 1);
}

#[test]
fn a_crash_keeps_earlier_answers_and_stops_the_batch() {
    let mut w = worker();
    let o = opts(10.0);
    let none: &[RtValue] = &[];
    let two = ints(&[2, 3]);
    let got = w.run_batch(MODULE, &[("add", &two), ("segv", none), ("add", &two)], &o);
    assert_eq!(
        got,
        vec![
            Some(Ok(ints(&[5]))),
            Some(Err(RunError::Crash {
                signal: "SIGSEGV".into()
            })),
            None,
        ]
    );
    // The worker is replaced and serves the next batch.
    let again = w.run_batch(MODULE, &[("add", &two)], &o);
    assert_eq!(again, vec![Some(Ok(ints(&[5])))]);
    assert_eq!(w.processes_started(), 2);
}

#[test]
fn a_hang_times_out_and_stops_the_batch() {
    let mut w = worker();
    let none: &[RtValue] = &[];
    let two = ints(&[2, 3]);
    let got = w.run_batch(
        MODULE,
        &[("add", &two), ("spin", none), ("add", &two)],
        &opts(1.0),
    );
    assert_eq!(got[0], Some(Ok(ints(&[5]))));
    assert!(
        matches!(got[1], Some(Err(RunError::Timeout { .. }))),
        "{:?}",
        got[1]
    );
    assert_eq!(got[2], None);
}

#[test]
fn a_module_that_does_not_parse_is_every_calls_error() {
    let mut w = worker();
    let none: &[RtValue] = &[];
    let got = w.run_batch("func @f(", &[("f", none), ("g", none)], &opts(10.0));
    assert_eq!(got.len(), 2);
    for g in &got {
        assert!(matches!(g, Some(Err(RunError::Error(_)))), "{g:?}");
    }
    assert_eq!(got[0], got[1]);
    assert!(w.run_batch(MODULE, &[], &opts(10.0)).is_empty());
    assert_eq!(w.processes_started(), 1);
}
