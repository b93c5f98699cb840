//! The operations stdlower knows, of both dialects, as one `Copy` enum so that every
//! pass dispatches with a `match` rather than string comparisons. Ops of other dialects
//! are `Unregistered` and keep their name in the operation itself.
//!
//! Attribute conventions (names as upstream MLIR uses them):
//! - Standard: `constant` has `value`; `cmpi`/`cmpf` have `predicate` (a string here,
//!   as LLVM 11 writes it); `call` has `callee` (a symbol); `alloc`/`alloca` may have
//!   `alignment`; `dim` with a constant index has `index` (an index attribute).
//! - LLVM: `llvm.mlir.constant` has `value`; `llvm.icmp`/`llvm.fcmp` have `predicate`
//!   (string); `llvm.insertvalue`/`llvm.extractvalue` have `position` (array of ints);
//!   `llvm.call` has `callee` for direct calls (otherwise operand 0 is the function
//!   pointer) and `callee_type` (the `LlvmFunc` type); `llvm.getelementptr` has
//!   `elem_type` (type) and `indices` (array of ints, where `i64::MIN` marks the next
//!   dynamic index operand after the base); `llvm.load`/`llvm.alloca` have
//!   `elem_type`; `llvm.alloca`/`llvm.load`/`llvm.store` may have `alignment`;
//!   `llvm.mlir.addressof` has `global_name` (symbol); `llvm.shufflevector` has `mask`.
//! - What the lowering emits, in more detail: `llvm.mlir.constant`'s `value` has the
//!   result's type (index constants are retyped to the lowered integer type; dense
//!   vectors keep `Dense` with the converted 1-D vector type); `llvm.fcmp` predicates
//!   are LLVM IR's names, including `false`/`true` (the modern printer spells those
//!   `_false`/`_true`); `llvm.call` always has `callee_type`, and a void callee has no
//!   result; `llvm.intr.memcpy` has operands (dst, src, len) and `isVolatile` (bool,
//!   always false); `llvm.mlir.zero` of a pointer type is the null pointer (used by the
//!   GEP-on-null size idiom); pointers are typed (`LlvmPtr(pointee, addr_space)`), so
//!   the lowering inserts `llvm.bitcast` from pointer to pointer where the pointee
//!   changes (a no-op under opaque pointers) and `llvm.addrspacecast` where the address
//!   space changes (the pointee may change with it); `llvm.shufflevector`'s `mask` is an array of i32 ints and
//!   `llvm.insertelement` takes (vector, value, i32 position) as upstream does.

use std::fmt;

macro_rules! op_kinds {
    ($($variant:ident => $name:literal,)*) => {
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum OpKind {
            $($variant,)*
            /// An op of a dialect stdlower does not know, kept in generic form.
            Unregistered,
        }

        impl OpKind {
            /// Every known kind, in declaration order (not `Unregistered`).
            pub const ALL: &'static [OpKind] = &[$(OpKind::$variant,)*];

            /// The full name, with dialect prefix: `std.addi`, `llvm.add`.
            pub fn name(self) -> &'static str {
                match self {
                    $(OpKind::$variant => $name,)*
                    OpKind::Unregistered => "<unregistered>",
                }
            }

            /// The kind for a full op name, `None` for names stdlower does not know.
            pub fn from_name(name: &str) -> Option<OpKind> {
                match name {
                    $($name => Some(OpKind::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

op_kinds! {
    // ---- Standard dialect (LLVM 11) ----
    Constant => "std.constant",
    AddI => "std.addi",
    SubI => "std.subi",
    MulI => "std.muli",
    DivISigned => "std.divi_signed",
    DivIUnsigned => "std.divi_unsigned",
    RemISigned => "std.remi_signed",
    RemIUnsigned => "std.remi_unsigned",
    And => "std.and",
    Or => "std.or",
    Xor => "std.xor",
    ShiftLeft => "std.shift_left",
    ShiftRightSigned => "std.shift_right_signed",
    ShiftRightUnsigned => "std.shift_right_unsigned",
    AddF => "std.addf",
    SubF => "std.subf",
    MulF => "std.mulf",
    DivF => "std.divf",
    RemF => "std.remf",
    NegF => "std.negf",
    AbsF => "std.absf",
    Sqrt => "std.sqrt",
    Rsqrt => "std.rsqrt",
    Exp => "std.exp",
    Exp2 => "std.exp2",
    Log => "std.log",
    Log2 => "std.log2",
    Log10 => "std.log10",
    Sin => "std.sin",
    Cos => "std.cos",
    CeilF => "std.ceilf",
    CopySign => "std.copysign",
    CmpI => "std.cmpi",
    CmpF => "std.cmpf",
    Select => "std.select",
    IndexCast => "std.index_cast",
    SIToFP => "std.sitofp",
    FPToSI => "std.fptosi",
    FPExt => "std.fpext",
    FPTrunc => "std.fptrunc",
    ZExtI => "std.zexti",
    SExtI => "std.sexti",
    TruncI => "std.trunci",
    Alloc => "std.alloc",
    Alloca => "std.alloca",
    Dealloc => "std.dealloc",
    Load => "std.load",
    Store => "std.store",
    Dim => "std.dim",
    Rank => "std.rank",
    MemRefCast => "std.memref_cast",
    Splat => "std.splat",
    ExtractElement => "std.extract_element",
    Br => "std.br",
    CondBr => "std.cond_br",
    Call => "std.call",
    CallIndirect => "std.call_indirect",
    Return => "std.return",

    // ---- LLVM dialect (what the lowering emits) ----
    LlvmReturn => "llvm.return",
    LlvmConstant => "llvm.mlir.constant",
    LlvmUndef => "llvm.mlir.undef",
    LlvmZero => "llvm.mlir.zero",
    LlvmAddressOf => "llvm.mlir.addressof",
    LlvmAdd => "llvm.add",
    LlvmSub => "llvm.sub",
    LlvmMul => "llvm.mul",
    LlvmSDiv => "llvm.sdiv",
    LlvmUDiv => "llvm.udiv",
    LlvmSRem => "llvm.srem",
    LlvmURem => "llvm.urem",
    LlvmAnd => "llvm.and",
    LlvmOr => "llvm.or",
    LlvmXor => "llvm.xor",
    LlvmShl => "llvm.shl",
    LlvmAShr => "llvm.ashr",
    LlvmLShr => "llvm.lshr",
    LlvmFAdd => "llvm.fadd",
    LlvmFSub => "llvm.fsub",
    LlvmFMul => "llvm.fmul",
    LlvmFDiv => "llvm.fdiv",
    LlvmFRem => "llvm.frem",
    LlvmFNeg => "llvm.fneg",
    LlvmFAbs => "llvm.intr.fabs",
    LlvmSqrt => "llvm.intr.sqrt",
    LlvmExp => "llvm.intr.exp",
    LlvmExp2 => "llvm.intr.exp2",
    LlvmLog => "llvm.intr.log",
    LlvmLog2 => "llvm.intr.log2",
    LlvmLog10 => "llvm.intr.log10",
    LlvmSin => "llvm.intr.sin",
    LlvmCos => "llvm.intr.cos",
    LlvmCeil => "llvm.intr.ceil",
    LlvmCopySign => "llvm.intr.copysign",
    LlvmICmp => "llvm.icmp",
    LlvmFCmp => "llvm.fcmp",
    LlvmSelect => "llvm.select",
    LlvmSExt => "llvm.sext",
    LlvmZExt => "llvm.zext",
    LlvmTrunc => "llvm.trunc",
    LlvmSIToFP => "llvm.sitofp",
    LlvmFPToSI => "llvm.fptosi",
    LlvmFPExt => "llvm.fpext",
    LlvmFPTrunc => "llvm.fptrunc",
    LlvmBitcast => "llvm.bitcast",
    LlvmPtrToInt => "llvm.ptrtoint",
    LlvmIntToPtr => "llvm.inttoptr",
    LlvmAddrSpaceCast => "llvm.addrspacecast",
    LlvmInsertValue => "llvm.insertvalue",
    LlvmExtractValue => "llvm.extractvalue",
    LlvmInsertElement => "llvm.insertelement",
    LlvmExtractElement => "llvm.extractelement",
    LlvmShuffleVector => "llvm.shufflevector",
    LlvmGep => "llvm.getelementptr",
    LlvmLoad => "llvm.load",
    LlvmStore => "llvm.store",
    LlvmAlloca => "llvm.alloca",
    LlvmCall => "llvm.call",
    LlvmBr => "llvm.br",
    LlvmCondBr => "llvm.cond_br",
    LlvmMemcpy => "llvm.intr.memcpy",
    LlvmUnreachable => "llvm.unreachable",
}

impl OpKind {
    /// The name without its dialect prefix, as LLVM 11's custom syntax writes
    /// Standard ops (`addi`, `cmpi`); LLVM ops keep their full name.
    pub fn short_name(self) -> &'static str {
        let n = self.name();
        n.strip_prefix("std.").unwrap_or(n)
    }

    pub fn is_std(self) -> bool {
        self.name().starts_with("std.")
    }

    pub fn is_llvm(self) -> bool {
        self.name().starts_with("llvm.")
    }

    /// Ops that must end a block.
    pub fn is_terminator(self) -> bool {
        matches!(
            self,
            OpKind::Br
                | OpKind::CondBr
                | OpKind::Return
                | OpKind::LlvmBr
                | OpKind::LlvmCondBr
                | OpKind::LlvmReturn
                | OpKind::LlvmUnreachable
        )
    }

    /// Standard integer binary ops (scalar or vector operands of one type).
    pub fn is_int_binary(self) -> bool {
        use OpKind::*;
        matches!(
            self,
            AddI | SubI
                | MulI
                | DivISigned
                | DivIUnsigned
                | RemISigned
                | RemIUnsigned
                | And
                | Or
                | Xor
                | ShiftLeft
                | ShiftRightSigned
                | ShiftRightUnsigned
        )
    }

    /// Standard float binary ops.
    pub fn is_float_binary(self) -> bool {
        use OpKind::*;
        matches!(self, AddF | SubF | MulF | DivF | RemF | CopySign)
    }

    /// Standard float unary ops: one float (or vector of floats) operand, a result
    /// of the same type.
    pub fn is_float_unary(self) -> bool {
        use OpKind::*;
        matches!(
            self,
            NegF | AbsF | Sqrt | Rsqrt | Exp | Exp2 | Log | Log2 | Log10 | Sin | Cos | CeilF
        )
    }

    /// For the LLVM dialect's float intrinsics (`llvm.intr.fabs`, `sqrt`, ...,
    /// `copysign`), which are LLVM IR's `llvm.fabs`, ...: how many operands they take,
    /// all of the result's type. `None` for every other op.
    pub fn llvm_float_intrinsic_arity(self) -> Option<usize> {
        use OpKind::*;
        match self {
            LlvmFAbs | LlvmSqrt | LlvmExp | LlvmExp2 | LlvmLog | LlvmLog2 | LlvmLog10 | LlvmSin
            | LlvmCos | LlvmCeil => Some(1),
            LlvmCopySign => Some(2),
            _ => None,
        }
    }

    /// Standard casts between scalar (or vector) types.
    pub fn is_std_cast(self) -> bool {
        use OpKind::*;
        matches!(
            self,
            IndexCast | SIToFP | FPToSI | FPExt | FPTrunc | ZExtI | SExtI | TruncI
        )
    }
}

impl fmt::Display for OpKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `cmpi` predicates, in the order of LLVM 11's `CmpIPredicate` enum.
pub const CMPI_PREDICATES: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `cmpf` predicates, in the order of LLVM 11's `CmpFPredicate` enum.
pub const CMPF_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &k in OpKind::ALL {
            assert_eq!(OpKind::from_name(k.name()), Some(k));
        }
        assert_eq!(OpKind::AddI.short_name(), "addi");
        assert_eq!(OpKind::LlvmAdd.short_name(), "llvm.add");
    }
}
