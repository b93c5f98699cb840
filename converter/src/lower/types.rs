//! The type converter: every Standard -> LLVM type rule lives here (scalars, index,
//! vectors, memref descriptors, function types and the memref calling convention's
//! argument expansion), so no other part of the lowering builds an LLVM type by hand.
//!
//! A memref's memory space becomes the address space of the pointers to its elements
//! (the descriptor's `allocated` and `aligned` fields, their expanded arguments), as in
//! LLVM 11 and today's MLIR; the unranked descriptor's pointer to the ranked descriptor
//! stays in address space 0 (the ranked descriptor itself lives in ordinary memory).

use crate::ir::{FunctionType, MemRefType, Type};
use std::sync::Arc;

/// Converts Standard types to LLVM-dialect types for one index bit width.
#[derive(Clone, Debug)]
pub struct TypeConverter {
    index_bits: u32,
    /// LLVM 11's `use-bare-ptr-memref-call-conv`: memref arguments in signatures (and in
    /// the function types of function-typed values) are bare pointers to their element;
    /// results are not affected.
    bare_ptr: bool,
    /// `{i64, ptr<i8>}`, built once.
    unranked: Type,
}

/// The message of the spec's `bf16` note, as a located error reports it.
pub const BF16_UNSUPPORTED: &str = "bf16 is not supported by the LLVM dialect conversion";

impl TypeConverter {
    pub fn new(index_bits: u32) -> TypeConverter {
        TypeConverter {
            index_bits,
            bare_ptr: false,
            unranked: Type::llvm_struct(vec![Type::i64(), Type::llvm_ptr(Type::i8())]),
        }
    }

    /// The same converter under the bare pointer calling convention (or not).
    pub fn with_bare_ptr(mut self, bare_ptr: bool) -> TypeConverter {
        self.bare_ptr = bare_ptr;
        self
    }

    /// Whether memrefs in signatures are bare pointers.
    pub fn bare_ptr(&self) -> bool {
        self.bare_ptr
    }

    /// The pointer a memref of type `t` is passed as under the bare pointer calling
    /// convention: LLVM 11 (and MLIR 22) accept memrefs with a static shape and a
    /// strided layout whose strides and offset are all static; anything else in a
    /// signature (dynamic sizes, strides or offset, unranked memrefs) is an error.
    pub fn bare_ptr_type(&self, t: &Type) -> Result<Type, String> {
        let bad = |why: &str| {
            Err(format!(
                "cannot pass '{t}' under the bare pointer calling convention: {why}"
            ))
        };
        match t {
            Type::MemRef(m) => {
                if m.shape.iter().any(Option::is_none) {
                    return bad("its shape is not static");
                }
                match m.strided_form() {
                    Some(l) if l.offset.is_some() && l.strides.iter().all(Option::is_some) => Ok(
                        Type::llvm_ptr_in(self.memref_elem(m)?, addr_space(m.memory_space)?),
                    ),
                    Some(_) => bad("its layout has a dynamic stride or offset"),
                    None => bad("its layout is not strided"),
                }
            }
            Type::UnrankedMemRef(..) => bad("unranked memrefs have no bare pointer form"),
            _ => self.convert(t),
        }
    }

    /// The integer type `index` lowers to.
    pub fn index(&self) -> Type {
        Type::Int(self.index_bits)
    }

    pub fn index_bits(&self) -> u32 {
        self.index_bits
    }

    /// Converts a value type. Errors are plain messages; callers attach the location.
    pub fn convert(&self, t: &Type) -> Result<Type, String> {
        match t {
            Type::Int(_) | Type::F16 | Type::F32 | Type::F64 => Ok(t.clone()),
            Type::Index => Ok(self.index()),
            Type::BF16 => Err(BF16_UNSUPPORTED.to_string()),
            Type::Vector(v) => {
                let elem = self.convert(&v.elem)?;
                let last = *v.shape.last().unwrap_or(&1);
                let mut ty = Type::vector(vec![last], elem);
                for &d in v.shape.iter().rev().skip(1) {
                    ty = Type::llvm_array(d, ty);
                }
                Ok(ty)
            }
            Type::MemRef(m) => self.memref_descriptor(m),
            Type::UnrankedMemRef(e, s) => {
                self.convert(e)?;
                addr_space(*s)?;
                Ok(self.unranked.clone())
            }
            Type::Function(f) => Ok(Type::llvm_ptr(self.func_type(f)?)),
            Type::LlvmVoid
            | Type::LlvmPtr(..)
            | Type::LlvmStruct(_)
            | Type::LlvmArray(..)
            | Type::LlvmFunc(_) => Ok(t.clone()),
        }
    }

    /// The unranked descriptor `{i64, ptr<i8>}`.
    pub fn unranked_descriptor(&self) -> Type {
        self.unranked.clone()
    }

    /// The converted element type of a memref (the pointee of its descriptor's pointers).
    pub fn memref_elem(&self, m: &MemRefType) -> Result<Type, String> {
        self.convert(&m.elem)
    }

    /// The pointer to a memref's converted elements, in its memory space.
    pub fn memref_elem_ptr(&self, m: &MemRefType) -> Result<Type, String> {
        Ok(Type::llvm_ptr_in(
            self.memref_elem(m)?,
            addr_space(m.memory_space)?,
        ))
    }

    /// The pointer to the converted elements of a ranked or unranked memref type, in
    /// its memory space.
    pub fn elem_ptr(&self, t: &Type) -> Result<Type, String> {
        match (t.memref_elem(), t.memory_space()) {
            (Some(e), Some(s)) => Ok(Type::llvm_ptr_in(self.convert(e)?, addr_space(s)?)),
            _ => Err(format!("expected a memref type, got {t}")),
        }
    }

    /// `{ptr<T>, ptr<T>, index, array<rank x index>, array<rank x index>}` (rank 0: the
    /// first three fields). Rejects layouts that are not strided.
    pub fn memref_descriptor(&self, m: &MemRefType) -> Result<Type, String> {
        if m.strided_form().is_none() {
            return Err(format!(
                "cannot lower memref type '{}': its layout is not strided",
                Type::MemRef(Arc::new(m.clone()))
            ));
        }
        let ptr = self.memref_elem_ptr(m)?;
        let mut fields = vec![ptr.clone(), ptr, self.index()];
        if m.rank() > 0 {
            let arr = Type::llvm_array(m.rank() as u64, self.index());
            fields.push(arr.clone());
            fields.push(arr);
        }
        Ok(Type::llvm_struct(fields))
    }

    /// The argument types one value of type `t` becomes under the calling convention:
    /// a ranked memref expands to its scalar fields (allocated, aligned, offset,
    /// sizes..., strides...), an unranked one to (i64 rank, ptr<i8>), others to one type.
    pub fn expanded_arg_types(&self, t: &Type) -> Result<Vec<Type>, String> {
        if self.bare_ptr {
            return Ok(vec![self.bare_ptr_type(t)?]);
        }
        match t {
            Type::MemRef(m) => {
                self.memref_descriptor(m)?;
                let ptr = self.memref_elem_ptr(m)?;
                let mut v = vec![ptr.clone(), ptr, self.index()];
                for _ in 0..2 * m.rank() {
                    v.push(self.index());
                }
                Ok(v)
            }
            Type::UnrankedMemRef(..) => {
                self.convert(t)?;
                Ok(vec![Type::i64(), Type::llvm_ptr(Type::i8())])
            }
            _ => Ok(vec![self.convert(t)?]),
        }
    }

    /// The single LLVM result type of a function with these results: void, the one
    /// converted type, or a struct of the converted types. The bare pointer calling
    /// convention does not change results: LLVM 11 applied it to arguments only, so a
    /// memref result stays its full descriptor, whatever its shape and layout (MLIR 22
    /// returns a pointer instead; `docs/upstream-differences.md`).
    pub fn func_result(&self, results: &[Type]) -> Result<Type, String> {
        let one = |t: &Type| self.convert(t);
        match results {
            [] => Ok(Type::LlvmVoid),
            [t] => one(t),
            many => Ok(Type::llvm_struct(
                many.iter().map(one).collect::<Result<Vec<_>, _>>()?,
            )),
        }
    }

    /// The LLVM function type of a Standard function type under the calling
    /// convention (memref arguments expanded). Function-typed values point to it.
    pub fn func_type(&self, f: &FunctionType) -> Result<Type, String> {
        let mut params = Vec::with_capacity(f.inputs.len());
        for t in &f.inputs {
            params.extend(self.expanded_arg_types(t)?);
        }
        Ok(Type::llvm_func(self.func_result(&f.results)?, params))
    }
}

/// The LLVM address space of a memory space: LLVM IR has 24 bits for it.
pub fn addr_space(memory_space: u64) -> Result<u32, String> {
    u32::try_from(memory_space)
        .ok()
        .filter(|&a| a <= crate::verify::MAX_ADDR_SPACE)
        .ok_or_else(|| {
            format!(
                "memory space {memory_space} is not an LLVM address space (at most {})",
                crate::verify::MAX_ADDR_SPACE
            )
        })
}

/// The type of field `pos` of an aggregate (struct or array), if it has one.
pub fn field_type(agg: &Type, pos: &[i64]) -> Option<Type> {
    let mut t = agg.clone();
    for &p in pos {
        t = match &t {
            Type::LlvmStruct(fields) => fields.get(usize::try_from(p).ok()?)?.clone(),
            Type::LlvmArray(n, e) if (p as u64) < *n && p >= 0 => (**e).clone(),
            _ => return None,
        };
    }
    Some(t)
}

/// The largest alignment (bytes) `malloc` guarantees on the targets stdlower runs on.
pub const MALLOC_ALIGNMENT: u64 = 16;

/// The natural (ABI) alignment of a converted memref element when it exceeds what
/// `malloc` guarantees: vectors wider than 16 bytes (their alignment is their size
/// rounded up to a power of two, as LLVM's default data layouts give), also inside the
/// arrays that n-D vectors convert to (an array is aligned as its element).
pub fn over_aligned(elem: &Type) -> Option<u64> {
    match elem {
        Type::Vector(v) => {
            let bits = v.elem.bit_width().unwrap_or(64) as u64 * v.num_elements();
            let bytes = bits.div_ceil(8).next_power_of_two();
            (bytes > MALLOC_ALIGNMENT).then_some(bytes)
        }
        Type::LlvmArray(_, inner) => over_aligned(inner),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Layout, StridedLayout};

    #[test]
    fn scalars_index_and_bf16() {
        let c = TypeConverter::new(64);
        assert_eq!(c.convert(&Type::Int(17)), Ok(Type::Int(17)));
        assert_eq!(c.convert(&Type::Index), Ok(Type::i64()));
        assert_eq!(
            TypeConverter::new(32).convert(&Type::Index),
            Ok(Type::i32())
        );
        assert_eq!(c.convert(&Type::BF16), Err(BF16_UNSUPPORTED.to_string()));
        assert!(c.convert(&Type::vector(vec![2], Type::BF16)).is_err());
    }

    #[test]
    fn wide_vectors_are_over_aligned_also_inside_nd_arrays() {
        let v8xf64 = Type::vector(vec![8], Type::F64);
        assert_eq!(over_aligned(&v8xf64), Some(64));
        assert_eq!(over_aligned(&Type::llvm_array(2, v8xf64)), Some(64));
        assert_eq!(over_aligned(&Type::vector(vec![4], Type::F32)), None);
        assert_eq!(over_aligned(&Type::F64), None);
    }

    #[test]
    fn nd_vectors_become_arrays_of_1d_vectors() {
        let c = TypeConverter::new(64);
        let t = c.convert(&Type::vector(vec![4, 8, 16], Type::F32)).unwrap();
        assert_eq!(
            t,
            Type::llvm_array(4, Type::llvm_array(8, Type::vector(vec![16], Type::F32)))
        );
    }

    #[test]
    fn memref_descriptors() {
        let c = TypeConverter::new(64);
        let d = c.convert(&Type::memref(vec![], Type::F32)).unwrap();
        let p = Type::llvm_ptr(Type::F32);
        assert_eq!(
            d,
            Type::llvm_struct(vec![p.clone(), p.clone(), Type::i64()])
        );
        let d = c
            .convert(&Type::memref(
                vec![Some(1), None],
                Type::vector(vec![4], Type::F32),
            ))
            .unwrap();
        let vp = Type::llvm_ptr(Type::vector(vec![4], Type::F32));
        let a = Type::llvm_array(2, Type::i64());
        assert_eq!(
            d,
            Type::llvm_struct(vec![vp.clone(), vp, Type::i64(), a.clone(), a])
        );
        assert_eq!(
            c.convert(&Type::unranked_memref(Type::F32)).unwrap(),
            Type::llvm_struct(vec![Type::i64(), Type::llvm_ptr(Type::i8())])
        );
        let bad = Type::memref_with_layout(
            vec![Some(4)],
            Type::F32,
            Layout::Affine {
                text: "(d0) -> (d0 floordiv 2)".into(),
                strided: None,
            },
        );
        assert!(c.convert(&bad).unwrap_err().contains("not strided"));
        let strided = Type::memref_with_layout(
            vec![Some(4)],
            Type::F32,
            Layout::Strided(StridedLayout {
                offset: None,
                strides: vec![Some(2)],
            }),
        );
        assert!(c.convert(&strided).is_ok());
    }

    #[test]
    fn function_types() {
        let c = TypeConverter::new(64);
        let unit = Type::function(vec![], vec![]);
        let f = c
            .convert(&Type::function(vec![unit.clone()], vec![unit]))
            .unwrap();
        let vp = Type::llvm_ptr(Type::llvm_func(Type::LlvmVoid, vec![]));
        assert_eq!(f, Type::llvm_ptr(Type::llvm_func(vp.clone(), vec![vp])));
        let two = c
            .func_type(&FunctionType {
                inputs: vec![Type::i32(), Type::memref(vec![None], Type::F32)],
                results: vec![Type::i64(), Type::F64],
            })
            .unwrap();
        let Type::LlvmFunc(ft) = two else { panic!() };
        assert_eq!(ft.params.len(), 6);
        assert_eq!(ft.result, Type::llvm_struct(vec![Type::i64(), Type::F64]));
    }

    #[test]
    fn over_alignment_of_wide_vectors() {
        assert_eq!(over_aligned(&Type::vector(vec![4], Type::F32)), None);
        assert_eq!(over_aligned(&Type::vector(vec![8], Type::F32)), Some(32));
        assert_eq!(over_aligned(&Type::vector(vec![3], Type::F64)), Some(32));
    }
}
