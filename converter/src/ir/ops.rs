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

/// The syntactic and semantic class of an op: which generic rules (operand and result
/// types, verification, the interpreter's and JIT's dispatch) apply to it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OpClass {
    /// Standard integer binary op: two operands and a result of one integer, index or
    /// vector-of-integer type.
    IntBinary,
    /// Standard float binary op: two operands and a result of one float type.
    FloatBinary,
    /// Standard float unary op: one float operand, a result of the same type.
    FloatUnary,
    /// Standard cast between scalar (or vector) types.
    Cast,
    /// `cmpi`/`cmpf` and their LLVM counterparts: a `predicate` attribute.
    Compare,
    /// An op that must end a block.
    Terminator,
    /// LLVM float intrinsic of one operand (`llvm.intr.fabs`, ...).
    FloatIntrinsic1,
    /// LLVM float intrinsic of two operands (`llvm.intr.copysign`).
    FloatIntrinsic2,
    /// Everything with rules of its own.
    Other,
}

/// Purity, as the description table writes it (see `OpKind::is_pure`).
macro_rules! op_purity {
    (pure) => {
        true
    };
    (effect) => {
        false
    };
}

/// An optional name, as the description table writes it.
macro_rules! op_opt_name {
    () => {
        None
    };
    ($n:literal) => {
        Some($n)
    };
}

/// The one-to-one lowering target, as the description table writes it (optional).
macro_rules! op_target {
    () => {
        None
    };
    ($t:ident) => {
        Some(OpKind::$t)
    };
}

/// Builds `OpKind` and its lookup functions from the description table below: one row
/// per op, `Variant => "full.name" [/ "upstream.name"], Class, pure|effect[, OneToOneTarget];`,
/// the Standard ops in `std { }` and the LLVM ops in `llvm { }`.
macro_rules! op_kinds {
    (std { $($sv:ident => $sn:literal $(/ $sup:literal)?, $sc:ident, $sp:ident $(, $st:ident)?;)* } llvm { $($lv:ident => $ln:literal $(/ $lup:literal)?, $lc:ident, $lp:ident $(, $lt:ident)?;)* }) => {
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
        pub enum OpKind {
            $($sv,)*
            $($lv,)*
            /// An op of a dialect stdlower does not know, kept in generic form.
            Unregistered,
        }

        /// The Standard ops alone (the same variants as `OpKind`'s), so that a match
        /// over them needs no catch-all for the LLVM ones: the compiler lists the arms
        /// a new Standard op still needs.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum StdOp {
            $($sv,)*
        }

        impl StdOp {
            /// The same op as an `OpKind`.
            pub fn kind(self) -> OpKind {
                match self {
                    $(StdOp::$sv => OpKind::$sv,)*
                }
            }
        }

        /// The LLVM ops alone (the same variants as `OpKind`'s), so that a match over
        /// them needs no catch-all for the Standard ones: the compiler lists the arms a
        /// new LLVM op still needs in every consumer of the lowered code.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum LlvmOp {
            $($lv,)*
        }

        impl LlvmOp {
            /// The same op as an `OpKind`.
            pub fn kind(self) -> OpKind {
                match self {
                    $(LlvmOp::$lv => OpKind::$lv,)*
                }
            }
        }

        impl OpKind {
            /// Every known kind, in declaration order (not `Unregistered`).
            pub const ALL: &'static [OpKind] = &[$(OpKind::$sv,)* $(OpKind::$lv,)*];

            /// The full name, with dialect prefix: `std.addi`, `llvm.add`.
            pub fn name(self) -> &'static str {
                match self {
                    $(OpKind::$sv => $sn,)*
                    $(OpKind::$lv => $ln,)*
                    OpKind::Unregistered => "<unregistered>",
                }
            }

            /// The kind for a full op name, `None` for names stdlower does not know.
            pub fn from_name(name: &str) -> Option<OpKind> {
                match name {
                    $($sn => Some(OpKind::$sv),)*
                    $($ln => Some(OpKind::$lv),)*
                    _ => None,
                }
            }

            /// The Standard op, `None` for LLVM and unregistered ops.
            pub fn std(self) -> Option<StdOp> {
                match self {
                    $(OpKind::$sv => Some(StdOp::$sv),)*
                    $(OpKind::$lv)|* | OpKind::Unregistered => None,
                }
            }

            /// The LLVM op, `None` for Standard and unregistered ops.
            pub fn llvm(self) -> Option<LlvmOp> {
                match self {
                    $(OpKind::$lv => Some(LlvmOp::$lv),)*
                    $(OpKind::$sv)|* | OpKind::Unregistered => None,
                }
            }

            /// Whether the op is of the Standard dialect.
            pub fn is_std(self) -> bool {
                self.std().is_some()
            }

            /// Whether the op is of the LLVM dialect.
            pub fn is_llvm(self) -> bool {
                self.llvm().is_some()
            }

            /// The op's class (`Other` for `Unregistered`).
            pub fn class(self) -> OpClass {
                match self {
                    $(OpKind::$sv => OpClass::$sc,)*
                    $(OpKind::$lv => OpClass::$lc,)*
                    OpKind::Unregistered => OpClass::Other,
                }
            }

            /// Whether deleting the op when its results are unused leaves the
            /// program's observable behaviour (other than memory use) unchanged:
            /// arithmetic, casts, loads and allocations are; stores, frees, calls and
            /// terminators are not. `Unregistered` ops are not.
            pub fn is_pure(self) -> bool {
                match self {
                    $(OpKind::$sv => op_purity!($sp),)*
                    $(OpKind::$lv => op_purity!($lp),)*
                    OpKind::Unregistered => false,
                }
            }

            /// For a Standard op, the op of today's upstream MLIR (`arith`, `math`,
            /// `memref`, `vector`, `cf`, `func`) that means the same thing; `None` for
            /// `constant` (whose upstream op depends on its value) and LLVM ops.
            pub fn upstream_name(self) -> Option<&'static str> {
                match self {
                    $(OpKind::$sv => op_opt_name!($($sup)?),)*
                    $(OpKind::$lv => op_opt_name!($($lup)?),)*
                    OpKind::Unregistered => None,
                }
            }

            /// For a Standard op that lowers to exactly one LLVM op per scalar or 1-D
            /// vector (with the same operands and attributes), that LLVM op.
            pub fn one_to_one(self) -> Option<OpKind> {
                match self {
                    $(OpKind::$sv => op_target!($($st)?),)*
                    $(OpKind::$lv => op_target!($($lt)?),)*
                    OpKind::Unregistered => None,
                }
            }
        }
    };
}

// The description of every op: adding an op starts with a row here. Purity: see
// `OpKind::is_pure`; the upstream name (after `/`) is what the exporter writes and
// the upstream parser reads; the last column is the one-to-one LLVM op (see
// `OpKind::one_to_one`) where there is one.
op_kinds! {
    std {
    // ---- Standard dialect (LLVM 11) ----
    Constant => "std.constant", Other, pure;
    AddI => "std.addi" / "arith.addi", IntBinary, pure, LlvmAdd;
    SubI => "std.subi" / "arith.subi", IntBinary, pure, LlvmSub;
    MulI => "std.muli" / "arith.muli", IntBinary, pure, LlvmMul;
    DivISigned => "std.divi_signed" / "arith.divsi", IntBinary, pure, LlvmSDiv;
    DivIUnsigned => "std.divi_unsigned" / "arith.divui", IntBinary, pure, LlvmUDiv;
    RemISigned => "std.remi_signed" / "arith.remsi", IntBinary, pure, LlvmSRem;
    RemIUnsigned => "std.remi_unsigned" / "arith.remui", IntBinary, pure, LlvmURem;
    And => "std.and" / "arith.andi", IntBinary, pure, LlvmAnd;
    Or => "std.or" / "arith.ori", IntBinary, pure, LlvmOr;
    Xor => "std.xor" / "arith.xori", IntBinary, pure, LlvmXor;
    ShiftLeft => "std.shift_left" / "arith.shli", IntBinary, pure, LlvmShl;
    ShiftRightSigned => "std.shift_right_signed" / "arith.shrsi", IntBinary, pure, LlvmAShr;
    ShiftRightUnsigned => "std.shift_right_unsigned" / "arith.shrui", IntBinary, pure, LlvmLShr;
    AddF => "std.addf" / "arith.addf", FloatBinary, pure, LlvmFAdd;
    SubF => "std.subf" / "arith.subf", FloatBinary, pure, LlvmFSub;
    MulF => "std.mulf" / "arith.mulf", FloatBinary, pure, LlvmFMul;
    DivF => "std.divf" / "arith.divf", FloatBinary, pure, LlvmFDiv;
    RemF => "std.remf" / "arith.remf", FloatBinary, pure, LlvmFRem;
    NegF => "std.negf" / "arith.negf", FloatUnary, pure, LlvmFNeg;
    AbsF => "std.absf" / "math.absf", FloatUnary, pure, LlvmFAbs;
    Sqrt => "std.sqrt" / "math.sqrt", FloatUnary, pure, LlvmSqrt;
    Rsqrt => "std.rsqrt" / "math.rsqrt", FloatUnary, pure;
    Exp => "std.exp" / "math.exp", FloatUnary, pure, LlvmExp;
    Exp2 => "std.exp2" / "math.exp2", FloatUnary, pure, LlvmExp2;
    Log => "std.log" / "math.log", FloatUnary, pure, LlvmLog;
    Log2 => "std.log2" / "math.log2", FloatUnary, pure, LlvmLog2;
    Log10 => "std.log10" / "math.log10", FloatUnary, pure, LlvmLog10;
    Sin => "std.sin" / "math.sin", FloatUnary, pure, LlvmSin;
    Cos => "std.cos" / "math.cos", FloatUnary, pure, LlvmCos;
    CeilF => "std.ceilf" / "math.ceil", FloatUnary, pure, LlvmCeil;
    CopySign => "std.copysign" / "math.copysign", FloatBinary, pure, LlvmCopySign;
    CmpI => "std.cmpi" / "arith.cmpi", Compare, pure, LlvmICmp;
    CmpF => "std.cmpf" / "arith.cmpf", Compare, pure, LlvmFCmp;
    Select => "std.select" / "arith.select", Other, pure, LlvmSelect;
    IndexCast => "std.index_cast" / "arith.index_cast", Cast, pure;
    SIToFP => "std.sitofp" / "arith.sitofp", Cast, pure, LlvmSIToFP;
    FPToSI => "std.fptosi" / "arith.fptosi", Cast, pure, LlvmFPToSI;
    FPExt => "std.fpext" / "arith.extf", Cast, pure, LlvmFPExt;
    FPTrunc => "std.fptrunc" / "arith.truncf", Cast, pure, LlvmFPTrunc;
    ZExtI => "std.zexti" / "arith.extui", Cast, pure, LlvmZExt;
    SExtI => "std.sexti" / "arith.extsi", Cast, pure, LlvmSExt;
    TruncI => "std.trunci" / "arith.trunci", Cast, pure, LlvmTrunc;
    Alloc => "std.alloc" / "memref.alloc", Other, pure;
    Alloca => "std.alloca" / "memref.alloca", Other, pure;
    Dealloc => "std.dealloc" / "memref.dealloc", Other, effect;
    Load => "std.load" / "memref.load", Other, pure;
    Store => "std.store" / "memref.store", Other, effect;
    Dim => "std.dim" / "memref.dim", Other, pure;
    Rank => "std.rank" / "memref.rank", Other, pure;
    MemRefCast => "std.memref_cast" / "memref.cast", Other, pure;
    Splat => "std.splat" / "vector.broadcast", Other, pure;
    ExtractElement => "std.extract_element" / "vector.extract", Other, pure;
    Br => "std.br" / "cf.br", Terminator, effect;
    CondBr => "std.cond_br" / "cf.cond_br", Terminator, effect;
    Call => "std.call" / "func.call", Other, effect;
    CallIndirect => "std.call_indirect" / "func.call_indirect", Other, effect;
    Return => "std.return" / "func.return", Terminator, effect;
    }
    llvm {
    // ---- LLVM dialect (what the lowering emits) ----
    LlvmReturn => "llvm.return", Terminator, effect;
    LlvmConstant => "llvm.mlir.constant", Other, pure;
    LlvmUndef => "llvm.mlir.undef", Other, pure;
    LlvmPoison => "llvm.mlir.poison", Other, pure;
    LlvmZero => "llvm.mlir.zero", Other, pure;
    LlvmAddressOf => "llvm.mlir.addressof", Other, pure;
    LlvmAdd => "llvm.add", Other, pure;
    LlvmSub => "llvm.sub", Other, pure;
    LlvmMul => "llvm.mul", Other, pure;
    LlvmSDiv => "llvm.sdiv", Other, pure;
    LlvmUDiv => "llvm.udiv", Other, pure;
    LlvmSRem => "llvm.srem", Other, pure;
    LlvmURem => "llvm.urem", Other, pure;
    LlvmAnd => "llvm.and", Other, pure;
    LlvmOr => "llvm.or", Other, pure;
    LlvmXor => "llvm.xor", Other, pure;
    LlvmShl => "llvm.shl", Other, pure;
    LlvmAShr => "llvm.ashr", Other, pure;
    LlvmLShr => "llvm.lshr", Other, pure;
    LlvmFAdd => "llvm.fadd", Other, pure;
    LlvmFSub => "llvm.fsub", Other, pure;
    LlvmFMul => "llvm.fmul", Other, pure;
    LlvmFDiv => "llvm.fdiv", Other, pure;
    LlvmFRem => "llvm.frem", Other, pure;
    LlvmFNeg => "llvm.fneg", Other, pure;
    LlvmFAbs => "llvm.intr.fabs", FloatIntrinsic1, pure;
    LlvmSqrt => "llvm.intr.sqrt", FloatIntrinsic1, pure;
    LlvmExp => "llvm.intr.exp", FloatIntrinsic1, pure;
    LlvmExp2 => "llvm.intr.exp2", FloatIntrinsic1, pure;
    LlvmLog => "llvm.intr.log", FloatIntrinsic1, pure;
    LlvmLog2 => "llvm.intr.log2", FloatIntrinsic1, pure;
    LlvmLog10 => "llvm.intr.log10", FloatIntrinsic1, pure;
    LlvmSin => "llvm.intr.sin", FloatIntrinsic1, pure;
    LlvmCos => "llvm.intr.cos", FloatIntrinsic1, pure;
    LlvmCeil => "llvm.intr.ceil", FloatIntrinsic1, pure;
    LlvmCopySign => "llvm.intr.copysign", FloatIntrinsic2, pure;
    LlvmICmp => "llvm.icmp", Compare, pure;
    LlvmFCmp => "llvm.fcmp", Compare, pure;
    LlvmSelect => "llvm.select", Other, pure;
    LlvmSExt => "llvm.sext", Other, pure;
    LlvmZExt => "llvm.zext", Other, pure;
    LlvmTrunc => "llvm.trunc", Other, pure;
    LlvmSIToFP => "llvm.sitofp", Other, pure;
    LlvmFPToSI => "llvm.fptosi", Other, pure;
    LlvmFPExt => "llvm.fpext", Other, pure;
    LlvmFPTrunc => "llvm.fptrunc", Other, pure;
    LlvmBitcast => "llvm.bitcast", Other, pure;
    LlvmPtrToInt => "llvm.ptrtoint", Other, pure;
    LlvmIntToPtr => "llvm.inttoptr", Other, pure;
    LlvmAddrSpaceCast => "llvm.addrspacecast", Other, pure;
    LlvmInsertValue => "llvm.insertvalue", Other, pure;
    LlvmExtractValue => "llvm.extractvalue", Other, pure;
    LlvmInsertElement => "llvm.insertelement", Other, pure;
    LlvmExtractElement => "llvm.extractelement", Other, pure;
    LlvmShuffleVector => "llvm.shufflevector", Other, pure;
    LlvmGep => "llvm.getelementptr", Other, pure;
    LlvmLoad => "llvm.load", Other, pure;
    LlvmStore => "llvm.store", Other, effect;
    LlvmAlloca => "llvm.alloca", Other, pure;
    LlvmCall => "llvm.call", Other, effect;
    LlvmBr => "llvm.br", Terminator, effect;
    LlvmCondBr => "llvm.cond_br", Terminator, effect;
    LlvmMemcpy => "llvm.intr.memcpy", Other, effect;
    LlvmUnreachable => "llvm.unreachable", Terminator, effect;
    }
}

impl OpKind {
    /// The name without its dialect prefix, as LLVM 11's custom syntax writes
    /// Standard ops (`addi`, `cmpi`); LLVM ops keep their full name.
    pub fn short_name(self) -> &'static str {
        let n = self.name();
        n.strip_prefix("std.").unwrap_or(n)
    }

    /// Ops that must end a block.
    pub fn is_terminator(self) -> bool {
        self.class() == OpClass::Terminator
    }

    /// Standard integer binary ops (scalar or vector operands of one type).
    pub fn is_int_binary(self) -> bool {
        self.class() == OpClass::IntBinary
    }

    /// Standard float binary ops.
    pub fn is_float_binary(self) -> bool {
        self.class() == OpClass::FloatBinary
    }

    /// Standard float unary ops: one float (or vector of floats) operand, a result
    /// of the same type.
    pub fn is_float_unary(self) -> bool {
        self.class() == OpClass::FloatUnary
    }

    /// For the LLVM dialect's float intrinsics (`llvm.intr.fabs`, `sqrt`, ...,
    /// `copysign`), which are LLVM IR's `llvm.fabs`, ...: how many operands they take,
    /// all of the result's type. `None` for every other op.
    pub fn llvm_float_intrinsic_arity(self) -> Option<usize> {
        match self.class() {
            OpClass::FloatIntrinsic1 => Some(1),
            OpClass::FloatIntrinsic2 => Some(2),
            _ => None,
        }
    }

    /// Standard casts between scalar (or vector) types.
    pub fn is_std_cast(self) -> bool {
        self.class() == OpClass::Cast
    }

    /// The Standard ops, in declaration order.
    pub fn std_ops() -> impl Iterator<Item = OpKind> {
        OpKind::ALL.iter().copied().filter(|k| k.is_std())
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

    /// A one-to-one target is an LLVM op, and only Standard ops have one; the classes
    /// of Standard and LLVM ops do not overlap except in `Compare`, `Terminator` and
    /// `Other`.
    #[test]
    fn description_is_consistent() {
        for &k in OpKind::ALL {
            assert_ne!(k.is_std(), k.is_llvm(), "{k}");
            assert_eq!(k.is_std(), k.name().starts_with("std."), "{k}");
            assert_eq!(k.is_llvm(), k.name().starts_with("llvm."), "{k}");
            if let Some(s) = k.std() {
                assert_eq!(s.kind(), k);
            }
            if let Some(l) = k.llvm() {
                assert_eq!(l.kind(), k);
            }
            if let Some(t) = k.one_to_one() {
                assert!(k.is_std() && t.is_llvm(), "{k} -> {t}");
                assert_eq!(t.one_to_one(), None, "{t}");
            }
            let std_only = matches!(
                k.class(),
                OpClass::IntBinary | OpClass::FloatBinary | OpClass::FloatUnary | OpClass::Cast
            );
            let llvm_only = matches!(
                k.class(),
                OpClass::FloatIntrinsic1 | OpClass::FloatIntrinsic2
            );
            assert!(!std_only || k.is_std(), "{k}");
            assert!(!llvm_only || k.is_llvm(), "{k}");
            if k.is_terminator() {
                assert!(!k.is_pure(), "{k}");
            }
        }
        assert!(OpKind::AddI.is_pure() && !OpKind::Store.is_pure());
    }
}
