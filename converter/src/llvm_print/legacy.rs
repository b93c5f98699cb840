//! The LLVM 11 notation the spec uses: LLVM IR types wrapped in `!llvm<"...">`
//! (`!llvm.i64`, `!llvm.float`, `!llvm<"{ float*, float*, i64, [1 x i64], [1 x i64] }">`,
//! `!llvm<"void ()*">`) and typed pointers, with the op forms of that release.

use super::modern::{alloca, call, extract_element, gep_head, insert_element, select};
use super::{extra_attrs, generic, positions, push_u64, Names};
use crate::ir::{OpData, OpKind, Type};
use std::fmt::Write;

/// Writes a type in LLVM 11 syntax.
pub fn ty(out: &mut String, t: &Type) {
    match t {
        Type::Int(w) => {
            out.push_str("!llvm.i");
            push_u64(out, *w as u64);
        }
        Type::F16 => out.push_str("!llvm.half"),
        Type::BF16 => out.push_str("!llvm.bfloat"),
        Type::F32 => out.push_str("!llvm.float"),
        Type::F64 => out.push_str("!llvm.double"),
        Type::LlvmVoid => out.push_str("!llvm.void"),
        Type::Vector(_)
        | Type::LlvmPtr(..)
        | Type::LlvmStruct(_)
        | Type::LlvmArray(..)
        | Type::LlvmFunc(_) => {
            out.push_str("!llvm<\"");
            ir(out, t);
            out.push_str("\">");
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Writes the LLVM IR spelling of a type (`float*`, `{ i64, i8* }`, `[4 x <8 x float>]`).
pub fn ir(out: &mut String, t: &Type) {
    match t {
        Type::Int(w) => {
            out.push('i');
            push_u64(out, *w as u64);
        }
        Type::F16 => out.push_str("half"),
        Type::BF16 => out.push_str("bfloat"),
        Type::F32 => out.push_str("float"),
        Type::F64 => out.push_str("double"),
        Type::LlvmVoid => out.push_str("void"),
        Type::Vector(v) => {
            out.push('<');
            push_u64(out, v.num_elements());
            out.push_str(" x ");
            ir(out, &v.elem);
            out.push('>');
        }
        Type::LlvmPtr(p, a) => {
            match &**p {
                Type::LlvmVoid => out.push_str("i8"),
                p => ir(out, p),
            }
            if *a != 0 {
                out.push_str(" addrspace(");
                push_u64(out, *a as u64);
                out.push(')');
            }
            out.push('*');
        }
        Type::LlvmStruct(fields) if fields.is_empty() => out.push_str("{}"),
        Type::LlvmStruct(fields) => {
            out.push_str("{ ");
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ir(out, f);
            }
            out.push_str(" }");
        }
        Type::LlvmArray(n, e) => {
            out.push('[');
            push_u64(out, *n);
            out.push_str(" x ");
            ir(out, e);
            out.push(']');
        }
        Type::LlvmFunc(f) => {
            ir(out, &f.result);
            out.push_str(" (");
            for (i, p) in f.params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ir(out, p);
            }
            if f.vararg {
                if !f.params.is_empty() {
                    out.push_str(", ");
                }
                out.push_str("...");
            }
            out.push(')');
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Writes the op forms of LLVM 11 (the generic form for the others); `false`, with
/// nothing written, for a call with neither callee nor operands.
pub fn op(out: &mut String, n: &Names, op: &OpData) -> bool {
    use OpKind::*;
    let ops = &op.operands;
    let nres = op.results.len();
    match op.kind {
        LlvmZero if nres == 1 => {
            out.push_str("llvm.mlir.null");
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmSelect if ops.len() == 3 => select(out, n, op),
        LlvmInsertElement if ops.len() == 3 => insert_element(out, n, op),
        LlvmExtractElement if ops.len() == 2 => extract_element(out, n, op),
        LlvmShuffleVector if ops.len() == 2 => {
            out.push_str("llvm.shufflevector ");
            n.v(out, ops[0]);
            out.push_str(", ");
            n.v(out, ops[1]);
            out.push(' ');
            positions(out, op.attr("mask"));
            extra_attrs(out, op, &["mask"], n.syntax);
            out.push_str(" : ");
            n.tys(out, ops);
        }
        LlvmGep if !ops.is_empty() && nres == 1 => gep_head(out, n, op),
        LlvmLoad | LlvmStore if typed_access(out, n, op) => {}
        LlvmAlloca if ops.len() == 1 && nres == 1 => alloca(out, n, op),
        LlvmCall => return call(out, n, op, false),
        _ => generic(out, n, op),
    }
    true
}

/// `llvm.load` and `llvm.store` as the releases of typed pointers write them (LLVM 11,
/// MLIR 13 to 16): the pointer's type after the colon, the accessed type implied by it;
/// `false`, with nothing written, for any other op or operand count.
pub(super) fn typed_access(out: &mut String, n: &Names, op: &OpData) -> bool {
    let ops = &op.operands;
    match op.kind {
        OpKind::LlvmLoad if ops.len() == 1 => {
            out.push_str("llvm.load ");
            n.v(out, ops[0]);
            extra_attrs(out, op, &["elem_type"], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[0]);
        }
        OpKind::LlvmStore if ops.len() == 2 => {
            out.push_str("llvm.store ");
            n.list(out, ops);
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[1]);
        }
        _ => return false,
    }
    true
}
