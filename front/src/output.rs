//! Standard output's and standard error's errors for `lower` (and, through
//! `harness::output`, every command): a closed pipe is the reader's choice, any other
//! write error is a failure with exit status 1; `eprintln!` would panic.

use crate::exit;
use crate::input::Failure;
use std::io::{self, Write};

/// A write to standard output as a command's result: a closed pipe is no failure
/// (the reader stopped reading), any other error is one with exit status 1.
pub fn checked(r: io::Result<()>) -> Result<(), Failure> {
    match r {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::new(
            exit::BAD_INPUT,
            format!("error: cannot write to standard output: {e}"),
        )),
    }
}

/// Writes `s` and a newline to standard error, ignoring errors (there is nowhere
/// left to report them; `eprintln!` would panic).
pub fn eprint_line(s: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{s}");
    let _ = err.flush();
}

/// Writes `s` to standard error as it is, ignoring errors.
pub fn eprint(s: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(s.as_bytes());
    let _ = err.flush();
}
