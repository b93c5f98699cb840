//! The C interface every `_mlir_ciface_` wrapper must have, derived from the *Standard*
//! signature alone, and the check that the lowered module's wrappers have it.
//!
//! The rules are written again here from the spec (`ConversionToLLVMDialect.md`:
//! "Memref Types", "Function Types", "C-compatible wrapper emission") and from MLIR's
//! `CRunnerUtils.h` (`StridedMemRefType<T, N>`: `T *basePtr, *data; int64_t offset,
//! sizes[N], strides[N]`; `UnrankedMemRefType<T>`: `int64_t rank; void *descriptor`),
//! sharing nothing with the converter's lowering (no type converter, no wrapper or
//! descriptor code), so that a converter that changes the wrapper's ABI disagrees with
//! this expectation instead of defining it:
//!
//! - `iN`, `f16`, `f32`, `f64` are themselves; `index` is the index-width integer;
//!   `vector<AxBxT>` is `[A x <B x T>]`; `bf16` has no conversion.
//! - A ranked memref's descriptor is `{T*, T*, iX, [r x iX], [r x iX]}` (rank 0: the
//!   first three fields), `iX` the index width, the two pointers in the memref's memory
//!   space (`memref<4xf32, 1>`: `float addrspace(1)*`).
//! - An unranked memref's descriptor is `{i64, i8*}`.
//! - The wrapper takes each memref as a pointer (address space 0: the descriptor lives
//!   in the caller's memory) to its descriptor, every other argument by value, a
//!   function-typed one as a pointer to its lowered function type (memref arguments
//!   expanded to their fields, as the calling convention does).
//! - Results: none is `void`, one is its own type, several are a struct of their types;
//!   when that is a struct (several results, or one memref), it is stored through a
//!   pointer passed as the first argument and the wrapper returns `void` (as MLIR does
//!   since LLVM 12; LLVM 11 returned it by value, which C cannot call portably).

use converter::ir::{Func, FunctionType, MemRefType, Module, Type};
use jit::cabi::{AbiType, CInterface, CParam};

/// The prefix of wrapper names.
pub const PREFIX: &str = "_mlir_ciface_";

/// Why a type has no ABI type here.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AbiTypeError {
    #[error("bf16 has no LLVM conversion")]
    Bf16,
    #[error("a vector without a shape")]
    NoShape,
    #[error("{0} is not a Standard value type")]
    NotStandard(Type),
    #[error("a memref layout that is not strided has no descriptor")]
    NotStrided,
    #[error("memory space {0} is too large")]
    SpaceTooLarge(u64),
    /// A lowered module's type that is no LLVM type.
    #[error("{0}")]
    NotLlvm(Type),
}

/// The LLVM type a Standard value type converts to.
pub fn value_type(t: &Type, index_bits: u32) -> Result<AbiType, AbiTypeError> {
    Ok(match t {
        Type::Int(w) => AbiType::Int(*w),
        Type::Index => AbiType::Int(index_bits),
        Type::F16 => AbiType::Half,
        Type::F32 => AbiType::Float,
        Type::F64 => AbiType::Double,
        Type::BF16 => return Err(AbiTypeError::Bf16),
        Type::Vector(v) => {
            let (last, outer) = v.shape.split_last().ok_or(AbiTypeError::NoShape)?;
            let mut ty = AbiType::Vector(*last, Box::new(value_type(&v.elem, index_bits)?));
            for &d in outer.iter().rev() {
                ty = AbiType::Array(d, Box::new(ty));
            }
            ty
        }
        Type::MemRef(m) => descriptor(m, index_bits)?,
        // The unranked descriptor's pointer is in address space 0 whatever the memory
        // space of the memref behind it (MLIR 22 does the same).
        Type::UnrankedMemRef(e, _) => {
            value_type(e, index_bits)?;
            unranked_descriptor()
        }
        Type::Function(f) => AbiType::ptr(0, lowered_function(f, index_bits)?),
        t => return Err(AbiTypeError::NotStandard(t.clone())),
    })
}

/// The ranked descriptor of `m`.
pub fn descriptor(m: &MemRefType, index_bits: u32) -> Result<AbiType, AbiTypeError> {
    if m.strided_form().is_none() {
        return Err(AbiTypeError::NotStrided);
    }
    let space =
        u32::try_from(m.memory_space).map_err(|_| AbiTypeError::SpaceTooLarge(m.memory_space))?;
    let ptr = AbiType::ptr(space, value_type(&m.elem, index_bits)?);
    let index = AbiType::Int(index_bits);
    let mut fields = vec![ptr.clone(), ptr, index.clone()];
    let rank = m.rank() as u64;
    if rank > 0 {
        fields.push(AbiType::Array(rank, Box::new(index.clone())));
        fields.push(AbiType::Array(rank, Box::new(index)));
    }
    Ok(AbiType::Struct(fields))
}

/// `{i64, i8*}`: the rank and a type-erased pointer to a ranked descriptor.
pub fn unranked_descriptor() -> AbiType {
    AbiType::Struct(vec![AbiType::Int(64), AbiType::ptr(0, AbiType::Int(8))])
}

/// The results packed into one value: void, the one type, or a struct.
fn packed(results: &[Type], index_bits: u32) -> Result<AbiType, AbiTypeError> {
    Ok(match results {
        [] => AbiType::Void,
        [one] => value_type(one, index_bits)?,
        many => AbiType::Struct(
            many.iter()
                .map(|t| value_type(t, index_bits))
                .collect::<Result<_, _>>()?,
        ),
    })
}

/// The function type of a lowered (not wrapped) function: memref arguments expanded
/// to their descriptor fields, unranked ones to rank and pointer.
fn lowered_function(f: &FunctionType, index_bits: u32) -> Result<AbiType, AbiTypeError> {
    let mut params = Vec::new();
    for t in &f.inputs {
        match value_type(t, index_bits)? {
            AbiType::Struct(fields) if t.is_memref() => {
                for field in fields {
                    match field {
                        AbiType::Array(n, e) => params.extend((0..n).map(|_| (*e).clone())),
                        field => params.push(field),
                    }
                }
            }
            v => params.push(v),
        }
    }
    Ok(AbiType::Func {
        result: Box::new(packed(&f.results, index_bits)?),
        params,
    })
}

/// The C interface of the wrapper of a function of Standard type `f`.
pub fn c_interface(f: &FunctionType, index_bits: u32) -> Result<CInterface, AbiTypeError> {
    let params = f
        .inputs
        .iter()
        .map(|t| {
            let v = value_type(t, index_bits)?;
            Ok(if t.is_memref() {
                CParam::Descriptor { space: 0, desc: v }
            } else {
                CParam::Value(v)
            })
        })
        .collect::<Result<Vec<_>, AbiTypeError>>()?;
    let results = packed(&f.results, index_bits)?;
    let by_pointer = matches!(results, AbiType::Struct(_));
    Ok(CInterface {
        params,
        results,
        results_by_pointer: by_pointer.then_some(0),
    })
}

/// A lowered module's LLVM type, read as an [`AbiType`] (`Err`: it is no LLVM type).
pub fn of_lowered(t: &Type) -> Result<AbiType, AbiTypeError> {
    let list = |ts: &[Type]| ts.iter().map(of_lowered).collect::<Result<Vec<_>, _>>();
    Ok(match t {
        Type::Int(w) => AbiType::Int(*w),
        Type::F16 => AbiType::Half,
        Type::BF16 => AbiType::BFloat,
        Type::F32 => AbiType::Float,
        Type::F64 => AbiType::Double,
        Type::Vector(v) if v.shape.len() == 1 => {
            AbiType::Vector(v.shape[0], Box::new(of_lowered(&v.elem)?))
        }
        Type::LlvmVoid => AbiType::Void,
        // The converter's pointers have no address space yet: all are in space 0.
        Type::LlvmPtr(p, space) => AbiType::ptr(*space, of_lowered(p)?),
        Type::LlvmStruct(fs) => AbiType::Struct(list(fs)?),
        Type::LlvmArray(n, e) => AbiType::Array(*n, Box::new(of_lowered(e)?)),
        Type::LlvmFunc(f) if !f.vararg => AbiType::Func {
            result: Box::new(of_lowered(&f.result)?),
            params: list(&f.params)?,
        },
        t => return Err(AbiTypeError::NotLlvm(t.clone())),
    })
}

/// The functions of the Standard module that must have a C wrapper: those with
/// `llvm.emit_c_interface`, or all of them when the lowering was asked to emit the C
/// interface for every function.
fn wants_wrapper(f: &Func, all: bool) -> bool {
    f.std_type().is_some() && (all || f.has_attr("llvm.emit_c_interface"))
}

/// Checks the wrappers of `lowered` (the lowering of `std` with `index_bits`, with
/// the C interface for every function when `all`) against the expectation: every
/// function that must have one has `_mlir_ciface_NAME` (defined when the function is;
/// a declaration, and the function given a body that calls it, when the function is
/// external) of exactly the expected type and with external linkage, and no other
/// function got one. `Err` describes the first difference.
pub fn check_wrappers(
    std: &Module,
    lowered: &Module,
    index_bits: u32,
    all: bool,
) -> Result<(), String> {
    for f in &std.funcs {
        let Some(ft) = f.std_type() else { continue };
        let name = format!("{PREFIX}{}", f.name);
        if std.func(&name).is_some() {
            continue; // the Standard module defines a function of that name itself
        }
        let w = lowered.func(&name);
        if !wants_wrapper(f, all) {
            if w.is_some() {
                return Err(format!(
                    "@{name} exists, but @{} asks for no C interface",
                    f.name
                ));
            }
            continue;
        }
        let Ok(want) = c_interface(ft, index_bits) else {
            continue; // no conversion (bf16, a layout that is not strided): lowering fails
        };
        let want = want.fn_type();
        let Some(w) = w else {
            return Err(format!(
                "@{} has llvm.emit_c_interface but the lowered module has no @{name} \
                 (expected of type {want})",
                f.name
            ));
        };
        let got = of_lowered(&w.ty);
        if got.as_ref() != Ok(&want) {
            let got = match got {
                Ok(t) => t.to_string(),
                Err(_) => w.ty.to_string(),
            };
            return Err(format!(
                "@{name}, the C wrapper of @{} : {}, has the wrong type:\n  expected: \
                 {want}\n  lowered:  {got}",
                f.name, f.ty
            ));
        }
        if let Some(l) = linkage_problem(w) {
            return Err(format!("@{name} {l}"));
        }
        match (f.is_external(), w.body.is_some()) {
            (false, false) => {
                return Err(format!(
                    "@{name} is only a declaration, but @{} is defined: C calls the \
                     wrapper, so it must be defined",
                    f.name
                ))
            }
            (true, true) => {
                return Err(format!(
                    "@{name} is defined, but @{} is external: the wrapper must be \
                     declared, for C to implement",
                    f.name
                ))
            }
            (true, false) if lowered.func(&f.name).is_none_or(|g| g.body.is_none()) => {
                return Err(format!(
                    "@{} is external with a C interface: its lowering must be given a \
                     body that calls @{name}",
                    f.name
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Why `w` is not visible to C (a linkage or visibility other than the default).
fn linkage_problem(w: &Func) -> Option<String> {
    use converter::ir::Attribute;
    for a in &w.attrs {
        let text = match &a.value {
            Attribute::Str(s) => s.clone(),
            v => {
                let mut t = String::new();
                converter::syntax::printer::write_attr(&mut t, v);
                t
            }
        };
        let external = text.contains("external") && !text.contains("extern_weak");
        if a.name == "linkage" && !external {
            return Some(format!("has linkage {text}, not external"));
        }
        if a.name == "sym_visibility" && text != "public" {
            return Some(format!("has visibility {text}, not public"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ft(text: &str) -> FunctionType {
        let src = format!("func @f{text}\n");
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).expect("parses");
        m.funcs[0].std_type().expect("a function type").clone()
    }

    fn wrapper(sig: &str, index_bits: u32) -> String {
        c_interface(&ft(sig), index_bits)
            .map(|c| c.fn_type().to_string())
            .unwrap_or_else(|e| format!("error: {e}"))
    }

    /// The spec's examples of the C interface, and the result and index-width rules.
    #[test]
    fn wrapper_types_follow_the_spec() {
        assert_eq!(
            wrapper("(memref<?x?xf32>)", 64),
            "void ({float*, float*, i64, [2 x i64], [2 x i64]}*)"
        );
        assert_eq!(wrapper("(i32, f32) -> i64", 64), "i64 (i32, float)");
        assert_eq!(
            wrapper("(i32, f32) -> (i64, f64)", 64),
            "void ({i64, double}*, i32, float)"
        );
        assert_eq!(
            wrapper("(memref<f16>, index) -> memref<3xi8>", 32),
            "void ({i8*, i8*, i32, [1 x i32], [1 x i32]}*, {half*, half*, i32}*, i32)"
        );
        assert_eq!(
            wrapper("(memref<*xi1>) -> memref<*xf64>", 64),
            "void ({i64, i8*}*, {i64, i8*}*)"
        );
        assert_eq!(
            wrapper(
                "(vector<2x3xf32>, (memref<?xi32>) -> ()) -> vector<4xi8>",
                64
            ),
            "<4 x i8> ([2 x <3 x float>], void (i32*, i32*, i64, i64, i64)*)"
        );
        assert_eq!(
            wrapper("(memref<4xf32, 3>) -> ()", 64),
            "void ({float addrspace(3)*, float addrspace(3)*, i64, [1 x i64], [1 x i64]}*)"
        );
        assert!(wrapper("(bf16)", 64).starts_with("error"));
    }
}
