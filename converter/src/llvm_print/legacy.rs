//! The LLVM 11 notation the spec uses: LLVM IR types wrapped in `!llvm<"...">`
//! (`!llvm.i64`, `!llvm.float`, `!llvm<"{ float*, float*, i64, [1 x i64], [1 x i64] }">`,
//! `!llvm<"void ()*">`) and typed pointers, with the op forms of that release.

use super::modern::{align, gep_indices, mask};
use super::{generic, Names};
use crate::ir::{OpData, OpKind, Type};

/// A type in LLVM 11 syntax.
pub fn ty(t: &Type) -> String {
    match t {
        Type::Int(w) => format!("!llvm.i{w}"),
        Type::F16 => "!llvm.half".into(),
        Type::BF16 => "!llvm.bfloat".into(),
        Type::F32 => "!llvm.float".into(),
        Type::F64 => "!llvm.double".into(),
        Type::LlvmVoid => "!llvm.void".into(),
        Type::Vector(_)
        | Type::LlvmPtr(_)
        | Type::LlvmStruct(_)
        | Type::LlvmArray(..)
        | Type::LlvmFunc(_) => format!("!llvm<\"{}\">", ir(t)),
        other => other.to_string(),
    }
}

/// The LLVM IR spelling of a type (`float*`, `{ i64, i8* }`, `[4 x <8 x float>]`).
pub fn ir(t: &Type) -> String {
    match t {
        Type::Int(w) => format!("i{w}"),
        Type::F16 => "half".into(),
        Type::BF16 => "bfloat".into(),
        Type::F32 => "float".into(),
        Type::F64 => "double".into(),
        Type::LlvmVoid => "void".into(),
        Type::Vector(v) => format!("<{} x {}>", v.num_elements(), ir(&v.elem)),
        Type::LlvmPtr(p) => match &**p {
            Type::LlvmVoid => "i8*".into(),
            p => format!("{}*", ir(p)),
        },
        Type::LlvmStruct(fields) if fields.is_empty() => "{}".into(),
        Type::LlvmStruct(fields) => format!(
            "{{ {} }}",
            fields.iter().map(ir).collect::<Vec<_>>().join(", ")
        ),
        Type::LlvmArray(n, e) => format!("[{n} x {}]", ir(e)),
        Type::LlvmFunc(f) => {
            let mut ps: Vec<String> = f.params.iter().map(ir).collect();
            if f.vararg {
                ps.push("...".into());
            }
            format!("{} ({})", ir(&f.result), ps.join(", "))
        }
        other => other.to_string(),
    }
}

/// The op forms of LLVM 11; `None` falls back to the generic form.
pub fn op(n: &Names, op: &OpData) -> Option<String> {
    use OpKind::*;
    let ops = &op.operands;
    let rty = || n.vty(op.results[0]);
    Some(match op.kind {
        LlvmZero if op.results.len() == 1 => format!("llvm.mlir.null : {}", rty()),
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
            "llvm.shufflevector {}, {} {} : {}, {}",
            n.v(ops[0]),
            n.v(ops[1]),
            mask(op.attr("mask")),
            n.vty(ops[0]),
            n.vty(ops[1])
        ),
        LlvmGep if !ops.is_empty() && op.results.len() == 1 => {
            let (idx, dyn_tys) = gep_indices(n, op);
            let mut tys = vec![n.vty(ops[0])];
            tys.extend(dyn_tys);
            format!(
                "llvm.getelementptr {}[{idx}] : ({}) -> {}",
                n.v(ops[0]),
                tys.join(", "),
                rty()
            )
        }
        LlvmLoad if ops.len() == 1 => {
            format!("llvm.load {}{} : {}", n.v(ops[0]), align(op), n.vty(ops[0]))
        }
        LlvmStore if ops.len() == 2 => format!(
            "llvm.store {}, {}{} : {}",
            n.v(ops[0]),
            n.v(ops[1]),
            align(op),
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
            format!(
                "llvm.call {callee}({}) : ({}) -> {result}",
                n.list(args),
                n.tys(args)
            )
        }
        _ => return Some(generic(n, op)),
    })
}
