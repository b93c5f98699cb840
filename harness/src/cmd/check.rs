//! `stdlower check FILE|DIR... [--entry NAME] [--arg VALUE]... [--timeout DURATION]
//! [--mlir-translate] [--upstream] [--upstream-structure] [--no-jit]`: the differential
//! oracles on given files (each file's entry is called with the `--arg` values, none by
//! default). A panic while a file is checked is a finding of oracle `panic` for that
//! file, and the other files are checked as usual. A finding that is a documented
//! upstream LLVM bug ([`crate::known_upstream`]) is reported as `known-upstream`, as
//! campaigns do, and does not fail the check.

use crate::cli_error::CliError;
use crate::exit;
use crate::oracles::{self, CheckReport, Oracle, OracleConfig, Panicked, SkipKind, Verdict};
use crate::process::panics;
use converter::ir::Module;
use converter::value::RtValue;
use rayon::prelude::*;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Files or directories of Standard-dialect modules (`-` for standard input).
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// The function to call in each module.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// One argument of the entry function, as for `run` (`3`, `1.5`, `[1, 2]`,
    /// `3 : i32`). Repeat for each argument.
    #[arg(long = "arg", allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Seconds each call's native code may run (compilation not included); a call that
    /// runs longer is killed and the file skipped.
    /// Also `500ms`, `2m`, ... (at most a year).
    #[arg(long, default_value = "10", value_parser = crate::cmd::values::positive_duration)]
    pub timeout: std::time::Duration,
    /// Also feed every lowered module to `mlir-translate --mlir-to-llvmir`.
    #[arg(long)]
    pub mlir_translate: bool,
    /// Also run upstream MLIR's lowering (mlir-opt + mlir-translate) as a third path.
    #[arg(long)]
    pub upstream: bool,
    /// Compare our lowering's signatures, attributes, calls and declarations with
    /// mlir-opt's (the upstream-structure oracle; implied by --upstream).
    #[arg(long)]
    pub upstream_structure: bool,
    /// Skip the native path (interpreter-only oracles).
    #[arg(long)]
    pub no_jit: bool,
    /// Also prove every function with the translation validator (oracle `tv`; needs z3).
    #[arg(long)]
    pub tv: bool,
    /// The bit width `index` lowers to (a file's `// stdlower-options:` line overrides it).
    #[arg(long, default_value_t = 64, value_parser = crate::cmd::index_bitwidth)]
    pub index_bitwidth: u32,
    /// Seconds of in-process work on one file after which it is a finding of oracle
    /// `hang` (the converter, a verifier or an interpreter does not finish): it is
    /// printed and the command ends, without the other files' answers (0: never;
    /// default 30).
    #[arg(long, default_value_t = crate::process::watchdog::FILE_HANG_SECONDS)]
    pub hang_seconds: u64,
    /// Lowering options for every file, added to those of each file's
    /// `// stdlower-options:` line.
    #[command(flatten)]
    pub pass: crate::cmd::PassOptions,
}

/// How a module's entry is checked with its arguments: [`oracles::check_module_caught`]
/// (tests give one that fails on purpose).
pub type Check<'a> =
    dyn Fn(&Module, &str, &[RtValue], &OracleConfig) -> Result<CheckReport, Panicked> + Sync + 'a;

pub fn run(args: &Args) -> Result<i32, CliError> {
    run_with(args, &oracles::check_module_caught)
}

/// How one file was checked.
#[derive(Clone, Debug)]
pub struct FileCheck {
    /// The file, as shown.
    pub file: String,
    pub verdict: Verdict,
    /// The oracles that ran on it.
    pub ran: Vec<Oracle>,
    /// The file does not parse, verify or name valid options (its verdict is a skip
    /// whose reason is the located error).
    pub invalid: bool,
}

/// Each file's verdict and the oracles that ran on it, in parallel, in file order; a
/// panic is the file's `panic` finding. Each file's entry is called with `args` (texts
/// read against its parameter types, as `run --arg` does). Each file's in-process work
/// is watched by `wd` when given ([`crate::process::watchdog::watch_files`]).
pub fn check_files(
    files: &[std::path::PathBuf],
    entry: &str,
    args: &[String],
    base: &OracleConfig,
    check: &Check<'_>,
    wd: Option<&crate::process::watchdog::Watchdog>,
) -> Vec<FileCheck> {
    files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            crate::process::watchdog::watch_item(wd, i, || {
                let shown = f.display().to_string();
                let mut invalid = false;
                let skip = |reason| {
                    Ok(CheckReport::of(Verdict::Skipped {
                        kind: SkipKind::Error,
                        reason,
                    }))
                };
                let report = panics::catch(|| match load_with_options(&shown, base) {
                    // Bad input is reported and makes the exit status 1, never a silent skip.
                    Err(e) => {
                        invalid = true;
                        skip(e.message)
                    }
                    Ok((m, cfg)) => match m.func(entry).and_then(|f| f.std_type()) {
                        Some(_) if !m.func(entry).is_some_and(|f| f.is_external()) => {
                            match crate::exec::parse_args(&m, entry, args) {
                                Ok(argv) => check(&m, entry, &argv, &cfg),
                                Err(e) => skip(e.message),
                            }
                        }
                        _ => skip(format!("no function @{entry} with a body")),
                    },
                })
                .unwrap_or_else(|panic| {
                    Err(Panicked {
                        panic,
                        ran: Vec::new(),
                    })
                })
                .unwrap_or_else(Panicked::into_report);
                FileCheck {
                    file: shown,
                    verdict: report.verdict,
                    ran: report.ran,
                    invalid,
                }
            })
        })
        .collect()
}

/// A file and the oracle configuration for it: `base` with the options of its
/// `// stdlower-options:` line. A conversion error under those options (a memref the
/// bare pointer convention cannot pass, bf16) is bad input, as for `lower`; an internal
/// error of the lowering stays the llvm-verify oracle's.
/// An older release's `upstream` finding of wrong values in `file` that MLIR 22 does not
/// repeat ([`crate::upstream::recheck`], entry `main` without arguments only).
fn rerun_on_mlir22(
    file: &str,
    v: &Verdict,
    args: &Args,
    base: &OracleConfig,
) -> Option<&'static crate::known_upstream::KnownBug> {
    if args.entry != "main" || !args.args.is_empty() {
        return None;
    }
    let (m, cfg) = load_with_options(file, base).ok()?;
    crate::upstream::recheck::classify(&m, v, &cfg.exec)
}

fn load_with_options(
    shown: &str,
    base: &OracleConfig,
) -> Result<(Module, OracleConfig), crate::input::Failure> {
    let m = crate::input::load(shown)?;
    let text = m.source.as_deref().unwrap_or("");
    let exec = base
        .exec
        .with_file_options(text)
        .map_err(|e| crate::input::Failure::new(exit::BAD_INPUT, format!("{shown}: error: {e}")))?;
    let lopts = exec.pass.lower_options(exec.index_bitwidth, false);
    if let Err(ds) = converter::lower::lower_module(&m, &lopts) {
        if !ds.iter().any(|d| d.message.starts_with("internal error")) {
            return Err(crate::input::Failure::from_diags(
                &m.file,
                m.source.as_deref(),
                &ds,
            ));
        }
    }
    let cfg = OracleConfig {
        exec,
        ..base.clone()
    };
    Ok((m, cfg))
}

/// [`run`] with `check` in place of the oracles.
pub fn run_with(args: &Args, check: &Check<'_>) -> Result<i32, CliError> {
    let files = crate::filetest::discover(&args.paths);
    if files.is_empty() {
        return Err(CliError::usage(format!(
            "no .mlir files under {}",
            args.paths.join(", ")
        )));
    }
    let timeout = args.timeout;
    let structure = args.upstream || args.upstream_structure;
    if structure {
        crate::upstream::tools().map_err(CliError::bad_input)?;
    }
    let base = OracleConfig {
        jit: !args.no_jit,
        mlir_translate: args.mlir_translate,
        upstream: args.upstream,
        lower_paths: true,
        // A saved lower-paths finding from a campaign's deep sample reproduces here.
        lower_paths_deep: true,
        lower_exe: Some(crate::process::this_exe::path()),
        upstream_structure: structure,
        tv: args.tv,
        exec: crate::exec::ExecOptions {
            index_bitwidth: args.index_bitwidth,
            timeout,
            pass: args.pass,
            ..Default::default()
        },
        // A few files: every C interface is also called from C.
        c_caller_every: 1,
        ..OracleConfig::default()
    };
    let hang = crate::process::watchdog::limit_of(args.hang_seconds);
    let verdicts = crate::process::watchdog::watch_files(&files, hang, "checking the file", |wd| {
        check_files(&files, &args.entry, &args.args, &base, check, wd)
    });
    let invalid = verdicts.iter().filter(|c| c.invalid).count();
    let (mut agree, mut found, mut known, mut skipped) = (0, 0, 0, 0);
    let count_ran = |o: Oracle| verdicts.iter().filter(|c| c.ran.contains(&o)).count();
    let mut stdout = crate::process::output::Out::new();
    for c in &verdicts {
        let (f, v) = (&c.file, &c.verdict);
        match v {
            // Bad input (a file that cannot be read, parsed, verified or lowered) is
            // its located error, not a skip.
            Verdict::Skipped { reason, .. } if c.invalid => {
                stdout.line(reason);
                continue;
            }
            Verdict::Agree => agree += 1,
            Verdict::Finding { detail, .. } => match crate::known_upstream::classify(v)
                .or_else(|| rerun_on_mlir22(f, v, args, &base))
            {
                Some(k) => {
                    known += 1;
                    stdout.line(&format!("{f}: known-upstream ({}): {detail}", k.doc));
                    continue;
                }
                None => found += 1,
            },
            Verdict::Skipped { .. } => skipped += 1,
        }
        if !matches!(v, Verdict::Agree) {
            stdout.line(&format!("{f}: {v}"));
        }
    }
    stdout.line(&format!(
        "{} modules: {agree} agree, {found} findings, {known} known-upstream, {skipped} skipped, {invalid} invalid",
        verdicts.len()
    ));
    if args.upstream {
        stdout.line(&format!(
            "upstream oracle ran on {} modules ({} not expressible upstream)",
            count_ran(Oracle::Upstream),
            count_ran(oracles::UPSTREAM_UNSUPPORTED)
        ));
    }
    if structure {
        stdout.line(&format!(
            "upstream-structure oracle ran on {} modules ({} not compared)",
            count_ran(crate::upstream_structure::ORACLE),
            count_ran(crate::upstream_structure::UNSUPPORTED)
        ));
    }
    Ok(stdout.finish_with(if found > 0 {
        exit::FAILED
    } else if invalid > 0 {
        exit::BAD_INPUT
    } else {
        exit::OK
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// `check DIR --no-jit` with every other flag at its default.
    fn interp_only_args(dir: &std::path::Path) -> Args {
        Args {
            paths: vec![dir.display().to_string()],
            entry: "main".into(),
            args: Vec::new(),
            timeout: std::time::Duration::from_secs(10),
            mlir_translate: false,
            upstream: false,
            upstream_structure: false,
            no_jit: true,
            tv: false,
            index_bitwidth: 64,
            hang_seconds: crate::process::watchdog::FILE_HANG_SECONDS,
            pass: Default::default(),
        }
    }

    /// Makes [`a_hung_file_is_a_finding_that_ends_the_check`] the child: a hang ends
    /// the process, so it runs in one of its own.
    const HANG_CHILD: &str = "STDLOWER_CHECK_HANG_CHILD";

    #[test]
    fn a_hung_file_is_a_finding_that_ends_the_check() {
        if let Ok(dir) = std::env::var(HANG_CHILD) {
            let mut args = interp_only_args(std::path::Path::new(&dir));
            args.hang_seconds = 1;
            // Never returns on the file with @b_hangs; agrees on the others.
            let check = |m: &Module, _: &str, _: &[RtValue], _: &OracleConfig| {
                while m.func("b_hangs").is_some() {
                    std::hint::spin_loop();
                }
                Ok(CheckReport::of(Verdict::Agree))
            };
            let status = run_with(&args, &check).unwrap_or(99);
            std::process::exit(status);
        }
        let dir = std::env::temp_dir().join(format!("stdlower-check-hang-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["a_fine", "b_hangs", "c_fine"] {
            let src = format!("func @main() {{\n  return\n}}\nfunc @{name}() {{\n  return\n}}\n");
            std::fs::write(dir.join(format!("{name}.mlir")), src).unwrap();
        }
        let start = std::time::Instant::now();
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "cmd::check::tests::a_hung_file_is_a_finding_that_ends_the_check",
                "--nocapture",
            ])
            .env(HANG_CHILD, &dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(exit::FAILED), "{stdout}");
        let hung = dir.join("b_hangs.mlir").display().to_string();
        assert!(
            stdout.contains(&format!(
                "{hung}: FINDING [hang]: no answer while checking the file"
            )),
            "{stdout}"
        );
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_panicking_file_is_a_finding_and_the_others_are_checked() {
        let dir = std::env::temp_dir().join(format!("stdlower-check-panic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let src = |name: &str| {
            format!("func @main() -> i32 {{\n  %0 = constant 1 : i32\n  return %0 : i32\n}}\nfunc @{name}() {{\n  return\n}}\n")
        };
        for name in ["a_boom", "b_fine", "c_fine"] {
            std::fs::write(dir.join(format!("{name}.mlir")), src(name)).unwrap();
        }
        let checked = AtomicUsize::new(0);
        let line = line!() + 4;
        let check = |m: &Module, _: &str, _: &[RtValue], _: &OracleConfig| {
            checked.fetch_add(1, Ordering::Relaxed);
            if m.func("a_boom").is_some() {
                panic!("injected lowering panic");
            }
            Ok(CheckReport::of(Verdict::Agree))
        };
        let files = crate::filetest::discover(&[dir.display().to_string()]);
        let v = check_files(&files, "main", &[], &OracleConfig::default(), &check, None);
        assert_eq!(checked.load(Ordering::Relaxed), 3);
        match &v[0].verdict {
            Verdict::Finding { oracle, detail } => {
                assert_eq!(*oracle, "panic");
                assert!(
                    detail.starts_with(&format!("panicked at {}:{line}:", file!())),
                    "{detail}"
                );
                assert!(detail.ends_with("injected lowering panic"), "{detail}");
            }
            other => panic!("{other}"),
        }
        assert!(v[1..].iter().all(|c| matches!(c.verdict, Verdict::Agree)));
        let args = interp_only_args(&dir);
        assert_eq!(run_with(&args, &check).unwrap(), exit::FAILED);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A finding that matches a documented upstream bug does not fail the check; any
    /// other finding does.
    #[test]
    fn a_known_upstream_bug_is_not_a_finding() {
        let dir = std::env::temp_dir().join(format!("stdlower-check-known-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("m.mlir"),
            "func @main() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\n",
        )
        .unwrap();
        let known = crate::known_upstream::KNOWN[1].signature;
        let finding = |detail: String| {
            move |_: &Module, _: &str, _: &[RtValue], _: &OracleConfig| {
                Ok(CheckReport::of(Verdict::Finding {
                    oracle: Oracle::InterpVsJit,
                    detail: detail.clone(),
                }))
            }
        };
        let args = interp_only_args(&dir);
        let abort = |why: &str| {
            format!("interp:\ni32 1\njit:\nm.mlir: crashed with SIGABRT (worker stderr: {why})\n")
        };
        assert_eq!(run_with(&args, &finding(abort(known))).unwrap(), exit::OK);
        assert_eq!(
            run_with(&args, &finding(abort("LLVM ERROR: other"))).unwrap(),
            exit::FAILED
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
