//! `MemRefDescriptor` and `UnrankedDescriptor`: the only code that knows the field
//! positions of the memref descriptor structs. Patterns ask for `allocated`,
//! `aligned`, `offset`, `size(i)`, `stride(i)`, or `pack`/`unpack` the calling
//! convention's scalar fields; none indexes the struct by hand.

use super::emit::{Emitter, GepIndex};
use crate::ir::{MemRefType, OpKind, Type, ValueId};

const ALLOCATED: i64 = 0;
const ALIGNED: i64 = 1;
const OFFSET: i64 = 2;
const SIZES: i64 = 3;
const STRIDES: i64 = 4;

/// A ranked descriptor value `{ptr<T>, ptr<T>, index, array<rank x index>, array<rank x index>}`.
#[derive(Clone, Copy, Debug)]
pub struct MemRefDescriptor {
    pub value: ValueId,
    pub rank: usize,
}

impl MemRefDescriptor {
    pub fn new(value: ValueId, rank: usize) -> MemRefDescriptor {
        MemRefDescriptor { value, rank }
    }

    /// A fresh `undef` descriptor of type `ty`.
    pub fn undef(em: &mut Emitter, ty: &Type, rank: usize) -> MemRefDescriptor {
        MemRefDescriptor::new(em.undef(ty), rank)
    }

    /// A descriptor with every field set, in the calling convention's field order.
    pub fn build(
        em: &mut Emitter,
        ty: &Type,
        allocated: ValueId,
        aligned: ValueId,
        offset: ValueId,
        sizes: &[ValueId],
        strides: &[ValueId],
    ) -> MemRefDescriptor {
        let mut d = MemRefDescriptor::undef(em, ty, sizes.len());
        d.set_allocated(em, allocated);
        d.set_aligned(em, aligned);
        d.set_offset(em, offset);
        // Size and stride of each dimension in turn, as LLVM 11's `pack` does.
        for i in 0..sizes.len() {
            d.set_size(em, i, sizes[i]);
            d.set_stride(em, i, strides[i]);
        }
        d
    }

    /// Packs the calling convention's scalar fields (allocated, aligned, offset,
    /// sizes..., strides...) into a descriptor of type `ty`.
    pub fn pack(em: &mut Emitter, ty: &Type, fields: &[ValueId]) -> MemRefDescriptor {
        let rank = (fields.len() - 3) / 2;
        let (sizes, strides) = fields[3..].split_at(rank);
        MemRefDescriptor::build(em, ty, fields[0], fields[1], fields[2], sizes, strides)
    }

    /// The descriptor of a bare pointer (the bare pointer calling convention): both
    /// pointers are `ptr`, offset, sizes and strides the static values of `m`, whose
    /// shape and strided layout the type converter has checked to be static.
    pub fn from_static_shape(
        em: &mut Emitter,
        ty: &Type,
        m: &MemRefType,
        ptr: ValueId,
    ) -> MemRefDescriptor {
        let layout = m.strided_form();
        let offset = layout.as_ref().and_then(|l| l.offset).unwrap_or(0);
        let offset = em.const_index(offset);
        let sizes: Vec<ValueId> = m
            .shape
            .iter()
            .map(|d| em.const_index(d.unwrap_or(0) as i64))
            .collect();
        let strides: Vec<ValueId> = (0..m.rank())
            .map(|i| {
                let s = layout
                    .as_ref()
                    .and_then(|l| l.strides.get(i).copied().flatten());
                em.const_index(s.unwrap_or(1))
            })
            .collect();
        MemRefDescriptor::build(em, ty, ptr, ptr, offset, &sizes, &strides)
    }

    /// Unpacks into the calling convention's scalar fields.
    pub fn unpack(&self, em: &mut Emitter) -> Vec<ValueId> {
        let mut v = vec![self.allocated(em), self.aligned(em), self.offset(em)];
        for i in 0..self.rank {
            v.push(self.size(em, i));
        }
        for i in 0..self.rank {
            v.push(self.stride(em, i));
        }
        v
    }

    pub fn allocated(&self, em: &mut Emitter) -> ValueId {
        em.extract(self.value, &[ALLOCATED])
    }
    pub fn aligned(&self, em: &mut Emitter) -> ValueId {
        em.extract(self.value, &[ALIGNED])
    }
    pub fn offset(&self, em: &mut Emitter) -> ValueId {
        em.extract(self.value, &[OFFSET])
    }
    pub fn size(&self, em: &mut Emitter, i: usize) -> ValueId {
        em.extract(self.value, &[SIZES, i as i64])
    }
    pub fn stride(&self, em: &mut Emitter, i: usize) -> ValueId {
        em.extract(self.value, &[STRIDES, i as i64])
    }

    pub fn set_allocated(&mut self, em: &mut Emitter, v: ValueId) {
        self.value = em.insert(self.value, v, &[ALLOCATED]);
    }
    pub fn set_aligned(&mut self, em: &mut Emitter, v: ValueId) {
        self.value = em.insert(self.value, v, &[ALIGNED]);
    }
    pub fn set_offset(&mut self, em: &mut Emitter, v: ValueId) {
        self.value = em.insert(self.value, v, &[OFFSET]);
    }
    pub fn set_size(&mut self, em: &mut Emitter, i: usize, v: ValueId) {
        self.value = em.insert(self.value, v, &[SIZES, i as i64]);
    }
    pub fn set_stride(&mut self, em: &mut Emitter, i: usize, v: ValueId) {
        self.value = em.insert(self.value, v, &[STRIDES, i as i64]);
    }
}

/// An unranked descriptor value `{i64 rank, ptr<i8> descriptor}`.
#[derive(Clone, Copy, Debug)]
pub struct UnrankedDescriptor {
    pub value: ValueId,
}

impl UnrankedDescriptor {
    pub fn new(value: ValueId) -> UnrankedDescriptor {
        UnrankedDescriptor { value }
    }
    pub fn build(em: &mut Emitter, ty: &Type, rank: ValueId, ptr: ValueId) -> UnrankedDescriptor {
        UnrankedDescriptor::new(em.pack(ty, &[rank, ptr]))
    }
    pub fn rank(&self, em: &mut Emitter) -> ValueId {
        em.extract(self.value, &[0])
    }
    pub fn ptr(&self, em: &mut Emitter) -> ValueId {
        em.extract(self.value, &[1])
    }
    pub fn unpack(&self, em: &mut Emitter) -> Vec<ValueId> {
        vec![self.rank(em), self.ptr(em)]
    }

    /// The byte size of the ranked descriptor an unranked one points to, from its
    /// dynamic rank: `2 * sizeof(ptr) + (1 + 2 * rank) * sizeof(index)` (in index type),
    /// rounded up to a multiple of `sizeof(ptr)`, the struct's alignment; `elem_ptr` is
    /// the type of the descriptor's pointers (in the memory space). Without the rounding
    /// (MLIR 22's size), a 32-bit index leaves out the struct's 4 bytes of tail padding,
    /// and the load of the whole struct from the copy reads past its end, which LangRef
    /// makes undefined (`docs/upstream-differences.md`).
    pub fn ranked_size(em: &mut Emitter, rank_i64: ValueId, elem_ptr: &Type) -> ValueId {
        let idx = em.index.clone();
        let ptr_size = em.size_of(elem_ptr, GepIndex::Const(2), &idx);
        let idx_size = em.size_of(&idx, GepIndex::Const(1), &idx);
        let rank = em.int_resize(rank_i64, &idx);
        let two = em.const_index(2);
        let one = em.const_index(1);
        let r2 = em.mul(rank, two);
        let r2p1 = em.add(r2, one);
        let idx_bytes = em.mul(r2p1, idx_size);
        let unpadded = em.add(ptr_size, idx_bytes);
        let align = em.size_of(elem_ptr, GepIndex::Const(1), &idx);
        let align_m1 = em.binary(OpKind::LlvmSub, align, one);
        let bumped = em.add(unpadded, align_m1);
        let zero = em.const_index(0);
        let mask = em.binary(OpKind::LlvmSub, zero, align);
        em.binary(OpKind::LlvmAnd, bumped, mask)
    }

    /// A pointer to size `i` (an index value) of the ranked descriptor `ptr` points to:
    /// the sizes follow the two pointers (of type `elem_ptr`) and the offset.
    pub fn size_ptr(em: &mut Emitter, ptr: ValueId, elem_ptr: &Type, i: ValueId) -> ValueId {
        let idx = em.index.clone();
        let as_ptrs = em.ptr_cast(ptr, elem_ptr);
        let after_ptrs = em.gep(as_ptrs, elem_ptr, &[GepIndex::Const(2)], elem_ptr);
        let as_idx = em.ptr_cast(after_ptrs, &idx);
        let one = em.const_index(1);
        let pos = em.add(i, one);
        em.gep(as_idx, &idx, &[GepIndex::Value(pos)], &idx)
    }
}
