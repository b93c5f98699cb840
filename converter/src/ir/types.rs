//! Types of both dialects in one enum, so that a module can be half lowered while
//! it is being rewritten and one printer, verifier and interpreter serve both.
//!
//! Standard-dialect types are MLIR's builtin types. The LLVM-dialect types are the
//! ones the lowering produces; today's LLVM dialect reuses builtin integers, floats
//! and 1-D vectors, so only void, pointers, structs, arrays and function types are
//! LLVM-specific. Pointers keep their pointee so that the legacy (LLVM 11) printer
//! can write typed pointers such as `float*`; the modern printer writes `!llvm.ptr`.
//! A pointer also has an address space (`float addrspace(3)*`, `!llvm.ptr<3>`): a
//! memref's memory space becomes the address space of its descriptor's pointers.

use std::fmt;
use std::sync::Arc;

/// The widest integer type the project accepts. Wider widths are rejected at parse time
/// with a located error; the interpreter models every accepted width exactly.
pub const MAX_INT_WIDTH: u32 = 128;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub enum Type {
    /// `iN`, 1 <= N <= [`MAX_INT_WIDTH`].
    Int(u32),
    Index,
    F16,
    BF16,
    F32,
    F64,
    /// `vector<AxBxT>`: a non-empty static shape of a scalar element type.
    Vector(Arc<VectorType>),
    /// A ranked `memref<...>`.
    MemRef(Arc<MemRefType>),
    /// `memref<*xT>` (memory space 0) or `memref<*xT, N>`: the element type and the
    /// memory space.
    UnrankedMemRef(Arc<Type>, u64),
    /// A builtin function type `(A, B) -> (C)`, also as the type of a function reference.
    Function(Arc<FunctionType>),
    /// `!llvm.void`, only as the result of an LLVM function type.
    LlvmVoid,
    /// An LLVM pointer: the pointee (only printed by the legacy printer) and the
    /// address space (0 is the default, printed by neither printer).
    LlvmPtr(Arc<Type>, u32),
    /// A literal (unnamed, unpacked) LLVM struct.
    LlvmStruct(Arc<[Type]>),
    /// `!llvm.array<N x T>`.
    LlvmArray(u64, Arc<Type>),
    /// An LLVM function type `!llvm.func<R (A, B)>`.
    LlvmFunc(Arc<LlvmFuncType>),
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct VectorType {
    pub shape: Vec<u64>,
    pub elem: Type,
}

/// One memref dimension: a static size or `?`.
pub type Dim = Option<u64>;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct MemRefType {
    pub shape: Vec<Dim>,
    pub elem: Type,
    pub layout: Layout,
    /// Memory space (`memref<4xf32, 1>`); 0 when absent.
    pub memory_space: u64,
}

/// A memref layout. Identity is the default row-major layout; `Strided` is
/// `offset: O, strides: [...]` (each `None` is `?`); `Affine` is an `affine_map<...>`
/// kept as written, together with the strided form it denotes when it has one.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub enum Layout {
    Identity,
    Strided(StridedLayout),
    Affine {
        /// The map as it is printed back, e.g. `(d0, d1) -> (d0 * 8 + d1 + 4)`.
        text: String,
        /// The strided form the map denotes, or `None` when it is not strided.
        strided: Option<StridedLayout>,
    },
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct StridedLayout {
    /// `None` is a dynamic (`?`) offset.
    pub offset: Option<i64>,
    /// `None` is a dynamic (`?`) stride.
    pub strides: Vec<Option<i64>>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct FunctionType {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct LlvmFuncType {
    pub result: Type,
    pub params: Vec<Type>,
    pub vararg: bool,
}

impl Type {
    pub fn i(width: u32) -> Type {
        Type::Int(width)
    }
    pub fn i1() -> Type {
        Type::Int(1)
    }
    pub fn i8() -> Type {
        Type::Int(8)
    }
    pub fn i32() -> Type {
        Type::Int(32)
    }
    pub fn i64() -> Type {
        Type::Int(64)
    }
    pub fn vector(shape: Vec<u64>, elem: Type) -> Type {
        Type::Vector(Arc::new(VectorType { shape, elem }))
    }
    pub fn memref(shape: Vec<Dim>, elem: Type) -> Type {
        Type::MemRef(Arc::new(MemRefType {
            shape,
            elem,
            layout: Layout::Identity,
            memory_space: 0,
        }))
    }
    pub fn memref_with_layout(shape: Vec<Dim>, elem: Type, layout: Layout) -> Type {
        Type::MemRef(Arc::new(MemRefType {
            shape,
            elem,
            layout,
            memory_space: 0,
        }))
    }
    pub fn unranked_memref(elem: Type) -> Type {
        Type::UnrankedMemRef(Arc::new(elem), 0)
    }
    /// `memref<*xT, N>`.
    pub fn unranked_memref_in(elem: Type, memory_space: u64) -> Type {
        Type::UnrankedMemRef(Arc::new(elem), memory_space)
    }
    pub fn function(inputs: Vec<Type>, results: Vec<Type>) -> Type {
        Type::Function(Arc::new(FunctionType { inputs, results }))
    }
    /// A pointer to `pointee` in address space 0.
    pub fn llvm_ptr(pointee: Type) -> Type {
        Type::LlvmPtr(Arc::new(pointee), 0)
    }
    /// A pointer to `pointee` in `addr_space`.
    pub fn llvm_ptr_in(pointee: Type, addr_space: u32) -> Type {
        Type::LlvmPtr(Arc::new(pointee), addr_space)
    }
    pub fn llvm_struct(fields: Vec<Type>) -> Type {
        Type::LlvmStruct(fields.into())
    }
    pub fn llvm_array(len: u64, elem: Type) -> Type {
        Type::LlvmArray(len, Arc::new(elem))
    }
    pub fn llvm_func(result: Type, params: Vec<Type>) -> Type {
        Type::LlvmFunc(Arc::new(LlvmFuncType {
            result,
            params,
            vararg: false,
        }))
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Int(_))
    }
    /// Integer or index: the operand types of integer arithmetic.
    pub fn is_int_or_index(&self) -> bool {
        matches!(self, Type::Int(_) | Type::Index)
    }
    pub fn is_float(&self) -> bool {
        matches!(self, Type::F16 | Type::BF16 | Type::F32 | Type::F64)
    }
    /// Scalars that may be vector elements or memref elements.
    pub fn is_scalar(&self) -> bool {
        self.is_int_or_index() || self.is_float()
    }
    pub fn is_memref(&self) -> bool {
        matches!(self, Type::MemRef(_) | Type::UnrankedMemRef(..))
    }
    /// The memory space of a ranked or unranked memref.
    pub fn memory_space(&self) -> Option<u64> {
        match self {
            Type::MemRef(m) => Some(m.memory_space),
            Type::UnrankedMemRef(_, s) => Some(*s),
            _ => None,
        }
    }
    /// The address space of an LLVM pointer.
    pub fn addr_space(&self) -> Option<u32> {
        match self {
            Type::LlvmPtr(_, a) => Some(*a),
            _ => None,
        }
    }
    /// The element type of a vector, or the type itself for a scalar: what
    /// element-wise ops check their operand kinds against.
    pub fn scalar_of(&self) -> &Type {
        match self {
            Type::Vector(v) => &v.elem,
            t => t,
        }
    }
    /// The bit width of an integer or float type (index: `None`, it depends on the target).
    pub fn bit_width(&self) -> Option<u32> {
        match self {
            Type::Int(w) => Some(*w),
            Type::F16 | Type::BF16 => Some(16),
            Type::F32 => Some(32),
            Type::F64 => Some(64),
            _ => None,
        }
    }
    pub fn as_memref(&self) -> Option<&MemRefType> {
        match self {
            Type::MemRef(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_vector(&self) -> Option<&VectorType> {
        match self {
            Type::Vector(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_function(&self) -> Option<&FunctionType> {
        match self {
            Type::Function(f) => Some(f),
            _ => None,
        }
    }
    /// The element type of a ranked or unranked memref.
    pub fn memref_elem(&self) -> Option<&Type> {
        match self {
            Type::MemRef(m) => Some(&m.elem),
            Type::UnrankedMemRef(e, _) => Some(e),
            _ => None,
        }
    }
    /// True for the types of the LLVM dialect proper (not the builtin types it shares).
    pub fn is_llvm_specific(&self) -> bool {
        matches!(
            self,
            Type::LlvmVoid
                | Type::LlvmPtr(..)
                | Type::LlvmStruct(_)
                | Type::LlvmArray(..)
                | Type::LlvmFunc(_)
        )
    }
}

impl VectorType {
    pub fn num_elements(&self) -> u64 {
        self.shape.iter().product()
    }
}

impl MemRefType {
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
    pub fn num_dynamic_dims(&self) -> usize {
        self.shape.iter().filter(|d| d.is_none()).count()
    }
    /// The strided form of the layout: identity layouts give the row-major strides
    /// of the static shape (dynamic where a later dimension is dynamic) and offset 0.
    /// `None` when the layout is an affine map that is not strided.
    pub fn strided_form(&self) -> Option<StridedLayout> {
        match &self.layout {
            Layout::Identity => {
                let mut strides = vec![Some(1i64); self.shape.len()];
                let mut running: Option<i64> = Some(1);
                for i in (0..self.shape.len()).rev() {
                    strides[i] = running;
                    running = match (running, self.shape[i]) {
                        (Some(r), Some(d)) => r.checked_mul(d as i64),
                        _ => None,
                    };
                }
                Some(StridedLayout {
                    offset: Some(0),
                    strides,
                })
            }
            Layout::Strided(s) => Some(s.clone()),
            Layout::Affine { strided, .. } => strided.clone(),
        }
    }
    pub fn has_identity_layout(&self) -> bool {
        matches!(self.layout, Layout::Identity)
    }
}

/// Prints the builtin syntax shared by both dialects' textual forms (`i32`,
/// `vector<4xf32>`, `memref<?x4xf32, offset: ?, strides: [4, 1]>`). LLVM-specific
/// types print in today's syntax; the legacy printer has its own function.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int(w) => write!(f, "i{w}"),
            Type::Index => f.write_str("index"),
            Type::F16 => f.write_str("f16"),
            Type::BF16 => f.write_str("bf16"),
            Type::F32 => f.write_str("f32"),
            Type::F64 => f.write_str("f64"),
            Type::Vector(v) => {
                f.write_str("vector<")?;
                for d in &v.shape {
                    write!(f, "{d}x")?;
                }
                write!(f, "{}>", v.elem)
            }
            Type::MemRef(m) => {
                f.write_str("memref<")?;
                for d in &m.shape {
                    match d {
                        Some(d) => write!(f, "{d}x")?,
                        None => f.write_str("?x")?,
                    }
                }
                write!(f, "{}", m.elem)?;
                match &m.layout {
                    Layout::Identity => {}
                    Layout::Strided(s) => write!(f, ", {s}")?,
                    Layout::Affine { text, .. } => write!(f, ", affine_map<{text}>")?,
                }
                if m.memory_space != 0 {
                    write!(f, ", {}", m.memory_space)?;
                }
                f.write_str(">")
            }
            Type::UnrankedMemRef(e, 0) => write!(f, "memref<*x{e}>"),
            Type::UnrankedMemRef(e, s) => write!(f, "memref<*x{e}, {s}>"),
            Type::Function(ft) => write!(f, "{ft}"),
            Type::LlvmVoid => f.write_str("!llvm.void"),
            Type::LlvmPtr(_, 0) => f.write_str("!llvm.ptr"),
            Type::LlvmPtr(_, a) => write!(f, "!llvm.ptr<{a}>"),
            Type::LlvmStruct(fields) => {
                f.write_str("!llvm.struct<(")?;
                for (i, t) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(")>")
            }
            Type::LlvmArray(n, t) => write!(f, "!llvm.array<{n} x {t}>"),
            Type::LlvmFunc(ft) => {
                write!(f, "!llvm.func<{} (", ft.result)?;
                for (i, t) in ft.params.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                if ft.vararg {
                    f.write_str(if ft.params.is_empty() { "..." } else { ", ..." })?;
                }
                f.write_str(")>")
            }
        }
    }
}

impl fmt::Display for StridedLayout {
    /// LLVM 11's spelling: `offset: ?, strides: [?, 1]`; but `strided<[1]>` (today's)
    /// for offset 0 and stride 1 at rank 1, which LLVM 11's spelling would make the
    /// identity map, no layout at all.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.offset == Some(0) && self.strides == [Some(1)] {
            return f.write_str("strided<[1]>");
        }
        match self.offset {
            Some(o) => write!(f, "offset: {o}, strides: [")?,
            None => f.write_str("offset: ?, strides: [")?,
        }
        for (i, s) in self.strides.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match s {
                Some(s) => write!(f, "{s}")?,
                None => f.write_str("?")?,
            }
        }
        f.write_str("]")
    }
}

impl fmt::Display for FunctionType {
    /// `(i32, f32) -> i64`, `() -> ()`, `(i32) -> (i32, i64)`; a single function-typed
    /// result is parenthesized so that the text parses back unambiguously.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, t) in self.inputs.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{t}")?;
        }
        f.write_str(") -> ")?;
        write_result_list(f, &self.results)
    }
}

/// Writes a result list as MLIR does: a lone non-function type bare, otherwise in parentheses.
pub fn write_result_list(f: &mut fmt::Formatter<'_>, results: &[Type]) -> fmt::Result {
    if results.len() == 1 && !matches!(results[0], Type::Function(_)) {
        return write!(f, "{}", results[0]);
    }
    f.write_str("(")?;
    for (i, t) in results.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    f.write_str(")")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_strides_follow_static_shape_and_stop_at_dynamic_dims() {
        let m = MemRefType {
            shape: vec![Some(2), None, Some(3), Some(4)],
            elem: Type::F32,
            layout: Layout::Identity,
            memory_space: 0,
        };
        let s = m.strided_form().unwrap();
        assert_eq!(s.offset, Some(0));
        assert_eq!(s.strides, vec![None, Some(12), Some(4), Some(1)]);
    }

    #[test]
    fn prints_builtin_types() {
        let t = Type::memref_with_layout(
            vec![None, Some(4)],
            Type::vector(vec![4], Type::F32),
            Layout::Strided(StridedLayout {
                offset: None,
                strides: vec![None, Some(1)],
            }),
        );
        assert_eq!(
            t.to_string(),
            "memref<?x4xvector<4xf32>, offset: ?, strides: [?, 1]>"
        );
        let f = Type::function(vec![Type::function(vec![], vec![])], vec![Type::i32()]);
        assert_eq!(f.to_string(), "(() -> ()) -> i32");
        assert_eq!(
            Type::unranked_memref_in(Type::F32, 3).to_string(),
            "memref<*xf32, 3>"
        );
        assert_eq!(
            Type::unranked_memref(Type::F32).to_string(),
            "memref<*xf32>"
        );
        assert_eq!(Type::llvm_ptr_in(Type::F32, 3).to_string(), "!llvm.ptr<3>");
        assert_eq!(Type::llvm_ptr(Type::F32).to_string(), "!llvm.ptr");
    }
}
