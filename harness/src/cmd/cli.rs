//! The `stdlower` command line: parses arguments (clap), dispatches to the subcommand
//! modules in `cmd/`, prints, and maps outcomes to the exit statuses (`crate::exit`).
//! Every subcommand returns its status or a [`CliError`], printed here.

use crate::cli_error::CliError;
use crate::process::output;
use crate::{cmd, exec, exit, input, native};

use clap::{Parser, Subcommand};
use input::Failure;
use output::Out;

#[derive(Parser, Debug)]
#[command(
    name = "stdlower",
    version = crate::front::VERSION,
    about = "Lower MLIR's Standard dialect to the LLVM dialect, and prove the lowering right",
    after_help = "Exit status: 0 ok, 1 bad input or an I/O error, 2 usage, 3 undefined behaviour (interp), \
                  4 crash or timeout (run), 5 out of fuel (interp), 6 tests or checks failed."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// The `bin` directory of the MLIR the upstream paths use (`mlir-opt`,
    /// `mlir-translate`; the release read from `mlir-opt --version`); also
    /// `STDLOWER_MLIR_BIN`. Default: the installed MLIR 22.
    #[arg(long = "mlir-bin", global = true, value_name = "DIR")]
    pub mlir_bin: Option<std::path::PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse and verify a Standard-dialect file and print it back.
    Parse(cmd::parse::Args),
    /// Lower a Standard-dialect file to the LLVM dialect.
    Lower(cmd::lower::Args),
    /// Print a Standard-dialect file in today's upstream MLIR syntax.
    Export(cmd::export::Args),
    /// Lower and translate to LLVM IR.
    Translate(cmd::run::TranslateArgs),
    /// Run a function on the reference interpreter.
    Interp(cmd::interp::Args),
    /// Lower, JIT-compile and run a function natively (crash-isolated).
    Run(cmd::run::Args),
    /// Print the random module of a seed.
    Gen(cmd::gen::Args),
    /// Check generated modules with every oracle, on all cores.
    Campaign(Box<cmd::campaign::Args>),
    /// Run the differential oracles on the given modules.
    Check(cmd::check::Args),
    /// Prove each lowered function refines its Standard source (an SMT solver).
    Prove(cmd::prove::Args),
    /// Run the file tests under the given files and directories.
    Test(cmd::test::Args),
    /// Prove the memref descriptor and `_mlir_ciface_` ABI against the C compilers.
    VerifyAbi(cmd::verify_abi::Args),
    /// Shrink a module while the same failure still happens; print it as a file test.
    Reduce(cmd::reduce::Args),
    /// List the oracles: name, kind, default sampling, cost, what each checks.
    Oracles(cmd::oracles::Args),
    /// Internal to scripts/nightly.sh: a budget in seconds, and the night's report.
    Nightly(cmd::nightly::Args),
    /// Internal: the JIT worker process that `run` and the oracles talk to over a pipe.
    #[command(name = "__jit-worker", hide = true)]
    JitWorker,
    /// Internal: `verify-abi`'s JIT child (driver `.so`, Standard module, slot list).
    #[command(name = "__abi-jit", hide = true)]
    AbiJit {
        so: String,
        mlir: String,
        slots: String,
    },
}

/// Runs a file test's `RUN:` line in-process: `argv` is the whole command line
/// (`stdlower`, the subcommand and its arguments, the file); the text the subcommand
/// prints. What [`crate::filetest::RunConfig::commands`] is given by `stdlower test`.
pub fn run_line(argv: &[String]) -> Result<String, Failure> {
    use clap::Parser;
    let cli = Cli::try_parse_from(argv).map_err(|e| Failure::new(exit::USAGE, e.to_string()))?;
    text_output(&cli.command).unwrap_or_else(|| {
        Err(Failure::new(
            exit::USAGE,
            format!(
                "`{}` cannot be used in a RUN: line",
                argv.get(1).map_or("", String::as_str)
            ),
        ))
    })
}

/// The text a subcommand prints, for the subcommands whose output is text
/// (the ones a file test's `RUN:` line may use).
pub fn text_output(c: &Command) -> Option<Result<String, Failure>> {
    match c {
        Command::Parse(a) => Some(cmd::parse::output(a)),
        Command::Lower(a) => Some(cmd::lower::output(a)),
        Command::Translate(a) => Some(cmd::run::translate_output(a)),
        Command::Export(a) => Some(cmd::export::output(a)),
        Command::Gen(a) => Some(Ok(cmd::gen::output(a))),
        Command::Oracles(a) => Some(Ok(cmd::oracles::output(a))),
        _ => None,
    }
}

/// Prints a command's text on standard output: `status`, or the status of a write
/// error (a closed pipe is none; see `output.rs`).
fn print_stdout(s: &str, status: i32) -> i32 {
    let mut out = Out::new();
    out.print(s);
    out.finish_with(status)
}

/// Runs `stdlower` with the process's arguments and exits.
pub fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let status = if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
            let status = match output::checked(e.print()) {
                Ok(()) => status,
                Err(f) => fail(f.into()),
            };
            std::process::exit(status);
        }
    };
    crate::upstream_release::use_mlir_bin(cli.mlir_bin.as_deref());
    let status = match run(&cli.command) {
        Ok(status) => status,
        Err(e) => fail(e),
    };
    crate::process::temp_cleanup::exit(status);
}

/// Runs a subcommand: the exit status of a command that did its work (it printed its
/// output and verdict), or why it could not.
pub fn run(c: &Command) -> Result<i32, CliError> {
    match c {
        Command::JitWorker => Ok(native::serve_worker()),
        Command::AbiJit { so, mlir, slots } => crate::abi::live::jit_child(so, mlir, slots),
        Command::Test(a) => cmd::test::run(a),
        Command::Nightly(a) => cmd::nightly::run(a),
        // `check` prints its own errors (its error type is still to come).
        Command::Check(a) => cmd::check::run(a),
        Command::Campaign(a) => cmd::campaign::run(a),
        Command::Prove(a) => cmd::prove::run(a),
        Command::VerifyAbi(a) => cmd::verify_abi::run(a),
        Command::Reduce(a) => cmd::reduce::run(a),
        Command::Interp(a) => Ok(report(cmd::interp::outcome(a)?)),
        Command::Run(a) => Ok(report(cmd::run::outcome(a)?)),
        Command::Export(a) => {
            let text = cmd::export::run(a)?;
            Ok(print_stdout(text.as_deref().unwrap_or(""), exit::OK))
        }
        Command::Lower(a) => {
            cmd::lower::print_before_exit(a)?;
            Ok(exit::OK)
        }
        c => match text_output(c) {
            Some(text) => Ok(print_stdout(&text?, exit::OK)),
            None => Ok(exit::USAGE),
        },
    }
}

/// Prints an execution outcome: results on stdout, problems on stderr.
fn report(o: exec::Outcome) -> i32 {
    match o {
        exec::Outcome::Values(_) => print_stdout(&o.render(), o.status()),
        _ => {
            output::eprint(&o.render());
            o.status()
        }
    }
}

/// Prints why a command failed on standard error, and gives its exit status.
fn fail(e: CliError) -> i32 {
    output::eprint_line(&e.to_string());
    e.status()
}
