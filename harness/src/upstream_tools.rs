//! The upstream tools as processes, below every upstream path: where MLIR 22's tools
//! are ([`find_tool`]), how one runs with a timeout ([`run_tool`], [`run_process`]), the
//! errors of the upstream path ([`UpstreamError`]) and the host's data layout the
//! pipelines set. The release selection (`upstream_release`) and the drivers
//! (`upstream`) both build on this module, which uses neither.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long each tool may take on one module.
pub const TOOL_TIMEOUT: Duration = Duration::from_secs(30);

/// Why the upstream path produced no LLVM IR.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum UpstreamError {
    /// `mlir-opt` or `mlir-translate` is not installed.
    #[error("{0}")]
    NotInstalled(String),
    /// The exporter cannot express the module in upstream syntax (a limit of ours,
    /// not a disagreement).
    #[error("{0}")]
    Export(String),
    /// A tool crashed, timed out or rejected the module: a result worth reporting.
    #[error("{0}")]
    Tool(String),
}

/// The installed MLIR tools.
#[derive(Clone, Debug)]
pub struct Tools {
    pub mlir_opt: PathBuf,
    pub mlir_translate: PathBuf,
}

/// The MLIR 22 tool `name`: in `llvm-config-22 --bindir` (where Debian's mlir-22-tools
/// puts it), else on `PATH` (looked up once per process and name: the typed-pointer
/// releases look `llvm-dis` up for every module).
pub fn find_tool(name: &str) -> Option<PathBuf> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static FOUND: OnceLock<Mutex<HashMap<String, Option<PathBuf>>>> = OnceLock::new();
    let found = FOUND.get_or_init(Default::default);
    if let Some(p) = found.lock().unwrap_or_else(|p| p.into_inner()).get(name) {
        return p.clone();
    }
    let p = look_up_tool(name);
    found
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(name.to_string(), p.clone());
    p
}

fn look_up_tool(name: &str) -> Option<PathBuf> {
    let in_bindir = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()).join(name))
        .filter(|p| p.is_file());
    in_bindir.or_else(|| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(name))
                .find(|p| p.is_file())
        })
    })
}

/// The host's LLVM data layout (looked up once per process). Upstream folds the sizes
/// of static allocations with the module's data layout, MLIR's default when the module
/// has none, which aligns integers of 64 bits and more to 4 bytes (`i65` takes 12 bytes
/// there, 16 on x86-64): without the host's layout, `alloc() : memref<4xi65>` would
/// `malloc(48)` and the code, compiled for the host, write 64 bytes.
pub fn host_data_layout() -> Result<&'static str, UpstreamError> {
    static DL: OnceLock<Result<String, jit::JitError>> = OnceLock::new();
    DL.get_or_init(|| jit::host::HostTarget::new().map(|h| h.data_layout()))
        .as_deref()
        .map_err(|e| UpstreamError::NotInstalled(format!("no host target: {e}")))
}

/// Runs `tool args` with `input` on stdin; its stdout, or a message with its stderr when
/// it fails, crashes or outlives `timeout` (then it is killed).
pub fn run_tool(
    tool: &std::path::Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Result<String, String> {
    // A child process with a timeout: not the calling campaign thread's own work.
    crate::process::watchdog::outside(|| run_tool_waiting(tool, args, input, timeout))
}

fn run_tool_waiting(
    tool: &std::path::Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Result<String, String> {
    let name = crate::process::this_exe::name_of(tool);
    let done = match run_process(tool, args, input, timeout) {
        Ok(done) => done,
        Err(ProcessError::Start(e)) => return Err(format!("cannot start {}: {e}", tool.display())),
        Err(ProcessError::Wait(e)) => return Err(format!("{name}: {e}")),
        Err(ProcessError::Timeout) => {
            return Err(format!(
                "{name} timed out after {} s",
                timeout.as_secs_f64()
            ))
        }
    };
    if done.status.success() {
        return Ok(done.stdout);
    }
    use std::os::unix::process::ExitStatusExt;
    let how = match done.status.signal() {
        Some(sig) => format!("crashed with {}", jit::worker::signal_name(sig)),
        None => format!("failed ({})", done.status),
    };
    Err(format!(
        "{name} {} {how}:\n{}",
        args.join(" "),
        done.stderr.trim_end()
    ))
}

/// A tool process that ended by itself: its exit status, stdout and stderr.
pub struct Exited {
    pub status: std::process::ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

/// Why [`run_process`] has no [`Exited`]: the tool could not start, waiting for it
/// failed, or it outlived its timeout (then it was killed).
pub enum ProcessError {
    Start(std::io::Error),
    Wait(std::io::Error),
    Timeout,
}

/// `--mlir-disable-threading` for MLIR's own tools (`mlir-opt`, `mlir-translate`, with or
/// without a release suffix), nothing for others. Given at the spawn, not among the
/// arguments a message quotes. On two cores shared with the campaign's checks, MLIR's
/// thread pool only adds work: MLIR 22's `mlir-translate` on the 2,301 modules of a
/// 5,000-case campaign, in one split run, 3.3-3.9 s of CPU without threads against
/// 5.1-5.4 s with them, the same LLVM IR byte for byte. It also makes MLIR 13's verifier
/// report a module's errors in one order (with threads, a module with two bad functions
/// got one error or both, run to run).
pub fn single_threaded(tool: &std::path::Path) -> Option<&'static str> {
    let name = tool.file_name()?.to_str()?;
    let mlir = ["mlir-opt", "mlir-translate"]
        .iter()
        .any(|t| name == *t || name.strip_prefix(t).is_some_and(|r| r.starts_with('-')));
    mlir.then_some("--mlir-disable-threading")
}

/// Runs `tool args` with `input` on stdin, reading stdout and stderr as it runs (so that
/// neither pipe fills), and kills it when it outlives `timeout`. The one way the upstream
/// drivers run a tool; callers outside a campaign's watchdog wrap it in
/// [`crate::process::watchdog::outside`].
pub fn run_process(
    tool: &std::path::Path,
    args: &[String],
    input: &str,
    timeout: Duration,
) -> Result<Exited, ProcessError> {
    let mut child = Command::new(tool)
        .args(args)
        .args(single_threaded(tool))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(ProcessError::Start)?;
    let reader = |r: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut s);
            }
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = reader(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let err = reader(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let writer = child.stdin.take().map(|mut stdin| {
        let input = input.to_string();
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        })
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(ProcessError::Timeout);
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(ProcessError::Wait(e));
            }
        }
    };
    if let Some(w) = writer {
        let _ = w.join();
    }
    Ok(Exited {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}

#[cfg(test)]
mod single_threaded_tests {
    use super::single_threaded;
    use std::path::Path;

    #[test]
    fn only_mlirs_own_tools_run_without_threads() {
        for t in [
            "mlir-opt",
            "/usr/lib/llvm-13/bin/mlir-translate",
            "bin/mlir-opt-13",
        ] {
            assert_eq!(
                single_threaded(Path::new(t)),
                Some("--mlir-disable-threading"),
                "{t}"
            );
        }
        for t in [
            "llvm-as",
            "sh",
            "mlir-optimizer",
            "mlir-cpu-runner",
            "clang-22",
        ] {
            assert_eq!(single_threaded(Path::new(t)), None, "{t}");
        }
    }
}
