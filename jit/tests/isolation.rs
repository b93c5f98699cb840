//! Crash and hang isolation through the worker process.

mod common;

use common::{opts, worker};
use converter::value::RtValue;
use jit::RunError;
use std::process::Command;
use std::time::{Duration, Instant};

const OK: &str = r#"
func @main(%a: i32, %b: i32) -> i32 {
  %c = addi %a, %b : i32
  return %c : i32
}
"#;

/// Stores through a memref at index 1<<40: far outside any mapping.
const SEGV: &str = r#"
func @main() -> i32 {
  %m = alloc() : memref<4xi32>
  %i = constant 1099511627776 : index
  %v = constant 7 : i32
  store %v, %m[%i] : memref<4xi32>
  %c0 = constant 0 : index
  %r = load %m[%c0] : memref<4xi32>
  return %r : i32
}
"#;

const LOOP: &str = r#"
func @main() -> i32 {
  %c0 = constant 0 : i32
  br ^loop(%c0 : i32)
^loop(%i: i32):
  %one = constant 1 : i32
  %j = addi %i, %one : i32
  br ^loop(%j : i32)
}
"#;

const DIV0: &str = r#"
func @main(%a: i32, %b: i32) -> i32 {
  %c = divi_signed %a, %b : i32
  return %c : i32
}
"#;

#[test]
fn survives_segv_and_respawns() {
    let mut w = worker();
    let ok = w.run(OK, "main", &[RtValue::Int(2), RtValue::Int(3)], &opts(10.0));
    assert_eq!(ok, Ok(vec![RtValue::Int(5)]));
    let pid = w.pid();
    let r = w.run(SEGV, "main", &[], &opts(10.0));
    assert_eq!(
        r,
        Err(RunError::Crash {
            signal: "SIGSEGV".into()
        })
    );
    assert_eq!(r.unwrap_err().to_string(), "crashed with SIGSEGV");
    // The next module runs in a fresh process.
    let ok = w.run(
        OK,
        "main",
        &[RtValue::Int(-2), RtValue::Int(3)],
        &opts(10.0),
    );
    assert_eq!(ok, Ok(vec![RtValue::Int(1)]));
    assert_ne!(w.pid(), pid);
    assert_eq!(w.processes_started(), 2);
}

#[test]
fn infinite_loop_times_out() {
    let mut w = worker();
    let t = Instant::now();
    let r = w.run(LOOP, "main", &[], &opts(1.0));
    assert_eq!(r, Err(RunError::Timeout { secs: 1.0 }));
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!(
        RunError::Timeout { secs: 2.0 }.to_string(),
        "timed out after 2 s"
    );
    let ok = w.run(OK, "main", &[RtValue::Int(1), RtValue::Int(1)], &opts(10.0));
    assert_eq!(ok, Ok(vec![RtValue::Int(2)]));
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sdiv_by_zero_is_sigfpe_at_o0() {
    let mut w = worker();
    let r = w.run(
        DIV0,
        "main",
        &[RtValue::Int(1), RtValue::Int(0)],
        &opts(10.0),
    );
    assert_eq!(
        r,
        Err(RunError::Crash {
            signal: "SIGFPE".into()
        })
    );
    let r = w.run(
        DIV0,
        "main",
        &[RtValue::Int(7), RtValue::Int(2)],
        &opts(10.0),
    );
    assert_eq!(r, Ok(vec![RtValue::Int(3)]));
}

#[test]
fn errors_keep_the_worker() {
    let mut w = worker();
    let r = w.run("func @main( -> i32", "main", &[], &opts(10.0));
    assert!(matches!(r, Err(RunError::Error(_))), "{r:?}");
    let r = w.run(OK, "nope", &[], &opts(10.0));
    assert!(matches!(r, Err(RunError::Error(_))), "{r:?}");
    let r = w.run(OK, "main", &[RtValue::Int(1)], &opts(10.0));
    assert!(matches!(r, Err(RunError::Error(_))), "{r:?}");
    for i in 0..50 {
        let ok = w.run(OK, "main", &[RtValue::Int(i), RtValue::Int(1)], &opts(10.0));
        assert_eq!(ok, Ok(vec![RtValue::Int(i + 1)]));
    }
    assert_eq!(w.processes_started(), 1);
}

#[test]
fn run_isolated_uses_a_global_worker() {
    let cmd = Command::new(env!("CARGO_BIN_EXE_stdlower-jit-worker"));
    for i in 0..3 {
        let r = jit::run_isolated(
            &cmd,
            OK,
            "main",
            &[RtValue::Int(i), RtValue::Int(i)],
            &opts(10.0),
        );
        assert_eq!(r, Ok(vec![RtValue::Int(2 * i)]));
    }
    let r = jit::run_isolated(&cmd, SEGV, "main", &[], &opts(10.0));
    assert!(matches!(r, Err(RunError::Crash { .. })), "{r:?}");
    let r = jit::run_isolated(
        &cmd,
        OK,
        "main",
        &[RtValue::Int(4), RtValue::Int(4)],
        &opts(10.0),
    );
    assert_eq!(r, Ok(vec![RtValue::Int(8)]));
}

const DOUBLE_FREE: &str = r#"
func @main() -> i32 {
  %m = alloc() : memref<4xi32>
  dealloc %m : memref<4xi32>
  dealloc %m : memref<4xi32>
  %c = constant 1 : i32
  return %c : i32
}
"#;

#[test]
fn double_free_aborts_as_a_crash() {
    let mut w = worker();
    let r = w.run(DOUBLE_FREE, "main", &[], &opts(10.0));
    assert!(
        matches!(&r, Err(RunError::Crash { signal }) if signal == "SIGABRT" || signal == "SIGSEGV"),
        "{r:?}"
    );
    let ok = w.run(OK, "main", &[RtValue::Int(1), RtValue::Int(1)], &opts(10.0));
    assert_eq!(ok, Ok(vec![RtValue::Int(2)]));
}

#[test]
fn pool_serves_threads() {
    let pool = jit::WorkerPool::new(2, || {
        Command::new(env!("CARGO_BIN_EXE_stdlower-jit-worker"))
    })
    .unwrap();
    assert_eq!(pool.len(), 2);
    std::thread::scope(|s| {
        for t in 0..4i128 {
            let pool = &pool;
            s.spawn(move || {
                for i in 0..10i128 {
                    let r = pool.run(OK, "main", &[RtValue::Int(t), RtValue::Int(i)], &opts(10.0));
                    assert_eq!(r, Ok(vec![RtValue::Int(t + i)]));
                }
            });
        }
    });
}
