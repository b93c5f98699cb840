//! Today's upstream LLVM-dialect syntax (what `mlir-translate` of LLVM 22 reads):
//! opaque `!llvm.ptr`, builtin scalar and vector types, and the op forms that differ
//! from the legacy notation (memory ops, calls, vector ops, intrinsics).

use super::{extra_attrs, generic, positions, positions_of, push_i64, push_u64, Names};
use crate::ir::{Attribute, OpData, OpKind, Type};
use crate::lower::emit::DYNAMIC_INDEX;
use std::fmt::Write;

/// Writes a type in today's syntax; nested LLVM types are written without the
/// `!llvm.` prefix inside structs and arrays, as upstream prints them.
pub fn ty(out: &mut String, t: &Type) {
    ty_in(out, t, true)
}

/// Writes a type, with the `!llvm.` prefix of LLVM types when `prefix` is set (the
/// type stands alone) and without it when it is nested in an LLVM type.
fn ty_in(out: &mut String, t: &Type, prefix: bool) {
    let llvm = |out: &mut String| {
        if prefix {
            out.push_str("!llvm.");
        }
    };
    match t {
        Type::LlvmVoid => {
            llvm(out);
            out.push_str("void");
        }
        Type::LlvmPtr(_, a) => {
            llvm(out);
            out.push_str("ptr");
            if *a != 0 {
                out.push('<');
                push_u64(out, *a as u64);
                out.push('>');
            }
        }
        Type::LlvmStruct(fields) => {
            llvm(out);
            out.push_str("struct<(");
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ty_in(out, f, false);
            }
            out.push_str(")>");
        }
        Type::LlvmArray(n, e) => {
            llvm(out);
            out.push_str("array<");
            push_u64(out, *n);
            out.push_str(" x ");
            ty_in(out, e, false);
            out.push('>');
        }
        Type::LlvmFunc(f) => {
            llvm(out);
            out.push_str("func<");
            ty_in(out, &f.result, false);
            out.push_str(" (");
            for (i, p) in f.params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ty_in(out, p, false);
            }
            if f.vararg {
                if !f.params.is_empty() {
                    out.push_str(", ");
                }
                out.push_str("...");
            }
            out.push_str(")>");
        }
        Type::Int(w) => {
            out.push('i');
            push_u64(out, *w as u64);
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Writes the op forms specific to this syntax (the generic form for the others);
/// `false`, with nothing written, for a call with neither callee nor operands.
pub fn op(out: &mut String, n: &Names, op: &OpData) -> bool {
    use OpKind::*;
    let ops = &op.operands;
    let nres = op.results.len();
    match op.kind {
        LlvmZero if nres == 1 => {
            out.push_str("llvm.mlir.zero");
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        k if k.llvm_float_intrinsic_arity() == Some(ops.len()) && nres == 1 => {
            out.push_str(k.name());
            out.push('(');
            n.list(out, ops);
            out.push(')');
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : (");
            for (i, &o) in ops.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                n.vty(out, o);
            }
            out.push_str(") -> ");
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
            n.vty(out, ops[0]);
        }
        LlvmGep if !ops.is_empty() && nres == 1 => {
            // The flags as MLIR's bit mask (`noWrapFlags`): inbounds 3, nusw 2, nuw 4.
            if let Some(f) = op.attr("noWrapFlags").and_then(|a| a.as_int()) {
                let mut names = Vec::new();
                if f & 3 == 3 {
                    names.push("inbounds");
                } else if f & 2 != 0 {
                    names.push("nusw");
                }
                if f & 4 != 0 {
                    names.push("nuw");
                }
                if !names.is_empty() {
                    out.push_str("llvm.getelementptr ");
                    out.push_str(&names.join("|"));
                    out.push(' ');
                    let mut head = String::new();
                    gep_head(&mut head, n, op);
                    out.push_str(head.strip_prefix("llvm.getelementptr ").unwrap_or(&head));
                    out.push_str(", ");
                    if let Some(t) = op.attr("elem_type").and_then(|a| a.as_type()) {
                        ty(out, t);
                    }
                    return true;
                }
            }
            gep_head(out, n, op);
            out.push_str(", ");
            if let Some(t) = op.attr("elem_type").and_then(|a| a.as_type()) {
                ty(out, t);
            }
        }
        LlvmLoad if ops.len() == 1 && nres == 1 => {
            out.push_str("llvm.load ");
            n.v(out, ops[0]);
            extra_attrs(out, op, &["elem_type"], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[0]);
            out.push_str(" -> ");
            n.vty(out, op.results[0]);
        }
        LlvmStore if ops.len() == 2 => {
            out.push_str("llvm.store ");
            n.list(out, ops);
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.tys(out, ops);
        }
        LlvmAlloca if ops.len() == 1 && nres == 1 => alloca(out, n, op),
        LlvmCall => return call(out, n, op, true),
        LlvmMemcpy if ops.len() == 3 => {
            let vol = matches!(op.attr("isVolatile"), Some(Attribute::Bool(true)));
            out.push_str("\"llvm.intr.memcpy\"(");
            n.list(out, ops);
            out.push_str(") <{isVolatile = ");
            out.push_str(if vol { "true" } else { "false" });
            out.push_str("}> : (");
            n.tys(out, ops);
            out.push_str(") -> ()");
        }
        _ => generic(out, n, op),
    }
    true
}

/// `llvm.select %c, %a, %b {attrs} : i1, T` (both syntaxes).
pub(crate) fn select(out: &mut String, n: &Names, op: &OpData) {
    out.push_str("llvm.select ");
    n.list(out, &op.operands);
    extra_attrs(out, op, &[], n.syntax);
    out.push_str(" : ");
    n.tys(out, &op.operands[..2]);
}

/// `llvm.insertelement %x, %v[%i : T] : V` (both syntaxes).
pub(crate) fn insert_element(out: &mut String, n: &Names, op: &OpData) {
    let ops = &op.operands;
    out.push_str("llvm.insertelement ");
    n.v(out, ops[1]);
    out.push_str(", ");
    n.v(out, ops[0]);
    out.push('[');
    n.v(out, ops[2]);
    out.push_str(" : ");
    n.vty(out, ops[2]);
    out.push(']');
    extra_attrs(out, op, &[], n.syntax);
    out.push_str(" : ");
    n.vty(out, ops[0]);
}

/// `llvm.extractelement %v[%i : T] : V` (both syntaxes).
pub(crate) fn extract_element(out: &mut String, n: &Names, op: &OpData) {
    let ops = &op.operands;
    out.push_str("llvm.extractelement ");
    n.v(out, ops[0]);
    out.push('[');
    n.v(out, ops[1]);
    out.push_str(" : ");
    n.vty(out, ops[1]);
    out.push(']');
    extra_attrs(out, op, &[], n.syntax);
    out.push_str(" : ");
    n.vty(out, ops[0]);
}

/// `llvm.alloca %n x T {alignment, attrs} : (I) -> P`, with `T` in the op's syntax.
pub(crate) fn alloca(out: &mut String, n: &Names, op: &OpData) {
    out.push_str("llvm.alloca ");
    n.v(out, op.operands[0]);
    out.push_str(" x ");
    if let Some(t) = op.attr("elem_type").and_then(|a| a.as_type()) {
        n.ty(out, t);
    }
    extra_attrs(out, op, &["elem_type"], n.syntax);
    out.push_str(" : (");
    n.vty(out, op.operands[0]);
    out.push_str(") -> ");
    n.vty(out, op.results[0]);
}

/// `llvm.call @f(%a) : (A) -> R`; an indirect call names the function pointer first
/// and, when `fptr_type` (today's syntax), writes its type before the argument types.
/// `false`, with nothing written, when there is neither callee nor operand.
pub(crate) fn call(out: &mut String, n: &Names, op: &OpData, fptr_type: bool) -> bool {
    let ops = &op.operands;
    let callee = op.attr("callee");
    let symbol = callee.and_then(|a| a.as_symbol());
    if symbol.is_none() && ops.is_empty() {
        return false;
    }
    out.push_str("llvm.call ");
    let args = match symbol {
        Some(c) => {
            crate::syntax::printer::write_symbol(out, c);
            &ops[..]
        }
        None => {
            n.v(out, ops[0]);
            &ops[1..]
        }
    };
    out.push('(');
    n.list(out, args);
    out.push(')');
    // Every attribute but the two the syntax spells: a direct call in generic form may
    // come without `callee_type`, and its other attributes are printed all the same.
    super::extra_attrs(out, op, &["callee", "callee_type"], n.syntax);
    out.push_str(" : ");
    if fptr_type && callee.is_none() {
        n.vty(out, ops[0]);
        out.push_str(", ");
    }
    out.push('(');
    n.tys(out, args);
    out.push_str(") -> ");
    match op.results.first() {
        Some(&r) => n.vty(out, r),
        None => out.push_str("()"),
    }
    true
}

/// Writes `llvm.getelementptr %base[indices] {attrs} : (B, dynamic index types) -> R`:
/// the indices mix constants and dynamic operands (by name); the attributes are those
/// the form does not spell (the element type, the indices, the flags).
pub(crate) fn gep_head(out: &mut String, n: &Names, op: &OpData) {
    let ops = &op.operands;
    out.push_str("llvm.getelementptr ");
    n.v(out, ops[0]);
    out.push('[');
    let mut dynamic = ops[1..].iter();
    let mut first = true;
    for i in positions_of(op.attr("indices")) {
        let sep = |out: &mut String, first: &mut bool| {
            if !*first {
                out.push_str(", ");
            }
            *first = false;
        };
        if i == DYNAMIC_INDEX {
            if let Some(&v) = dynamic.next() {
                sep(out, &mut first);
                n.v(out, v);
            }
        } else {
            sep(out, &mut first);
            push_i64(out, i);
        }
    }
    out.push(']');
    extra_attrs(out, op, &["elem_type", "indices", "noWrapFlags"], n.syntax);
    out.push_str(" : (");
    n.vty(out, ops[0]);
    let used = positions_of(op.attr("indices"))
        .filter(|&i| i == DYNAMIC_INDEX)
        .count()
        .min(ops.len() - 1);
    for &v in &ops[1..1 + used] {
        out.push_str(", ");
        n.vty(out, v);
    }
    out.push_str(") -> ");
    n.vty(out, op.results[0]);
}
