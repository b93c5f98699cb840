//! The worker as the harness drives it: its first line names the protocol, the linked
//! LLVM's version and the `bin` directory of its MLIR; a module lowered through it is
//! what that directory's `mlir-opt --mlir-disable-threading` prints, byte for byte; a
//! module MLIR refuses gets an `error` answer with the diagnostic, and the worker goes on
//! serving. Without MLIR 22's libraries (no `libmlir-22-dev`) the worker says so, which
//! fails the test under `CI`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const PIPELINE: &str = "builtin.module(convert-arith-to-llvm{index-bitwidth=64},convert-func-to-llvm{index-bitwidth=64},reconcile-unrealized-casts)";

const GOOD: &str = "module {\n  func.func @f(%a: i32) -> i32 {\n    %0 = arith.addi %a, %a : i32\n    return %0 : i32\n  }\n}\n";

const BAD: &str = "module {\n  func.func @u() -> i32 {\n    %0 = arith.constant 7 : i64\n    return %0 : i32\n  }\n}\n";

fn ask(
    stdin: &mut impl Write,
    stdout: &mut impl BufRead,
    pipeline: &str,
    module: &str,
) -> (String, String) {
    write!(
        stdin,
        "lower {} {}\n{pipeline}{module}",
        pipeline.len(),
        module.len()
    )
    .unwrap();
    stdin.flush().unwrap();
    let mut head = String::new();
    stdout.read_line(&mut head).unwrap();
    let (kind, n) = head.trim_end().split_once(' ').expect("an answer line");
    let mut text = vec![0; n.parse().unwrap()];
    stdout.read_exact(&mut text).unwrap();
    (kind.to_string(), String::from_utf8(text).unwrap())
}

#[test]
fn the_worker_lowers_as_mlir_opt_and_reports_refusals() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stdlower-mlir"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut hello = String::new();
    stdout.read_line(&mut hello).unwrap();
    let words: Vec<&str> = hello.split_whitespace().collect();
    assert_eq!(&words[..2], ["stdlower-mlir", "1"], "{hello}");
    if words[2] == "none" {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set: stdlower-mlir was built without MLIR 22 (scripts/setup.sh installs libmlir-22-dev)"
        );
        eprintln!("skipped: stdlower-mlir was built without MLIR 22");
        drop(stdin);
        let _ = child.wait();
        return;
    }
    assert!(words[2].starts_with("22."), "{hello}");
    let mlir_opt = std::path::Path::new(words[3]).join("mlir-opt");
    let alone = Command::new(&mlir_opt)
        .args([
            "--mlir-disable-threading",
            "--convert-arith-to-llvm=index-bitwidth=64",
            "--convert-func-to-llvm=index-bitwidth=64",
            "--reconcile-unrealized-casts",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(GOOD.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(alone.status.success());
    let expected = String::from_utf8(alone.stdout).unwrap();
    assert!(expected.contains("llvm.add"), "{expected}");
    for _ in 0..2 {
        assert_eq!(
            ask(&mut stdin, &mut stdout, PIPELINE, GOOD),
            ("ok".to_string(), expected.clone())
        );
        let (kind, text) = ask(&mut stdin, &mut stdout, PIPELINE, BAD);
        assert_eq!(kind, "error");
        assert!(text.contains("expects different type"), "{text}");
        let (kind, text) = ask(
            &mut stdin,
            &mut stdout,
            "builtin.module(no-such-pass)",
            GOOD,
        );
        assert_eq!(kind, "error");
        assert!(!text.is_empty());
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
