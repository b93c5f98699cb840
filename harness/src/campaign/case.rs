//! One case of a campaign: its seed, its module, and its check by the oracles up to the
//! answers that wait for a batch (`mlir-translate`, `upstream-structure`).

use super::journal::Entry;
use super::{finish_case, CampaignConfig, CaseCheck, Finisher};
use crate::oracles::{self, CheckReport, Oracle, OracleConfig, Verdict};
use crate::process::panics::{self, Panic};
use converter::ir::Module;

use std::time::Instant;

/// The seed of case `case` of a campaign with base seed `base` (SplitMix64 finalizer,
/// so neighbouring cases get unrelated seeds).
pub fn case_seed(base: u64, case: u64) -> u64 {
    let mut z = base ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The module of case seed `seed` with the lowering options given on the command line
/// forced on top of the case's own, and its swarm configuration.
pub fn generate_case(seed: u64, oracle: &OracleConfig) -> (generator::GenConfig, Module) {
    let forced = oracle.exec.pass;
    generator::generate_swarm_from_seed_with(seed, |g| {
        g.use_aligned_alloc |= forced.use_aligned_alloc;
        g.use_bare_ptr_memref_call_conv |= forced.use_bare_ptr_memref_call_conv;
    })
}

/// A case checked by every oracle but, possibly, `mlir-translate`, whose check then
/// waits in `deferred` (see [`translate_queue`]).
pub struct Checked {
    pub case: u64,
    pub seed: u64,
    /// `None` when the generator panicked.
    pub(super) module: Option<Module>,
    pub(super) ocfg: OracleConfig,
    pub(super) report: CheckReport,
    pub(super) features: Vec<String>,
    /// Milliseconds spent on the case so far.
    pub ms: f64,
    pub deferred: Option<oracles::DeferredTranslate>,
    /// The `upstream-structure` comparison, waiting for `mlir-opt`.
    pub structure: Option<crate::upstream_structure::Pending>,
    /// Its outcome, once `mlir-opt` answered (folded into the report with the
    /// `mlir-translate` answer, [`oracles::check::fold_late`]).
    pub(super) structure_answer: Option<crate::upstream_structure::Outcome>,
    /// The Standard interpreter's outcome of `@main`, when the check made it (a finding's
    /// file test reads it rather than running the interpreter again).
    pub(super) interp: Option<crate::exec::Outcome>,
}

/// Checks one case up to its `mlir-translate` check, which is left in `deferred` when
/// the case is sampled for it (and got that far). A panic is the case's verdict. The
/// module is `generated` when the upstream queue generated it ahead
/// ([`super::upstream_queue::Ahead`]), else generated here.
pub fn check_case(
    case: u64,
    seed: u64,
    generated: Option<(generator::GenConfig, Module)>,
    cfg: &CampaignConfig,
    check: &CaseCheck,
) -> Checked {
    let start = Instant::now();
    let mut ocfg = cfg.oracle.clone();
    cfg.every.apply(case, &mut ocfg);
    let mut deferred = None;
    let mut structure = None;
    let mut interp = None;
    // Options given on the command line hold for every case, on top of the case's own.
    crate::process::watchdog::phase(crate::process::watchdog::Phase::Generating);
    let generated = match generated {
        Some(g) => Ok(g),
        None => panics::catch(|| generate_case(seed, &cfg.oracle)),
    };
    let (module, report, features) = match generated {
        Err(p) => {
            let report = CheckReport {
                verdict: panic_verdict(&p),
                ran: vec![Oracle::Generator, Oracle::Panic],
            };
            (None, report, Vec::new())
        }
        Ok((gcfg, m)) => {
            // The converter's options are the case's own (its swarm configuration's).
            ocfg.exec = ocfg.exec.for_case(&gcfg);
            crate::process::watchdog::phase(crate::process::watchdog::Phase::Checking);
            // A panic is the case's finding (the check catches its own, with the
            // oracles that had started).
            let report = match panics::catch(|| check(&m, &ocfg)) {
                Ok(Ok((report, d))) => {
                    deferred = d.translate;
                    structure = d.structure;
                    interp = d.interp;
                    report
                }
                Ok(Err(p)) => p.into_report(),
                Err(panic) => oracles::Panicked {
                    panic,
                    ran: Vec::new(),
                }
                .into_report(),
            };
            let mut features: Vec<String> = panics::catch(|| {
                generator::features(&m)
                    .into_iter()
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
            features.extend(option_features(&ocfg.exec, &features));
            (Some(m), report, features)
        }
    };
    Checked {
        case,
        seed,
        module,
        ocfg,
        report,
        features,
        ms: start.elapsed().as_secs_f64() * 1e3,
        deferred,
        structure,
        structure_answer: None,
        interp,
    }
}

/// The lowering options of a case, as report features (`per_feature` counts them).
fn option_features(exec: &crate::exec::ExecOptions, features: &[String]) -> Vec<String> {
    let mut v = Vec::new();
    if exec.index_bitwidth == 32 {
        v.push("option_index_bitwidth_32".to_string());
    }
    if exec.pass.use_aligned_alloc {
        v.push("option_use_aligned_alloc".to_string());
    }
    if exec.pass.use_bare_ptr_memref_call_conv {
        v.push("option_use_bare_ptr_memref_call_conv".to_string());
        if features
            .iter()
            .any(|f| f == "memref_arg" || f == "memref_result")
        {
            // The convention at work: a memref crosses a signature as a bare pointer.
            v.push("option_bare_ptr_memref_signature".to_string());
        }
    }
    v
}

/// Runs the waiting `upstream-structure` comparisons of `cases` (one `mlir-opt` process
/// for them all) and keeps each outcome for its case's [`finish_case`].
pub fn resolve_structure(cases: &mut [Checked]) {
    let waiting: Vec<usize> = (0..cases.len())
        .filter(|&k| cases[k].structure.is_some())
        .collect();
    let pending: Vec<&crate::upstream_structure::Pending> = waiting
        .iter()
        .filter_map(|&k| cases[k].structure.as_ref())
        .collect();
    let answers = crate::upstream_structure::lower_pending(&pending);
    for (k, answer) in waiting.into_iter().zip(answers) {
        let c = &mut cases[k];
        if let Some(p) = c.structure.take() {
            c.structure_answer = Some(crate::upstream_structure::resolve(&p, answer));
        }
    }
}

/// Checks one case completely (its `mlir-translate` check in a process of its own);
/// returns its journal entry and, for a saved finding, the file test text.
pub fn run_case(case: u64, seed: u64, fin: &Finisher<'_>) -> (Entry, Option<String>) {
    let mut c = check_case(case, seed, None, fin.cfg, fin.check);
    resolve_structure(std::slice::from_mut(&mut c));
    let answer = c
        .deferred
        .as_ref()
        .map(|d| crate::mlir_translate::accepts_text(&d.text));
    finish_case(c, answer, fin)
}

/// A panic as the finding of a case.
fn panic_verdict(p: &Panic) -> Verdict {
    Verdict::Finding {
        oracle: Oracle::Panic,
        detail: p.detail(),
    }
}
