//! `stdlower verify-abi [--types i32,f64] [--ranks 0-3] [--cc PATH]... [--json]`: proves
//! on the host that memref descriptors, packed results and `_mlir_ciface_` wrappers
//! match what the C compilers lay out and call (see `crate::abi`). Exit 0 when every
//! check is ok, 6 when one is not, 1 when no C compiler is present.

use crate::abi::{self, c_gen, layout, live, report::Report, Selection};
use crate::exit;
use std::time::Instant;

#[derive(clap::Args, Debug, Clone, Default)]
pub struct Args {
    /// Element types to check, comma-separated (default: all of i1, i8, i16, i32, i64,
    /// i17, f16, f32, f64, index, vector<4xf32>).
    #[arg(long, value_parser = elem_list)]
    pub types: Option<ElemList>,
    /// Ranks to check: `0-3`, `0,2,5`, ... (default 0-8).
    #[arg(long, value_parser = rank_list)]
    pub ranks: Option<RankList>,
    /// A C compiler to check against (repeatable; default `cc` and `clang-22`, each
    /// when present).
    #[arg(long = "cc", value_name = "PATH")]
    pub cc: Vec<String>,
    /// Skip the live calls (layout only).
    #[arg(long)]
    pub no_live: bool,
    /// Skip the comparison with MLIR's `CRunnerUtils.h`.
    #[arg(long)]
    pub no_mlir_header: bool,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The parsed `--types` list (one clap value).
#[derive(Clone, Debug)]
pub struct ElemList(pub Vec<abi::Elem>);

/// The parsed `--ranks` list (one clap value).
#[derive(Clone, Debug)]
pub struct RankList(pub Vec<usize>);

fn elem_list(s: &str) -> Result<ElemList, abi::AbiError> {
    abi::parse_types(s).map(ElemList)
}

fn rank_list(s: &str) -> Result<RankList, abi::AbiError> {
    abi::parse_ranks(s).map(RankList)
}

/// Runs every check and returns the report, or an error (no C compiler, no target).
pub fn report(args: &Args) -> Result<Report, abi::AbiError> {
    let sel = Selection {
        elems: args
            .types
            .as_ref()
            .map_or_else(abi::all_elems, |t| t.0.clone()),
        ranks: args
            .ranks
            .as_ref()
            .map_or_else(|| (0..=abi::MAX_RANK).collect(), |r| r.0.clone()),
    };
    let ccs = c_gen::c_compilers(&args.cc)?;
    let mut rep = Report {
        compilers: ccs.iter().map(|c| c.path.clone()).collect(),
        ..Report::default()
    };
    let (cxxs, inc) = if args.no_mlir_header {
        (Vec::new(), None)
    } else {
        match c_gen::mlir_include_dir() {
            Some(inc) => (c_gen::cxx_compilers(), Some(inc)),
            None => {
                rep.notes
                    .push("CRunnerUtils.h not installed: MLIR header comparison skipped".into());
                (Vec::new(), None)
            }
        }
    };
    if inc.is_some() {
        if cxxs.is_empty() {
            rep.notes
                .push("no C++ compiler: MLIR header comparison skipped".into());
        }
        rep.compilers.extend(cxxs.iter().map(|c| c.path.clone()));
    }
    let t = Instant::now();
    let ours = layout::product_ours()?;
    let lay = layout::run_layout(&sel, &ccs, &cxxs, inc.as_deref(), &ours)?;
    rep.timings
        .insert("layout".into(), t.elapsed().as_secs_f64());
    rep.target = lay.target;
    rep.notes.extend(lay.notes);
    rep.checks.extend(lay.checks);
    if !args.no_live {
        let exe = crate::process::this_exe::path();
        let lv = live::run_live(&sel, &ccs, &exe);
        rep.timings.insert("live-jit".into(), lv.jit_secs);
        rep.timings.insert("live-native".into(), lv.native_secs);
        rep.notes.extend(lv.notes);
        rep.checks.extend(lv.checks);
    }
    Ok(rep)
}

pub fn run(args: &Args) -> Result<i32, crate::cli_error::CliError> {
    // An interrupted run leaves no compiler scratch directory behind.
    crate::process::temp_cleanup::remove_on_signals();
    let rep = report(args).map_err(crate::cli_error::CliError::bad_input)?;
    let text = if args.json {
        rep.to_json() + "\n"
    } else {
        rep.to_table()
    };
    let mut stdout = crate::process::output::Out::new();
    stdout.print(&text);
    Ok(stdout.finish_with(if rep.passed() { exit::OK } else { exit::FAILED }))
}
