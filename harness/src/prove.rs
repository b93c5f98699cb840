//! Translation validation of a module, as `stdlower prove` and the `tv` oracle run it:
//! each function with a body (and its C wrapper) proved with the `tv` crate against its
//! lowering, and a refutation's arguments replayed on the reference interpreter, the
//! LLVM-level interpreter and the JIT, which decide whether it reproduces (one that does
//! not is a validator bug). The command line is `cmd/prove.rs`'s.
//!
//! It proves what the converter's users get: [`lower_for_prove`] lowers both ways the
//! converter does (the whole module, and one function at a time as `stdlower lower`
//! prints it), and a lowering that breaks the converter's own output contract (an
//! invalid lowered module, or the two ways disagreeing on whether it lowers) is an
//! answer of its own, `invalid lowering`, never a proof. Loops are proved for any
//! number of iterations where the converter's hints make a proof (`tv::Options::hints`).

use crate::exec::{self, ExecOptions, Outcome};
use converter::diag::Diagnostic;
use converter::ir::{Module, Type};
use converter::lower::{lower_module, lower_module_each, lowering_hints, LowerOptions};
use std::sync::Arc;
use std::time::Duration;
use tv::{Options, Verdict};

/// The answer for one function, replayed.
#[derive(Clone, Debug)]
pub struct Report {
    pub name: String,
    pub verdict: Verdict,
    pub seconds: f64,
    /// For a refutation: what each path gave on its arguments, and whether the
    /// refutation reproduced (a path disagreed with the reference interpreter).
    pub replay: Option<Replay>,
    /// Set when the lowering broke the converter's output contract, so nothing was
    /// proved: why (the verdict is then not used).
    pub invalid_lowering: Option<String>,
}

/// What lowering a module for `prove` gave.
pub enum Lowering {
    /// Both ways lowered it to the same module.
    Same(Module),
    /// Both lowered it, to different modules (each is proved).
    Differ { whole: Module, each: Module },
    /// The lowering broke its own contract (an internal error: an invalid lowered
    /// module, or one way lowering what the other does not).
    Invalid(String),
    /// The converter refuses the module (the input's error).
    Refused(Vec<Diagnostic>),
}

/// Lowers `m` the two ways the converter does: [`lower_module`] (the campaign's
/// oracles, `interp --level llvm`) and [`lower_module_each`] (`stdlower lower`, one
/// function at a time).
pub fn lower_for_prove(m: &Module, opts: &LowerOptions) -> Lowering {
    let internal = |ds: &[Diagnostic]| ds.iter().any(|d| d.message.starts_with("internal error"));
    let whole = match lower_module(m, opts) {
        Ok(w) => w,
        Err(ds) if internal(&ds) => {
            let first = ds.first().map(|d| d.message.clone()).unwrap_or_default();
            return Lowering::Invalid(first);
        }
        Err(ds) => return Lowering::Refused(ds),
    };
    let mut funcs = Vec::new();
    if let Err(ds) = lower_module_each(m, opts, |f| funcs.push(f.clone())) {
        let first = ds.first().map(|d| d.message.clone()).unwrap_or_default();
        return Lowering::Invalid(format!(
            "lowering one function at a time fails where the whole module lowers: {first}"
        ));
    }
    let each = Module {
        funcs,
        ..whole.clone()
    };
    let syntax = converter::llvm_print::Syntax::Modern;
    if converter::llvm_print::print_llvm(&whole, syntax)
        == converter::llvm_print::print_llvm(&each, syntax)
    {
        Lowering::Same(whole)
    } else {
        Lowering::Differ { whole, each }
    }
}

/// [`prove_module`] on what [`lower_for_prove`] gave (not `Refused`): an invalid
/// lowering is one report per function saying so; two different lowerings are both
/// proved, and each function's answer is the worse of the two.
pub fn prove_lowering(
    m: &Module,
    lowering: &Lowering,
    lower: &LowerOptions,
    only: Option<&str>,
    topts: &Options,
    eopts: Option<&ExecOptions>,
) -> Vec<Report> {
    match lowering {
        Lowering::Same(l) => prove_module(m, l, lower, only, topts, eopts),
        Lowering::Differ { whole, each } => {
            let a = prove_module(m, whole, lower, only, topts, eopts);
            let b = prove_module(m, each, lower, only, topts, eopts);
            let rank = |r: &Report| match r.kind() {
                "proved" => 0,
                "unknown" => 1,
                _ => 2,
            };
            a.into_iter()
                .zip(b)
                .map(|(x, y)| if rank(&y) > rank(&x) { y } else { x })
                .collect()
        }
        Lowering::Invalid(why) => m
            .funcs
            .iter()
            .filter(|f| f.body.is_some() && f.std_type().is_some())
            .filter(|f| only.is_none_or(|n| n == f.name))
            .map(|f| Report {
                name: f.name.clone(),
                verdict: Verdict::Unknown {
                    reason: why.clone(),
                },
                seconds: 0.0,
                replay: None,
                invalid_lowering: Some(why.clone()),
            })
            .collect(),
        Lowering::Refused(_) => Vec::new(),
    }
}

#[derive(Clone, Debug)]
pub struct Replay {
    pub interp: String,
    pub llvm_level: String,
    pub jit: Option<String>,
    pub reproduced: bool,
    /// The file test that pins the reference answer on these arguments
    /// (`// run: @f(3 : i32) -> 7 : i32`), when the reference interpreter returned.
    pub run_line: Option<String>,
}

impl Report {
    /// The line `@NAME: ...`.
    pub fn line(&self) -> String {
        if let Some(why) = &self.invalid_lowering {
            return format!("@{}: invalid lowering: {why}", self.name);
        }
        match (&self.verdict, &self.replay) {
            (Verdict::Refuted { args }, Some(r)) if !r.reproduced => format!(
                "@{}: validator bug: refuted with {} but no path disagrees (interp: {}; \
                 interp --level llvm: {}; run: {})",
                self.name,
                args.join(" "),
                r.interp,
                r.llvm_level,
                r.jit.as_deref().unwrap_or("not run"),
            ),
            (v, _) => format!("@{}: {}", self.name, v.render()),
        }
    }
    pub fn kind(&self) -> &'static str {
        if self.invalid_lowering.is_some() {
            return "invalid-lowering";
        }
        match (&self.verdict, &self.replay) {
            (Verdict::Refuted { .. }, Some(r)) if !r.reproduced => "validator-bug",
            (Verdict::Refuted { .. }, _) => "refuted",
            (Verdict::Proved { .. }, _) => "proved",
            (Verdict::Unknown { .. }, _) => "unknown",
            (Verdict::Mistyped { .. }, _) => "invalid-lowering",
        }
    }
}

fn one_line(o: &Outcome) -> String {
    o.render().trim_end().replace('\n', ", ")
}

/// Proves every function of `m` with a body (or only `only`), replaying refutations.
/// Without hints in `topts`, the converter's own (`lowering_hints`) are used.
pub fn prove_module(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    only: Option<&str>,
    topts: &Options,
    eopts: Option<&ExecOptions>,
) -> Vec<Report> {
    let mut with_hints;
    let mut topts = topts;
    if topts.hints.is_none() {
        with_hints = topts.clone();
        with_hints.hints = Some(Arc::new(lowering_hints(m, lower)));
        topts = &with_hints;
    }
    let mut out = Vec::new();
    for f in &m.funcs {
        if f.body.is_none() || f.std_type().is_none() {
            continue;
        }
        // The function, then its C wrapper (`_mlir_ciface_NAME`) when it has one.
        let ciface = format!("{}{}", jit::exec::CIFACE_PREFIX, f.name);
        let has_wrapper = lowered.func(&ciface).is_some_and(|w| w.body.is_some());
        for wrapper in [false, true] {
            let shown = if wrapper { &ciface } else { &f.name };
            if (wrapper && !has_wrapper) || only.is_some_and(|n| n != shown) {
                continue;
            }
            out.push(prove_one(m, lowered, lower, &f.name, wrapper, topts, eopts));
        }
    }
    out
}

/// Proves `name` (or its C wrapper), replaying a refutation.
fn prove_one(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    name: &str,
    wrapper: bool,
    topts: &Options,
    eopts: Option<&ExecOptions>,
) -> Report {
    let ciface = format!("{}{name}", jit::exec::CIFACE_PREFIX);
    let entry = if wrapper { ciface.as_str() } else { name };
    {
        let f = m.func(name).expect("a function of the module");
        let (verdict, dt) = if wrapper {
            tv::prove_wrapper(m, lowered, name, topts)
        } else {
            tv::prove(m, lowered, name, topts)
        };
        let replay = match (&verdict, eopts) {
            (Verdict::Refuted { args }, Some(eo)) => {
                Some(replay_entry(m, lowered, lower, name, entry, args, eo))
            }
            _ => None,
        };
        // interp and run print results only: a refutation on the final memory of a
        // memref argument alone cannot replay, and is not claimed.
        let memref_args = f
            .std_type()
            .is_some_and(|t| t.inputs.iter().any(|t| matches!(t, Type::MemRef(_))));
        let (verdict, replay) = match (verdict, replay) {
            (Verdict::Refuted { args }, Some(r))
                if !r.reproduced && memref_args && r.run_line.is_some() =>
            {
                (
                    Verdict::Unknown {
                        reason: format!(
                            "refuted on the final memory of a memref argument only, which the \
                         replay cannot show ({})",
                            args.join(" ")
                        ),
                    },
                    None,
                )
            }
            other => other,
        };
        // Types that break the lowering's rules make the lowering invalid, as the
        // converter's own check does.
        let invalid_lowering = match &verdict {
            Verdict::Mistyped { why } => Some(why.clone()),
            _ => None,
        };
        Report {
            name: entry.to_string(),
            verdict,
            seconds: dt.as_secs_f64(),
            replay,
            invalid_lowering,
        }
    }
}

/// Runs `name` on `args` on every path; the refutation reproduces when the reference
/// interpreter returns and some path does not return the same.
pub fn replay(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    name: &str,
    args: &[String],
    eo: &ExecOptions,
) -> Replay {
    replay_entry(m, lowered, lower, name, name, args, eo)
}

/// [`replay`], with the lowered side (the LLVM level and the JIT) entered at `entry`
/// (`_mlir_ciface_NAME` for a C wrapper, which they call through the C interface).
pub fn replay_entry(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    name: &str,
    entry: &str,
    args: &[String],
    eo: &ExecOptions,
) -> Replay {
    let vals = match exec::parse_args(m, name, args) {
        Ok(v) => v,
        Err(f) => {
            let e = format!("arguments do not parse: {}", f.message.trim());
            return Replay {
                interp: e.clone(),
                llvm_level: e,
                jit: None,
                reproduced: false,
                run_line: None,
            };
        }
    };
    let s = exec::run_interp(m, name, &vals, eo);
    let l = exec::run_llvm_level(m, lowered, lower, entry, &vals, eo.fuel);
    let j = (eo.timeout > Duration::ZERO).then(|| crate::native::run_jit(m, entry, &vals, eo));
    let returns = matches!(s, Outcome::Values(_));
    let differs = !s.same_results(&l) || j.as_ref().is_some_and(|j| !s.same_results(j));
    let run_line = match &s {
        Outcome::Values(rs) => {
            let typed = |t: &converter::ir::Type, v: &converter::value::RtValue| {
                let mut out = String::new();
                converter::value::format_value(&mut out, t, v);
                format!("{out} : {t}")
            };
            let (ins, _) = exec::entry_signature(m, name).unwrap_or_default();
            let a: Vec<String> = ins.iter().zip(&vals).map(|(t, v)| typed(t, v)).collect();
            let r: Vec<String> = rs.iter().map(|(t, v)| typed(t, v)).collect();
            Some(format!(
                "// run: @{name}({}) -> {}",
                a.join(", "),
                r.join(", ")
            ))
        }
        _ => None,
    };
    Replay {
        interp: one_line(&s),
        llvm_level: one_line(&l),
        jit: j.as_ref().map(one_line),
        reproduced: returns && differs,
        run_line,
    }
}
