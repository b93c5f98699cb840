//! One case through the oracles, the driver: the entry points (`check_module`,
//! `check_generated`, the campaign's `check_generated_deferring`) build the case's one
//! context ([`super::check::Case`]) and run the registered oracles over it in registry
//! order ([`super::check::judge`]: the first that does not agree is the verdict); and
//! the types of what comes out: [`CheckReport`] (a [`Verdict`], defined in
//! `crate::verdict`, and the oracles that ran), the `mlir-translate` check a campaign
//! runs in batches ([`DeferredTranslate`]). Which
//! oracles run is [`OracleConfig`]; what each checks is its row of
//! [`super::REGISTRY`] (`stdlower oracles`) and its file.

use super::{joined, Oracle, SkipKind, Verdict};
use crate::exec::{ExecOptions, Outcome};
use converter::ir::Module;
use converter::lower::lower_module;

/// `lower_module` of a probe module an oracle builds, its diagnostics [`joined`].
pub fn lower_probe(
    probe: &Module,
    opts: &converter::lower::LowerOptions,
) -> Result<Module, String> {
    lower_module(probe, opts).map_err(|ds| joined(&ds))
}

/// The types of `m` a probe oracle draws from: each function's parameter and result
/// types, then the types of its body's values, in order, repeats included.
pub fn module_types(m: &Module) -> impl Iterator<Item = &converter::ir::Type> {
    m.funcs.iter().flat_map(|f| {
        let sig = match &f.ty {
            converter::ir::Type::Function(ft) => Some(ft.inputs.iter().chain(&ft.results)),
            _ => None,
        };
        let values = f.body.iter().flat_map(|b| b.values.iter().map(|v| &v.ty));
        sig.into_iter().flatten().chain(values)
    })
}

/// The name counted when the upstream oracle was asked for but the exporter cannot
/// express the module (a limit of ours, not a disagreement).
pub const UPSTREAM_UNSUPPORTED: Oracle = Oracle::UpstreamUnsupported;

/// Which oracles to run.
#[derive(Clone, Debug)]
pub struct OracleConfig {
    pub exec: ExecOptions,
    pub jit: bool,
    /// Run the JIT (and the upstream path's code) in this process instead of an
    /// isolated worker: much faster, but a crash of the generated code ends the process
    /// (what a fuzzer wants: it reports the input).
    pub jit_in_process: bool,
    pub mlir_translate: bool,
    /// Also run upstream MLIR's lowering of the module (`mlir-opt`, `mlir-translate`,
    /// then the isolated worker) and compare it with the other paths.
    pub upstream: bool,
    /// Also check that `stdlower lower`'s one-function-at-a-time paths print the text
    /// of the module checked here ([`crate::lower_paths`]).
    pub lower_paths: bool,
    /// With `lower_paths`, also run `lower_exe`'s `lower` command, in a process of its
    /// own, on the case made big (attributes nested as deep as the parser allows, a
    /// function of more than 10,000 values), whose printing must also read back
    /// ([`crate::lower_paths::big_variant_is_lowered`]).
    pub lower_paths_deep: bool,
    /// An executable with `stdlower`'s `lower` command (a campaign's own binary); `None`:
    /// `lower_paths_deep` is skipped.
    pub lower_exe: Option<std::path::PathBuf>,
    /// Also compare our lowering's signatures, attributes, calls and declarations with
    /// `mlir-opt`'s ([`crate::upstream_structure`]).
    pub upstream_structure: bool,
    /// Make the C-interface oracle's calls from a C program too (compiled by clang,
    /// [`crate::ciface::c_caller`]) on every Nth module it can (per thread); 0: never.
    pub c_caller_every: u64,
    /// Also interpret the lowered module at the LLVM level (`llinterp`) where the
    /// Standard interpreter returned, and compare (the `llvm-level` oracle).
    pub llvm_level: bool,
    /// Probe the lowering of unregistered ops with the case's types (the
    /// `unregistered-ops` oracle).
    pub unregistered_ops: bool,
    /// Prove every function of the case with the translation validator (the `tv`
    /// oracle: `check --tv`; off by default, and in the fuzz target).
    pub tv: bool,
}

impl Default for OracleConfig {
    fn default() -> Self {
        OracleConfig {
            exec: ExecOptions::default(),
            jit: true,
            jit_in_process: false,
            mlir_translate: false,
            upstream: false,
            lower_paths: false,
            lower_paths_deep: false,
            lower_exe: None,
            upstream_structure: false,
            c_caller_every: DEFAULT_C_CALLER_EVERY,
            llvm_level: true,
            unregistered_ops: true,
            tv: false,
        }
    }
}

/// The default of [`OracleConfig::c_caller_every`]: a C caller costs a compiler
/// process (tens of milliseconds), so campaigns sample it.
pub const DEFAULT_C_CALLER_EVERY: u64 = 1000;

/// What checking a module came to: its verdict and the oracles that ran on it, in the
/// order they ran (what the journal's oracle bits and report.json's `per_oracle` count).
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub verdict: Verdict,
    pub ran: Vec<Oracle>,
}

impl CheckReport {
    /// A report of `verdict` with no oracle run.
    pub fn of(verdict: Verdict) -> CheckReport {
        CheckReport {
            verdict,
            ran: Vec::new(),
        }
    }

    /// Whether `oracle` ran.
    pub fn ran(&self, oracle: Oracle) -> bool {
        self.ran.contains(&oracle)
    }
}

/// A check that panicked: the panic, and the oracles that had started before it (the
/// one that panicked included).
#[derive(Debug)]
pub struct Panicked {
    pub panic: crate::process::panics::Panic,
    pub ran: Vec<Oracle>,
}

impl Panicked {
    /// The report of the check: a finding of the `panic` oracle, which counts as run
    /// after the others.
    pub fn into_report(self) -> CheckReport {
        let mut ran = self.ran;
        ran.push(crate::oracles::Oracle::Panic);
        CheckReport {
            verdict: Verdict::Finding {
                oracle: crate::oracles::Oracle::Panic,
                detail: self.panic.detail(),
            },
            ran,
        }
    }
}

/// Runs `check`, which records the oracles it starts in its argument; a panic in it
/// keeps the oracles that had started.
fn caught(check: impl FnOnce(&mut Vec<Oracle>) -> Verdict) -> Result<CheckReport, Panicked> {
    let mut ran = Vec::new();
    match crate::process::panics::catch(|| check(&mut ran)) {
        Ok(verdict) => Ok(CheckReport { verdict, ran }),
        Err(panic) => Err(Panicked { panic, ran }),
    }
}

/// Runs every enabled oracle on a verified Standard module's entry with arguments.
pub fn check_module(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> Verdict {
    check_module_traced(m, entry, args, cfg).verdict
}

/// Checks a generated module: it must verify and be free of undefined behaviour (the
/// generator avoids UB by construction, so UB is a generator bug, reported as a
/// finding of the `generator` oracle), then every oracle runs.
pub fn check_generated(m: &Module, cfg: &OracleConfig) -> CheckReport {
    let mut ran = Vec::new();
    let verdict = check_generated_in(m, cfg, &mut ran, None);
    CheckReport { verdict, ran }
}

/// The `mlir-translate` check of a case, left to the caller to run with other cases'
/// in one process ([`crate::mlir_translate::accepts_batch`]).
#[derive(Clone, Debug)]
pub struct DeferredTranslate {
    /// The lowered module as `mlir-translate` reads it.
    pub text: String,
}

impl DeferredTranslate {
    /// The case's report once `mlir-translate` has answered: a rejection is the
    /// verdict the check would have given in its place (it runs before the interpreter,
    /// so the oracles after it leave `ran`); an acceptance leaves the report as it is.
    /// The campaign folds it with [`super::check::fold_late`].
    pub fn resolve(self, mut report: CheckReport, answer: Result<(), String>) -> CheckReport {
        if let Err(detail) = answer {
            let upto = report.ran.iter().position(|o| *o == Oracle::MlirTranslate);
            report
                .ran
                .truncate(upto.map_or(report.ran.len(), |k| k + 1));
            report.verdict = Verdict::Finding {
                oracle: Oracle::MlirTranslate,
                detail,
            };
        }
        report
    }
}

/// [`check_generated`], except that when `cfg.mlir_translate` asks for the
/// `mlir-translate` check, it is not run but handed back (when the case got that far)
/// and the other oracles go on ([`DeferredTranslate::resolve`] gives the report
/// [`check_generated`] would have given), and that a panic is caught, with the oracles
/// that had started.
pub fn check_generated_deferring(
    m: &Module,
    cfg: &OracleConfig,
) -> Result<(CheckReport, Deferred), Panicked> {
    let mut deferred = Deferred::default();
    let report = caught(|ran| check_generated_in(m, cfg, ran, Some(&mut deferred)))?;
    Ok((report, deferred))
}

fn check_generated_in(
    m: &Module,
    cfg: &OracleConfig,
    ran: &mut Vec<Oracle>,
    deferred: Option<&mut Deferred>,
) -> Verdict {
    ran.push(Oracle::Generator);
    if let Err(ds) = converter::verify::verify_module(m) {
        let detail = joined(&ds);
        return Verdict::Finding {
            oracle: Oracle::Generator,
            detail: format!("the generated module does not verify: {detail}"),
        };
    }
    match check_module_in(m, "main", &[], cfg, ran, deferred) {
        Verdict::Skipped {
            kind: SkipKind::Ub,
            reason,
        } => Verdict::Finding {
            oracle: Oracle::Generator,
            detail: format!("the interpreter found undefined behaviour: {reason}"),
        },
        v => v,
    }
}

/// [`check_module`], with the oracles that ran.
pub fn check_module_traced(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> CheckReport {
    let mut ran = Vec::new();
    let verdict = check_module_in(m, entry, args, cfg, &mut ran, None);
    CheckReport { verdict, ran }
}

/// [`check_module_traced`], with a panic caught, with the oracles that had started.
pub fn check_module_caught(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> Result<CheckReport, Panicked> {
    caught(|ran| check_module_in(m, entry, args, cfg, ran, None))
}

/// The skip of a case whose interpreter run did not return values (`None` when it did).
pub(super) fn interp_skip(before: &Outcome) -> Option<(SkipKind, String)> {
    match before {
        Outcome::Values(_) => None,
        Outcome::Ub(msg) => Some((SkipKind::Ub, format!("UB: {msg}"))),
        Outcome::OutOfFuel(msg) => Some((SkipKind::Fuel, msg.clone())),
        Outcome::CallDepth(msg) => Some((SkipKind::CallDepth, msg.clone())),
        Outcome::Crash(msg) | Outcome::Limit(_, msg) | Outcome::Error(msg) => {
            Some((SkipKind::Error, format!("interp: {msg}")))
        }
    }
}

/// What a campaign's check hands back, to be finished in batches with other cases'.
#[derive(Debug, Default)]
pub struct Deferred {
    /// The `mlir-translate` check, when the case was sampled for it and got that far.
    pub translate: Option<DeferredTranslate>,
    /// The `upstream-structure` comparison, prepared from the case's lowering, when the
    /// case was sampled for it and got that far.
    pub structure: Option<crate::upstream_structure::Pending>,
    /// The Standard interpreter's outcome of the entry, when an oracle made it: a
    /// finding's file test reads it instead of running the interpreter again.
    pub interp: Option<Outcome>,
}

/// The registered oracles on `entry(args)` of `m`, in registry order (the first that
/// does not agree is the verdict), over one context that makes each artifact once
/// ([`super::check::judge`]). With `deferred`, the batched checks (`mlir-translate`,
/// `upstream-structure`) hand their work back there.
fn check_module_in(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
    ran: &mut Vec<Oracle>,
    deferred: Option<&mut Deferred>,
) -> Verdict {
    let mut case = super::check::Case::new(m, entry, args, cfg);
    case.batched = deferred.is_some();
    let verdict = super::check::judge(&case, ran);
    if let Some(d) = deferred {
        d.translate = case.translate.take();
        d.structure = case.structure.take();
        d.interp = case.take_interp_outcome();
    }
    verdict
}

/// The `llvm-level` oracle on `lowered`, the lowering of `m` under `cfg`'s options or
/// a module a test builds in its place (a wrong lowering): the Standard interpreter,
/// the LLVM level and, when `cfg.jit`, the JIT (in this process) on `lowered`, judged
/// by their registered oracles (`interp-vs-jit`, `llvm-level`, `heap-sizes`) as
/// [`check_module`] judges them; the other oracles are left out.
pub fn check_lowered_llvm_level(
    m: &Module,
    lowered: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> CheckReport {
    let mut case = super::check::Case::new(m, entry, args, cfg).with_lowered(lowered.clone());
    if cfg.jit {
        let calls = [(entry, args)];
        let answers =
            crate::native::run_lowered_jit_batch_in_process(m, lowered, &calls, &cfg.exec);
        let entry = answers.into_iter().next().flatten();
        case = case.with_jit(super::check::JitBatch {
            entry: Some(entry.unwrap_or_else(|| Outcome::Error("the JIT made no call".into()))),
            ..Default::default()
        });
    }
    let judges = [Oracle::InterpVsJit, Oracle::LlvmLevel, Oracle::HeapSizes];
    let mut ran = Vec::new();
    let verdict = super::check::judge_only(&case, &mut ran, |o| judges.contains(&o));
    CheckReport { verdict, ran }
}

/// The LLVM-level interpreter's fuel for a Standard run of `std_steps` steps
/// ([`super::llvm_level::fuel`]).
pub fn llvm_level_fuel(std_steps: u64) -> u64 {
    super::llvm_level::fuel(std_steps)
}

pub use super::successor_split::{first_repeat, repeated_successor};

/// The `mlir-translate` binary of the installed MLIR 22, if any.
pub fn mlir_translate_path() -> Option<std::path::PathBuf> {
    crate::mlir_translate::tool_path()
}

/// Feeds the modern printing of a lowered module to `mlir-translate --mlir-to-llvmir`
/// (`Ok` when the tool is not installed).
pub fn mlir_translate_accepts(lowered: &Module) -> Result<(), String> {
    crate::mlir_translate::accepts_text(&crate::mlir_translate::text_of(lowered))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every oracle serialises to the name the journal, report.json, finding files and
    /// `--oracle` have always used, and reads back from it.
    #[test]
    fn oracles_keep_their_names() {
        let names = [
            "interp-vs-jit",
            "llvm-verify",
            "mlir-translate",
            "successor-split",
            "c-interface",
            "upstream",
            "lower-paths",
            "upstream-structure",
            "arg-attrs",
            "generator",
            "panic",
            "upstream-unsupported",
            "upstream-structure-unsupported",
            "llvm-level",
            "llvm-level-skipped",
            "bare-ptr-signatures",
            "unregistered-ops",
            "heap-sizes",
            "hang",
            "heap-blocks",
            "tv",
        ];
        assert_eq!(super::super::REGISTRY.len(), names.len());
        for name in names {
            let o = Oracle::from_name(name).expect("registered");
            assert_eq!(o.as_str(), name);
            assert_eq!(o.to_string(), name);
            assert_eq!(serde_json::to_string(&o).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<Oracle>(&format!("\"{name}\"")).unwrap(),
                o
            );
        }
        assert_eq!(Oracle::from_name("interp"), None);
    }

    /// The interpreter's two limits are skips of their own kinds, told apart by the
    /// trap the interpreter raised (not by its message).
    #[test]
    fn interpreter_limits_are_skips_of_their_kind() {
        let recursive = "func @f(%x: i32) -> i32 {\n  %r = call @f(%x) : (i32) -> i32\n  return %r : i32\n}\nfunc @main() -> i32 {\n  %c = constant 1 : i32\n  %r = call @f(%c) : (i32) -> i32\n  return %r : i32\n}\n";
        let looping = "func @main() -> i32 {\n  br ^bb1\n^bb1:\n  br ^bb1\n}\n";
        let cfg = OracleConfig {
            jit: false,
            ..OracleConfig::default()
        };
        for (src, fuel, want) in [
            (recursive, 10_000_000, SkipKind::CallDepth),
            (looping, 100_000, SkipKind::Fuel),
        ] {
            let mut cfg = cfg.clone();
            cfg.exec.fuel = fuel;
            let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
            match check_module(&m, "main", &[], &cfg) {
                Verdict::Skipped { kind, .. } => assert_eq!(kind, want, "{src}"),
                v => panic!("{src}: {v}"),
            }
        }
    }

    /// A campaign's check hands back the interpreter's outcome it made, for the finding's
    /// file test to read rather than run the interpreter again; the direct check (no
    /// deferring) keeps nothing.
    #[test]
    fn the_check_hands_back_its_interpreter_outcome() {
        let src = "func @main() -> i32 {\n  %a = constant 6 : i32\n  %b = constant 7 : i32\n  %c = muli %a, %b : i32\n  return %c : i32\n}\n";
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        let cfg = OracleConfig {
            jit: false,
            ..OracleConfig::default()
        };
        let (report, deferred) = check_generated_deferring(&m, &cfg).expect("no panic");
        assert!(
            matches!(report.verdict, Verdict::Agree),
            "{}",
            report.verdict
        );
        let want = crate::exec::run_interp(&m, "main", &[], &cfg.exec);
        assert_eq!(deferred.interp, Some(want));
    }
}
