//! `stdlower`: lowers MLIR's Standard dialect to the LLVM dialect (`stdlower lower`)
//! without loading libLLVM, and hands every other command to `stdlower-full`; see
//! `front.rs`.

/// The IR is many small vectors and strings; mimalloc's size-class free lists allocate
/// and free them markedly faster than the system allocator (`scripts/bench_lower.sh`).
#[global_allocator]
static GLOBAL: stdlower_front::alloc::Allocator = stdlower_front::alloc::Allocator;

fn main() {
    stdlower_front::front::main()
}
