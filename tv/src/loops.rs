//! Loops for any number of iterations: a proof block by block, with the converter's
//! hints (`converter::lower::Hints`: which lowered block stands for which Standard block,
//! which lowered value for which Standard value).
//!
//! The cut points are the Standard body's loop headers (`crate::cfg::headers`: every
//! cycle passes through one) and the lowered blocks the hints give for them. At a cut
//! point the hints are assumed, over a fresh state: each value a path from the header
//! may use (its block arguments, and the values of the blocks dominating it other than
//! the entry block) is one fresh symbolic value on both sides; the memory of every
//! memref argument, and of every buffer the entry block allocates (paired with the
//! block its hinted descriptor points into), is one fresh array of contents, written
//! bits and liveness on both sides (at an edge into the header: the same written bits
//! and liveness, the same values where written); and the lowered side's other blocks
//! hold what they held after the entry block. The values of the entry block are those of the entry block's own walk: it
//! runs once. From the entry and from every header, every path is walked to the next
//! cut point or the return (each block at most once), and the solver must show, for
//! every input on which the source's path is defined: the lowered path is defined and
//! reaches the hinted block of the source's cut point with the assumed correspondence
//! (equal values, nothing poison, the same argument memory, its other blocks as they
//! were), or both return the same results and the same memory. By induction over the
//! cut points a run passes, the lowered function then refines the source for every
//! number of iterations.
//!
//! A hint is only an assumption, made at a cut point and checked at every edge into
//! one: a wrong hint fails a check, which makes no proof. Anything this does not model
//! (a memref or pointer value other than the entry block's live across a header,
//! memory allocated after the entry block and before a loop, a C wrapper) makes no proof either. Either way the caller falls back to unrolling,
//! which also finds the counterexamples: this module only ever proves.

use crate::cfg;
use crate::llvm_sem::LlvmSem;
use crate::memory::{array_sort, LlvmMem};
use crate::smt::{Smt, Stop};
use crate::std_sem::StdSem;
use crate::value::{build, leaf_of, sort, SVal, Scalar};
use crate::walk::{self, Arrival, Outcome, Semantics};
use converter::ir::{BlockId, Body, Module, Type, ValueId};
use converter::lower::Hints;
use easy_smt::{Response, SExpr};
use std::collections::{HashMap, HashSet};

/// The two functions being compared.
pub struct Sides<'a> {
    pub src: &'a Module,
    pub lowered: &'a Module,
    pub body: &'a Body,
    pub lbody: &'a Body,
    /// The source's result types.
    pub results: &'a [Type],
    pub index_bits: u32,
    pub hints: &'a Hints,
}

/// Whether the block-by-block proof holds for every number of iterations. `false` when
/// it makes no proof (no loop, a check that fails, something not modelled); the
/// semantics' state and the solver's NaN dependences are as they were before.
pub fn prove(
    smt: &mut Smt,
    ssem: &mut StdSem,
    tsem: &mut LlvmSem,
    sides: &Sides<'_>,
    src_args: &[SVal],
    tgt_args: &[SVal],
) -> Result<bool, Stop> {
    let heads = cfg::headers(sides.body);
    if heads.is_empty() {
        return Ok(false);
    }
    // No argument at all within the bounds: every check would hold, vacuously.
    if smt.ctx.check()? != Response::Sat {
        return Ok(false);
    }
    let (s0, t0) = (ssem.save(), tsem.save());
    let (bases, exposed) = (tsem.bases.clone(), tsem.exposed);
    let nan_len = smt.nan_dep.len();
    let r = Proof {
        smt: &mut *smt,
        ssem: &mut *ssem,
        tsem: &mut *tsem,
        sides,
        live: HashMap::new(),
        after_entry: 0,
        pairs: Vec::new(),
        segment: 0,
    }
    .run(&heads, src_args, tgt_args);
    ssem.restore(s0);
    tsem.restore(t0);
    tsem.bases = bases;
    tsem.exposed = exposed;
    smt.nan_dep.truncate(nan_len);
    match r {
        Err(Stop::NotModelled(_)) => Ok(false),
        r => r,
    }
}

fn not_modelled<T>(what: &str) -> Result<T, Stop> {
    Err(Stop::NotModelled(what.into()))
}

struct Proof<'a, 's> {
    smt: &'a mut Smt,
    ssem: &'a mut StdSem,
    tsem: &'a mut LlvmSem,
    sides: &'a Sides<'s>,
    /// Per Standard header: the values assumed at it, in order.
    live: HashMap<BlockId, Vec<ValueId>>,
    /// The lowered side's memory after the entry block (saved id).
    after_entry: usize,
    /// The memory both sides share at a header: (Standard buffer, lowered block, element
    /// kind) of each memref argument and each allocation of the entry block.
    pairs: Vec<(usize, usize, Scalar)>,
    /// Segments checked so far (for fresh names).
    segment: usize,
}

impl Proof<'_, '_> {
    fn run(
        &mut self,
        heads: &[BlockId],
        src_args: &[SVal],
        tgt_args: &[SVal],
    ) -> Result<bool, Stop> {
        let (body, lbody, hints) = (self.sides.body, self.sides.lbody, self.sides.hints);
        let stops: HashSet<BlockId> = heads.iter().copied().collect();
        let mut lstops = HashSet::new();
        for h in heads {
            match hints.blocks.get(h) {
                Some(l) if lstops.insert(*l) => {}
                _ => return Ok(false),
            }
        }
        let dom = cfg::dominators(body);
        for &h in heads {
            self.live.insert(h, cfg::live_ins(body, h, &dom));
        }
        let (Some(entry), Some(lentry)) = (body.entry(), lbody.entry()) else {
            return Ok(false);
        };
        // From the entry.
        let nan_len = self.smt.nan_dep.len();
        let empty = HashMap::new();
        let (src, lowered) = (self.sides.src, self.sides.lowered);
        let s = walk::run_segment(
            self.smt,
            self.ssem,
            src,
            body,
            entry,
            src_args.to_vec(),
            &empty,
            &stops,
        )?;
        let t = walk::run_segment(
            self.smt,
            self.tsem,
            lowered,
            lbody,
            lentry,
            tgt_args.to_vec(),
            &empty,
            &lstops,
        )?;
        let (Some(se), Some(te)) = (s.entry, t.entry) else {
            return Ok(false);
        };
        self.after_entry = te.mem;
        self.ssem.restore(se.mem);
        self.tsem.restore(te.mem);
        let Some(pairs) = self.pairs(&se.env, &te.env) else {
            return Ok(false);
        };
        self.pairs = pairs;
        let f = self.smt.ctx.false_();
        if !self.holds(&s.outcome, &t.outcome, f, nan_len)? {
            return Ok(false);
        }
        // From each header, over a fresh state.
        for &h in heads {
            let nan_len = self.smt.nan_dep.len();
            self.ssem.restore(se.mem);
            self.tsem.restore(te.mem);
            if !self.fresh_memory()? {
                return Ok(false);
            }
            let lh = hints.blocks[&h];
            let mut senv = se.env.clone();
            let mut tenv = te.env.clone();
            let mut sargs = Vec::new();
            let mut targs: Vec<Option<SVal>> = vec![None; lbody.block_args(lh).len()];
            for &v in &self.live[&h].clone() {
                let Some(&lv) = hints.values.get(&v) else {
                    return Ok(false);
                };
                let (sv, tv) = self.pair(body.value_type(v), lbody.value_type(lv))?;
                if body.block_args(h).contains(&v) {
                    sargs.push(sv);
                } else {
                    senv.insert(v, sv);
                }
                match lbody.block_args(lh).iter().position(|a| *a == lv) {
                    Some(k) => targs[k] = Some(tv),
                    None => {
                        tenv.insert(lv, tv);
                    }
                }
            }
            let Some(targs) = targs.into_iter().collect::<Option<Vec<_>>>() else {
                return Ok(false);
            };
            let s = walk::run_segment(self.smt, self.ssem, src, body, h, sargs, &senv, &stops)?;
            let t = walk::run_segment(
                self.smt, self.tsem, lowered, lbody, lh, targs, &tenv, &lstops,
            )?;
            // Every run reaching the header ran the entry block without undefined
            // behaviour first.
            if !self.holds(&s.outcome, &t.outcome, se.ub, nan_len)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The memory of both sides after the entry block, paired: each memref argument's
    /// buffer and block, and each buffer the entry block allocates with the block its
    /// hinted descriptor points into. `None` when some buffer has no partner.
    fn pairs(
        &self,
        senv: &HashMap<ValueId, SVal>,
        tenv: &HashMap<ValueId, SVal>,
    ) -> Option<Vec<(usize, usize, Scalar)>> {
        if self.ssem.arg_bufs.len() != self.tsem.arg_blocks.len() {
            return None;
        }
        let mut out: Vec<(usize, usize, Scalar)> = self
            .ssem
            .arg_bufs
            .iter()
            .zip(&self.tsem.arg_blocks)
            .map(|(&b, &(lb, s))| (b, lb, s))
            .collect();
        let mut vals: Vec<(&ValueId, &SVal)> = senv.iter().collect();
        vals.sort_by_key(|(v, _)| **v);
        for (v, sv) in vals {
            let SVal::MemRef { buf, .. } = sv else {
                continue;
            };
            if out.iter().any(|p| p.0 == *buf) {
                continue;
            }
            let tv = tenv.get(self.sides.hints.values.get(v)?)?;
            let SVal::Ptr { blk: Some(lb), .. } = tv.elems().ok()?.get(1)? else {
                return None;
            };
            if out.iter().any(|p| p.1 == *lb) {
                return None;
            }
            out.push((*buf, *lb, self.ssem.mem.bufs.get(*buf)?.elem));
        }
        let all = (0..self.ssem.mem.bufs.len()).all(|b| out.iter().any(|p| p.0 == b));
        all.then_some(out)
    }

    /// Replaces the memory after the entry block by the state assumed at a header: each
    /// paired buffer and block fresh and the same on both sides.
    fn fresh_memory(&mut self) -> Result<bool, Stop> {
        let smt = &mut *self.smt;
        for &(b, lb, s) in &self.pairs {
            let buf = &self.ssem.mem.bufs[b];
            let blk = &self.tsem.mem.blocks[lb];
            if buf.elem != s || blk.arrays.keys().any(|k| *k != s) {
                return Ok(false);
            }
            let es = sort(smt, s);
            let asort = array_sort(smt, es);
            let contents = smt.fresh("cut_mem", asort)?;
            let bsort = array_sort(smt, smt.ctx.bool_sort());
            let written = smt.fresh("cut_init", bsort)?;
            let bs = smt.ctx.bool_sort();
            let live = smt.fresh("cut_live", bs)?;
            let buf = &mut self.ssem.mem.bufs[b];
            buf.elems = contents;
            buf.init = written;
            buf.live = live;
            let blk = &mut self.tsem.mem.blocks[lb];
            blk.arrays.insert(s, (contents, written));
            blk.live = live;
        }
        let n = self.tsem.mem.blocks.len();
        self.tsem.bases.retain(|b, _| *b < n);
        self.tsem.exposed = None;
        Ok(true)
    }

    /// One fresh value of the Standard type `st`, and the same leaves as a value of the
    /// lowered type `lt` (never poison). Scalars and vectors only.
    fn pair(&mut self, st: &Type, lt: &Type) -> Result<(SVal, SVal), Stop> {
        let smt = &mut *self.smt;
        let f = smt.ctx.false_();
        let mut leaves = Vec::new();
        let sv = build(st, self.sides.index_bits, &mut |s| {
            if s == Scalar::Ptr {
                return not_modelled("a pointer live across a loop header");
            }
            let srt = sort(smt, s);
            let v = smt.fresh("cut", srt)?;
            let l = leaf_of(s, v, f);
            leaves.push(l.clone());
            Ok(l)
        })?;
        let mut it = leaves.into_iter();
        let tv = build(lt, 64, &mut |s| {
            let Some(l) = it.next() else {
                return not_modelled("a hinted value of another shape");
            };
            match (s, &l) {
                (Scalar::Int(w), SVal::Int { w: w2, .. }) if w == *w2 => Ok(l),
                (Scalar::Float(k), SVal::Float { k: k2, .. }) if k == *k2 => Ok(l),
                _ => not_modelled("a hinted value of another type"),
            }
        })?;
        if it.next().is_some() {
            return not_modelled("a hinted value of another shape");
        }
        Ok((sv, tv))
    }

    /// Whether the segment's obligations hold: on every input where the source's path
    /// is defined (and the entry block was, `entry_ub` false), the lowered path is
    /// defined and arrives where the source's does, as the hints say.
    fn holds(
        &mut self,
        s: &Outcome,
        t: &Outcome,
        entry_ub: SExpr,
        nan_len: usize,
    ) -> Result<bool, Stop> {
        self.segment += 1;
        let mut wrong = vec![t.ub, s.cut, t.cut];
        let s_ret = self.returned(s)?;
        let t_ret = self.returned(t)?;
        for a in &s.arrivals {
            for b in &t.arrivals {
                let m = self.mismatch(a, b)?;
                let c = &self.smt.ctx;
                wrong.push(c.and_many([a.cond, b.cond, m]));
            }
            wrong.push(self.smt.ctx.and(a.cond, t_ret));
        }
        for b in &t.arrivals {
            wrong.push(self.smt.ctx.and(s_ret, b.cond));
        }
        if let (Some(sr), Some(tr)) = (&s.results, &t.results) {
            let d = self.results_differ(sr, tr)?;
            let c = &self.smt.ctx;
            wrong.push(c.and_many([s_ret, t_ret, d]));
        }
        // A `copysign` of a NaN whose sign is not modelled: not claimed, so no proof.
        wrong.extend(self.smt.nan_dep[nan_len..].iter().copied());
        let c = &self.smt.ctx;
        let q = c.and_many([c.not(entry_ub), c.not(s.ub), c.or_many(wrong)]);
        self.smt.ctx.push()?;
        self.smt.ctx.assert(q)?;
        let r = self.smt.ctx.check();
        self.smt.ctx.pop()?;
        Ok(r? == Response::Unsat)
    }

    /// The inputs whose path returns (neither cut nor stopped at a cut point).
    fn returned(&mut self, o: &Outcome) -> Result<SExpr, Stop> {
        let c = &self.smt.ctx;
        let stopped: Vec<SExpr> = o.arrivals.iter().map(|a| a.cond).collect();
        let e = c.and(
            c.not(o.cut),
            c.not(c.or_many(stopped.into_iter().chain([c.false_()]))),
        );
        self.smt.def_bool(e)
    }

    /// Where the source's path stopped at `a` and the lowered one at `b`: whether they
    /// break the hinted correspondence (another block, a value that differs or is
    /// poison, other argument memory, another block of the lowered side changed).
    fn mismatch(&mut self, a: &Arrival, b: &Arrival) -> Result<SExpr, Stop> {
        let (body, lbody, hints) = (self.sides.body, self.sides.lbody, self.sides.hints);
        let t = self.smt.ctx.true_();
        if hints.blocks.get(&a.block) != Some(&b.block) {
            return Ok(t);
        }
        let mut diffs = Vec::new();
        for &v in &self.live[&a.block].clone() {
            let sv = match body.block_args(a.block).iter().position(|x| *x == v) {
                Some(k) => a.args.get(k),
                None => a.env.get(&v),
            };
            let tv = hints.values.get(&v).and_then(|lv| {
                match lbody.block_args(b.block).iter().position(|x| x == lv) {
                    Some(k) => b.args.get(k),
                    None => b.env.get(lv),
                }
            });
            let (Some(sv), Some(tv)) = (sv, tv) else {
                return Ok(t);
            };
            diffs.push(self.leaves_differ(sv, tv)?);
        }
        // The paired memory: the same written elements, holding the same values, and
        // the same liveness (a fresh position stands for every position).
        self.ssem.restore(a.mem);
        self.tsem.restore(b.mem);
        for &(sb, lb, s) in &self.pairs.clone() {
            let Some(buf) = self.ssem.mem.bufs.get(sb).cloned() else {
                return Ok(t);
            };
            if self
                .tsem
                .mem
                .blocks
                .get(lb)
                .is_none_or(|k| k.arrays.keys().any(|k| *k != s))
            {
                return Ok(t);
            }
            let (vals, init) = self.tsem.mem.arrays(self.smt, lb, s)?;
            let c64 = self.smt.bv_sort(64);
            let at = self.smt.fresh("cut_at", c64)?;
            let c = &self.smt.ctx;
            diffs.push(c.not(c.eq(buf.init, init)));
            diffs.push(c.not(c.eq(buf.live, self.tsem.mem.blocks[lb].live)));
            diffs.push(c.and(
                c.select(buf.init, at),
                c.not(c.eq(c.select(buf.elems, at), c.select(vals, at))),
            ));
        }
        // The lowered side's other blocks: as after the entry block.
        let start: LlvmMem = self.tsem.saved[self.after_entry].clone();
        let args: HashMap<usize, Scalar> = self.pairs.iter().map(|p| (p.1, p.2)).collect();
        for (i, old) in start.blocks.iter().enumerate() {
            let Some(new) = self.tsem.mem.blocks.get(i) else {
                return Ok(t);
            };
            if let Some(s) = args.get(&i) {
                if new.arrays.keys().any(|k| k != s) {
                    return Ok(t);
                }
                continue;
            }
            let mut kinds: Vec<&Scalar> = old.arrays.keys().collect();
            let mut new_kinds: Vec<&Scalar> = new.arrays.keys().collect();
            kinds.sort_by_key(|k| format!("{k:?}"));
            new_kinds.sort_by_key(|k| format!("{k:?}"));
            if kinds != new_kinds || old.ptr_target != new.ptr_target || old.stack != new.stack {
                return Ok(t);
            }
            let c = &self.smt.ctx;
            diffs.push(c.not(c.eq(old.live, new.live)));
            diffs.push(c.not(c.eq(old.size, new.size)));
            for (k, (vals, init)) in &old.arrays {
                let (nv, ni) = new.arrays[k];
                diffs.push(c.not(c.eq(*vals, nv)));
                diffs.push(c.not(c.eq(*init, ni)));
            }
        }
        let c = &self.smt.ctx;
        let e = c.or_many(diffs.into_iter().chain([c.false_()]));
        self.smt.def_bool(e)
    }

    /// Whether two values differ leaf by leaf (or the lowered one is poison); true when
    /// their shapes or kinds differ.
    fn leaves_differ(&mut self, a: &SVal, b: &SVal) -> Result<SExpr, Stop> {
        let (mut la, mut lb) = (Vec::new(), Vec::new());
        a.leaves(&mut la);
        b.leaves(&mut lb);
        let c = &self.smt.ctx;
        if la.len() != lb.len() {
            return Ok(c.true_());
        }
        let mut out = vec![c.false_()];
        for (x, y) in la.iter().zip(&lb) {
            let same_kind = match (x, y) {
                (SVal::Int { w, .. }, SVal::Int { w: w2, .. }) => w == w2,
                (SVal::Float { k, .. }, SVal::Float { k: k2, .. }) => k == k2,
                (SVal::Term { sort, .. }, SVal::Term { sort: s2, .. }) => sort == s2,
                _ => false,
            };
            if !same_kind {
                return Ok(c.true_());
            }
            out.push(y.poison()?);
            out.push(c.not(c.eq(x.term()?, y.term()?)));
        }
        Ok(c.or_many(out))
    }

    /// Whether the returned values differ (as the unrolled query compares them).
    fn results_differ(&mut self, sr: &[SVal], tr: &[SVal]) -> Result<SExpr, Stop> {
        if sr.len() != tr.len() {
            return Ok(self.smt.ctx.true_());
        }
        let mut diffs = Vec::new();
        for (i, (a, b)) in sr.iter().zip(tr).enumerate() {
            match self.sides.results.get(i) {
                Some(Type::MemRef(mt)) => {
                    let (e, lanes, _) = crate::value::mem_elem(&mt.elem, self.sides.index_bits)
                        .ok_or_else(|| Stop::NotModelled(format!("memrefs of {}", mt.elem)))?;
                    let lane = crate::memory::scalar_bytes(e);
                    let name = format!("loop{}_at{i}", self.segment);
                    // A differing view, or an allocated pointer the caller cannot free:
                    // either is a difference (as the unrolled query counts them).
                    let (w, free) =
                        crate::view::differ(self.smt, a, b, (lanes.1, lane, &lanes.0), &name)?;
                    diffs.push(w);
                    diffs.push(free);
                }
                _ => diffs.push(self.leaves_differ(a, b)?),
            }
        }
        let c = &self.smt.ctx;
        Ok(c.or_many(diffs.into_iter().chain([c.false_()])))
    }
}
