//! Translation validation: decides, with an SMT solver, whether a lowered LLVM-dialect
//! function refines its Standard source for all arguments.
//!
//! The crate holds both semantics for the solver (`std_sem`: the reference
//! interpreter's, with undefined behaviour as a condition; `llvm_sem`: LangRef's, with
//! poison and `undef`), a symbolic walk of a body shared by both (`walk`: loops
//! unrolled to a bound, or cut at their headers), the block-by-block proof of loops
//! with the converter's hints (`loops`, over `cfg`), the refinement query (`query`)
//! and the solver session
//! (`smt`, through `easy-smt`). It reads both modules as `converter::ir` data and
//! shares nothing with the converter's lowering: no type converter, no descriptor
//! code. Counterexamples are only claims: the caller replays them.

mod alias;
mod cfg;
mod consts;
mod contract;
mod llvm_sem;
mod loops;
mod memory;
mod model;
mod nan;
mod ops;
mod query;
pub mod rules;
mod smt;
mod std_sem;
mod value;
mod view;
mod walk;

pub use smt::{SolverKind, Stop};

use converter::ir::Module;
use converter::lower::Hints;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a proof is run.
#[derive(Clone, Debug)]
pub struct Options {
    /// How many times a path may go round a loop (each block entered at most
    /// `unroll + 1` times on one path).
    pub unroll: u32,
    /// The solver's time limit for the query of one function.
    pub timeout: Duration,
    pub solver: SolverKind,
    /// The width of `index` in the source (the lowering's `--index-bitwidth`).
    pub index_bits: u32,
    /// The converter's hints per function (`converter::lower::lowering_hints`): with
    /// them a loop may be proved block by block for any number of iterations
    /// (`loops`); without them, or where they make no proof, loops are unrolled.
    pub hints: Option<Arc<HashMap<String, Hints>>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unroll: 4,
            timeout: Duration::from_secs(2),
            solver: SolverKind::Z3,
            index_bits: 64,
            hints: None,
        }
    }
}

/// The answer for one function.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// No argument tells the two apart, within the stated bounds.
    Proved { bounds: String },
    /// These arguments (as `--arg` texts) tell them apart, according to the solver.
    Refuted { args: Vec<String> },
    /// Neither: a construct not modelled, or the solver gave up.
    Unknown { reason: String },
    /// The lowered function's types break the lowering's rules, named.
    Mistyped { why: String },
}

impl Verdict {
    /// The text after `@NAME: `.
    pub fn render(&self) -> String {
        match self {
            Verdict::Proved { bounds } => format!("proved ({bounds})"),
            Verdict::Refuted { args } => format!("refuted: {}", args.join(" ")),
            Verdict::Unknown { reason } => format!("unknown: {reason}"),
            Verdict::Mistyped { why } => format!("invalid lowering: {why}"),
        }
    }
}

/// Decides whether `lowered`'s `@name` refines `src`'s `@name`, and how long it took.
pub fn prove(src: &Module, lowered: &Module, name: &str, opts: &Options) -> (Verdict, Duration) {
    prove_as(src, lowered, name, opts, false)
}

/// Decides whether the C wrapper `_mlir_ciface_NAME` of `lowered` refines `src`'s
/// `@name` under the C interface (descriptors passed by pointer, aggregate results
/// through an out-pointer).
pub fn prove_wrapper(
    src: &Module,
    lowered: &Module,
    name: &str,
    opts: &Options,
) -> (Verdict, Duration) {
    prove_as(src, lowered, name, opts, true)
}

fn prove_as(
    src: &Module,
    lowered: &Module,
    name: &str,
    opts: &Options,
    wrapper: bool,
) -> (Verdict, Duration) {
    let t0 = Instant::now();
    let configs = alias::configurations(src, name, opts.index_bits);
    let Some(ranks) = alias::ranks(src, name) else {
        let reason = format!(
            "more than {} unranked memref arguments not modelled",
            alias::MAX_UNRANKED
        );
        return (Verdict::Unknown { reason }, t0.elapsed());
    };
    let mut v = one(
        src,
        lowered,
        name,
        opts,
        wrapper,
        &configs[0],
        &ranks[0],
        t0,
    );
    // Unranked memref arguments: each other rank, proved too (a refutation replays:
    // interp and run build an unranked argument of any rank).
    for r in ranks.iter().skip(1) {
        if !matches!(v, Verdict::Proved { .. }) {
            break;
        }
        v = one(src, lowered, name, opts, wrapper, &configs[0], r, t0);
    }
    // Memref arguments that may alias: each other way of sharing buffers, proved too.
    if matches!(v, Verdict::Proved { .. }) && configs.len() > 1 {
        for (c, r) in configs[1..]
            .iter()
            .flat_map(|c| ranks.iter().map(move |r| (c, r)))
        {
            match one(src, lowered, name, opts, wrapper, c, r, t0) {
                Verdict::Proved { .. } => {}
                // Written with `@J(..)` views, which interp and run pass (`query`).
                u => {
                    v = u;
                    break;
                }
            }
        }
        if let Verdict::Proved { bounds } = &mut v {
            *bounds = bounds.replace(", distinct", ", distinct or aliasing");
        }
    }
    if ranks.len() > 1 {
        if let Verdict::Proved { bounds } = &mut v {
            *bounds = bounds.replace(
                "memrefs: ",
                &format!("memrefs: unranked ranks <= {}, ", alias::UNRANKED_RANK),
            );
        }
    }
    (v, t0.elapsed())
}

/// One query, for one way memref arguments share buffers and one rank of each
/// unranked memref argument.
#[allow(clippy::too_many_arguments)]
fn one(
    src: &Module,
    lowered: &Module,
    name: &str,
    opts: &Options,
    wrapper: bool,
    alias: &[Option<usize>],
    ranks: &[Option<u32>],
    t0: Instant,
) -> Verdict {
    match query::prove(src, lowered, name, opts, wrapper, alias, ranks) {
        Ok(v) => v,
        Err(Stop::NotModelled(what)) => Verdict::Unknown {
            reason: if what.ends_with("not modelled") {
                what
            } else {
                format!("{what} not modelled")
            },
        },
        // A solver that stopped past the time limit was ended by its hard limit.
        Err(Stop::Solver(_)) if t0.elapsed() > opts.timeout => Verdict::Unknown {
            reason: format!("the solver gave up within {:?}", opts.timeout),
        },
        Err(Stop::Solver(e)) => Verdict::Unknown {
            reason: format!("solver error: {e}"),
        },
        Err(Stop::Mistyped(why)) => Verdict::Mistyped { why },
    }
}
