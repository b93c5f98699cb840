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
use std::collections::BTreeSet;

/// Decides whether `lowered`'s `@name` refines `src`'s.
/// With `wrapper`, the lowered function is the C wrapper `_mlir_ciface_NAME`: each
/// memref passed as a pointer to its descriptor, aggregate results (a memref, or two
/// results or more) stored through a pointer passed first.
///
/// A call past the inlining depth is summarised by its callee's contract
/// (`crate::contract`): each callee so summarised is then proved too, with the same
/// contracts, and the answer is a proof only when every one of them is proved.
pub fn prove(
    src: &Module,
    lowered: &Module,
    name: &str,
    opts: &Options,
    wrapper: bool,
    alias: &[Option<usize>],
    ranks: &[Option<u32>],
) -> Result<Verdict, Stop> {
    let mut used = BTreeSet::new();
    let v = prove_one(src, lowered, name, opts, (wrapper, alias, ranks), &mut used)?;
    let Verdict::Proved { bounds } = v else {
        return Ok(v);
    };
    if used.is_empty() {
        return Ok(Verdict::Proved { bounds });
    }
    let mut done: BTreeSet<String> = BTreeSet::new();
    if !wrapper {
        done.insert(name.to_string());
    }
    while let Some(g) = used.iter().find(|g| !done.contains(*g)).cloned() {
        done.insert(g.clone());
        match prove_one(src, lowered, &g, opts, (false, &[], &[]), &mut used)? {
            Verdict::Proved { .. } => {}
            v => {
                return Ok(Verdict::Unknown {
                    reason: format!(
                        "a call past depth {} of @{g}, whose contract is not proved ({})",
                        walk::INLINE_DEPTH,
                        v.render()
                    ),
                })
            }
        }
    }
    Ok(Verdict::Proved {
        bounds: format!(
            "{bounds}, calls past depth {} by contract: {}",
            walk::INLINE_DEPTH,
            used.iter()
                .map(|g| format!("@{g}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    })
}

/// One query; adds to `used` the callees it summarised by their contracts.
fn prove_one(
    src: &Module,
    lowered: &Module,
    name: &str,
    opts: &Options,
    how: (bool, &[Option<usize>], &[Option<u32>]),
    used: &mut BTreeSet<String>,
) -> Result<Verdict, Stop> {
    query(src, lowered, name, opts, how, used, (false, true))
}

/// One query. With `cut_deep`, a call past the inlining depth is not claimed (its
/// path is cut) instead of summarised by its callee's contract: a counterexample found
/// through a contract may need a callee that no real callee is (the two sides may
/// reach the contract at different depths, with different arguments), so only one
/// found without contracts is trusted. With `loops`, loops are first proved block by
/// block where the converter's hints allow (else, and where that makes no proof,
/// unrolled).
fn query(
    src: &Module,
    lowered: &Module,
    name: &str,
    opts: &Options,
    (wrapper, alias, ranks): (bool, &[Option<usize>], &[Option<u32>]),
    used: &mut BTreeSet<String>,
    (cut_deep, loops): (bool, bool),
) -> Result<Verdict, Stop> {
    let mut cx = ArgCx::default();
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
    for t in &ft.results {
        match t {
            Type::UnrankedMemRef(..) if wrapper => {
                return Err(Stop::NotModelled(
                    "unranked memref results of a C wrapper".into(),
                ))
            }
            Type::MemRef(_) | Type::UnrankedMemRef(..) => {
                let e = memref_elem(t).expect("a memref");
                crate::value::mem_elem(e, opts.index_bits)
                    .ok_or_else(|| Stop::NotModelled(format!("memref results of {e}")))?;
            }
            t => check_type(t)?,
        }
    }
    for t in &ft.inputs {
        match t {
            Type::MemRef(_) => {}
            Type::UnrankedMemRef(..) => {}
            t => check_type(t)?,
        }
    }
    let lname = if wrapper {
        format!("_mlir_ciface_{name}")
    } else {
        name.to_string()
    };
    let lf = lowered
        .func(&lname)
        .ok_or_else(|| Stop::NotModelled(format!("no lowered function @{lname}")))?;
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
    // The function returning the results: the wrapper returns them through its
    // out-pointer, with the type of the function it wraps.
    let returned = match (wrapper, lowered.func(name).map(|f| &f.ty)) {
        (true, Some(Type::LlvmFunc(t))) => &t.result,
        _ => &lty.result,
    };
    results_in_space(&ft.results, returned)?;
    let mut smt = Smt::start(opts.solver, opts.timeout)?;
    smt.cut_deep = cut_deep;
    let ib = opts.index_bits;
    let mut ssem = StdSem::new(ib);
    let mut tsem = LlvmSem {
        index_bits: ib,
        ..LlvmSem::default()
    };
    let callees = crate::contract::callees(src);
    ssem.callees = callees.clone();
    tsem.callees = callees;
    // The arguments, shared by both sides: one declared constant per scalar leaf; for
    // a memref, its dynamic sizes (at most MEMREF_BOUND) and its contents.
    let mut args_in: Vec<ArgModel> = Vec::new();
    let mut src_args = Vec::new();
    let mut tgt_args = Vec::new();
    let mut params = lty.params.iter();
    let f_ = smt.ctx.false_();
    tsem.result_elems = ft
        .results
        .iter()
        .map(|t| memref_elem(t).and_then(|e| crate::value::mem_elem(e, ib).map(|e| e.0)))
        .collect();
    let by_ptr = ft.results.len() >= 2 || matches!(ft.results.first(), Some(Type::MemRef(_)));
    if wrapper && by_ptr {
        // The out-pointer: a block of the size of what the function returns.
        let rt = match lowered.func(name).map(|f| &f.ty) {
            Some(Type::LlvmFunc(t)) => t.result.clone(),
            _ => return Err(Stop::NotModelled("a wrapper without its function".into())),
        };
        params
            .next()
            .ok_or_else(|| Stop::NotModelled("a wrapper without its out-pointer".into()))?;
        let size = smt.bv(64, crate::llvm_sem::size_of(&rt)? as i128);
        let b = tsem.mem.alloc(&smt, size, true);
        // The caller's block is aligned for what it holds (vectors may need more than 16).
        tsem.mem.blocks[b].align = crate::llvm_sem::align_of(&rt)?.max(16);
        tsem.out_block = Some((b, rt));
        tgt_args.push(SVal::Ptr {
            blk: Some(b),
            off: smt.bv(64, 0),
            p: f_,
        });
    }
    for (i, t) in ft.inputs.iter().enumerate() {
        // An unranked memref argument: a ranked one of the configuration's rank, every
        // size dynamic, passed as its rank and a pointer to its descriptor.
        let unranked = match t {
            Type::UnrankedMemRef(e, space) => Some(converter::ir::MemRefType {
                shape: vec![None; ranks.get(i).copied().flatten().unwrap_or(0) as usize],
                elem: (**e).clone(),
                layout: converter::ir::Layout::Identity,
                memory_space: *space,
            }),
            _ => None,
        };
        if let Some(mt) = unranked.as_ref().or(match t {
            Type::MemRef(mt) => Some(mt),
            _ => None,
        }) {
            cx.unranked = unranked.is_some();
            let (sv, tv, model) = memref_arg(
                &mut smt,
                &mut ssem,
                &mut tsem,
                &mut params,
                i,
                mt,
                ib,
                wrapper,
                alias.get(i).copied().flatten(),
                &mut cx,
            )?;
            src_args.push(sv);
            tgt_args.extend(tv);
            args_in.push(model);
            continue;
        }
        let mut leaves: Vec<(SExpr, Scalar)> = Vec::new();
        let v = build(t, ib, &mut |s| {
            let srt = sort(&smt, s);
            let n = format!("arg{i}_{}", leaves.len());
            let v = smt.ctx.declare_const(n.clone(), srt)?;
            if let Scalar::Float(_) = s {
                // The sign bit where it is a NaN (`crate::nan`).
                let b = smt.ctx.bool_sort();
                let ns = smt.ctx.declare_const(format!("nan_{n}"), b)?;
                smt.nan_sign.insert(v, ns);
            }
            leaves.push((v, s));
            Ok(leaf_of(s, v, f_))
        })?;
        let lt = params
            .next()
            .ok_or_else(|| Stop::NotModelled("a lowered signature with fewer parameters".into()))?;
        let mut ls = Vec::new();
        v.leaves(&mut ls);
        let mut it = ls.into_iter();
        let tv = build(lt, 64, &mut |s| {
            let l = it
                .next()
                .ok_or_else(|| Stop::NotModelled("an argument of another shape".into()))?;
            match (s, &l) {
                (Scalar::Int(w), SVal::Int { w: w2, .. }) if w == *w2 => Ok(l),
                (Scalar::Float(k), SVal::Float { k: k2, .. }) if k == *k2 => Ok(l),
                _ => Err(Stop::NotModelled("an argument of another type".into())),
            }
        })?;
        src_args.push(v);
        tgt_args.push(tv);
        args_in.push(ArgModel::Leaves(leaves));
    }
    if params.next().is_some() {
        return Err(Stop::NotModelled(
            "a lowered signature with more parameters".into(),
        ));
    }
    let has_memref = args_in.iter().any(|a| matches!(a, ArgModel::MemRef { .. }));

    // Loops for any number of iterations, where the converter's hints make a proof.
    if let Some(hints) = opts
        .hints
        .as_ref()
        .and_then(|h| h.get(name))
        .filter(|_| !wrapper && loops && !crate::cfg::headers(body).is_empty())
    {
        let sides = crate::loops::Sides {
            src,
            lowered,
            body,
            lbody,
            results: &ft.results,
            index_bits: ib,
            hints,
        };
        match crate::loops::prove(&mut smt, &mut ssem, &mut tsem, &sides, &src_args, &tgt_args) {
            Ok(true) => {
                // The callees summarised by their contracts are proved too (`prove`).
                used.extend(smt.contracts_used.iter().cloned());
                let bounds = bounds(has_memref, cx.layout, "any iteration count");
                return Ok(Verdict::Proved { bounds });
            }
            // No proof for any iteration count, or the solver stopped inside it (its
            // time limit, or the hard limit that ends the process): unrolled instead,
            // in a session of its own, so that what the loop proof spent of the
            // solver's limits is not taken from the unrolled query.
            Ok(false) | Err(Stop::Solver(_)) => {
                drop(smt);
                let how = (wrapper, alias, ranks);
                return query(src, lowered, name, opts, how, used, (cut_deep, false));
            }
            Err(e) => return Err(e),
        }
    }
    let s = walk::run(&mut smt, &mut ssem, src, body, src_args, opts.unroll)?;
    // An unranked result: the lowered descriptor is read at the rank the source's has
    // (the number of its sizes).
    if let Some(rs) = &s.results {
        tsem.result_ranks = ft
            .results
            .iter()
            .zip(rs)
            .map(|(t, v)| match (t, v.elems().ok().and_then(|x| x.first())) {
                (Type::UnrankedMemRef(..), Some(SVal::Agg(sizes))) => Some(sizes.len()),
                _ => None,
            })
            .collect();
    }
    let t = walk::run(&mut smt, &mut tsem, lowered, lbody, tgt_args, opts.unroll)?;
    let Some(s_res) = s.results else {
        return Ok(Verdict::Unknown {
            reason: format!("every path runs longer than unroll {}", opts.unroll),
        });
    };
    let mut wrong = vec![t.ub];
    // A memref result whose allocated pointer the caller cannot free (apart: interp
    // and run never free a result, so only this cannot replay).
    let mut unfreeable = Vec::new();
    if let Some(t_res) = &t.results {
        if s_res.len() != t_res.len() {
            return Err(Stop::NotModelled(
                "lowered results of another shape than the source's".into(),
            ));
        }
        let mut s_leaves = Vec::new();
        let mut t_leaves = Vec::new();
        for (i, (a, b)) in s_res.iter().zip(t_res).enumerate() {
            match ft.results.get(i).and_then(memref_elem) {
                Some(et) => {
                    let (e, lanes, _) = crate::value::mem_elem(et, ib)
                        .ok_or_else(|| Stop::NotModelled(format!("memrefs of {et}")))?;
                    let lane = crate::memory::scalar_bytes(e);
                    let (w, free) = crate::view::differ(
                        &mut smt,
                        a,
                        b,
                        (lanes.1, lane, &lanes.0),
                        &format!("at{i}"),
                    )?;
                    wrong.push(w);
                    unfreeable.push(free);
                }
                _ => {
                    a.leaves(&mut s_leaves);
                    b.leaves(&mut t_leaves);
                }
            }
        }
        if s_leaves.len() != t_leaves.len() {
            return Err(Stop::NotModelled(
                "lowered results of another shape than the source's".into(),
            ));
        }
        let c = &smt.ctx;
        for (a, b) in s_leaves.iter().zip(&t_leaves) {
            wrong.push(b.poison()?);
            wrong.push(c.not(c.eq(a.term()?, b.term()?)));
        }
    }
    // An input on which a `copysign` takes the sign of a NaN the model does not know
    // is not claimed: asked with the refutation, a model meeting it is asked again
    // without it, and where that has none the answer is `unknown`.
    let nan = crate::nan::dependence(&smt);
    let nan = smt.def_bool(nan)?;
    let shown = smt.ctx.or_many(wrong);
    let shown = smt.def_bool(shown)?;
    let wrong = smt
        .ctx
        .or_many(std::iter::once(shown).chain(unfreeable.iter().copied()));
    let wrong = smt.def_bool(wrong)?;
    let c = &smt.ctx;
    let pre = c.and_many([c.not(s.ub), c.not(s.cut), c.not(t.cut)]);
    if cx.layout && smt.ctx.check()? == Response::Unsat {
        // No argument at all: a proof would be vacuous.
        return Ok(Verdict::Unknown {
            reason: "no memref argument within the bounds has a valid layout".into(),
        });
    }
    if let Some(v) = vacuous(&mut smt, s.cut, t.cut, opts)? {
        return Ok(v);
    }
    smt.ctx.assert(pre)?;
    smt.ctx.push()?;
    let q = smt.ctx.or(wrong, nan);
    smt.ctx.assert(q)?;
    let mut r = smt.check()?;
    if r == Response::Sat && crate::model::bool_value(&mut smt, nan)? {
        smt.ctx.pop()?;
        let q = smt.ctx.and(wrong, smt.ctx.not(nan));
        smt.ctx.assert(q)?;
        r = smt.ctx.check()?;
        if r == Response::Unsat {
            return Ok(Verdict::Unknown {
                reason: "copysign from a NaN whose sign the model does not know (one made \
                         by arithmetic, a cast or memory) not modelled"
                    .into(),
            });
        }
    }
    used.extend(smt.contracts_used.iter().cloned());
    match r {
        Response::Unsat => Ok(Verdict::Proved {
            bounds: bounds(has_memref, cx.layout, &format!("unroll {}", opts.unroll)),
        }),
        Response::Unknown => Ok(Verdict::Unknown {
            reason: format!("the solver gave up within {:?}", opts.timeout),
        }),
        Response::Sat if !cut_deep && !smt.contracts_used.is_empty() => {
            drop(smt);
            let how = (wrapper, alias, ranks);
            Ok(
                match query(src, lowered, name, opts, how, used, (true, loops))? {
                    Verdict::Proved { .. } => Verdict::Unknown {
                        reason: format!(
                            "refuted only through the contracts of callees past depth {} \
                         (calls not inlined), which no real callee may satisfy",
                            walk::INLINE_DEPTH
                        ),
                    },
                    v => v,
                },
            )
        }
        Response::Sat => {
            if !cx.pins.is_empty() {
                // Only a refutation with the layout `interp` and `run` build replays.
                let q = smt
                    .ctx
                    .and_many(cx.pins.iter().copied().chain([smt.ctx.not(nan)]));
                smt.ctx.assert(q)?;
                match smt.ctx.check()? {
                    Response::Sat => {}
                    Response::Unsat => {
                        let shared = crate::alias::describe(alias);
                        let shared = if shared.is_empty() {
                            String::new()
                        } else {
                            format!(", when memref arguments alias ({shared}): a view not within its base's elements, or a base with a layout")
                        };
                        return Ok(Verdict::Unknown {
                            reason: format!(
                                "refuted only with memref arguments that interp and run \
                                 cannot be given (an allocated pointer equal to the aligned \
                                 one, a layout they do not build, with offsets \
                                 <= {OFFSET_BOUND} and strides in [-{STRIDE_BOUND}, \
                                 {STRIDE_BOUND}], or an empty memref of rank 2 or more whose \
                                 first size is 0{shared})"
                            ),
                        });
                    }
                    Response::Unknown => {
                        return Ok(Verdict::Unknown {
                            reason: format!("the solver gave up within {:?}", opts.timeout),
                        })
                    }
                }
            }
            // interp reads every element of a memref result to print it, and an element
            // the source never wrote is undefined behaviour there: only a refutation
            // whose results are written throughout replays.
            let printable = printable_results(&mut smt, &ft.results, &s_res, ib)?;
            if let Some(p) = printable {
                smt.ctx.assert(p)?;
                match smt.ctx.check()? {
                    Response::Sat => {}
                    Response::Unsat => {
                        return Ok(Verdict::Unknown {
                            reason: format!(
                                "refuted only where a memref result has elements the source                                  never wrote, or more than {PRINTED} of them, which interp                                  cannot print"
                            ),
                        })
                    }
                    Response::Unknown => {
                        return Ok(Verdict::Unknown {
                            reason: format!("the solver gave up within {:?}", opts.timeout),
                        })
                    }
                }
            }
            // A refutation that interp and run can show, if there is one.
            let mut free_only = false;
            // (Asked, not evaluated: z3 may not evaluate a term with a `memcpy`'s lambda.)
            if !unfreeable.is_empty() {
                smt.ctx.push()?;
                smt.ctx.assert(shown)?;
                if smt.ctx.check()? != Response::Sat {
                    smt.ctx.pop()?;
                    smt.ctx.check()?;
                    free_only = true;
                }
            }
            let mut args = Vec::new();
            for (a, t) in args_in.iter().zip(&ft.inputs) {
                args.push(match a {
                    ArgModel::Leaves(leaves) => {
                        let vals = if leaves.is_empty() {
                            Vec::new()
                        } else {
                            smt.ctx
                                .get_value(leaves.iter().map(|(v, _)| *v).collect())?
                        };
                        let mut signed = Vec::new();
                        for ((_, v), (leaf, s)) in vals.into_iter().zip(leaves) {
                            signed.push((crate::model::nan_with_sign(&mut smt, *leaf, v, *s)?, *s));
                        }
                        let mut it = signed.into_iter();
                        arg_text(&smt, t, ib, &mut it)?
                    }
                    ArgModel::MemRef {
                        sizes,
                        strides,
                        offset,
                        of: Some(j),
                        ..
                    } => view_text(&mut smt, *j, (sizes, strides, *offset))?,
                    ArgModel::MemRef {
                        sizes,
                        strides,
                        offset,
                        contents,
                        elem,
                        elem_ty,
                        of: None,
                    } => memref_text(
                        &mut smt,
                        (sizes, strides, *offset),
                        *contents,
                        *elem,
                        elem_ty,
                    )?,
                });
            }
            if free_only {
                return Ok(Verdict::Unknown {
                    reason: format!(
                        "refuted only on the allocated pointer of a memref result (which a \
                         caller frees; interp and run do not): {}",
                        args.join(" ")
                    ),
                });
            }
            Ok(Verdict::Refuted { args })
        }
    }
}

/// The most elements of one memref result a replayable refutation prints: the
/// condition that every one is written is spelt out element by element.
const PRINTED: u64 = 256;

/// The condition under which the source's memref results (`views`, as
/// `crate::view::std_view` exports them: sizes, elements, written bits, live, offset,
/// strides, heap) can be printed by `interp`: each live, with at most [`PRINTED`]
/// elements (a dynamic size bounded so), every one written. `None` without memref
/// results. The query itself compares only the elements the source wrote (a caller
/// may read no others), which is the sound comparison; this narrows only which
/// refutation is reported, so that it replays.
fn printable_results(
    smt: &mut Smt,
    types: &[Type],
    views: &[SVal],
    ib: u32,
) -> Result<Option<SExpr>, Stop> {
    let mut all = Vec::new();
    for (t, v) in types.iter().zip(views) {
        let Some(et) = memref_elem(t) else {
            continue;
        };
        let Some((_, (_, bytes), _)) = crate::value::mem_elem(et, ib) else {
            continue;
        };
        let f = v.elems()?;
        let (sizes, init, live, offset) = (f[0].elems()?, f[2].term()?, f[3].term()?, f[4].term()?);
        let strides = f[5].elems()?;
        let statics: Vec<Option<u64>> = match t {
            Type::MemRef(mt) => mt.shape.clone(),
            _ => vec![None; sizes.len()],
        };
        let fixed: u64 = statics.iter().flatten().product();
        if fixed > PRINTED {
            continue;
        }
        let dynamic = statics.iter().filter(|d| d.is_none()).count() as u32;
        // The largest dynamic size: the product of the sizes stays within PRINTED.
        let mut cap = 1u64;
        while dynamic > 0 && fixed * (cap + 1).pow(dynamic) <= PRINTED {
            cap += 1;
        }
        let caps: Vec<u64> = statics.iter().map(|d| d.unwrap_or(cap)).collect();
        let c = &smt.ctx;
        let zero = smt.bv(64, 0);
        let mut conds = Vec::new();
        let mut empty = vec![c.false_()];
        for (sz, cap) in sizes.iter().zip(&caps) {
            let sz = sz.term()?;
            conds.push(c.bvule(sz, smt.bv(64, *cap as i128)));
            empty.push(c.eq(sz, zero));
        }
        conds.push(c.or(c.or_many(empty), live));
        // Every index below the caps: written where it is in bounds.
        let total: u64 = caps.iter().product();
        for k in 0..total {
            let mut rest = k;
            let mut inb = Vec::new();
            let mut lin = offset;
            for d in (0..caps.len()).rev() {
                let i = smt.bv(64, (rest % caps[d]) as i128);
                rest /= caps[d];
                let c = &smt.ctx;
                inb.push(c.bvult(i, sizes[d].term()?));
                lin = c.bvadd(lin, c.bvmul(i, strides[d].term()?));
            }
            let c = &smt.ctx;
            let at = c.bvmul(lin, smt.bv(64, bytes as i128));
            conds.push(c.imp(
                c.and_many(inb.into_iter().chain([c.true_()])),
                c.select(init, at),
            ));
        }
        all.push(smt.ctx.and_many(conds));
    }
    Ok((!all.is_empty()).then(|| smt.ctx.and_many(all)))
}

/// `Some(unknown)` when no input runs within the bound on both sides (every path of
/// one side or the other is cut): the refinement query would then hold for want of an
/// input, and a proof would claim nothing. Only the cut counts: a source undefined on
/// every input is still proved (the lowered code may do anything there).
fn vacuous(
    smt: &mut Smt,
    s_cut: SExpr,
    t_cut: SExpr,
    opts: &Options,
) -> Result<Option<Verdict>, Stop> {
    let unroll = opts.unroll;
    let f = smt.ctx.false_();
    if s_cut == f && t_cut == f {
        return Ok(None);
    }
    let deep = if smt.cut_deep {
        format!(" or calls past depth {}", walk::INLINE_DEPTH)
    } else {
        String::new()
    };
    smt.ctx.push()?;
    let within = smt.ctx.and(smt.ctx.not(s_cut), smt.ctx.not(t_cut));
    smt.ctx.assert(within)?;
    let r = smt.ctx.check()?;
    smt.ctx.pop()?;
    Ok(match r {
        Response::Sat => None,
        Response::Unsat => Some(Verdict::Unknown {
            reason: format!("every path runs longer than unroll {unroll}{deep}"),
        }),
        Response::Unknown => Some(Verdict::Unknown {
            reason: format!(
                "the solver gave up within {:?} (asking whether any input runs within \
                 unroll {unroll})",
                opts.timeout
            ),
        }),
    })
}

/// The bounds a proof states: how far loops run (`depth`), and those of memref arguments.
fn bounds(has_memref: bool, layout: bool, depth: &str) -> String {
    if !has_memref {
        return depth.to_string();
    }
    let layout = if layout {
        format!(", offsets <= {OFFSET_BOUND}, strides in [-{STRIDE_BOUND}, {STRIDE_BOUND}]")
    } else {
        String::new()
    };
    format!("{depth}, memrefs: sizes <= {MEMREF_BOUND}{layout}, distinct")
}

/// The largest dynamic size of a memref argument a proof covers.
pub const MEMREF_BOUND: u64 = 4;
/// The largest dynamic offset of a memref argument a proof covers.
pub const OFFSET_BOUND: u64 = 4;
/// The largest magnitude of a dynamic stride of a memref argument a proof covers.
pub const STRIDE_BOUND: u64 = 16;

/// What the memref arguments set up besides their values.
#[derive(Default)]
pub struct ArgCx {
    /// Equalities pinning each dynamic offset and stride to the layout `interp` and
    /// `run` build (a refutation must hold with them to replay).
    pub pins: Vec<SExpr>,
    /// Whether some argument has a layout (its bounds are stated, its validity assumed).
    pub layout: bool,
    /// Whether the argument being built is unranked (passed as rank and pointer).
    pub unranked: bool,
    /// Per memref argument: its Standard buffer, LLVM block and contents.
    pub bufs: std::collections::HashMap<usize, (usize, usize, SExpr)>,
    /// Per memref argument with a buffer of its own: the elements the buffer holds,
    /// whether its type has the identity layout, and its element type (what a view of
    /// it, `@J(..)`, needs).
    pub bases: std::collections::HashMap<usize, (SExpr, bool, Type)>,
}

/// How an argument is read back from a model.
enum ArgModel {
    Leaves(Vec<(SExpr, Scalar)>),
    MemRef {
        sizes: Vec<SExpr>,
        strides: Vec<SExpr>,
        offset: SExpr,
        contents: SExpr,
        elem: Scalar,
        elem_ty: Type,
        /// The earlier argument whose buffer it shares (written `@J(..)`).
        of: Option<usize>,
    },
}

/// A memref argument (identity layout, scalar elements): a Standard buffer whose every
/// element is written, and an LLVM block holding the same contents, passed as the
/// descriptor's fields (allocated and aligned pointer, offset 0, sizes, row-major
/// strides) or, under the bare pointer convention, as the pointer alone.
#[allow(clippy::too_many_arguments)]
fn memref_arg(
    smt: &mut Smt,
    ssem: &mut StdSem,
    tsem: &mut LlvmSem,
    params: &mut std::slice::Iter<'_, Type>,
    i: usize,
    mt: &converter::ir::MemRefType,
    ib: u32,
    wrapper: bool,
    share: Option<usize>,
    cx: &mut ArgCx,
) -> Result<(SVal, Vec<SVal>, ArgModel), Stop> {
    // A memory space changes only the pointers' type: blocks are the same in every one.
    let (elem, lanes, elem_ty) = crate::value::mem_elem(&mt.elem, ib)
        .ok_or_else(|| Stop::NotModelled(format!("memrefs of {}", mt.elem)))?;
    let c64 = smt.bv_sort(64);
    let mut sizes = Vec::new();
    for (d, dim) in mt.shape.iter().enumerate() {
        sizes.push(match dim {
            Some(n) => smt.bv(64, *n as i128),
            None => {
                let v = smt.ctx.declare_const(format!("size{i}_{d}"), c64)?;
                let le = smt.ctx.bvule(v, smt.bv(64, MEMREF_BOUND as i128));
                smt.ctx.assert(le)?;
                v
            }
        });
    }
    // `--arg` writes an empty memref of rank 2 or more only when an inner size is 0:
    // a refutation must have a non-zero first size to replay.
    if sizes.len() >= 2 && mt.shape[0].is_none() {
        let nz = smt.ctx.not(smt.ctx.eq(sizes[0], smt.bv(64, 0)));
        cx.pins.push(nz);
    }
    // The view: row-major for the identity layout, else the layout's offset and
    // strides: static ones as the type says, dynamic ones symbolic within the bounds
    // (`OFFSET_BOUND`, `STRIDE_BOUND`). A refutation is then asked again with the
    // layout `interp` and `run` build for an argument of that type (offset 0, each
    // dynamic stride spanning the dimensions inside it), so that it replays.
    let (strides, offset) = if mt.layout == converter::ir::Layout::Identity {
        crate::std_sem::row_major(smt, &sizes)?
    } else {
        let l = mt.strided_form().ok_or_else(|| {
            Stop::NotModelled("memref arguments with a non-strided layout".into())
        })?;
        cx.layout = true;
        let offset = match l.offset {
            Some(o) => smt.bv(64, o as i128),
            None => {
                let v = smt.ctx.declare_const(format!("offset{i}"), c64)?;
                let le = smt.ctx.bvule(v, smt.bv(64, OFFSET_BOUND as i128));
                smt.ctx.assert(le)?;
                // (A view of an earlier argument's buffer, `@J(..)`, may have any.)
                if share.is_none() {
                    cx.pins.push(smt.ctx.eq(v, smt.bv(64, 0)));
                }
                v
            }
        };
        let mut strides = vec![smt.bv(64, 0); sizes.len()];
        let mut run = smt.bv(64, 1);
        for d in (0..sizes.len()).rev() {
            let st = match l.strides.get(d).copied().flatten() {
                Some(s) => smt.bv(64, s as i128),
                None => {
                    let v = smt.ctx.declare_const(format!("stride{i}_{d}"), c64)?;
                    let c = &smt.ctx;
                    let b = STRIDE_BOUND as i128;
                    let inb = c.and(c.bvsge(v, smt.bv(64, -b)), c.bvsle(v, smt.bv(64, b)));
                    smt.ctx.assert(inb)?;
                    if share.is_none() {
                        cx.pins.push(smt.ctx.eq(v, run));
                    }
                    v
                }
            };
            let c = &smt.ctx;
            let abs = c.ite(c.bvslt(st, smt.bv(64, 0)), c.bvneg(st), st);
            let one = smt.bv(64, 1);
            let span = c.bvmul(abs, c.ite(c.eq(sizes[d], smt.bv(64, 0)), one, sizes[d]));
            let r = c.ite(c.bvugt(span, run), span, run);
            run = smt.def(c64, r)?;
            strides[d] = st;
        }
        (strides, offset)
    };
    // Elements the buffer holds: up to the last element the view reaches; a negative
    // stride must not reach before the buffer (the caller's view is valid).
    let c = &smt.ctx;
    let zero = smt.bv(64, 0);
    let mut reach = c.bvadd(offset, smt.bv(64, 1));
    let mut low = offset;
    let mut empty = vec![c.false_()];
    for (sz, st) in sizes.iter().zip(&strides) {
        empty.push(c.eq(*sz, zero));
        let last = c.bvsub(*sz, smt.bv(64, 1));
        reach = c.bvadd(reach, c.bvmul(last, c.ite(c.bvsgt(*st, zero), *st, zero)));
        low = c.bvadd(low, c.bvmul(last, c.ite(c.bvslt(*st, zero), *st, zero)));
    }
    let nonempty = c.not(c.or_many(empty));
    if cx.layout {
        let valid = c.or(c.not(nonempty), c.bvsge(low, zero));
        smt.ctx.assert(valid)?;
    }
    let c = &smt.ctx;
    let len = c.ite(nonempty, reach, offset);
    let len = smt.def(c64, len)?;
    let bytes = crate::llvm_sem::size_of(&elem_ty)?;
    let size = smt.ctx.bvmul(len, smt.bv(64, bytes as i128));
    let size = smt.def(c64, size)?;
    let (buf, b, contents) = match share {
        // An alias of an earlier argument: the same buffer and block, as large as the
        // larger of the two views needs.
        Some(j) => {
            let (buf, b, contents) = *cx.bufs.get(&j).ok_or_else(|| {
                Stop::NotModelled("an alias of an argument that is not a memref".into())
            })?;
            let old = tsem.mem.blocks[b].size;
            let c = &smt.ctx;
            let big = c.ite(c.bvugt(size, old), size, old);
            tsem.mem.blocks[b].size = smt.def(c64, big)?;
            // The callers pass it as `@J(offset: .., sizes: [..], strides: [..])`
            // (`converter::arg_view`): a view within the elements of `J`, a memref of
            // the identity layout given by its contents, of the same element type.
            let pin = match cx.bases.get(&j) {
                Some((len_j, true, e)) if *e == mt.elem => smt.ctx.bvule(len, *len_j),
                _ => smt.ctx.false_(),
            };
            cx.pins.push(pin);
            (buf, b, contents)
        }
        None => {
            let es = sort(smt, elem);
            let asort = crate::memory::array_sort(smt, es);
            let contents = smt.ctx.declare_const(format!("mem{i}"), asort)?;
            let identity = mt.layout == converter::ir::Layout::Identity && !cx.unranked;
            cx.bases.insert(i, (len, identity, mt.elem.clone()));
            let t = smt.ctx.true_();
            let all = crate::memory::const_array(smt, smt.ctx.bool_sort(), t);
            ssem.mem.bufs.push(crate::memory::StdBuf {
                elem,
                lanes,
                elems: contents,
                init: all,
                live: t,
                stack: false,
            });
            let buf = ssem.mem.bufs.len() - 1;
            ssem.arg_bufs.push(buf);
            let b = tsem.mem.alloc(smt, size, false);
            // The caller's buffer is aligned for its elements (vectors may need more
            // than malloc's 16 bytes).
            let a = crate::llvm_sem::align_of(&elem_ty)?.max(16);
            tsem.mem.blocks[b].align = a;
            tsem.mem.blocks[b].arrays.insert(elem, (contents, all));
            tsem.arg_blocks.push((b, elem));
            // The allocated pointer: the start of what the caller allocated; the aligned
            // one (offset 0, where the view's elements are) 0, 1 or 2 times the block's
            // alignment past it, as a realigning `alloc` leaves them. Under the bare
            // pointer convention only the aligned one is passed, and a callee that frees
            // the memref frees that: there they are one.
            let mut look = params.clone();
            look.next();
            let bare = !wrapper && !cx.unranked && !matches!(look.next(), Some(Type::LlvmPtr(..)));
            if !bare {
                let k = smt.ctx.declare_const(format!("pad{i}"), c64)?;
                let le = smt.ctx.bvule(k, smt.bv(64, 2));
                smt.ctx.assert(le)?;
                let start = smt.ctx.bvneg(smt.ctx.bvmul(k, smt.bv(64, a as i128)));
                tsem.mem.blocks[b].start = smt.def(c64, start)?;
                // interp --level llvm, run and the C caller pass them apart.
                let apart = smt.ctx.not(smt.ctx.eq(k, smt.bv(64, 0)));
                cx.pins.push(apart);
            }
            (buf, b, contents)
        }
    };
    cx.bufs.insert(i, (buf, b, contents));
    let f = smt.ctx.false_();
    let ptr = SVal::Ptr {
        blk: Some(b),
        off: smt.bv(64, 0),
        p: f,
    };
    let allocated = SVal::Ptr {
        blk: Some(b),
        off: tsem.mem.blocks[b].start,
        p: f,
    };
    fn next(params: &mut std::slice::Iter<'_, Type>, what: &str) -> Result<Type, Stop> {
        params.next().cloned().ok_or_else(|| {
            Stop::NotModelled(format!("a lowered memref argument without its {what}"))
        })
    }
    fn int(smt: &Smt, t: Type, v: SExpr, f: SExpr) -> Result<SVal, Stop> {
        match t {
            Type::Int(w) => Ok(SVal::Int {
                w,
                v: crate::std_sem::int_resize(smt, v, 64, w, false),
                p: f,
            }),
            _ => Err(Stop::NotModelled(
                "a descriptor field of another type".into(),
            )),
        }
    }
    let model = ArgModel::MemRef {
        sizes: sizes.clone(),
        strides: strides.clone(),
        offset,
        contents,
        elem,
        elem_ty: elem_ty.clone(),
        of: share,
    };
    let sval = SVal::MemRef {
        buf,
        sizes: sizes.clone(),
        strides: strides.clone(),
        offset,
    };
    let mut rank = None;
    if cx.unranked && !wrapper {
        rank = Some(int(
            smt,
            next(params, "rank")?,
            smt.bv(64, sizes.len() as i128),
            f,
        )?);
    }
    if wrapper || cx.unranked {
        // The C interface, or an unranked memref: a pointer to the descriptor, in a
        // block of the caller's.
        if !matches!(next(params, "descriptor pointer")?, Type::LlvmPtr(..)) {
            return Err(Stop::NotModelled(
                "a wrapper's memref parameter not a pointer".into(),
            ));
        }
        let it = Type::Int(ib);
        let fld = |v: SExpr| SVal::Int {
            w: ib,
            v: crate::std_sem::int_resize(smt, v, 64, ib, false),
            p: f,
        };
        let mut vals = vec![allocated, ptr, fld(offset)];
        let mut tys = vec![
            Type::llvm_ptr(Type::Int(8)),
            Type::llvm_ptr(Type::Int(8)),
            it.clone(),
        ];
        if !sizes.is_empty() {
            let n = sizes.len() as u64;
            vals.push(SVal::Agg(sizes.iter().map(|s| fld(*s)).collect()));
            vals.push(SVal::Agg(strides.iter().map(|s| fld(*s)).collect()));
            let arr = Type::LlvmArray(n, std::sync::Arc::new(it));
            tys.push(arr.clone());
            tys.push(arr);
        }
        let dty = Type::LlvmStruct(tys.into());
        let dsize = smt.bv(64, crate::llvm_sem::size_of(&dty)? as i128);
        let db = tsem.mem.alloc(smt, dsize, true);
        let dptr = SVal::Ptr {
            blk: Some(db),
            off: smt.bv(64, 0),
            p: f,
        };
        let r = SVal::Int {
            w: 64,
            v: smt.bv(64, sizes.len() as i128),
            p: f,
        };
        tsem.access(smt, &dptr, &dty, Some(&SVal::Agg(vals)))?;
        if wrapper && cx.unranked {
            // An unranked memref under the C interface: a pointer to its `{rank,
            // descriptor pointer}`, in another block of the caller's.
            // (The rank is an i64 at any index width, as LLVM 11 lowers it.)
            let uty = Type::LlvmStruct(vec![Type::Int(64), Type::llvm_ptr(Type::Int(8))].into());
            let usize_ = smt.bv(64, crate::llvm_sem::size_of(&uty)? as i128);
            let ub = tsem.mem.alloc(smt, usize_, true);
            let uptr = SVal::Ptr {
                blk: Some(ub),
                off: smt.bv(64, 0),
                p: f,
            };
            tsem.access(smt, &uptr, &uty, Some(&SVal::Agg(vec![r, dptr])))?;
            return Ok((sval, vec![uptr], model));
        }
        return Ok((sval, rank.into_iter().chain([dptr]).collect(), model));
    }
    let mut tv = vec![ptr.clone()];
    let first = next(params, "pointer")?;
    if !matches!(first, Type::LlvmPtr(..)) {
        return Err(Stop::NotModelled(
            "a memref lowered to other than pointers".into(),
        ));
    }
    // The spec: a memref's memory space is its pointers' address space.
    let in_space = |t: &Type, what: &str| match t {
        Type::LlvmPtr(_, a) if u64::from(*a) != mt.memory_space => Err(Stop::Mistyped(format!(
            "argument {i}'s {what} is in address space {a}, its memref type's memory space \
             is {}",
            mt.memory_space
        ))),
        _ => Ok(()),
    };
    in_space(&first, "pointer")?;
    if matches!(params.clone().next(), Some(Type::LlvmPtr(..))) {
        // The descriptor's fields.
        in_space(&next(params, "aligned pointer")?, "aligned pointer")?;
        tv[0] = allocated;
        tv.push(ptr);
        tv.push(int(smt, next(params, "offset")?, offset, f)?);
        for s in &sizes {
            tv.push(int(smt, next(params, "size")?, *s, f)?);
        }
        for st in &strides {
            tv.push(int(smt, next(params, "stride")?, *st, f)?);
        }
    }
    Ok((sval, tv, model))
}

/// The spec: a memref's memory space is its pointers' address space, for results as
/// for arguments. `returned` is the lowered result type of a function whose Standard
/// results are `results` (one result as itself, several packed in a struct): a ranked
/// memref result's allocated and aligned pointers (or its bare pointer) in another
/// address space make the lowering invalid whatever it computes, since no caller that
/// follows the rule reads them there. A result of another shape is left to the
/// comparison of values.
fn results_in_space(results: &[Type], returned: &Type) -> Result<(), Stop> {
    let lowered: Vec<&Type> = match (results.len(), returned) {
        (0, _) => return Ok(()),
        (1, t) => vec![t],
        (n, Type::LlvmStruct(fs)) if fs.len() == n => fs.iter().collect(),
        _ => return Ok(()),
    };
    for (i, (s, l)) in results.iter().zip(lowered).enumerate() {
        let Type::MemRef(mt) = s else { continue };
        let pointers: Vec<(&Type, &str)> = match l {
            Type::LlvmStruct(fs) => fs
                .iter()
                .take(2)
                .zip(["allocated pointer", "aligned pointer"])
                .collect(),
            t => vec![(t, "pointer")],
        };
        for (t, what) in pointers {
            if let Type::LlvmPtr(_, a) = t {
                if u64::from(*a) != mt.memory_space {
                    return Err(Stop::Mistyped(format!(
                        "result {i}'s {what} is in address space {a}, its memref type's \
                         memory space is {}",
                        mt.memory_space
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The `--arg` text of a memref argument that shares argument `j`'s buffer in a model:
/// `@J(offset: O, sizes: [..], strides: [..])`, in elements of that buffer.
fn view_text(
    smt: &mut Smt,
    j: usize,
    (sizes, strides, offset): (&[SExpr], &[SExpr], SExpr),
) -> Result<String, Stop> {
    let mut value = |e: SExpr| -> Result<i64, Stop> {
        let v = smt.ctx.get_value(vec![e])?;
        Ok(crate::model::bv_value(smt, v[0].1)? as i64)
    };
    let mut l = converter::arg_view::ViewLayout {
        offset: value(offset)?,
        sizes: Vec::new(),
        strides: Vec::new(),
    };
    for (s, st) in sizes.iter().zip(strides) {
        l.sizes.push(value(*s)? as u64);
        l.strides.push(value(*st)?);
    }
    let mut out = String::new();
    converter::arg_view::format(
        &mut out,
        &converter::arg_view::ArgView {
            of: j,
            layout: Some(l),
        },
    );
    Ok(out)
}

/// The `--arg` text of a memref argument in a model: nested lists of its elements, in
/// row-major order of the view.
fn memref_text(
    smt: &mut Smt,
    (sizes, strides, offset): (&[SExpr], &[SExpr], SExpr),
    contents: SExpr,
    elem: Scalar,
    elem_ty: &Type,
) -> Result<String, Stop> {
    let value = |smt: &mut Smt, e: SExpr| -> Result<u64, Stop> {
        let v = smt.ctx.get_value(vec![e])?;
        Ok(crate::model::bv_value(smt, v[0].1)? as u64)
    };
    let mut dims = Vec::new();
    let mut steps = Vec::new();
    for (s, st) in sizes.iter().zip(strides) {
        dims.push(value(smt, *s)?);
        steps.push(value(smt, *st)?);
    }
    let off = value(smt, offset)?;
    let total: u64 = dims.iter().product();
    let mut elems = Vec::new();
    for k in 0..total {
        // The row-major index of element k, and where the view puts it.
        let mut rest = k;
        let mut at = off;
        for d in (0..dims.len()).rev() {
            at = at.wrapping_add((rest % dims[d]).wrapping_mul(steps[d]));
            rest /= dims[d];
        }
        // A vector element: its lanes one after another, nested by the vector's shape.
        let (vshape, lane_ty) = match elem_ty {
            Type::Vector(v) => (v.shape.clone(), &v.elem),
            t => (Vec::new(), t),
        };
        let (offsets, size) =
            crate::memory::vector_layout(&vshape, crate::memory::scalar_bytes(elem));
        let first = (at as i128).wrapping_mul(size as i128);
        let mut texts = Vec::new();
        for o in offsets {
            let sel = smt
                .ctx
                .select(contents, smt.bv(64, first.wrapping_add(o as i128)));
            let v = smt.ctx.get_value(vec![sel])?;
            texts.push(crate::model::scalar_text(smt, elem, lane_ty, v[0].1)?);
        }
        elems.push(nest(&vshape, &mut texts.into_iter()));
    }
    fn nest(dims: &[u64], elems: &mut std::vec::IntoIter<String>) -> String {
        match dims.split_first() {
            None => elems.next().unwrap_or_default(),
            Some((n, rest)) => {
                let parts: Vec<String> = (0..*n).map(|_| nest(rest, elems)).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    Ok(nest(&dims, &mut elems.into_iter()))
}

/// The element type of a ranked or unranked memref type.
fn memref_elem(t: &Type) -> Option<&Type> {
    match t {
        Type::MemRef(mt) => Some(&mt.elem),
        Type::UnrankedMemRef(e, _) => Some(e),
        _ => None,
    }
}

/// Whether the validator models values of type `t` (scalars and vectors of them).
fn check_type(t: &Type) -> Result<(), Stop> {
    match t {
        Type::Int(_) | Type::Index | Type::F16 | Type::BF16 | Type::F32 | Type::F64 => Ok(()),
        Type::Vector(v) => check_type(&v.elem),
        Type::MemRef(_) => Err(Stop::NotModelled("memref results".into())),
        Type::UnrankedMemRef(..) => Err(Stop::NotModelled("unranked memref results".into())),
        other => Err(Stop::NotModelled(format!("arguments of type {other}"))),
    }
}
