//! Temporary directories that an interrupted command does not leave behind.
//!
//! [`register`]ed directories (the C compilers' scratch directories of `verify-abi` and
//! the C-interface oracle, see `crate::abi::c_gen::TempDir`) are removed by their
//! owner's `Drop`; a signal skips every `Drop`. A command that wants them gone on
//! SIGINT, SIGTERM or SIGHUP too calls [`remove_on_signals`]: the handler only writes
//! the signal's number to a pipe, and a thread that waits on the pipe removes the
//! registered directories, then ends the process with the same signal (its default
//! action), so the exit status still says what happened. A signal the process ignores
//! (`nohup`, a background job's SIGINT) stays ignored.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, Once};

/// The directories to remove on a signal.
static DIRS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The write end of the pipe the handler writes the signal's number to (-1: none).
static PIPE: AtomicI32 = AtomicI32::new(-1);

/// The signals that end a command early and get the clean-up.
const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Adds `dir` to the directories removed on a signal.
pub fn register(dir: &Path) {
    DIRS.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(dir.to_path_buf());
}

/// Forgets `dir` (its owner removed it).
pub fn unregister(dir: &Path) {
    let mut d = DIRS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = d.iter().rposition(|p| p == dir) {
        d.swap_remove(i);
    }
}

/// The signal being handled (0: none), set by the handler before the clean-up starts.
static PENDING: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(sig: libc::c_int) {
    PENDING.store(sig, Ordering::SeqCst);
    let fd = PIPE.load(Ordering::Relaxed);
    let b = sig as u8;
    // SAFETY: write(2) of one byte is async-signal-safe.
    unsafe { libc::write(fd, (&b as *const u8).cast(), 1) };
}

/// Removes every registered directory (a compiler may still be writing into one, so
/// each removal is tried a few times).
fn remove_all() {
    let dirs: Vec<PathBuf> = DIRS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    for d in dirs {
        for _ in 0..5 {
            if std::fs::remove_dir_all(&d).is_ok() || !d.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// Ends the process with `status`, unless a signal's clean-up has begun: then the
/// process ends as that thread ends it, by the signal. Removing the directories can
/// make the command's work fail and finish early; without this its exit status would
/// win the race against the signal, and say "failed" instead of "killed by SIGTERM".
pub fn exit(status: i32) -> ! {
    let sig = PENDING.load(Ordering::SeqCst);
    if sig != 0 {
        // The clean-up thread raises the signal; give it time to remove the
        // directories, then end the process with the signal here.
        std::thread::sleep(std::time::Duration::from_secs(5));
        // SAFETY: the signal's default action, then the signal itself.
        unsafe {
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
    }
    std::process::exit(status)
}

/// From now on, SIGINT, SIGTERM and SIGHUP remove the registered directories before
/// they end the process (see the module doc). Idempotent.
pub fn remove_on_signals() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let mut fds = [0; 2];
        // SAFETY: pipe2 fills the two-element array.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return;
        }
        let read_fd = fds[0];
        let spawned = std::thread::Builder::new()
            .name("temp-cleanup".into())
            .spawn(move || loop {
                let mut b = 0u8;
                // SAFETY: a one-byte read into a local.
                let n = unsafe { libc::read(read_fd, (&mut b as *mut u8).cast(), 1) };
                if n < 0
                    && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
                {
                    continue;
                }
                if n != 1 {
                    return;
                }
                remove_all();
                let sig = libc::c_int::from(b);
                // SAFETY: the signal's default action, then the signal itself: the
                // process ends as it would have without the clean-up.
                unsafe {
                    libc::signal(sig, libc::SIG_DFL);
                    libc::raise(sig);
                }
                std::process::exit(128 + sig);
            });
        if spawned.is_err() {
            return;
        }
        PIPE.store(fds[1], Ordering::Relaxed);
        for sig in SIGNALS {
            // SAFETY: the handler only writes to the pipe; the old action is read first
            // so that an ignored signal stays ignored.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut sa: libc::sigaction = std::mem::zeroed();
                sa.sa_sigaction = on_signal as *const () as libc::sighandler_t;
                sa.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut sa.sa_mask);
                libc::sigaction(sig, &sa, std::ptr::null_mut());
            }
        }
    });
}
