//! The processes `stdlower` starts do not outlive it: a `run` killed by SIGKILL, SIGTERM
//! or SIGHUP leaves no JIT worker, a timeout leaves nothing the native code forked, and
//! an interrupted `verify-abi` removes its temporary directories. Native code that calls
//! `exit` is a native outcome (exit status 4), not bad input.
//!
//! This test process makes itself a child subreaper, so that a worker (or a process the
//! native code forked) orphaned by the death of its parent becomes *its* child, where
//! the test can see it. The tests take turns (one lock), since they all look at this
//! process's children.

#[path = "it/common/mod.rs"]
mod common;

use common::TempDir;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

static TURN: Mutex<()> = Mutex::new(());

/// `stdlower-full` with the default action for the signals these tests send. A test
/// run started under `nohup` or as a background job of a script inherits SIGHUP and
/// SIGINT ignored, and the commands keep an ignored signal ignored (on purpose), so
/// without this the signal would do nothing and the test would wait for the run's
/// timeout.
fn stdlower() -> Command {
    use std::os::unix::process::CommandExt;
    let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
    // SAFETY: signal(2) is async-signal-safe, as pre_exec requires.
    unsafe {
        c.pre_exec(|| {
            for sig in [libc::SIGHUP, libc::SIGINT, libc::SIGTERM, libc::SIGQUIT] {
                libc::signal(sig, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    c
}

/// Makes this process the reaper of its orphaned descendants (once).
fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: a process-wide flag of this process.
        let r = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
        assert_eq!(r, 0, "PR_SET_CHILD_SUBREAPER");
    });
}

/// A live (not zombie) process: its pid, parent, process group and command line.
#[derive(Debug)]
struct Proc {
    pid: i32,
    ppid: i32,
    pgid: i32,
    cmdline: String,
}

/// Every live process this test can see.
fn processes() -> Vec<Proc> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return out;
    };
    for e in dir.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses.
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        if f.len() < 3 || f[0] == "Z" || f[0] == "X" {
            continue;
        }
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline"))
            .map(|b| String::from_utf8_lossy(&b).replace('\0', " "))
            .unwrap_or_default();
        out.push(Proc {
            pid,
            ppid: f[1].parse().unwrap_or(0),
            pgid: f[2].parse().unwrap_or(0),
            cmdline,
        });
    }
    out
}

/// Sends SIGKILL to a pid (or, negative, a process group) when dropped: what a failed
/// test would otherwise leave running.
struct KillOnDrop(i32);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if self.0 != 0 && self.0 != -1 {
            // SAFETY: a signal to a process (group) this test made; ESRCH when gone.
            unsafe { libc::kill(self.0, libc::SIGKILL) };
        }
    }
}

fn is_worker(p: &Proc) -> bool {
    p.cmdline.contains("__jit-worker")
}

/// Waits up to `secs` for `pred` to hold of the live processes; the last list seen.
fn wait_for(secs: f64, pred: impl Fn(&[Proc]) -> bool) -> (bool, Vec<Proc>) {
    let until = Instant::now() + Duration::from_secs_f64(secs);
    loop {
        let ps = processes();
        if pred(&ps) {
            return (true, ps);
        }
        if Instant::now() > until {
            return (false, ps);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Reaps the zombies among this process's children that are not `keep` (orphans that
/// were handed to it and died), so they do not pile up.
fn reap_orphans() {
    loop {
        let mut status = 0;
        // SAFETY: waitpid on any child, without blocking; the tests hold every child
        // they started in a `Child` and wait for it before calling this.
        let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
        if r <= 0 {
            return;
        }
    }
}

/// Never returns: a loop the interpreter and the native code both spin in.
const LOOP: &str = r#"
func @main() -> i64 {
  %z = constant 0 : i64
  br ^loop(%z : i64)
^loop(%i: i64):
  %one = constant 1 : i64
  %j = addi %i, %one : i64
  br ^loop(%j : i64)
}
"#;

/// Forks (libc's `fork`, which the JIT resolves), then both processes spin.
const FORK: &str = r#"
func @fork() -> i32
func @main() -> i64 {
  %p = call @fork() : () -> i32
  %z = constant 0 : i64
  br ^loop(%z : i64)
^loop(%i: i64):
  %one = constant 1 : i64
  %j = addi %i, %one : i64
  br ^loop(%j : i64)
}
"#;

/// A child this test started, killed (with its process group, when it leads one) if
/// the test fails before it ends.
struct Started(Child);

impl Drop for Started {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts `stdlower run FILE --timeout 600` and waits until its worker (and, with
/// `group_size` 2, the process the native code forked) runs; the child and the
/// worker's pid.
fn start_run(file: &std::path::Path, group_size: usize) -> (Started, i32) {
    let child = stdlower()
        .arg("run")
        .arg(file)
        .args(["--timeout", "600"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start stdlower run");
    let child = Started(child);
    let run = child.0.id() as i32;
    let (ok, ps) = wait_for(60.0, |ps| {
        ps.iter().any(|w| {
            w.ppid == run
                && is_worker(w)
                && ps.iter().filter(|p| p.pgid == w.pid).count() >= group_size
        })
    });
    let mine: Vec<&Proc> = ps.iter().filter(|p| p.ppid == run).collect();
    assert!(ok, "no worker of {run} started: {mine:?}");
    let worker = ps
        .iter()
        .find(|w| w.ppid == run && is_worker(w))
        .map(|w| w.pid)
        .unwrap_or(0);
    (child, worker)
}

#[test]
fn killing_run_leaves_no_worker() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    become_subreaper();
    let dir = TempDir::new("processes-kill");
    let file = dir.file("loop.mlir", LOOP);
    for sig in [libc::SIGKILL, libc::SIGTERM, libc::SIGHUP] {
        let (mut child, worker) = start_run(&file, 1);
        let _kill_worker = KillOnDrop(worker);
        // SAFETY: a signal to the child this test started.
        unsafe { libc::kill(child.0.id() as i32, sig) };
        let status = child.0.wait().expect("wait for stdlower run");
        assert!(!status.success());
        let (gone, _) = wait_for(2.0, |ps| !ps.iter().any(|p| p.pid == worker));
        assert!(gone, "signal {sig}: the worker {worker} outlived run");
        reap_orphans();
    }
}

#[test]
fn killing_run_kills_what_the_native_code_forked() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    become_subreaper();
    let dir = TempDir::new("processes-kill-fork");
    let file = dir.file("fork.mlir", FORK);
    let (mut child, worker) = start_run(&file, 2);
    let _kill_group = KillOnDrop(-worker);
    child.0.kill().expect("SIGKILL stdlower run");
    child.0.wait().expect("wait for stdlower run");
    let (gone, ps) = wait_for(2.0, |ps| !ps.iter().any(|p| p.pgid == worker));
    let left: Vec<&Proc> = ps.iter().filter(|p| p.pgid == worker).collect();
    assert!(gone, "processes of the worker's group remain: {left:?}");
    reap_orphans();
}

#[test]
fn a_timeout_kills_what_the_native_code_forked() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    become_subreaper();
    let dir = TempDir::new("processes-timeout-fork");
    let file = dir.file("fork.mlir", FORK);
    let out = stdlower()
        .arg("run")
        .arg(&file)
        .args(["--timeout", "1"])
        .output()
        .expect("run stdlower");
    assert_eq!(out.status.code(), Some(4));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("timed out after 1 s"), "{text}");
    // Whatever the native code forked was orphaned, so it would be a child of ours.
    let me = std::process::id() as i32;
    let orphan = |p: &Proc| p.ppid == me && is_worker(p);
    let (_, ps) = wait_for(2.0, |ps| !ps.iter().any(orphan));
    let left: Vec<&Proc> = ps.iter().filter(|p| orphan(p)).collect();
    for p in &left {
        drop(KillOnDrop(p.pid));
    }
    assert!(
        left.is_empty(),
        "processes the native code forked outlived the timeout: {left:?}"
    );
    reap_orphans();
}

#[test]
fn native_exit_is_a_native_outcome() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let dir = TempDir::new("processes-exit");
    let file = dir.file(
        "exit.mlir",
        "func @exit(i32)\nfunc @main() -> i32 {\n  %c = constant 3 : i32\n  \
         call @exit(%c) : (i32) -> ()\n  return %c : i32\n}\n",
    );
    let out = stdlower().arg("run").arg(&file).output().expect("run");
    let text = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{text}");
    assert_eq!(
        text.trim(),
        format!(
            "{}: the native code exited the process with status 3",
            file.display()
        )
    );
}

/// True when a C compiler is on `PATH` (`verify-abi` needs one); without one the test
/// is skipped, except under CI.
fn have_cc() -> bool {
    let found = Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(found || std::env::var_os("CI").is_none(), "no C compiler");
    found
}

#[test]
fn an_interrupted_verify_abi_removes_its_temporary_directory() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("processes-verify-abi");
    let ours = |dir: &std::path::Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with("stdlower-"))
                    .collect()
            })
            .unwrap_or_default()
    };
    for sig in [libc::SIGTERM, libc::SIGINT] {
        let mut child = stdlower()
            .args(["verify-abi", "--types", "i32", "--ranks", "0-1"])
            .env("TMPDIR", &tmp.0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start verify-abi");
        let until = Instant::now() + Duration::from_secs(120);
        while !ours(&tmp.0)
            .iter()
            .any(|n| n.starts_with("stdlower-abi-live-"))
        {
            assert!(Instant::now() < until, "verify-abi made no live directory");
            assert!(
                child.try_wait().expect("poll verify-abi").is_none(),
                "verify-abi ended before its live calls"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // SAFETY: a signal to the child this test started.
        unsafe { libc::kill(child.id() as i32, sig) };
        let status = child.wait().expect("wait for verify-abi");
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(sig), "{status:?}");
        assert_eq!(ours(&tmp.0), Vec::<String>::new(), "after signal {sig}");
    }
}
