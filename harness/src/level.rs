//! The levels a module is interpreted at: the Standard module itself (the reference
//! interpreter, `interp`) or the LLVM-dialect module our converter lowers it to
//! (`llinterp`). `stdlower interp --level` and a file test's `run --level` line name
//! them; both the command line and the file tests use this one type.

/// The levels `interp` interprets at.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Std,
    Llvm,
}
