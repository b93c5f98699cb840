//! `stdlower check FILE|DIR... [--entry NAME] [--mlir-translate] [--upstream] [--no-jit]`: the
//! differential oracles on given files (each file's entry must take no arguments).

use crate::exit;
use crate::oracles::{self, OracleConfig, Verdict};
use rayon::prelude::*;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Files or directories of Standard-dialect modules.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// The function to call in each module.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// Also feed every lowered module to `mlir-translate --mlir-to-llvmir`.
    #[arg(long)]
    pub mlir_translate: bool,
    /// Also run upstream MLIR's lowering (mlir-opt + mlir-translate) as a third path.
    #[arg(long)]
    pub upstream: bool,
    /// Skip the native path (interpreter-only oracles).
    #[arg(long)]
    pub no_jit: bool,
}

pub fn run(args: &Args) -> i32 {
    let files = crate::filetest::discover(&args.paths);
    if files.is_empty() {
        eprintln!("error: no .mlir files under {}", args.paths.join(", "));
        return exit::USAGE;
    }
    if args.upstream {
        if let Err(e) = crate::upstream::tools() {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    }
    let cfg = OracleConfig {
        jit: !args.no_jit,
        mlir_translate: args.mlir_translate,
        upstream: args.upstream,
        // A few files: every C interface is also called from C.
        c_caller_every: 1,
        ..OracleConfig::default()
    };
    let verdicts: Vec<(String, Verdict, Vec<&'static str>)> = files
        .par_iter()
        .map(|f| {
            let shown = f.display().to_string();
            let mut ran = Vec::new();
            let v = match crate::input::load(&shown) {
                Err(e) => Verdict::Skipped { reason: e.message },
                Ok(m) => match m.func(&args.entry).and_then(|f| f.std_type()) {
                    Some(t)
                        if t.inputs.is_empty()
                            && !m.func(&args.entry).is_some_and(|f| f.is_external()) =>
                    {
                        oracles::check_module_traced(&m, &args.entry, &[], &cfg, &mut ran)
                    }
                    _ => Verdict::Skipped {
                        reason: format!("no @{} without arguments", args.entry),
                    },
                },
            };
            (shown, v, ran)
        })
        .collect();
    let (mut agree, mut found, mut skipped) = (0, 0, 0);
    let count_ran = |name: &str| {
        verdicts
            .iter()
            .filter(|(_, _, ran)| ran.contains(&name))
            .count()
    };
    for (f, v, _) in &verdicts {
        match v {
            Verdict::Agree => agree += 1,
            Verdict::Finding { .. } => found += 1,
            Verdict::Skipped { .. } => skipped += 1,
        }
        if !matches!(v, Verdict::Agree) {
            println!("{f}: {v}");
        }
    }
    println!(
        "{} modules: {agree} agree, {found} findings, {skipped} skipped",
        verdicts.len()
    );
    if args.upstream {
        println!(
            "upstream oracle ran on {} modules ({} not expressible upstream)",
            count_ran("upstream"),
            count_ran(oracles::UPSTREAM_UNSUPPORTED)
        );
    }
    if found > 0 {
        exit::FAILED
    } else {
        exit::OK
    }
}
