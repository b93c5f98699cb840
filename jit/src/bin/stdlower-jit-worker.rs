//! The JIT worker process: serves run requests on stdin/stdout (see `jit::worker`).
//! `stdlower __jit-worker` does the same; this binary exists for the crate's own tests.

fn main() {
    std::process::exit(jit::worker::serve_stdio());
}
