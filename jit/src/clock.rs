//! This thread's CPU time, for the benchmark examples (`bench_jit`, `case_cost`,
//! `jit_fixed_cost`): unlike wall-clock time, other processes on a busy machine do not
//! inflate it.

use std::time::Duration;

/// CPU time used by the calling thread so far.
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}
