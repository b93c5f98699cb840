//! The default memref model: `alloc` (malloc, optional realignment), `alloca`,
//! `dealloc` (free), `load`/`store` with the spec's index linearization, `dim`,
//! `rank` and `memref_cast` between ranked and unranked descriptors.
//!
//! Allocation sizes use the GEP-on-null idiom (`ptrtoint (getelementptr null[n])`),
//! never a byte size computed here, so every data layout (the JIT's, clang's) agrees on
//! the size of `i17`, `i1` or `vector<3xi8>` elements.
//!
//! Memory spaces: element pointers are in the memref's address space. `malloc` and
//! `free` take address space 0 pointers, so `alloc` and `dealloc` of a memref in
//! another memory space go through `llvm.addrspacecast` (today's MLIR casts the
//! result of `malloc` the same way); `alloca` allocates in the memory space directly,
//! as LLVM 11 and today's MLIR do.

use super::descriptor::{MemRefDescriptor, UnrankedDescriptor};
use super::emit::{Emitter, GepIndex};
use super::funcs::FnLower;
use super::types::over_aligned;
use super::vector::const_index;
use crate::diag::Diagnostic;
use crate::ir::{MemRefType, OpData, OpKind, Type, ValueId};

/// The function type of `malloc`: `(i64) -> ptr<i8>`.
pub fn malloc_type() -> Type {
    Type::llvm_func(Type::llvm_ptr(Type::i8()), vec![Type::i64()])
}

/// The function type of `aligned_alloc`: `(i64 alignment, i64 size) -> ptr<i8>`.
pub fn aligned_alloc_type() -> Type {
    Type::llvm_func(Type::llvm_ptr(Type::i8()), vec![Type::i64(), Type::i64()])
}

/// The size in bytes LLVM allocates for one `elem` (a converted memref element),
/// where it is sure to be a power of two: integers of 8, 16, ... 128 bits, the float
/// types, and vectors and arrays of them whose total is a power of two. `None`
/// otherwise (`i17`, `vector<3xf32>`, ...), where the data layout pads.
fn pow2_alloc_bytes(elem: &Type) -> Option<u64> {
    let b = match elem {
        Type::Int(w) if *w >= 8 && w.is_power_of_two() && *w <= 128 => *w as u64 / 8,
        Type::F16 | Type::BF16 => 2,
        Type::F32 => 4,
        Type::F64 => 8,
        Type::Vector(v) => pow2_alloc_bytes(&v.elem)?.checked_mul(v.num_elements())?,
        Type::LlvmArray(n, e) => pow2_alloc_bytes(e)?.checked_mul(*n)?,
        _ => return None,
    };
    b.is_power_of_two().then_some(b)
}

/// The element's size in bytes as LLVM 11's aligned-alloc lowering counted it (bit
/// width times element count, in bytes rounded up once: `vector<6xi17>` is 13 bytes),
/// for the default alignment.
fn elem_bytes(elem: &Type) -> u64 {
    fn bits(t: &Type) -> u64 {
        match t {
            Type::Vector(v) => bits(&v.elem).saturating_mul(v.num_elements()),
            Type::LlvmArray(n, e) => bits(e).saturating_mul(*n),
            t => t.bit_width().unwrap_or(64) as u64,
        }
    }
    bits(elem).div_ceil(8)
}

/// The alignment `alloc` passes to `aligned_alloc` (LLVM 11's rule): the `alignment`
/// attribute if given (raised to the element's natural alignment when that exceeds
/// what malloc guarantees, see [`alloc`]), else the element's size rounded up to a
/// power of two, at least 16 bytes.
pub fn aligned_alloc_alignment(elem: &Type, attr: Option<u64>) -> u64 {
    match attr {
        Some(a) => a.max(over_aligned(elem).unwrap_or(1)),
        None => elem_bytes(elem)
            .max(1)
            .checked_next_power_of_two()
            .unwrap_or(1 << 62)
            .max(super::types::MALLOC_ALIGNMENT),
    }
}

/// Calls `aligned_alloc(align, bytes)` (bytes in the index type).
fn call_aligned_alloc(needs: &mut bool, em: &mut Emitter, align: u64, bytes: ValueId) -> ValueId {
    *needs = true;
    let a = em.const_i64(align as i64);
    let b64 = em.int_resize(bytes, &Type::i64());
    em.call("aligned_alloc", vec![a, b64], &aligned_alloc_type())
        .unwrap_or(bytes)
}

/// The function type of `free`: `(ptr<i8>) -> void`.
pub fn free_type() -> Type {
    Type::llvm_func(Type::LlvmVoid, vec![Type::llvm_ptr(Type::i8())])
}

/// Calls `malloc(bytes)` (bytes in the index type) and returns the `ptr<i8>`.
pub fn call_malloc(fl_needs: &mut bool, em: &mut Emitter, bytes: ValueId) -> ValueId {
    *fl_needs = true;
    let b64 = em.int_resize(bytes, &Type::i64());
    em.call("malloc", vec![b64], &malloc_type())
        .unwrap_or(bytes)
}

/// Calls `free(p)` on a pointer of any pointee and address space.
pub fn call_free(fl_needs: &mut bool, em: &mut Emitter, p: ValueId) {
    *fl_needs = true;
    let p8 = em.cast_to_ptr(p, &Type::llvm_ptr(Type::i8()));
    em.call("free", vec![p8], &free_type());
}

fn memref_of<'t>(t: &'t Type, op: &OpData) -> Result<&'t MemRefType, Diagnostic> {
    t.as_memref()
        .ok_or_else(|| Diagnostic::error(op.loc, format!("expected a ranked memref, got {t}")))
}

/// The number of elements a buffer needs for a layout that is not the identity: one
/// past the highest element address it can reach,
/// `offset + 1 + sum(max(0, (size_i - 1) * stride_i))`, whatever the signs of the
/// strides (a negative one reaches below the offset, a zero one stays put), and 0 when
/// a dimension has no extent (the view reaches nothing). The lowest reachable address,
/// `offset + sum(min(0, (size_i - 1) * stride_i))`, must not lie before the buffer: the
/// verifier rejects a static layout where it would, and with dynamic sizes it is the
/// program's undefined behaviour (the Standard interpreter reports it at the `alloc`;
/// `docs/upstream-differences.md`).
fn reach_count(
    em: &mut Emitter,
    m: &MemRefType,
    sizes: &[ValueId],
    strides: &[ValueId],
    static_offset: i64,
) -> ValueId {
    if m.shape.contains(&Some(0)) {
        return em.const_index(0);
    }
    let layout = m.strided_form();
    let stride_of = |i: usize| {
        layout
            .as_ref()
            .and_then(|l| l.strides.get(i).copied().flatten())
    };
    let mut static_part = static_offset.wrapping_add(1);
    let mut n: Option<ValueId> = None;
    for i in 0..m.rank() {
        match (m.shape[i], stride_of(i)) {
            (Some(d), Some(st)) => {
                static_part = static_part.wrapping_add((d as i64 - 1).wrapping_mul(st).max(0));
            }
            // A negative or zero stride reaches no higher than the offset.
            (None, Some(st)) if st <= 0 => {}
            _ => {
                // (size - 1) * stride with a positive stride (a dynamic one is the
                // row-major stride, never negative).
                let one = em.const_index(1);
                let less = em.binary(OpKind::LlvmSub, sizes[i], one);
                let t = em.mul(less, strides[i]);
                n = Some(match n {
                    Some(a) => em.add(a, t),
                    None => t,
                });
            }
        }
    }
    let base = em.const_index(static_part);
    let mut count = match n {
        Some(a) => em.add(a, base),
        None => base,
    };
    // A dynamic size of 0: the view reaches nothing.
    for (i, d) in m.shape.iter().enumerate() {
        if d.is_none() {
            let zero = em.const_index(0);
            let empty = em.icmp("eq", sizes[i], zero);
            count = em.select(empty, zero, count);
        }
    }
    count
}

/// `alloc`/`alloca`: sizes from the static shape and the dynamic size operands,
/// strides from a static strided layout or row-major, offset from the layout or 0.
/// The buffer holds the product of the sizes for identity layouts, and every element
/// address the layout can reach for other layouts ([`reach_count`]).
pub fn alloc(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let rt = fl.old_ty(op.results[0]);
    let m = memref_of(rt, op)?;
    let dty = fl.conv(rt, op.loc)?;
    let elem = fl.conv(&m.elem, op.loc)?;
    let elem_ptr = fl.elem_ptr(rt, op.loc)?;
    let space = elem_ptr.addr_space().unwrap_or(0);
    let Some(layout) = m.strided_form() else {
        return Err(Diagnostic::error(op.loc, "memref layout is not strided"));
    };
    let dyn_sizes = fl.vs(&op.operands);
    let align_attr = op
        .attr("alignment")
        .and_then(|a| a.as_int())
        .map(|a| a as u64);
    let is_alloca = op.kind == OpKind::Alloca;
    let identity = m.has_identity_layout();
    let ctx = &mut *fl.ctx;
    let mut em = Emitter::new(&mut fl.new, fl.block, op.loc, ctx.tc.index());

    let mut sizes = Vec::with_capacity(m.rank());
    let mut next_dyn = dyn_sizes.iter();
    for d in &m.shape {
        let v = match d {
            Some(s) => em.const_index(*s as i64),
            None => match next_dyn.next() {
                Some(&v) => v,
                None => return Err(Diagnostic::error(op.loc, "missing dynamic size operand")),
            },
        };
        sizes.push(v);
    }
    // Strides, innermost first: the layout's static values, else row-major.
    let mut strides = Vec::with_capacity(m.rank());
    let mut running_static: Option<i64> = Some(1);
    let mut running: Option<ValueId> = None;
    for i in (0..m.rank()).rev() {
        let row_major = |em: &mut Emitter, rs: Option<i64>, r: Option<ValueId>| match (rs, r) {
            (Some(c), _) => em.const_index(c),
            (None, Some(v)) => v,
            (None, None) => em.const_index(1),
        };
        let s = match layout.strides.get(i).copied().flatten() {
            Some(st) => em.const_index(st),
            None => row_major(&mut em, running_static, running),
        };
        strides.push(s);
        if i == 0 {
            break;
        }
        match (running_static, m.shape[i]) {
            (Some(rs), Some(d)) => running_static = rs.checked_mul(d as i64),
            _ => {
                let cur = row_major(&mut em, running_static, running);
                running = Some(em.mul(cur, sizes[i]));
                running_static = None;
            }
        }
    }
    strides.reverse();
    let static_offset = layout.offset.unwrap_or(0);
    let offset = em.const_index(static_offset);
    // Number of elements of the buffer.
    let count = if identity {
        let static_prod: i64 = m
            .shape
            .iter()
            .flatten()
            .fold(1i64, |a, &d| a.wrapping_mul(d as i64));
        let mut n = em.const_index(static_prod);
        for (i, d) in m.shape.iter().enumerate() {
            if d.is_none() {
                n = em.mul(n, sizes[i]);
            }
        }
        n
    } else {
        reach_count(&mut em, m, &sizes, &strides, static_offset)
    };
    let (allocated, aligned) = if is_alloca {
        let p = em.alloca_in(count, &elem, align_attr.max(over_aligned(&elem)), space);
        (p, p)
    } else if ctx.opts.use_aligned_alloc {
        // aligned_alloc requires the size to be a multiple of the alignment: unless
        // the static part of the shape makes it one, round it up
        // ((bytes + a - 1) - (bytes + a - 1) % a, in the index type).
        let a = aligned_alloc_alignment(&elem, align_attr);
        let idx = em.index.clone();
        let mut bytes = em.size_of(&elem, GepIndex::Value(count), &idx);
        let known = identity
            .then(|| pow2_alloc_bytes(&elem))
            .flatten()
            .map(|b| {
                m.shape
                    .iter()
                    .flatten()
                    .fold(b as u128, |acc, &d| acc.saturating_mul(d as u128))
            });
        if known.is_none_or(|k| k % a as u128 != 0) {
            let pad = em.const_index(a as i64 - 1);
            let bumped = em.add(bytes, pad);
            let av = em.const_index(a as i64);
            let rem = em.binary(OpKind::LlvmURem, bumped, av);
            bytes = em.binary(OpKind::LlvmSub, bumped, rem);
        }
        let raw = call_aligned_alloc(&mut ctx.needs_aligned_alloc, &mut em, a, bytes);
        let p = em.cast_to_ptr(raw, &elem_ptr);
        (p, p)
    } else {
        let idx = em.index.clone();
        let bytes = em.size_of(&elem, GepIndex::Value(count), &idx);
        // At least the element's natural alignment: LLVM accesses a vector element with
        // its ABI alignment, so a smaller `alignment` (or malloc's 16 bytes for a wide
        // vector) would make those accesses fault.
        let align = align_attr.max(over_aligned(&elem)).filter(|&a| a > 1);
        match align {
            None => {
                let raw = call_malloc(&mut ctx.needs_malloc, &mut em, bytes);
                let p = em.cast_to_ptr(raw, &elem_ptr);
                (p, p)
            }
            Some(a) => {
                let pad = em.const_index(a as i64 - 1);
                let total = em.add(bytes, pad);
                let raw = call_malloc(&mut ctx.needs_malloc, &mut em, total);
                let allocated = em.cast_to_ptr(raw, &elem_ptr);
                // aligned = (raw + a - 1) - (raw + a - 1) % a, computed in i64 (not in
                // the index type, which may be narrower than a pointer).
                let int = em.ptrtoint(raw, &Type::i64());
                let pad64 = em.const_i64(a as i64 - 1);
                let bumped = em.add(int, pad64);
                let av = em.const_i64(a as i64);
                let rem = em.binary(OpKind::LlvmURem, bumped, av);
                let down = em.binary(OpKind::LlvmSub, bumped, rem);
                let aligned = em.inttoptr(down, &elem_ptr);
                (allocated, aligned)
            }
        }
    };
    let d = MemRefDescriptor::build(&mut em, &dty, allocated, aligned, offset, &sizes, &strides);
    fl.set(op.results[0], d.value);
    Ok(())
}

/// `dealloc`: `free` of the allocated pointer (cast to address space 0).
pub fn dealloc(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let t = fl.old_ty(op.operands[0]);
    let v = fl.v(op.operands[0]);
    let space = fl.elem_ptr(t, op.loc)?.addr_space().unwrap_or(0);
    let ctx = &mut *fl.ctx;
    let mut em = Emitter::new(&mut fl.new, fl.block, op.loc, ctx.tc.index());
    let p = match t {
        Type::MemRef(m) => MemRefDescriptor::new(v, m.rank()).allocated(&mut em),
        _ => {
            // The allocated pointer is the first field of the ranked descriptor.
            let u = UnrankedDescriptor::new(v).ptr(&mut em);
            let p8 = Type::llvm_ptr_in(Type::i8(), space);
            let pp = em.ptr_cast(u, &p8);
            em.load(pp, &p8)
        }
    };
    call_free(&mut ctx.needs_free, &mut em, p);
    Ok(())
}

/// The address of element `indices` of a ranked memref:
/// `aligned + offset + sum(index_i * stride_i)` with offset and strides read from the
/// descriptor. A rank-0 memref with an identity layout is its aligned pointer.
fn element_ptr(
    em: &mut Emitter,
    d: MemRefDescriptor,
    m: &MemRefType,
    elem: &Type,
    indices: &[ValueId],
) -> ValueId {
    if m.rank() == 0 && m.has_identity_layout() {
        return d.aligned(em);
    }
    let mut acc: Option<ValueId> = None;
    for (i, &idx) in indices.iter().enumerate() {
        let s = d.stride(em, i);
        let p = em.mul(s, idx);
        acc = Some(match acc {
            Some(a) => em.add(a, p),
            None => p,
        });
    }
    let off = d.offset(em);
    let lin = match acc {
        Some(a) => em.add(a, off),
        None => off,
    };
    let aligned = d.aligned(em);
    em.gep(aligned, elem, &[GepIndex::Value(lin)], elem)
}

/// `load %m[...]` / `store %v, %m[...]`.
pub fn load_store(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let is_load = op.kind == OpKind::Load;
    let mpos = if is_load { 0 } else { 1 };
    let mt = fl.old_ty(op.operands[mpos]);
    let m = memref_of(mt, op)?;
    let elem = fl.conv(&m.elem, op.loc)?;
    let mv = fl.v(op.operands[mpos]);
    let indices = fl.vs(&op.operands[mpos + 1..]);
    let stored = if is_load {
        None
    } else {
        Some(fl.v(op.operands[0]))
    };
    let mut em = fl.em(op.loc);
    let d = MemRefDescriptor::new(mv, m.rank());
    let p = element_ptr(&mut em, d, m, &elem, &indices);
    match stored {
        None => {
            let r = em.load(p, &elem);
            fl.set(op.results[0], r);
        }
        Some(v) => em.store(v, p),
    }
    Ok(())
}

/// `dim %m, i`: a constant for a static dimension, the descriptor's size otherwise.
/// With a non-constant index operand: a select over the sizes (ranked) or a load
/// through the ranked descriptor pointer at the rank-dependent position (unranked).
pub fn dim(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let t = fl.old_ty(op.operands[0]);
    let v = fl.v(op.operands[0]);
    let index: Option<i64> = match op.attr("index") {
        Some(a) => a.as_int().map(|x| x as i64),
        None => op.operands.get(1).and_then(|&i| const_index(fl, i)),
    };
    let dyn_index = if index.is_none() {
        match op.operands.get(1) {
            Some(&i) => Some(fl.v(i)),
            None => return Err(Diagnostic::error(op.loc, "dim without an index")),
        }
    } else {
        None
    };
    let idx_ty = fl.ctx.tc.index();
    if !t.is_memref() {
        return Err(Diagnostic::error(op.loc, "dim of a non-memref value"));
    }
    let elem_ptr = fl.elem_ptr(t, op.loc)?;
    let mut em = fl.em(op.loc);
    let r = match (t, index) {
        (Type::MemRef(m), Some(i)) => match usize::try_from(i).ok().and_then(|i| m.shape.get(i)) {
            Some(Some(s)) => em.const_index(*s as i64),
            Some(None) => MemRefDescriptor::new(v, m.rank()).size(&mut em, i as usize),
            None => em.undef(&idx_ty), // out of range: undefined behaviour
        },
        (Type::MemRef(m), None) => {
            let d = MemRefDescriptor::new(v, m.rank());
            let i = dyn_index.unwrap_or(v);
            if m.rank() == 0 {
                em.undef(&idx_ty)
            } else {
                let mut r = d.size(&mut em, m.rank() - 1);
                for k in (0..m.rank() - 1).rev() {
                    let s = d.size(&mut em, k);
                    let kc = em.const_index(k as i64);
                    let c = em.icmp("eq", i, kc);
                    r = em.select(c, s, r);
                }
                r
            }
        }
        (_, idx) => {
            let u = UnrankedDescriptor::new(v);
            let p = u.ptr(&mut em);
            let i = match idx {
                Some(c) => em.const_index(c),
                None => dyn_index.unwrap_or(v),
            };
            let sp = UnrankedDescriptor::size_ptr(&mut em, p, &elem_ptr, i);
            em.load(sp, &idx_ty)
        }
    };
    fl.set(op.results[0], r);
    Ok(())
}

/// `rank`: a constant for ranked memrefs, the descriptor's rank field otherwise.
pub fn rank(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let t = fl.old_ty(op.operands[0]);
    let v = fl.v(op.operands[0]);
    let idx = fl.ctx.tc.index();
    let mut em = fl.em(op.loc);
    let r = match t {
        Type::MemRef(m) => em.const_index(m.rank() as i64),
        _ => {
            let r = UnrankedDescriptor::new(v).rank(&mut em);
            em.int_resize(r, &idx)
        }
    };
    fl.set(op.results[0], r);
    Ok(())
}

/// `memref_cast`: ranked -> ranked keeps the descriptor; ranked -> unranked stores the
/// descriptor in a stack slot and pairs its address with the rank; unranked -> ranked
/// loads the descriptor through the pointer.
pub fn cast(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let from = fl.old_ty(op.operands[0]);
    let to = fl.old_ty(op.results[0]);
    let v = fl.v(op.operands[0]);
    let to_ty = fl.conv(to, op.loc)?;
    let from_ty = fl.conv(from, op.loc)?;
    let mut em = fl.em(op.loc);
    let r = match (from, to) {
        (Type::MemRef(m), Type::UnrankedMemRef(..)) => {
            let one = em.const_index(1);
            let slot = em.alloca(one, &from_ty, None);
            em.store(v, slot);
            let p8 = em.ptr_cast(slot, &Type::i8());
            let rank = em.const_i64(m.rank() as i64);
            UnrankedDescriptor::build(&mut em, &to_ty, rank, p8).value
        }
        (Type::UnrankedMemRef(..), Type::MemRef(_)) => {
            let p = UnrankedDescriptor::new(v).ptr(&mut em);
            let dp = em.ptr_cast(p, &to_ty);
            em.load(dp, &to_ty)
        }
        _ => v,
    };
    fl.set(op.results[0], r);
    Ok(())
}
