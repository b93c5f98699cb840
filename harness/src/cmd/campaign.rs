//! `stdlower campaign [--count N | --time DURATION] [--seed S] [--jobs J] [--out DIR]
//! [--shard I/N] [--resume] [--upstream [--upstream-sample N]] [--structure-every N]` and
//! `stdlower campaign merge DIR...`.

use crate::campaign::{self, CampaignConfig};
use crate::exec::ExecOptions;
use crate::exit;
use crate::oracles::OracleConfig;
use crate::output::Out;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub merge: Option<MergeCommand>,
    /// Number of generated modules to check (default: run for --time).
    #[arg(long, conflicts_with = "time")]
    pub count: Option<u64>,
    /// How long to run, e.g. 90s, 5m, 1h30m, or seconds (default 3m when --count is
    /// not given; at most a year).
    #[arg(long, value_parser = crate::cmd::values::duration)]
    pub time: Option<Duration>,
    /// Base seed: case i checks the module of seed hash(S, i).
    #[arg(long, default_value_t = 20261121)]
    pub seed: u64,
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
    /// Feed every Nth lowered module to mlir-translate (0: never). They go through it
    /// in batches (--mlir-translate-batch), ~4 ms of CPU each: every 25th costs
    /// ~0.16 ms a case, a quarter of what every 50th cost with a process each.
    #[arg(long, default_value_t = 25)]
    pub mlir_translate_every: u64,
    /// Modules checked by one mlir-translate process (--split-input-file); a case is
    /// journaled once its batch has answered.
    #[arg(long, default_value_t = campaign::TRANSLATE_BATCH,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub mlir_translate_batch: u64,
    /// Call the C interfaces from a C program compiled by clang-22 too, on every Nth
    /// module with one it can call, per job (0: never; a compiler process each).
    #[arg(long, default_value_t = crate::oracles::DEFAULT_C_CALLER_EVERY)]
    pub c_caller_every: u64,
    /// Add upstream MLIR's lowering (mlir-opt + mlir-translate) as a third path.
    #[arg(long)]
    pub upstream: bool,
    /// With --upstream: run it on every Nth case (it costs three processes a case).
    #[arg(long, default_value_t = 10, requires = "upstream",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub upstream_sample: u64,
    /// Check on every Nth case that `stdlower lower`'s one-function-at-a-time paths print
    /// the text of the lowering the other oracles checked (0: never).
    #[arg(long, default_value_t = 8)]
    pub lower_paths_every: u64,
    /// Compare our lowering's signatures, attributes, calls and declarations with
    /// mlir-opt's (the upstream-structure oracle) on every Nth case (0: never). The
    /// cases go through one mlir-opt process a batch, with the mlir-translate ones.
    /// Skipped when mlir-opt is not installed.
    #[arg(long, default_value_t = campaign::STRUCTURE_EVERY)]
    pub structure_every: u64,
    /// Seconds the reducer may spend on each finding (0: write findings unreduced).
    #[arg(long, default_value_t = 60)]
    pub reduce_seconds: u64,
    /// Findings of one signature (oracle, disagreeing paths, op or panic location)
    /// reduced and saved; the rest of the bucket is journaled and counted.
    #[arg(long, default_value_t = campaign::buckets::REDUCE_PER_BUCKET)]
    pub reduce_per_bucket: u64,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
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
        /// Also write the merged report.json into this directory.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

pub fn run(args: &Args) -> i32 {
    run_with(args, &campaign::default_check)
}

/// [`run`] with `check` in place of the oracles (tests give one that fails on purpose).
pub fn run_with(args: &Args, check: &campaign::CaseCheck) -> i32 {
    if let Some(MergeCommand::Merge { dirs, out }) = &args.merge {
        return match campaign::merge(dirs) {
            Ok(rep) => {
                if let Some(o) = out {
                    if let Err(e) = std::fs::create_dir_all(o)
                        .map_err(|e| e.to_string())
                        .and_then(|_| campaign::write_report(o, &rep))
                    {
                        eprintln!("error: {e}");
                        return exit::BAD_INPUT;
                    }
                }
                let mut stdout = Out::new();
                stdout.line(&serde_json::to_string_pretty(&rep).unwrap_or_default());
                stdout.finish_with(if rep.findings > 0 {
                    exit::FAILED
                } else {
                    exit::OK
                })
            }
            Err(e) => {
                eprintln!("error: {e}");
                exit::BAD_INPUT
            }
        };
    }
    let time = match (args.time, args.count) {
        (Some(t), _) => Some(t),
        (None, None) => Some(Duration::from_secs(180)),
        (None, Some(_)) => None,
    };
    if args.upstream {
        if let Err(e) = crate::upstream::tools() {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    }
    let jobs = args.jobs.unwrap_or_else(crate::cmd::values::all_cores);
    let cfg = CampaignConfig {
        count: args.count,
        time,
        seed: args.seed,
        jobs,
        out: args.out.clone(),
        shard: args.shard.unwrap_or((0, 1)),
        resume: args.resume,
        mlir_translate_every: args.mlir_translate_every,
        mlir_translate_batch: args.mlir_translate_batch as usize,
        upstream_every: if args.upstream {
            args.upstream_sample
        } else {
            0
        },
        lower_paths_every: args.lower_paths_every,
        structure_every: args.structure_every,
        progress: !args.quiet,
        reduce_seconds: args.reduce_seconds,
        reduce_per_bucket: args.reduce_per_bucket,
        oracle: OracleConfig {
            exec: ExecOptions {
                fuel: 5_000_000,
                timeout: Duration::from_secs(5),
                pass: args.pass,
                ..ExecOptions::default()
            },
            c_caller_every: args.c_caller_every,
            ..OracleConfig::default()
        },
    };
    match campaign::run_with(&cfg, check) {
        Ok(rep) => {
            let mut stdout = Out::new();
            stdout.line(&format!(
                "checked {} modules in {:.1} s ({:.0}/s): {} agreed, {} findings, {} known-upstream, {} skipped; report: {}",
                rep.checked,
                rep.seconds,
                rep.checks_per_second,
                rep.agreed,
                rep.findings,
                rep.known_upstream,
                rep.skipped,
                cfg.out.join("report.json").display()
            ));
            for b in &rep.buckets {
                let saved: Vec<String> = b
                    .reproducers
                    .iter()
                    .map(|p| match &p.file {
                        Some(f) => cfg.out.join(f).display().to_string(),
                        None => format!("seed {}", p.seed),
                    })
                    .collect();
                stdout.line(&format!(
                    "  {} x {}: {}",
                    b.count,
                    b.signature,
                    saved.join(", ")
                ));
            }
            if let (Some(c), Some(t)) = (rep.first_finding_case, rep.first_finding_seconds) {
                stdout.line(&format!("  first finding: case {c}, after {t:.1} s"));
            }
            for (doc, n) in &rep.known_upstream_by_doc {
                stdout.line(&format!("  known upstream LLVM bug ({doc}): {n}"));
            }
            stdout.finish_with(if rep.findings > 0 {
                exit::FAILED
            } else {
                exit::OK
            })
        }
        Err(e) => {
            eprintln!("error: {e}");
            exit::BAD_INPUT
        }
    }
}
