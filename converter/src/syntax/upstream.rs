//! The one table between LLVM 11's Standard ops and the ops of today's upstream MLIR
//! dialects (`arith`, `math`, `memref`, `vector`, `cf`, `func`) that mean the same
//! thing. The exporter reads it one way and the parser the other, so the two
//! directions cannot drift apart. Predicates keep their names (`slt`, `olt`) in both.

use crate::ir::OpKind;

/// Every Standard op and its upstream name. A Standard op missing here has no
/// single-op upstream spelling (`constant`, whose upstream op depends on its value,
/// is handled by the exporter and parser themselves).
pub const OP_NAMES: &[(OpKind, &str)] = &[
    (OpKind::AddI, "arith.addi"),
    (OpKind::SubI, "arith.subi"),
    (OpKind::MulI, "arith.muli"),
    (OpKind::DivISigned, "arith.divsi"),
    (OpKind::DivIUnsigned, "arith.divui"),
    (OpKind::RemISigned, "arith.remsi"),
    (OpKind::RemIUnsigned, "arith.remui"),
    (OpKind::And, "arith.andi"),
    (OpKind::Or, "arith.ori"),
    (OpKind::Xor, "arith.xori"),
    (OpKind::ShiftLeft, "arith.shli"),
    (OpKind::ShiftRightSigned, "arith.shrsi"),
    (OpKind::ShiftRightUnsigned, "arith.shrui"),
    (OpKind::AddF, "arith.addf"),
    (OpKind::SubF, "arith.subf"),
    (OpKind::MulF, "arith.mulf"),
    (OpKind::DivF, "arith.divf"),
    (OpKind::RemF, "arith.remf"),
    (OpKind::NegF, "arith.negf"),
    (OpKind::AbsF, "math.absf"),
    (OpKind::Sqrt, "math.sqrt"),
    (OpKind::Rsqrt, "math.rsqrt"),
    (OpKind::Exp, "math.exp"),
    (OpKind::Exp2, "math.exp2"),
    (OpKind::Log, "math.log"),
    (OpKind::Log2, "math.log2"),
    (OpKind::Log10, "math.log10"),
    (OpKind::Sin, "math.sin"),
    (OpKind::Cos, "math.cos"),
    (OpKind::CeilF, "math.ceil"),
    (OpKind::CopySign, "math.copysign"),
    (OpKind::CmpI, "arith.cmpi"),
    (OpKind::CmpF, "arith.cmpf"),
    (OpKind::Select, "arith.select"),
    (OpKind::IndexCast, "arith.index_cast"),
    (OpKind::SIToFP, "arith.sitofp"),
    (OpKind::FPToSI, "arith.fptosi"),
    (OpKind::FPExt, "arith.extf"),
    (OpKind::FPTrunc, "arith.truncf"),
    (OpKind::ZExtI, "arith.extui"),
    (OpKind::SExtI, "arith.extsi"),
    (OpKind::TruncI, "arith.trunci"),
    (OpKind::Alloc, "memref.alloc"),
    (OpKind::Alloca, "memref.alloca"),
    (OpKind::Dealloc, "memref.dealloc"),
    (OpKind::Load, "memref.load"),
    (OpKind::Store, "memref.store"),
    (OpKind::Dim, "memref.dim"),
    (OpKind::Rank, "memref.rank"),
    (OpKind::MemRefCast, "memref.cast"),
    (OpKind::Splat, "vector.broadcast"),
    (OpKind::ExtractElement, "vector.extract"),
    (OpKind::Br, "cf.br"),
    (OpKind::CondBr, "cf.cond_br"),
    (OpKind::Call, "func.call"),
    (OpKind::CallIndirect, "func.call_indirect"),
    (OpKind::Return, "func.return"),
];

/// The upstream constant ops: `arith.constant` for numbers and dense vectors,
/// `func.constant` for function references. Both become Standard `constant`.
pub const ARITH_CONSTANT: &str = "arith.constant";
pub const FUNC_CONSTANT: &str = "func.constant";

/// Attributes of upstream ops that change what the op computes (`overflow<nsw>`,
/// `fastmath<...>`, `exact`, `nneg`, rounding modes). stdlower models none of them,
/// so an op carrying one is rejected rather than read with the flag dropped.
pub const SEMANTIC_ATTRS: &[&str] = &[
    "overflowFlags",
    "fastmath",
    "isExact",
    "exact",
    "nonNeg",
    "nneg",
    "roundingmode",
];

/// The upstream name of a Standard op.
pub fn upstream_name(k: OpKind) -> Option<&'static str> {
    OP_NAMES.iter().find(|(o, _)| *o == k).map(|(_, n)| *n)
}

/// The Standard op an upstream name denotes (`arith.constant` and `func.constant`
/// give `Constant`).
pub fn kind_of_upstream(name: &str) -> Option<OpKind> {
    if name == ARITH_CONSTANT || name == FUNC_CONSTANT {
        return Some(OpKind::Constant);
    }
    OP_NAMES.iter().find(|(_, n)| *n == name).map(|(o, _)| *o)
}

/// Whether `name` belongs to one of the upstream dialects this table covers, so an
/// unknown op of theirs (`arith.maxsi`, `cf.switch`) is an error rather than an
/// unregistered op kept as is.
pub fn is_upstream_dialect(name: &str) -> bool {
    let dialect = name.split('.').next().unwrap_or("");
    name.contains('.')
        && matches!(
            dialect,
            "arith" | "math" | "memref" | "vector" | "cf" | "func"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_one_to_one_and_covers_every_standard_op_but_constant() {
        for &k in OpKind::ALL.iter().filter(|k| k.is_std()) {
            match upstream_name(k) {
                Some(n) => {
                    assert_eq!(kind_of_upstream(n), Some(k), "{n}");
                    assert!(is_upstream_dialect(n), "{n}");
                }
                None => assert_eq!(k, OpKind::Constant),
            }
        }
        let mut names: Vec<&str> = OP_NAMES.iter().map(|(_, n)| *n).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), OP_NAMES.len());
        assert!(!is_upstream_dialect("foo.bar") && !is_upstream_dialect("arith"));
    }
}
