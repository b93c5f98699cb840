//! The map between LLVM 11's Standard ops and the ops of today's upstream MLIR
//! dialects (`arith`, `math`, `memref`, `vector`, `cf`, `func`) that mean the same
//! thing, read from the op description (`OpKind::upstream_name`). The exporter reads
//! it one way and the parser the other, so the two directions cannot drift apart.
//! Predicates keep their names (`slt`, `olt`) in both.

use crate::ir::OpKind;

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
    k.upstream_name()
}

/// The Standard op an upstream name denotes (`arith.constant` and `func.constant`
/// give `Constant`).
pub fn kind_of_upstream(name: &str) -> Option<OpKind> {
    if name == ARITH_CONSTANT || name == FUNC_CONSTANT {
        return Some(OpKind::Constant);
    }
    OpKind::std_ops().find(|k| k.upstream_name() == Some(name))
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
        let all: Vec<&str> = OpKind::ALL
            .iter()
            .filter_map(|k| k.upstream_name())
            .collect();
        let mut names = all.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
        assert!(!is_upstream_dialect("foo.bar") && !is_upstream_dialect("arith"));
    }
}
