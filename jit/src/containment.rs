//! Keeping a JIT worker's processes contained, and telling a native stack overflow
//! from other faults.
//!
//! Parent side ([`spawn_confined`]): every worker starts in a process group of its own
//! with `SIGKILL` as its parent-death signal (checked against the parent's pid right
//! after it is set, so a parent that died during the fork is not missed). Linux sends
//! that signal when the *thread* that forked the child ends, so workers are forked by
//! one thread that lives as long as the process. A timeout kills the whole group
//! ([`kill_group`]): processes the native code forked go with the worker.
//!
//! Worker side ([`contain_worker`]): a worker started that way hands the death of its
//! parent on to its group (the parent-death signal becomes `SIGTERM`, whose handler
//! kills the group), and installs a `SIGSEGV`/`SIGBUS` handler on an alternate stack
//! that writes [`STACK_EXHAUSTED_MARK`] to stderr when the fault is a stack overflow of
//! the main thread (the thread that runs the native code) — its stack pointer at or
//! past the stack's lower limit, or the faulting address in the gap just below it —
//! before the process dies of the fault as it would have.

use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Mutex, OnceLock};

/// What the worker writes to stderr (its own line) when it dies of a fault that is a
/// stack overflow.
pub const STACK_EXHAUSTED_MARK: &str = "stdlower-jit-worker: the stack is exhausted";

/// A stack pointer this close to the stack's lower limit (or below it) at a fault is
/// a stack overflow: no frame of ours or of the generated code gets there otherwise.
const SP_SLACK: usize = 64 << 10;

/// How far below the stack's limit a faulting address still counts as the stack's (the
/// kernel keeps 1 MiB below a growing stack free of other mappings).
const GAP: usize = 1 << 20;

type SpawnJob = (Command, Sender<io::Result<Child>>);

/// Starts `cmd` confined (see the module doc): its own process group, `SIGKILL` when
/// the parent dies. Forked by a thread that lives as long as the process.
pub fn spawn_confined(mut cmd: Command) -> io::Result<Child> {
    // SAFETY: getpid has no preconditions.
    let parent = unsafe { libc::getpid() };
    cmd.process_group(0);
    // SAFETY: the closure runs in the child between fork and exec and only makes
    // async-signal-safe calls (prctl, getppid, _exit).
    unsafe {
        cmd.pre_exec(move || {
            if libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0,
                0,
                0,
            ) != 0
            {
                return Err(io::Error::last_os_error());
            }
            // The parent may have died before the signal was armed.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    static SPAWNER: OnceLock<Option<Mutex<Sender<SpawnJob>>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = channel::<SpawnJob>();
        std::thread::Builder::new()
            .name("jit-worker-spawner".into())
            .spawn(move || {
                for (mut cmd, reply) in rx {
                    let _ = reply.send(cmd.spawn());
                }
            })
            .ok()
            .map(|_| Mutex::new(tx))
    });
    let Some(spawner) = spawner else {
        // No thread to spare: fork here (the worker then dies with this thread).
        return cmd.spawn();
    };
    let (reply, answer) = channel();
    spawner
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((cmd, reply))
        .map_err(|_| io::Error::other("the worker spawner thread is gone"))?;
    answer
        .recv()
        .map_err(|_| io::Error::other("the worker spawner thread is gone"))?
}

/// Kills the process group `pgid` (a confined worker's pid), i.e. the worker and every
/// process the native code forked.
pub fn kill_group(pgid: u32) {
    if let Ok(p) = libc::pid_t::try_from(pgid) {
        if p > 1 {
            // SAFETY: a plain kill of a process group; ESRCH when it is empty.
            unsafe { libc::kill(-p, libc::SIGKILL) };
        }
    }
}

extern "C" fn kill_own_group(_: libc::c_int) {
    // SAFETY: kill is async-signal-safe; the group is ours (checked when installed).
    unsafe { libc::kill(0, libc::SIGKILL) };
}

/// The lower limit of the main thread's stack (0 when unknown).
static STACK_LO: AtomicUsize = AtomicUsize::new(0);

/// The stack pointer at the fault, from the signal's context.
///
/// # Safety
/// `ctx` is the third argument of an `SA_SIGINFO` handler.
unsafe fn fault_sp(ctx: *mut libc::c_void) -> Option<usize> {
    if ctx.is_null() {
        return None;
    }
    let uc = ctx as *const libc::ucontext_t;
    #[cfg(all(target_arch = "x86_64", target_env = "gnu"))]
    {
        // SAFETY: the kernel passes a valid ucontext_t (caller's contract).
        Some(unsafe { (*uc).uc_mcontext.gregs[libc::REG_RSP as usize] } as usize)
    }
    #[cfg(all(target_arch = "aarch64", target_env = "gnu"))]
    {
        // SAFETY: as above.
        Some(unsafe { (*uc).uc_mcontext.sp } as usize)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_env = "gnu"),
        all(target_arch = "aarch64", target_env = "gnu")
    )))]
    {
        let _ = uc;
        None
    }
}

/// True when a fault at `addr` with the stack pointer `sp` is an overflow of the stack
/// whose lower limit is `lo`.
fn is_stack_overflow(lo: usize, addr: usize, sp: Option<usize>) -> bool {
    if lo == 0 {
        return false;
    }
    let near_limit = addr < lo.saturating_add(4096) && addr >= lo.saturating_sub(GAP);
    match sp {
        Some(sp) => sp < lo.saturating_add(SP_SLACK) || (near_limit && addr < sp),
        None => near_limit,
    }
}

extern "C" fn on_fault(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t and context to an SA_SIGINFO handler.
    let (addr, sp) = unsafe { ((*info).si_addr() as usize, fault_sp(ctx)) };
    if is_stack_overflow(STACK_LO.load(Ordering::Relaxed), addr, sp) {
        let line = mark_line();
        // SAFETY: write(2) of a static buffer is async-signal-safe.
        unsafe { libc::write(2, line.as_ptr().cast(), line.len()) };
    }
    // The default action from here on: returning repeats the fault, which now ends
    // the process with this signal.
    // SAFETY: resetting a signal's disposition is async-signal-safe.
    unsafe { libc::signal(sig, libc::SIG_DFL) };
}

/// The mark as a line of its own, a static buffer (the handler may not allocate).
fn mark_line() -> &'static [u8] {
    const LINE: &str = "\nstdlower-jit-worker: the stack is exhausted\n";
    const _: () = assert!(LINE.len() == STACK_EXHAUSTED_MARK.len() + 2);
    LINE.as_bytes()
}

/// The lower limit of the calling thread's stack, if the C library knows it.
fn own_stack_lo() -> Option<usize> {
    // SAFETY: pthread_getattr_np fills a zeroed attribute object that is destroyed
    // after use; getstack only reads it.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        libc::pthread_attr_destroy(&mut attr);
        (ok && !addr.is_null()).then_some(addr as usize)
    }
}

/// Worker side (call on the thread that runs the native code, before it runs any): see
/// the module doc.
pub fn contain_worker() {
    // SAFETY: plain process-control calls on this process; the handlers installed only
    // make async-signal-safe calls; the alternate stack is leaked (it must outlive
    // every signal).
    unsafe {
        let mut pdeath: libc::c_int = 0;
        let confined = libc::prctl(
            libc::PR_GET_PDEATHSIG,
            &mut pdeath as *mut libc::c_int as libc::c_ulong,
            0,
            0,
            0,
        ) == 0
            && pdeath == libc::SIGKILL
            && libc::getpgrp() == libc::getpid();
        if confined {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = kill_own_group as *const () as libc::sighandler_t;
            libc::sigemptyset(&mut sa.sa_mask);
            if libc::sigaction(libc::SIGTERM, &sa, std::ptr::null_mut()) == 0 {
                let mut set: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut set);
                libc::sigaddset(&mut set, libc::SIGTERM);
                libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
                // Armed after the handler: a parent that dies in between still sends
                // SIGKILL to this process (the group's other members do not exist yet).
                libc::prctl(
                    libc::PR_SET_PDEATHSIG,
                    libc::SIGTERM as libc::c_ulong,
                    0,
                    0,
                    0,
                );
            }
        }

        if let Some(lo) = own_stack_lo() {
            STACK_LO.store(lo, Ordering::Relaxed);
        }
        const ALT: usize = 64 << 10;
        let alt = libc::mmap(
            std::ptr::null_mut(),
            ALT,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        if alt == libc::MAP_FAILED {
            return;
        }
        let ss = libc::stack_t {
            ss_sp: alt,
            ss_flags: 0,
            ss_size: ALT,
        };
        if libc::sigaltstack(&ss, std::ptr::null_mut()) != 0 {
            return;
        }
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_fault as *const () as libc::sighandler_t;
        sa.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut sa.sa_mask);
        libc::sigaction(libc::SIGSEGV, &sa, std::ptr::null_mut());
        libc::sigaction(libc::SIGBUS, &sa, std::ptr::null_mut());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_is_told_by_the_stack_pointer_or_the_address_below_the_limit() {
        let lo = 0x7000_0000;
        // The stack pointer at (or past) the limit: an overflow wherever the fault is.
        assert!(is_stack_overflow(lo, 0, Some(lo + 100)));
        assert!(is_stack_overflow(lo, lo - 10_000_000, Some(lo - 5_000_000)));
        // A fault just below the limit, beneath the stack pointer.
        assert!(is_stack_overflow(lo, lo - 8, Some(lo + (1 << 20))));
        assert!(is_stack_overflow(lo, lo - 8, None));
        // A wild pointer: far from the stack, with the stack pointer in the middle.
        assert!(!is_stack_overflow(lo, 0x10, Some(lo + (4 << 20))));
        assert!(!is_stack_overflow(lo, lo + (2 << 20), Some(lo + (4 << 20))));
        assert!(!is_stack_overflow(lo, lo - (2 << 20), None));
        // An unknown stack is never overflowed.
        assert!(!is_stack_overflow(0, 8, Some(100)));
    }
}
