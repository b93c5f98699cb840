//! Process infrastructure: what keeps a long run of many checks alive and tidy,
//! whatever its cases do. A panic becomes a value ([`panics`]), a case that hangs is
//! given up on ([`watchdog`]), temporary files go when the process does, even on a
//! signal ([`temp_cleanup`]), child processes start from the executable that is running
//! ([`this_exe`]), standard output survives a closed pipe ([`output`]), and a crashed
//! worker's last words are kept in a form that compares ([`worker_stderr`]).
//!
//! The bottom layer of the harness: it imports no other harness module, so campaigns,
//! oracles, file tests and commands all use it without a cycle.

pub mod output;
pub mod panics;
pub mod temp_cleanup;
pub mod this_exe;
pub mod watchdog;
pub mod worker_stderr;
