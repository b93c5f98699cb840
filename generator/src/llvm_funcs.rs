//! What a Standard module may hold besides Standard functions, and the lowering must
//! carry through: `llvm.func` definitions with LLVM-dialect bodies ([`Family::LlvmFuncs`]:
//! integer arithmetic, `llvm.icmp`, `llvm.select`, a `getelementptr` with each set of
//! no-wrap flags, and an `llvm.cond_br` that names one
//! block twice with different operands, so that the lowering's repeated-successor
//! splitting runs on LLVM-dialect bodies too), and the module's own declarations of the
//! runtime functions the lowering calls ([`Family::RuntimeDecls`]: `malloc`, `free`,
//! `aligned_alloc`, of the types the lowering calls them with, which it must reuse).
//!
//! Nothing calls the `llvm.func`s: a Standard `call` cannot reference one, and the
//! reference interpreter does not run LLVM-dialect bodies. They are checked where the
//! lowered module is looked at: the LLVM-dialect verifier, the successor-split check,
//! `mlir-translate`, `upstream-structure` and `lower-paths`; the JIT compiles them with
//! the rest of the module.

use crate::config::{Family, GenConfig};
use arbitrary::{Result, Unstructured};
use converter::ir::{Attribute, Body, Func, FuncKind, Module, NamedAttr, NewOp, OpKind, Type};

/// The integer types of the generated `llvm.func`s.
const WIDTHS: [u32; 3] = [8, 32, 64];

/// Adds the `llvm.func`s and runtime declarations the configuration asks for.
pub fn add(u: &mut Unstructured, cfg: &GenConfig, m: &mut Module) -> Result<()> {
    if cfg.has(Family::LlvmFuncs) && u.int_in_range(0..=2u8)? == 0 {
        let n = u.int_in_range(1..=2u8)?;
        for k in 0..n {
            let f = llvm_func(u, &format!("llvm_f{k}"))?;
            m.funcs.push(f);
        }
    }
    if cfg.has(Family::RuntimeDecls) && u.int_in_range(0..=2u8)? == 0 {
        let ptr = || Type::llvm_ptr(Type::i8());
        let mut decls = vec![
            ("malloc", Type::llvm_func(ptr(), vec![Type::i64()])),
            ("free", Type::llvm_func(Type::LlvmVoid, vec![ptr()])),
        ];
        if cfg.use_aligned_alloc {
            decls.push((
                "aligned_alloc",
                Type::llvm_func(ptr(), vec![Type::i64(), Type::i64()]),
            ));
        }
        for (name, ty) in decls {
            if u.arbitrary::<bool>()? && m.func(name).is_none() {
                // Before the functions or after them, as a user may write it.
                let f = Func::new_llvm_decl(name, ty);
                if u.arbitrary::<bool>()? {
                    m.funcs.insert(0, f);
                } else {
                    m.funcs.push(f);
                }
            }
        }
    }
    Ok(())
}

/// One `llvm.func @name(%a: iN, %b: iN, %c: i1) -> iN`: a few arithmetic ops, maybe a
/// `getelementptr` with flags ([`gep_with_flags`]), then an `llvm.cond_br %c` to one
/// block twice with different operands, whose argument the block returns (maybe after
/// more arithmetic).
fn llvm_func(u: &mut Unstructured, name: &str) -> Result<Func> {
    let ty = Type::Int(*u.choose(&WIDTHS)?);
    let params = vec![ty.clone(), ty.clone(), Type::i1()];
    let mut body = Body::new();
    let entry = body.add_block(&params);
    let args = body.block_args(entry).to_vec();
    let mut vals = vec![args[0], args[1]];
    let c = body.append_op(
        entry,
        NewOp::new(OpKind::LlvmConstant)
            .attr(
                "value",
                Attribute::int(u.int_in_range(-8..=8i64)? as i128, ty.clone()),
            )
            .result(ty.clone()),
    );
    vals.push(body.op(c).results[0]);
    let ops = u.int_in_range(1..=5u8)?;
    for _ in 0..ops {
        let a = *u.choose(&vals)?;
        let b = *u.choose(&vals)?;
        let v = match u.int_in_range(0..=7u8)? {
            k @ 0..=5 => {
                let kind = [
                    OpKind::LlvmAdd,
                    OpKind::LlvmSub,
                    OpKind::LlvmMul,
                    OpKind::LlvmAnd,
                    OpKind::LlvmOr,
                    OpKind::LlvmXor,
                ][k as usize];
                let op =
                    body.append_op(entry, NewOp::new(kind).operands([a, b]).result(ty.clone()));
                body.op(op).results[0]
            }
            _ => {
                let pred = *u.choose(&["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "uge"])?;
                let cmp = body.append_op(
                    entry,
                    NewOp::new(OpKind::LlvmICmp)
                        .operands([a, b])
                        .attr("predicate", Attribute::Str(pred.into()))
                        .result(Type::i1()),
                );
                let cv = body.op(cmp).results[0];
                let sel = body.append_op(
                    entry,
                    NewOp::new(OpKind::LlvmSelect)
                        .operands([cv, b, a])
                        .result(ty.clone()),
                );
                body.op(sel).results[0]
            }
        };
        vals.push(v);
    }
    if u.arbitrary::<bool>()? {
        let index = *u.choose(&vals)?;
        gep_with_flags(u, &mut body, entry, index)?;
    }
    let join = body.add_block(std::slice::from_ref(&ty));
    let x = *u.choose(&vals)?;
    let y = *u.choose(&vals)?;
    body.append_op(
        entry,
        NewOp::new(OpKind::LlvmCondBr)
            .operands([args[2]])
            .successor(join, vec![x])
            .successor(join, vec![y]),
    );
    let mut r = body.block_args(join)[0];
    if u.arbitrary::<bool>()? {
        let op = body.append_op(
            join,
            NewOp::new(OpKind::LlvmXor)
                .operands([r, x])
                .result(ty.clone()),
        );
        r = body.op(op).results[0];
    }
    body.append_op(join, NewOp::new(OpKind::LlvmReturn).operands([r]));
    let mut f = Func::new_llvm_decl(name, Type::llvm_func(ty, params));
    debug_assert_eq!(f.kind, FuncKind::Llvm);
    f.body = Some(body);
    if u.int_in_range(0..=3u8)? == 0 {
        f.attrs
            .push(NamedAttr::new("dialect.generated", Attribute::Unit));
    }
    Ok(f)
}

/// The `noWrapFlags` masks of a generated `getelementptr` (MLIR's bits: `inbounds` 3,
/// `nusw` 2, `nuw` 4), each way the printer spells them; `None`: no attribute, as the
/// parser reads a `getelementptr` without flags.
const GEP_FLAGS: [Option<i128>; 6] = [None, Some(2), Some(3), Some(4), Some(6), Some(7)];

/// Appends `%p = llvm.mlir.zero : !llvm.ptr` and `llvm.getelementptr FLAGS %p[%index] :
/// (!llvm.ptr, iN) -> !llvm.ptr, i8` to `entry`, the result unused: nothing runs the
/// `llvm.func`s, but the lowering must carry the flags through and the printer write them
/// as they are (our lowering sets none itself).
fn gep_with_flags(
    u: &mut Unstructured,
    body: &mut Body,
    entry: converter::ir::BlockId,
    index: converter::ir::ValueId,
) -> Result<()> {
    let ptr = Type::llvm_ptr(Type::i8());
    let zero = body.append_op(entry, NewOp::new(OpKind::LlvmZero).result(ptr.clone()));
    let base = body.op(zero).results[0];
    let mut gep = NewOp::new(OpKind::LlvmGep)
        .operands([base, index])
        .attr("elem_type", Attribute::Type(Type::i8()))
        .attr(
            "indices",
            Attribute::Array(vec![Attribute::int(
                i128::from(converter::lower::emit::DYNAMIC_INDEX),
                Type::i64(),
            )]),
        )
        .result(ptr);
    if let Some(f) = *u.choose(&GEP_FLAGS)? {
        gep = gep.attr("noWrapFlags", Attribute::int(f, Type::i32()));
    }
    body.append_op(entry, gep);
    Ok(())
}
