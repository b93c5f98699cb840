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

/// The alignment `malloc` guarantees on x86-64 (and the least any allocation here gets).
pub const MALLOC_ALIGNMENT: u64 = 16;

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

/// Checks a module's LLVM data layout string (`llvm.data_layout`) against the layout
/// this module implements: little-endian, 64-bit pointers in address space 0, the
/// integer, float, vector and aggregate alignments above, allocas in address space 0.
/// Entries that change nothing the interpreter computes (name mangling, native integer
/// widths, stack, program and global address spaces, function pointer alignment, `f80`
/// and `f128`) are accepted whatever they say. Returns the address spaces whose pointers
/// are not 64 bits wide (x86-64's 270 and 271: a module must not use them), or why the
/// layout differs. Integer entries are resolved as LLVM does (LLVM's defaults, then the
/// string; a width without an entry takes the next larger entry's alignment, else the
/// largest's), and every width up to 256 bits must come out as here.
pub fn check_data_layout(dl: &str) -> Result<Vec<u32>, String> {
    let bad = |e: &str, why: &str| Err(format!("data layout entry '{e}': {why}"));
    let mut ints: Vec<(u32, u64)> = vec![(1, 8), (8, 8), (16, 16), (32, 32), (64, 32)];
    let mut narrow = Vec::new();
    let num = |t: &str| t.parse::<u64>().ok();
    for e in dl.split('-').filter(|e| !e.is_empty()) {
        let (head, rest) = e.split_at(1);
        let parts: Vec<&str> = rest.split(':').collect();
        match head {
            "e" if rest.is_empty() => {}
            "E" => return bad(e, "big-endian, the interpreter is little-endian"),
            "m" | "n" | "S" | "P" | "G" | "F" => {}
            "A" if num(rest) == Some(0) => {}
            "A" => return bad(e, "allocas outside address space 0"),
            "p" => {
                let space = if parts[0].is_empty() {
                    Some(0)
                } else {
                    parts[0].parse::<u32>().ok()
                };
                let (Some(space), Some(size)) = (space, parts.get(1).and_then(|t| num(t))) else {
                    return bad(e, "not a pointer specification");
                };
                let abi = parts.get(2).and_then(|t| num(t)).unwrap_or(size);
                if size != 64 || abi != 64 {
                    if space == 0 {
                        return bad(e, "pointers in address space 0 are 64-bit here");
                    }
                    narrow.push(space);
                }
            }
            "i" => {
                let (Some(w), Some(abi)) = (num(parts[0]), parts.get(1).and_then(|t| num(t)))
                else {
                    return bad(e, "not an integer specification");
                };
                let w =
                    u32::try_from(w).map_err(|_| format!("data layout entry '{e}': too wide"))?;
                ints.retain(|&(x, _)| x != w);
                ints.push((w, abi));
            }
            "f" => {
                let (Some(w), Some(abi)) = (num(parts[0]), parts.get(1).and_then(|t| num(t)))
                else {
                    return bad(e, "not a float specification");
                };
                let here = match w {
                    16 => 16,
                    32 => 32,
                    64 => 64,
                    _ => continue,
                };
                if abi != here {
                    return bad(e, &format!("f{w} is aligned to {here} bits here"));
                }
            }
            "v" => {
                let (Some(w), Some(abi)) = (num(parts[0]), parts.get(1).and_then(|t| num(t)))
                else {
                    return bad(e, "not a vector specification");
                };
                let natural = (w.div_ceil(8).max(1).next_power_of_two()) * 8;
                if abi != natural {
                    return bad(
                        e,
                        &format!("a {w}-bit vector is aligned to {natural} bits here"),
                    );
                }
            }
            "a" if matches!(parts.first().and_then(|t| num(t)), Some(0 | 8)) => {}
            "a" => return bad(e, "aggregates are aligned to their fields' alignment here"),
            _ => return bad(e, "not an entry the interpreter knows"),
        }
    }
    ints.sort();
    for w in 1..=256u32 {
        let abi = ints
            .iter()
            .find(|&&(x, _)| x >= w)
            .or(ints.last())
            .map_or(8, |&(_, a)| a);
        if abi / 8 != int_align(w) {
            return Err(format!(
                "the data layout aligns i{w} to {} bytes, the interpreter to {}",
                abi / 8,
                int_align(w)
            ));
        }
    }
    Ok(narrow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_layout_is_accepted_and_others_are_named() {
        let x86 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";
        assert_eq!(check_data_layout(x86), Ok(vec![270, 271]));
        // MLIR's default layout aligns i64 to 4 bytes (no i64 entry): refused.
        let e = check_data_layout("e").unwrap_err();
        assert!(e.contains("i33"), "{e}");
        assert!(check_data_layout("E-i64:64-i128:128")
            .unwrap_err()
            .contains("big-endian"));
        assert!(check_data_layout("e-p:32:32-i64:64-i128:128").is_err());
        assert!(check_data_layout("e-i64:64-i128:128-v128:64").is_err());
        assert!(check_data_layout("e-i64:64-i128:128-x").is_err());
    }

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
