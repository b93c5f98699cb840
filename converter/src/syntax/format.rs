//! The custom-syntax format of each Standard op, which the parser (`parse_custom`),
//! the printer (`custom_ok`, `print_custom`) and the exporter (`op`) dispatch on. Ops
//! of the regular classes of the description table (`OpClass`) share their class's
//! format, so that a new op of an existing class needs no syntax code; the ops of class
//! `Other` and `Terminator` have a format each.

use crate::ir::{OpClass, OpKind, StdOp};

/// How a Standard op is written (LLVM 11's custom syntax; the exporter writes the
/// upstream op of the same shape).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Format {
    /// `constant {attrs} VALUE [: T]`.
    Constant,
    /// `op %a, %b {attrs} : T` (classes `IntBinary`, `FloatBinary`).
    Binary,
    /// `op %a {attrs} : T` with a result of type `T` (class `FloatUnary`).
    Unary,
    /// `rank %m {attrs} : T`, an index result.
    Rank,
    /// `dealloc %m {attrs} : T`, no result.
    Dealloc,
    /// `op "pred", %a, %b {attrs} : T` (class `Compare`).
    Compare,
    /// `select %c, %a, %b {attrs} : T` (or `: C, T` for a vector condition).
    Select,
    /// `op %a {attrs} : T to U` (class `Cast`, and `memref_cast`).
    Cast,
    /// `alloc(%d...)[%s...] {attrs} : T` (and `alloca`).
    Alloc,
    /// `load %m[%i...] {attrs} : T`.
    Load,
    /// `extract_element %v[%i...] {attrs} : T`.
    ExtractElement,
    /// `store %v, %m[%i...] {attrs} : T`.
    Store,
    /// `dim %m, N {attrs} : T` or `dim %m, %i : T`.
    Dim,
    /// `splat %a {attrs} : T`.
    Splat,
    /// `br ^bb(%a : T)`.
    Br,
    /// `cond_br %c, ^t(...), ^f(...)`.
    CondBr,
    /// `call @f(%a...) {attrs} : (T...) -> R`.
    Call,
    /// `call_indirect %f(%a...) {attrs} : T`.
    CallIndirect,
    /// `return {attrs} %a... : T...`.
    Return,
}

/// The custom format of `k`; `None` for LLVM and unregistered ops (which have
/// none) and for a Standard op of class `Other` or `Terminator` that has no format yet
/// (the test below asks for one).
pub(crate) fn format(k: OpKind) -> Option<Format> {
    let op = k.std()?;
    Some(match k.class() {
        OpClass::IntBinary | OpClass::FloatBinary => Format::Binary,
        OpClass::FloatUnary => Format::Unary,
        OpClass::Cast => Format::Cast,
        OpClass::Compare => Format::Compare,
        OpClass::Terminator
        | OpClass::Other
        | OpClass::FloatIntrinsic1
        | OpClass::FloatIntrinsic2 => own_format(op)?,
    })
}

/// The formats of the Standard ops that are not in a regular class.
fn own_format(op: StdOp) -> Option<Format> {
    use StdOp as S;
    Some(match op {
        S::Constant => Format::Constant,
        S::Rank => Format::Rank,
        S::Dealloc => Format::Dealloc,
        S::Select => Format::Select,
        S::MemRefCast => Format::Cast,
        S::Alloc | S::Alloca => Format::Alloc,
        S::Load => Format::Load,
        S::ExtractElement => Format::ExtractElement,
        S::Store => Format::Store,
        S::Dim => Format::Dim,
        S::Splat => Format::Splat,
        S::Br => Format::Br,
        S::CondBr => Format::CondBr,
        S::Call => Format::Call,
        S::CallIndirect => Format::CallIndirect,
        S::Return => Format::Return,
        // The regular classes, whose format `format` gives by class.
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every Standard op has a custom format (a new op of class `Other` needs an arm
    /// in `own_format`, and then one in the parser, the printer and the exporter, which
    /// match `Format` exhaustively); LLVM ops have none.
    #[test]
    fn every_standard_op_has_a_format() {
        for &k in OpKind::ALL {
            assert_eq!(format(k).is_some(), k.is_std(), "{k}");
        }
        assert_eq!(format(OpKind::Unregistered), None);
        assert_eq!(format(OpKind::CeilF), Some(Format::Unary));
        assert_eq!(format(OpKind::MemRefCast), Some(Format::Cast));
    }
}
