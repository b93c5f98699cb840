//! The op table, in the manner of wasm-smith's code builder: each row is (name,
//! family, weight, validity predicate, generator). Adding an op is adding one row.
//! Generators find or make their operands, apply the UB guards of
//! [`crate::ub_guards`], emit the op and register its results.

use crate::config::Family;
use crate::function_gen::{more_dynamic_variant, strided_variant, FnGen, Meta, TyKind};
use crate::ub_guards;
use arbitrary::Result;
use converter::ir::{
    Layout, MemRefType, NewOp, OpKind, StridedLayout, Type, ValueId, CMPF_PREDICATES,
    CMPI_PREDICATES,
};

/// One row of the op table.
pub(crate) struct OpRow {
    pub name: &'static str,
    pub family: Family,
    /// Relative weight among the enabled rows (read from the configuration for the
    /// control-flow rows).
    pub weight: fn(&FnGen) -> u32,
    /// Whether the row can generate here (beyond its family being enabled).
    pub valid: fn(&FnGen) -> bool,
    pub gen: fn(&mut FnGen) -> Result<()>,
}

fn always(_: &FnGen) -> bool {
    true
}
fn has_memref(g: &FnGen) -> bool {
    !g.scope.memrefs().is_empty()
}

macro_rules! row {
    ($name:literal, $fam:ident, $w:expr, $valid:expr, $gen:expr) => {
        OpRow {
            name: $name,
            family: Family::$fam,
            weight: $w,
            valid: $valid,
            gen: $gen,
        }
    };
}

pub(crate) const TABLE: &[OpRow] = &[
    row!("constant", IntArith, |_| 6, always, |g| {
        let kind = [TyKind::Int, TyKind::Float, TyKind::Int][g.index(3)?];
        let t = g.pick_type(kind)?;
        g.constant(&t).map(|_| ())
    }),
    row!("addi", IntArith, |_| 8, always, |g| int_binary(
        g,
        OpKind::AddI
    )),
    row!("subi", IntArith, |_| 6, always, |g| int_binary(
        g,
        OpKind::SubI
    )),
    row!("muli", IntArith, |_| 6, always, |g| int_binary(
        g,
        OpKind::MulI
    )),
    row!("and", IntArith, |_| 4, always, |g| int_binary(
        g,
        OpKind::And
    )),
    row!("or", IntArith, |_| 4, always, |g| int_binary(g, OpKind::Or)),
    row!("xor", IntArith, |_| 4, always, |g| int_binary(
        g,
        OpKind::Xor
    )),
    row!("divi_signed", IntDiv, |_| 3, always, |g| int_div(
        g,
        OpKind::DivISigned
    )),
    row!("divi_unsigned", IntDiv, |_| 3, always, |g| int_div(
        g,
        OpKind::DivIUnsigned
    )),
    row!("remi_signed", IntDiv, |_| 3, always, |g| int_div(
        g,
        OpKind::RemISigned
    )),
    row!("remi_unsigned", IntDiv, |_| 3, always, |g| int_div(
        g,
        OpKind::RemIUnsigned
    )),
    row!("shift_left", Shifts, |_| 3, always, |g| shift(
        g,
        OpKind::ShiftLeft
    )),
    row!("shift_right_signed", Shifts, |_| 3, always, |g| shift(
        g,
        OpKind::ShiftRightSigned
    )),
    row!("shift_right_unsigned", Shifts, |_| 3, always, |g| shift(
        g,
        OpKind::ShiftRightUnsigned
    )),
    row!("addf", FloatArith, |_| 5, always, |g| float_binary(
        g,
        OpKind::AddF
    )),
    row!("subf", FloatArith, |_| 4, always, |g| float_binary(
        g,
        OpKind::SubF
    )),
    row!("mulf", FloatArith, |_| 4, always, |g| float_binary(
        g,
        OpKind::MulF
    )),
    row!("divf", FloatArith, |_| 3, always, |g| float_binary(
        g,
        OpKind::DivF
    )),
    row!("remf", FloatArith, |_| 2, always, |g| float_binary(
        g,
        OpKind::RemF
    )),
    row!("negf", FloatArith, |_| 2, always, |g| float_unary(
        g,
        OpKind::NegF
    )),
    row!("absf", FloatArith, |_| 2, always, |g| float_unary(
        g,
        OpKind::AbsF
    )),
    row!("copysign", FloatArith, |_| 1, always, copysign),
    row!("sqrt", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Sqrt
    )),
    row!("rsqrt", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Rsqrt
    )),
    row!("exp", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Exp
    )),
    row!("exp2", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Exp2
    )),
    row!("log", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Log
    )),
    row!("log2", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Log2
    )),
    row!("log10", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Log10
    )),
    row!("sin", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Sin
    )),
    row!("cos", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::Cos
    )),
    row!("ceilf", FloatArith, |_| 1, always, |g| float_unary(
        g,
        OpKind::CeilF
    )),
    row!("cmpi", CmpI, |_| 8, always, cmpi),
    row!("cmpf", CmpF, |_| 6, always, cmpf),
    row!("select", Select, |_| 5, always, select),
    row!("zexti_sexti_trunci", IntCasts, |_| 5, always, int_cast),
    row!("index_cast", IntCasts, |_| 4, always, index_cast),
    row!("sitofp", FloatCasts, |_| 3, always, sitofp),
    row!("fptosi", FloatCasts, |_| 3, always, fptosi),
    row!("fpext_fptrunc", FloatCasts, |_| 3, always, fpext_fptrunc),
    row!("vector_constant", Vectors, |_| 3, always, |g| {
        let int = g.u.arbitrary()?;
        let t = g.pick_type(if int {
            TyKind::IntVec
        } else {
            TyKind::FloatVec
        })?;
        g.constant(&t).map(|_| ())
    }),
    row!("splat", Vectors, |_| 3, always, splat),
    row!("extract_element", Vectors, |_| 4, always, extract_element),
    row!("alloc", MemRefs, |_| 4, |g| g.mems.len() < 12, |g| alloc(
        g, false
    )),
    row!(
        "alloca",
        Alloca,
        |_| 2,
        |g| g.mems.len() < 12 && g.loop_depth == 0,
        |g| alloc(g, true)
    ),
    row!(
        "alloc_zero_extent",
        StridedAlloc,
        |_| 1,
        |g| g.loop_depth == 0,
        zero_extent_alloc
    ),
    row!("load", MemRefs, |_| 12, has_memref, load),
    row!("store", MemRefs, |_| 9, has_memref, store),
    row!("dim", DimRank, |_| 4, has_memref, dim),
    row!("rank", DimRank, |_| 3, has_memref, rank),
    row!("memref_cast", MemRefCast, |_| 3, has_memref, |g| {
        memref_cast(g, 0)
    }),
    row!("memref_cast_unranked", Unranked, |_| 2, has_memref, |g| {
        memref_cast(g, 1)
    }),
    row!("memref_cast_strided", Strided, |_| 2, has_memref, |g| {
        memref_cast(g, 2)
    }),
    row!("call", Calls, |_| 4, |g| g.plan.funcs.len() > 1, call),
    row!(
        "call_indirect",
        CallIndirect,
        |_| 3,
        |g| g.fidx + 1 < g.plan.funcs.len(),
        call_indirect
    ),
    row!(
        "external_call",
        Externals,
        |_| 2,
        |g| g.plan.externals,
        external_call
    ),
    row!(
        "loop",
        Loops,
        |g| g.cfg.loop_ratio as u32 / 4,
        |g| g.can_nest() && g.loop_depth < g.cfg.max_loop_depth,
        |g| g.gen_loop()
    ),
    row!(
        "diamond",
        Branches,
        |g| (100u32
            .saturating_sub(g.cfg.loop_ratio as u32 + g.cfg.same_successor_twice_ratio as u32))
        .max(10)
            / 4,
        |g| g.can_nest(),
        |g| g.gen_diamond()
    ),
    row!(
        "same_successor",
        SameSuccessor,
        |g| g.cfg.same_successor_twice_ratio as u32 / 4,
        |g| g.can_nest(),
        |g| g.gen_same_successor()
    ),
];

/// Picks an enabled row by weight and runs it.
pub(crate) fn generate_one(g: &mut FnGen) -> Result<()> {
    let mut rows: Vec<(u32, &OpRow)> = Vec::with_capacity(TABLE.len());
    let mut total = 0u32;
    for r in TABLE {
        if g.has(r.family) && (r.valid)(g) {
            let w = (r.weight)(g);
            if w > 0 {
                total += w;
                rows.push((total, r));
            }
        }
    }
    if total == 0 {
        return Ok(());
    }
    let x = g.u.int_in_range(0..=total - 1)?;
    let i = rows.partition_point(|(c, _)| *c <= x);
    (rows[i].1.gen)(g)
}

/// Names of every row (for documentation and tests).
pub fn op_table_names() -> Vec<&'static str> {
    TABLE.iter().map(|r| r.name).collect()
}

fn int_ty(g: &mut FnGen) -> Result<Type> {
    if g.has(Family::Vectors) && g.u.int_in_range(0..=4u8)? == 0 {
        g.pick_type(TyKind::IntVec)
    } else {
        g.pick_type(TyKind::Int)
    }
}
fn float_ty(g: &mut FnGen) -> Result<Type> {
    if g.has(Family::Vectors) && g.u.int_in_range(0..=4u8)? == 0 {
        g.pick_type(TyKind::FloatVec)
    } else {
        g.pick_type(TyKind::Float)
    }
}

fn def_new(g: &mut FnGen, v: ValueId) {
    g.cost += g.trip_product;
    g.def_plain(v);
}

fn int_binary(g: &mut FnGen, kind: OpKind) -> Result<()> {
    let t = int_ty(g)?;
    let a = g.pick(&t)?;
    let b = g.pick(&t)?;
    let r = g.body.builder(g.cur).binary(kind, a, b);
    def_new(g, r);
    Ok(())
}

fn int_div(g: &mut FnGen, kind: OpKind) -> Result<()> {
    let signed = matches!(kind, OpKind::DivISigned | OpKind::RemISigned);
    let mut t = int_ty(g)?;
    if signed && ub_guards::int_width(&t) == 1 {
        // i1 signed division always overflows or divides by zero.
        t = Type::i8();
    }
    let a = g.pick(&t)?;
    let d = g.pick(&t)?;
    g.cost += 6 * g.trip_product;
    let d = ub_guards::safe_divisor(&mut g.body, g.cur, signed, a, d);
    let r = g.body.builder(g.cur).binary(kind, a, d);
    def_new(g, r);
    Ok(())
}

fn shift(g: &mut FnGen, kind: OpKind) -> Result<()> {
    let t = int_ty(g)?;
    let a = g.pick(&t)?;
    let s = g.pick(&t)?;
    g.cost += 2 * g.trip_product;
    let s = ub_guards::safe_shift(&mut g.body, g.cur, s);
    let r = g.body.builder(g.cur).binary(kind, a, s);
    def_new(g, r);
    Ok(())
}

fn float_binary(g: &mut FnGen, kind: OpKind) -> Result<()> {
    let t = float_ty(g)?;
    let a = g.pick(&t)?;
    let b = g.pick(&t)?;
    let r = g.body.builder(g.cur).binary(kind, a, b);
    def_new(g, r);
    Ok(())
}

/// `copysign a, s` with `s` = `b` where `b` is not NaN and `a` where it is: the sign of
/// a NaN that arithmetic makes (`0.0 / 0.0`, `remf 0.0, 0.0`) is not specified (LLVM
/// LangRef; x86 makes it negative at run time, LLVM's constant folder positive), so
/// copying it would make the program's answer depend on where it was computed.
/// `copysign a, a` is `a`, NaN or not.
fn copysign(g: &mut FnGen) -> Result<()> {
    let t = float_ty(g)?;
    let a = g.pick(&t)?;
    let b = g.pick(&t)?;
    let mut bld = g.body.builder(g.cur);
    let ordered = bld.cmpf("ord", b, b);
    let sign = bld.select(ordered, b, a);
    let r = bld.binary(OpKind::CopySign, a, sign);
    def_new(g, r);
    Ok(())
}

fn float_unary(g: &mut FnGen, kind: OpKind) -> Result<()> {
    let t = float_ty(g)?;
    let a = g.pick(&t)?;
    let r = g.body.builder(g.cur).unary(kind, a, t);
    def_new(g, r);
    Ok(())
}

fn cmpi(g: &mut FnGen) -> Result<()> {
    let t = int_ty(g)?;
    let a = g.pick(&t)?;
    let b = g.pick(&t)?;
    let p = CMPI_PREDICATES[g.index(CMPI_PREDICATES.len())?];
    let r = g.body.builder(g.cur).cmpi(p, a, b);
    def_new(g, r);
    Ok(())
}

fn cmpf(g: &mut FnGen) -> Result<()> {
    let t = float_ty(g)?;
    let a = g.pick(&t)?;
    let b = g.pick(&t)?;
    let p = CMPF_PREDICATES[g.index(CMPF_PREDICATES.len())?];
    let r = g.body.builder(g.cur).cmpf(p, a, b);
    def_new(g, r);
    Ok(())
}

fn select(g: &mut FnGen) -> Result<()> {
    let t = match g.index(3)? {
        0 => int_ty(g)?,
        1 => float_ty(g)?,
        _ => g.pick_type(TyKind::Int)?,
    };
    let a = g.pick(&t)?;
    let b = g.pick(&t)?;
    let c = if t.as_vector().is_some() && g.u.arbitrary()? {
        // A vector condition of the same shape: element-wise min/max-like selects.
        if t.scalar_of().is_float() {
            let p = CMPF_PREDICATES[g.index(CMPF_PREDICATES.len())?];
            g.body.builder(g.cur).cmpf(p, a, b)
        } else {
            let p = CMPI_PREDICATES[g.index(CMPI_PREDICATES.len())?];
            g.body.builder(g.cur).cmpi(p, a, b)
        }
    } else {
        g.cond()?
    };
    let r = g.body.builder(g.cur).select(c, a, b);
    def_new(g, r);
    Ok(())
}

/// With `Vectors` enabled, sometimes the vector form of a cast: `from` becomes a
/// vector type (of an existing shape) and `to` the same shape of `to`'s element type.
fn maybe_vector_cast(g: &mut FnGen, from: Type, to: Type, int_src: bool) -> Result<(Type, Type)> {
    if !g.has(Family::Vectors) || g.u.int_in_range(0..=3u8)? != 0 {
        return Ok((from, to));
    }
    let v = g.pick_type(if int_src {
        TyKind::IntVec
    } else {
        TyKind::FloatVec
    })?;
    let shape = v.as_vector().expect("vector").shape.clone();
    Ok((Type::vector(shape.clone(), from), Type::vector(shape, to)))
}

fn int_cast(g: &mut FnGen) -> Result<()> {
    let mut from = g.pick_type(TyKind::Int)?;
    if from == Type::Index {
        from = Type::i32();
    }
    let mut to = g.random_int_type()?;
    if to == Type::Index {
        to = Type::i64();
    }
    let (fw, tw) = (ub_guards::int_width(&from), ub_guards::int_width(&to));
    if fw == tw {
        return Ok(());
    }
    let kind = if tw < fw {
        OpKind::TruncI
    } else if g.u.arbitrary()? {
        OpKind::ZExtI
    } else {
        OpKind::SExtI
    };
    let (from, to) = maybe_vector_cast(g, from, to, true)?;
    let a = g.pick(&from)?;
    let r = g.body.builder(g.cur).unary(kind, a, to);
    def_new(g, r);
    Ok(())
}

fn index_cast(g: &mut FnGen) -> Result<()> {
    let t = g.pick_type(TyKind::Int)?;
    let (from, to) = if t == Type::Index {
        let mut to = g.random_int_type()?;
        if to == Type::Index {
            to = Type::i64();
        }
        (Type::Index, to)
    } else {
        (t, Type::Index)
    };
    let a = g.pick(&from)?;
    let r = g.body.builder(g.cur).unary(OpKind::IndexCast, a, to);
    def_new(g, r);
    Ok(())
}

fn sitofp(g: &mut FnGen) -> Result<()> {
    let mut from = g.pick_type(TyKind::Int)?;
    if from == Type::Index {
        from = Type::i32();
    }
    let to = g.pick_type(TyKind::Float)?;
    let (from, to) = maybe_vector_cast(g, from, to, true)?;
    let a = g.pick(&from)?;
    let r = g.body.builder(g.cur).unary(OpKind::SIToFP, a, to);
    def_new(g, r);
    Ok(())
}

fn fptosi(g: &mut FnGen) -> Result<()> {
    let from = g.pick_type(TyKind::Float)?;
    let mut to = g.pick_type(TyKind::Int)?;
    if to == Type::Index {
        to = Type::i32();
    }
    let a = g.pick(&from)?;
    let pick = g.u.arbitrary::<u8>()?;
    g.cost += 9 * g.trip_product;
    let x = ub_guards::clamp_for_fptosi(&mut g.body, g.cur, a, ub_guards::int_width(&to), pick);
    let r = g.body.builder(g.cur).unary(OpKind::FPToSI, x, to);
    def_new(g, r);
    Ok(())
}

fn fpext_fptrunc(g: &mut FnGen) -> Result<()> {
    let from = g.pick_type(TyKind::Float)?;
    let to = g.random_float_type()?;
    let (fw, tw) = (from.bit_width().unwrap_or(0), to.bit_width().unwrap_or(0));
    if fw == tw {
        return Ok(());
    }
    let kind = if tw > fw {
        OpKind::FPExt
    } else {
        OpKind::FPTrunc
    };
    let (from, to) = maybe_vector_cast(g, from, to, false)?;
    let a = g.pick(&from)?;
    let r = g.body.builder(g.cur).unary(kind, a, to);
    def_new(g, r);
    Ok(())
}

fn splat(g: &mut FnGen) -> Result<()> {
    let int = g.u.arbitrary()?;
    let t = g.pick_type(if int {
        TyKind::IntVec
    } else {
        TyKind::FloatVec
    })?;
    let elem = t.scalar_of().clone();
    let s = g.pick(&elem)?;
    let r = g.body.builder(g.cur).unary(OpKind::Splat, s, t);
    def_new(g, r);
    Ok(())
}

fn extract_element(g: &mut FnGen) -> Result<()> {
    let int = g.u.arbitrary()?;
    let t = g.pick_type(if int {
        TyKind::IntVec
    } else {
        TyKind::FloatVec
    })?;
    let v = g.pick(&t)?;
    let vt = t.as_vector().expect("vector").clone();
    let mut operands = vec![v];
    for &d in &vt.shape {
        if g.u.arbitrary()? {
            let i = g.range(0, d - 1)?;
            operands.push(g.const_index(i));
        } else {
            let raw = g.pick(&Type::Index)?;
            let size = g.const_index(d);
            g.cost += g.trip_product;
            operands.push(ub_guards::clamp_index(&mut g.body, g.cur, raw, size));
        }
    }
    let r = g.emit1(
        NewOp::new(OpKind::ExtractElement)
            .operands(operands)
            .result(vt.elem.clone()),
    );
    g.def_plain(r);
    Ok(())
}

fn alloc(g: &mut FnGen, on_stack: bool) -> Result<()> {
    let t = if !g.mems.is_empty() && g.u.arbitrary()? {
        let i = g.index(g.mems.len())?;
        let t = g.mems[i].clone();
        match t.as_memref() {
            Some(m) if m.has_identity_layout() => t,
            _ => g.random_memref_type()?,
        }
    } else {
        g.random_memref_type()?
    };
    let t = if g.has(Family::StridedAlloc) && g.chance(50)? {
        let st = strided_alloc_type(g, &t)?.unwrap_or(t);
        if g.has(Family::DynamicDims) && g.chance(30)? {
            dynamic_sizes_where_strides_are_not_zero(g, &st)?
        } else {
            st
        }
    } else {
        t
    };
    g.alloc(&t, on_stack).map(|_| ())
}

/// A strided allocation type with some of its dimensions whose stride is not zero made
/// dynamic (`alloc(%n) : memref<?x4xf32, offset: 1, strides: [5, 1]>`): their sizes,
/// chosen at run time by [`FnGen::alloc`] (at most `max_memref_dim`), take the
/// lowering's dynamic part of the allocation size, `(size - 1) * stride` for a positive
/// stride and nothing above the offset for a negative one (issue 39's mutants found both
/// unreached: the only dynamic strided allocations were empty). A negative stride's
/// dimension raises the static offset to what it can reach below it at its largest
/// size, so the view stays inside its buffer. A zero stride reaches nothing whatever the
/// size; its dimension stays static.
fn dynamic_sizes_where_strides_are_not_zero(g: &mut FnGen, t: &Type) -> Result<Type> {
    let Some(mt) = t.as_memref() else {
        return Ok(t.clone());
    };
    let Some(l) = mt.strided_form() else {
        return Ok(t.clone());
    };
    let mut m = mt.clone();
    let mut extra = 0i64;
    let most = g.cfg.max_memref_dim.max(1) as i64;
    for (d, s) in m.shape.iter_mut().zip(&l.strides) {
        match (*d, *s) {
            (Some(_), Some(s)) if s > 0 && g.u.arbitrary()? => *d = None,
            (Some(n), Some(s)) if s < 0 && g.u.arbitrary()? => {
                extra += (most - n as i64).max(0) * -s;
                *d = None;
            }
            _ => {}
        }
    }
    if extra > 0 {
        if let Layout::Strided(sl) = &mut m.layout {
            sl.offset = sl.offset.map(|o| o + extra);
        }
    }
    Ok(Type::MemRef(std::sync::Arc::new(m)))
}

/// An explicit strided layout for allocating a memref of identity type `t` with a
/// static shape: a static offset, the innermost stride 1 or 2, each
/// outer stride the inner row's extent plus a gap of 0 to 2; then some strides
/// negated (the offset raised to keep the view inside its buffer) or zero (broadcast). Half of them are rank 1
/// with stride 1, the buffer whose end the lowering's size computation must get exactly
/// right (its last element is written by the fill; a buffer too short is a write past
/// the end, which the JIT's heap guard reports). For a rank-0 shape, half of the time an
/// offset alone; `None` for a dynamic shape.
fn strided_alloc_type(g: &mut FnGen, t: &Type) -> Result<Option<Type>> {
    let Some(mt) = t.as_memref() else {
        return Ok(None);
    };
    let shape: Option<Vec<u64>> = mt.shape.iter().copied().collect();
    let shape = match shape {
        Some(s) if !s.is_empty() => s,
        // Rank 0: the layout is an offset alone, which element addressing adds to the
        // aligned pointer with no index to scale.
        Some(_) if g.chance(50)? => {
            let layout = Layout::Strided(StridedLayout {
                offset: Some(g.range(0, 5)? as i64),
                strides: Vec::new(),
            });
            return Ok(Some(Type::memref_with_layout(
                Vec::new(),
                mt.elem.clone(),
                layout,
            )));
        }
        _ if g.chance(50)? => vec![g.range(1, 6)?],
        _ => return Ok(None),
    };
    let simple = shape.len() == 1 && g.chance(50)?;
    let offset = g.range(0, 5)? as i64;
    let mut strides = vec![0i64; shape.len()];
    let mut extent = 1i64;
    for i in (0..shape.len()).rev() {
        let s = if i + 1 == shape.len() {
            if simple || g.chance(70)? {
                1
            } else {
                2
            }
        } else {
            extent + g.range(0, 2)? as i64
        };
        strides[i] = s;
        extent = s * shape[i] as i64;
    }
    // Signs (issue 39): some dimensions run backwards (a negative stride, the offset
    // raised by what they reach below it, so the lowest element is the buffer's first),
    // some are broadcast (stride 0: every index of that dimension is the same element,
    // which the fill writes several times; loads see the last write).
    let mut offset = offset;
    if !simple {
        for i in 0..shape.len() {
            match g.range(0, 9)? {
                0..=2 => {
                    offset += (shape[i] as i64 - 1) * strides[i];
                    strides[i] = -strides[i];
                }
                3 | 4 => strides[i] = 0,
                _ => {}
            }
        }
    }
    let layout = Layout::Strided(StridedLayout {
        offset: Some(offset),
        strides: strides.into_iter().map(Some).collect(),
    });
    Ok(Some(Type::memref_with_layout(
        shape.into_iter().map(Some).collect(),
        mt.elem.clone(),
        layout,
    )))
}

/// `alloc` or `alloca` of a memref with a dimension of size 0 (`memref<3x0x2xT>`, or
/// `memref<3x?x2xT>` given 0), sometimes with a strided layout of any signs: it reaches no element, so it is never
/// put in scope for loads and stores (their index clamp would divide by 0); its sizes
/// are read with `dim` and a heap one is deallocated.
fn zero_extent_alloc(g: &mut FnGen) -> Result<()> {
    // The element type and memory space of a memref type the function could make.
    let base = g.random_memref_type()?;
    let Some(bm) = base.as_memref() else {
        return Ok(());
    };
    let (elem, space) = (bm.elem.clone(), bm.memory_space);
    let rank = g.range(1, 3)? as usize;
    let empty = g.index(rank)?;
    let mut shape = Vec::with_capacity(rank);
    for d in 0..rank {
        shape.push(Some(if d == empty { 0 } else { g.range(1, 10)? }));
    }
    let t = if g.has(Family::Strided) && g.chance(50)? {
        let mut strides = Vec::with_capacity(rank);
        for _ in 0..rank {
            strides.push(Some(g.range(0, 6)? as i64 - 3));
        }
        Layout::Strided(StridedLayout {
            offset: Some(g.range(0, 4)? as i64),
            strides,
        })
    } else {
        Layout::Identity
    };
    let t = Type::MemRef(std::sync::Arc::new(MemRefType {
        shape,
        elem,
        layout: t,
        memory_space: space,
    }));
    let on_stack = g.has(Family::Alloca) && g.chance(40)?;
    let kind = if on_stack {
        OpKind::Alloca
    } else {
        OpKind::Alloc
    };
    // Half of the time the empty dimension is dynamic, its size 0 given at run time:
    // the lowering must then allocate nothing as well.
    let (t, operands) = match (&t, g.has(Family::DynamicDims) && g.u.arbitrary()?) {
        (Type::MemRef(mt), true) => {
            let mut mt = (**mt).clone();
            mt.shape[empty] = None;
            // Its stride not positive: the lowering's size is then a constant, with no
            // arithmetic that the select for size 0 makes dead (a test mutates the
            // lowering's adds and expects most mutants to change some result).
            if let Layout::Strided(l) = &mut mt.layout {
                if let Some(Some(s)) = l.strides.get_mut(empty) {
                    *s = -s.abs();
                }
            }
            (
                Type::MemRef(std::sync::Arc::new(mt)),
                vec![g.const_index(0)],
            )
        }
        _ => (t, Vec::new()),
    };
    let m = g.emit1(NewOp::new(kind).operands(operands).result(t));
    let d = g.index(rank)?;
    let r = g.emit_dim(m, d);
    g.def_plain(r);

    if !on_stack {
        g.emit(NewOp::new(OpKind::Dealloc).operands([m]));
    }
    Ok(())
}

/// A ranked memref in scope, if any.
fn ranked_memref(g: &mut FnGen) -> Result<Option<ValueId>> {
    let n = g.scope.memrefs().len();
    for _ in 0..4 {
        let i = g.index(n)?;
        let m = g.scope.memrefs()[i];
        if g.ty(m).as_memref().is_some() {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

fn load(g: &mut FnGen) -> Result<()> {
    let Some(m) = ranked_memref(g)? else {
        return Ok(());
    };
    let idx = g.indices_for(m)?;
    let r = g.body.builder(g.cur).load(m, &idx);
    def_new(g, r);
    Ok(())
}

fn store(g: &mut FnGen) -> Result<()> {
    let Some(m) = ranked_memref(g)? else {
        return Ok(());
    };
    let elem = g.ty(m).memref_elem().cloned().expect("memref");
    let v = g.pick(&elem)?;
    let idx = g.indices_for(m)?;
    g.cost += g.trip_product;
    g.body.builder(g.cur).store(v, m, &idx);
    Ok(())
}

fn dim(g: &mut FnGen) -> Result<()> {
    // One in four on an unranked memref whose rank the generator knows (the lowering
    // reads the size through the descriptor pointer).
    if g.chance(25)? {
        return dim_unranked(g);
    }
    let Some(m) = ranked_memref(g)? else {
        return Ok(());
    };
    let rank = g.ty(m).as_memref().map(|t| t.rank()).unwrap_or(0);
    if rank == 0 {
        return Ok(());
    }
    let d = g.index(rank)?;
    let r = g.emit_dim(m, d);
    g.def_plain(r);
    Ok(())
}

/// `dim` of an unranked memref whose rank is known, at a dimension below it: one in
/// scope, else an unranked view of a ranked one made for it.
fn dim_unranked(g: &mut FnGen) -> Result<()> {
    let unranked: Vec<(ValueId, usize)> = g
        .scope
        .memrefs()
        .iter()
        .filter(|&&m| matches!(g.ty(m), Type::UnrankedMemRef(..)))
        .filter_map(|&m| Some((m, g.meta_of(m).sizes?.len())))
        .filter(|&(_, rank)| rank > 0)
        .collect();
    let (m, rank) = if unranked.is_empty() {
        let Some(r) = ranked_memref(g)? else {
            return Ok(());
        };
        let Type::MemRef(mt) = g.ty(r) else {
            return Ok(());
        };
        if mt.rank() == 0 || !mt.has_identity_layout() {
            return Ok(());
        }
        let target = Type::unranked_memref_in(mt.elem.clone(), mt.memory_space);
        match g.cast_to(r, &target, Some(mt.rank())) {
            Some(u) => (u, mt.rank()),
            None => return Ok(()),
        }
    } else {
        unranked[g.index(unranked.len())?]
    };
    let d = g.index(rank)?;
    let r = g.emit_dim(m, d);
    g.def_plain(r);
    Ok(())
}

fn rank(g: &mut FnGen) -> Result<()> {
    let i = g.index(g.scope.memrefs().len())?;
    let m = g.scope.memrefs()[i];
    let r = g.emit1(NewOp::new(OpKind::Rank).operands([m]).result(Type::Index));
    g.def_plain(r);
    Ok(())
}

/// `mode` 0: static <-> dynamic dims; 1: to or from unranked; 2: to a strided layout.
fn memref_cast(g: &mut FnGen, mode: u8) -> Result<()> {
    let i = g.index(g.scope.memrefs().len())?;
    let m = g.scope.memrefs()[i];
    let t = g.ty(m);
    let meta = g.meta_of(m);
    let sizes = meta.sizes.clone();
    match (&t, mode) {
        (Type::MemRef(mt), 0) if mt.has_identity_layout() => {
            let mut shape = mt.shape.clone();
            for (d, s) in shape.iter_mut().enumerate() {
                let known = sizes.as_ref().and_then(|z| z.get(d).copied().flatten());
                *s = if g.u.arbitrary()? { None } else { known };
            }
            let target = Type::memref(shape, mt.elem.clone());
            let _ = g.cast_to(m, &target, None);
        }
        (Type::MemRef(mt), 1) if mt.has_identity_layout() => {
            let target = Type::unranked_memref(mt.elem.clone());
            let _ = g.cast_to(m, &target, Some(mt.rank()));
        }
        (Type::MemRef(_), 1) => {
            let _ = g.cast_strided_to_unranked(m);
        }
        (Type::UnrankedMemRef(e, _), _) => {
            let Some(sz) = sizes else { return Ok(()) };
            let mut shape = Vec::with_capacity(sz.len());
            for s in &sz {
                shape.push(if g.u.arbitrary()? { None } else { *s });
            }
            let target = Type::memref(shape, (**e).clone());
            let _ = g.cast_to(m, &target, None);
        }
        (Type::MemRef(mt), 2) if !mt.has_identity_layout() => {
            let mask = g.u.arbitrary::<u32>()?;
            if let Some(target) = more_dynamic_variant(&t, mask) {
                let _ = g.cast_to(m, &target, None);
            }
        }
        (Type::MemRef(_), 2) => {
            let mask = g.u.arbitrary::<u32>()?;
            if let Some(target) = strided_variant(&t, sizes.as_deref(), mask) {
                let _ = g.cast_to(m, &target, None);
            }
        }
        _ => {}
    }
    Ok(())
}

fn emit_call_results(g: &mut FnGen, op: converter::ir::OpId, hidden: &[Option<usize>]) {
    g.cost += g.trip_product;
    let results = g.body.op(op).results.clone();
    for (i, r) in results.into_iter().enumerate() {
        g.adopt_result(r, hidden.get(i).copied().flatten());
    }
}

fn call(g: &mut FnGen) -> Result<()> {
    let n = g.plan.funcs.len();
    let cands: Vec<usize> = (1..n).filter(|&f| g.can_call(f)).collect();
    if cands.is_empty() {
        return Ok(());
    }
    let f = cands[g.index(cands.len())?];
    emit_call(g, f)
}

/// A direct call of function `f` (which [`FnGen::can_call`] allows).
pub(crate) fn emit_call(g: &mut FnGen, f: usize) -> Result<()> {
    let plan = g.plan;
    let p = &plan.funcs[f];
    p.called.set(true);
    let args = g.call_args(f)?;
    g.cost += p.cost.get().saturating_mul(g.trip_product);
    let op = g.body.builder(g.cur).call(&p.name, args, p.results.clone());
    emit_call_results(g, op, &p.result_hidden);
    Ok(())
}

fn call_indirect(g: &mut FnGen) -> Result<()> {
    let plan = g.plan;
    // An existing function value, or a fresh `constant @f`.
    let cands: Vec<usize> = (g.fidx + 1..plan.funcs.len())
        .filter(|&f| plan.funcs[f].indirect_ok)
        .collect();
    if cands.is_empty() {
        return Ok(());
    }
    let f = cands[g.index(cands.len())?];
    let fty = plan.funcs[f].fn_type();
    let fv = match g.existing(&fty)? {
        Some(v) if g.meta_of(v).fn_min > g.fidx => v,
        _ => g.fn_ref_to(f),
    };
    let cost = g.meta_of(fv).fn_cost.saturating_mul(g.trip_product);
    if cost > g.cfg.max_call_cost.max(1) * if g.loop_depth == 0 { 4 } else { 1 } {
        return Ok(());
    }
    plan.funcs[f].called.set(true);
    let args = g.call_args(f)?;
    let mut operands = vec![fv];
    operands.extend(args);
    g.cost += cost;
    let op = g.emit(
        NewOp::new(OpKind::CallIndirect)
            .operands(operands)
            .results(plan.funcs[f].results.clone()),
    );
    emit_call_results(g, op, &[]);
    Ok(())
}

fn external_call(g: &mut FnGen) -> Result<()> {
    let mut unused = Vec::new();
    // 3, 4, 5 and 7 are declared with `llvm.emit_c_interface`: called through
    // `_mlir_ciface_`.
    let k = g.index(8)?;
    let (name, args, results) = match k {
        0 | 3 => {
            let a = g.pick(&Type::i64())?;
            let b = g.pick(&Type::i64())?;
            let name = if k == 0 {
                "ext_mix_i64"
            } else {
                "ext_cmix_i64"
            };
            (name, vec![a, b], vec![Type::i64()])
        }
        1 | 4 => {
            let t = Type::memref(vec![None], Type::F64);
            let m = g.materialize_memref(&t, None, false, &mut unused)?;
            let name = if k == 1 {
                "ext_sum_f64"
            } else {
                "ext_csum_f64"
            };
            (name, vec![m], vec![Type::F64])
        }
        5 => {
            let a = g.pick(&Type::i64())?;
            let b = g.pick(&Type::i64())?;
            ("ext_cpair_i64", vec![a, b], vec![Type::i64(), Type::i64()])
        }
        6 | 7 => {
            // An unranked view of a memref of rank 0 to 3: the plain external receives
            // its rank and descriptor pointer, the C interface a pointer to both.
            let t = Type::unranked_memref(Type::F64);
            let rank = g.index(4)?;
            let m = g.materialize_memref(&t, Some(rank), false, &mut unused)?;
            let name = if k == 6 {
                "ext_usum_f64"
            } else {
                "ext_cusum_f64"
            };
            (name, vec![m], vec![Type::F64])
        }
        _ => {
            let t = Type::memref(vec![None], Type::i32());
            let m = g.materialize_memref(&t, None, false, &mut unused)?;
            let v = g.pick(&Type::i32())?;
            ("ext_poly_i32", vec![m, v], vec![Type::i32()])
        }
    };
    g.cost += 16 * g.trip_product;
    let op = g.body.builder(g.cur).call(name, args, results);
    emit_call_results(g, op, &[]);
    let _ = Meta::default();
    Ok(())
}
