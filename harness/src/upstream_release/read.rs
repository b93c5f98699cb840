//! Reading the LLVM dialect of releases 13 to 16 back into the IR our verifier and
//! `llinterp` take ([`legalize`]), as their own `mlir-translate` takes it to LLVM IR:
//!
//! - Repeated successors. MLIR 13 lowers `cond_br %c, ^bb1(%a : i64), ^bb1(%b : i64)` to
//!   an `llvm.cond_br` naming `^bb1` twice with different operands, which no LLVM phi
//!   can express; its `mlir-translate` splits such edges before translating (LLVM IR
//!   export's legalization). So does [`legalize`], with the lowering's own splitting
//!   (`converter::lower::successors`): a new block per repeated use, branching on.
//! - Constant GEP indices. Before they became attributes (MLIR 14), every index was an
//!   operand, so MLIR 13 indexes a struct with the value of an `llvm.mlir.constant`
//!   (`llvm.getelementptr %p[%c0, %c1] : (!llvm.ptr<struct<(i64, ptr<i8>)>>, i64, i32)
//!   -> ...`), which LLVM IR requires to be a constant and our verifier requires to be
//!   one of the op's constant `indices`. [`fold_constant_indices`] moves each dynamic
//!   index defined by an `llvm.mlir.constant` that fits 32 bits into `indices`: the same
//!   address, in the form today's LLVM dialect writes.

use converter::ir::{Attribute, Module, OpKind, Type};
use converter::lower::emit::DYNAMIC_INDEX;

/// The module read from a typed-pointer release's printing, made what our verifier
/// checks (see the module's doc).
pub fn legalize(m: &mut Module) {
    converter::lower::successors::split_repeated_successors(m);
    fold_constant_indices(m);
}

/// Folds the constant dynamic indices of every `llvm.getelementptr` of `m` into its
/// `indices` (see the module's doc).
pub fn fold_constant_indices(m: &mut Module) {
    for f in &mut m.funcs {
        let Some(b) = f.body.as_mut() else { continue };
        let geps: Vec<_> = b
            .walk_ops()
            .filter(|&o| b.op(o).kind == OpKind::LlvmGep)
            .collect();
        for g in geps {
            let op = b.op(g);
            let Some(Attribute::Array(idx)) = op.attr("indices") else {
                continue;
            };
            let mut indices: Vec<i64> = idx
                .iter()
                .filter_map(|a| a.as_int().map(|v| v as i64))
                .collect();
            let mut operands = vec![op.operands[0]];
            let mut dynamic = op.operands[1..].iter();
            for i in indices.iter_mut().filter(|i| **i == DYNAMIC_INDEX) {
                let Some(&v) = dynamic.next() else { break };
                let constant = b.defining_op(v).map(|d| b.op(d)).and_then(|d| {
                    (d.kind == OpKind::LlvmConstant)
                        .then(|| d.attr("value").and_then(|a| a.as_int()))
                        .flatten()
                });
                match constant.and_then(|c| i32::try_from(c).ok()) {
                    Some(c) => *i = i64::from(c),
                    None => operands.push(v),
                }
            }
            let array = Attribute::Array(
                indices
                    .iter()
                    .map(|&v| Attribute::int(v as i128, Type::i64()))
                    .collect(),
            );
            let op = b.op_mut(g);
            op.operands = operands;
            op.set_attr("indices", array);
        }
    }
}
