//! The in-memory IR shared by every part of stdlower: arena-based function bodies,
//! types and attributes of both the Standard and the LLVM dialect, and builders.

pub mod attr;
pub mod body;
pub mod module;
pub mod ops;
pub mod types;

pub use attr::{sign_extend, Attribute, DenseValues, NamedAttr};
pub use body::{
    BlockData, BlockId, Body, Builder, NewOp, OpData, OpId, Successor, ValueData, ValueDef, ValueId,
};
pub use module::{AttrDicts, Func, FuncKind, Module};
pub use ops::{LlvmOp, OpClass, OpKind, StdOp, CMPF_PREDICATES, CMPI_PREDICATES};
pub use types::{
    Dim, FunctionType, Layout, LlvmFuncType, MemRefType, StridedLayout, Type, VectorType,
    MAX_INT_WIDTH,
};
