//! `stdlower test DIR... [--no-jit] [--no-llvm-level] [--via jit|upstream]`: runs the file tests found
//! under the given paths. A file test that panics fails (with the panic's message and
//! location) and the others run as usual.

use crate::cli_error::CliError;
use crate::exit;
use crate::filetest::{self, RunConfig};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Files or directories of `.mlir` file tests.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Run `run:` lines on the interpreter only (no JIT).
    #[arg(long)]
    pub no_jit: bool,
    /// Do not run `run:` lines at the LLVM level (the LLVM-dialect interpreter on our
    /// lowering); `run --level llvm:` lines are then skipped.
    #[arg(long)]
    pub no_llvm_level: bool,
    /// `upstream`: check `run:` lines through upstream MLIR's lowering as well.
    #[arg(long, value_enum, default_value_t = crate::cmd::run::Via::Jit)]
    pub via: crate::cmd::run::Via,
    /// Print every file, not only failures.
    #[arg(long, short)]
    pub verbose: bool,
    /// Rewrite failing `run:` expectations and probe `.expect` files to what the tool
    /// now gives (never `CHECK` lines; a passing file is not written), and list them.
    #[arg(long)]
    pub bless: bool,
    /// Seconds of in-process work on one file after which it is a finding of oracle
    /// `hang` (the converter, a verifier or an interpreter does not finish): it is
    /// printed and the command ends, without the other files' answers (0: never;
    /// default 30).
    #[arg(long, default_value_t = crate::process::watchdog::FILE_HANG_SECONDS)]
    pub hang_seconds: u64,
    /// Also write a JUnit XML file, one test case per file test, for a CI system to show.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Result<i32, CliError> {
    run_with(args, &filetest::run_file)
}

/// [`run`] with `run_file` in place of [`filetest::run_file`] (tests give one that fails
/// on purpose).
pub fn run_with(args: &Args, run_file: &filetest::RunFile) -> Result<i32, CliError> {
    let files = filetest::discover(&args.paths);
    if files.is_empty() {
        return Err(CliError::usage(format!(
            "no .mlir files under {}",
            args.paths.join(", ")
        )));
    }
    if args.via == crate::cmd::run::Via::Upstream {
        crate::upstream::tools().map_err(CliError::bad_input)?;
    }
    let cfg = RunConfig {
        jit: !args.no_jit,
        llvm_level: !args.no_llvm_level,
        upstream: args.via == crate::cmd::run::Via::Upstream,
        commands: Some(super::cli::run_line),
        ..RunConfig::default()
    };
    if args.bless {
        return Ok(bless(&files, &cfg));
    }
    let hang = crate::process::watchdog::limit_of(args.hang_seconds);
    let started = std::time::Instant::now();
    let results =
        crate::process::watchdog::watch_files(&files, hang, "running the file test", |wd| {
            filetest::run_all_with(&files, &cfg, run_file, wd)
        });
    if let Some(j) = &args.junit {
        let suite = crate::junit::of_file_tests(&results, started.elapsed().as_secs_f64());
        crate::junit::write(j, &[suite])
            .map_err(|e| CliError::bad_input(format!("{}: {e}", j.display())))?;
    }
    let mut failed = 0;
    let mut checks = 0;
    let mut stdout = crate::process::output::Out::new();
    for (path, r) in &results {
        checks += r.checks;
        if r.failures.is_empty() {
            if args.verbose {
                stdout.line(&format!("PASS {} ({} checks)", path.display(), r.checks));
            }
        } else {
            failed += 1;
            stdout.line(&format!("FAIL {}", path.display()));
            for f in &r.failures {
                for line in f.lines() {
                    stdout.line(&format!("  {line}"));
                }
            }
        }
    }
    stdout.line(&format!(
        "{} file tests, {} passed, {} failed ({} checks)",
        results.len(),
        results.len() - failed,
        failed,
        checks
    ));
    Ok(stdout.finish_with(if failed > 0 { exit::FAILED } else { exit::OK }))
}

/// `--bless`: rewrites what can be rewritten, lists it, and fails if any file's test
/// still fails.
fn bless(files: &[std::path::PathBuf], cfg: &RunConfig) -> i32 {
    use filetest::bless::{bless_file, Blessed};
    let mut stdout = crate::process::output::Out::new();
    let (mut rewrote, mut stuck) = (0, 0);
    for f in files {
        match bless_file(f, cfg) {
            Blessed::Unchanged => {}
            Blessed::Rewrote(paths) => {
                rewrote += 1;
                for p in paths {
                    stdout.line(&format!("BLESSED {}", p.display()));
                }
            }
            Blessed::NotBlessable(why) => {
                stuck += 1;
                stdout.line(&format!("NOT BLESSABLE {}", f.display()));
                for w in &why {
                    for line in w.lines() {
                        stdout.line(&format!("  {line}"));
                    }
                }
            }
        }
    }
    stdout.line(&format!(
        "{} file tests, {rewrote} blessed, {stuck} not blessable",
        files.len()
    ));
    stdout.finish_with(if stuck > 0 { exit::FAILED } else { exit::OK })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filetest::FileResult;

    #[test]
    fn a_panicking_file_test_fails_and_the_others_run() {
        let dir = std::env::temp_dir().join(format!("stdlower-test-panic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = "// run: @main() -> 1 : i32\nfunc @main() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\n";
        for name in ["a", "boom", "c"] {
            std::fs::write(dir.join(format!("{name}.mlir")), src).unwrap();
        }
        let line = line!() + 3;
        let run_file = |path: &str, bytes: &[u8], cfg: &RunConfig| -> FileResult {
            if path.ends_with("boom.mlir") {
                panic!("injected interpreter panic");
            }
            filetest::run_file(path, bytes, cfg)
        };
        let cfg = RunConfig {
            jit: false,
            ..RunConfig::default()
        };
        let files = filetest::discover(&[dir.display().to_string()]);
        let results = filetest::run_all_with(&files, &cfg, &run_file, None);
        assert_eq!(results.len(), 3);
        for (p, r) in &results {
            if p.ends_with("boom.mlir") {
                assert_eq!(r.failures.len(), 1);
                let want = format!(": panicked at {}:{line}:", file!());
                assert!(r.failures[0].contains(&want), "{:?}", r.failures);
                assert!(r.failures[0].ends_with("injected interpreter panic"));
            } else {
                assert!(r.failures.is_empty() && r.checks >= 2, "{p:?}: {r:?}");
            }
        }
        let args = Args {
            paths: vec![dir.display().to_string()],
            no_jit: true,
            no_llvm_level: false,
            via: crate::cmd::run::Via::Jit,
            verbose: false,
            bless: false,
            hang_seconds: crate::process::watchdog::FILE_HANG_SECONDS,
            junit: None,
        };
        assert_eq!(run_with(&args, &run_file).unwrap(), exit::FAILED);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
