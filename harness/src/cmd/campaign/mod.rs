//! `stdlower campaign [--count N | --time DURATION] [--seed S] [--jobs J] [--out DIR]
//! [--shard I/N] [--resume] [--every NAME=N]... [--upstream [--upstream-sample N]]
//! [--structure-every N] [--llvm-level-every N]` and
//! `stdlower campaign merge DIR...`.
//!
//! The sampling is one map, oracle name -> every N ([`crate::oracles::every`]):
//! `--every NAME=N` sets an entry, and the per-oracle flags are aliases of it.
//!
//! `--resume` reuses the parameters stored in `DIR/campaign.json` that are not given
//! again, and refuses one given with another value (exit 2).

use crate::campaign::{self, CampaignConfig};
use crate::cli_error::CliError;
use crate::exec::ExecOptions;
use crate::exit;
use crate::oracles::every::{self, Every};
use crate::oracles::registry;
use crate::oracles::{Oracle, OracleConfig};
use crate::process::output::Out;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub merge: Option<MergeCommand>,
    /// Number of generated modules to check (default: run for --time). A resumed
    /// campaign may be given a larger one.
    #[arg(long, conflicts_with = "time")]
    pub count: Option<u64>,
    /// How long to run, e.g. 90s, 5m, 1h30m, or seconds (default 3m when --count is
    /// not given; at most a year).
    #[arg(long, value_parser = crate::cmd::values::duration)]
    pub time: Option<Duration>,
    /// Base seed: case i checks the module of seed hash(S, i) (default 20261121).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Parallel jobs, 1 to 256 (default: one per core).
    #[arg(long, value_parser = crate::cmd::values::jobs)]
    pub jobs: Option<usize>,
    /// Directory for journal.jsonl, report.json and findings/.
    #[arg(long, default_value = "out/campaign")]
    pub out: PathBuf,
    /// Run only the cases i with i % N == I (a CI matrix or batch scheduler runs N shards).
    #[arg(long, value_parser = campaign::parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Continue the campaign in --out, skipping the cases its journal already holds.
    #[arg(long)]
    pub resume: bool,
    /// Run the oracle NAME on every Nth case (0: never), e.g. `--every tv=20`;
    /// repeatable. The sampled oracles: mlir-translate, upstream, lower-paths,
    /// upstream-structure, llvm-level, tv (their defaults: `stdlower oracles`). The
    /// per-oracle flags below set the same entries.
    #[arg(long = "every", value_name = "NAME=N", value_parser = every::parse_entry)]
    pub every: Vec<(Oracle, u64)>,
    /// The map stored in the campaign being resumed (`--resume`).
    #[arg(skip)]
    pub stored_every: Option<Every>,
    /// Feed every Nth lowered module to mlir-translate (0: never). They go through it
    /// in batches (--mlir-translate-batch), ~4 ms of CPU each: every 25th costs
    /// ~0.16 ms a case, a quarter of what every 50th cost with a process each
    /// (default 25).
    #[arg(long)]
    pub mlir_translate_every: Option<u64>,
    /// Modules checked by one mlir-translate process (--split-input-file); a case is
    /// journaled once its batch has answered.
    #[arg(long, default_value_t = campaign::TRANSLATE_BATCH,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub mlir_translate_batch: u64,
    /// Call the C interfaces from a C program compiled by clang-22 too, on every Nth
    /// module with one it can call, per job (0: never; a compiler process each;
    /// default 1000).
    #[arg(long)]
    pub c_caller_every: Option<u64>,
    /// Add upstream MLIR's lowering (mlir-opt + mlir-translate) as a third path.
    #[arg(long)]
    pub upstream: bool,
    /// With --upstream: run it on every Nth case (its cases share one mlir-opt and one
    /// mlir-translate process per 32; default 10).
    #[arg(long, requires = "upstream",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub upstream_sample: Option<u64>,
    /// Check on every Nth case that `stdlower lower`'s one-function-at-a-time paths print
    /// the text of the lowering the other oracles checked (0: never; default 8).
    #[arg(long)]
    pub lower_paths_every: Option<u64>,
    /// Compare our lowering's signatures, attributes, calls and declarations with
    /// mlir-opt's (the upstream-structure oracle) on every Nth case (0: never). The
    /// cases go through one mlir-opt process a batch, with the mlir-translate ones.
    /// Skipped when mlir-opt is not installed (default 100).
    #[arg(long)]
    pub structure_every: Option<u64>,
    /// Interpret the lowered module at the LLVM level and compare it with the Standard
    /// interpreter (the llvm-level oracle) on every Nth case (0: never). It costs
    /// 0.1 to 0.25 ms of CPU a case, 3 to 6 % of a check (default 1).
    #[arg(long)]
    pub llvm_level_every: Option<u64>,
    /// The most cases whose modules one JIT worker compiles together (1: each alone).
    /// LLVM's fixed cost per compiled module is then paid once per group; the --jobs
    /// workers are shared by --jobs x N checking threads, of which --jobs check at a
    /// time. Verdicts do not depend on it.
    #[arg(long, default_value_t = campaign::JIT_GROUP as u64,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jit_group: u64,
    /// Seconds the reducer may spend on each finding (0: write findings unreduced).
    #[arg(long, default_value_t = 60)]
    pub reduce_seconds: u64,
    /// Findings of one signature (oracle, disagreeing paths, op or panic location)
    /// reduced and saved; the rest of the bucket is journaled and counted.
    #[arg(long, default_value_t = campaign::buckets::REDUCE_PER_BUCKET)]
    pub reduce_per_bucket: u64,
    /// Seconds of in-process work after which a case is a finding of oracle `hang`
    /// (the converter, a verifier or an interpreter does not finish); the thread is
    /// left behind, and the campaign stops once --jobs cases have hung. Waits for a
    /// child process (JIT worker, mlir-opt, ...) do not count: they have their own
    /// timeouts (0: never; default 30).
    #[arg(long, default_value_t = campaign::HANG_SECONDS)]
    pub hang_seconds: u64,
    /// No progress bar, and no progress line every 10 s on standard error (printed
    /// when it is not a terminal; STDLOWER_PROGRESS_SECONDS sets the interval).
    #[arg(long, short)]
    pub quiet: bool,
    /// Also write a JUnit XML file: one test case per bucket of findings and one per
    /// oracle, for a CI system to show.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Lowering options forced on every case (each case's swarm configuration also
    /// picks them, and the index bit width, by itself).
    #[command(flatten)]
    pub pass: crate::cmd::PassOptions,
}

#[derive(clap::Subcommand, Debug, Clone)]
pub enum MergeCommand {
    /// Merge the journals of several campaign directories (shards) into one report.
    Merge {
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Also write the merged report.json (and report.html) into this directory.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Also write a JUnit XML file: one test case per bucket and one per oracle.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
    },
}

pub fn run(args: &Args) -> Result<i32, CliError> {
    run_with(args, &campaign::default_check)
}

/// `args` with what `--resume` reuses from the campaign's stored parameters filled in,
/// or the first parameter given that contradicts them.
fn resumed(args: &Args) -> Result<Args, campaign::params::ParamsError> {
    let mut a = args.clone();
    if !args.resume {
        return Ok(a);
    }
    let Some(p) = campaign::params::load(&args.out)? else {
        return Ok(a);
    };
    if a.count.is_none() && a.time.is_none() {
        a.count = p.count;
        a.time = p.time_seconds.map(Duration::from_secs_f64);
    }
    a.seed.get_or_insert(p.seed);
    a.shard.get_or_insert(p.shard());
    a.stored_every = Some(p.every);
    a.c_caller_every.get_or_insert(p.c_caller_every);
    a.pass.use_aligned_alloc |= p.use_aligned_alloc;
    a.pass.use_bare_ptr_memref_call_conv |= p.use_bare_ptr_memref_call_conv;
    Ok(a)
}

/// The sampling map `args` ask for: the resumed campaign's, or the registry's
/// defaults; then the per-oracle flags (aliases), then each `--every`.
fn every_of(args: &Args) -> Every {
    let mut m = args.stored_every.clone().unwrap_or_default();
    let aliases = [
        (Oracle::MlirTranslate, args.mlir_translate_every),
        (Oracle::LowerPaths, args.lower_paths_every),
        (Oracle::UpstreamStructure, args.structure_every),
        (Oracle::LlvmLevel, args.llvm_level_every),
        (
            Oracle::Upstream,
            args.upstream.then(|| {
                args.upstream_sample
                    .unwrap_or(registry::asked_every(Oracle::Upstream))
            }),
        ),
    ];
    for (o, n) in aliases {
        if let Some(n) = n {
            m.set(o, n);
        }
    }
    for &(o, n) in &args.every {
        m.set(o, n);
    }
    m
}

/// The campaign `args` ask for, every default filled in (`args` already resumed).
fn config_of(args: &Args) -> CampaignConfig {
    let time = match (args.time, args.count) {
        (Some(t), _) => Some(t),
        (None, None) => Some(Duration::from_secs(180)),
        (None, Some(_)) => None,
    };
    let jobs = args.jobs.unwrap_or_else(crate::cmd::values::all_cores);
    CampaignConfig {
        count: args.count,
        time,
        seed: args.seed.unwrap_or(20261121),
        jobs,
        out: args.out.clone(),
        shard: args.shard.unwrap_or((0, 1)),
        resume: args.resume,
        every: every_of(args),
        mlir_translate_batch: args.mlir_translate_batch as usize,
        jit_group: args.jit_group as usize,
        progress: !args.quiet,
        progress_lines: !args.quiet && !std::io::stderr().is_terminal(),
        reduce_seconds: args.reduce_seconds,
        reduce_per_bucket: args.reduce_per_bucket,
        hang: crate::process::watchdog::limit_of(args.hang_seconds),
        oracle: OracleConfig {
            exec: ExecOptions {
                fuel: 5_000_000,
                timeout: Duration::from_secs(5),
                pass: args.pass,
                ..ExecOptions::default()
            },
            c_caller_every: args
                .c_caller_every
                .unwrap_or(crate::oracles::DEFAULT_C_CALLER_EVERY),
            // This binary's `lower`, for the sampled deep-nesting check of lower-paths.
            lower_exe: Some(crate::process::this_exe::path()),
            ..OracleConfig::default()
        },
    }
}

/// [`run`] with `check` in place of the oracles (tests give one that fails on purpose).
pub fn run_with(args: &Args, check: &campaign::CaseCheck) -> Result<i32, CliError> {
    if let Some(MergeCommand::Merge { dirs, out, junit }) = &args.merge {
        let rep = campaign::merge(dirs)
            .map_err(|e| CliError::bad_input(format!("campaign merge: {e}")))?;
        // The merged report's file names carry their shard's directory.
        let base = std::path::Path::new("");
        if let Some(o) = out {
            std::fs::create_dir_all(o).map_err(CliError::bad_input)?;
            let journals: Vec<PathBuf> = dirs.iter().map(|d| d.join("journal.jsonl")).collect();
            campaign::write_report_with(o, &rep, &journals, base).map_err(CliError::bad_input)?;
        }
        if let Some(j) = junit {
            write_junit(j, &rep, base)?;
        }
        let mut stdout = Out::new();
        stdout.line(&serde_json::to_string_pretty(&rep).unwrap_or_default());
        return Ok(stdout.finish_with(if rep.findings > 0 {
            exit::FAILED
        } else {
            exit::OK
        }));
    }
    let args = &resumed(args).map_err(CliError::bad_input)?;
    let cfg = config_of(args);
    if cfg.every.get(Oracle::Upstream) > 0 {
        crate::upstream::tools().map_err(CliError::bad_input)?;
    }
    if args.resume {
        let now = campaign::params::Params::of(&cfg);
        if let Some(was) = campaign::params::load(&cfg.out).map_err(CliError::bad_input)? {
            if let Some(c) = campaign::params::resume_conflict(&was, &now) {
                return Err(CliError::usage(format!("--resume: {c}")));
            }
        }
    }
    campaign::signals::install();
    let rep = campaign::run_with(&cfg, check).map_err(CliError::bad_input)?;
    if let Some(j) = &args.junit {
        write_junit(j, &rep, &cfg.out)?;
    }
    let mut stdout = Out::new();
    campaign::print_summary(&rep, &cfg.out, &mut stdout);
    Ok(stdout.finish_with(campaign::exit_status(&rep)))
}

/// `--junit FILE`.
fn write_junit(
    path: &std::path::Path,
    rep: &campaign::report::Report,
    base: &std::path::Path,
) -> Result<(), CliError> {
    crate::junit::write(path, &crate::junit::of_campaign(rep, base))
        .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod fault_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Args as _, FromArgMatches};

    fn command() -> clap::Command {
        Args::augment_args(clap::Command::new("campaign"))
    }

    fn parsed(argv: &[&str]) -> Args {
        Args::from_arg_matches(&command().get_matches_from(argv)).expect("parses")
    }

    /// The default an option's help states in words ("default 25", "default 3m"), if any.
    fn stated_default(help: &str) -> Option<String> {
        let at = help.find("default ")? + "default ".len();
        let word: String = help[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        word.starts_with(|c: char| c.is_ascii_digit())
            .then_some(word)
    }

    /// Every default an option's help states, and every default clap shows beside it, is the
    /// value a campaign uses when the option is not given (`--jit-group` once said 8 in
    /// words while the campaign used 16).
    #[test]
    fn help_states_the_defaults_a_campaign_uses() {
        let plain = config_of(&parsed(&["campaign"]));
        let upstream = config_of(&parsed(&["campaign", "--upstream"]));
        let used: Vec<(&str, String)> = vec![
            (
                "time",
                format!("{}s", plain.time.map_or(0, |t| t.as_secs())),
            ),
            ("seed", plain.seed.to_string()),
            ("out", plain.out.display().to_string()),
            (
                "mlir_translate_every",
                plain.every.get(Oracle::MlirTranslate).to_string(),
            ),
            (
                "mlir_translate_batch",
                plain.mlir_translate_batch.to_string(),
            ),
            ("c_caller_every", plain.oracle.c_caller_every.to_string()),
            (
                "upstream_sample",
                upstream.every.get(Oracle::Upstream).to_string(),
            ),
            (
                "lower_paths_every",
                plain.every.get(Oracle::LowerPaths).to_string(),
            ),
            (
                "structure_every",
                plain.every.get(Oracle::UpstreamStructure).to_string(),
            ),
            (
                "llvm_level_every",
                plain.every.get(Oracle::LlvmLevel).to_string(),
            ),
            ("jit_group", plain.jit_group.to_string()),
            ("reduce_seconds", plain.reduce_seconds.to_string()),
            ("reduce_per_bucket", plain.reduce_per_bucket.to_string()),
            (
                "hang_seconds",
                plain.hang.map_or(0, |h| h.as_secs()).to_string(),
            ),
        ];
        let same = |id: &str, said: &str, uses: &str| {
            // A duration is compared as seconds ("3m" against "180s").
            let secs = |s: &str| crate::cmd::values::duration(s).ok().map(|d| d.as_secs());
            said == uses || (id == "time" && secs(said).is_some() && secs(said) == secs(uses))
        };
        let mut checked = 0;
        for arg in command().get_arguments() {
            let id = arg.get_id().as_str();
            let flag = arg.get_long().unwrap_or(id);
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let shown: Vec<String> = arg
                .get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect();
            let said = stated_default(&help);
            if said.is_none() && shown.is_empty() {
                continue;
            }
            let Some((_, uses)) = used.iter().find(|(name, _)| *name == id) else {
                panic!("--{flag} states a default; add what the campaign uses to this test");
            };
            if let Some(said) = &said {
                assert!(
                    same(id, said, uses),
                    "--{flag}: the help says default {said}, the campaign uses {uses}"
                );
            }
            for s in &shown {
                assert_eq!(s, uses, "--{flag}: clap shows [default: {s}]");
            }
            checked += 1;
        }
        assert_eq!(checked, used.len(), "every listed option states a default");
    }
}
