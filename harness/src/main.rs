//! `stdlower`: lowers MLIR's Standard dialect to the LLVM dialect and proves the
//! lowering right. Everything lives in the `harness` library; see `cli.rs`.

fn main() {
    harness::cli::main()
}
