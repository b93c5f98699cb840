//! Links LLVM 22 statically when the `static-llvm` feature is on; does nothing otherwise
//! (llvm-sys then links `libLLVM.so.22.1`, the workspace's `prefer-dynamic`).
//!
//! Why here and not in llvm-sys: llvm-sys takes exactly one of its link-kind features, and
//! the workspace's `llvm22-1-prefer-dynamic` is always on (features only add up), so
//! `force-static` next to it would stop llvm-sys's build script. `static-llvm` turns on
//! llvm-sys's `no-llvm-linking` instead (llvm-sys still builds its C wrappers, links
//! nothing else) and this script emits what llvm-sys would have emitted for static
//! libraries: `llvm-config --link-static --libs` and `--system-libs`, in that order.
//!
//! A self-contained binary needs nothing beyond libc, libm, libstdc++, libgcc_s and libz
//! (ClusterFuzzLite's runner image has no LLVM): `zstd` and `xml2` are linked from their
//! static archives, and so is `ffi` (LLVM's interpreter calls it; llvm-config does not
//! name it, inkwell links it as a shared library unless its `no-libffi-linking` is on,
//! which `static-llvm` turns on); `z3` (which LLVM names but stdlower never reaches) is
//! left to the linker's `--as-needed`, which drops it. `scripts/cflite-local.sh` checks
//! the result with `ldd`.
//!
//! llvm-config is found as llvm-sys finds it: `$LLVM_SYS_221_PREFIX/bin/llvm-config`,
//! else `llvm-config-22`, else `llvm-config` when it reports version 22.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const PREFIX_ENV: &str = "LLVM_SYS_221_PREFIX";
const MAJOR: &str = "22";

/// System libraries that must come from their static archives (the runner image lacks
/// their shared libraries, or they are not worth a runtime dependency).
const STATIC_SYSTEM_LIBS: &[&str] = &["zstd", "xml2"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={PREFIX_ENV}");
    if env::var_os("CARGO_FEATURE_STATIC_LLVM").is_none() {
        return;
    }
    let config = match find_llvm_config() {
        Some(c) => c,
        None => fail(&format!(
            "feature static-llvm: no llvm-config for LLVM {MAJOR} (set {PREFIX_ENV} or run scripts/setup.sh)"
        )),
    };
    let libdir = llvm_config(&config, &["--libdir"]);
    println!("cargo:rustc-link-search=native={}", libdir.trim());

    // LLVM's own archives, in the order llvm-config gives (dependents before their
    // dependencies). Not bundled into the rlib: the final link reads them from libdir,
    // which keeps the jit rlib small.
    for flag in llvm_config(&config, &["--link-static", "--libs"]).split_whitespace() {
        let name = flag
            .strip_prefix("-l")
            .unwrap_or_else(|| fail(&format!("unexpected llvm-config --libs output '{flag}'")));
        println!("cargo:rustc-link-lib=static:-bundle={name}");
    }

    for flag in llvm_config(&config, &["--link-static", "--system-libs"]).split_whitespace() {
        let name = system_lib_name(flag);
        if STATIC_SYSTEM_LIBS.contains(&name.as_str()) {
            println!("cargo:rustc-link-lib=static:-bundle={name}");
        } else {
            println!("cargo:rustc-link-lib=dylib={name}");
        }
    }
    println!("cargo:rustc-link-lib=static:-bundle=ffi");
    // LLVM is C++; llvm-sys adds the same.
    println!("cargo:rustc-link-lib=dylib=stdc++");
}

/// `-lfoo` -> `foo`; `/usr/lib/libfoo.so` -> `foo` (with its directory on the search path).
fn system_lib_name(flag: &str) -> String {
    if let Some(name) = flag.strip_prefix("-l") {
        return name.to_string();
    }
    let path = Path::new(flag);
    let file = path.file_name().and_then(|f| f.to_str()).unwrap_or(flag);
    let base = file.strip_prefix("lib").unwrap_or_else(|| {
        fail(&format!(
            "unexpected llvm-config --system-libs entry '{flag}'"
        ))
    });
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        println!("cargo:rustc-link-search=native={}", dir.display());
    }
    // libfoo.so, libfoo.so.1.2, libfoo.a
    let base = base.split(".so").next().unwrap_or(base);
    base.strip_suffix(".a").unwrap_or(base).to_string()
}

fn find_llvm_config() -> Option<PathBuf> {
    if let Some(prefix) = env::var_os(PREFIX_ENV) {
        let p = Path::new(&prefix).join("bin").join("llvm-config");
        return is_version(&p).then_some(p);
    }
    [format!("llvm-config-{MAJOR}"), "llvm-config".to_string()]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| is_version(p))
}

fn is_version(config: &Path) -> bool {
    Command::new(config)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .is_some_and(|v| v.trim().split('.').next() == Some(MAJOR))
}

fn llvm_config(config: &Path, args: &[&str]) -> String {
    let out = Command::new(config)
        .args(args)
        .output()
        .unwrap_or_else(|e| fail(&format!("{} {}: {e}", config.display(), args.join(" "))));
    if !out.status.success() {
        fail(&format!(
            "{} {}: {}",
            config.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout).unwrap_or_else(|_| fail("llvm-config printed non-UTF-8"))
}

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(1);
}
