//! `stdlower lower FILE` (default options) in a binary that does not link libLLVM: it
//! measures what loading libLLVM costs every `stdlower lower` (the `stdlower` binary
//! links it for the JIT commands), next to `scripts/bench_lower.sh`:
//!
//!     cargo build --release -p harness --example lower_lite
//!     target/release/examples/lower_lite FILE

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: lower_lite FILE");
        std::process::exit(harness::exit::USAGE);
    };
    let args = harness::cmd::lower::Args {
        file,
        emit_c_interface: false,
        syntax: Default::default(),
        index_bitwidth: 64,
    };
    if let Err(f) = harness::cmd::lower::print_before_exit(&args) {
        eprintln!("{}", f.message);
        std::process::exit(f.status);
    }
}
