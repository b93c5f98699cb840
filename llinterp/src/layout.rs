//! The data layout: sizes, alignments and field offsets of LLVM-dialect types, as the
//! x86-64 data layout that the JIT compiles for gives them (`i64:64-i128:128`, natural
//! alignment for the other integer sizes, vectors bit-packed and aligned to their
//! store size rounded up to a power of two, pointers 8 bytes in every address space).
//!
//! Integers of odd widths take the alignment of the next larger of i8, i16, i32, i64,
//! i128 (LangRef's rule for integers without an entry of their own), so `i17` is
//! stored in 3 bytes and allocated 4.

use converter::ir::Type;

/// Bytes of a pointer.
pub const PTR_BYTES: u64 = 8;

/// The ABI alignment of `t` in bytes.
pub fn align_of(t: &Type) -> u64 {
    match t {
        Type::Int(w) => int_align(*w),
        Type::Index => 8,
        Type::F16 | Type::BF16 => 2,
        Type::F32 => 4,
        Type::F64 => 8,
        Type::LlvmPtr(..) | Type::LlvmFunc(_) | Type::Function(_) => PTR_BYTES,
        Type::Vector(_) => store_size(t).max(1).next_power_of_two(),
        Type::LlvmArray(_, e) => align_of(e),
        Type::LlvmStruct(fs) => fs.iter().map(align_of).max().unwrap_or(1),
        _ => 1,
    }
}

fn int_align(w: u32) -> u64 {
    match w {
        0..=8 => 1,
        9..=16 => 2,
        17..=32 => 4,
        33..=64 => 8,
        _ => 16,
    }
}

/// The bits a value of `t` occupies (vectors: the element bits times the count).
pub fn size_in_bits(t: &Type) -> u64 {
    match t {
        Type::Int(w) => *w as u64,
        Type::Index => 64,
        Type::F16 | Type::BF16 => 16,
        Type::F32 => 32,
        Type::F64 => 64,
        Type::LlvmPtr(..) | Type::LlvmFunc(_) | Type::Function(_) => 64,
        Type::Vector(v) => size_in_bits(&v.elem) * v.num_elements(),
        _ => alloc_size(t) * 8,
    }
}

/// The bytes a store of `t` writes.
pub fn store_size(t: &Type) -> u64 {
    match t {
        Type::LlvmArray(..) | Type::LlvmStruct(_) => alloc_size(t),
        _ => size_in_bits(t).div_ceil(8),
    }
}

/// The bytes between consecutive values of `t` in memory (GEP's stride).
pub fn alloc_size(t: &Type) -> u64 {
    match t {
        Type::LlvmArray(n, e) => n.saturating_mul(alloc_size(e)),
        Type::LlvmStruct(fs) => {
            let (end, align) = struct_end(fs);
            end.next_multiple_of(align)
        }
        _ => store_size(t).next_multiple_of(align_of(t)),
    }
}

fn struct_end(fs: &[Type]) -> (u64, u64) {
    let mut off = 0u64;
    let mut align = 1u64;
    for f in fs {
        let a = align_of(f);
        align = align.max(a);
        off = off.next_multiple_of(a) + alloc_size(f);
    }
    (off, align)
}

/// The byte offset of field `i` of a struct with fields `fs`.
pub fn field_offset(fs: &[Type], i: usize) -> u64 {
    let mut off = 0u64;
    for (k, f) in fs.iter().enumerate() {
        off = off.next_multiple_of(align_of(f));
        if k == i {
            return off;
        }
        off += alloc_size(f);
    }
    off
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_x86_64_layout() {
        assert_eq!((store_size(&Type::i(17)), alloc_size(&Type::i(17))), (3, 4));
        assert_eq!(
            (store_size(&Type::i(65)), alloc_size(&Type::i(65))),
            (9, 16)
        );
        assert_eq!(alloc_size(&Type::i1()), 1);
        let v3 = Type::vector(vec![3], Type::F32);
        assert_eq!(
            (store_size(&v3), alloc_size(&v3), align_of(&v3)),
            (12, 16, 16)
        );
        let v4i1 = Type::vector(vec![4], Type::i1());
        assert_eq!((store_size(&v4i1), alloc_size(&v4i1)), (1, 1));
        let d = Type::llvm_struct(vec![
            Type::llvm_ptr(Type::F32),
            Type::llvm_ptr(Type::F32),
            Type::i32(),
            Type::llvm_array(2, Type::i32()),
            Type::llvm_array(2, Type::i32()),
        ]);
        assert_eq!(field_offset(d_fields(&d), 2), 16);
        assert_eq!(field_offset(d_fields(&d), 4), 28);
        assert_eq!(alloc_size(&d), 40);
    }

    fn d_fields(t: &Type) -> &[Type] {
        match t {
            Type::LlvmStruct(f) => f,
            _ => &[],
        }
    }
}
