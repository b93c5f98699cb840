//! Rules of the LLVM dialect as the lowering emits it: which types may appear in an
//! `llvm.func` (no `index`, memref, builtin function type or `bf16`, not even nested
//! in a struct, array or pointer; only 1-D vectors), and the operand, result and
//! attribute rules of each LLVM op (arithmetic, comparisons, casts, aggregates,
//! memory, calls, constants and terminators).
//!
//! Where an op's operand order differs between upstream's ODS definition and its
//! assembly syntax (`llvm.insertvalue`, `llvm.insertelement`), the aggregate operand
//! is recognised by its type, which always equals the result type.

use super::std_ops::{check_predicate, cond_br, dense_problem};
use super::{bool_like, select, shape, type_list, OpCheck};
use crate::diag::Diagnostic;
use crate::ir::CMPI_PREDICATES;
use crate::ir::{Attribute, Func, FuncKind, LlvmFuncType, LlvmOp, Type};

/// The largest address space LLVM IR represents (24 bits).
pub const MAX_ADDR_SPACE: u32 = 0xFF_FFFF;

/// The marker of a dynamic index in `llvm.getelementptr`'s `indices` attribute.
const DYNAMIC_INDEX: i128 = i64::MIN as i128;

/// Why `t` (or a type nested in it) cannot appear in the LLVM dialect, with the
/// offending (sub)type. `value` is false for the pointee of a pointer, where function
/// types are allowed.
pub(super) fn type_problem(t: &Type, value: bool) -> Option<(&'static str, &Type)> {
    match t {
        Type::Int(0) => Some(("zero-width integer", t)),
        Type::Int(_) | Type::F16 | Type::F32 | Type::F64 => None,
        Type::BF16 => Some(("bf16 cannot be converted to the LLVM dialect", t)),
        Type::Index => Some(("index is a Standard-dialect type", t)),
        Type::MemRef(_) | Type::UnrankedMemRef(..) => {
            Some(("memref is a Standard-dialect type", t))
        }
        Type::Function(_) => Some(("builtin function types are Standard-dialect types", t)),
        Type::Vector(v) => {
            if v.shape.len() != 1 {
                Some(("LLVM vectors are one-dimensional", t))
            } else if !matches!(
                v.elem,
                Type::Int(_) | Type::F16 | Type::F32 | Type::F64 | Type::LlvmPtr(..)
            ) {
                type_problem(&v.elem, true).or(Some(("invalid vector element type", t)))
            } else {
                None
            }
        }
        Type::LlvmVoid => Some(("void is only valid as a function result", t)),
        Type::LlvmPtr(_, a) if *a > MAX_ADDR_SPACE => {
            Some(("an address space above LLVM's limit of 16777215", t))
        }
        Type::LlvmPtr(p, _) => type_problem(p, false),
        Type::LlvmStruct(fields) => fields.iter().find_map(|f| type_problem(f, true)),
        Type::LlvmArray(_, e) => type_problem(e, true),
        Type::LlvmFunc(ft) => {
            if value {
                return Some(("a function type is not a value type", t));
            }
            func_type_problem(ft)
        }
    }
}

fn func_type_problem(ft: &LlvmFuncType) -> Option<(&'static str, &Type)> {
    let r = match &ft.result {
        Type::LlvmVoid => None,
        r => type_problem(r, true),
    };
    r.or_else(|| ft.params.iter().find_map(|p| type_problem(p, true)))
}

/// Checks the signature of an llvm.func.
pub(super) fn check_signature(f: &Func, ft: &LlvmFuncType, errs: &mut Vec<Diagnostic>) {
    if let Some((reason, sub)) = func_type_problem(ft) {
        errs.push(Diagnostic::error(
            f.loc,
            format!(
                "llvm.func @{} has type {}, which contains {sub}: {reason}",
                f.name, f.ty
            ),
        ));
    }
}

fn is_int_like(t: &Type) -> bool {
    t.scalar_of().is_integer()
}

fn is_float_like(t: &Type) -> bool {
    matches!(
        t.scalar_of(),
        Type::F16 | Type::F32 | Type::F64 | Type::BF16
    )
}

fn is_ptr(t: &Type) -> bool {
    matches!(t, Type::LlvmPtr(..))
}

/// Checks an LLVM op (Standard and unregistered ops have rules elsewhere). The match
/// over `LlvmOp` has no catch-all: a new LLVM op is a compile error here until it has
/// a rule.
pub(super) fn check(c: &mut OpCheck) {
    use LlvmOp::*;
    let Some(op) = c.op.kind.llvm() else {
        return;
    };
    match op {
        LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem | LlvmAnd
        | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr => {
            same_types(c, 2, is_int_like, "integer or vector of integers")
        }
        LlvmFAdd | LlvmFSub | LlvmFMul | LlvmFDiv | LlvmFRem => {
            same_types(c, 2, is_float_like, "float or vector of floats")
        }
        LlvmFNeg => same_types(c, 1, is_float_like, "float or vector of floats"),
        LlvmFAbs | LlvmSqrt | LlvmExp | LlvmExp2 | LlvmLog | LlvmLog2 | LlvmLog10 | LlvmSin
        | LlvmCos | LlvmCeil | LlvmCopySign => float_intrinsic(c, op),
        LlvmICmp => compare(c, &CMPI_PREDICATES, true),
        LlvmFCmp => compare(c, &FCMP_PREDICATES, false),
        LlvmSelect => select(c),
        LlvmSExt | LlvmZExt => cast(c, Cast::IntExt),
        LlvmTrunc => cast(c, Cast::IntTrunc),
        LlvmSIToFP => cast(c, Cast::SIToFP),
        LlvmFPToSI => cast(c, Cast::FPToSI),
        LlvmFPExt => cast(c, Cast::FPExt),
        LlvmFPTrunc => cast(c, Cast::FPTrunc),
        LlvmBitcast => ptr_cast(c, PtrCast::Bitcast),
        LlvmPtrToInt => ptr_cast(c, PtrCast::PtrToInt),
        LlvmIntToPtr => ptr_cast(c, PtrCast::IntToPtr),
        LlvmAddrSpaceCast => ptr_cast(c, PtrCast::AddrSpaceCast),
        LlvmInsertValue => insert_value(c),
        LlvmExtractValue => extract_value(c),
        LlvmInsertElement => insert_element(c),
        LlvmExtractElement => extract_element(c),
        LlvmShuffleVector => shuffle_vector(c),
        LlvmGep => gep(c),
        LlvmLoad => load(c),
        LlvmStore => store(c),
        LlvmAlloca => alloca(c),
        LlvmCall => call(c),
        LlvmReturn => ret(c),
        LlvmBr | LlvmUnreachable => {
            c.counts(0, 0);
        }
        LlvmCondBr => cond_br(c),
        LlvmConstant => constant(c),
        LlvmUndef | LlvmPoison | LlvmZero => {
            c.counts(0, 1);
        }
        LlvmAddressOf => address_of(c),
        LlvmMemcpy => memcpy(c),
    }
}

/// A float intrinsic: its operands (as many as its class says) and its result all of
/// one float type.
fn float_intrinsic(c: &mut OpCheck, op: LlvmOp) {
    let n = op.kind().llvm_float_intrinsic_arity().unwrap_or(1);
    same_types(c, n, is_float_like, "float or vector of floats")
}

/// `llvm.fcmp` predicates: LLVM 11's names, plus today's `_false`/`_true` spelling.
const FCMP_PREDICATES: [&str; 18] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true", "_false", "_true",
];

/// `n` operands and one result, all of one type satisfying `pred`.
fn same_types(c: &mut OpCheck, n: usize, pred: fn(&Type) -> bool, what: &str) {
    if !c.counts(n, 1) {
        return;
    }
    let r = c.result(0).unwrap();
    // The list is only collected for the message (this runs on every lowered op).
    if (0..n).any(|i| c.operand(i) != Some(r)) {
        let ops: Vec<&Type> = (0..n).map(|i| c.operand(i).unwrap()).collect();
        c.err(format_args!(
            "requires the same type for all operands and results, found {} -> {r}",
            type_list(ops.iter().copied())
        ));
    } else if !pred(r) {
        c.err(format_args!("operands must be {what}, found {r}"));
    }
}

fn compare(c: &mut OpCheck, preds: &[&str], int: bool) {
    check_predicate(c, preds);
    if !c.counts(2, 1) {
        return;
    }
    let (a, b, r) = (
        c.operand(0).unwrap(),
        c.operand(1).unwrap(),
        c.result(0).unwrap(),
    );
    if a != b {
        c.err(format_args!(
            "requires both operands to have the same type, found {a} and {b}"
        ));
        return;
    }
    let ok = if int {
        is_int_like(a) || is_ptr(a.scalar_of())
    } else {
        is_float_like(a)
    };
    if !ok {
        let what = if int {
            "integers, pointers or vectors of them"
        } else {
            "floats or vectors of floats"
        };
        c.err(format_args!("operands must be {what}, found {a}"));
        return;
    }
    let want = bool_like(a);
    if *r != want {
        c.err(format_args!(
            "result must be {want} for operands of type {a}, found {r}"
        ));
    }
}

/// The rule of a non-pointer LLVM cast.
#[derive(Clone, Copy)]
enum Cast {
    /// `llvm.sext`, `llvm.zext`.
    IntExt,
    IntTrunc,
    SIToFP,
    FPToSI,
    FPExt,
    FPTrunc,
}

fn cast(c: &mut OpCheck, rule: Cast) {
    if !c.counts(1, 1) {
        return;
    }
    let (from, to) = (c.operand(0).unwrap(), c.result(0).unwrap());
    if shape(from) != shape(to) {
        c.err(format_args!(
            "operand and result must both be scalars or vectors of one length, found {from} -> {to}"
        ));
        return;
    }
    let (a, b) = (from.scalar_of(), to.scalar_of());
    let (wa, wb) = (a.bit_width().unwrap_or(0), b.bit_width().unwrap_or(0));
    let problem = match rule {
        Cast::IntExt => (!(a.is_integer() && b.is_integer() && wb > wa))
            .then_some("extends an integer to a strictly wider integer type"),
        Cast::IntTrunc => (!(a.is_integer() && b.is_integer() && wb < wa))
            .then_some("truncates an integer to a strictly narrower integer type"),
        Cast::SIToFP => {
            (!(a.is_integer() && is_float_like(b))).then_some("casts an integer to a float")
        }
        Cast::FPToSI => {
            (!(is_float_like(a) && b.is_integer())).then_some("casts a float to an integer")
        }
        Cast::FPExt => (!(is_float_like(a) && is_float_like(b) && wb > wa))
            .then_some("extends a float to a strictly wider float type"),
        Cast::FPTrunc => (!(is_float_like(a) && is_float_like(b) && wb < wa))
            .then_some("truncates a float to a strictly narrower float type"),
    };
    if let Some(p) = problem {
        c.err(format_args!("{p}, found {from} -> {to}"));
    }
}

/// The size in bits of a scalar or vector type (pointers and aggregates: `None`).
fn bit_size(t: &Type) -> Option<u64> {
    match t {
        Type::Vector(v) => Some(v.num_elements() * v.elem.bit_width()? as u64),
        t => t.bit_width().map(u64::from),
    }
}

/// A cast that may involve pointers.
#[derive(Clone, Copy)]
enum PtrCast {
    Bitcast,
    PtrToInt,
    IntToPtr,
    AddrSpaceCast,
}

fn ptr_cast(c: &mut OpCheck, rule: PtrCast) {
    if !c.counts(1, 1) {
        return;
    }
    let (a, b) = (c.operand(0).unwrap(), c.result(0).unwrap());
    let ok = match rule {
        PtrCast::PtrToInt => is_ptr(a) && b.is_integer(),
        PtrCast::IntToPtr => a.is_integer() && is_ptr(b),
        // LLVM's verifier: "AddrSpaceCast must be between different address spaces".
        PtrCast::AddrSpaceCast => is_ptr(a) && is_ptr(b) && a.addr_space() != b.addr_space(),
        // A bitcast keeps the address space; changing it takes an addrspacecast.
        PtrCast::Bitcast => {
            (is_ptr(a) && is_ptr(b) && a.addr_space() == b.addr_space())
                || matches!((bit_size(a), bit_size(b)), (Some(x), Some(y)) if x == y)
        }
    };
    if !ok {
        let what = match rule {
            PtrCast::PtrToInt => "casts a pointer to an integer",
            PtrCast::IntToPtr => "casts an integer to a pointer",
            PtrCast::AddrSpaceCast => "casts a pointer to a pointer in another address space",
            PtrCast::Bitcast if is_ptr(a) && is_ptr(b) => {
                "casts between pointers of one address space (llvm.addrspacecast changes it)"
            }
            PtrCast::Bitcast => {
                "casts between pointers or between non-aggregate types of one bit size"
            }
        };
        c.err(format_args!("{what}, found {a} -> {b}"));
    }
}

/// The type at `position` inside the aggregate `agg`.
fn field_at<'t>(agg: &'t Type, position: &[Attribute]) -> Result<&'t Type, String> {
    if position.is_empty() {
        return Err("has an empty 'position'".into());
    }
    let mut t = agg;
    for (depth, p) in position.iter().enumerate() {
        let Some(i) = p.as_int() else {
            return Err("has a non-integer entry in 'position'".into());
        };
        t = match t {
            Type::LlvmStruct(fields) if i >= 0 && (i as usize) < fields.len() => {
                &fields[i as usize]
            }
            Type::LlvmArray(n, e) if i >= 0 && (i as u64) < *n => e,
            Type::LlvmStruct(_) | Type::LlvmArray(..) => {
                return Err(format!(
                    "position {} index {i} is out of range for {t} (in {agg})",
                    position_text(position)
                ))
            }
            _ => {
                return Err(format!(
                    "position {} indexes into non-aggregate type {t} at depth {depth} (in {agg})",
                    position_text(position)
                ))
            }
        };
    }
    Ok(t)
}

fn position_text(position: &[Attribute]) -> String {
    let items: Vec<String> = position
        .iter()
        .map(|a| a.as_int().map_or_else(|| "?".into(), |i| i.to_string()))
        .collect();
    format!("[{}]", items.join(", "))
}

fn position<'a>(c: &mut OpCheck<'_, 'a>) -> Option<&'a [Attribute]> {
    let p = c.op.attr("position").and_then(Attribute::as_array);
    if p.is_none() {
        c.err("requires an array 'position' attribute");
    }
    p
}

fn insert_value(c: &mut OpCheck) {
    if !c.counts(2, 1) {
        return;
    }
    let r = c.result(0).unwrap();
    let (a, b) = (c.operand(0).unwrap(), c.operand(1).unwrap());
    let value = if a == r {
        b
    } else if b == r {
        a
    } else {
        c.err(format_args!(
            "requires the container operand to have the result type {r}, found operands {a} and {b}"
        ));
        return;
    };
    let Some(pos) = position(c) else { return };
    match field_at(r, pos) {
        Ok(f) if f == value => {}
        Ok(f) => c.err(format_args!(
            "inserts a value of type {value} at position {} of type {f}",
            position_text(pos)
        )),
        Err(e) => c.err(e),
    }
}

fn extract_value(c: &mut OpCheck) {
    if !c.counts(1, 1) {
        return;
    }
    let (agg, r) = (c.operand(0).unwrap(), c.result(0).unwrap());
    let Some(pos) = position(c) else { return };
    match field_at(agg, pos) {
        Ok(f) if f == r => {}
        Ok(f) => c.err(format_args!(
            "result type {r} does not match the type {f} at position {}",
            position_text(pos)
        )),
        Err(e) => c.err(e),
    }
}

fn insert_element(c: &mut OpCheck) {
    if !c.counts(3, 1) {
        return;
    }
    let r = c.result(0).unwrap();
    let Some(v) = r.as_vector() else {
        c.err(format_args!("result must be a vector, found {r}"));
        return;
    };
    let ops: Vec<&Type> = (0..3).map(|i| c.operand(i).unwrap()).collect();
    // The vector operand comes first (ODS order) or second (assembly order); the
    // value always precedes the position.
    let (value, index) = if ops[0] == r {
        (ops[1], ops[2])
    } else if ops[1] == r {
        (ops[0], ops[2])
    } else {
        c.err(format_args!(
            "requires a vector operand of the result type {r}, found {}",
            type_list(ops.iter().copied())
        ));
        return;
    };
    if *value != v.elem {
        c.err(format_args!(
            "inserts a value of type {value} into a vector of {}",
            v.elem
        ));
    }
    if !index.is_integer() {
        c.err(format_args!("position must be an integer, found {index}"));
    }
}

fn extract_element(c: &mut OpCheck) {
    if !c.counts(2, 1) {
        return;
    }
    let (a, i, r) = (
        c.operand(0).unwrap(),
        c.operand(1).unwrap(),
        c.result(0).unwrap(),
    );
    let Some(v) = a.as_vector() else {
        c.err(format_args!("operand #0 must be a vector, found {a}"));
        return;
    };
    if *r != v.elem {
        c.err(format_args!(
            "result type {r} does not match the element type {}",
            v.elem
        ));
    }
    if !i.is_integer() {
        c.err(format_args!("position must be an integer, found {i}"));
    }
}

fn shuffle_vector(c: &mut OpCheck) {
    if !c.counts(2, 1) {
        return;
    }
    let (a, b, r) = (
        c.operand(0).unwrap(),
        c.operand(1).unwrap(),
        c.result(0).unwrap(),
    );
    let Some(v) = a.as_vector() else {
        c.err(format_args!("operands must be vectors, found {a}"));
        return;
    };
    if a != b {
        c.err(format_args!(
            "requires both operands to have the same type, found {a} and {b}"
        ));
        return;
    }
    let Some(mask) = c.op.attr("mask").and_then(Attribute::as_array) else {
        c.err("requires an array 'mask' attribute");
        return;
    };
    let limit = 2 * v.num_elements() as i128;
    if mask
        .iter()
        .any(|m| !matches!(m.as_int(), Some(i) if i == -1 || (0..limit).contains(&i)))
    {
        c.err(format_args!("mask entries must be -1 or less than {limit}"));
    }
    let want = Type::vector(vec![mask.len() as u64], v.elem.clone());
    if *r != want {
        c.err(format_args!("result must be {want}, found {r}"));
    }
}

fn check_alignment(c: &mut OpCheck) {
    if let Some(a) = c.op.attr("alignment") {
        match a.as_int() {
            Some(v) if v > 0 && (v & (v - 1)) == 0 => {}
            _ => c.err("'alignment' must be a positive power of two"),
        }
    }
}

/// The `elem_type` attribute, if present (reporting a non-type attribute).
fn elem_type<'a>(c: &mut OpCheck<'_, 'a>) -> Option<&'a Type> {
    let a = c.op.attr("elem_type")?;
    let t = a.as_type();
    match t {
        None => c.err("'elem_type' must be a type attribute"),
        Some(t) => {
            if let Some((reason, sub)) = type_problem(t, true) {
                c.err(format_args!("'elem_type' {t} contains {sub}: {reason}"));
            }
        }
    }
    t
}

fn gep(c: &mut OpCheck) {
    if !c.min_operands(1) || !c.result_count(1) {
        return;
    }
    let (base, r) = (c.operand(0).unwrap(), c.result(0).unwrap());
    if !is_ptr(base) {
        c.err(format_args!("base must be a pointer, found {base}"));
    }
    if !is_ptr(r) {
        c.err(format_args!("result must be a pointer, found {r}"));
    } else if is_ptr(base) && base.addr_space() != r.addr_space() && !c.cx.opaque_ptrs {
        // (Not in mlir-opt's output, which reads an unranked memref's sizes through a
        // `getelementptr` from the descriptor in space 0 typed in the memref's space,
        // and translates it in space 0: see `verify_opaque_llvm_module`.)
        c.err(format_args!(
            "result must be in the address space of the base pointer, found {base} -> {r}"
        ));
    }
    for i in 1..c.op.operands.len() {
        let t = c.operand(i).unwrap();
        if !t.is_integer() {
            c.err(format_args!(
                "index operand #{i} must be an integer, found {t}"
            ));
        }
    }
    let elem = elem_type(c).or(match base {
        Type::LlvmPtr(p, _) if !c.cx.opaque_ptrs => Some(&**p),
        _ => None,
    });
    if let (Type::LlvmPtr(p, _), Some(e)) = (base, elem) {
        if **p != *e && !c.cx.opaque_ptrs {
            c.err(format_args!(
                "'elem_type' {e} differs from the pointee {p} of the base pointer"
            ));
        }
    }
    let Some(attr) = c.op.attr("indices") else {
        // Every operand after the base is a dynamic index over the element type.
        if let Some(e) = elem {
            check_pointee(c, r, e, "the result");
        }
        return;
    };
    let Some(indices) = attr.as_array() else {
        c.err("'indices' must be an array of integers");
        return;
    };
    let dynamic = indices
        .iter()
        .filter(|a| a.as_int() == Some(DYNAMIC_INDEX))
        .count();
    if dynamic != c.op.operands.len() - 1 {
        c.err(format_args!(
            "'indices' names {dynamic} dynamic index{}, but {} index operand{} given",
            if dynamic == 1 { "" } else { "es" },
            c.op.operands.len() - 1,
            if c.op.operands.len() == 2 {
                " is"
            } else {
                "s are"
            }
        ));
    }
    // Indices after the first step into the element type.
    let Some(mut t) = elem else { return };
    for a in indices.iter().skip(1) {
        let Some(i) = a.as_int() else {
            c.err("'indices' must be an array of integers");
            return;
        };
        t = match t {
            Type::LlvmStruct(fields) => {
                if i == DYNAMIC_INDEX {
                    c.err(format_args!("indexes struct {t} with a dynamic index"));
                    return;
                }
                match usize::try_from(i).ok().and_then(|i| fields.get(i)) {
                    Some(f) => f,
                    None => {
                        c.err(format_args!("index {i} is out of range for struct {t}"));
                        return;
                    }
                }
            }
            Type::LlvmArray(_, e) => e,
            Type::Vector(v) => &v.elem,
            _ => {
                c.err(format_args!("indexes into non-aggregate type {t}"));
                return;
            }
        };
    }
    check_pointee(c, r, t, "the result");
}

/// Typed pointers (kept for the legacy printer) must agree with what is accessed
/// through them: reports `ptr` when it points to something other than `want`.
/// Nothing to check in a module of opaque pointers.
fn check_pointee(c: &mut OpCheck, ptr: &Type, want: &Type, what: &str) {
    if c.cx.opaque_ptrs {
        return;
    }
    if let Type::LlvmPtr(p, _) = ptr {
        if **p != *want {
            c.err(format_args!(
                "{what} is a pointer to {p}, but the accessed type is {want}"
            ));
        }
    }
}

fn load(c: &mut OpCheck) {
    check_alignment(c);
    if !c.counts(1, 1) {
        return;
    }
    let (p, r) = (c.operand(0).unwrap(), c.result(0).unwrap());
    if !is_ptr(p) {
        c.err(format_args!("address must be a pointer, found {p}"));
    }
    if let Some(e) = elem_type(c) {
        if e != r {
            c.err(format_args!(
                "result type {r} does not match 'elem_type' {e}"
            ));
        }
    }
    check_pointee(c, p, r, "the address");
}

fn store(c: &mut OpCheck) {
    check_alignment(c);
    if !c.counts(2, 0) {
        return;
    }
    let p = c.operand(1).unwrap();
    if !is_ptr(p) {
        c.err(format_args!(
            "address (operand #1) must be a pointer, found {p}"
        ));
    }
    let v = c.operand(0).unwrap();
    check_pointee(c, p, v, "the address");
}

fn alloca(c: &mut OpCheck) {
    check_alignment(c);
    if !c.counts(1, 1) {
        return;
    }
    let (n, r) = (c.operand(0).unwrap(), c.result(0).unwrap());
    if !n.is_integer() {
        c.err(format_args!("array size must be an integer, found {n}"));
    }
    if !is_ptr(r) {
        c.err(format_args!("result must be a pointer, found {r}"));
    }
    if let Some(e) = elem_type(c) {
        check_pointee(c, r, e, "the result");
    }
}

/// Checks call operands (from `first`) and results against an LLVM function type.
fn check_call_types(c: &mut OpCheck, first: usize, ft: &LlvmFuncType, what: &str) {
    let args: Vec<&Type> = c.op.operands[first.min(c.op.operands.len())..]
        .iter()
        .map(|&v| c.cx.ty(v))
        .collect();
    let count_ok = if ft.vararg {
        args.len() >= ft.params.len()
    } else {
        args.len() == ft.params.len()
    };
    if !count_ok || args.iter().zip(&ft.params).any(|(g, w)| *g != w) {
        c.err(format_args!(
            "operand types {} do not match the parameter types {} of {what}",
            type_list(args.iter().copied()),
            type_list(&ft.params)
        ));
    }
    let res: Vec<&Type> = c.op.results.iter().map(|&v| c.cx.ty(v)).collect();
    let ok = match &ft.result {
        Type::LlvmVoid => res.is_empty(),
        t => res.len() == 1 && res[0] == t,
    };
    if !ok {
        c.err(format_args!(
            "result types {} do not match the result type {} of {what}",
            type_list(res.iter().copied()),
            ft.result
        ));
    }
}

fn call(c: &mut OpCheck) {
    let declared = c.op.attr("callee_type").map(|a| a.as_type());
    let declared = match declared {
        None => None,
        Some(Some(Type::LlvmFunc(ft))) => Some(ft),
        Some(_) => {
            c.err("'callee_type' must be an LLVM function type");
            return;
        }
    };
    if let Some(attr) = c.op.attr("callee") {
        let Some(name) = attr.as_symbol() else {
            c.err("'callee' must be a symbol reference");
            return;
        };
        let Some((fty, fkind)) = c.cx.module.func_sig(name) else {
            c.err(format_args!("calls an undefined function @{name}"));
            return;
        };
        let ft = match (fty, fkind) {
            (Type::LlvmFunc(ft), FuncKind::Llvm) => ft,
            _ => {
                c.err(format_args!(
                    "calls @{name}, which is not an llvm.func (type {fty})"
                ));
                return;
            }
        };
        if let Some(d) = declared {
            if **d != **ft {
                c.err(format_args!(
                    "'callee_type' {} does not match the type {fty} of @{name}",
                    Type::LlvmFunc(d.clone()),
                ));
            }
        }
        check_call_types(c, 0, ft, &format!("@{name}"));
    } else {
        if !c.min_operands(1) {
            return;
        }
        let p = c.operand(0).unwrap();
        if !is_ptr(p) {
            c.err(format_args!(
                "indirect callee (operand #0) must be a pointer, found {p}"
            ));
        }
        let Some(ft) = declared else {
            c.err("indirect call requires a 'callee_type' attribute");
            return;
        };
        check_pointee(c, p, &Type::LlvmFunc(ft.clone()), "the callee");
        check_call_types(c, 1, ft, "the callee type");
    }
}

fn ret(c: &mut OpCheck) {
    if !c.result_count(0) {
        return;
    }
    let Type::LlvmFunc(ft) = &c.cx.func.ty else {
        return;
    };
    let got: Vec<&Type> = c.op.operands.iter().map(|&v| c.cx.ty(v)).collect();
    let ok = match &ft.result {
        Type::LlvmVoid => got.is_empty(),
        t => got.len() == 1 && got[0] == t,
    };
    if !ok {
        c.err(format_args!(
            "operand types {} do not match the result type {} of @{}",
            type_list(got.iter().copied()),
            ft.result,
            c.cx.func.name
        ));
    }
}

/// The shape and element type of a vector or of nested arrays of a 1-D vector.
fn nested_shape(t: &Type) -> Option<(Vec<u64>, &Type)> {
    match t {
        Type::Vector(v) => Some((v.shape.clone(), &v.elem)),
        Type::LlvmArray(n, e) => {
            let (mut s, el) = nested_shape(e)?;
            s.insert(0, *n);
            Some((s, el))
        }
        _ => None,
    }
}

fn constant(c: &mut OpCheck) {
    if !c.counts(0, 1) {
        return;
    }
    let r = c.result(0).unwrap();
    let Some(value) = c.op.attr("value") else {
        c.err("requires a 'value' attribute");
        return;
    };
    let ok = match value {
        Attribute::Int {
            ty: Type::Index, ..
        } => r.is_integer(),
        Attribute::Int { ty, .. } => ty == r && r.is_integer(),
        Attribute::Bool(_) => *r == Type::Int(1),
        Attribute::Float { ty, .. } => ty == r && is_float_like(r),
        Attribute::Dense { ty, values } => {
            if let Some(p) = dense_problem(ty, values) {
                c.err(p);
                return;
            }
            let v = ty.as_vector().unwrap();
            match nested_shape(r) {
                Some((s, e)) => {
                    s == v.shape && (v.elem == *e || (v.elem == Type::Index && e.is_integer()))
                }
                None => false,
            }
        }
        _ => false,
    };
    if !ok {
        let vt = match value {
            Attribute::Int { ty, .. }
            | Attribute::Float { ty, .. }
            | Attribute::Dense { ty, .. } => ty.to_string(),
            Attribute::Bool(_) => "i1".to_string(),
            other => format!("{other:?}"),
        };
        c.err(format_args!(
            "value of type {vt} does not match the result type {r}"
        ));
    }
}

fn address_of(c: &mut OpCheck) {
    if !c.counts(0, 1) {
        return;
    }
    let r = c.result(0).unwrap();
    if !is_ptr(r) {
        c.err(format_args!("result must be a pointer, found {r}"));
    }
    match c.op.attr("global_name").and_then(Attribute::as_symbol) {
        None => c.err("requires a symbol 'global_name' attribute"),
        Some(name) => match c.cx.module.func_sig(name) {
            None => c.err(format_args!("references an undefined symbol @{name}")),
            Some((ty, _)) => check_pointee(c, r, ty, "the result"),
        },
    }
}

fn memcpy(c: &mut OpCheck) {
    if !c.result_count(0) {
        return;
    }
    let n = c.op.operands.len();
    if !(3..=4).contains(&n) {
        c.err(format_args!(
            "expects 3 or 4 operands (dst, src, len[, is_volatile]), found {n}"
        ));
        return;
    }
    let types: Vec<&Type> = (0..n).map(|i| c.operand(i).unwrap()).collect();
    if !is_ptr(types[0])
        || !is_ptr(types[1])
        || !types[2].is_integer()
        || (n == 4 && *types[3] != Type::Int(1))
    {
        c.err(format_args!(
            "expects (ptr, ptr, integer[, i1]) operands, found {}",
            type_list(types.iter().copied())
        ));
    }
}
