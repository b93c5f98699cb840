//! Run-time values of the LLVM dialect: integers (held sign-extended from their
//! width, as `interp::ints` does), float bits, pointers with provenance, aggregates
//! (structs, arrays and vectors alike, as their elements) and LangRef's poison and
//! undef, which are values here, not guesses: they propagate through arithmetic and
//! become undefined behaviour only where LangRef says so (a branch on them, an address
//! made of them, a divisor).

use converter::ir::Type;
use std::rc::Rc;

/// A pointer: its address and the allocation it may access (its provenance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ptr {
    pub addr: u64,
    /// The allocation, or [`NO_PROV`] (null, or an address no allocation contains).
    pub prov: u32,
}

/// The provenance of a pointer that may access nothing.
pub const NO_PROV: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// An integer, sign-extended from its type's width (i1 true is -1).
    Int(i128),
    /// The bits of a float in the low bits.
    Float(u64),
    Ptr(Ptr),
    /// The elements of a struct, array or vector.
    Agg(Rc<[Val]>),
    Poison,
    Undef,
}

impl Val {
    /// Poison or undef: a value that is not one definite bit pattern.
    pub fn is_indeterminate(&self) -> bool {
        matches!(self, Val::Poison | Val::Undef)
    }

    /// True when some leaf of the value is poison or undef.
    pub fn has_indeterminate(&self) -> bool {
        match self {
            Val::Agg(xs) => xs.iter().any(Val::has_indeterminate),
            v => v.is_indeterminate(),
        }
    }

    pub fn agg(xs: Vec<Val>) -> Val {
        Val::Agg(Rc::from(xs))
    }
}

/// A value of type `t` whose every leaf is `leaf` (poison, undef).
pub fn filled(t: &Type, leaf: &Val) -> Val {
    match t {
        Type::LlvmStruct(fs) => Val::agg(fs.iter().map(|f| filled(f, leaf)).collect()),
        Type::LlvmArray(n, e) => Val::agg((0..*n).map(|_| filled(e, leaf)).collect()),
        Type::Vector(v) => Val::agg((0..v.num_elements()).map(|_| leaf.clone()).collect()),
        _ => leaf.clone(),
    }
}

/// `llvm.mlir.zero` of type `t`.
pub fn zero(t: &Type) -> Val {
    match t {
        Type::LlvmStruct(fs) => Val::agg(fs.iter().map(zero).collect()),
        Type::LlvmArray(n, e) => Val::agg((0..*n).map(|_| zero(e)).collect()),
        Type::Vector(v) => Val::agg((0..v.num_elements()).map(|_| zero(&v.elem)).collect()),
        Type::F16 | Type::BF16 | Type::F32 | Type::F64 => Val::Float(0),
        Type::LlvmPtr(..) => Val::Ptr(Ptr {
            addr: 0,
            prov: NO_PROV,
        }),
        _ => Val::Int(0),
    }
}

/// The bit width of an integer type (index: 64).
pub fn int_width(t: &Type) -> u32 {
    match t {
        Type::Int(w) => *w,
        _ => 64,
    }
}
