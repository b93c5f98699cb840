//! Standard output for every command, with its write errors reported: `print!` panics
//! on a full disk or a closed pipe, and ignoring the error exits 0 with nothing
//! written. A full disk (or any other write error) is an error message on standard
//! error and exit status 1 (bad input or output); a closed pipe
//! (`stdlower check corpus | head -1`) is the reader's choice, so the output stops
//! quietly and the command's own status stands.

use crate::input::Failure;
use std::io::{self, Write};

/// Standard output, locked for one command. The first write error is kept, and
/// nothing more is written after it; [`Out::finish`] reports it.
pub struct Out {
    w: io::StdoutLock<'static>,
    error: Option<io::Error>,
}

impl Default for Out {
    fn default() -> Out {
        Out::new()
    }
}

impl Out {
    pub fn new() -> Out {
        Out {
            w: io::stdout().lock(),
            error: None,
        }
    }

    /// Writes `s` (unless an earlier write failed).
    pub fn print(&mut self, s: &str) {
        if self.error.is_none() {
            if let Err(e) = self.w.write_all(s.as_bytes()) {
                self.error = Some(e);
            }
        }
    }

    /// Writes `s` and a newline.
    pub fn line(&mut self, s: &str) {
        self.print(s);
        self.print("\n");
    }

    /// Flushes; the failure of the first write error other than a closed pipe.
    pub fn finish(mut self) -> Result<(), Failure> {
        if self.error.is_none() {
            if let Err(e) = self.w.flush() {
                self.error = Some(e);
            }
        }
        match self.error {
            None => Ok(()),
            Some(e) => checked(Err(e)),
        }
    }

    /// [`Out::finish`] for a command that exits with `status`: `status`, or the write
    /// error's message (on standard error) and its status.
    pub fn finish_with(self, status: i32) -> i32 {
        match self.finish() {
            Ok(()) => status,
            Err(f) => {
                eprint_line(&f.message);
                f.status
            }
        }
    }
}

pub use stdlower_front::output::{checked, eprint, eprint_line};
