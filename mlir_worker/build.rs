//! Links the worker against MLIR 22 (`libMLIR.so`, and the C API's static archives
//! `libMLIRCAPIIR.a`, `libMLIRCAPIRegisterEverything.a` and `libMLIRCAPITarget.a`, which Debian's
//! `libmlir-22-dev` ships) and records the `bin` directory of that installation, whose
//! `mlir-opt` the worker stands in for. Without those libraries (no `libmlir-22-dev`),
//! the worker is built without MLIR and says so when started, and the harness runs
//! `mlir-opt` as before.
//!
//! llvm-config is found as llvm-sys finds it: `$LLVM_SYS_221_PREFIX/bin/llvm-config`,
//! else `llvm-config-22` on `PATH`.

use std::path::{Path, PathBuf};
use std::process::Command;

const PREFIX_ENV: &str = "LLVM_SYS_221_PREFIX";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={PREFIX_ENV}");
    println!("cargo::rustc-check-cfg=cfg(has_mlir)");
    let config = std::env::var_os(PREFIX_ENV)
        .map(|p| PathBuf::from(p).join("bin").join("llvm-config"))
        .unwrap_or_else(|| PathBuf::from("llvm-config-22"));
    let ask = |flag: &str| -> Option<String> {
        let out = Command::new(&config).arg(flag).output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let (Some(libdir), Some(bindir)) = (ask("--libdir"), ask("--bindir")) else {
        println!("cargo:warning=no llvm-config for LLVM 22: stdlower-mlir is built without MLIR");
        return;
    };
    let lib = Path::new(&libdir);
    let needed = [
        "libMLIR.so",
        "libMLIRCAPIIR.a",
        "libMLIRCAPIRegisterEverything.a",
        "libMLIRCAPITarget.a",
    ];
    if let Some(missing) = needed.iter().find(|f| !lib.join(f).exists()) {
        println!(
            "cargo:warning={missing} is not in {libdir} (libmlir-22-dev): stdlower-mlir is built without MLIR"
        );
        return;
    }
    println!("cargo:rustc-cfg=has_mlir");
    println!("cargo:rustc-env=STDLOWER_MLIR_BINDIR={bindir}");
    println!("cargo:rustc-link-search=native={libdir}");
    println!("cargo:rustc-link-lib=static:-bundle=MLIRCAPIRegisterEverything");
    println!("cargo:rustc-link-lib=static:-bundle=MLIRCAPITarget");
    println!("cargo:rustc-link-lib=static:-bundle=MLIRCAPIIR");
    println!("cargo:rustc-link-lib=dylib=MLIR");
    println!("cargo:rustc-link-lib=dylib=LLVM");
    println!("cargo:rustc-link-lib=dylib=stdc++");
    println!("cargo:rustc-link-arg-bins=-Wl,-rpath,{libdir}");
}
