//! Calls past the inlining depth, by the callee's contract.
//!
//! A call deeper than `walk::INLINE_DEPTH` (recursion, mostly) is not inlined: on both
//! sides it becomes the same uninterpreted functions of its argument leaves: `R_j` for
//! each result leaf, `U` (the source callee is undefined there) and `Cs`/`Ct` (the
//! source / lowered callee runs past the unroll bound). The source takes `R_j` as its
//! results, undefined under `U` and cut under `Cs`. The lowered side takes `R_j` too,
//! cut under `Ct`, and undefined under `U`, `Cs` or a poison argument (the worst it
//! could do there). Every callee summarised so must itself be proved, with the same
//! contracts (`query::prove` proves each one used): then, by induction on the height
//! of the lowered call tree, each lowered callee refines its source wherever the
//! contract says so, and the proofs hold for the real callees (they hold for every
//! interpretation of the functions, the source callee's own among them).
//!
//! Only callees whose arguments and results are scalars or vectors qualify: they
//! cannot touch their caller's memory. A NaN's sign (`crate::nan`) reaches a result
//! only through `copysign`: a callee that may call one (itself or through its callees)
//! also takes each float argument's NaN sign bit, and an argument whose sign the model
//! does not know is not claimed where it is a NaN.

use crate::smt::{Smt, Stop};
use crate::value::{build, leaf_of, SVal};
use converter::ir::{Body, Module, OpData, StdOp, Type};
use easy_smt::SExpr;
use std::collections::HashMap;

/// The callees that may be summarised, each with whether a NaN's sign can reach its
/// results (it may run a `copysign`).
pub type Callees = HashMap<String, bool>;

/// The functions of `src` that qualify for a contract (a body; scalar or vector
/// arguments and results).
pub fn callees(src: &Module) -> Callees {
    let plain = |t: &Type| match t {
        Type::Vector(v) => crate::value::scalar(&v.elem, 64).is_some(),
        t => crate::value::scalar(t, 64).is_some(),
    };
    let mut signs: HashMap<&str, bool> = HashMap::new();
    let mut calls: HashMap<&str, Vec<String>> = HashMap::new();
    for f in &src.funcs {
        let Some(b) = &f.body else { continue };
        let mut sign = false;
        let mut cs = Vec::new();
        for o in b.walk_ops() {
            let op = b.op(o);
            match op.kind.std() {
                Some(StdOp::CopySign) | Some(StdOp::CallIndirect) => sign = true,
                Some(StdOp::Call) => cs.extend(crate::std_sem::callee(op).ok()),
                _ => {}
            }
        }
        signs.insert(&f.name, sign);
        calls.insert(&f.name, cs);
    }
    // A callee that calls one that may read a NaN's sign may too (to a fixpoint).
    loop {
        let mut changed = false;
        for (f, cs) in &calls {
            let reads = cs
                .iter()
                .any(|c| signs.get(c.as_str()).copied().unwrap_or(true));
            if reads && !signs[f] {
                signs.insert(f, true);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    src.funcs
        .iter()
        .filter(|f| f.body.is_some())
        .filter(|f| {
            f.std_type()
                .is_some_and(|t| t.inputs.iter().all(plain) && t.results.iter().all(plain))
        })
        .map(|f| (f.name.clone(), signs[f.name.as_str()]))
        .collect()
}

/// The functions standing for one callee, declared on first use.
#[derive(Clone, Debug)]
pub struct Declared {
    /// The sorts of the argument leaves (and NaN sign bits).
    args: Vec<SExpr>,
    /// The name and sort of each result leaf's function.
    results: Vec<(String, SExpr)>,
    undefined: String,
    cut_src: String,
    cut_tgt: String,
}

/// A call's effect on the walk.
pub struct Summary {
    pub results: Vec<SVal>,
    pub ub: SExpr,
    pub cut: SExpr,
}

/// The call `op` of `callee` (in `body`) with argument values `args`, summarised by
/// the contract; `lowered` for the LLVM side. `index_bits` is the width `build` gives
/// `index` (the source's; 64 on the lowered side, where it is already an integer).
pub fn summarise(
    smt: &mut Smt,
    callees: &Callees,
    (body, op): (&Body, &OpData),
    callee: &str,
    args: &[SVal],
    (lowered, index_bits): (bool, u32),
) -> Result<Summary, Stop> {
    let not = || {
        Stop::NotModelled(format!(
            "calls deeper than {} (to a callee with memref arguments or results)",
            crate::walk::INLINE_DEPTH
        ))
    };
    let signs = *callees.get(callee).ok_or_else(not)?;
    let mut leaves = Vec::new();
    for a in args {
        a.leaves(&mut leaves);
    }
    let mut terms = Vec::new();
    let mut sorts = Vec::new();
    let mut poison = Vec::new();
    for l in &leaves {
        let (v, s) = match l {
            SVal::Int { w, v, .. } => (*v, smt.bv_sort(*w)),
            SVal::Float { k, v, .. } => (*v, smt.fp_sort(*k)),
            _ => return Err(not()),
        };
        terms.push(v);
        sorts.push(s);
        poison.push(l.poison()?);
    }
    if signs {
        // The sign bit of each float argument where it is a NaN.
        for l in &leaves {
            if let SVal::Float { v, .. } = l {
                let s = match crate::nan::sign(smt, *v) {
                    Some(s) => s,
                    None => {
                        let is_nan = smt.app("fp.isNaN", vec![*v]);
                        smt.nan_dep.push(is_nan);
                        smt.ctx.false_()
                    }
                };
                terms.push(s);
                sorts.push(smt.ctx.bool_sort());
            }
        }
    }
    // The result leaves, in order, with their sorts.
    let mut shapes = Vec::new();
    for &r in &op.results {
        let mut sorts_r = Vec::new();
        build(body.value_type(r), index_bits, &mut |s| {
            sorts_r.push(s);
            Ok(leaf_of(s, smt.ctx.false_(), smt.ctx.false_()))
        })?;
        shapes.push(sorts_r);
    }
    let result_sorts: Vec<SExpr> = shapes
        .iter()
        .flatten()
        .map(|s| crate::value::sort(smt, *s))
        .collect();
    let d = declare(smt, callee, &sorts, &result_sorts)?;
    let apply = |smt: &Smt, f: &str| {
        if terms.is_empty() {
            smt.ctx.atom(f)
        } else {
            smt.app(f, terms.clone())
        }
    };
    let mut rs = d.results.iter();
    let mut results = Vec::new();
    let f = smt.ctx.false_();
    for &r in &op.results {
        let v = build(body.value_type(r), index_bits, &mut |s| {
            let (name, _) = rs.next().ok_or_else(not)?;
            Ok(leaf_of(s, apply(smt, name), f))
        })?;
        results.push(v);
    }
    let undefined = apply(smt, &d.undefined);
    let cut_src = apply(smt, &d.cut_src);
    let (ub, cut) = if smt.cut_deep {
        // Not claimed: the path is cut here (`query::query`).
        (smt.ctx.false_(), smt.ctx.true_())
    } else if lowered {
        let cut = apply(smt, &d.cut_tgt);
        let mut bad = vec![undefined, cut_src];
        bad.extend(poison);
        (smt.ctx.or_many(bad), cut)
    } else {
        (undefined, cut_src)
    };
    smt.contracts_used.insert(callee.to_string());
    Ok(Summary {
        results,
        ub: smt.def_bool(ub)?,
        cut: smt.def_bool(cut)?,
    })
}

/// The functions of `callee`, declared with these sorts on first use; a second use
/// with other sorts (the lowered arguments of other types than the source's) is not
/// modelled.
fn declare(
    smt: &mut Smt,
    callee: &str,
    args: &[SExpr],
    results: &[SExpr],
) -> Result<Declared, Stop> {
    if let Some(d) = smt.contracts.get(callee) {
        let same = d.args == args
            && d.results
                .iter()
                .map(|(_, s)| *s)
                .eq(results.iter().copied());
        if !same {
            return Err(Stop::NotModelled(format!(
                "a call of @{callee} whose lowered arguments or results have other types"
            )));
        }
        return Ok(d.clone());
    }
    let n = smt.contracts.len();
    let b = smt.ctx.bool_sort();
    let mut fun = |name: String, sort: SExpr| -> Result<String, Stop> {
        if args.is_empty() {
            smt.ctx.declare_const(name.clone(), sort)?;
        } else {
            smt.ctx.declare_fun(name.clone(), args.to_vec(), sort)?;
        }
        Ok(name)
    };
    let mut rs = Vec::new();
    for (j, s) in results.iter().enumerate() {
        rs.push((fun(format!("contract{n}_r{j}"), *s)?, *s));
    }
    let d = Declared {
        args: args.to_vec(),
        results: rs,
        undefined: fun(format!("contract{n}_ub"), b)?,
        cut_src: fun(format!("contract{n}_cuts"), b)?,
        cut_tgt: fun(format!("contract{n}_cutt"), b)?,
    };
    smt.contracts.insert(callee.to_string(), d.clone());
    Ok(d)
}
