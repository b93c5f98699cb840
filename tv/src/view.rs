//! A memref result as its caller sees it: the sizes of the view and the element at
//! every in-bounds index. Each side exports a returned memref, at the return (in that
//! path's memory), as a list of terms, so that paths merge like any value:
//!
//! - Standard: `[sizes, elements, written bits, live, offset, strides, heap]` of its
//!   buffer (`heap`: not `alloca` memory, so the caller may `dealloc` it);
//! - LLVM: `[sizes, values, written bits, live, offset, strides, aligned pointer's byte
//!   offset, block size, freeable]` of the descriptor and the block its aligned pointer
//!   points into (values and written bits of the element's kind, by element position;
//!   `freeable`: the allocated pointer is not poison and is the start of that block,
//!   live and not a stack block, so that the caller's `free` of it is defined).
//!
//! [`differ`] is the condition under which the lowered result is not the source's:
//! another size; a live heap buffer whose allocated pointer is not freeable; or, at
//! one symbolic in-bounds index, an element the source wrote that the lowered code
//! cannot read (poison field, dead or too small block, misaligned) or reads as another
//! value (in any lane, for a vector element).

use crate::memory::{const_array, LlvmMem, StdBuf};
use crate::smt::{Smt, Stop};
use crate::value::{sort, SVal, Scalar};
use easy_smt::SExpr;

fn int64(v: SExpr, p: SExpr) -> SVal {
    SVal::Int { w: 64, v, p }
}

fn term(sort: SExpr, v: SExpr, p: SExpr) -> SVal {
    SVal::Term { sort, v, p }
}

/// The Standard view of buffer `b` through `sizes`, `strides` and `offset`.
pub fn std_view(smt: &Smt, b: &StdBuf, sizes: &[SExpr], strides: &[SExpr], offset: SExpr) -> SVal {
    let f = smt.ctx.false_();
    let es = sort(smt, b.elem);
    SVal::Agg(vec![
        SVal::Agg(sizes.iter().map(|s| int64(*s, f)).collect()),
        term(crate::memory::array_sort(smt, es), b.elems, f),
        term(
            crate::memory::array_sort(smt, smt.ctx.bool_sort()),
            b.init,
            f,
        ),
        term(smt.ctx.bool_sort(), b.live, f),
        int64(offset, f),
        SVal::Agg(strides.iter().map(|s| int64(*s, f)).collect()),
        term(
            smt.ctx.bool_sort(),
            if b.stack {
                smt.ctx.false_()
            } else {
                smt.ctx.true_()
            },
            f,
        ),
    ])
}

/// The LLVM view of descriptor `d` (`{ptr, ptr, i64, [n x i64], [n x i64]}`) whose
/// elements are of kind `e`.
pub fn llvm_view(smt: &mut Smt, mem: &mut LlvmMem, d: &SVal, e: Scalar) -> Result<SVal, Stop> {
    let fields = d.elems()?;
    let (allocated, aligned, off) = match fields {
        [p, a, o, ..] => (p, a, o),
        _ => return Err(Stop::NotModelled("a memref result of another shape".into())),
    };
    let (sizes, strides) = match fields {
        [_, _, _, s, t] => (s.elems()?.to_vec(), t.elems()?.to_vec()),
        [_, _, _] => (Vec::new(), Vec::new()),
        _ => return Err(Stop::NotModelled("a memref result of another shape".into())),
    };
    let SVal::Ptr { blk, off: poff, p } = aligned else {
        return Err(Stop::NotModelled(
            "a memref result without a pointer".into(),
        ));
    };
    let es = sort(smt, e);
    let asort = crate::memory::array_sort(smt, es);
    let bsort = crate::memory::array_sort(smt, smt.ctx.bool_sort());
    let f = smt.ctx.false_();
    // The caller may free the allocated pointer: the start of the aligned pointer's
    // block, a live heap block.
    let freeable = match (allocated, blk) {
        (
            SVal::Ptr {
                blk: Some(a),
                off: aoff,
                p: ap,
            },
            Some(b),
        ) if a == b && !mem.blocks[*b].stack => {
            let c = &smt.ctx;
            let blk = &mem.blocks[*b];
            c.and_many([c.not(*ap), c.eq(*aoff, blk.start), blk.live])
        }
        _ => smt.ctx.false_(),
    };
    let (vals, init, live, size) = match blk {
        Some(b) => {
            let (v, i) = mem.arrays(smt, *b, e)?;
            let blk = &mem.blocks[*b];
            (v, i, blk.live, blk.size)
        }
        None => {
            let v = smt.fresh("nowhere", asort)?;
            (
                v,
                const_array(smt, smt.ctx.bool_sort(), f),
                f,
                smt.bv(64, 0),
            )
        }
    };
    // A narrower index (`--index-bitwidth 32`) as 64 bits: sizes and the offset
    // zero-extended, strides sign-extended (as the Standard side holds them).
    let i64s = |xs: &[SVal], zext: bool| -> Result<SVal, Stop> {
        Ok(SVal::Agg(
            xs.iter()
                .map(|x| match x {
                    SVal::Int { w, v, p } => {
                        Ok(int64(crate::std_sem::int_resize(smt, *v, *w, 64, zext), *p))
                    }
                    _ => Err(Stop::NotModelled(
                        "a descriptor field not an integer".into(),
                    )),
                })
                .collect::<Result<_, _>>()?,
        ))
    };
    Ok(SVal::Agg(vec![
        i64s(&sizes, true)?,
        term(asort, vals, f),
        term(bsort, init, f),
        term(smt.ctx.bool_sort(), live, f),
        i64s(std::slice::from_ref(off), true)?.elems()?[0].clone(),
        i64s(&strides, false)?,
        int64(*poff, *p),
        int64(size, f),
        term(smt.ctx.bool_sort(), freeable, f),
    ]))
}

/// Whether the LLVM view `l` shows another memref than the Standard view `s`, and
/// apart, whether the caller cannot free it where the source's may be freed (elements
/// of `bytes` each, made of lanes of `lane` bytes at `lanes`), at the fresh index
/// `name`.
pub fn differ(
    smt: &mut Smt,
    s: &SVal,
    l: &SVal,
    (bytes, lane, lanes): (u64, u64, &[u64]),
    name: &str,
) -> Result<(SExpr, SExpr), Stop> {
    let (s, l) = (s.elems()?, l.elems()?);
    let (ssizes, lsizes) = (s[0].elems()?, l[0].elems()?);
    if ssizes.len() != lsizes.len() {
        return Err(Stop::NotModelled("a memref result of another rank".into()));
    }
    let c64 = smt.bv_sort(64);
    let mut wrong = Vec::new();
    let mut in_bounds = Vec::new();
    let mut slin = s[4].term()?;
    let mut llin = l[4].term()?;
    let mut bad_field = vec![l[4].poison()?, l[6].poison()?];
    for (d, ((ss, ls), (sst, lst))) in ssizes
        .iter()
        .zip(lsizes)
        .zip(s[5].elems()?.iter().zip(l[5].elems()?))
        .enumerate()
    {
        let c = &smt.ctx;
        wrong.push(ls.poison()?);
        wrong.push(c.not(c.eq(ss.term()?, ls.term()?)));
        let i = smt.ctx.declare_const(format!("{name}_{d}"), c64)?;
        let c = &smt.ctx;
        in_bounds.push(c.bvult(i, ss.term()?));
        slin = c.bvadd(slin, c.bvmul(i, sst.term()?));
        llin = c.bvadd(llin, c.bvmul(i, lst.term()?));
        bad_field.push(lst.poison()?);
    }
    let c = &smt.ctx;
    let sz = smt.bv(64, bytes as i128);
    let byte = c.bvadd(l[6].term()?, c.bvmul(llin, sz));
    let byte = smt.def(c64, byte)?;
    let c = &smt.ctx;
    let size = l[7].term()?;
    let sat = c.bvmul(slin, sz);
    let lz = smt.bv(64, lane as i128);
    let unreadable = c.or_many([
        c.or_many(bad_field),
        c.not(l[3].term()?),
        c.bvult(size, sz),
        c.bvugt(byte, c.bvsub(size, sz)),
        c.not(c.eq(c.bvurem(byte, lz), smt.bv(64, 0))),
    ]);
    // Every lane of the element: unwritten on the lowered side, or another value.
    let mut differs = Vec::new();
    for &o in lanes {
        let d = smt.bv(64, o as i128);
        let (sat_j, at) = if o == 0 {
            (sat, byte)
        } else {
            (c.bvadd(sat, d), c.bvadd(byte, d))
        };
        differs.push(c.not(c.select(l[2].term()?, at)));
        differs.push(c.not(c.eq(c.select(s[1].term()?, sat_j), c.select(l[1].term()?, at))));
    }
    let differs = c.or_many(differs);
    // A live heap buffer: the caller may free it through the allocated pointer.
    let unfreeable = c.and_many([s[6].term()?, s[3].term()?, c.not(l[8].term()?)]);
    in_bounds.push(s[3].term()?);
    in_bounds.push(c.select(s[2].term()?, sat));
    wrong.push(c.and(c.and_many(in_bounds), c.or(unreadable, differs)));
    let w = c.or_many(wrong);
    Ok((smt.def_bool(w)?, smt.def_bool(unfreeable)?))
}
