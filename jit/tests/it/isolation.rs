//! Crash and hang isolation through the worker process.

use crate::common;

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

/// A worker whose stack is 8 MiB whatever this process's limit is (`ulimit -s`), so
/// that the recursions below overflow it.
fn worker_with_8mib_stack() -> jit::Worker {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg("ulimit -s 8192 && exec \"$0\"")
        .arg(env!("CARGO_BIN_EXE_stdlower-jit-worker"));
    jit::Worker::spawn(c).unwrap()
}

/// `@rec(n)` recurses `n` deep with a 1 KiB alloca in every frame.
const DEEP: &str = r#"
func @rec(%n: i64) -> i64 {
  %z = constant 0 : i64
  %c = cmpi "eq", %n, %z : i64
  cond_br %c, ^done, ^more
^done:
  return %z : i64
^more:
  %buf = alloca() : memref<128xi64>
  %i0 = constant 0 : index
  store %n, %buf[%i0] : memref<128xi64>
  %one = constant 1 : i64
  %m = subi %n, %one : i64
  %r = call @rec(%m) : (i64) -> i64
  %v = load %buf[%i0] : memref<128xi64>
  %s = addi %r, %one : i64
  return %s : i64
}
func @big(%n: i64) -> i64 {
  %z = constant 0 : i64
  %c = cmpi "eq", %n, %z : i64
  cond_br %c, ^done, ^more
^done:
  return %z : i64
^more:
  %buf = alloca() : memref<262144xi64>
  %i0 = constant 0 : index
  store %n, %buf[%i0] : memref<262144xi64>
  %one = constant 1 : i64
  %m = subi %n, %one : i64
  %r = call @big(%m) : (i64) -> i64
  %v = load %buf[%i0] : memref<262144xi64>
  %s = addi %r, %v : i64
  return %s : i64
}
"#;

#[test]
fn a_native_stack_overflow_is_stack_exhausted_and_a_wild_store_a_crash() {
    let mut w = worker_with_8mib_stack();
    let deep =
        |w: &mut jit::Worker, f: &str, n: i128| w.run(DEEP, f, &[RtValue::Int(n)], &opts(60.0));
    // Shallow enough: it returns.
    assert_eq!(deep(&mut w, "rec", 1000), Ok(vec![RtValue::Int(1000)]));
    // 150,000 frames of more than 1 KiB: the faulting address is just below the stack.
    assert_eq!(deep(&mut w, "rec", 150_000), Err(RunError::StackExhausted));
    assert_eq!(
        RunError::StackExhausted.to_string(),
        "native stack exhausted"
    );
    // 2 MiB frames: the stack pointer itself lands past the stack's limit.
    assert_eq!(deep(&mut w, "big", 2), Ok(vec![RtValue::Int(3)]));
    assert_eq!(deep(&mut w, "big", 64), Err(RunError::StackExhausted));
    // A store far outside any mapping is no stack overflow.
    assert_eq!(
        w.run(SEGV, "main", &[], &opts(10.0)),
        Err(RunError::Crash {
            signal: "SIGSEGV".into()
        })
    );
    assert_eq!(deep(&mut w, "rec", 10), Ok(vec![RtValue::Int(10)]));
}

const EXIT: &str = r#"
func @exit(i32)
func @_exit(i32)
func @main(%s: i32) -> i32 {
  call @exit(%s) : (i32) -> ()
  return %s : i32
}
func @quick(%s: i32) -> i32 {
  call @_exit(%s) : (i32) -> ()
  return %s : i32
}
"#;

#[test]
fn native_code_that_exits_the_worker_is_reported_as_such() {
    let mut w = worker();
    let r = w.run(EXIT, "main", &[RtValue::Int(3)], &opts(10.0));
    assert_eq!(r, Err(RunError::Exited { status: 3 }));
    assert_eq!(
        r.unwrap_err().to_string(),
        "the native code exited the process with status 3"
    );
    let r = w.run(EXIT, "quick", &[RtValue::Int(0)], &opts(10.0));
    assert_eq!(r, Err(RunError::Exited { status: 0 }));
    let ok = w.run(OK, "main", &[RtValue::Int(1), RtValue::Int(1)], &opts(10.0));
    assert_eq!(ok, Ok(vec![RtValue::Int(2)]));
}

/// `funcs` functions of `ops` additions each, and `@main` calling the first: slow to
/// compile, instant to run.
fn big_module(funcs: usize, ops: usize) -> String {
    let mut s = String::new();
    for f in 0..funcs {
        s.push_str(&format!("func @f{f}(%a: i64) -> i64 {{\n"));
        let mut prev = "%a".to_string();
        for k in 0..ops {
            s.push_str(&format!("  %v{k} = addi {prev}, %a : i64\n"));
            prev = format!("%v{k}");
        }
        s.push_str(&format!("  return {prev} : i64\n}}\n"));
    }
    s.push_str("func @main() -> i64 {\n  %c = constant 1 : i64\n");
    s.push_str("  %r = call @f0(%c) : (i64) -> i64\n  return %r : i64\n}\n");
    s
}

#[test]
fn the_timeout_is_the_native_codes_and_compilation_has_its_own() {
    // About 0.7 s of parsing, lowering and code generation on an idle machine with the
    // test profile: well over twice the 0.2 s timeout.
    let m = big_module(2000, 100);
    let mut w = worker();
    let t = Instant::now();
    let r = w.run(&m, "main", &[], &opts(0.2));
    let took = t.elapsed();
    assert_eq!(r, Ok(vec![RtValue::Int(101)]), "after {took:?}");
    // The compilation took longer than the timeout (else this test shows nothing).
    assert!(took > Duration::from_millis(400), "{took:?}");
    let quick_compile = jit::RunOptions {
        compile_timeout: Duration::from_millis(50),
        ..opts(10.0)
    };
    let r = w.run(&m, "main", &[], &quick_compile);
    assert_eq!(r, Err(RunError::CompileTimeout { secs: 0.05 }));
    assert_eq!(
        r.unwrap_err().to_string(),
        "the JIT compilation timed out after 0.05 s"
    );
    // The native code's own time still counts.
    let r = w.run(LOOP, "main", &[], &opts(0.5));
    assert_eq!(r, Err(RunError::Timeout { secs: 0.5 }));
}
