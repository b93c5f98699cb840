//! The refinement query for one function: symbolic arguments shared by both sides, both
//! bodies run, and the question whether some input has a defined source run (within the
//! unroll bound) whose lowered run is undefined, returns poison, returns other values,
//! or (stated, not claimed) exceeds the bound. A model of that question is a
//! counterexample, read back as `--arg` texts.

use crate::llvm_sem::LlvmSem;
use crate::model::arg_text;
use crate::smt::{Smt, Stop};
use crate::std_sem::StdSem;
use crate::value::{build, leaf_of, sort, SVal, Scalar};
use crate::walk;
use crate::{Options, Verdict};
use converter::ir::{Module, Type};
use easy_smt::{Response, SExpr};

/// Decides whether `lowered`'s `@name` refines `src`'s.
pub fn prove(src: &Module, lowered: &Module, name: &str, opts: &Options) -> Result<Verdict, Stop> {
    let f = src
        .func(name)
        .ok_or_else(|| Stop::NotModelled(format!("no function @{name}")))?;
    let ft = f
        .std_type()
        .ok_or_else(|| Stop::NotModelled("not a Standard function".into()))?;
    let body = f
        .body
        .as_ref()
        .ok_or_else(|| Stop::NotModelled("an external function".into()))?;
    for t in ft.inputs.iter().chain(&ft.results) {
        check_type(t)?;
    }
    let lf = lowered
        .func(name)
        .ok_or_else(|| Stop::NotModelled(format!("no lowered function @{name}")))?;
    let lbody = lf
        .body
        .as_ref()
        .ok_or_else(|| Stop::NotModelled("the lowered function has no body".into()))?;
    let lty = match &lf.ty {
        Type::LlvmFunc(t) => t.clone(),
        _ => {
            return Err(Stop::NotModelled(
                "the lowered function is not an llvm.func".into(),
            ))
        }
    };
    if lty.params.len() != ft.inputs.len() {
        return Err(Stop::NotModelled(
            "a lowered signature with other parameters than the source's".into(),
        ));
    }

    let mut smt = Smt::start(opts.solver, opts.timeout)?;
    let ib = opts.index_bits;
    // The arguments: one declared constant per scalar leaf, shared by both sides.
    let mut leaves: Vec<(SExpr, Scalar)> = Vec::new();
    let mut src_args = Vec::new();
    let f_ = smt.ctx.false_();
    for (i, t) in ft.inputs.iter().enumerate() {
        let v = build(t, ib, &mut |s| {
            let srt = sort(&smt, s);
            let n = format!("arg{i}_{}", leaves.len());
            let v = smt.ctx.declare_const(n, srt)?;
            leaves.push((v, s));
            Ok(leaf_of(s, v, f_))
        })?;
        src_args.push(v);
    }
    let mut tgt_args = Vec::new();
    for (sv, lt) in src_args.iter().zip(&lty.params) {
        let mut ls = Vec::new();
        sv.leaves(&mut ls);
        let mut it = ls.into_iter();
        let v = build(lt, 64, &mut |s| {
            let l = it
                .next()
                .ok_or_else(|| Stop::NotModelled("an argument of another shape".into()))?;
            match (s, &l) {
                (Scalar::Int(w), SVal::Int { w: w2, .. }) if w == *w2 => Ok(l),
                (Scalar::Float(k), SVal::Float { k: k2, .. }) if k == *k2 => Ok(l),
                _ => Err(Stop::NotModelled("an argument of another type".into())),
            }
        })?;
        tgt_args.push(v);
    }

    let s = walk::run(
        &mut smt,
        &mut StdSem::new(ib),
        src,
        body,
        src_args,
        opts.unroll,
    )?;
    let t = walk::run(
        &mut smt,
        &mut LlvmSem::default(),
        lowered,
        lbody,
        tgt_args,
        opts.unroll,
    )?;
    let Some(s_res) = s.results else {
        return Ok(Verdict::Unknown {
            reason: format!("every path runs longer than unroll {}", opts.unroll),
        });
    };
    let mut s_leaves = Vec::new();
    s_res.iter().for_each(|v| v.leaves(&mut s_leaves));
    let mut t_leaves = Vec::new();
    if let Some(tr) = &t.results {
        tr.iter().for_each(|v| v.leaves(&mut t_leaves));
    }
    let c = &smt.ctx;
    let mut wrong = vec![t.ub];
    if t.results.is_some() {
        if s_leaves.len() != t_leaves.len() {
            return Err(Stop::NotModelled(
                "lowered results of another shape than the source's".into(),
            ));
        }
        for (a, b) in s_leaves.iter().zip(&t_leaves) {
            wrong.push(b.poison()?);
            wrong.push(c.not(c.eq(a.term()?, b.term()?)));
        }
    }
    let query = c.and_many([c.not(s.ub), c.not(s.cut), c.not(t.cut), c.or_many(wrong)]);
    smt.ctx.assert(query)?;
    match smt.ctx.check()? {
        Response::Unsat => Ok(Verdict::Proved {
            bounds: format!("unroll {}", opts.unroll),
        }),
        Response::Unknown => Ok(Verdict::Unknown {
            reason: format!("the solver gave up within {:?}", opts.timeout),
        }),
        Response::Sat => {
            let vals = smt
                .ctx
                .get_value(leaves.iter().map(|(v, _)| *v).collect())?;
            let mut it = vals
                .into_iter()
                .zip(&leaves)
                .map(|((_, v), (_, s))| (v, *s));
            let mut args = Vec::new();
            for t in &ft.inputs {
                args.push(arg_text(&smt, t, ib, &mut it)?);
            }
            Ok(Verdict::Refuted { args })
        }
    }
}

/// Whether the validator models values of type `t` (scalars and vectors of them).
fn check_type(t: &Type) -> Result<(), Stop> {
    match t {
        Type::Int(_) | Type::Index | Type::F16 | Type::BF16 | Type::F32 | Type::F64 => Ok(()),
        Type::Vector(v) => check_type(&v.elem),
        Type::MemRef(_) | Type::UnrankedMemRef(..) => {
            Err(Stop::NotModelled("memref arguments and results".into()))
        }
        other => Err(Stop::NotModelled(format!("arguments of type {other}"))),
    }
}
