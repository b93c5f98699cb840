//! How a run ends when it does not return: undefined behaviour (the program's fault,
//! named by the rule it broke and located), fuel or call-depth exhaustion, and errors
//! of the interpreter's input (no such entry, wrong arguments, an external function
//! without an implementation, an unregistered op).
//!
//! Following Miri and Cranelift's interpreter, the program's trap is an ordinary
//! outcome; the message names the rule and the values involved, the location says where.

use converter::Loc;
use std::fmt;

/// Why a run stopped without returning.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Trap {
    /// The program did something whose behaviour is undefined.
    Ub {
        loc: Loc,
        /// A short stable name of the rule broken: `out of bounds`, `use after free`, ...
        rule: &'static str,
        /// What exactly happened, with the values involved.
        message: String,
    },
    /// The step budget ([`crate::Options::fuel`]) ran out: probably non-termination.
    OutOfFuel,
    /// A call would have exceeded [`crate::Options::max_call_depth`].
    CallDepth { loc: Loc, depth: u32 },
    /// The interpreter cannot run this: bad entry or arguments, an external function
    /// without an implementation, an unregistered op, an unsupported construct.
    Error { loc: Loc, message: String },
}

/// Rule names, kept in one place so that tests and users can match on them.
pub mod rules {
    pub const OUT_OF_BOUNDS: &str = "out of bounds";
    pub const USE_AFTER_FREE: &str = "use after free";
    pub const USE_AFTER_RETURN: &str = "use after return";
    pub const DOUBLE_FREE: &str = "double free";
    pub const INVALID_FREE: &str = "invalid free";
    pub const UNINITIALIZED: &str = "uninitialized read";
    pub const DIV_BY_ZERO: &str = "division by zero";
    pub const DIV_OVERFLOW: &str = "signed division overflow";
    pub const SHIFT: &str = "oversized shift";
    pub const FPTOSI: &str = "fptosi out of range";
    pub const DIM: &str = "invalid dim";
    pub const CAST: &str = "invalid memref_cast";
    pub const NEGATIVE_SIZE: &str = "negative size";
    /// An allocation (of dynamic sizes) whose layout reaches before its buffer.
    pub const BEFORE_BUFFER: &str = "layout reaches before its buffer";
}

/// Undefined behaviour detected by a helper that does not know where it is; the
/// interpreter loop adds the location.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ub {
    pub rule: &'static str,
    pub message: String,
}

impl Ub {
    #[cold]
    pub fn new(rule: &'static str, message: impl Into<String>) -> Ub {
        Ub {
            rule,
            message: message.into(),
        }
    }
    #[cold]
    pub fn at(self, loc: Loc) -> Trap {
        Trap::Ub {
            loc,
            rule: self.rule,
            message: self.message,
        }
    }
}

impl Trap {
    #[cold]
    pub fn error(loc: Loc, message: impl Into<String>) -> Trap {
        Trap::Error {
            loc,
            message: message.into(),
        }
    }

    /// True for undefined behaviour (exit status 3 of `stdlower interp`).
    pub fn is_ub(&self) -> bool {
        matches!(self, Trap::Ub { .. })
    }

    /// The location, when the trap has one.
    pub fn loc(&self) -> Option<Loc> {
        match self {
            Trap::Ub { loc, .. } | Trap::CallDepth { loc, .. } | Trap::Error { loc, .. } => {
                Some(*loc)
            }
            Trap::OutOfFuel => None,
        }
    }

    /// One line, `FILE:LINE:COL: undefined behaviour: RULE: MESSAGE` (or `error:`),
    /// located at 1:1 when the IR carries no location.
    pub fn render(&self, file: &str) -> String {
        let at = |loc: &Loc| {
            if loc.is_known() {
                format!("{file}:{}:{}", loc.line, loc.col)
            } else {
                format!("{file}:1:1")
            }
        };
        match self {
            Trap::Ub { loc, rule, message } => {
                format!("{}: undefined behaviour: {rule}: {message}", at(loc))
            }
            Trap::OutOfFuel => format!(
                "{file}: error: out of fuel (the program did not finish within its step budget)"
            ),
            Trap::CallDepth { loc, depth } => {
                format!(
                    "{}: error: call depth limit exceeded (depth {depth})",
                    at(loc)
                )
            }
            Trap::Error { loc, message } => format!("{}: error: {message}", at(loc)),
        }
    }
}

impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("<module>"))
    }
}

impl std::error::Error for Trap {}
