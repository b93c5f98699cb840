//! Today's upstream LLVM-dialect syntax (what `mlir-translate` of LLVM 22 reads):
//! opaque `!llvm.ptr`, builtin scalar and vector types, and the op forms that differ
//! from the legacy notation (memory ops, calls, vector ops, intrinsics).

use super::{generic, Names};
use crate::ir::{Attribute, OpData, OpKind, Type};
use crate::lower::emit::{read_positions, DYNAMIC_INDEX};

/// A type in today's syntax; nested LLVM types are written without the `!llvm.`
/// prefix inside structs and arrays, as upstream prints them.
pub fn ty(t: &Type) -> String {
    match t {
        Type::LlvmVoid => "!llvm.void".into(),
        Type::LlvmPtr(_) => "!llvm.ptr".into(),
        Type::LlvmStruct(fields) => format!(
            "!llvm.struct<({})>",
            fields.iter().map(inner).collect::<Vec<_>>().join(", ")
        ),
        Type::LlvmArray(n, e) => format!("!llvm.array<{n} x {}>", inner(e)),
        Type::LlvmFunc(f) => {
            let mut ps: Vec<String> = f.params.iter().map(inner).collect();
            if f.vararg {
                ps.push("...".into());
            }
            format!("!llvm.func<{} ({})>", inner(&f.result), ps.join(", "))
        }
        other => other.to_string(),
    }
}

/// A type nested in an LLVM type: `ptr`, `struct<(...)>`, `array<...>`, `void`.
fn inner(t: &Type) -> String {
    let s = ty(t);
    match s.strip_prefix("!llvm.") {
        Some(rest) => rest.to_string(),
        None => s,
    }
}

/// The op forms specific to this syntax; `None` falls back to the generic form.
pub fn op(n: &Names, op: &OpData) -> Option<String> {
    use OpKind::*;
    let ops = &op.operands;
    let rty = || n.vty(op.results[0]);
    Some(match op.kind {
        LlvmZero if op.results.len() == 1 => format!("llvm.mlir.zero : {}", rty()),
        LlvmFAbs if ops.len() == 1 && op.results.len() == 1 => {
            format!(
                "llvm.intr.fabs({}) : ({}) -> {}",
                n.v(ops[0]),
                n.vty(ops[0]),
                rty()
            )
        }
        LlvmSelect if ops.len() == 3 => format!(
            "llvm.select {} : {}, {}",
            n.list(ops),
            n.vty(ops[0]),
            n.vty(ops[1])
        ),
        LlvmInsertElement if ops.len() == 3 => format!(
            "llvm.insertelement {}, {}[{} : {}] : {}",
            n.v(ops[1]),
            n.v(ops[0]),
            n.v(ops[2]),
            n.vty(ops[2]),
            n.vty(ops[0])
        ),
        LlvmExtractElement if ops.len() == 2 => format!(
            "llvm.extractelement {}[{} : {}] : {}",
            n.v(ops[0]),
            n.v(ops[1]),
            n.vty(ops[1]),
            n.vty(ops[0])
        ),
        LlvmShuffleVector if ops.len() == 2 => format!(
            "llvm.shufflevector {}, {} {} : {}",
            n.v(ops[0]),
            n.v(ops[1]),
            mask(op.attr("mask")),
            n.vty(ops[0])
        ),
        LlvmGep if !ops.is_empty() && op.results.len() == 1 => {
            let (idx, dyn_tys) = gep_indices(n, op);
            let elem = op
                .attr("elem_type")
                .and_then(|a| a.as_type())
                .map(ty)
                .unwrap_or_default();
            let mut tys = vec![n.vty(ops[0])];
            tys.extend(dyn_tys);
            format!(
                "llvm.getelementptr {}[{idx}] : ({}) -> {}, {elem}",
                n.v(ops[0]),
                tys.join(", "),
                rty()
            )
        }
        LlvmLoad if ops.len() == 1 && op.results.len() == 1 => format!(
            "llvm.load {}{} : {} -> {}",
            n.v(ops[0]),
            align(op),
            n.vty(ops[0]),
            rty()
        ),
        LlvmStore if ops.len() == 2 => format!(
            "llvm.store {}, {}{} : {}, {}",
            n.v(ops[0]),
            n.v(ops[1]),
            align(op),
            n.vty(ops[0]),
            n.vty(ops[1])
        ),
        LlvmAlloca if ops.len() == 1 && op.results.len() == 1 => {
            let elem = op
                .attr("elem_type")
                .and_then(|a| a.as_type())
                .map(ty)
                .unwrap_or_default();
            format!(
                "llvm.alloca {} x {elem}{} : ({}) -> {}",
                n.v(ops[0]),
                align(op),
                n.vty(ops[0]),
                rty()
            )
        }
        LlvmCall => {
            let (callee, args) = match op.attr("callee").and_then(|a| a.as_symbol()) {
                Some(c) => (format!("@{c}"), &ops[..]),
                None if !ops.is_empty() => (n.v(ops[0]).to_string(), &ops[1..]),
                None => return None,
            };
            let result = match op.results.first() {
                Some(&r) => n.vty(r),
                None => "()".into(),
            };
            let fptr = if op.attr("callee").is_none() {
                format!("{}, ", n.vty(ops[0]))
            } else {
                String::new()
            };
            format!(
                "llvm.call {callee}({}) : {fptr}({}) -> {result}",
                n.list(args),
                n.tys(args)
            )
        }
        LlvmMemcpy if ops.len() == 3 => {
            let vol = matches!(op.attr("isVolatile"), Some(Attribute::Bool(true)));
            format!(
                "\"llvm.intr.memcpy\"({}) <{{isVolatile = {vol}}}> : ({}) -> ()",
                n.list(ops),
                n.tys(ops)
            )
        }
        _ => return Some(generic(n, op)),
    })
}

/// ` {alignment = N : i64}` when the op has an alignment.
pub(crate) fn align(op: &OpData) -> String {
    match op.attr("alignment").and_then(|a| a.as_int()) {
        Some(a) => format!(" {{alignment = {a} : i64}}"),
        None => String::new(),
    }
}

/// The index list of a GEP (constants inline, dynamic operands by name) and the types
/// of its dynamic operands.
pub(crate) fn gep_indices(n: &Names, op: &OpData) -> (String, Vec<String>) {
    let mut dynamic = op.operands[1..].iter();
    let mut parts = Vec::new();
    let mut tys = Vec::new();
    for i in read_positions(op.attr("indices")) {
        if i == DYNAMIC_INDEX {
            if let Some(&v) = dynamic.next() {
                parts.push(n.v(v).to_string());
                tys.push(n.vty(v));
            }
        } else {
            parts.push(i.to_string());
        }
    }
    (parts.join(", "), tys)
}

/// `[0, 0, 0, 0]` from a shufflevector mask.
pub(crate) fn mask(a: Option<&Attribute>) -> String {
    format!(
        "[{}]",
        read_positions(a)
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}
