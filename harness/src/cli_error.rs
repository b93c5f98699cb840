//! [`CliError`]: the one error every `stdlower` subcommand returns to the command line,
//! which prints it on standard error and exits with [`CliError::status`], the only place
//! that maps an error to an exit status. The messages are the ones the commands printed
//! themselves before, word for word.

use crate::exit;
use crate::input::Failure;

/// Why a subcommand could not do its work (a command that ran and found failures is no
/// error: it returns its status, [`exit::FAILED`]).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input or an I/O error with no source location: `error: ...`, exit status 1.
    #[error("error: {0}")]
    BadInput(Box<dyn std::error::Error + Send + Sync>),
    /// A wrong use of the command (nothing to do, contradicting options): `error: ...`,
    /// exit status 2.
    #[error("error: {0}")]
    Usage(Box<dyn std::error::Error + Send + Sync>),
    /// The command ran but could not finish its report (`nightly report`, the
    /// `verify-abi` JIT child): `error: ...`, exit status 6, as a failed check.
    #[error("error: {0}")]
    Unfinished(Box<dyn std::error::Error + Send + Sync>),
    /// A failure rendered where it happened (a located diagnostic, an interpreter's or
    /// the JIT's outcome), printed as is, with the status it carries.
    #[error("{}", .0.message)]
    Rendered(Failure),
}

impl CliError {
    /// Bad input (exit status 1), from any error or message.
    pub fn bad_input(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> CliError {
        CliError::BadInput(e.into())
    }

    /// A usage error (exit status 2), from any error or message.
    pub fn usage(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> CliError {
        CliError::Usage(e.into())
    }

    /// The process's exit status for this error (see `exit.rs`).
    pub fn status(&self) -> i32 {
        match self {
            CliError::BadInput(_) => exit::BAD_INPUT,
            CliError::Usage(_) => exit::USAGE,
            CliError::Unfinished(_) => exit::FAILED,
            CliError::Rendered(f) => f.status,
        }
    }
}

impl From<Failure> for CliError {
    fn from(f: Failure) -> CliError {
        CliError::Rendered(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_prints_its_message_and_exits_with_its_status() {
        let e = CliError::bad_input("campaign merge: no journal");
        assert_eq!(e.to_string(), "error: campaign merge: no journal");
        assert_eq!(e.status(), exit::BAD_INPUT);
        let e = CliError::usage("--interesting needs a command");
        assert_eq!(e.to_string(), "error: --interesting needs a command");
        assert_eq!(e.status(), exit::USAGE);
        let e = CliError::from(Failure::new(exit::UB, "m.mlir:1:2: error: x"));
        assert_eq!(e.to_string(), "m.mlir:1:2: error: x");
        assert_eq!(e.status(), exit::UB);
    }
}
