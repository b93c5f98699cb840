//! MLIR 22's lowering and translation without an `mlir-opt` or `mlir-translate` process
//! per run: our worker `stdlower-mlir` (the `mlir_worker` crate: MLIR's C API in a
//! process that stays up) takes the nested runs of [`super::nested`] (a block's modules
//! nested in one module, the flags pipeline as one textual pipeline) and the merged
//! translation checks of [`super::merged`]. Starting `mlir-opt` costs about 45 ms of CPU
//! (loading and relocating `libMLIR` and `libLLVM`, registering every dialect and
//! pass); a campaign of 5,000 cases started it about 50 times. A few workers (at most
//! [`MAX_WORKERS`]) start when first needed and stay up until the campaign ends them
//! ([`shutdown`]).
//!
//! The worker stands in for one `mlir-opt` only: the one in the `bin` directory of the
//! MLIR installation it was linked against (its first line names it), of release 22;
//! for any other toolchain (`--mlir-bin`, a user's build, MLIR 13) the harness runs the
//! tools. It words each diagnostic as `mlir-opt` does (`<stdin>:LINE:COL: error: ...`),
//! so that a refused case is told apart as a nested `mlir-opt` run tells it. Its
//! answers are held to `mlir-opt`'s, byte for byte, by the differential test
//! `upstream_inproc`.
//!
//! Found next to this program (`stdlower-mlir` beside `stdlower-full`; beside the
//! directory of a test binary), or at the path in `STDLOWER_MLIR_WORKER`, which `off`
//! (or empty) turns off.

use super::Toolchain;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;

/// The worker's file name.
pub const WORKER: &str = "stdlower-mlir";

/// The environment variable naming the worker (`off` or empty: no worker).
pub const WORKER_ENV: &str = "STDLOWER_MLIR_WORKER";

/// The protocol version this harness speaks (the worker's first line names its own).
const PROTOCOL: &str = "1";

/// Whether the worker stands in for `t`'s `mlir-opt`: release 22, and the worker links
/// the MLIR installation whose `bin` directory holds it.
pub fn stands_in_for(t: &Toolchain) -> bool {
    if t.release.major() != 22 {
        return false;
    }
    let Some(bindir) = worker_bindir() else {
        return false;
    };
    let dir = t
        .tools
        .mlir_opt
        .parent()
        .and_then(|d| d.canonicalize().ok());
    dir.is_some() && dir == Path::new(bindir).canonicalize().ok()
}

/// The `bin` directory the worker names in its first line; `None` when there is no
/// usable worker (none found, turned off, built without MLIR, another protocol).
fn worker_bindir() -> Option<&'static str> {
    static BINDIR: OnceLock<Option<String>> = OnceLock::new();
    BINDIR
        .get_or_init(|| {
            let w = take_worker()?;
            let bindir = w.bindir.clone();
            give_back(w);
            Some(bindir)
        })
        .as_deref()
}

/// The worker's path: [`WORKER_ENV`]'s, else beside this program, else beside its
/// directory (a test binary in `target/debug/deps`).
pub fn worker_path() -> Option<PathBuf> {
    if let Some(v) = std::env::var_os(WORKER_ENV) {
        return match v.is_empty() || v == "off" {
            true => None,
            false => Some(PathBuf::from(v)),
        };
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    [Some(dir.join(WORKER)), dir.parent().map(|d| d.join(WORKER))]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
}

/// At most this many workers run at once: a campaign lowers the option groups of two
/// blocks at once on two cores, and a worker beyond these would only start (about 30 ms
/// of CPU) and wait for a core.
const MAX_WORKERS: usize = 3;

/// The workers: those waiting for a request, and how many are alive.
struct Pool {
    idle: Vec<Worker>,
    alive: usize,
}

fn pool() -> &'static (Mutex<Pool>, Condvar) {
    static POOL: OnceLock<(Mutex<Pool>, Condvar)> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool = Pool {
            idle: Vec::new(),
            alive: 0,
        };
        (Mutex::new(pool), Condvar::new())
    })
}

fn lock(m: &Mutex<Pool>) -> std::sync::MutexGuard<'_, Pool> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// An idle worker, else a new one while fewer than [`MAX_WORKERS`] are alive, else the
/// first to become idle (every request ends within its timeout); `None` when a new
/// one cannot start.
fn take_worker() -> Option<Worker> {
    let (m, cv) = pool();
    let mut p = lock(m);
    loop {
        if let Some(w) = p.idle.pop() {
            return Some(w);
        }
        if p.alive < MAX_WORKERS {
            p.alive += 1;
            drop(p);
            let w = Worker::start();
            if w.is_none() {
                ended();
            }
            return w;
        }
        p = cv.wait(p).unwrap_or_else(|e| e.into_inner());
    }
}

/// Ends the idle workers and waits for them (each is killed as it is dropped): at the
/// end of a campaign, so that no worker outlives it and their CPU time counts among
/// its children's.
pub fn shutdown() {
    let (m, _) = pool();
    let idle = std::mem::take(&mut lock(m).idle);
    drop(idle);
}

/// A worker that answered goes back to the idle ones.
fn give_back(w: Worker) {
    let (m, cv) = pool();
    lock(m).idle.push(w);
    cv.notify_one();
}

/// A worker ended (dropped, or it could not start).
fn ended() {
    let (m, cv) = pool();
    let mut p = lock(m);
    p.alive = p.alive.saturating_sub(1);
    drop(p);
    cv.notify_one();
}

/// One request to a worker ([`take_worker`]), which goes back to the idle ones once it
/// has answered: whether it lowered `input` with the textual `pipeline`, and the printed
/// module or the diagnostics; `None` when it gave no answer (then it is ended) or no
/// worker could start.
pub(super) fn lower(pipeline: &str, input: &str, timeout: Duration) -> Option<(bool, String)> {
    ask(&Request::Lower(pipeline), input, timeout)
}

/// Whether `input` (LLVM dialect) parses and translates to LLVM IR that LLVM's
/// verifier takes, as `mlir-translate --mlir-to-llvmir` would, by the worker that stands
/// in for `t`'s tools (their directory is the one its first line names): `Some((true,
/// _))` when it does, `Some((false, diagnostics))` when it does not (each diagnostic
/// located `<stdin>:LINE:COL` as `mlir-translate` words it), `None` when there is no
/// such worker or it gave no answer.
pub fn translate(t: &Toolchain, input: &str, timeout: Duration) -> Option<(bool, String)> {
    let dir = |p: &Path| p.parent().and_then(|d| d.canonicalize().ok());
    if !stands_in_for(t) || dir(&t.tools.mlir_translate) != dir(&t.tools.mlir_opt) {
        return None;
    }
    crate::process::watchdog::outside(|| ask(&Request::Translate, input, timeout))
}

/// What a request asks.
enum Request<'p> {
    /// Lower with this textual pipeline.
    Lower(&'p str),
    /// Translate to LLVM IR.
    Translate,
}

fn ask(request: &Request, input: &str, timeout: Duration) -> Option<(bool, String)> {
    let (ok, text) = take_worker()?.ask(request, input, timeout)?;
    Some((ok, String::from_utf8(text).ok()?))
}

/// A running worker.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<(bool, Vec<u8>)>,
    bindir: String,
}

impl Worker {
    /// Starts the worker and reads its first line: `None` when it cannot start, speaks
    /// another protocol or was built without MLIR.
    fn start() -> Option<Worker> {
        let path = worker_path()?;
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let mut stdout = BufReader::new(child.stdout.take()?);
        let mut hello = String::new();
        let bindir = match stdout.read_line(&mut hello) {
            Ok(n) if n > 0 => {
                let words: Vec<&str> = hello.split_whitespace().collect();
                match words[..] {
                    [WORKER, PROTOCOL, version, bindir] if version.starts_with("22.") => {
                        Some(bindir.to_string())
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(bindir) = bindir else {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        };
        let (send, answers) = channel();
        std::thread::spawn(move || {
            while let Some(a) = read_answer(&mut stdout) {
                if send.send(a).is_err() {
                    return;
                }
            }
        });
        Some(Worker {
            child,
            stdin,
            answers,
            bindir,
        })
    }

    /// Sends a request and waits up to `timeout` for its answer: whether it lowered, and
    /// the printed module or the diagnostics; `None` (the worker ended) when it could
    /// not be asked, crashed or outlived `timeout`.
    fn ask(mut self, request: &Request, input: &str, timeout: Duration) -> Option<(bool, Vec<u8>)> {
        let head = match request {
            Request::Lower(pipeline) => {
                format!("lower {} {}\n{pipeline}", pipeline.len(), input.len())
            }
            Request::Translate => format!("translate {}\n", input.len()),
        };
        let sent = self
            .stdin
            .write_all(head.as_bytes())
            .and_then(|()| self.stdin.write_all(input.as_bytes()))
            .and_then(|()| self.stdin.flush());
        let answer = match sent {
            Ok(()) => self.answers.recv_timeout(timeout),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        match answer {
            Ok(a) => {
                give_back(self);
                Some(a)
            }
            // Ended (killed) as it is dropped.
            Err(_) => None,
        }
    }
}

/// A worker dropped (it gave no answer, or its thread panicked) is killed, and counts no
/// longer among the alive ones.
impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        ended();
    }
}

/// One answer (`ok N` or `error N`, then `N` bytes); `None` at the end of the output or
/// on anything else.
fn read_answer(r: &mut impl BufRead) -> Option<(bool, Vec<u8>)> {
    let mut line = String::new();
    if r.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let (kind, n) = line.trim_end().split_once(' ')?;
    let n: usize = n.parse().ok()?;
    let ok = match kind {
        "ok" => true,
        "error" => false,
        _ => return None,
    };
    let mut text = vec![0; n];
    r.read_exact(&mut text).ok()?;
    Some((ok, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_frame_by_frame() {
        let mut r = std::io::Cursor::new(b"ok 3\nabcerror 2\nxyok x\n".to_vec());
        assert_eq!(read_answer(&mut r), Some((true, b"abc".to_vec())));
        assert_eq!(read_answer(&mut r), Some((false, b"xy".to_vec())));
        assert_eq!(read_answer(&mut r), None);
        assert_eq!(
            read_answer(&mut std::io::Cursor::new(b"ok 9\nab".to_vec())),
            None
        );
    }
}
