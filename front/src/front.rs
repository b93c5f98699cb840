//! The `stdlower` binary's own code, which must not reach libLLVM (so that the binary
//! does not link it): `lower` runs here, and every other command, `--help` and every
//! usage error are handed to `stdlower-full` (the whole command line of the harness's
//! `cli.rs`),
//! which replaces this process. Both binaries carry the stamp of their build; a
//! `stdlower-full` built from other sources refuses to run.

use crate::{exit, lower};
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;

/// The identifier of this build of the harness (see `build.rs`).
pub const BUILD_ID: &str = env!("STDLOWER_BUILD_ID");

/// What `stdlower --version` prints after the name, in both binaries (`stdlower`
/// answers it itself, so it works without `stdlower-full`): the crate's version, the
/// git commit built, and the LLVM version the build found (see `build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("STDLOWER_GIT_COMMIT"),
    ", LLVM ",
    env!("STDLOWER_LLVM_VERSION"),
    ")"
);

/// The variable through which `stdlower` tells `stdlower-full` its build.
const FRONT_BUILD_VAR: &str = "STDLOWER_FRONT_BUILD";

/// The commands `stdlower` runs itself.
#[derive(Parser, Debug)]
#[command(name = "stdlower", version = VERSION)]
struct Front {
    #[command(subcommand)]
    command: FrontCommand,
}

#[derive(Subcommand, Debug)]
enum FrontCommand {
    Lower(lower::Args),
}

/// Runs `stdlower` with the process's arguments and exits.
pub fn main() -> ! {
    let args: Vec<OsString> = std::env::args_os().collect();
    match Front::try_parse_from(&args) {
        Ok(Front {
            command: FrontCommand::Lower(a),
        }) => {
            let status = match lower::print_before_exit(&a) {
                Ok(()) => exit::OK,
                Err(f) => {
                    let mut err = std::io::stderr().lock();
                    let _ = writeln!(err, "{}", f.message);
                    let _ = err.flush();
                    f.status
                }
            };
            std::process::exit(status)
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayVersion => {
            let status = match crate::output::checked(e.print()) {
                Ok(()) => exit::OK,
                Err(f) => {
                    crate::output::eprint_line(&f.message);
                    f.status
                }
            };
            std::process::exit(status)
        }
        Err(_) => hand_over(&args),
    }
}

/// Replaces this process by `stdlower-full` with the same arguments.
fn hand_over(args: &[OsString]) -> ! {
    let full = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("stdlower-full")));
    let Some(full) = full.filter(|p| p.exists()) else {
        eprintln!(
            "stdlower: error: this command needs stdlower-full, which is not next to \
             stdlower: build both (`cargo build --bins`)"
        );
        std::process::exit(exit::USAGE)
    };
    let mut command = std::process::Command::new(&full);
    command.args(&args[1..]).env(FRONT_BUILD_VAR, BUILD_ID);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        if let Some(arg0) = args.first() {
            command.arg0(arg0);
        }
        let e = command.exec();
        eprintln!("stdlower: error: cannot run {}: {e}", full.display());
        std::process::exit(exit::USAGE)
    }
    #[cfg(not(unix))]
    match command.status() {
        Ok(s) => std::process::exit(s.code().unwrap_or(exit::USAGE)),
        Err(e) => {
            eprintln!("stdlower: error: cannot run {}: {e}", full.display());
            std::process::exit(exit::USAGE)
        }
    }
}

/// In `stdlower-full`: refuses to run for a `stdlower` of another build.
pub fn check_front_build() {
    if let Some(front) = std::env::var_os(FRONT_BUILD_VAR) {
        if front != BUILD_ID {
            eprintln!(
                "stdlower: error: stdlower-full is from another build than stdlower: \
                 rebuild both (`cargo build --bins`)"
            );
            std::process::exit(exit::USAGE);
        }
    }
}
