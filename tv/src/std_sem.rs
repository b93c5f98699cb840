//! The Standard dialect's semantics, as the reference interpreter (`interp/`) implements
//! them: integers wrap; division and remainder by zero, signed `MIN / -1`, shifts by at
//! least the width, `fptosi` of a value that does not fit and an out-of-bounds
//! `extract_element` are undefined behaviour; floats are IEEE 754 with rounding to
//! nearest even; vectors are elementwise. No value is ever poison.

use crate::consts::constant;
use crate::memory::StdMem;
use crate::ops::{self, FloatFn, FloatOp, IntOp};
use crate::smt::{Smt, Stop};
use crate::value::{scalar, sort, vector_shape, SVal, Scalar};
use crate::walk::{Semantics, Step};
use converter::ir::{Attribute, Body, OpData, StdOp, Type};
use easy_smt::SExpr;

/// The most elements an allocation may have for a proof to claim it.
pub const ALLOC_LIMIT: u64 = 1 << 32;

/// The Standard semantics at an `index` width.
pub struct StdSem {
    pub index_bits: u32,
    pub mem: StdMem,
    pub saved: Vec<StdMem>,
    /// The buffers of the memref arguments, observed at the return.
    pub arg_bufs: Vec<usize>,
    /// The callees a call past the inlining depth may be summarised by
    /// (`crate::contract`).
    pub callees: crate::contract::Callees,
}

impl StdSem {
    pub fn new(index_bits: u32) -> StdSem {
        StdSem {
            index_bits,
            mem: StdMem::default(),
            saved: Vec::new(),
            arg_bufs: Vec::new(),
            callees: Default::default(),
        }
    }

    /// An index operand as 64 bits (unsigned: a negative index is out of bounds).
    fn index64(&self, smt: &Smt, v: &SVal) -> Result<SExpr, Stop> {
        Ok(int_resize(smt, v.term()?, self.index_bits, 64, true))
    }

    /// The element position of `idx` in a memref of `sizes` (row-major), and whether
    /// an index is out of bounds.
    fn position(
        &self,
        smt: &Smt,
        (sizes, strides, offset): (&[SExpr], &[SExpr], SExpr),
        idx: &[SVal],
    ) -> Result<(SExpr, SExpr), Stop> {
        let c = &smt.ctx;
        if sizes.len() != idx.len() {
            return Err(Stop::NotModelled(
                "an access with the wrong number of indices".into(),
            ));
        }
        let mut lin = offset;
        let mut oob = vec![c.false_()];
        for ((s, st), i) in sizes.iter().zip(strides).zip(idx) {
            let i = self.index64(smt, i)?;
            oob.push(c.bvuge(i, *s));
            lin = c.bvadd(lin, c.bvmul(i, *st));
        }
        Ok((lin, c.or_many(oob)))
    }

    /// The Standard memory ops.
    fn memory(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        k: StdOp,
        args: &[SVal],
    ) -> Result<Step, Stop> {
        let c_false = smt.ctx.false_();
        match k {
            StdOp::Alloc | StdOp::Alloca => {
                let Type::MemRef(mt) = body.value_type(op.results[0]) else {
                    return Err(Stop::NotModelled("an allocation of a non-memref".into()));
                };
                // A strided layout's static offset and strides place the elements (as
                // `interp` does: a stride may be negative or 0, so that indices share an
                // element); a dynamic one is not modelled.
                let layout = match &mt.layout {
                    converter::ir::Layout::Identity => None,
                    _ => {
                        let sl = mt.strided_form().filter(|sl| {
                            sl.offset.is_some() && sl.strides.iter().all(Option::is_some)
                        });
                        Some(sl.ok_or_else(|| {
                            Stop::NotModelled("allocations with a dynamic or affine layout".into())
                        })?)
                    }
                };
                let (elem, lanes, _) = crate::value::mem_elem(&mt.elem, self.index_bits)
                    .ok_or_else(|| Stop::NotModelled(format!("memrefs of {}", mt.elem)))?;
                let mut dynamic = args.iter();
                let mut sizes = Vec::new();
                let mut ub = Vec::new();
                for d in &mt.shape {
                    sizes.push(match d {
                        Some(n) => smt.bv(64, *n as i128),
                        None => {
                            let v = dynamic.next().ok_or_else(|| {
                                Stop::NotModelled("an allocation without its sizes".into())
                            })?;
                            let ib = self.index_bits;
                            ub.push(smt.ctx.bvslt(v.term()?, smt.bv(ib, 0)));
                            self.index64(smt, v)?
                        }
                    });
                }
                if dynamic.next().is_some() {
                    return Err(Stop::NotModelled("allocations with symbols".into()));
                }
                // An allocation of more than 2^32 elements is not claimed: the
                // interpreter refuses it, and the lowered size computation may wrap.
                let mut len = smt.bv(128, 1);
                let lim = smt.bv(128, ALLOC_LIMIT as i128);
                for sz in &sizes {
                    let wide = int_resize(smt, *sz, 64, 128, true);
                    len = smt.ctx.bvmul(len, wide);
                    ub.push(smt.ctx.bvugt(len, lim));
                    len = smt.ctx.ite(smt.ctx.bvugt(len, lim), lim, len);
                }
                // Nor one of 2^w bytes or more at an index width w below 64: no object
                // that large exists where `index` is w bits (the lowering computes its
                // size in the index type, and it wraps; see docs/prove.md).
                if self.index_bits < 64 {
                    let bytes = smt.ctx.bvmul(len, smt.bv(128, lanes.1 as i128));
                    let room = smt.bv(128, 1i128 << self.index_bits);
                    ub.push(smt.ctx.bvuge(bytes, room));
                }
                let buf = self.mem.alloc(smt, (elem, lanes), k == StdOp::Alloca)?;
                let (strides, offset) = match layout {
                    None => row_major(smt, &sizes)?,
                    Some(sl) => (
                        sl.strides
                            .iter()
                            .map(|s| smt.bv(64, s.unwrap_or(0) as i128))
                            .collect(),
                        smt.bv(64, sl.offset.unwrap_or(0) as i128),
                    ),
                };
                Ok(Step::Values(
                    vec![SVal::MemRef {
                        buf,
                        sizes,
                        strides,
                        offset,
                    }],
                    any(smt, ub),
                ))
            }
            StdOp::Load | StdOp::Store => {
                let (m, idx) = if k == StdOp::Load {
                    (&args[0], &args[1..])
                } else {
                    (&args[1], &args[2..])
                };
                let SVal::MemRef {
                    buf,
                    sizes,
                    strides,
                    offset,
                } = m
                else {
                    return Err(Stop::NotModelled("an access through a non-memref".into()));
                };
                let (lin, oob) = self.position(smt, (sizes, strides, *offset), idx)?;
                let b = self.mem.bufs[*buf].clone();
                // Buffers are indexed by byte position, as LLVM blocks are; lane `j` of
                // a vector element `j` scalars after its first.
                let (offsets, size) = &b.lanes;
                let bytes = smt.bv(64, *size as i128);
                let lin = smt.ctx.bvmul(lin, bytes);
                let lin = smt.def(smt.bv_sort(64), lin)?;
                let at = |smt: &Smt, j: usize| {
                    if offsets[j] == 0 {
                        lin
                    } else {
                        smt.ctx.bvadd(lin, smt.bv(64, offsets[j] as i128))
                    }
                };
                let mut ub = vec![oob, smt.ctx.not(b.live)];
                if k == StdOp::Load {
                    let s = sort(smt, b.elem);
                    let mut out = Vec::new();
                    for j in 0..offsets.len() {
                        let p = at(smt, j);
                        ub.push(smt.ctx.not(smt.ctx.select(b.init, p)));
                        let v = smt.ctx.select(b.elems, p);
                        let v = smt.def(s, v)?;
                        out.push(crate::value::leaf_of(b.elem, v, c_false));
                    }
                    let r = if !is_vector(body, op.results[0]) {
                        out.remove(0)
                    } else {
                        SVal::Agg(out)
                    };
                    return Ok(Step::Values(vec![r], any(smt, ub)));
                }
                let mut vals = Vec::new();
                args[0].leaves(&mut vals);
                if vals.len() != offsets.len() {
                    return Err(Stop::NotModelled("a store of another shape".into()));
                }
                let (mut elems, mut init) = (b.elems, b.init);
                for (j, v) in vals.iter().enumerate() {
                    let p = at(smt, j);
                    elems = smt.ctx.store(elems, p, v.term()?);
                    init = smt.ctx.store(init, p, smt.ctx.true_());
                }
                let es = sort(smt, b.elem);
                let asort = crate::memory::array_sort(smt, es);
                let bsort = crate::memory::array_sort(smt, smt.ctx.bool_sort());
                let nb = &mut self.mem.bufs[*buf];
                nb.elems = smt.def(asort, elems)?;
                nb.init = smt.def(bsort, init)?;
                Ok(Step::Values(vec![], any(smt, ub)))
            }
            StdOp::Dealloc => {
                let SVal::MemRef { buf, .. } = &args[0] else {
                    return Err(Stop::NotModelled("a dealloc of a non-memref".into()));
                };
                let b = &mut self.mem.bufs[*buf];
                let ub = if b.stack {
                    smt.ctx.true_()
                } else {
                    smt.ctx.not(b.live)
                };
                b.live = c_false;
                Ok(Step::Values(vec![], Some(ub)))
            }
            StdOp::Dim => {
                let SVal::MemRef { sizes, .. } = &args[0] else {
                    return Err(Stop::NotModelled("dim of a non-memref".into()));
                };
                let ib = self.index_bits;
                let at = |smt: &Smt, d: usize| int_resize(smt, sizes[d], 64, ib, false);
                let (v, ub) = match (args.get(1), op.attr("index")) {
                    (None, Some(Attribute::Int { value, .. })) => {
                        let d = usize::try_from(*value)
                            .ok()
                            .filter(|d| *d < sizes.len())
                            .ok_or_else(|| Stop::NotModelled("dim out of range".into()))?;
                        (at(smt, d), None)
                    }
                    (Some(i), _) => {
                        let i = i.term()?;
                        let mut v = smt.bv(ib, 0);
                        for d in (0..sizes.len()).rev() {
                            let is = smt.ctx.eq(i, smt.bv(ib, d as i128));
                            v = smt.ctx.ite(is, at(smt, d), v);
                        }
                        let oob = smt.ctx.bvuge(i, smt.bv(ib, sizes.len() as i128));
                        (v, Some(oob))
                    }
                    _ => return Err(Stop::NotModelled("dim without an index".into())),
                };
                let v = smt.def(smt.bv_sort(ib), v)?;
                Ok(Step::Values(
                    vec![SVal::Int {
                        w: ib,
                        v,
                        p: c_false,
                    }],
                    ub,
                ))
            }
            StdOp::MemRefCast => match body.value_type(op.results[0]) {
                // To an unranked memref: the same view.
                Type::UnrankedMemRef(..)
                    if matches!(body.value_type(op.operands[0]),
                        Type::MemRef(src) if src.layout == converter::ir::Layout::Identity) =>
                {
                    Ok(Step::Values(vec![args[0].clone()], None))
                }
                // To a ranked memref: the same view, undefined where the rank, a static
                // size, the static offset or a static stride of the type differs (as
                // `interp` checks it).
                Type::MemRef(mt) if mt.strided_form().is_some() => {
                    let SVal::MemRef {
                        buf,
                        sizes,
                        strides,
                        offset,
                    } = &args[0]
                    else {
                        return Err(Stop::NotModelled("memref_cast of a non-memref".into()));
                    };
                    if sizes.len() != mt.shape.len() {
                        // Undefined: any view of the cast's rank will do.
                        let z = vec![smt.bv(64, 0); mt.shape.len()];
                        let v = SVal::MemRef {
                            buf: *buf,
                            sizes: z.clone(),
                            strides: z,
                            offset: smt.bv(64, 0),
                        };
                        return Ok(Step::Values(vec![v], Some(smt.ctx.true_())));
                    }
                    let l = mt.strided_form().expect("checked");
                    let c = &smt.ctx;
                    let differs = |x: SExpr, n: i64| c.not(c.eq(x, smt.bv(64, n as i128)));
                    let mut ub = Vec::new();
                    for (s, d) in sizes.iter().zip(&mt.shape) {
                        if let Some(n) = d {
                            ub.push(differs(*s, *n as i64));
                        }
                    }
                    if let Some(o) = l.offset {
                        ub.push(differs(*offset, o));
                    }
                    for (st, want) in strides.iter().zip(&l.strides) {
                        if let Some(w) = want {
                            ub.push(differs(*st, *w));
                        }
                    }
                    Ok(Step::Values(vec![args[0].clone()], any(smt, ub)))
                }
                _ => Err(Stop::NotModelled("memref_cast to this type".into())),
            },
            other => Err(Stop::NotModelled(format!(
                "'{}' not modelled",
                other.kind().short_name()
            ))),
        }
    }
}

/// Whether value `v` of `body` is a vector.
fn is_vector(body: &Body, v: converter::ir::ValueId) -> bool {
    matches!(body.value_type(v), Type::Vector(_))
}

/// Applies `f` to each pair of leaves of two values of one shape.
pub fn map2(
    a: &SVal,
    b: &SVal,
    f: &mut dyn FnMut(&SVal, &SVal) -> Result<SVal, Stop>,
) -> Result<SVal, Stop> {
    match (a, b) {
        (SVal::Agg(xs), SVal::Agg(ys)) => Ok(SVal::Agg(
            xs.iter()
                .zip(ys)
                .map(|(x, y)| map2(x, y, f))
                .collect::<Result<_, _>>()?,
        )),
        _ => f(a, b),
    }
}

/// Applies `f` to each leaf.
pub fn map1(a: &SVal, f: &mut dyn FnMut(&SVal) -> Result<SVal, Stop>) -> Result<SVal, Stop> {
    match a {
        SVal::Agg(xs) => Ok(SVal::Agg(
            xs.iter().map(|x| map1(x, f)).collect::<Result<_, _>>()?,
        )),
        _ => f(a),
    }
}

pub fn int_op(k: StdOp) -> Option<IntOp> {
    Some(match k {
        StdOp::AddI => IntOp::Add,
        StdOp::SubI => IntOp::Sub,
        StdOp::MulI => IntOp::Mul,
        StdOp::DivISigned => IntOp::DivS,
        StdOp::DivIUnsigned => IntOp::DivU,
        StdOp::RemISigned => IntOp::RemS,
        StdOp::RemIUnsigned => IntOp::RemU,
        StdOp::And => IntOp::And,
        StdOp::Or => IntOp::Or,
        StdOp::Xor => IntOp::Xor,
        StdOp::ShiftLeft => IntOp::Shl,
        StdOp::ShiftRightSigned => IntOp::ShrS,
        StdOp::ShiftRightUnsigned => IntOp::ShrU,
        _ => return None,
    })
}

fn float_fn(k: StdOp) -> Option<FloatFn> {
    Some(match k {
        StdOp::NegF => FloatFn::Neg,
        StdOp::AbsF => FloatFn::Abs,
        StdOp::Sqrt => FloatFn::Sqrt,
        StdOp::CeilF => FloatFn::Ceil,
        StdOp::Exp => FloatFn::Opaque("exp"),
        StdOp::Exp2 => FloatFn::Opaque("exp2"),
        StdOp::Log => FloatFn::Opaque("log"),
        StdOp::Log2 => FloatFn::Opaque("log2"),
        StdOp::Log10 => FloatFn::Opaque("log10"),
        StdOp::Sin => FloatFn::Opaque("sin"),
        StdOp::Cos => FloatFn::Opaque("cos"),
        _ => return None,
    })
}

fn float_op(k: StdOp) -> Option<FloatOp> {
    Some(match k {
        StdOp::AddF => FloatOp::Add,
        StdOp::SubF => FloatOp::Sub,
        StdOp::MulF => FloatOp::Mul,
        StdOp::DivF => FloatOp::Div,
        StdOp::RemF => FloatOp::Rem,
        StdOp::CopySign => FloatOp::CopySign,
        _ => return None,
    })
}

/// The predicate attribute of a comparison.
pub fn predicate(op: &OpData) -> Result<&str, Stop> {
    match op.attr("predicate") {
        Some(Attribute::Str(s)) => Ok(s),
        _ => Err(Stop::NotModelled(format!(
            "'{}' without a string predicate",
            op.name()
        ))),
    }
}

/// `None` when `xs` is empty, else their disjunction.
pub fn any(smt: &Smt, xs: Vec<SExpr>) -> Option<SExpr> {
    match xs.len() {
        0 => None,
        1 => Some(xs[0]),
        _ => Some(smt.ctx.or_many(xs)),
    }
}

impl StdSem {
    fn scalar_of(&self, t: &Type) -> Result<Scalar, Stop> {
        let e = match t {
            Type::Vector(v) => &v.elem,
            t => t,
        };
        scalar(e, self.index_bits).ok_or_else(|| Stop::NotModelled(format!("values of type {t}")))
    }
}

impl Semantics for StdSem {
    fn step(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        args: &[SVal],
    ) -> Result<Step, Stop> {
        let k = op
            .kind
            .std()
            .ok_or_else(|| Stop::NotModelled(format!("'{}' in a Standard function", op.name())))?;
        let rty = |i: usize| body.value_type(op.results[i]).clone();
        let f = smt.ctx.false_();
        let mut ub: Vec<SExpr> = Vec::new();
        if let Some(iop) = int_op(k) {
            let r = map2(&args[0], &args[1], &mut |a, b| {
                let (SVal::Int { w, v: x, .. }, SVal::Int { v: y, .. }) = (a, b) else {
                    return Err(Stop::NotModelled("integer op on non-integers".into()));
                };
                ub.extend(ops::div_undefined(smt, iop, *x, *y, *w));
                ub.extend(ops::shift_too_far(smt, iop, *y, *w));
                let s = smt.bv_sort(*w);
                let v = ops::int_binary(smt, iop, *x, *y);
                Ok(SVal::Int {
                    w: *w,
                    v: smt.def(s, v)?,
                    p: f,
                })
            })?;
            return Ok(Step::Values(vec![r], any(smt, ub)));
        }
        if let Some(fop) = float_op(k) {
            let r = map2(&args[0], &args[1], &mut |a, b| {
                let (SVal::Float { k, v: x, .. }, SVal::Float { v: y, .. }) = (a, b) else {
                    return Err(Stop::NotModelled("float op on non-floats".into()));
                };
                let s = smt.fp_sort(*k);
                let v = ops::float_binary(smt, fop, *x, *y);
                let v = smt.def(s, v)?;
                crate::nan::track_binary(smt, fop, *y, v);
                Ok(SVal::Float { k: *k, v, p: f })
            })?;
            return Ok(Step::Values(vec![r], None));
        }
        if let Some(ff) = float_fn(k) {
            let r = map1(&args[0], &mut |a| float1(smt, ff, a))?;
            return Ok(Step::Values(vec![r], None));
        }
        let r = match k {
            StdOp::Rsqrt => map1(&args[0], &mut |a| {
                let SVal::Float { k, .. } = a else {
                    return Err(Stop::NotModelled("rsqrt of a non-float".into()));
                };
                let root = float1(smt, FloatFn::Sqrt, a)?;
                let one = smt.fp_f64(*k, 1.0);
                let v = ops::float_binary(smt, FloatOp::Div, one, root.term()?);
                let s = smt.fp_sort(*k);
                Ok(SVal::Float {
                    k: *k,
                    v: smt.def(s, v)?,
                    p: f,
                })
            })?,
            StdOp::Constant => {
                let a = op
                    .attr("value")
                    .ok_or_else(|| Stop::NotModelled("a constant without a value".into()))?;
                constant(smt, a, &rty(0), self.index_bits)?
            }
            StdOp::CmpI | StdOp::CmpF => {
                let pred = predicate(op)?.to_string();
                map2(&args[0], &args[1], &mut |a, b| {
                    let (x, y) = (a.term()?, b.term()?);
                    let c = if k == StdOp::CmpI {
                        ops::icmp(smt, &pred, x, y)
                    } else {
                        ops::fcmp(smt, &pred, x, y)
                    }
                    .ok_or_else(|| Stop::NotModelled(format!("predicate '{pred}'")))?;
                    let v = smt.bool_to_bv1(c);
                    let s = smt.bv_sort(1);
                    Ok(SVal::Int {
                        w: 1,
                        v: smt.def(s, v)?,
                        p: f,
                    })
                })?
            }
            StdOp::Select => match &args[0] {
                SVal::Agg(_) => {
                    // A vector condition selects lane by lane.
                    let mut lanes = Vec::new();
                    for ((c, a), b) in args[0]
                        .elems()?
                        .iter()
                        .zip(args[1].elems()?)
                        .zip(args[2].elems()?)
                    {
                        let c = smt.bv1_to_bool(c.term()?);
                        lanes.push(crate::value::ite(smt, c, a, b)?);
                    }
                    SVal::Agg(lanes)
                }
                c => {
                    let c = smt.bv1_to_bool(c.term()?);
                    crate::value::ite(smt, c, &args[1], &args[2])?
                }
            },
            StdOp::IndexCast | StdOp::SExtI | StdOp::TruncI | StdOp::ZExtI => {
                let to = self.scalar_of(&rty(0))?;
                let Scalar::Int(tw) = to else {
                    return Err(Stop::NotModelled("an integer cast to a float".into()));
                };
                let zext = k == StdOp::ZExtI;
                map1(&args[0], &mut |a| {
                    let SVal::Int { w, v, .. } = a else {
                        return Err(Stop::NotModelled("an integer cast of a float".into()));
                    };
                    let v = int_resize(smt, *v, *w, tw, zext);
                    let s = smt.bv_sort(tw);
                    Ok(SVal::Int {
                        w: tw,
                        v: smt.def(s, v)?,
                        p: f,
                    })
                })?
            }
            StdOp::SIToFP | StdOp::FPExt | StdOp::FPTrunc => {
                let Scalar::Float(to) = self.scalar_of(&rty(0))? else {
                    return Err(Stop::NotModelled("a float cast to an integer".into()));
                };
                map1(&args[0], &mut |a| {
                    let v = if k == StdOp::SIToFP {
                        ops::sitofp(smt, to, a.term()?)
                    } else {
                        ops::fconvert(smt, to, a.term()?)
                    };
                    let s = smt.fp_sort(to);
                    Ok(SVal::Float {
                        k: to,
                        v: smt.def(s, v)?,
                        p: f,
                    })
                })?
            }
            StdOp::FPToSI => {
                let Scalar::Int(tw) = self.scalar_of(&rty(0))? else {
                    return Err(Stop::NotModelled("fptosi to a float".into()));
                };
                map1(&args[0], &mut |a| {
                    let SVal::Float { k, v, .. } = a else {
                        return Err(Stop::NotModelled("fptosi of an integer".into()));
                    };
                    let (v, bad) = ops::fptosi(smt, *k, tw, *v);
                    ub.push(bad);
                    let s = smt.bv_sort(tw);
                    Ok(SVal::Int {
                        w: tw,
                        v: smt.def(s, v)?,
                        p: f,
                    })
                })?
            }
            StdOp::Splat => {
                let n: u64 = vector_shape(&rty(0)).iter().product();
                SVal::Agg(vec![args[0].clone(); n as usize])
            }
            StdOp::ExtractElement => {
                let shape = vector_shape(body.value_type(op.operands[0]));
                let (v, oob) = extract(smt, &args[0], &shape, &args[1..], self.index_bits)?;
                ub.extend(oob);
                v
            }
            StdOp::Call => return Ok(Step::Call(callee(op)?)),
            StdOp::Alloc
            | StdOp::Alloca
            | StdOp::Load
            | StdOp::Store
            | StdOp::Dealloc
            | StdOp::Dim
            | StdOp::MemRefCast => return self.memory(smt, body, op, k, args),
            StdOp::Rank => {
                let SVal::MemRef { sizes, .. } = &args[0] else {
                    return Err(Stop::NotModelled("rank of a non-memref".into()));
                };
                SVal::Int {
                    w: self.index_bits,
                    v: smt.bv(self.index_bits, sizes.len() as i128),
                    p: f,
                }
            }
            StdOp::Return => return Ok(Step::Return(args.to_vec())),
            StdOp::Br => return Ok(Step::Br),
            StdOp::CondBr => return Ok(Step::CondBr(smt.bv1_to_bool(args[0].term()?), None)),
            other => {
                return Err(Stop::NotModelled(format!(
                    "'{}' not modelled",
                    other.kind().short_name()
                )))
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
        self.mem = crate::memory::StdMem::merge(smt, c, &self.saved[t], &self.saved[f])?;
        Ok(())
    }
    fn export(&mut self, smt: &mut Smt, results: Vec<SVal>) -> Result<Vec<SVal>, Stop> {
        results
            .into_iter()
            .map(|v| match v {
                SVal::MemRef {
                    buf,
                    sizes,
                    strides,
                    offset,
                } => {
                    let b = &self.mem.bufs[buf];
                    Ok(crate::view::std_view(smt, b, &sizes, &strides, offset))
                }
                v => Ok(v),
            })
            .collect()
    }
    fn contract(
        &mut self,
        smt: &mut Smt,
        body: &Body,
        op: &OpData,
        callee: &str,
        args: &[SVal],
    ) -> Result<crate::contract::Summary, Stop> {
        let ib = self.index_bits;
        crate::contract::summarise(smt, &self.callees, (body, op), callee, args, (false, ib))
    }
    fn observe(&mut self, smt: &mut Smt) -> Result<Vec<SVal>, Stop> {
        let f = smt.ctx.false_();
        let mut out = Vec::new();
        for &b in &self.arg_bufs {
            let buf = &self.mem.bufs[b];
            let es = sort(smt, buf.elem);
            out.extend(crate::memory::observed(
                smt, es, buf.elems, buf.init, buf.live, f,
            ));
        }
        Ok(out)
    }
}

/// One float function of a float leaf.
fn float1(smt: &mut Smt, ff: FloatFn, a: &SVal) -> Result<SVal, Stop> {
    let SVal::Float { k, v, p } = a else {
        return Err(Stop::NotModelled("float op on a non-float".into()));
    };
    let r = ops::float_unary(smt, ff, *k, *v)?;
    let s = smt.fp_sort(*k);
    let r = smt.def(s, r)?;
    crate::nan::track_unary(smt, ff, *v, r);
    Ok(SVal::Float { k: *k, v: r, p: *p })
}

/// `v` of width `w` as width `to`: truncated, or extended (zero or sign).
pub fn int_resize(smt: &Smt, v: SExpr, w: u32, to: u32, zext: bool) -> SExpr {
    use std::cmp::Ordering::*;
    match to.cmp(&w) {
        Equal => v,
        Less => smt.indexed("extract", &[to - 1, 0], vec![v]),
        Greater => smt.indexed(
            if zext { "zero_extend" } else { "sign_extend" },
            &[to - w],
            vec![v],
        ),
    }
}

/// The element of a flat (row-major) vector value of `shape` at the `index` operands,
/// and the condition under which an index is out of bounds.
fn extract(
    smt: &mut Smt,
    v: &SVal,
    shape: &[u64],
    idx: &[SVal],
    index_bits: u32,
) -> Result<(SVal, Option<SExpr>), Stop> {
    let lanes = v.elems()?;
    let c = &smt.ctx;
    // The linear position, in a width where it cannot wrap.
    let wide = 64 + index_bits;
    let mut lin = smt.bv(wide, 0);
    let mut oob = Vec::new();
    for (d, i) in idx.iter().enumerate() {
        let SVal::Int { w, v: iv, .. } = i else {
            return Err(Stop::NotModelled("a non-integer index".into()));
        };
        let size = *shape
            .get(d)
            .ok_or_else(|| Stop::NotModelled("more indices than dimensions".into()))?;
        oob.push(c.bvuge(*iv, smt.bv(*w, size as i128)));
        let iw = int_resize(smt, *iv, *w, wide, true);
        lin = c.bvadd(c.bvmul(lin, smt.bv(wide, size as i128)), iw);
    }
    let lin = smt.def(smt.bv_sort(wide), lin)?;
    let mut out = lanes
        .last()
        .cloned()
        .ok_or_else(|| Stop::NotModelled("an empty vector".into()))?;
    for (j, lane) in lanes.iter().enumerate().rev().skip(1) {
        let at = smt.ctx.eq(lin, smt.bv(wide, j as i128));
        out = crate::value::ite(smt, at, lane, &out)?;
    }
    Ok((out, any(smt, oob)))
}

/// The callee of a direct call.
pub fn callee(op: &OpData) -> Result<String, Stop> {
    match op.attr("callee") {
        Some(Attribute::SymbolRef(s)) => Ok(s.clone()),
        _ => Err(Stop::NotModelled("an indirect call".into())),
    }
}

/// The row-major strides of `sizes` and offset 0 (64 bits).
pub fn row_major(smt: &mut Smt, sizes: &[SExpr]) -> Result<(Vec<SExpr>, SExpr), Stop> {
    let mut strides = vec![smt.bv(64, 1); sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        let st = smt.ctx.bvmul(strides[d + 1], sizes[d + 1]);
        strides[d] = smt.def(smt.bv_sort(64), st)?;
    }
    Ok((strides, smt.bv(64, 0)))
}
