//! The exit statuses of every command, in one place, so every subcommand agrees (the
//! guide's `docs/commands.md` lists them).

/// Success.
pub const OK: i32 = 0;
/// Bad input: a parse, verification or conversion error, printed as `FILE:LINE:COL: error: ...`.
pub const BAD_INPUT: i32 = 1;
/// Usage error (clap's own status for bad flags).
pub const USAGE: i32 = 2;
/// The interpreter found undefined behaviour.
pub const UB: i32 = 3;
/// The executed code crashed or timed out.
pub const CRASH: i32 = 4;
/// The interpreter ran out of fuel (`--fuel`) or out of call depth: the program may not terminate.
pub const OUT_OF_FUEL: i32 = 5;
/// A file test, a differential check or a campaign found a failure.
pub const FAILED: i32 = 6;
