//! The `heap-blocks` oracle against a deliberately leaking lowering, built in the test from
//! a correct one: a caller of a function returning an unranked memref that never frees
//! the callee's heap copy of the descriptor (what the mutant deleting
//! `Type::UnrankedMemRef` from `lower/calls.rs` produces). Every value is the same; only
//! the count of heap blocks left allocated differs, and the oracle, run from its
//! registry row as the harness runs it ([`harness::oracles::check::judge_only`]), reports it. The correct lowering agrees with the interpreter, and so does an entry
//! that itself returns an unranked memref (whose copy the JIT's caller side frees).

use converter::ir::{Module, OpKind};
use converter::lower::{lower_module, LowerOptions};
use converter::value::RtValue;
use harness::exec::{InterpRun, Outcome};
use harness::oracles::check::{judge_only, Case, JitBatch};
use harness::oracles::{OracleConfig, Verdict};

/// The verdict of the registered `heap-blocks` oracle, given the two paths' counts of
/// heap blocks (in the case's context, as the interpreter's run and the JIT batch would
/// have given them), and the oracles that ran.
fn compare(m: &Module, interp: Option<i64>, jit: Option<i64>) -> (Verdict, Vec<String>) {
    let cfg = OracleConfig::default();
    let run = InterpRun {
        outcome: Outcome::Values(Vec::new()),
        heap_blocks: interp,
        steps: None,
        heap_events: None,
    };
    let batch = JitBatch {
        heap_blocks: jit,
        ..JitBatch::default()
    };
    let case = Case::new(m, "main", &[], &cfg)
        .with_interp(run)
        .with_jit(batch);
    let mut ran = Vec::new();
    let v = judge_only(&case, &mut ran, |o| o.as_str() == "heap-blocks");
    (v, ran.iter().map(|o| o.to_string()).collect())
}

const MODULE: &str = r#"
func @make(%n: index) -> memref<*xf32> {
  %m = alloc(%n) : memref<?xf32>
  %c0 = constant 0 : index
  %x = constant 2.5 : f32
  store %x, %m[%c0] : memref<?xf32>
  %u = memref_cast %m : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
func @main() -> f32 {
  %c3 = constant 3 : index
  %u = call @make(%c3) : (index) -> memref<*xf32>
  %m = memref_cast %u : memref<*xf32> to memref<?xf32>
  %c0 = constant 0 : index
  %x = load %m[%c0] : memref<?xf32>
  dealloc %m : memref<?xf32>
  return %x : f32
}
func @keep() -> memref<*xf32> {
  %c1 = constant 1 : index
  %u = call @make(%c1) : (index) -> memref<*xf32>
  return %u : memref<*xf32>
}
"#;

fn parse() -> Module {
    converter::syntax::parse_module("leaks.mlir", MODULE.as_bytes()).expect("parses")
}

/// The interpreter's count of the heap blocks `entry` leaves allocated.
fn interp_blocks(m: &Module, entry: &str, args: &[RtValue]) -> i64 {
    let opts = interp::Options::default();
    let mut ext = harness::externals::HarnessExternals;
    interp::Program::compile(m, opts.index_bitwidth)
        .run_full(entry, args, &opts, &mut ext)
        .expect("runs")
        .heap_blocks
}

/// The JIT's count (in this process) of the heap blocks `entry` of `lowered` leaves
/// allocated, and its results.
fn jit_blocks(m: &Module, lowered: &Module, entry: &str) -> (Vec<RtValue>, i64) {
    let sig = jit::exec::entry_sig(m, entry).expect("signature");
    let calls = [jit::exec::Call {
        entry,
        sig: &sig,
        args: &[],
    }];
    let opts = jit::RunOptions::default();
    let mut got = jit::exec::run_lowered_calls_in_process(lowered, &calls, &opts);
    let blocks = jit::exec::take_heap_blocks();
    (got.remove(0).expect("runs"), blocks)
}

/// Removes the first `llvm.call @free` of `func` in `lowered`.
fn drop_first_free(lowered: &mut Module, func: &str) {
    let body = lowered
        .funcs
        .iter_mut()
        .find(|f| f.name == func)
        .and_then(|f| f.body.as_mut())
        .expect("the lowered function");
    let free = body
        .walk_ops()
        .find(|&op| {
            let d = body.op(op);
            d.kind == OpKind::LlvmCall
                && d.attr("callee").and_then(|a| a.as_symbol()) == Some("free")
        })
        .expect("a call of free");
    body.remove_op(free);
}

#[test]
fn a_caller_that_never_frees_the_unranked_copy_is_a_finding() {
    let m = parse();
    let lowered = lower_module(&m, &LowerOptions::default()).expect("lowers");
    let interp = interp_blocks(&m, "main", &[]);
    assert_eq!(interp, 0, "main deallocates what it allocates");

    let (good_vals, good) = jit_blocks(&m, &lowered, "main");
    assert_eq!(good, 0);
    let (v, ran) = compare(&m, Some(interp), Some(good));
    assert!(matches!(v, Verdict::Agree), "{v}");
    assert_eq!(ran, ["heap-blocks"]);

    let mut wrong = lowered.clone();
    drop_first_free(&mut wrong, "main");
    let (wrong_vals, leaked) = jit_blocks(&m, &wrong, "main");
    assert_eq!(wrong_vals, good_vals, "the leak changes no value");
    assert_eq!(leaked, 1);
    match compare(&m, Some(interp), Some(leaked)).0 {
        Verdict::Finding { oracle, detail } => {
            assert_eq!(oracle, "heap-blocks");
            assert!(detail.contains("interp 0, jit 1"), "{detail}");
        }
        other => panic!("expected a finding, got {other:?}"),
    }
}

#[test]
fn an_entry_returning_an_unranked_memref_agrees() {
    let m = parse();
    let lowered = lower_module(&m, &LowerOptions::default()).expect("lowers");
    let interp = interp_blocks(&m, "keep", &[]);
    assert_eq!(interp, 1, "the returned buffer stays allocated");
    let (_, jit) = jit_blocks(&m, &lowered, "keep");
    assert_eq!(jit, interp);
    assert!(matches!(
        compare(&m, Some(interp), Some(jit)).0,
        Verdict::Agree
    ));
    // Without the worker's count (the in-process JIT) the oracle does not apply.
    let (v, ran) = compare(&m, Some(interp), None);
    assert!(matches!(v, Verdict::Agree) && ran.is_empty(), "{v} {ran:?}");
}
