//! Stamps each build of the harness with an identifier (`STDLOWER_BUILD_ID`), so that
//! `stdlower` can tell whether the `stdlower-full` it hands a command to was built
//! from the same sources (`cargo build --bin stdlower` alone leaves it stale).

use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    // The stamp changes whenever the code of either binary may have: any source of
    // the crates the harness is built from.
    for dir in [
        "src",
        "Cargo.toml",
        "../converter",
        "../interp",
        "../jit",
        "../generator",
        "../Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={dir}");
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    println!(
        "cargo:rustc-env=STDLOWER_BUILD_ID={nanos:x}-{:x}",
        std::process::id()
    );
}
