//! The `upstream-structure` oracle: our lowering of a module against MLIR 22's
//! (`mlir-opt`, the pipeline of [`crate::upstream`], of the exported module), compared
//! at the level of what the CPU cannot see and the other oracles therefore miss:
//! - every function's parameter and result LLVM types, pointer address spaces included;
//! - argument, result and function attributes, and the linkage keywords;
//! - the calls in each body, callee by callee in order: their types, argument and
//!   result attributes, and discardable attributes;
//! - which functions are declared (`malloc`, `free`, `aligned_alloc`...), with their types.
//!
//! Both sides are read from their printed text ([`reader`]): `mlir-opt`'s output and our
//! modern printing. The differences `docs/upstream-differences.md` documents are
//! normalized away first ([`normalize`]); whatever still differs is a finding naming the
//! function and what differs. It costs an `mlir-opt` run, so campaigns sample it and
//! send many modules through the release's batches ([`lower_batch`]). A
//! module `mlir-opt` rejects or crashes on is not compared (the `upstream` oracle judges
//! tool failures): it counts as [`UNSUPPORTED`].

pub mod normalize;
pub mod reader;

use converter::ir::Module;
use converter::llvm_print::{print_llvm, Syntax};
use converter::lower::{lower_module, LowerOptions};
use normalize::StdInfo;
use reader::{Call, Func, Slot};
use std::collections::{BTreeMap, BTreeSet};
use stdlower_front::options::PassOptions;

/// The oracle's name.
pub const ORACLE: crate::verdict::Oracle = crate::verdict::Oracle::UpstreamStructure;

/// Counted instead of [`ORACLE`] when the module could not be compared (the exporter
/// cannot express it, or `mlir-opt` rejects it).
pub const UNSUPPORTED: crate::verdict::Oracle =
    crate::verdict::Oracle::UpstreamStructureUnsupported;

/// At most this many differences are listed in a finding.
const MAX_LISTED: usize = 20;

/// A module ready for the comparison, waiting for `mlir-opt`'s lowering of `export`.
#[derive(Clone, Debug)]
pub struct Pending {
    pub std: StdInfo,
    /// Our lowering, printed in today's syntax.
    pub ours: String,
    /// The module in upstream syntax, for `mlir-opt`.
    pub export: String,
}

/// How a comparison came out.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Agree,
    /// The differences, described.
    Finding(String),
    /// Not compared, and why.
    Unsupported(String),
}

/// Whether `mlir-opt` (and the host data layout the pipeline sets) is available.
pub fn available() -> bool {
    crate::upstream::tools().is_ok() && crate::upstream::host_data_layout().is_ok()
}

/// The comparison's inputs for a module we lowered to `lowered` (`Err` when the
/// exporter cannot express it), under the bare pointer calling convention or not. Under
/// the convention, a module with a memref result that has no bare pointer form (dynamic
/// or unranked) is not compared: MLIR 22 leaves its function unconverted where LLVM 11
/// and we return the descriptor ([`crate::upstream::bare_ptr_cannot_lower`]).
pub fn prepare_lowered(
    m: &Module,
    lowered: &Module,
    index_bitwidth: u32,
    bare_ptr: bool,
) -> Result<Pending, crate::upstream::UpstreamError> {
    let pass = PassOptions {
        use_bare_ptr_memref_call_conv: bare_ptr,
        ..PassOptions::default()
    };
    crate::upstream::bare_ptr_cannot_lower(m, pass)?;
    Ok(Pending {
        std: StdInfo::with_options(m, index_bitwidth, bare_ptr),
        ours: print_llvm(lowered, Syntax::Modern),
        export: crate::upstream::export(m)?,
    })
}

/// Why a module has no comparison to make: it does not lower or export (which is for
/// other oracles to judge).
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    #[error("{}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; "))]
    Lower(Vec<converter::Diagnostic>),
    #[error(transparent)]
    Export(#[from] crate::upstream::UpstreamError),
}

/// The comparison's inputs for a verified Standard module (lowered here with the default
/// pass options).
pub fn prepare(m: &Module, index_bitwidth: u32) -> Result<Pending, PrepareError> {
    prepare_with(m, index_bitwidth, PassOptions::default())
}

/// [`prepare`] with these pass options (see [`compared`] for those it compares).
pub fn prepare_with(
    m: &Module,
    index_bitwidth: u32,
    pass: PassOptions,
) -> Result<Pending, PrepareError> {
    let opts: LowerOptions = pass.lower_options(index_bitwidth, false);
    let lowered = lower_module(m, &opts).map_err(PrepareError::Lower)?;
    Ok(prepare_lowered(
        m,
        &lowered,
        index_bitwidth,
        pass.use_bare_ptr_memref_call_conv,
    )?)
}

/// The outcome for a pending module given `mlir-opt`'s answer on it.
pub fn resolve(p: &Pending, upstream: Result<String, String>) -> Outcome {
    match upstream {
        Err(e) => Outcome::Unsupported(e),
        Ok(text) if !fully_lowered(&text) => Outcome::Unsupported(
            "mlir-opt left ops unlowered (it reported a pattern failure, e.g. a module's own malloc of another type than it calls)".into(),
        ),
        Ok(text) => match compare_texts(&p.std, &p.ours, &crate::upstream_release::comparable(text)) {
            Ok(()) => Outcome::Agree,
            Err(detail) => Outcome::Finding(detail),
        },
    }
}

/// Whether `mlir-opt`'s output is all LLVM dialect: a conversion pattern that fails
/// (MLIR 22 refuses to call a module's own `malloc(i64)` at a 32-bit index, where it
/// calls `malloc(i32)`) reports an error and still prints the module, with the op it
/// could not convert (`memref.alloc`) behind an unrealized cast. Such a module is not
/// MLIR 22's lowering and is not compared.
fn fully_lowered(text: &str) -> bool {
    !text.contains("unrealized_conversion_cast") && !text.contains(" memref.")
}

/// Compares our printed lowering with upstream's: `Err` lists what differs after the
/// normalizations (or says a text could not be read).
pub fn compare_texts(std: &StdInfo, ours: &str, upstream: &str) -> Result<(), String> {
    let mut o = reader::read_module(ours).map_err(|e| format!("cannot read our lowering: {e}"))?;
    let mut u = reader::read_module(upstream)
        .map_err(|e| format!("cannot read mlir-opt's lowering: {e}"))?;
    normalize::normalize(&mut o, &mut u, std);
    let diffs = differences(&o, &u);
    if diffs.is_empty() {
        return Ok(());
    }
    let mut d = format!(
        "our lowering differs from mlir-opt 22's: {}",
        diffs.first().cloned().unwrap_or_default()
    );
    for line in diffs.iter().skip(1).take(MAX_LISTED - 1) {
        d.push_str("\n  ");
        d.push_str(line);
    }
    if diffs.len() > MAX_LISTED {
        d.push_str(&format!("\n  ... and {} more", diffs.len() - MAX_LISTED));
    }
    Err(d)
}

fn show_slot(s: &Slot) -> String {
    if s.attrs.is_empty() {
        return s.ty.clone();
    }
    format!("{} {}", s.ty, show_attrs(&s.attrs))
}

fn show_attrs(a: &reader::Attrs) -> String {
    let items: Vec<String> = a
        .iter()
        .map(|(k, v)| {
            if v.is_empty() {
                k.clone()
            } else {
                format!("{k} = {v}")
            }
        })
        .collect();
    format!("{{{}}}", items.join(", "))
}

fn show_result(r: &Option<Slot>) -> String {
    r.as_ref().map_or("()".into(), show_slot)
}

fn show_call(c: &Call) -> String {
    let ps: Vec<String> = c.params.iter().map(show_slot).collect();
    let mut s = format!("({}) -> {}", ps.join(", "), show_result(&c.result));
    if !c.attrs.is_empty() {
        s = format!("{} : {s}", show_attrs(&c.attrs));
    }
    s
}

/// The differences between two normalized sides, one line each, naming the function.
pub fn differences(ours: &[Func], up: &[Func]) -> Vec<String> {
    let o: BTreeMap<&str, &Func> = ours.iter().map(|f| (f.name.as_str(), f)).collect();
    let u: BTreeMap<&str, &Func> = up.iter().map(|f| (f.name.as_str(), f)).collect();
    let mut out = Vec::new();
    let declared = |f: &Func| if f.defined { "defines" } else { "declares" };
    for (name, f) in &u {
        if !o.contains_key(name) {
            out.push(format!(
                "@{name}: upstream {} it ({}), we do not",
                declared(f),
                signature(f)
            ));
        }
    }
    for (name, a) in &o {
        let Some(b) = u.get(name) else {
            out.push(format!(
                "@{name}: we {} it ({}), upstream does not",
                declared(a),
                signature(a)
            ));
            continue;
        };
        compare_funcs(name, a, b, &mut out);
    }
    out
}

fn signature(f: &Func) -> String {
    let ps: Vec<String> = f.params.iter().map(show_slot).collect();
    let mut s = format!("({}) -> {}", ps.join(", "), show_result(&f.result));
    if !f.attrs.is_empty() {
        s.push_str(&format!(" attributes {}", show_attrs(&f.attrs)));
    }
    s
}

/// A function's calls by callee (`%` for the indirect ones), in order.
fn by_callee(f: &Func) -> BTreeMap<String, Vec<&Call>> {
    let mut m: BTreeMap<String, Vec<&Call>> = BTreeMap::new();
    for c in &f.calls {
        let key = c.callee.as_ref().map_or("%".into(), |n| format!("@{n}"));
        m.entry(key).or_default().push(c);
    }
    m
}

fn compare_funcs(name: &str, a: &Func, b: &Func, out: &mut Vec<String>) {
    let mut diff = |what: String, ours: String, up: String| {
        out.push(format!("@{name}: {what}: ours `{ours}`, upstream `{up}`"));
    };
    if a.defined != b.defined {
        let d = |f: &Func| {
            if f.defined {
                "definition"
            } else {
                "declaration"
            }
            .to_string()
        };
        diff("kind".into(), d(a), d(b));
    }
    if a.keywords != b.keywords {
        diff(
            "keywords".into(),
            a.keywords.join(" "),
            b.keywords.join(" "),
        );
    }
    if a.params.len() != b.params.len() || a.variadic != b.variadic {
        diff("signature".into(), signature(a), signature(b));
    } else {
        for (k, (p, q)) in a.params.iter().zip(&b.params).enumerate() {
            if p.ty != q.ty {
                diff(format!("parameter {k} type"), p.ty.clone(), q.ty.clone());
            }
            if p.attrs != q.attrs {
                diff(
                    format!("parameter {k} attributes"),
                    show_attrs(&p.attrs),
                    show_attrs(&q.attrs),
                );
            }
        }
    }
    match (&a.result, &b.result) {
        (Some(p), Some(q)) => {
            if p.ty != q.ty {
                diff("result type".into(), p.ty.clone(), q.ty.clone());
            }
            if p.attrs != q.attrs {
                diff(
                    "result attributes".into(),
                    show_attrs(&p.attrs),
                    show_attrs(&q.attrs),
                );
            }
        }
        (None, None) => {}
        (p, q) => diff("result".into(), show_result(p), show_result(q)),
    }
    if a.attrs != b.attrs {
        diff(
            "function attributes".into(),
            show_attrs(&a.attrs),
            show_attrs(&b.attrs),
        );
    }
    // Terminators that carry attributes, in order.
    if !normalize::merged_terminators(&a.terminators, &b.terminators) {
        let show = |ts: &[(String, reader::Attrs)]| {
            ts.iter()
                .map(|(n, at)| format!("{n} {}", show_attrs(at)))
                .collect::<Vec<_>>()
                .join("; ")
        };
        diff(
            "terminators with attributes".into(),
            show(&a.terminators),
            show(&b.terminators),
        );
    }
    // Calls, callee by callee (`%` for the indirect ones).
    let (ca, cb) = (by_callee(a), by_callee(b));
    let keys: BTreeSet<&String> = ca.keys().chain(cb.keys()).collect();
    for k in keys {
        let (x, y) = (
            ca.get(k).cloned().unwrap_or_default(),
            cb.get(k).cloned().unwrap_or_default(),
        );
        if normalize::merged_call_sites(&x, &y) {
            continue;
        }
        let what = format!("calls of {k}");
        if x.len() == y.len() {
            if let Some((i, (p, q))) = x.iter().zip(&y).enumerate().find(|(_, (p, q))| p != q) {
                diff(format!("{what}, call {i}"), show_call(p), show_call(q));
            }
        } else {
            let shapes = |cs: &[&Call]| {
                let set: BTreeSet<String> = cs.iter().map(|c| show_call(c)).collect();
                format!(
                    "{} x {}",
                    cs.len(),
                    set.into_iter().collect::<Vec<_>>().join(" | ")
                )
            };
            diff(what, shapes(&x), shapes(&y));
        }
    }
}

/// Lowers each upstream-syntax text with `mlir-opt` (the pipeline of
/// [`crate::upstream::pipeline`] at `index_bitwidth`): its LLVM-dialect text, or why
/// not, in a run alone's words, through the selected release's batches
/// ([`crate::upstream_release::lower_batch`]: nested modules, through our worker for
/// MLIR 22; what fails, alone).
pub fn lower_batch(texts: &[String], index_bitwidth: u32) -> Vec<Result<String, String>> {
    lower_batch_with(texts, index_bitwidth, PassOptions::default())
}

/// [`lower_batch`] with these pass options in the pipeline.
pub fn lower_batch_with(
    texts: &[String],
    index_bitwidth: u32,
    pass: PassOptions,
) -> Vec<Result<String, String>> {
    let t = match crate::upstream_release::selected() {
        Ok(t) => t,
        Err(e) => return vec![Err(e.to_string()); texts.len()],
    };
    let args = match crate::upstream::host_data_layout() {
        Ok(dl) => crate::upstream_release::pipeline(t.release, index_bitwidth, pass, dl),
        Err(e) => return vec![Err(e.to_string()); texts.len()],
    };
    crate::upstream_release::lower_batch(t, texts, &args)
}

/// `mlir-opt`'s lowering of each pending module, one process per index width and
/// calling convention.
pub fn lower_pending(pending: &[&Pending]) -> Vec<Result<String, String>> {
    let mut answers: Vec<Result<String, String>> = vec![Err(String::new()); pending.len()];
    let key = |p: &Pending| (p.std.index_bitwidth, p.std.bare_ptr);
    let groups: BTreeSet<(u32, bool)> = pending.iter().map(|p| key(p)).collect();
    for (ib, bare) in groups {
        let ks: Vec<usize> = (0..pending.len())
            .filter(|&k| key(pending[k]) == (ib, bare))
            .collect();
        let texts: Vec<String> = ks.iter().map(|&k| pending[k].export.clone()).collect();
        let pass = PassOptions {
            use_bare_ptr_memref_call_conv: bare,
            ..PassOptions::default()
        };
        for (k, a) in ks.into_iter().zip(lower_batch_with(&texts, ib, pass)) {
            answers[k] = a;
        }
    }
    answers
}

/// Whether the oracle compares a case run with these options: with the default pass
/// options, or under `--use-bare-ptr-memref-call-conv` (its memref results, which MLIR
/// 22 returns as one pointer, normalized: [`normalize::bare_ptr_result_is_descriptor`]).
/// `--use-aligned-alloc` changes runtime declarations in ways whose upstream counterpart
/// has a known bug (docs/findings/mlir22-index32-alloc-truncates.md) and no
/// normalization here yet; such cases count as not compared.
pub fn compared(exec: &crate::exec::ExecOptions) -> bool {
    !exec.pass.use_aligned_alloc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_the_function_and_what_differs() {
        let ours = reader::read_module(
            "llvm.func @free(!llvm.ptr)\nllvm.func @f(%arg0: !llvm.ptr, %arg1: i32) -> i32 {\n  \
             llvm.call @free(%arg0) : (!llvm.ptr) -> ()\n}\n",
        )
        .unwrap();
        let up = reader::read_module(
            "llvm.func @malloc(i64) -> !llvm.ptr\nllvm.func @f(%arg0: !llvm.ptr<3>, %arg1: i32 {llvm.zeroext}) -> i32 {\n  \
             llvm.call @free(%arg0) {x} : (!llvm.ptr) -> ()\n}\nllvm.func @free(!llvm.ptr)\n",
        )
        .unwrap();
        let d = differences(&ours, &up);
        assert_eq!(
            d,
            vec![
                "@malloc: upstream declares it ((i64) -> !llvm.ptr), we do not",
                "@f: parameter 0 type: ours `!llvm.ptr`, upstream `!llvm.ptr<3>`",
                "@f: parameter 1 attributes: ours `{}`, upstream `{llvm.zeroext}`",
                "@f: calls of @free, call 0: ours `(!llvm.ptr) -> ()`, upstream `{x} : (!llvm.ptr) -> ()`",
            ]
        );
        assert!(differences(&ours, &ours).is_empty());
    }
}
