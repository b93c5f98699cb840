//! `stdlower-full`: every command of `stdlower` (which hands it all but `lower`):
//! lowers MLIR's Standard dialect to the LLVM dialect and proves the lowering right.
//! Everything lives in the `harness` library; see `cli.rs`.

/// The IR is many small vectors and strings; mimalloc's size-class free lists allocate
/// and free them markedly faster than the system allocator (`scripts/bench_lower.sh`).
#[global_allocator]
static GLOBAL: harness::alloc::Allocator = harness::alloc::Allocator;

fn main() {
    harness::front::check_front_build();
    harness::cli::main()
}
