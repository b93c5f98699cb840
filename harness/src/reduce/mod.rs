//! The reducer: shrinks a module while an interestingness test still holds, in the
//! manner of Cranelift's bugpoint — a list of mutators (`mutators.rs`, one type per
//! mutator behind a trait), each tried site by site to a fixed point by the [`Driver`],
//! the whole list repeated until nothing changes any more or the time limit is reached.
//!
//! Every candidate is printed and parsed back (so the output is always a file that
//! parses, and arenas stay compact), must pass `verify_module`, must keep the entry
//! with its parameters, and — unless the original itself shows undefined behaviour —
//! must run on the interpreter without UB and without running out of fuel: otherwise
//! reductions drift into UB or into endless loops. Only then is the test asked.
//! The reduction is deterministic: the same module, test and (unexhausted) time limit
//! give the same result. A candidate on which a mutator, the validity checks or the
//! test panic is not interesting; a panic finding is reduced with [`panics_at`] as the
//! test: the candidate must panic at the same location.

pub mod file_test;
pub mod mutators;

use crate::exec::{self, ExecOptions, Outcome};
use crate::oracles::{self, Oracle, OracleConfig, Verdict};
use crate::process::panics;
use converter::ir::Module;
use converter::syntax::{parse_module, print_module, PrintOptions};
use std::time::{Duration, Instant};

pub use file_test::{finding_as_file_test, reduced_file_test};
pub use mutators::{count_ops, AnyMutator, Mutator, MUTATORS};

/// The name `--oracle` accepts for "the generator produced undefined behaviour": the
/// interpreter reports UB for a module the generator promised to be UB-free.
pub const GENERATOR_ORACLE: oracles::Oracle = oracles::Oracle::Generator;

/// How a reduction runs.
#[derive(Clone, Debug)]
pub struct ReduceConfig {
    /// Stop trying candidates after this long (the best module so far is returned).
    pub limit: Duration,
    /// Reject candidates that show UB or run out of fuel on the interpreter (when the
    /// original does not). Off only for the `generator` oracle, whose finding is UB.
    pub reject_ub: bool,
    /// Interpreter options for that check (the fuel is calibrated on the original).
    pub exec: ExecOptions,
}

impl Default for ReduceConfig {
    fn default() -> Self {
        ReduceConfig {
            limit: Duration::from_secs(300),
            reject_ub: true,
            exec: ExecOptions::default(),
        }
    }
}

/// What a reduction produced.
#[derive(Clone, Debug)]
pub struct Reduction {
    pub module: Module,
    /// Candidates given to the test (after the validity checks).
    pub tried: u64,
    /// Candidates rejected before the test (do not verify or parse, UB, no fuel).
    pub invalid: u64,
    /// Candidates kept.
    pub accepted: u64,
    pub ops_before: usize,
    pub ops_after: usize,
    /// True when the time limit stopped the reduction before a fixed point.
    pub timed_out: bool,
    /// True when the original itself did not pass the test (nothing was reduced).
    pub original_uninteresting: bool,
    /// How the original ran on the interpreter when candidates were checked for UB
    /// (`None` when that check was off).
    pub original_outcome: Option<Outcome>,
    /// The changes kept, in order: the mutator's name and what it changed.
    pub changes: Vec<(&'static str, String)>,
}

/// Shrinks `m` while `test` holds; returns the smallest interesting module found.
pub fn reduce(m: &Module, entry: &str, test: &dyn Fn(&Module) -> bool, limit: Duration) -> Module {
    let cfg = ReduceConfig {
        limit,
        ..ReduceConfig::default()
    };
    reduce_with(m, entry, test, &cfg).module
}

/// Shrinks `m` while `check_module` still reports a finding of `oracle` (see
/// [`finding_test`]).
pub fn reduce_finding(
    m: &Module,
    entry: &str,
    oracle: oracles::Oracle,
    cfg: &OracleConfig,
    limit: Duration,
) -> Module {
    let test = finding_test(m, entry, oracle, cfg);
    let rcfg = ReduceConfig {
        limit,
        // A panic needs no UB check (and the interpreter may be what panics).
        reject_ub: oracle != GENERATOR_ORACLE && oracle != Oracle::Panic,
        exec: cfg.exec.clone(),
    };
    reduce_with(m, entry, &*test, &rcfg).module
}

/// Whether an interp-vs-jit finding is a crash (or timeout) of the native code rather
/// than a disagreement of results.
fn is_crash_detail(detail: &str) -> bool {
    let jit = detail.rsplit("jit:\n").next().unwrap_or("");
    jit.contains("crashed") || jit.contains("timed out") || jit.contains("signal")
}

/// Whether `f` panics at `location` (`FILE:LINE:COL`): the interestingness of a panic
/// finding.
pub fn panics_at(location: &str, f: impl FnOnce()) -> bool {
    panics::catch(f).is_err_and(|p| p.location == location)
}

/// The interestingness test of an oracle, relative to the original module `m`: a
/// candidate is interesting when `check_module` reports a finding of the same oracle;
/// for interp-vs-jit it must stay a disagreement of results unless the original was
/// a crash, and it must happen twice in a row (see below). For [`GENERATOR_ORACLE`]:
/// the interpreter reports UB. For [`Oracle::Panic`]: the oracles panic at the
/// location they panic at on `m`.
pub fn finding_test<'a>(
    m: &Module,
    entry: &'a str,
    oracle: oracles::Oracle,
    cfg: &'a OracleConfig,
) -> Box<dyn Fn(&Module) -> bool + 'a> {
    if oracle == Oracle::Panic {
        let at = panics::catch(|| oracles::check_module(m, entry, &[], cfg))
            .err()
            .map(|p| p.location);
        return Box::new(move |c: &Module| {
            at.as_deref().is_some_and(|at| {
                panics_at(at, || {
                    oracles::check_module(c, entry, &[], cfg);
                })
            })
        });
    }
    if oracle == GENERATOR_ORACLE {
        return Box::new(move |c: &Module| {
            matches!(exec::run_interp(c, entry, &[], &cfg.exec), Outcome::Ub(_))
        });
    }
    let original_crash = match oracles::check_module(m, entry, &[], cfg) {
        Verdict::Finding {
            oracle: oracles::Oracle::InterpVsJit,
            detail,
        } => is_crash_detail(&detail),
        _ => false,
    };
    let once = move |c: &Module| match oracles::check_module(c, entry, &[], cfg) {
        Verdict::Finding { oracle: o, detail } if o == oracle => {
            o != oracles::Oracle::InterpVsJit || is_crash_detail(&detail) == original_crash
        }
        _ => false,
    };
    // Native code that reads memory it never wrote (the typical effect of a wrong
    // address computation) disagrees only now and then: asking twice keeps such
    // flaky candidates out, so the reduction does not end on one that agrees.
    let runs = if oracle == oracles::Oracle::InterpVsJit {
        2
    } else {
        1
    };
    Box::new(move |c: &Module| (0..runs).all(|_| once(c)))
}

/// Prints and parses back: the candidate as the file it will become.
fn normalize(m: &Module) -> Option<Module> {
    let text = print_module(m, &PrintOptions::default());
    parse_module(&m.file, text.as_bytes()).ok()
}

/// Fuel levels tried on the original; candidates get ten times what it needed.
const FUEL_LEVELS: [u64; 4] = [100_000, 1_000_000, 10_000_000, 100_000_000];

struct Validity<'a> {
    entry: &'a str,
    inputs: Option<Vec<converter::ir::Type>>,
    /// The interpreter options of the UB check, or `None` when it is off.
    interp: Option<ExecOptions>,
    original: Option<Outcome>,
}

impl Validity<'_> {
    fn new<'a>(m: &Module, entry: &'a str, cfg: &ReduceConfig) -> Validity<'a> {
        let inputs = m
            .func(entry)
            .and_then(|f| f.std_type())
            .map(|t| t.inputs.clone());
        let mut interp = None;
        let mut original = None;
        if cfg.reject_ub && inputs.as_ref().is_some_and(|i| i.is_empty()) {
            for (i, &fuel) in FUEL_LEVELS.iter().enumerate() {
                let opts = ExecOptions {
                    fuel: fuel.min(cfg.exec.fuel),
                    ..cfg.exec.clone()
                };
                let outcome = exec::run_interp(m, entry, &[], &opts);
                original = Some(outcome.clone());
                match outcome {
                    Outcome::OutOfFuel(_) | Outcome::CallDepth(_) => continue,
                    Outcome::Values(_) => {
                        let next = FUEL_LEVELS.get(i + 1).copied().unwrap_or(fuel);
                        interp = Some(ExecOptions {
                            fuel: next.min(cfg.exec.fuel).max(opts.fuel),
                            ..cfg.exec.clone()
                        });
                    }
                    // The original does not run to the end (a missing external, say):
                    // candidates must still neither show UB nor loop forever.
                    Outcome::Error(_) | Outcome::Crash(_) | Outcome::Limit(..) => {
                        interp = Some(ExecOptions {
                            fuel: cfg.exec.fuel,
                            ..cfg.exec.clone()
                        });
                    }
                    // The original is UB: nothing to preserve.
                    Outcome::Ub(_) => {}
                }
                break;
            }
        }
        Validity {
            entry,
            inputs,
            interp,
            original,
        }
    }

    /// The normalized candidate when it may be given to the test.
    fn check(&self, c: &Module) -> Option<Module> {
        let c = normalize(c)?;
        converter::verify::verify_module(&c).ok()?;
        let f = c.func(self.entry)?;
        if f.is_external() || f.std_type().map(|t| t.inputs.clone()) != self.inputs {
            return None;
        }
        if let Some(opts) = &self.interp {
            if matches!(
                exec::run_interp(&c, self.entry, &[], opts),
                Outcome::Ub(_) | Outcome::OutOfFuel(_) | Outcome::CallDepth(_)
            ) {
                return None;
            }
        }
        Some(c)
    }
}

/// Shrinks `m` while `test` holds, with statistics.
pub fn reduce_with(
    m: &Module,
    entry: &str,
    test: &dyn Fn(&Module) -> bool,
    cfg: &ReduceConfig,
) -> Reduction {
    let start = Instant::now();
    let ops_before = count_ops(m);
    let mut r = Reduction {
        module: m.clone(),
        tried: 0,
        invalid: 0,
        accepted: 0,
        ops_before,
        ops_after: ops_before,
        timed_out: false,
        original_uninteresting: false,
        original_outcome: None,
        changes: Vec::new(),
    };
    // Without the UB check when the interpreter panics on the original.
    let validity = panics::catch(|| Validity::new(m, entry, cfg)).unwrap_or_else(|_| {
        let cfg = ReduceConfig {
            reject_ub: false,
            ..cfg.clone()
        };
        Validity::new(m, entry, &cfg)
    });
    r.original_outcome = validity.original.clone();
    let test = |c: &Module| panics::catch(|| test(c)).unwrap_or(false);
    let Some(cur) = panics::catch(|| normalize(m)).ok().flatten() else {
        r.original_uninteresting = true;
        return r;
    };
    r.tried += 1;
    if !test(&cur) {
        r.original_uninteresting = true;
        return r;
    }
    let mut driver = Driver {
        cur,
        entry,
        start,
        limit: cfg.limit,
        validity: &validity,
        test: &test,
        stats: &mut r,
        changed: false,
    };
    loop {
        driver.changed = false;
        if MUTATORS
            .iter()
            .try_for_each(|m| m.run_in(&mut driver))
            .is_err()
        {
            driver.stats.timed_out = true;
            break;
        }
        if !driver.changed {
            break;
        }
    }
    let cur = driver.cur;
    r.ops_after = count_ops(&cur);
    r.module = cur;
    r
}

/// The time limit stopped the reduction.
#[derive(Debug)]
pub struct TimedOut;

/// A reduction under way: the module so far, and what a candidate must pass. Each
/// mutator of [`MUTATORS`] hands itself to [`Driver::run`].
pub struct Driver<'a> {
    cur: Module,
    entry: &'a str,
    start: Instant,
    limit: Duration,
    validity: &'a Validity<'a>,
    test: &'a dyn Fn(&Module) -> bool,
    stats: &'a mut Reduction,
    /// Whether a candidate was kept in this round of the mutator list.
    changed: bool,
}

impl Driver<'_> {
    /// Tries the sites of `mutator` one by one, keeping every interesting candidate
    /// (the sites are listed again after each candidate; after a kept one, the sites
    /// after it have moved up into its place).
    pub fn run<M: Mutator + ?Sized>(&mut self, mutator: &M) -> Result<(), TimedOut> {
        let mut i = 0;
        loop {
            let sites = panics::catch(|| mutator.sites(&self.cur, self.entry)).unwrap_or_default();
            let Some(site) = sites.get(i) else {
                return Ok(());
            };
            if self.start.elapsed() >= self.limit {
                return Err(TimedOut);
            }
            let candidate = panics::catch(|| {
                let (c, change) = mutators::candidate(mutator, &self.cur, self.entry, site)?;
                Some((self.validity.check(&c)?, change))
            })
            .ok()
            .flatten();
            match candidate {
                None => self.stats.invalid += 1,
                Some((c, change)) => {
                    self.stats.tried += 1;
                    if (self.test)(&c) {
                        self.stats.accepted += 1;
                        self.stats.changes.push((mutator.name(), change));
                        self.cur = c;
                        self.changed = true;
                        continue;
                    }
                }
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Module {
        let m = parse_module("t.mlir", s.as_bytes()).expect("parses");
        converter::verify::verify_module(&m).expect("verifies");
        m
    }

    fn has_op(m: &Module, name: &str) -> bool {
        m.funcs
            .iter()
            .filter_map(|f| f.body.as_ref())
            .any(|b| b.walk_ops().any(|op| b.op(op).kind.short_name() == name))
    }

    const SRC: &str = r#"
func @helper(%a: i32) -> (i32, i64) {
  %c = constant 3 : i64
  return %a, %c : i32, i64
}
func @main() -> (i32, f32) attributes {llvm.emit_c_interface} {
  %a = constant 7 : i32
  %b = constant 2 : i32
  %r:2 = call @helper(%a) : (i32) -> (i32, i64)
  %t = constant true
  cond_br %t, ^bb1(%r#0 : i32), ^bb2
^bb1(%x: i32):
  %m = muli %x, %b : i32
  %d = remi_unsigned %m, %b : i32
  br ^bb3(%d : i32)
^bb2:
  br ^bb3(%a : i32)
^bb3(%y: i32):
  %f = constant 1.5 : f32
  %g = addf %f, %f : f32
  return %y, %g : i32, f32
}
"#;

    #[test]
    fn shrinks_to_the_interesting_op() {
        let m = parse(SRC);
        let test = |c: &Module| has_op(c, "remi_unsigned");
        let r = reduce_with(&m, "main", &test, &ReduceConfig::default());
        assert!(!r.original_uninteresting && !r.timed_out);
        assert!(has_op(&r.module, "remi_unsigned"));
        converter::verify::verify_module(&r.module).expect("verifies");
        assert!(
            r.ops_after <= 4,
            "{}",
            print_module(&r.module, &Default::default())
        );
        assert_eq!(r.module.funcs.len(), 1);
        assert!(!r.module.funcs[0].has_attr("llvm.emit_c_interface"));
        // Every kept candidate is reported, by a mutator of the list.
        assert_eq!(r.changes.len() as u64, r.accepted);
        let names: Vec<&str> = MUTATORS.iter().map(|m| m.mutator_name()).collect();
        assert!(r.changes.iter().all(|(n, _)| names.contains(n)));
        assert!(r
            .changes
            .iter()
            .any(|(n, c)| *n == "remove-function" && c == "removed @helper"));
    }

    #[test]
    fn reduce_finding_keeps_the_generator_oracle_ub() {
        let m = parse(
            "func @main() -> i32 {\n  %0 = constant 1 : i32\n  %1 = constant 0 : i32\n  \
             %2 = addi %0, %0 : i32\n  %3 = divi_signed %2, %1 : i32\n  \
             %4 = muli %3, %0 : i32\n  return %4 : i32\n}\n",
        );
        let cfg = OracleConfig {
            jit: false,
            ..OracleConfig::default()
        };
        let r = reduce_finding(&m, "main", GENERATOR_ORACLE, &cfg, Duration::from_secs(60));
        assert!(matches!(
            exec::run_interp(&r, "main", &[], &cfg.exec),
            Outcome::Ub(_)
        ));
        assert!(
            count_ops(&r) <= 4,
            "{}",
            print_module(&r, &Default::default())
        );
    }

    #[test]
    fn inlines_a_single_block_callee() {
        // @main has no remi_unsigned: only inlining @h makes the original interesting.
        let m = parse(
            "func @h(%a: i32, %b: i32) -> i32 {\n  %0 = remi_unsigned %a, %b : i32\n  \
             return %0 : i32\n}\nfunc @main() -> i32 {\n  %0 = constant 7 : i32\n  \
             %1 = constant 2 : i32\n  %2 = call @h(%0, %1) : (i32, i32) -> i32\n  \
             return %2 : i32\n}\n",
        );
        // Interesting: @main itself has a remi_unsigned, and returns 1.
        let test = |c: &Module| {
            c.func("main")
                .and_then(|f| f.body.as_ref())
                .is_some_and(|b| {
                    b.walk_ops()
                        .any(|op| b.op(op).kind == converter::ir::OpKind::RemIUnsigned)
                })
                && matches!(
                    exec::run_interp(c, "main", &[], &ExecOptions::default()),
                    Outcome::Values(v) if v.len() == 1
                        && v[0].1 == converter::value::RtValue::Int(1)
                )
        };
        // The original is not interesting; the mutator's own candidate is.
        assert!(!test(&m));
        let site = mutators::InlineCall.sites(&m, "main")[0];
        let (inlined, change) =
            mutators::candidate(&mutators::InlineCall, &m, "main", &site).expect("inlines");
        assert!(change.starts_with("inlined call"), "{change}");
        let inlined = normalize(&inlined).expect("normalizes");
        assert!(test(&inlined));
        let r = reduce(&inlined, "main", &test, Duration::from_secs(60));
        let text = print_module(&r, &Default::default());
        assert_eq!(r.funcs.len(), 1, "{text}");
        assert!(count_ops(&r) <= 4, "{text}");
        assert!(test(&r));
    }

    #[test]
    fn uninteresting_original_is_returned_unchanged() {
        let m = parse(SRC);
        let r = reduce_with(&m, "main", &|_| false, &ReduceConfig::default());
        assert!(r.original_uninteresting);
        assert_eq!(r.ops_after, r.ops_before);
    }

    #[test]
    fn deterministic() {
        let m = parse(SRC);
        let test = |c: &Module| has_op(c, "muli");
        let a = reduce(&m, "main", &test, Duration::from_secs(60));
        let b = reduce(&m, "main", &test, Duration::from_secs(60));
        let p = |m: &Module| print_module(m, &Default::default());
        assert_eq!(p(&a), p(&b));
    }
}
