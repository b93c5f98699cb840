//! The LLVM dialect of MLIR 13 to 16, which has typed pointers: `!llvm.ptr<f32>`,
//! `!llvm.ptr<i8, 3>`, `ptr<i8>` inside a struct, `!llvm.ptr<func<i32 (i64)>>`. The op
//! forms are LLVM 11's where they differ from today's (a load or store typed by its
//! pointer alone, a getelementptr without its element type, `llvm.mlir.null`, an
//! indirect call typed by its function type alone, intrinsics in the generic form), with
//! what each of these releases' `mlir-opt` reads:
//!
//! - a shuffle mask of `i32` attributes and both operand types
//!   (`[0 : i32, 1 : i32] : vector<4xf32>, vector<4xf32>`) up to 15, today's form in 16;
//! - no flags on arithmetic or `getelementptr` (left out: see
//!   [`super::pointees`], which prepares a function for this printing).
//!
//! The pointees are the IR's: [`super::pointees::typed_form`] decides them.

use super::legacy::typed_access;
use super::modern::{alloca, call, extract_element, gep_head, insert_element, select};
use super::{extra_attrs, generic, positions, positions_of, push_i64, push_u64, Names};
use crate::ir::{OpData, OpKind, Type};
use std::fmt::Write;

/// Writes a type as MLIR 13 to 16 print it.
pub fn ty(out: &mut String, t: &Type) {
    ty_in(out, t, true)
}

/// Writes a type, with the `!llvm.` prefix of LLVM types when `prefix` is set (the
/// type stands alone) and without it inside another LLVM type.
fn ty_in(out: &mut String, t: &Type, prefix: bool) {
    if prefix && matches!(t, Type::LlvmPtr(..) | Type::LlvmVoid) {
        out.push_str("!llvm.");
    }
    match t {
        Type::LlvmVoid => out.push_str("void"),
        Type::LlvmPtr(p, a) => {
            out.push_str("ptr<");
            match &**p {
                Type::LlvmVoid => out.push_str("i8"),
                p => ty_in(out, p, false),
            }
            if *a != 0 {
                out.push_str(", ");
                push_u64(out, *a as u64);
            }
            out.push('>');
        }
        Type::LlvmStruct(fields) => {
            if prefix {
                out.push_str("!llvm.");
            }
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
            if prefix {
                out.push_str("!llvm.");
            }
            out.push_str("array<");
            push_u64(out, *n);
            out.push_str(" x ");
            ty_in(out, e, false);
            out.push('>');
        }
        Type::LlvmFunc(f) => {
            if prefix {
                out.push_str("!llvm.");
            }
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
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Writes the op forms of MLIR `major` (13 to 16) that differ from the shared ones (the
/// generic form for the rest); `false`, with nothing written, for a call with neither
/// callee nor operands.
pub fn op(out: &mut String, n: &Names, op: &OpData, major: u32) -> bool {
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
        LlvmPoison if nres == 1 => {
            out.push_str("llvm.mlir.undef");
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmSelect if ops.len() == 3 => select(out, n, op),
        LlvmInsertElement if ops.len() == 3 => insert_element(out, n, op),
        LlvmExtractElement if ops.len() == 2 => extract_element(out, n, op),
        LlvmShuffleVector if ops.len() == 2 => {
            out.push_str("llvm.shufflevector ");
            n.list(out, ops);
            out.push(' ');
            if major >= 16 {
                positions(out, op.attr("mask"));
                extra_attrs(out, op, &["mask"], n.syntax);
                out.push_str(" : ");
                n.vty(out, ops[0]);
            } else {
                out.push('[');
                for (i, p) in positions_of(op.attr("mask")).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    push_i64(out, p);
                    out.push_str(" : i32");
                }
                out.push(']');
                extra_attrs(out, op, &["mask"], n.syntax);
                out.push_str(" : ");
                n.tys(out, ops);
            }
        }
        LlvmGep if !ops.is_empty() && nres == 1 => gep_head(out, n, op),
        LlvmLoad | LlvmStore if typed_access(out, n, op) => {}
        LlvmAlloca if ops.len() == 1 && nres == 1 => alloca(out, n, op),
        LlvmCall => return call(out, n, op, false),
        _ => generic(out, n, op),
    }
    true
}
