//! The `stdlower` command line.
fn main() {}
