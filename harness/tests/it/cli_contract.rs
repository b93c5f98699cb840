//! The command line's contract with scripts and CI, on the real binaries: a write
//! error is an error message and exit status 1 (never a panic, never exit 0), a closed
//! pipe ends the output quietly, absurd durations and `--jobs` values are usage errors
//! (2), `check` reads `-` and names a missing file, `test` prints expectations as the
//! file wrote them, `reduce --interesting` says when its command cannot run, and
//! `--version` names the commit and LLVM even without `stdlower-full`.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common;
use common::TempDir;

const STDLOWER: &str = env!("CARGO_BIN_EXE_stdlower-full");

const MAIN: &str = "func @main() -> i32 {\n  %0 = constant 7 : i32\n  return %0 : i32\n}\n";

/// Runs `stdlower args...` with standard output `out` and nothing on standard input.
fn run_with_stdout(args: &[&str], out: Stdio) -> Output {
    Command::new(STDLOWER)
        .args(args)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .expect("run stdlower")
}

fn run(args: &[&str]) -> Output {
    run_with_stdout(args, Stdio::piped())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Whether a tool answers `--version` (for tests that need one).
fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A missing tool skips a test, except under CI, where it fails it.
fn skip_without(tool: &str) -> bool {
    if have(tool) {
        return false;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is missing, and CI is set"
    );
    eprintln!("skipped: {tool} is not installed");
    true
}

/// Every command that prints, with its standard output on a full disk.
#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_an_error_message_and_exit_1_for_every_command() {
    let dir = TempDir::new("cli-full");
    let main = dir.file("main.mlir", MAIN);
    let main = main.to_str().unwrap();
    let ft = dir.file("ft.mlir", &format!("// run: @main() -> 7 : i32\n{MAIN}"));
    let ft = ft.to_str().unwrap();
    let camp = dir.0.join("campaign");
    let camp = camp.to_str().unwrap();
    let mut commands: Vec<Vec<&str>> = vec![
        vec!["parse", main],
        vec!["lower", main],
        vec!["export", main],
        vec!["translate", main],
        vec!["gen", "--seed", "1"],
        vec!["interp", main],
        vec!["run", main],
        vec!["check", "--no-jit", main],
        vec!["test", "--no-jit", ft],
        vec![
            "campaign",
            "--count",
            "2",
            "--jobs",
            "1",
            "--quiet",
            "--reduce-seconds",
            "0",
            "--out",
            camp,
        ],
        vec!["campaign", "merge", camp],
        vec!["reduce", main, "--interesting", "true", "--time-limit", "5"],
        vec!["--version"],
        vec!["--help"],
    ];
    if !skip_without("cc") {
        commands.push(vec![
            "verify-abi",
            "--types",
            "i32",
            "--ranks",
            "0",
            "--no-live",
            "--no-mlir-header",
            "--cc",
            "cc",
        ]);
    }
    let mut failures = Vec::new();
    for args in &commands {
        let full = std::fs::File::create("/dev/full").expect("open /dev/full");
        let out = run_with_stdout(args, Stdio::from(full));
        let err = text(&out.stderr);
        if out.status.code() != Some(1)
            || !err.contains("error: cannot write to standard output: No space left on device")
            || err.contains("panicked")
        {
            failures.push(format!(
                "stdlower {}: {:?}\n{err}",
                args.join(" "),
                out.status
            ));
        }
    }
    // `export -o` names the file it cannot write.
    let out = run(&["export", main, "-o", "/dev/full"]);
    if out.status.code() != Some(1) || !text(&out.stderr).contains("/dev/full: error: cannot write")
    {
        failures.push(format!("export -o /dev/full: {out:?}"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The write end of a pipe whose read end is closed: every write fails with EPIPE.
#[cfg(unix)]
fn closed_pipe() -> Stdio {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: `pipe` fills the two descriptors, which nothing else owns.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: `fds[0]` is the open read end, owned here and closed at once.
    unsafe { libc::close(fds[0]) };
    // SAFETY: `fds[1]` is the open write end; the `Stdio` owns it from now on.
    unsafe { Stdio::from_raw_fd(fds[1]) }
}

/// `stdlower ... | head -1`: the reader went away, which is not the command's failure.
#[test]
#[cfg(unix)]
fn a_closed_pipe_ends_the_output_quietly_with_the_commands_own_status() {
    let dir = TempDir::new("cli-pipe");
    let main = dir.file("main.mlir", MAIN);
    let main = main.to_str().unwrap();
    let failing = dir.file("fail.mlir", &format!("// run: @main() -> 8 : i32\n{MAIN}"));
    for (args, status) in [
        (vec!["gen", "--seed", "1"], 0),
        (vec!["lower", main], 0),
        (vec!["parse", main], 0),
        (vec!["interp", main], 0),
        (vec!["check", "--no-jit", main], 0),
        (vec!["test", "--no-jit", failing.to_str().unwrap()], 6),
    ] {
        let out = run_with_stdout(&args, closed_pipe());
        assert_eq!(
            out.status.code(),
            Some(status),
            "stdlower {}: {}",
            args.join(" "),
            text(&out.stderr)
        );
        assert_eq!(text(&out.stderr), "", "stdlower {}", args.join(" "));
    }
}

#[test]
fn absurd_durations_are_usage_errors_and_the_documented_forms_work() {
    let dir = TempDir::new("cli-durations");
    let main = dir.file("main.mlir", MAIN);
    let main = main.to_str().unwrap();
    let camp = dir.0.join("campaign");
    let camp = camp.to_str().unwrap();
    let mut failures = Vec::new();
    for bad in [
        "1e30",
        "99999999999999999999h",
        "NaN",
        "inf",
        "-1",
        "366d",
        "5 parsecs",
    ] {
        let timeout = format!("--timeout={bad}");
        let time = format!("--time={bad}");
        let limit = format!("--time-limit={bad}");
        for args in [
            vec!["run", main, &timeout],
            vec!["campaign", &time, "--out", camp],
            vec!["reduce", main, "--interesting", "true", &limit],
        ] {
            let out = run(&args);
            let err = text(&out.stderr);
            if out.status.code() != Some(2) || !err.contains(bad) || err.contains("panicked") {
                failures.push(format!(
                    "stdlower {}: {:?}\n{err}",
                    args.join(" "),
                    out.status
                ));
            }
        }
    }
    // A timeout of nothing is no timeout.
    let out = run(&["run", main, "--timeout", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        !Path::new(camp).exists(),
        "a usage error started a campaign"
    );
    for good in ["1.5", "1.5s", "2", "500ms", "1m"] {
        let out = run(&["run", main, "--timeout", good]);
        assert!(
            out.status.success(),
            "--timeout {good}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), "i32 7\n");
    }
}

#[test]
fn every_jobs_flag_takes_1_to_256_by_the_same_rule() {
    let dir = TempDir::new("cli-jobs");
    let main = dir.file("main.mlir", MAIN);
    let main = main.to_str().unwrap();
    let camp = dir.0.join("campaign");
    let camp = camp.to_str().unwrap();
    for bad in ["0", "257", "100000", "-1", "many"] {
        let jobs = format!("--jobs={bad}");
        let mut messages = Vec::new();
        for args in [
            vec!["lower", main, &jobs],
            vec!["campaign", "--count", "1", &jobs, "--out", camp],
        ] {
            let out = run(&args);
            let err = text(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(2),
                "stdlower {}: {err}",
                args.join(" ")
            );
            let reason = err
                .lines()
                .next()
                .unwrap_or("")
                .rsplit(": ")
                .next()
                .unwrap_or("");
            messages.push(reason.to_string());
        }
        assert_eq!(messages[0], messages[1], "--jobs {bad}: two rules");
        assert!(!Path::new(camp).exists());
    }
    let out = run(&["lower", main, "--jobs", "256"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&["lower", main, "--jobs", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn check_names_a_missing_file_and_reads_standard_input() {
    for missing in ["/nonexistent/x.mlir", "/nonexistent/x"] {
        let out = run(&["check", "--no-jit", missing]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
        assert!(
            stdout.contains(&format!(
                "{missing}: error: cannot read file: No such file or directory"
            )),
            "{stdout}"
        );
        assert!(stdout.contains("0 skipped, 1 invalid"), "{stdout}");
    }
    let dir = TempDir::new("cli-stdin");
    let main = dir.file("main.mlir", MAIN);
    let bad = dir.file("bad.mlir", "func @main() -> i32 {\n  return\n}\n");
    for (file, status, want) in [
        (
            &main,
            0,
            "1 modules: 1 agree, 0 findings, 0 known-upstream, 0 skipped, 0 invalid",
        ),
        (&bad, 1, "-:2:3: error: "),
    ] {
        let out = Command::new(STDLOWER)
            .args(["check", "--no-jit", "-"])
            .stdin(std::fs::File::open(file).unwrap())
            .output()
            .expect("run stdlower");
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(status),
            "{stdout}{}",
            text(&out.stderr)
        );
        assert!(stdout.contains(want), "{stdout}");
    }
}

#[test]
fn a_failed_file_test_prints_the_expectation_as_the_file_wrote_it() {
    let dir = TempDir::new("cli-expect");
    let f = dir.file(
        "t.mlir",
        &format!(
            "// run: @main() -> 8 : i32\n// run: @main() -> ub \"overflow\"\n\
             // run: @main() -> crash \"SIGSEGV\"\n// run: @main() -> out-of-fuel\n{MAIN}"
        ),
    );
    let out = run(&["test", "--no-jit", f.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(6), "{stdout}");
    for want in [
        "expected: 8 : i32\n",
        "expected: ub \"overflow\"\n",
        "expected: crash \"SIGSEGV\"\n",
        "expected: out-of-fuel\n",
    ] {
        assert!(stdout.contains(want), "no {want:?} in:\n{stdout}");
    }
    for debug in ["Values(", "Ub(", "Crash(", "OutOfFuel", "[\""] {
        assert!(!stdout.contains(debug), "{debug} in:\n{stdout}");
    }
}

#[test]
#[cfg(unix)]
fn reduce_says_when_the_interesting_command_cannot_run() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("cli-interesting");
    let main = dir.file("main.mlir", MAIN);
    let main = main.to_str().unwrap();
    let not_exec = dir.file("not-exec.sh", "#!/bin/sh\nexit 0\n");
    std::fs::set_permissions(&not_exec, std::fs::Permissions::from_mode(0o644)).unwrap();
    let missing = dir.0.join("no-such-command");
    for (cmd, why) in [
        (missing.to_str().unwrap(), "No such file or directory"),
        (not_exec.to_str().unwrap(), "Permission denied"),
    ] {
        let out = run(&["reduce", main, "--interesting", cmd]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("error: --interesting: cannot run `{cmd}`: {why}")),
            "{err}"
        );
        assert!(!err.contains("not interesting"), "{err}");
    }
    // A command that runs and says no is still "not interesting".
    let out = run(&["reduce", main, "--interesting", "false"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("the input itself is not interesting"));
}
