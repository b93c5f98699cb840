//! `stdlower-full`: every command of `stdlower` (which hands it all but `lower`):
//! lowers MLIR's Standard dialect to the LLVM dialect and proves the lowering right.
//! Everything lives in the `harness` library; see `cli.rs`.

/// The IR is many small vectors and strings; mimalloc's size-class free lists allocate
/// and free them markedly faster than the system allocator (`scripts/bench_lower.sh`).
#[global_allocator]
static GLOBAL: harness::alloc::Allocator = harness::alloc::Allocator;

/// Transparent huge pages off for this process and the processes it starts (JIT
/// workers, mlir-opt, clang): the allocators ask for huge pages, and a campaign's many
/// checking threads and workers fault fresh memory in all the time; zeroing a 2 MiB
/// page for each was ~5 % of a campaign's CPU time with JIT groups
/// (`docs/jit-cost.md`). `STDLOWER_THP=1` keeps the system's setting.
fn no_transparent_huge_pages() {
    if std::env::var_os("STDLOWER_THP").is_some_and(|v| v == "1") {
        return;
    }
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and changes only this process's
    // (and its future children's) page policy; a failure leaves the system's setting.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn main() {
    no_transparent_huge_pages();
    harness::front::check_front_build();
    harness::cmd::cli::main()
}
