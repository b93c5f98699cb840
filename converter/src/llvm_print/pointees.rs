//! Gives an `llvm.func` of today's LLVM dialect (opaque `!llvm.ptr`) the typed pointers
//! MLIR 13 to 16 read, so that `export --release N` can print it ([`super::typed`]).
//!
//! Every pointer becomes a pointer to `i8` in its address space (in values, signatures,
//! structs, arrays and function types), the type MLIR 13's own lowering gives `malloc`
//! and `free`, so that signatures, calls, block arguments and aggregates agree without
//! knowing what any pointer points to. Where an op needs its pointer's pointee, a
//! `llvm.bitcast` (no code in LLVM IR) gives it one:
//!
//! - before a `llvm.load` or `llvm.store`: a pointer to the loaded or stored type;
//! - before a `llvm.getelementptr`: a pointer to its element type; its result points to
//!   the type its indices reach (a struct field by its constant index), and is cast
//!   back to `i8`;
//! - after a `llvm.alloca` (a pointer to its element type) and a `llvm.mlir.addressof`
//!   (a pointer to the function's type), cast back to `i8`;
//! - before an indirect `llvm.call`: a pointer to the callee's function type.
//!
//! And what those releases spell otherwise: MLIR 13 takes every `getelementptr` index as
//! an operand (each constant becomes an `llvm.mlir.constant`, `i32` for a struct
//! field); `llvm.intr.memcpy` takes its volatility as an `i1` operand (13 to 16).
//! `llvm.mlir.zero` of a pointer prints as `llvm.mlir.null`; of any other type it is
//! refused. The flags those releases lack (`inbounds`, `nusw`, `nuw` on a
//! `getelementptr`; `nsw`, `nuw`, `exact` on arithmetic) are left out, and
//! `llvm.mlir.poison` prints as `llvm.mlir.undef`: each only makes defined a value the
//! flagged op leaves poison, so a run that uses no poison computes the same values.

use crate::diag::Diagnostic;
use crate::ir::{
    Attribute, BlockId, Body, Func, LlvmFuncType, Module, NamedAttr, NewOp, OpId, OpKind, Type,
};
use crate::lower::emit::DYNAMIC_INDEX;
use std::sync::Arc;

/// `f` (an `llvm.func` of `m`) with the typed pointers of MLIR `major` (see the module's
/// doc), or the reason that release cannot express it, located at the op.
pub fn typed_form(m: &Module, f: &Func, major: u32) -> Result<Func, Diagnostic> {
    let mut f = f.clone();
    f.ty = erase(&f.ty);
    for d in f.arg_attrs.iter_mut().chain(f.res_attrs.iter_mut()) {
        erase_attrs(d);
    }
    let Some(body) = f.body.as_mut() else {
        return Ok(f);
    };
    for v in &mut body.values {
        v.ty = erase(&v.ty);
    }
    let ops: Vec<(BlockId, OpId)> = body
        .layout
        .iter()
        .flat_map(|&b| body.block(b).ops.iter().map(move |&o| (b, o)))
        .collect();
    for &(_, op) in &ops {
        erase_attrs(&mut body.op_mut(op).attrs);
    }
    for (b, op) in ops {
        retype(m, body, b, op, major).map_err(|msg| {
            Diagnostic::error(
                body.op(op).loc,
                format!("cannot export this op for MLIR {major}: {msg}"),
            )
        })?;
    }
    Ok(f)
}

/// `t` with every pointer a pointer to `i8` in its address space.
pub fn erase(t: &Type) -> Type {
    match t {
        Type::LlvmPtr(_, a) => Type::llvm_ptr_in(Type::i8(), *a),
        Type::LlvmStruct(fs) => Type::llvm_struct(fs.iter().map(erase).collect()),
        Type::LlvmArray(n, e) => Type::llvm_array(*n, erase(e)),
        Type::LlvmFunc(ft) => Type::LlvmFunc(Arc::new(LlvmFuncType {
            result: erase(&ft.result),
            params: ft.params.iter().map(erase).collect(),
            vararg: ft.vararg,
        })),
        Type::Function(ft) => Type::function(
            ft.inputs.iter().map(erase).collect(),
            ft.results.iter().map(erase).collect(),
        ),
        t => t.clone(),
    }
}

fn erase_attrs(attrs: &mut [NamedAttr]) {
    for a in attrs {
        erase_attr(&mut a.value);
    }
}

fn erase_attr(a: &mut Attribute) {
    match a {
        Attribute::Type(t) => *t = erase(t),
        Attribute::Array(xs) => xs.iter_mut().for_each(erase_attr),
        Attribute::Dict(d) => erase_attrs(d),
        _ => {}
    }
}

/// The address space of a pointer type (0 for any other).
fn space(t: &Type) -> u32 {
    match t {
        Type::LlvmPtr(_, a) => *a,
        _ => 0,
    }
}

/// Gives `op` (in block `b`) the typed pointers it needs (see the module's doc).
fn retype(m: &Module, body: &mut Body, b: BlockId, op: OpId, major: u32) -> Result<(), String> {
    use OpKind::*;
    let data = body.op(op);
    let operand_ty = |i: usize| body.value_type(data.operands[i]).clone();
    match data.kind {
        LlvmLoad if data.results.len() == 1 => {
            let p = Type::llvm_ptr_in(
                body.value_type(data.results[0]).clone(),
                space(&operand_ty(0)),
            );
            cast_operand(body, b, op, 0, p);
        }
        LlvmStore if data.operands.len() == 2 => {
            let p = Type::llvm_ptr_in(operand_ty(0), space(&operand_ty(1)));
            cast_operand(body, b, op, 1, p);
        }
        LlvmGep if !data.operands.is_empty() && data.results.len() == 1 => {
            gep(body, b, op, major)?;
        }
        LlvmAlloca if data.results.len() == 1 => {
            let elem = elem_type(data).ok_or("an alloca without its element type")?;
            let p = Type::llvm_ptr_in(elem, space(body.value_type(data.results[0])));
            typed_result(body, b, op, p);
        }
        LlvmAddressOf if data.results.len() == 1 => {
            let name = data
                .attr("global_name")
                .and_then(|a| a.as_symbol())
                .unwrap_or("");
            let ft = match m.func(name) {
                Some(g) if matches!(g.ty, Type::LlvmFunc(_)) => erase(&g.ty),
                _ => return Err(format!("the address of @{name}, which is not an llvm.func")),
            };
            let p = Type::llvm_ptr_in(ft, space(body.value_type(data.results[0])));
            typed_result(body, b, op, p);
        }
        LlvmCall if data.attr("callee").is_none() && !data.operands.is_empty() => {
            let ft = match data.attr("callee_type").and_then(|a| a.as_type()) {
                Some(t @ Type::LlvmFunc(_)) => t.clone(),
                _ => Type::LlvmFunc(Arc::new(LlvmFuncType {
                    result: data
                        .results
                        .first()
                        .map_or(Type::LlvmVoid, |&r| body.value_type(r).clone()),
                    params: (1..data.operands.len()).map(operand_ty).collect(),
                    vararg: false,
                })),
            };
            let p = Type::llvm_ptr_in(ft, space(&operand_ty(0)));
            cast_operand(body, b, op, 0, p);
        }
        LlvmMemcpy if data.operands.len() == 3 => {
            let volatile = matches!(data.attr("isVolatile"), Some(Attribute::Bool(true)));
            let c = constant_before(body, b, op, i128::from(volatile), Type::i1());
            let data = body.op_mut(op);
            data.attrs.retain(|a| a.name != "isVolatile");
            data.operands.push(c);
        }
        LlvmZero if data.results.len() == 1 => {
            let t = body.value_type(data.results[0]);
            if !matches!(t, Type::LlvmPtr(..)) {
                return Err(format!(
                    "llvm.mlir.zero of {t}: that release has only llvm.mlir.null, of a pointer"
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

/// The element type attribute of an alloca, a load or a getelementptr.
fn elem_type(op: &crate::ir::OpData) -> Option<Type> {
    op.attr("elem_type").and_then(|a| a.as_type()).cloned()
}

/// The position of `op` in block `b`.
fn position(body: &Body, b: BlockId, op: OpId) -> usize {
    body.block(b).ops.iter().position(|&o| o == op).unwrap_or(0)
}

/// Makes operand `i` of `op` a `to`, through a bitcast before `op` when it is not one.
fn cast_operand(body: &mut Body, b: BlockId, op: OpId, i: usize, to: Type) {
    let v = body.op(op).operands[i];
    if *body.value_type(v) == to {
        return;
    }
    let loc = body.op(op).loc;
    let at = position(body, b, op);
    let c = body.insert_op(
        b,
        at,
        NewOp::new(OpKind::LlvmBitcast)
            .operands([v])
            .result(to)
            .loc(loc),
    );
    let r = body.op(c).results[0];
    body.op_mut(op).operands[i] = r;
}

/// Makes `op` give a `to`, cast back to its result's type: a copy of `op` giving a `to`
/// goes before it, and `op` becomes the bitcast of the copy's result (so that the uses
/// of its result stay). Nothing when its result is a `to` already.
fn typed_result(body: &mut Body, b: BlockId, op: OpId, to: Type) {
    let r = body.op(op).results[0];
    if *body.value_type(r) == to {
        return;
    }
    let data = body.op(op);
    let mut copy = NewOp::new(data.kind)
        .operands(data.operands.clone())
        .result(to)
        .loc(data.loc);
    copy.attrs = data.attrs.clone();
    let at = position(body, b, op);
    let c = body.insert_op(b, at, copy);
    let typed = body.op(c).results[0];
    let data = body.op_mut(op);
    data.kind = OpKind::LlvmBitcast;
    data.operands = vec![typed];
    data.attrs.clear();
}

/// An `llvm.mlir.constant(value : ty)` inserted before `op`; its result.
fn constant_before(
    body: &mut Body,
    b: BlockId,
    op: OpId,
    value: i128,
    ty: Type,
) -> crate::ir::ValueId {
    let loc = body.op(op).loc;
    let at = position(body, b, op);
    let c = body.insert_op(
        b,
        at,
        NewOp::new(OpKind::LlvmConstant)
            .attr("value", Attribute::int(value, ty.clone()))
            .result(ty)
            .loc(loc),
    );
    body.op(c).results[0]
}

/// A `getelementptr`: its base cast to a pointer to its element type, its result a
/// pointer to what its indices reach (cast back), its constant indices operands in 13.
fn gep(body: &mut Body, b: BlockId, op: OpId, major: u32) -> Result<(), String> {
    let data = body.op(op);
    let elem = elem_type(data).ok_or("a getelementptr without its element type")?;
    let base_space = space(body.value_type(data.operands[0]));
    let result_space = space(body.value_type(data.results[0]));
    if base_space != result_space {
        return Err("a getelementptr into another address space than its base's".into());
    }
    let indices: Vec<i64> = super::positions_of(data.attr("indices")).collect();
    // Each index as a constant, when it is one (a dynamic operand defined by an
    // `llvm.mlir.constant` included), to find the struct fields it selects.
    let mut dynamic = data.operands[1..].iter();
    let known: Vec<Option<i64>> = indices
        .iter()
        .map(|&i| match i {
            DYNAMIC_INDEX => dynamic.next().and_then(|&v| llvm_int_constant(body, v)),
            i => Some(i),
        })
        .collect();
    let mut pointee = elem.clone();
    for (k, i) in known.iter().enumerate().skip(1) {
        pointee = match (&pointee, i) {
            (Type::LlvmStruct(fs), Some(i)) => usize::try_from(*i)
                .ok()
                .and_then(|i| fs.get(i).cloned())
                .ok_or_else(|| format!("index {k} is not a field of {pointee}"))?,
            (Type::LlvmStruct(_), None) => {
                return Err(format!("index {k} of a struct is not a constant"))
            }
            (Type::LlvmArray(_, e), _) => (**e).clone(),
            (Type::Vector(v), _) => v.elem.clone(),
            (t, _) => return Err(format!("index {k} goes into {t}, which has no elements")),
        };
    }
    cast_operand(body, b, op, 0, Type::llvm_ptr_in(elem.clone(), base_space));
    if major <= 13 {
        // Every index an operand: each constant an `llvm.mlir.constant`, of `i32` where
        // it selects a struct field (LLVM's rule), `i64` elsewhere.
        let mut ty = elem;
        let mut operands = vec![body.op(op).operands[0]];
        // A copy: the constants are inserted into the body while the operands are read.
        let given: Vec<crate::ir::ValueId> = body.op(op).operands[1..].to_vec();
        let mut dynamic = given.into_iter();
        for (k, &i) in indices.iter().enumerate() {
            let in_struct = k > 0 && matches!(ty, Type::LlvmStruct(_));
            if i == DYNAMIC_INDEX {
                operands.extend(dynamic.next());
            } else {
                let t = if in_struct { Type::i32() } else { Type::i64() };
                operands.push(constant_before(body, b, op, i128::from(i), t));
            }
            if k > 0 {
                ty = match (&ty, known[k]) {
                    (Type::LlvmStruct(fs), Some(i)) => fs[i as usize].clone(),
                    (Type::LlvmArray(_, e), _) => (**e).clone(),
                    (Type::Vector(v), _) => v.elem.clone(),
                    (t, _) => t.clone(),
                };
            }
        }
        let all = Attribute::Array(
            indices
                .iter()
                .map(|_| Attribute::int(i128::from(DYNAMIC_INDEX), Type::i64()))
                .collect(),
        );
        let data = body.op_mut(op);
        data.operands = operands;
        data.set_attr("indices", all);
    }
    typed_result(body, b, op, Type::llvm_ptr_in(pointee, result_space));
    Ok(())
}

/// The integer of an `llvm.mlir.constant` defining `v`, if one does.
fn llvm_int_constant(body: &Body, v: crate::ir::ValueId) -> Option<i64> {
    let d = body.op(body.defining_op(v)?);
    if d.kind != OpKind::LlvmConstant {
        return None;
    }
    d.attr("value")?
        .as_int()
        .and_then(|i| i64::try_from(i).ok())
}

#[cfg(test)]
mod tests {
    use crate::syntax::{export_for, parse_module, Release};

    fn export(src: &str, major: u32) -> Result<String, String> {
        let m = parse_module("t.mlir", src.as_bytes()).map_err(|d| d.to_string())?;
        export_for(&m, Release::new(major).unwrap(), false)
            .map_err(|d| format!("{}:{}: {}", d.loc.line, d.loc.col, d.message))
    }

    #[test]
    fn pointers_point_to_i8_and_ops_get_their_pointee_by_a_bitcast() {
        let src = "llvm.func @f(%p: !llvm.ptr<f32>, %q: !llvm.ptr<i8, 3>) -> f32 {\n  %x = llvm.load %p : !llvm.ptr<f32>\n  %y = llvm.load %q : !llvm.ptr<i8, 3>\n  llvm.return %x : f32\n}\n";
        let out = export(src, 13).unwrap();
        assert!(
            out.contains("llvm.func @f(%arg0: !llvm.ptr<i8>, %arg1: !llvm.ptr<i8, 3>) -> f32 {\n    %0 = llvm.bitcast %arg0 : !llvm.ptr<i8> to !llvm.ptr<f32>\n    %1 = llvm.load %0 : !llvm.ptr<f32>\n    %2 = llvm.load %arg1 : !llvm.ptr<i8, 3>\n"),
            "{out}"
        );
    }

    #[test]
    fn gep_indices_are_operands_in_13_and_constants_after() {
        let src = "llvm.func @f(%p: !llvm.ptr<struct<(i64, f32)>>) -> !llvm.ptr<f32> {\n  %g = llvm.getelementptr %p[0, 1] : (!llvm.ptr<struct<(i64, f32)>>) -> !llvm.ptr<f32>\n  llvm.return %g : !llvm.ptr<f32>\n}\n";
        let out13 = export(src, 13).unwrap();
        assert!(
            out13.contains("%1 = llvm.mlir.constant(0 : i64) : i64\n    %2 = llvm.mlir.constant(1 : i32) : i32\n    %3 = llvm.getelementptr %0[%1, %2] : (!llvm.ptr<struct<(i64, f32)>>, i64, i32) -> !llvm.ptr<f32>\n    %4 = llvm.bitcast %3 : !llvm.ptr<f32> to !llvm.ptr<i8>\n"),
            "{out13}"
        );
        let out14 = export(src, 14).unwrap();
        assert!(
            out14.contains("%1 = llvm.getelementptr %0[0, 1] : (!llvm.ptr<struct<(i64, f32)>>) -> !llvm.ptr<f32>\n"),
            "{out14}"
        );
        // Today's release reads today's syntax: opaque pointers, no casts.
        let out22 = export(src, 22).unwrap();
        assert!(
            !out22.contains("bitcast") && !out22.contains("ptr<"),
            "{out22}"
        );
    }

    #[test]
    fn shuffle_masks_and_flags_in_each_release() {
        let src = "llvm.func @f(%v: vector<2xf32>, %a: i32) -> i32 {\n  %s = llvm.shufflevector %v, %v [1, 0] : vector<2xf32>\n  %b = llvm.add %a, %a overflow<nsw> : i32\n  %c = llvm.fcmp \"false\" %v, %v : vector<2xf32>\n  llvm.return %b : i32\n}\n";
        let out15 = export(src, 15).unwrap();
        assert!(
            out15.contains(
                "llvm.shufflevector %arg0, %arg0 [1 : i32, 0 : i32] : vector<2xf32>, vector<2xf32>"
            ),
            "{out15}"
        );
        assert!(out15.contains("llvm.add %arg1, %arg1 : i32\n"), "{out15}");
        assert!(out15.contains("llvm.fcmp \"_false\""), "{out15}");
        let out16 = export(src, 16).unwrap();
        assert!(
            out16.contains("llvm.shufflevector %arg0, %arg0 [1, 0] : vector<2xf32>\n"),
            "{out16}"
        );
    }

    #[test]
    fn what_those_releases_cannot_say_is_refused_at_the_op() {
        let src =
            "llvm.func @f() -> i32 {\n  %z = llvm.mlir.zero : i32\n  llvm.return %z : i32\n}\n";
        let e = export(src, 13).unwrap_err();
        assert!(
            e.starts_with("2:8: cannot export this op for MLIR 13: llvm.mlir.zero of i32"),
            "{e}"
        );
        assert!(export(src, 22).is_ok());
    }
}
