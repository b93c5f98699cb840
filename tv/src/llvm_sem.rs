//! The LLVM dialect's semantics, as LangRef gives them (and `llinterp/` implements):
//! poison from `nsw`/`nuw` overflow, inexact `exact` division and shifts, shifts by at
//! least the width, `fptosi` out of range and out-of-range vector positions, propagated
//! through every op (a `select` only from the arm it picks); undefined behaviour from
//! division by zero or by poison, signed division overflow, and a branch on poison;
//! `undef` a fresh value at each evaluation. Values are the Standard side's: 1-D
//! vectors are lists of lanes, arrays and structs lists of members.

use crate::consts::constant;
use crate::memory::LlvmMem;
use crate::ops::{self, FloatFn, FloatOp, IntOp};
use crate::smt::{Smt, Stop};
use crate::std_sem::{any, int_resize, map1, map2, predicate};
use crate::value::{build, ite, leaf_of, scalar, sort, zero_of, SVal, Scalar};
use crate::walk::{Semantics, Step};
use converter::ir::{Attribute, Body, LlvmOp, OpData, Type};
use easy_smt::SExpr;

/// The LLVM semantics (`index` is already an integer of the lowered width).
#[derive(Default)]
pub struct LlvmSem {
    pub mem: LlvmMem,
    pub saved: Vec<LlvmMem>,
    /// The blocks of the memref arguments and their element kinds, observed at the
    /// return.
    pub arg_blocks: Vec<(usize, Scalar)>,
    /// Per result of the source: the element kind of a memref result (its descriptor
    /// is exported as a view), else `None`.
    pub result_elems: Vec<Option<Scalar>>,
    /// Per result of the source: the rank of an unranked memref result (its lowered
    /// form, a rank and a pointer to a descriptor, is read at that rank), else `None`.
    pub result_ranks: Vec<Option<usize>>,
    /// The width of the source's `index` (a descriptor's fields; an unranked memref's
    /// rank is an i64 at any width).
    pub index_bits: u32,
    /// A C wrapper's out-pointer: the block it points to and the type stored there
    /// (the results' descriptor, or a struct of the results).
    pub out_block: Option<(usize, Type)>,
    /// The address of each block whose address was taken (`ptrtoint`).
    pub bases: std::collections::HashMap<usize, SExpr>,
    /// The block whose address was taken last.
    pub exposed: Option<usize>,
    /// The callees a call past the inlining depth may be summarised by
    /// (`crate::contract`, decided on the source module).
    pub callees: crate::contract::Callees,
}

impl LlvmSem {
    /// The address of block `b`, made on first use: non-zero, 16-byte aligned, below
    /// 2^62 (so that no address in the block wraps).
    fn base(&mut self, smt: &mut Smt, b: usize) -> Result<SExpr, Stop> {
        if let Some(x) = self.bases.get(&b) {
            return Ok(*x);
        }
        let s = smt.bv_sort(64);
        let x = smt.fresh("base", s)?;
        let c = &smt.ctx;
        let a = self.mem.blocks[b].align.max(16);
        let ok = c.and_many([
            c.not(c.eq(x, smt.bv(64, 0))),
            c.eq(c.bvurem(x, smt.bv(64, a as i128)), smt.bv(64, 0)),
            c.bvult(x, smt.bv(64, 1i128 << 62)),
        ]);
        smt.ctx.assert(ok)?;
        self.bases.insert(b, x);
        Ok(x)
    }
}

/// The bytes a value of type `t` takes in memory: integers rounded up to a power of two
/// bytes, floats and pointers their size, vectors and arrays their elements'. Only
/// consistency matters to a proof (the lowered code computes every size and offset
/// from the same types).
pub fn size_of(t: &Type) -> Result<u64, Stop> {
    Ok(match t {
        Type::Int(w) => (w.div_ceil(8) as u64).next_power_of_two(),
        Type::Index => 8,
        Type::F16 | Type::BF16 => 2,
        Type::F32 => 4,
        Type::F64 => 8,
        Type::LlvmPtr(..) => 8,
        Type::Vector(v) => crate::memory::vector_layout(&v.shape, size_of(&v.elem)?).1,
        Type::LlvmArray(n, e) => n * size_of(e)?,
        Type::LlvmStruct(_) => {
            let ms = members(t)?;
            let a = align_of(t)?;
            let end = ms
                .last()
                .map_or(Ok(0), |(at, m)| size_of(m).map(|s| at + s))?;
            end.div_ceil(a) * a
        }
        other => return Err(Stop::NotModelled(format!("the size of {other}"))),
    })
}

impl LlvmSem {
    /// The LLVM memory ops.
    fn memory(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        k: LlvmOp,
        args: &[SVal],
    ) -> Result<Step, Stop> {
        let f = smt.ctx.false_();
        let rty = |i: usize| body.value_type(op.results[i]).clone();
        match k {
            LlvmOp::LlvmCall => {
                let name = crate::std_sem::callee(op)?;
                match name.as_str() {
                    "malloc" | "aligned_alloc" => {
                        let size = args
                            .last()
                            .ok_or_else(|| Stop::NotModelled("malloc without a size".into()))?;
                        let SVal::Int { w, v, p } = size else {
                            return Err(Stop::NotModelled("malloc of a non-integer".into()));
                        };
                        let n = int_resize(smt, *v, *w, 64, true);
                        let b = self.mem.alloc(smt, n, false);
                        // `aligned_alloc`'s alignment, when it is a constant power of two.
                        if let (true, [SVal::Int { v: a, .. }, _]) = (name == "aligned_alloc", args)
                        {
                            let a = crate::model::bv_value(smt, *a).unwrap_or(0);
                            if a.is_power_of_two() && a <= 1 << 30 {
                                let blk = &mut self.mem.blocks[b];
                                blk.align = blk.align.max(a as u64);
                            }
                        }
                        let r = SVal::Ptr {
                            blk: Some(b),
                            off: smt.bv(64, 0),
                            p: f,
                        };
                        Ok(Step::Values(vec![r], Some(*p)))
                    }
                    "free" => {
                        let SVal::Ptr { blk, off, p } = &args[0] else {
                            return Err(Stop::NotModelled("free of a non-pointer".into()));
                        };
                        let c = &smt.ctx;
                        let ub = match blk {
                            None => c.or(*p, c.not(c.eq(*off, smt.bv(64, 0)))),
                            Some(b) => {
                                let blk = &mut self.mem.blocks[*b];
                                let ub = if blk.stack {
                                    c.true_()
                                } else {
                                    c.or_many([*p, c.not(blk.live), c.not(c.eq(*off, blk.start))])
                                };
                                blk.live = f;
                                ub
                            }
                        };
                        Ok(Step::Values(vec![], Some(ub)))
                    }
                    _ => Ok(Step::Call(name)),
                }
            }
            LlvmOp::LlvmAlloca => {
                let et = match op.attr("elem_type") {
                    Some(Attribute::Type(t)) => t.clone(),
                    _ => return Err(Stop::NotModelled("alloca without an element type".into())),
                };
                let SVal::Int { w, v, p } = &args[0] else {
                    return Err(Stop::NotModelled("alloca of a non-integer count".into()));
                };
                let n = int_resize(smt, *v, *w, 64, false);
                let size = smt.ctx.bvmul(n, smt.bv(64, size_of(&et)? as i128));
                let size = smt.def(smt.bv_sort(64), size)?;
                let b = self.mem.alloc(smt, size, true);
                // Aligned as asked, else for its type (as LLVM aligns an alloca).
                let a = match op.attr("alignment") {
                    Some(Attribute::Int { value, .. })
                        if (*value as u64).is_power_of_two() && *value <= 1 << 30 =>
                    {
                        *value as u64
                    }
                    _ => align_of(&et).unwrap_or(16),
                };
                let blk = &mut self.mem.blocks[b];
                blk.align = blk.align.max(a);
                let r = SVal::Ptr {
                    blk: Some(b),
                    off: smt.bv(64, 0),
                    p: f,
                };
                Ok(Step::Values(vec![r], Some(*p)))
            }
            LlvmOp::LlvmGep => {
                let SVal::Ptr { blk, off, p } = &args[0] else {
                    return Err(Stop::NotModelled("a getelementptr of a non-pointer".into()));
                };
                let mut t = match op.attr("elem_type") {
                    Some(Attribute::Type(t)) => t.clone(),
                    _ => return Err(Stop::NotModelled("getelementptr without a type".into())),
                };
                let idx = match op.attr("indices") {
                    Some(Attribute::Array(xs)) => xs.clone(),
                    _ => return Err(Stop::NotModelled("getelementptr without indices".into())),
                };
                let mut dynamic = args[1..].iter();
                let mut off = *off;
                let mut poison = vec![*p];
                for (n, a) in idx.iter().enumerate() {
                    let Attribute::Int { value, .. } = a else {
                        return Err(Stop::NotModelled(
                            "a non-integer getelementptr index".into(),
                        ));
                    };
                    let i = if *value == i64::MIN as i128 {
                        let SVal::Int { w, v, p } = dynamic.next().ok_or_else(|| {
                            Stop::NotModelled("a getelementptr without its index".into())
                        })?
                        else {
                            return Err(Stop::NotModelled("a non-integer index".into()));
                        };
                        poison.push(*p);
                        int_resize(smt, *v, *w, 64, false)
                    } else {
                        smt.bv(64, *value)
                    };
                    if n > 0 {
                        t = match &t {
                            Type::LlvmArray(_, e) => (**e).clone(),
                            Type::Vector(v) => v.elem.clone(),
                            _ => {
                                return Err(Stop::NotModelled(
                                    "a getelementptr into a struct".into(),
                                ))
                            }
                        };
                    }
                    let step = smt.ctx.bvmul(i, smt.bv(64, size_of(&t)? as i128));
                    off = smt.ctx.bvadd(off, step);
                }
                let off = smt.def(smt.bv_sort(64), off)?;
                let p = smt.ctx.or_many(poison);
                let r = SVal::Ptr {
                    blk: *blk,
                    off,
                    p: smt.def_bool(p)?,
                };
                Ok(Step::Values(vec![r], None))
            }
            LlvmOp::LlvmPtrToInt => match &args[0] {
                SVal::Ptr { blk: None, off, p } => {
                    let Scalar::Int(w) = elem_scalar(&rty(0))? else {
                        return Err(Stop::NotModelled("ptrtoint to a float".into()));
                    };
                    let v = int_resize(smt, *off, 64, w, false);
                    Ok(Step::Values(vec![SVal::Int { w, v, p: *p }], None))
                }
                SVal::Ptr {
                    blk: Some(b),
                    off,
                    p,
                } => {
                    // A block's address: a base of its own (non-zero, 16-byte aligned as
                    // malloc's, not wrapping) plus the offset. The last block whose
                    // address is taken is the one `inttoptr` points back into.
                    let Scalar::Int(w) = elem_scalar(&rty(0))? else {
                        return Err(Stop::NotModelled("ptrtoint to a float".into()));
                    };
                    let base = self.base(smt, *b)?;
                    self.exposed = Some(*b);
                    let a = smt.ctx.bvadd(base, *off);
                    let v = int_resize(smt, a, 64, w, false);
                    let v = smt.def(smt.bv_sort(w), v)?;
                    Ok(Step::Values(vec![SVal::Int { w, v, p: *p }], None))
                }
                _ => Err(Stop::NotModelled("ptrtoint of a non-pointer".into())),
            },
            LlvmOp::LlvmIntToPtr => {
                // Back into the block whose address was taken last (an address outside
                // it is then an access outside its block: undefined, never a proof).
                let SVal::Int { w, v, p } = &args[0] else {
                    return Err(Stop::NotModelled("inttoptr of a non-integer".into()));
                };
                let a = int_resize(smt, *v, *w, 64, true);
                let (blk, off) = match self.exposed {
                    Some(b) => {
                        let base = self.base(smt, b)?;
                        (Some(b), smt.ctx.bvsub(a, base))
                    }
                    None => (None, a),
                };
                let off = smt.def(smt.bv_sort(64), off)?;
                Ok(Step::Values(vec![SVal::Ptr { blk, off, p: *p }], None))
            }
            LlvmOp::LlvmLoad => {
                let (v, ub) = self.access(smt, &args[0], &rty(0), None)?;
                Ok(Step::Values(v.into_iter().collect(), Some(ub)))
            }
            LlvmOp::LlvmMemcpy => {
                let ub = self.memcpy(smt, args)?;
                Ok(Step::Values(vec![], Some(ub)))
            }
            LlvmOp::LlvmStore => {
                let t = body.value_type(op.operands[0]).clone();
                let (_, ub) = self.access(smt, &args[1], &t, Some(&args[0]))?;
                Ok(Step::Values(vec![], Some(ub)))
            }
            _ => Err(Stop::NotModelled(format!("'{}' not modelled", op.name()))),
        }
    }
}

impl LlvmSem {
    /// A load (`val` is `None`) or a store of `val` of type `t` through `ptr`: the
    /// loaded value and the condition under which the access is undefined. A struct or
    /// array is its members at their offsets (natural alignment, as `layout` gives).
    pub fn access(
        &mut self,
        smt: &mut Smt,
        ptr: &SVal,
        t: &Type,
        val: Option<&SVal>,
    ) -> Result<(Option<SVal>, SExpr), Stop> {
        self.access_in(smt, ptr, t, val, false)
    }

    /// [`LlvmSem::access`], of a lane of a vector when `lane`.
    fn access_in(
        &mut self,
        smt: &mut Smt,
        ptr: &SVal,
        t: &Type,
        val: Option<&SVal>,
        lane: bool,
    ) -> Result<(Option<SVal>, SExpr), Stop> {
        if let Type::Vector(v) = t {
            self.lanes_of(ptr, &v.elem, true)?;
        }
        if let Type::LlvmStruct(_) | Type::LlvmArray(..) | Type::Vector(_) = t {
            let SVal::Ptr { blk, off, p } = ptr else {
                return Err(Stop::NotModelled("an access through a non-pointer".into()));
            };
            let mut out = Vec::new();
            let mut ubs = Vec::new();
            for (i, (at, mt)) in members(t)?.into_iter().enumerate() {
                let o = smt.ctx.bvadd(*off, smt.bv(64, at as i128));
                let mp = SVal::Ptr {
                    blk: *blk,
                    off: smt.def(smt.bv_sort(64), o)?,
                    p: *p,
                };
                let mv = match val {
                    Some(v) => Some(v.elems()?.get(i).cloned().ok_or_else(|| {
                        Stop::NotModelled("a stored aggregate of another shape".into())
                    })?),
                    None => None,
                };
                let in_vector = matches!(t, Type::Vector(_));
                let (r, ub) = self.access_in(smt, &mp, &mt, mv.as_ref(), in_vector)?;
                out.extend(r);
                ubs.push(ub);
            }
            // A vector's alignment (its size, a power of two), where this model lays it
            // out as LLVM does: lanes of whole power-of-two bytes (other lanes, such as
            // i1, i3 or i33, take more bytes here than in LLVM).
            if let Type::Vector(v) = t {
                let exact = match &v.elem {
                    Type::Int(w) => *w >= 8 && w.is_power_of_two(),
                    _ => true,
                };
                if exact {
                    ubs.push(self.misaligned(smt, ptr, size_of(t)?)?);
                }
            }
            let ub = smt.ctx.or_many(ubs);
            return Ok((val.is_none().then_some(SVal::Agg(out)), smt.def_bool(ub)?));
        }
        let s = scalar(t, 64)
            .or_else(|| matches!(t, Type::LlvmPtr(..)).then_some(Scalar::Ptr))
            .ok_or_else(|| Stop::NotModelled(format!("loads and stores of {t}")))?;
        if !lane {
            self.lanes_of(ptr, t, false)?;
        }
        let SVal::Ptr { blk, off, p } = ptr else {
            return Err(Stop::NotModelled("an access through a non-pointer".into()));
        };
        let Some(b) = blk else {
            let v = match val {
                None => Some(poison_of(smt, t)?),
                Some(_) => None,
            };
            return Ok((v, smt.ctx.true_()));
        };
        let bytes = size_of(t)?;
        let sz = smt.bv(64, bytes as i128);
        let (vals, init) = self.mem.arrays(smt, *b, s)?;
        let blk = self.mem.blocks[*b].clone();
        let c = &smt.ctx;
        // Accesses must be naturally aligned (the lowered code's are); the arrays are
        // indexed by byte offset (as the Standard buffers are, `memory::scalar_bytes`).
        let ub = c.or_many([
            *p,
            c.not(blk.live),
            c.bvult(blk.size, sz),
            c.bvugt(*off, c.bvsub(blk.size, sz)),
            c.not(c.eq(c.bvurem(*off, sz), smt.bv(64, 0))),
        ]);
        let ub = smt.def_bool(ub)?;
        let c = &smt.ctx;
        let Some(val) = val else {
            let v = c.select(vals, *off);
            let pz = c.not(c.select(init, *off));
            let srt = sort(smt, s);
            let v = smt.def(srt, v)?;
            let pz = smt.def_bool(pz)?;
            let r = match s {
                // A pointer read back points into the block stored pointers point into.
                Scalar::Ptr => SVal::Ptr {
                    blk: blk.ptr_target.flatten(),
                    off: v,
                    p: pz,
                },
                _ => leaf_of(s, v, pz),
            };
            return Ok((Some(r), ub));
        };
        if let SVal::Ptr { blk: target, .. } = val {
            let b2 = &mut self.mem.blocks[*b];
            match b2.ptr_target {
                None => b2.ptr_target = Some(*target),
                Some(t0) if t0 == *target => {}
                Some(_) => {
                    return Err(Stop::NotModelled(
                        "pointers into different blocks stored in one block".into(),
                    ))
                }
            }
        }
        // A poison value stored reads back as poison: its bytes are marked unwritten.
        let c = &smt.ctx;
        let nv = c.store(vals, *off, val.term()?);
        let ni = c.store(init, *off, c.not(val.poison()?));
        let srt = sort(smt, s);
        let asort = crate::memory::array_sort(smt, srt);
        let bsort = crate::memory::array_sort(smt, smt.ctx.bool_sort());
        let nv = smt.def(asort, nv)?;
        let ni = smt.def(bsort, ni)?;
        self.mem.blocks[*b].arrays.insert(s, (nv, ni));
        Ok((None, ub))
    }
}

impl LlvmSem {
    /// The ranked descriptor of rank `r` an unranked memref `{rank, ptr}` points to,
    /// every field poison where the rank is not `r` (or poison) or the read is
    /// undefined (so that the result is wrong there).
    fn unranked_descriptor(&mut self, smt: &mut Smt, v: &SVal, r: usize) -> Result<SVal, Stop> {
        let [SVal::Int { w, v: rank, p }, ptr] = v.elems()? else {
            return Err(Stop::NotModelled(
                "an unranked memref result of another shape".into(),
            ));
        };
        let it = Type::Int(self.index_bits);
        let mut tys = vec![
            Type::llvm_ptr(Type::Int(8)),
            Type::llvm_ptr(Type::Int(8)),
            it.clone(),
        ];
        if r > 0 {
            let arr = Type::LlvmArray(r as u64, std::sync::Arc::new(it));
            tys.push(arr.clone());
            tys.push(arr);
        }
        let (d, ub) = self.access(smt, ptr, &Type::LlvmStruct(tys.into()), None)?;
        let d = d.ok_or_else(|| Stop::NotModelled("a descriptor not read".into()))?;
        let c = &smt.ctx;
        let bad = c.or_many([*p, ub, c.not(c.eq(*rank, smt.bv(*w, r as i128)))]);
        let bad = smt.def_bool(bad)?;
        poison_if(smt, &d, bad)
    }

    /// `llvm.intr.memcpy(dst, src, len)`: the `len` bytes at `src` copied to `dst`, every
    /// kind of value and its written bits (`memory::copy_range`), and the block stored
    /// pointers point into; the condition under which it is undefined (a poison
    /// operand; a dead block, a range outside its block or overlapping ranges, unless
    /// `len` is 0).
    fn memcpy(&mut self, smt: &mut Smt, args: &[SVal]) -> Result<SExpr, Stop> {
        let [SVal::Ptr {
            blk: db,
            off: doff,
            p: dp,
        }, SVal::Ptr {
            blk: sb,
            off: soff,
            p: sp,
        }, SVal::Int { w, v, p: lp }, ..] = args
        else {
            return Err(Stop::NotModelled(
                "llvm.intr.memcpy of other operands".into(),
            ));
        };
        let len = int_resize(smt, *v, *w, 64, true);
        let len = smt.def(smt.bv_sort(64), len)?;
        let c = &smt.ctx;
        let nonzero = c.not(c.eq(len, smt.bv(64, 0)));
        let (Some(db), Some(sb)) = (*db, *sb) else {
            let ub = c.or_many([*dp, *sp, *lp, nonzero]);
            return smt.def_bool(ub);
        };
        let (d, s) = (&self.mem.blocks[db], &self.mem.blocks[sb]);
        let outside =
            |size: SExpr, off: SExpr| c.or(c.bvugt(off, size), c.bvugt(len, c.bvsub(size, off)));
        let mut bad = vec![
            c.not(d.live),
            c.not(s.live),
            outside(d.size, *doff),
            outside(s.size, *soff),
        ];
        if db == sb {
            // Overlapping ranges in one block.
            bad.push(c.and(
                c.bvult(*doff, c.bvadd(*soff, len)),
                c.bvult(*soff, c.bvadd(*doff, len)),
            ));
        }
        let ub = c.or_many([*dp, *sp, *lp, c.and(nonzero, c.or_many(bad))]);
        let ub = smt.def_bool(ub)?;
        // Where the source's stored pointers point, and how it holds packed lanes.
        let (st, sp_) = (s.ptr_target, s.packed.clone());
        let d = &mut self.mem.blocks[db];
        match (d.ptr_target, st) {
            (_, None) => {}
            (None, t) => d.ptr_target = t,
            (Some(a), Some(b)) if a == b => {}
            _ => {
                return Err(Stop::NotModelled(
                    "pointers into different blocks stored in one block".into(),
                ))
            }
        }
        for (w, m) in sp_ {
            if *d.packed.entry(w).or_insert(m) != m {
                return Err(Stop::NotModelled(format!(
                    "one block accessed both as vectors of i{w} and as i{w} (LLVM packs the \
                     vectors' bits)"
                )));
            }
        }
        let mut kinds: Vec<Scalar> = self.mem.blocks[sb].arrays.keys().copied().collect();
        kinds.extend(self.mem.blocks[db].arrays.keys().copied());
        kinds.sort_by_key(|k| format!("{k:?}"));
        kinds.dedup();
        let bound = match smt.kind {
            crate::smt::SolverKind::Z3 => None,
            crate::smt::SolverKind::Cvc5 => {
                Some(crate::memory::copy_bound(smt, len)?.ok_or_else(|| {
                    Stop::NotModelled(
                        "llvm.intr.memcpy of more than 256 bytes, or of a length the solver \
                         does not bound, with cvc5"
                            .into(),
                    )
                })?)
            }
        };
        for k in kinds {
            let (sv, si) = self.mem.arrays(smt, sb, k)?;
            let (dv, di) = self.mem.arrays(smt, db, k)?;
            let es = sort(smt, k);
            let nv = crate::memory::copy_range(smt, es, (dv, *doff), (sv, *soff), len, bound)?;
            let bs = smt.ctx.bool_sort();
            let ni = crate::memory::copy_range(smt, bs, (di, *doff), (si, *soff), len, bound)?;
            self.mem.blocks[db].arrays.insert(k, (nv, ni));
        }
        Ok(ub)
    }

    /// Whether `ptr`'s address is not a multiple of `a` (a vector's alignment, which
    /// may exceed what its block's start is known to have: then the block's address
    /// decides, as realigned code computes it).
    fn misaligned(&mut self, smt: &mut Smt, ptr: &SVal, a: u64) -> Result<SExpr, Stop> {
        let SVal::Ptr {
            blk: Some(b), off, ..
        } = ptr
        else {
            return Ok(smt.ctx.false_());
        };
        let at = if a <= self.mem.blocks[*b].align.max(16) {
            *off
        } else {
            let base = self.base(smt, *b)?;
            smt.ctx.bvadd(base, *off)
        };
        let c = &smt.ctx;
        Ok(c.not(c.eq(c.bvurem(at, smt.bv(64, a as i128)), smt.bv(64, 0))))
    }

    /// Records how block `ptr` points into is accessed with integers of width `t`
    /// that is not a whole number of bytes: as lanes of vectors (`lanes`), or as
    /// scalars. LLVM packs such lanes' bits, which this model does not (it gives each
    /// lane its bytes): a block accessed both ways is not modelled.
    fn lanes_of(&mut self, ptr: &SVal, t: &Type, lanes: bool) -> Result<(), Stop> {
        let (SVal::Ptr { blk: Some(b), .. }, Type::Int(w)) = (ptr, t) else {
            return Ok(());
        };
        if w % 8 == 0 {
            return Ok(());
        }
        let mode = self.mem.blocks[*b].packed.entry(*w).or_insert(lanes);
        if *mode != lanes {
            return Err(Stop::NotModelled(format!(
                "one block accessed both as vectors of i{w} and as i{w} (LLVM packs the \
                 vectors' bits)"
            )));
        }
        Ok(())
    }
}

/// The members of a struct, array or 1-D vector type with their byte offsets, each at
/// its natural alignment.
pub fn members(t: &Type) -> Result<Vec<(u64, Type)>, Stop> {
    let tys: Vec<Type> = match t {
        Type::LlvmStruct(ms) => ms.to_vec(),
        Type::LlvmArray(n, e) => vec![(**e).clone(); *n as usize],
        Type::Vector(v) if v.shape.len() == 1 => vec![v.elem.clone(); v.shape[0] as usize],
        _ => return Err(Stop::NotModelled(format!("the members of {t}"))),
    };
    let mut out = Vec::new();
    let mut at = 0u64;
    for m in tys {
        let a = align_of(&m)?;
        at = at.div_ceil(a) * a;
        out.push((at, m.clone()));
        at += size_of(&m)?;
    }
    Ok(out)
}

/// The natural alignment of `t`.
pub fn align_of(t: &Type) -> Result<u64, Stop> {
    Ok(match t {
        Type::LlvmStruct(ms) => ms
            .iter()
            .map(align_of)
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .max()
            .unwrap_or(1),
        Type::LlvmArray(_, e) => align_of(e)?,
        // An n-D vector (a Standard type) is arrays of its innermost 1-D vector.
        Type::Vector(v) if v.shape.len() > 1 => {
            crate::memory::vector_layout(&v.shape[v.shape.len() - 1..], size_of(&v.elem)?).1
        }
        t => size_of(t)?,
    })
}

#[derive(Default, Clone, Copy)]
struct Flags {
    nsw: bool,
    nuw: bool,
    exact: bool,
}

/// The `nsw`, `nuw` and `exact` flags of an op, in every spelling the IR carries.
fn flags(op: &OpData) -> Flags {
    let on = |a: Option<&Attribute>| !matches!(a, None | Some(Attribute::Bool(false)));
    let mut f = Flags::default();
    match op.attr("overflowFlags") {
        Some(Attribute::Str(s)) => {
            f.nsw = s.contains("nsw");
            f.nuw = s.contains("nuw");
        }
        Some(Attribute::Int { value, .. }) => {
            f.nsw = value & 1 != 0;
            f.nuw = value & 2 != 0;
        }
        _ => {}
    }
    f.nsw |= on(op.attr("nsw"));
    f.nuw |= on(op.attr("nuw"));
    f.exact = on(op.attr("isExact")) || on(op.attr("exact"));
    f
}

fn int_op(k: LlvmOp) -> Option<IntOp> {
    Some(match k {
        LlvmOp::LlvmAdd => IntOp::Add,
        LlvmOp::LlvmSub => IntOp::Sub,
        LlvmOp::LlvmMul => IntOp::Mul,
        LlvmOp::LlvmSDiv => IntOp::DivS,
        LlvmOp::LlvmUDiv => IntOp::DivU,
        LlvmOp::LlvmSRem => IntOp::RemS,
        LlvmOp::LlvmURem => IntOp::RemU,
        LlvmOp::LlvmAnd => IntOp::And,
        LlvmOp::LlvmOr => IntOp::Or,
        LlvmOp::LlvmXor => IntOp::Xor,
        LlvmOp::LlvmShl => IntOp::Shl,
        LlvmOp::LlvmAShr => IntOp::ShrS,
        LlvmOp::LlvmLShr => IntOp::ShrU,
        _ => return None,
    })
}

fn float_op(k: LlvmOp) -> Option<FloatOp> {
    Some(match k {
        LlvmOp::LlvmFAdd => FloatOp::Add,
        LlvmOp::LlvmFSub => FloatOp::Sub,
        LlvmOp::LlvmFMul => FloatOp::Mul,
        LlvmOp::LlvmFDiv => FloatOp::Div,
        LlvmOp::LlvmFRem => FloatOp::Rem,
        LlvmOp::LlvmCopySign => FloatOp::CopySign,
        _ => return None,
    })
}

fn float_fn(k: LlvmOp) -> Option<FloatFn> {
    Some(match k {
        LlvmOp::LlvmFNeg => FloatFn::Neg,
        LlvmOp::LlvmFAbs => FloatFn::Abs,
        LlvmOp::LlvmSqrt => FloatFn::Sqrt,
        LlvmOp::LlvmCeil => FloatFn::Ceil,
        LlvmOp::LlvmExp => FloatFn::Opaque("exp"),
        LlvmOp::LlvmExp2 => FloatFn::Opaque("exp2"),
        LlvmOp::LlvmLog => FloatFn::Opaque("log"),
        LlvmOp::LlvmLog2 => FloatFn::Opaque("log2"),
        LlvmOp::LlvmLog10 => FloatFn::Opaque("log10"),
        LlvmOp::LlvmSin => FloatFn::Opaque("sin"),
        LlvmOp::LlvmCos => FloatFn::Opaque("cos"),
        _ => return None,
    })
}

/// The scalar kind of a (vector or) scalar LLVM type.
fn elem_scalar(t: &Type) -> Result<Scalar, Stop> {
    let e = match t {
        Type::Vector(v) => &v.elem,
        t => t,
    };
    scalar(e, 64).ok_or_else(|| Stop::NotModelled(format!("values of type {t}")))
}

/// A poison value of type `t`.
fn poison_of(smt: &mut Smt, t: &Type) -> Result<SVal, Stop> {
    let tr = smt.ctx.true_();
    build(t, 64, &mut |s: Scalar| Ok(leaf_of(s, zero_of(smt, s), tr)))
}

/// The members at `position` (an array of ints) inside an aggregate.
fn positions(op: &OpData) -> Result<Vec<usize>, Stop> {
    match op.attr("position") {
        Some(Attribute::Array(xs)) => xs
            .iter()
            .map(|a| match a {
                Attribute::Int { value, .. } => Ok(*value as usize),
                _ => Err(Stop::NotModelled("a non-integer position".into())),
            })
            .collect(),
        _ => Err(Stop::NotModelled(format!(
            "'{}' without a position",
            op.name()
        ))),
    }
}

fn at_path<'v>(v: &'v SVal, path: &[usize]) -> Result<&'v SVal, Stop> {
    let mut cur = v;
    for &i in path {
        cur = cur
            .elems()?
            .get(i)
            .ok_or_else(|| Stop::NotModelled("a position out of range".into()))?;
    }
    Ok(cur)
}

fn set_path(v: &mut SVal, path: &[usize], x: SVal) -> Result<(), Stop> {
    match path.split_first() {
        None => {
            *v = x;
            Ok(())
        }
        Some((&i, rest)) => match v {
            SVal::Agg(xs) => {
                let m = xs
                    .get_mut(i)
                    .ok_or_else(|| Stop::NotModelled("a position out of range".into()))?;
                set_path(m, rest, x)
            }
            _ => Err(Stop::NotModelled("a position into a scalar".into())),
        },
    }
}

/// Marks every leaf of `v` poison where `c` holds.
fn poison_if(smt: &mut Smt, v: &SVal, c: SExpr) -> Result<SVal, Stop> {
    map1(v, &mut |x| {
        let p = smt.ctx.or(x.poison()?, c);
        Ok(x.with(x.term()?, smt.def_bool(p)?))
    })
}

impl Semantics for LlvmSem {
    fn step(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        args: &[SVal],
    ) -> Result<Step, Stop> {
        let k = op
            .kind
            .llvm()
            .ok_or_else(|| Stop::NotModelled(format!("'{}' in a lowered function", op.name())))?;
        let rty = |i: usize| body.value_type(op.results[i]).clone();
        let mut ub: Vec<SExpr> = Vec::new();
        if let Some(iop) = int_op(k) {
            let fl = flags(op);
            let r = map2(&args[0], &args[1], &mut |a, b| {
                let (SVal::Int { w, v: x, p: px }, SVal::Int { v: y, p: py, .. }) = (a, b) else {
                    return Err(Stop::NotModelled("integer op on non-integers".into()));
                };
                let (w, x, y) = (*w, *x, *y);
                let c = &smt.ctx;
                let mut poison = vec![*px, *py];
                if let Some(bad) = ops::div_undefined(smt, iop, x, y, w) {
                    // Division by zero or by poison, and signed overflow, are UB.
                    ub.push(c.or(*py, bad));
                    poison = vec![*px];
                }
                poison.extend(ops::shift_too_far(smt, iop, y, w));
                let v = ops::int_binary(smt, iop, x, y);
                let c = &smt.ctx;
                let (sx, sy) = (
                    smt.indexed("sign_extend", &[1], vec![x]),
                    smt.indexed("sign_extend", &[1], vec![y]),
                );
                let (zx, zy) = (
                    smt.indexed("zero_extend", &[1], vec![x]),
                    smt.indexed("zero_extend", &[1], vec![y]),
                );
                let wide = |a: SExpr, b: SExpr| match iop {
                    IntOp::Add => Some(c.bvadd(a, b)),
                    IntOp::Sub => Some(c.bvsub(a, b)),
                    _ => None,
                };
                if fl.nsw {
                    match iop {
                        IntOp::Add | IntOp::Sub => {
                            let r = wide(sx, sy).expect("add/sub");
                            let back = smt.indexed("sign_extend", &[1], vec![v]);
                            poison.push(c.not(c.eq(r, back)));
                        }
                        IntOp::Mul => {
                            let (sx, sy) = (
                                smt.indexed("sign_extend", &[w], vec![x]),
                                smt.indexed("sign_extend", &[w], vec![y]),
                            );
                            let back = smt.indexed("sign_extend", &[w], vec![v]);
                            poison.push(c.not(c.eq(c.bvmul(sx, sy), back)));
                        }
                        IntOp::Shl => {
                            poison.push(c.not(c.eq(c.bvashr(v, y), x)));
                        }
                        _ => {}
                    }
                }
                if fl.nuw {
                    match iop {
                        IntOp::Add | IntOp::Sub => {
                            let r = wide(zx, zy).expect("add/sub");
                            let back = smt.indexed("zero_extend", &[1], vec![v]);
                            poison.push(c.not(c.eq(r, back)));
                        }
                        IntOp::Mul => {
                            let (zx, zy) = (
                                smt.indexed("zero_extend", &[w], vec![x]),
                                smt.indexed("zero_extend", &[w], vec![y]),
                            );
                            let back = smt.indexed("zero_extend", &[w], vec![v]);
                            poison.push(c.not(c.eq(c.bvmul(zx, zy), back)));
                        }
                        IntOp::Shl => {
                            poison.push(c.not(c.eq(c.bvlshr(v, y), x)));
                        }
                        _ => {}
                    }
                }
                if fl.exact {
                    match iop {
                        IntOp::DivS => poison.push(c.not(c.eq(c.bvmul(v, y), x))),
                        IntOp::DivU => poison.push(c.not(c.eq(c.bvurem(x, y), smt.bv(w, 0)))),
                        IntOp::ShrS => poison.push(c.not(c.eq(c.bvshl(v, y), x))),
                        IntOp::ShrU => poison.push(c.not(c.eq(c.bvshl(v, y), x))),
                        _ => {}
                    }
                }
                let s = smt.bv_sort(w);
                let p = smt.ctx.or_many(poison);
                Ok(SVal::Int {
                    w,
                    v: smt.def(s, v)?,
                    p: smt.def_bool(p)?,
                })
            })?;
            return Ok(Step::Values(vec![r], any(smt, ub)));
        }
        if let Some(fop) = float_op(k) {
            let r = map2(&args[0], &args[1], &mut |a, b| {
                let (SVal::Float { k, v: x, p: px }, SVal::Float { v: y, p: py, .. }) = (a, b)
                else {
                    return Err(Stop::NotModelled("float op on non-floats".into()));
                };
                let s = smt.fp_sort(*k);
                let v = ops::float_binary(smt, fop, *x, *y);
                let v = smt.def(s, v)?;
                crate::nan::track_binary(smt, fop, *y, v);
                let p = smt.ctx.or(*px, *py);
                Ok(SVal::Float {
                    k: *k,
                    v,
                    p: smt.def_bool(p)?,
                })
            })?;
            return Ok(Step::Values(vec![r], None));
        }
        if let Some(ff) = float_fn(k) {
            let r = map1(&args[0], &mut |a| {
                let SVal::Float { k, v, p } = a else {
                    return Err(Stop::NotModelled("float op on a non-float".into()));
                };
                let r = ops::float_unary(smt, ff, *k, *v)?;
                let s = smt.fp_sort(*k);
                let r = smt.def(s, r)?;
                crate::nan::track_unary(smt, ff, *v, r);
                Ok(SVal::Float { k: *k, v: r, p: *p })
            })?;
            return Ok(Step::Values(vec![r], None));
        }
        let r = match k {
            LlvmOp::LlvmConstant => {
                let a = op
                    .attr("value")
                    .ok_or_else(|| Stop::NotModelled("a constant without a value".into()))?;
                constant(smt, a, &rty(0), 64)?
            }
            LlvmOp::LlvmUndef => {
                let f = smt.ctx.false_();
                build(&rty(0), 64, &mut |s| {
                    let srt = sort(smt, s);
                    let v = smt.fresh("undef", srt)?;
                    Ok(leaf_of(s, v, f))
                })?
            }
            LlvmOp::LlvmPoison => poison_of(smt, &rty(0))?,
            LlvmOp::LlvmZero => {
                let f = smt.ctx.false_();
                build(&rty(0), 64, &mut |s| Ok(leaf_of(s, zero_of(smt, s), f)))?
            }
            LlvmOp::LlvmICmp | LlvmOp::LlvmFCmp => {
                let pred = predicate(op)?.to_string();
                map2(&args[0], &args[1], &mut |a, b| {
                    let (x, y) = (a.term()?, b.term()?);
                    let c = if k == LlvmOp::LlvmICmp {
                        ops::icmp(smt, &pred, x, y)
                    } else {
                        ops::fcmp(smt, &pred, x, y)
                    }
                    .ok_or_else(|| Stop::NotModelled(format!("predicate '{pred}'")))?;
                    let v = smt.bool_to_bv1(c);
                    let s = smt.bv_sort(1);
                    let p = smt.ctx.or(a.poison()?, b.poison()?);
                    Ok(SVal::Int {
                        w: 1,
                        v: smt.def(s, v)?,
                        p: smt.def_bool(p)?,
                    })
                })?
            }
            LlvmOp::LlvmSelect => match &args[0] {
                SVal::Agg(cs) => {
                    let mut lanes = Vec::new();
                    for ((c, a), b) in cs.iter().zip(args[1].elems()?).zip(args[2].elems()?) {
                        let cb = smt.bv1_to_bool(c.term()?);
                        let l = ite(smt, cb, a, b)?;
                        lanes.push(poison_if(smt, &l, c.poison()?)?);
                    }
                    SVal::Agg(lanes)
                }
                c => {
                    let cb = smt.bv1_to_bool(c.term()?);
                    let v = ite(smt, cb, &args[1], &args[2])?;
                    poison_if(smt, &v, c.poison()?)?
                }
            },
            LlvmOp::LlvmSExt | LlvmOp::LlvmZExt | LlvmOp::LlvmTrunc => {
                let Scalar::Int(tw) = elem_scalar(&rty(0))? else {
                    return Err(Stop::NotModelled("an integer cast to a float".into()));
                };
                map1(&args[0], &mut |a| {
                    let SVal::Int { w, v, p } = a else {
                        return Err(Stop::NotModelled("an integer cast of a float".into()));
                    };
                    let v = int_resize(smt, *v, *w, tw, k == LlvmOp::LlvmZExt);
                    let s = smt.bv_sort(tw);
                    Ok(SVal::Int {
                        w: tw,
                        v: smt.def(s, v)?,
                        p: *p,
                    })
                })?
            }
            LlvmOp::LlvmSIToFP | LlvmOp::LlvmFPExt | LlvmOp::LlvmFPTrunc => {
                let Scalar::Float(to) = elem_scalar(&rty(0))? else {
                    return Err(Stop::NotModelled("a float cast to an integer".into()));
                };
                map1(&args[0], &mut |a| {
                    let v = if k == LlvmOp::LlvmSIToFP {
                        ops::sitofp(smt, to, a.term()?)
                    } else {
                        ops::fconvert(smt, to, a.term()?)
                    };
                    let s = smt.fp_sort(to);
                    Ok(SVal::Float {
                        k: to,
                        v: smt.def(s, v)?,
                        p: a.poison()?,
                    })
                })?
            }
            LlvmOp::LlvmFPToSI => {
                let Scalar::Int(tw) = elem_scalar(&rty(0))? else {
                    return Err(Stop::NotModelled("fptosi to a float".into()));
                };
                map1(&args[0], &mut |a| {
                    let SVal::Float { k, v, p } = a else {
                        return Err(Stop::NotModelled("fptosi of an integer".into()));
                    };
                    let (v, bad) = ops::fptosi(smt, *k, tw, *v);
                    let s = smt.bv_sort(tw);
                    let p = smt.ctx.or(*p, bad);
                    Ok(SVal::Int {
                        w: tw,
                        v: smt.def(s, v)?,
                        p: smt.def_bool(p)?,
                    })
                })?
            }
            LlvmOp::LlvmBitcast if body.value_type(op.operands[0]) == &rty(0) => args[0].clone(),
            LlvmOp::LlvmInsertValue => {
                let mut agg = args[0].clone();
                set_path(&mut agg, &positions(op)?, args[1].clone())?;
                agg
            }
            LlvmOp::LlvmExtractValue => at_path(&args[0], &positions(op)?)?.clone(),
            LlvmOp::LlvmInsertElement => {
                let lanes = args[0].elems()?;
                let (pos, pp, pw) = index_of(&args[2])?;
                let mut out = Vec::new();
                let oob = in_range(smt, (pos, pw), lanes.len());
                for (j, lane) in lanes.iter().enumerate() {
                    let at = at_lane(smt, (pos, pw), j);
                    let l = ite(smt, at, &args[1], lane)?;
                    let bad = smt.ctx.or(pp, smt.ctx.not(oob));
                    out.push(poison_if(smt, &l, bad)?);
                }
                SVal::Agg(out)
            }
            LlvmOp::LlvmExtractElement => {
                let lanes = args[0].elems()?;
                let (pos, pp, pw) = index_of(&args[1])?;
                let mut out = lanes
                    .last()
                    .cloned()
                    .ok_or_else(|| Stop::NotModelled("an empty vector".into()))?;
                for (j, lane) in lanes.iter().enumerate().rev().skip(1) {
                    let at = at_lane(smt, (pos, pw), j);
                    out = ite(smt, at, lane, &out)?;
                }
                let ok = in_range(smt, (pos, pw), lanes.len());
                let bad = smt.ctx.or(pp, smt.ctx.not(ok));
                poison_if(smt, &out, bad)?
            }
            LlvmOp::LlvmShuffleVector => {
                let mask = match op.attr("mask") {
                    Some(Attribute::Array(xs)) => xs
                        .iter()
                        .map(|a| match a {
                            Attribute::Int { value, .. } => Ok(*value),
                            _ => Err(Stop::NotModelled("a shuffle mask of non-integers".into())),
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                    _ => return Err(Stop::NotModelled("a shufflevector without a mask".into())),
                };
                let mut both: Vec<SVal> = args[0].elems()?.to_vec();
                both.extend(args[1].elems()?.iter().cloned());
                let elem = elem_of(&rty(0))?;
                let mut out = Vec::new();
                for m in mask {
                    match both.get(m as usize).filter(|_| m >= 0) {
                        Some(v) => out.push(v.clone()),
                        None => out.push(poison_of(smt, &elem)?),
                    }
                }
                SVal::Agg(out)
            }
            LlvmOp::LlvmCall
            | LlvmOp::LlvmAlloca
            | LlvmOp::LlvmGep
            | LlvmOp::LlvmPtrToInt
            | LlvmOp::LlvmIntToPtr
            | LlvmOp::LlvmLoad
            | LlvmOp::LlvmStore
            | LlvmOp::LlvmMemcpy => return self.memory(smt, body, op, k, args),
            LlvmOp::LlvmBitcast | LlvmOp::LlvmAddrSpaceCast
                if matches!(args[0], SVal::Ptr { .. }) =>
            {
                args[0].clone()
            }
            LlvmOp::LlvmReturn => return Ok(Step::Return(args.to_vec())),
            LlvmOp::LlvmBr => return Ok(Step::Br),
            LlvmOp::LlvmCondBr => {
                let c = smt.bv1_to_bool(args[0].term()?);
                return Ok(Step::CondBr(c, Some(args[0].poison()?)));
            }
            _ => {
                return Err(Stop::NotModelled(format!("'{}' not modelled", op.name())));
            }
        };
        Ok(Step::Values(vec![r], any(smt, ub)))
    }

    fn save(&mut self) -> usize {
        self.saved.push(self.mem.clone());
        self.saved.len() - 1
    }
    fn restore(&mut self, id: usize) {
        self.mem = self.saved[id].clone();
    }
    fn same_as(&self, id: usize) -> bool {
        self.mem == self.saved[id]
    }
    fn merge(&mut self, smt: &mut Smt, c: SExpr, t: usize, f: usize) -> Result<(), Stop> {
        self.mem = crate::memory::LlvmMem::merge(smt, c, &self.saved[t], &self.saved[f])?;
        Ok(())
    }
    fn export(&mut self, smt: &mut Smt, results: Vec<SVal>) -> Result<Vec<SVal>, Stop> {
        // The C wrapper's results are in its out-pointer's block.
        let results = match self.out_block.clone() {
            Some((b, t)) => {
                let ptr = SVal::Ptr {
                    blk: Some(b),
                    off: smt.bv(64, 0),
                    p: smt.ctx.false_(),
                };
                let (v, _) = self.access(smt, &ptr, &t, None)?;
                let v = v.ok_or_else(|| Stop::NotModelled("an out-pointer not read".into()))?;
                if self.result_elems.len() == 1 {
                    vec![v]
                } else {
                    v.elems()?.to_vec()
                }
            }
            // Two results or more are returned as one struct.
            None if results.len() == 1 && self.result_elems.len() >= 2 => {
                results[0].elems()?.to_vec()
            }
            None => results,
        };
        let mut out = Vec::new();
        for (i, v) in results.into_iter().enumerate() {
            out.push(match self.result_elems.get(i).copied().flatten() {
                Some(e) => {
                    let v = match self.result_ranks.get(i).copied().flatten() {
                        Some(r) => self.unranked_descriptor(smt, &v, r)?,
                        None => v,
                    };
                    crate::view::llvm_view(smt, &mut self.mem, &v, e)?
                }
                None => v,
            });
        }
        Ok(out)
    }
    fn contract(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        callee: &str,
        args: &[SVal],
    ) -> Result<crate::contract::Summary, Stop> {
        crate::contract::summarise(smt, &self.callees, (body, op), callee, args, (true, 64))
    }
    fn observe(&mut self, smt: &mut Smt) -> Result<Vec<SVal>, Stop> {
        let f = smt.ctx.false_();
        let mut out = Vec::new();
        for &(b, s) in &self.arg_blocks.clone() {
            let (vals, init) = self.mem.arrays(smt, b, s)?;
            let es = sort(smt, s);
            let live = self.mem.blocks[b].live;
            out.extend(crate::memory::observed(smt, es, vals, init, live, f));
        }
        Ok(out)
    }
}

fn elem_of(t: &Type) -> Result<Type, Stop> {
    match t {
        Type::Vector(v) => Ok(v.elem.clone()),
        _ => Err(Stop::NotModelled("a shuffle of non-vectors".into())),
    }
}

/// A position operand: its term, poison flag and width.
fn index_of(v: &SVal) -> Result<(SExpr, SExpr, u32), Stop> {
    match v {
        SVal::Int { w, v, p } => Ok((*v, *p, *w)),
        _ => Err(Stop::NotModelled("a non-integer position".into())),
    }
}

/// Whether the position `pos` of width `w` is below `n`, as unsigned.
fn in_range(smt: &Smt, (pos, w): (SExpr, u32), n: usize) -> SExpr {
    if w < 64 && (n as u128) >= (1u128 << w) {
        return smt.ctx.true_();
    }
    smt.ctx.bvult(pos, smt.bv(w, n as i128))
}

/// Whether the position `pos` of width `w` is `j`.
fn at_lane(smt: &Smt, (pos, w): (SExpr, u32), j: usize) -> SExpr {
    if w < 64 && (j as u128) >= (1u128 << w) {
        return smt.ctx.false_();
    }
    smt.ctx.eq(pos, smt.bv(w, j as i128))
}
