//! Translation of the converter's in-memory LLVM-dialect module into LLVM IR with
//! inkwell.
//!
//! Every `OpKind::Llvm*` op has a rule here. Block arguments become phi nodes (the
//! entry block's arguments are the function parameters) and successor operands their
//! incoming values. Blocks are translated in reverse post-order so that every
//! definition is seen before its uses; values used from unreachable blocks fall back
//! to `undef`. Operand types are checked before inkwell is asked to build an
//! instruction, so malformed input is an `Err`, never an LLVM assertion or a crash;
//! the finished module is run through LLVM's verifier and a failure names the
//! function.

use converter::ir::{
    Attribute, BlockId, Body, DenseValues, Func, FuncKind, LlvmFuncType, Module, OpData, OpKind,
    Type, ValueId,
};
use inkwell::attributes::{Attribute as LlvmAttribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module as LlvmModule};
use inkwell::types::{BasicType, BasicTypeEnum, FunctionType as LlvmFnType};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, IntValue,
    Operand, PhiValue,
};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use std::collections::HashMap;
use std::num::NonZeroU32;

/// Why a lowered module does not translate: the message names what is wrong (an op, a
/// type, an attribute) and where. One kind of error, as no caller tells them apart; it
/// becomes [`crate::JitError::Translate`] at the crate's API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TranslateError(pub String);

impl From<String> for TranslateError {
    fn from(s: String) -> TranslateError {
        TranslateError(s)
    }
}

impl From<&str> for TranslateError {
    fn from(s: &str) -> TranslateError {
        TranslateError(s.to_string())
    }
}

impl From<inkwell::values::InstructionValueError> for TranslateError {
    fn from(e: inkwell::values::InstructionValueError) -> TranslateError {
        TranslateError(e.to_string())
    }
}

impl From<TranslateError> for crate::JitError {
    fn from(e: TranslateError) -> crate::JitError {
        crate::JitError::Translate(e.0)
    }
}

/// Translation result type.
pub type TResult<T> = Result<T, TranslateError>;

/// The bit width `index` is given when it still appears in a lowered module.
const DEFAULT_INDEX_BITS: u32 = 64;

/// Translates a lowered module into a fresh LLVM module of `ctx` and verifies it.
pub fn translate_module<'ctx>(
    ctx: &'ctx Context,
    lowered: &Module,
    name: &str,
) -> Result<LlvmModule<'ctx>, crate::JitError> {
    Ok(translate_module_inner(ctx, lowered, name)?)
}

fn translate_module_inner<'ctx>(
    ctx: &'ctx Context,
    lowered: &Module,
    name: &str,
) -> TResult<LlvmModule<'ctx>> {
    let module = ctx.create_module(name);
    let mut t = Translator {
        ctx,
        module: &module,
        builder: ctx.create_builder(),
        index_bits: DEFAULT_INDEX_BITS,
        funcs: HashMap::new(),
        declared_ext: false,
    };
    t.declare_all(lowered)?;
    for f in &lowered.funcs {
        if let Some(body) = &f.body {
            t.define(f, body)
                .map_err(|e| format!("in function @{}: {e}", f.name))?;
        }
    }
    verify(&module)?;
    Ok(module)
}

/// Runs LLVM's verifier; on failure, names the first function that fails.
pub fn verify(module: &LlvmModule<'_>) -> TResult<()> {
    if let Err(msg) = module.verify() {
        let mut bad = None;
        let mut f = module.get_first_function();
        while let Some(func) = f {
            if !func.verify(false) {
                bad = Some(func.get_name().to_string_lossy().into_owned());
                break;
            }
            f = func.get_next_function();
        }
        let msg = msg.to_string();
        return Err(match bad {
            Some(name) => format!("LLVM verifier rejected function @{name}: {}", msg.trim()),
            None => format!("LLVM verifier rejected the module: {}", msg.trim()),
        }
        .into());
    }
    Ok(())
}

/// Translates a lowered module and prints it as LLVM IR text (`stdlower translate`).
pub fn translate_to_ir_string(lowered: &Module) -> Result<String, crate::JitError> {
    let ctx = Context::create();
    let module = translate_module(&ctx, lowered, &lowered.file)?;
    Ok(module.print_to_string().to_string())
}

/// The largest address space stdlower compiles for the host. On x86-64 the spaces from
/// 256 up are not plain memory (256, 257 and 258 address relative to the gs, fs and
/// ss segments; 270 to 272 are 32-bit and mixed-size pointers), while 1 to 255 are
/// the same flat memory as 0; they are on AArch64 too.
pub const MAX_HOST_ADDR_SPACE: u32 = 255;

/// The inkwell address space of `a`, if the host treats it as plain memory.
fn host_addr_space(a: u32) -> TResult<AddressSpace> {
    if a > MAX_HOST_ADDR_SPACE {
        return Err(TranslateError(format!(
            "address space {a} is not plain memory on the host: stdlower runs memory spaces 0 to {MAX_HOST_ADDR_SPACE}"
        )));
    }
    AddressSpace::try_from(a).map_err(|_| TranslateError(format!("invalid address space {a}")))
}

/// Converts an LLVM-dialect (or builtin) type to an LLVM first-class type.
pub fn basic_type<'ctx>(ctx: &'ctx Context, ty: &Type) -> TResult<BasicTypeEnum<'ctx>> {
    basic_type_idx(ctx, ty, DEFAULT_INDEX_BITS)
}

fn int_type(ctx: &Context, w: u32) -> TResult<inkwell::types::IntType<'_>> {
    let nz = NonZeroU32::new(w).ok_or("integer type of width 0")?;
    if w > (1 << 23) {
        return Err(TranslateError(format!("integer width {w} is too large")));
    }
    Ok(ctx.custom_width_int_type(nz)?)
}

fn basic_type_idx<'ctx>(
    ctx: &'ctx Context,
    ty: &Type,
    index_bits: u32,
) -> TResult<BasicTypeEnum<'ctx>> {
    Ok(match ty {
        Type::Int(w) => int_type(ctx, *w)?.into(),
        Type::Index => int_type(ctx, index_bits)?.into(),
        Type::F16 => ctx.f16_type().into(),
        Type::BF16 => ctx.bf16_type().into(),
        Type::F32 => ctx.f32_type().into(),
        Type::F64 => ctx.f64_type().into(),
        Type::Vector(v) => {
            if v.shape.is_empty() || v.shape.contains(&0) {
                return Err(TranslateError(format!("unsupported vector type {ty}")));
            }
            let elem = basic_type_idx(ctx, &v.elem, index_bits)?;
            let inner = *v.shape.last().unwrap_or(&1);
            let inner = u32::try_from(inner).map_err(|_| format!("vector {ty} is too long"))?;
            let mut t: BasicTypeEnum = match elem {
                BasicTypeEnum::IntType(i) => i.vec_type(inner).into(),
                BasicTypeEnum::FloatType(f) => f.vec_type(inner).into(),
                BasicTypeEnum::PointerType(p) => p.vec_type(inner).into(),
                _ => {
                    return Err(TranslateError(format!(
                        "unsupported vector element in {ty}"
                    )))
                }
            };
            // n-D vectors are arrays of 1-D vectors (the lowering's convention).
            for &d in v.shape[..v.shape.len() - 1].iter().rev() {
                let d = u32::try_from(d).map_err(|_| format!("vector {ty} is too long"))?;
                t = t.array_type(d).into();
            }
            t
        }
        Type::LlvmPtr(_, a) => ctx.ptr_type(host_addr_space(*a)?).into(),
        Type::LlvmStruct(fields) => {
            let fs = fields
                .iter()
                .map(|f| basic_type_idx(ctx, f, index_bits))
                .collect::<TResult<Vec<_>>>()?;
            ctx.struct_type(&fs, false).into()
        }
        Type::LlvmArray(n, e) => {
            let n = u32::try_from(*n).map_err(|_| format!("array {ty} is too long"))?;
            basic_type_idx(ctx, e, index_bits)?.array_type(n).into()
        }
        // A function used as a value is a pointer to it.
        Type::LlvmFunc(_) => ctx.ptr_type(AddressSpace::default()).into(),
        Type::LlvmVoid => return Err("void is not a value type".into()),
        Type::MemRef(_) | Type::UnrankedMemRef(..) | Type::Function(_) => {
            return Err(TranslateError(format!(
                "type {ty} belongs to the Standard dialect; lower the module first"
            )))
        }
    })
}

/// The LLVM function type of an `!llvm.func<...>`.
pub fn fn_type<'ctx>(ctx: &'ctx Context, ft: &LlvmFuncType) -> TResult<LlvmFnType<'ctx>> {
    let params = ft
        .params
        .iter()
        .map(|p| basic_type(ctx, p).map(Into::into))
        .collect::<TResult<Vec<_>>>()?;
    Ok(match &ft.result {
        Type::LlvmVoid => ctx.void_type().fn_type(&params, ft.vararg),
        r => basic_type(ctx, r)?.fn_type(&params, ft.vararg),
    })
}

/// A constant integer of `ty` (an integer type of any width) holding the low bits of `v`.
pub fn const_int_wide<'ctx>(ty: inkwell::types::IntType<'ctx>, v: i128) -> IntValue<'ctx> {
    let w = ty.get_bit_width();
    if w <= 64 {
        ty.const_int(v as u64, false)
    } else {
        let lo = v as u64;
        let hi = (v >> 64) as u64;
        let mut words = vec![lo, hi];
        // Widths above 128 (never produced) get the sign extension of `v`.
        let ext = if v < 0 { u64::MAX } else { 0 };
        while (words.len() as u32) * 64 < w {
            words.push(ext);
        }
        ty.const_int_arbitrary_precision(&words)
    }
}

/// A type's `undef` value.
pub fn undef_of(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    match ty {
        BasicTypeEnum::ArrayType(t) => t.get_undef().into(),
        BasicTypeEnum::FloatType(t) => t.get_undef().into(),
        BasicTypeEnum::IntType(t) => t.get_undef().into(),
        BasicTypeEnum::PointerType(t) => t.get_undef().into(),
        BasicTypeEnum::StructType(t) => t.get_undef().into(),
        BasicTypeEnum::VectorType(t) => t.get_undef().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_undef().into(),
    }
}

/// The poison value of a type.
pub fn poison_of(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    match ty {
        BasicTypeEnum::ArrayType(t) => t.get_poison().into(),
        BasicTypeEnum::FloatType(t) => t.get_poison().into(),
        BasicTypeEnum::IntType(t) => t.get_poison().into(),
        BasicTypeEnum::PointerType(t) => t.get_poison().into(),
        BasicTypeEnum::StructType(t) => t.get_poison().into(),
        BasicTypeEnum::VectorType(t) => t.get_poison().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_poison().into(),
    }
}

struct Translator<'a, 'ctx> {
    ctx: &'ctx Context,
    module: &'a LlvmModule<'ctx>,
    builder: Builder<'ctx>,
    index_bits: u32,
    funcs: HashMap<String, (FunctionValue<'ctx>, Type)>,
    /// Whether some function declares `llvm.signext`/`llvm.zeroext` on an argument
    /// (only then do calls look their callee's up).
    declared_ext: bool,
}

/// Per-function state: the LLVM value of every IR value, blocks and phis.
struct FnState<'ctx> {
    vals: Vec<Option<BasicValueEnum<'ctx>>>,
    blocks: Vec<Option<BasicBlock<'ctx>>>,
    phis: HashMap<BlockId, Vec<PhiValue<'ctx>>>,
}

fn bld<T>(r: Result<T, inkwell::builder::BuilderError>) -> TResult<T> {
    r.map_err(|e| TranslateError(format!("LLVM builder: {e}")))
}

fn int_pred(p: &str) -> Option<IntPredicate> {
    Some(match p {
        "eq" => IntPredicate::EQ,
        "ne" => IntPredicate::NE,
        "slt" => IntPredicate::SLT,
        "sle" => IntPredicate::SLE,
        "sgt" => IntPredicate::SGT,
        "sge" => IntPredicate::SGE,
        "ult" => IntPredicate::ULT,
        "ule" => IntPredicate::ULE,
        "ugt" => IntPredicate::UGT,
        "uge" => IntPredicate::UGE,
        _ => return None,
    })
}

fn float_pred(p: &str) -> Option<FloatPredicate> {
    Some(match p {
        "false" | "_false" => FloatPredicate::PredicateFalse,
        "oeq" => FloatPredicate::OEQ,
        "ogt" => FloatPredicate::OGT,
        "oge" => FloatPredicate::OGE,
        "olt" => FloatPredicate::OLT,
        "ole" => FloatPredicate::OLE,
        "one" => FloatPredicate::ONE,
        "ord" => FloatPredicate::ORD,
        "ueq" => FloatPredicate::UEQ,
        "ugt" => FloatPredicate::UGT,
        "uge" => FloatPredicate::UGE,
        "ult" => FloatPredicate::ULT,
        "ule" => FloatPredicate::ULE,
        "une" => FloatPredicate::UNE,
        "uno" => FloatPredicate::UNO,
        "true" | "_true" => FloatPredicate::PredicateTrue,
        _ => return None,
    })
}

/// The integer list of an array attribute (`position`, `indices`, `mask`).
fn int_list(attr: Option<&Attribute>, what: &str) -> TResult<Vec<i128>> {
    let arr = attr
        .and_then(Attribute::as_array)
        .ok_or_else(|| format!("missing or malformed '{what}' attribute"))?;
    arr.iter()
        .map(|a| {
            a.as_int()
                .ok_or_else(|| TranslateError(format!("non-integer entry in '{what}'")))
        })
        .collect()
}

/// Blocks in reverse post-order from the entry, then unreachable ones in layout order.
fn block_order(body: &Body) -> Vec<BlockId> {
    let n = body.blocks.len();
    let Some(entry) = body.entry() else {
        return Vec::new();
    };
    let mut seen = vec![false; n];
    let mut post = Vec::new();
    // Iterative DFS: (block, next successor index).
    let mut stack = vec![(entry, 0usize)];
    seen[entry.index()] = true;
    while let Some((b, i)) = stack.pop() {
        let succs: Vec<BlockId> = body
            .terminator(b)
            .map(|t| body.op(t).successors.iter().map(|s| s.block).collect())
            .unwrap_or_default();
        if i < succs.len() {
            stack.push((b, i + 1));
            let s = succs[i];
            if s.index() < n && !seen[s.index()] {
                seen[s.index()] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
        }
    }
    post.reverse();
    for &b in &body.layout {
        if !seen[b.index()] {
            post.push(b);
        }
    }
    post
}

impl<'a, 'ctx> Translator<'a, 'ctx> {
    fn ty(&self, t: &Type) -> TResult<BasicTypeEnum<'ctx>> {
        basic_type_idx(self.ctx, t, self.index_bits)
    }

    fn declare_all(&mut self, m: &Module) -> TResult<()> {
        for f in &m.funcs {
            if f.kind != FuncKind::Llvm {
                return Err(TranslateError(format!(
                    "function @{} is still a Standard function; lower the module first",
                    f.name
                )));
            }
            let Type::LlvmFunc(ft) = &f.ty else {
                return Err(TranslateError(format!(
                    "function @{} has non-LLVM type {}",
                    f.name, f.ty
                )));
            };
            if self.funcs.contains_key(&f.name) {
                return Err(TranslateError(format!(
                    "function @{} is defined twice",
                    f.name
                )));
            }
            let fty = fn_type(self.ctx, ft).map_err(|e| format!("function @{}: {e}", f.name))?;
            let linkage = if f.body.is_some() {
                None
            } else {
                Some(Linkage::External)
            };
            let fv = self.module.add_function(&f.name, fty, linkage);
            // The argument and result attributes LLVM IR knows, as mlir-translate turns
            // them into parameter attributes; a declared extension replaces ours below.
            for (i, d) in f.arg_attrs.iter().enumerate() {
                self.declared_ext |= d
                    .iter()
                    .any(|a| a.name == "llvm.signext" || a.name == "llvm.zeroext");
                for a in self.param_attrs(d) {
                    fv.add_attribute(AttributeLoc::Param(i as u32), a);
                }
            }
            for a in self.param_attrs(f.res_attr_dict(0)) {
                fv.add_attribute(AttributeLoc::Return, a);
            }
            let declared_ext = |loc: AttributeLoc| {
                ["signext", "zeroext"].iter().any(|n| {
                    fv.get_enum_attribute(loc, LlvmAttribute::get_named_enum_kind_id(n))
                        .is_some()
                })
            };
            if f.body.is_none() {
                // Implemented in C: its narrow integer parameters arrive extended.
                for (i, p) in fty.get_param_types().iter().enumerate() {
                    if let Some(a) = self.extension(*p) {
                        if !declared_ext(AttributeLoc::Param(i as u32)) {
                            fv.add_attribute(AttributeLoc::Param(i as u32), a);
                        }
                    }
                }
            } else if let Some(a) = fty.get_return_type().and_then(|r| self.extension(r)) {
                // Callable from C: it extends its narrow integer result as C callers expect.
                if !declared_ext(AttributeLoc::Return) {
                    fv.add_attribute(AttributeLoc::Return, a);
                }
            }
            self.funcs.insert(f.name.clone(), (fv, f.ty.clone()));
        }
        Ok(())
    }

    fn define(&mut self, f: &Func, body: &Body) -> TResult<()> {
        let (fv, _) = self.funcs[&f.name];
        let mut st = FnState {
            vals: vec![None; body.values.len()],
            blocks: vec![None; body.blocks.len()],
            phis: HashMap::new(),
        };
        let Some(entry) = body.entry() else {
            return Err("function body has no blocks".into());
        };
        for &b in &body.layout {
            let bb = self.ctx.append_basic_block(fv, &format!("bb{}", b.0));
            st.blocks[b.index()] = Some(bb);
        }
        // Entry arguments are the parameters.
        let params = fv.get_params();
        let entry_args = body.block_args(entry);
        if params.len() != entry_args.len() {
            return Err(TranslateError(format!(
                "entry block has {} arguments but the function type has {} parameters",
                entry_args.len(),
                params.len()
            )));
        }
        for (&a, p) in entry_args.iter().zip(params) {
            if self.ty(body.value_type(a))? != p.get_type() {
                return Err(TranslateError(format!(
                    "entry block argument of type {} does not match the function type",
                    body.value_type(a)
                )));
            }
            st.vals[a.index()] = Some(p);
        }
        // Phis for the other blocks' arguments, created up front.
        for &b in &body.layout {
            if b == entry {
                continue;
            }
            let bb = st.blocks[b.index()].ok_or("unknown block")?;
            self.builder.position_at_end(bb);
            let mut phis = Vec::new();
            for &a in body.block_args(b) {
                let t = self.ty(body.value_type(a))?;
                let phi = bld(self.builder.build_phi(t, ""))?;
                st.vals[a.index()] = Some(phi.as_basic_value());
                phis.push(phi);
            }
            st.phis.insert(b, phis);
        }
        let order = block_order(body);
        for &b in &order {
            let bb = st.blocks[b.index()].ok_or("unknown block")?;
            self.builder.position_at_end(bb);
            let ops = &body.block(b).ops;
            if ops.is_empty() {
                return Err(TranslateError(format!("block ^bb{} is empty", b.0)));
            }
            for &op in ops {
                let data = body.op(op);
                self.op(body, data, &mut st, bb).map_err(|e| {
                    if data.loc.is_known() {
                        format!("{} at {}:{}: {e}", data.name(), data.loc.line, data.loc.col)
                    } else {
                        format!("{}: {e}", data.name())
                    }
                })?;
            }
            let last = body.op(*ops.last().unwrap_or(&ops[0]));
            if !last.kind.is_terminator() {
                return Err(TranslateError(format!(
                    "block ^bb{} does not end with a terminator",
                    b.0
                )));
            }
        }
        erase_dead_aggregate_ops(fv);
        Ok(())
    }

    /// The LLVM value of `v`; `undef` when it was never defined (unreachable code).
    fn v(&self, body: &Body, st: &FnState<'ctx>, v: ValueId) -> TResult<BasicValueEnum<'ctx>> {
        if v.index() >= st.vals.len() {
            return Err(TranslateError(format!("value %{} does not exist", v.0)));
        }
        match st.vals[v.index()] {
            Some(x) => Ok(x),
            None => Ok(undef_of(self.ty(body.value_type(v))?)),
        }
    }

    fn operands(
        &self,
        body: &Body,
        st: &FnState<'ctx>,
        op: &OpData,
        n: usize,
    ) -> TResult<Vec<BasicValueEnum<'ctx>>> {
        if op.operands.len() != n {
            return Err(TranslateError(format!(
                "expects {n} operands, found {}",
                op.operands.len()
            )));
        }
        op.operands.iter().map(|&o| self.v(body, st, o)).collect()
    }

    fn result_type(&self, body: &Body, op: &OpData) -> TResult<(ValueId, BasicTypeEnum<'ctx>)> {
        let &r = op.results.first().ok_or("expects a result")?;
        Ok((r, self.ty(body.value_type(r))?))
    }

    fn add_incoming(
        &self,
        body: &Body,
        st: &FnState<'ctx>,
        op: &OpData,
        from: BasicBlock<'ctx>,
    ) -> TResult<Vec<BasicBlock<'ctx>>> {
        let mut targets = Vec::new();
        for s in &op.successors {
            let bb = st
                .blocks
                .get(s.block.index())
                .copied()
                .flatten()
                .ok_or_else(|| format!("successor ^bb{} is not in the function", s.block.0))?;
            let empty = Vec::new();
            let phis = st.phis.get(&s.block).unwrap_or(&empty);
            if body.entry() == Some(s.block) {
                return Err("branch to the entry block".into());
            }
            if phis.len() != s.args.len() {
                return Err(TranslateError(format!(
                    "passes {} operands to ^bb{} which has {} arguments",
                    s.args.len(),
                    s.block.0,
                    phis.len()
                )));
            }
            for (phi, &a) in phis.iter().zip(&s.args) {
                let v = self.v(body, st, a)?;
                if v.get_type() != phi.as_basic_value().get_type() {
                    return Err(TranslateError(format!(
                        "successor operand of type {} does not match the block argument",
                        body.value_type(a)
                    )));
                }
                phi.add_incoming(&[(&v, from)]);
            }
            targets.push(bb);
        }
        Ok(targets)
    }

    fn set(&self, st: &mut FnState<'ctx>, r: ValueId, v: BasicValueEnum<'ctx>) -> TResult<()> {
        st.vals[r.index()] = Some(v);
        Ok(())
    }

    /// Checks that `v` has the LLVM type `t`.
    fn same(&self, what: &str, a: BasicTypeEnum<'ctx>, b: BasicTypeEnum<'ctx>) -> TResult<()> {
        if a != b {
            return Err(TranslateError(format!(
                "{what}: type mismatch ({} vs {})",
                a.print_to_string(),
                b.print_to_string()
            )));
        }
        Ok(())
    }

    fn align(
        &self,
        op: &OpData,
        inst: Option<inkwell::values::InstructionValue<'ctx>>,
    ) -> TResult<()> {
        if let (Some(a), Some(i)) = (op.attr("alignment").and_then(Attribute::as_int), inst) {
            if a > 0 {
                let a = u32::try_from(a).map_err(|_| "alignment too large")?;
                if !a.is_power_of_two() {
                    return Err(TranslateError(format!(
                        "alignment {a} is not a power of two"
                    )));
                }
                i.set_alignment(a)?;
            }
        }
        Ok(())
    }

    fn op(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
        bb: BasicBlock<'ctx>,
    ) -> TResult<()> {
        use OpKind::*;
        match op.kind {
            LlvmReturn => self.op_return(body, op, st, bb)?,
            LlvmUnreachable => self.op_unreachable()?,
            LlvmBr => self.op_br(body, op, st, bb)?,
            LlvmCondBr => self.op_cond_br(body, op, st, bb)?,
            LlvmConstant => self.op_constant(body, op, st)?,
            LlvmUndef => self.op_undef(body, op, st)?,
            LlvmPoison => self.op_poison(body, op, st)?,
            LlvmZero => self.op_zero(body, op, st)?,
            LlvmAddressOf => self.op_address_of(body, op, st)?,
            LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem | LlvmAnd
            | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr | LlvmFAdd | LlvmFSub | LlvmFMul
            | LlvmFDiv | LlvmFRem => self.op_binary(body, op, st)?,
            k if k.llvm_float_intrinsic_arity().is_some() => {
                self.op_float_intrinsic(k, body, op, st)?
            }
            LlvmFNeg => self.op_fneg(body, op, st)?,
            LlvmICmp | LlvmFCmp => self.op_compare(body, op, st)?,
            LlvmSelect => self.op_select(body, op, st)?,
            LlvmSExt | LlvmZExt | LlvmTrunc | LlvmSIToFP | LlvmFPToSI | LlvmFPExt | LlvmFPTrunc
            | LlvmBitcast | LlvmPtrToInt | LlvmIntToPtr | LlvmAddrSpaceCast => {
                self.op_cast(body, op, st)?
            }
            LlvmExtractValue => self.op_extract_value(body, op, st)?,
            LlvmInsertValue => self.op_insert_value(body, op, st)?,
            LlvmExtractElement => self.op_extract_element(body, op, st)?,
            LlvmInsertElement => self.op_insert_element(body, op, st)?,
            LlvmShuffleVector => self.op_shuffle_vector(body, op, st)?,
            LlvmGep => self.op_gep(body, op, st)?,
            LlvmLoad => self.op_load(body, op, st)?,
            LlvmStore => self.op_store(body, op, st)?,
            LlvmAlloca => self.op_alloca(body, op, st)?,
            LlvmCall => self.op_call(body, op, st)?,
            LlvmMemcpy => self.op_memcpy(body, op, st)?,
            Unregistered => {
                return Err(TranslateError(format!(
                    "unregistered op '{}' cannot be translated to LLVM IR",
                    op.name()
                )))
            }
            k => {
                return Err(TranslateError(format!(
                    "op '{}' is not an LLVM-dialect op; lower the module first",
                    k.name()
                )))
            }
        }
        Ok(())
    }

    /// `llvm.return`: the operands must match the function's return type.
    fn op_return(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
        bb: BasicBlock<'ctx>,
    ) -> TResult<()> {
        let b = &self.builder;
        let vs = op
            .operands
            .iter()
            .map(|&o| self.v(body, st, o))
            .collect::<TResult<Vec<_>>>()?;
        let fret = bb.get_parent().and_then(|f| f.get_type().get_return_type());
        match (vs.as_slice(), fret) {
            ([], None) => {
                bld(b.build_return(None))?;
            }
            ([v], Some(t)) => {
                self.same("return value", v.get_type(), t)?;
                bld(b.build_return(Some(v)))?;
            }
            _ => return Err("return operands do not match the function type".into()),
        }
        Ok(())
    }

    /// `llvm.unreachable`.
    fn op_unreachable(&mut self) -> TResult<()> {
        let b = &self.builder;
        bld(b.build_unreachable())?;
        Ok(())
    }

    /// `llvm.br`: one successor, its block arguments become phi incomings.
    fn op_br(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
        bb: BasicBlock<'ctx>,
    ) -> TResult<()> {
        let b = &self.builder;
        let t = self.add_incoming(body, st, op, bb)?;
        if t.len() != 1 {
            return Err("expects one successor".into());
        }
        bld(b.build_unconditional_branch(t[0]))?;
        Ok(())
    }

    /// `llvm.cond_br`: an `i1` condition and two successors.
    fn op_cond_br(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
        bb: BasicBlock<'ctx>,
    ) -> TResult<()> {
        let b = &self.builder;
        let c = self.operands(body, st, op, 1)?[0];
        let BasicValueEnum::IntValue(c) = c else {
            return Err("condition must be i1".into());
        };
        if c.get_type().get_bit_width() != 1 {
            return Err("condition must be i1".into());
        }
        let t = self.add_incoming(body, st, op, bb)?;
        if t.len() != 2 {
            return Err("expects two successors".into());
        }
        bld(b.build_conditional_branch(c, t[0], t[1]))?;
        Ok(())
    }

    /// `llvm.mlir.constant`: the `value` attribute in the result type.
    fn op_constant(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let (r, ty) = self.result_type(body, op)?;
        let attr = op.attr("value").ok_or("requires a 'value' attribute")?;
        let v = self.constant(attr, body.value_type(r), ty)?;
        self.same("constant", v.get_type(), ty)?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.mlir.undef`.
    fn op_undef(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let (r, ty) = self.result_type(body, op)?;
        self.set(st, r, undef_of(ty))?;
        Ok(())
    }

    /// `llvm.mlir.poison`.
    fn op_poison(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let (r, ty) = self.result_type(body, op)?;
        self.set(st, r, poison_of(ty))?;
        Ok(())
    }

    /// `llvm.mlir.zero`.
    fn op_zero(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let (r, ty) = self.result_type(body, op)?;
        self.set(st, r, ty.const_zero())?;
        Ok(())
    }

    /// `llvm.mlir.addressof` of a function.
    fn op_address_of(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let (r, _) = self.result_type(body, op)?;
        let name = op
            .attr("global_name")
            .and_then(Attribute::as_symbol)
            .ok_or("requires a 'global_name' symbol")?;
        let (f, _) = self
            .funcs
            .get(name)
            .ok_or_else(|| format!("unknown global @{name}"))?;
        let p = f.as_global_value().as_pointer_value();
        self.set(st, r, p.into())?;
        Ok(())
    }

    /// The integer and float binary operators (`llvm.add` ... `llvm.frem`).
    fn op_binary(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        use inkwell::values::InstructionOpcode as Opc;
        use OpKind::*;
        let xs = self.operands(body, st, op, 2)?;
        let (r, ty) = self.result_type(body, op)?;
        self.same("operands", xs[0].get_type(), xs[1].get_type())?;
        self.same("result", xs[0].get_type(), ty)?;
        let is_float = matches!(
            op.kind,
            LlvmFAdd | LlvmFSub | LlvmFMul | LlvmFDiv | LlvmFRem
        );
        let scalar = scalar_of(ty);
        if is_float != scalar.is_float_type() || (!is_float && !scalar.is_int_type()) {
            return Err(TranslateError(format!(
                "operand type {} is not valid here",
                ty.print_to_string()
            )));
        }
        let opc = match op.kind {
            LlvmAdd => Opc::Add,
            LlvmSub => Opc::Sub,
            LlvmMul => Opc::Mul,
            LlvmSDiv => Opc::SDiv,
            LlvmUDiv => Opc::UDiv,
            LlvmSRem => Opc::SRem,
            LlvmURem => Opc::URem,
            LlvmAnd => Opc::And,
            LlvmOr => Opc::Or,
            LlvmXor => Opc::Xor,
            LlvmShl => Opc::Shl,
            LlvmAShr => Opc::AShr,
            LlvmLShr => Opc::LShr,
            LlvmFAdd => Opc::FAdd,
            LlvmFSub => Opc::FSub,
            LlvmFMul => Opc::FMul,
            LlvmFDiv => Opc::FDiv,
            _ => Opc::FRem,
        };
        let v = bld(b.build_binop(opc, xs[0], xs[1], ""))?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// The float intrinsics (`llvm.intr.sqrt` ...), as calls of the LLVM IR intrinsic.
    fn op_float_intrinsic(
        &mut self,
        k: OpKind,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
    ) -> TResult<()> {
        let n = k.llvm_float_intrinsic_arity().unwrap_or(1);
        let xs = self.operands(body, st, op, n)?;
        let (r, ty) = self.result_type(body, op)?;
        for x in &xs {
            self.same("operand and result", x.get_type(), ty)?;
        }
        if !scalar_of(ty).is_float_type() {
            return Err("operands must be floats or vectors of floats".into());
        }
        // `llvm.intr.sqrt` is the LLVM IR intrinsic `llvm.sqrt`.
        let name = format!("llvm.{}", &k.name()["llvm.intr.".len()..]);
        let decl = self.intrinsic(&name, &[ty])?;
        let v = self
            .call_value(decl.get_type(), decl, &xs)?
            .ok_or("the intrinsic returned nothing")?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.fneg` of a float or a vector of floats.
    fn op_fneg(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        let x = self.operands(body, st, op, 1)?[0];
        let (r, ty) = self.result_type(body, op)?;
        self.same("result", x.get_type(), ty)?;
        let v: BasicValueEnum = match x {
            BasicValueEnum::FloatValue(f) => bld(b.build_float_neg(f, ""))?.into(),
            BasicValueEnum::VectorValue(f) if scalar_of(ty).is_float_type() => {
                bld(b.build_float_neg(f, ""))?.into()
            }
            _ => return Err("operand must be a float or a vector of floats".into()),
        };
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.icmp` and `llvm.fcmp` with their `predicate`.
    fn op_compare(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        use OpKind::*;
        let xs = self.operands(body, st, op, 2)?;
        let (r, rty) = self.result_type(body, op)?;
        self.same("operands", xs[0].get_type(), xs[1].get_type())?;
        let p = op
            .attr("predicate")
            .and_then(Attribute::as_str)
            .ok_or("requires a string 'predicate'")?;
        let v: BasicValueEnum = if op.kind == LlvmICmp {
            let pred = int_pred(p).ok_or_else(|| format!("unknown predicate '{p}'"))?;
            match (xs[0], xs[1]) {
                (BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
                    bld(b.build_int_compare(pred, x, y, ""))?.into()
                }
                (BasicValueEnum::PointerValue(x), BasicValueEnum::PointerValue(y)) => {
                    bld(b.build_int_compare(pred, x, y, ""))?.into()
                }
                (BasicValueEnum::VectorValue(x), BasicValueEnum::VectorValue(y))
                    if x.get_type().get_element_type().is_int_type() =>
                {
                    bld(b.build_int_compare(pred, x, y, ""))?.into()
                }
                _ => return Err("icmp operands must be integers or pointers".into()),
            }
        } else {
            let pred = float_pred(p).ok_or_else(|| format!("unknown predicate '{p}'"))?;
            match (xs[0], xs[1]) {
                (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => {
                    bld(b.build_float_compare(pred, x, y, ""))?.into()
                }
                (BasicValueEnum::VectorValue(x), BasicValueEnum::VectorValue(y))
                    if x.get_type().get_element_type().is_float_type() =>
                {
                    bld(b.build_float_compare(pred, x, y, ""))?.into()
                }
                _ => return Err("fcmp operands must be floats".into()),
            }
        };
        self.same("result", v.get_type(), rty)?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.select` with an `i1` (or vector of `i1`) condition.
    fn op_select(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        let xs = self.operands(body, st, op, 3)?;
        let (r, ty) = self.result_type(body, op)?;
        self.same("select operands", xs[1].get_type(), xs[2].get_type())?;
        self.same("result", xs[1].get_type(), ty)?;
        let v = match xs[0] {
            BasicValueEnum::IntValue(c) if c.get_type().get_bit_width() == 1 => {
                bld(b.build_select(c, xs[1], xs[2], ""))?
            }
            BasicValueEnum::VectorValue(c)
                if c.get_type()
                    .get_element_type()
                    .into_int_type()
                    .get_bit_width()
                    == 1
                    && ty.is_vector_type()
                    && ty.into_vector_type().get_size() == c.get_type().get_size() =>
            {
                bld(b.build_select(c, xs[1], xs[2], ""))?
            }
            _ => return Err("condition must be i1 or a vector of i1".into()),
        };
        self.set(st, r, v)?;
        Ok(())
    }

    /// The casts (`llvm.sext` ... `llvm.addrspacecast`), checked by [`check_cast`].
    fn op_cast(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        use inkwell::values::InstructionOpcode as Opc;
        use OpKind::*;
        let x = self.operands(body, st, op, 1)?[0];
        let (r, ty) = self.result_type(body, op)?;
        let opc = match op.kind {
            LlvmSExt => Opc::SExt,
            LlvmZExt => Opc::ZExt,
            LlvmTrunc => Opc::Trunc,
            LlvmSIToFP => Opc::SIToFP,
            LlvmFPToSI => Opc::FPToSI,
            LlvmFPExt => Opc::FPExt,
            LlvmFPTrunc => Opc::FPTrunc,
            LlvmBitcast => Opc::BitCast,
            LlvmPtrToInt => Opc::PtrToInt,
            LlvmAddrSpaceCast => Opc::AddrSpaceCast,
            _ => Opc::IntToPtr,
        };
        check_cast(opc, x.get_type(), ty)?;
        let v = bld(b.build_cast(opc, x, ty, ""))?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.extractvalue` at `position` (folded through insertion chains).
    fn op_extract_value(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
    ) -> TResult<()> {
        let x = self.operands(body, st, op, 1)?[0];
        let (r, ty) = self.result_type(body, op)?;
        let pos = int_list(op.attr("position"), "position")?;
        let v = self.extract_path(x, &pos)?;
        self.same("result", v.get_type(), ty)?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.insertvalue` at `position`.
    fn op_insert_value(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let xs = self.operands(body, st, op, 2)?;
        let (r, ty) = self.result_type(body, op)?;
        self.same("container", xs[0].get_type(), ty)?;
        let pos = int_list(op.attr("position"), "position")?;
        let v = self.insert_path(xs[0], xs[1], &pos)?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.extractelement`.
    fn op_extract_element(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
    ) -> TResult<()> {
        let b = &self.builder;
        let xs = self.operands(body, st, op, 2)?;
        let (r, ty) = self.result_type(body, op)?;
        let (BasicValueEnum::VectorValue(vec), BasicValueEnum::IntValue(i)) = (xs[0], xs[1]) else {
            return Err("expects a vector and an integer index".into());
        };
        self.same("result", vec.get_type().get_element_type(), ty)?;
        let v = bld(b.build_extract_element(vec, i, ""))?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.insertelement` (either operand order of value and vector).
    fn op_insert_element(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
    ) -> TResult<()> {
        let b = &self.builder;
        let xs = self.operands(body, st, op, 3)?;
        let (r, ty) = self.result_type(body, op)?;
        // ODS order is (vector, value, index); accept (value, vector, index) too.
        let (vec, val) = if xs[0].get_type() == ty {
            (xs[0], xs[1])
        } else {
            (xs[1], xs[0])
        };
        let (BasicValueEnum::VectorValue(vec), BasicValueEnum::IntValue(i)) = (vec, xs[2]) else {
            return Err("expects a vector, a value and an integer index".into());
        };
        self.same("vector", vec.get_type().into(), ty)?;
        self.same("element", vec.get_type().get_element_type(), val.get_type())?;
        let v = bld(b.build_insert_element(vec, val, i, ""))?;
        self.set(st, r, v.into())?;
        Ok(())
    }

    /// `llvm.shufflevector` with a constant `mask`.
    fn op_shuffle_vector(
        &mut self,
        body: &Body,
        op: &OpData,
        st: &mut FnState<'ctx>,
    ) -> TResult<()> {
        let b = &self.builder;
        let xs = self.operands(body, st, op, 2)?;
        let (r, ty) = self.result_type(body, op)?;
        self.same("operands", xs[0].get_type(), xs[1].get_type())?;
        let (BasicValueEnum::VectorValue(x), BasicValueEnum::VectorValue(y)) = (xs[0], xs[1])
        else {
            return Err("operands must be vectors".into());
        };
        let n = x.get_type().get_size() as i128;
        let mask = int_list(op.attr("mask"), "mask")?;
        let i32t = self.ctx.i32_type();
        let mut elems: Vec<BasicValueEnum> = Vec::new();
        for &m in &mask {
            if m < 0 {
                elems.push(i32t.get_poison().into());
            } else if m < 2 * n {
                elems.push(i32t.const_int(m as u64, false).into());
            } else {
                return Err(TranslateError(format!("mask entry {m} out of range")));
            }
        }
        if elems.is_empty() {
            return Err("empty mask".into());
        }
        let mv = inkwell::types::VectorType::const_vector(&elems);
        let v = bld(b.build_shuffle_vector(x, y, mv, ""))?;
        self.same("result", v.get_type().into(), ty)?;
        self.set(st, r, v.into())?;
        Ok(())
    }

    /// `llvm.getelementptr`: constant and dynamic indices, struct indices checked against the type.
    fn op_gep(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        let xs = op
            .operands
            .iter()
            .map(|&o| self.v(body, st, o))
            .collect::<TResult<Vec<_>>>()?;
        let (r, _) = self.result_type(body, op)?;
        let Some(BasicValueEnum::PointerValue(base)) = xs.first().copied() else {
            return Err("base must be a pointer".into());
        };
        let elem = op
            .attr("elem_type")
            .and_then(Attribute::as_type)
            .ok_or("requires an 'elem_type' type attribute")?;
        let elem_ty = self.ty(elem)?;
        let dynamic: Vec<BasicValueEnum> = xs[1..].to_vec();
        let idx_list = match op.attr("indices") {
            Some(_) => int_list(op.attr("indices"), "indices")?,
            None => vec![i64::MIN as i128; dynamic.len()],
        };
        let mut next_dyn = 0;
        let mut indices: Vec<IntValue> = Vec::new();
        // Walk the indexed type to check struct indices are constants in range.
        let mut cur: Option<BasicTypeEnum> = None;
        for (k, &ix) in idx_list.iter().enumerate() {
            let iv = if ix == i64::MIN as i128 {
                let d = dynamic
                    .get(next_dyn)
                    .ok_or("fewer dynamic index operands than the indices need")?;
                next_dyn += 1;
                match d {
                    BasicValueEnum::IntValue(i) => *i,
                    _ => return Err("dynamic indices must be integers".into()),
                }
            } else {
                self.ctx.i32_type().const_int(ix as u64, true)
            };
            if k > 0 {
                let t = cur.ok_or("too many indices")?;
                cur = match t {
                    BasicTypeEnum::StructType(s) => {
                        if ix == i64::MIN as i128 || ix < 0 {
                            return Err("struct indices must be constants".into());
                        }
                        Some(
                            s.get_field_type_at_index(ix as u32)
                                .ok_or("struct index out of range")?,
                        )
                    }
                    BasicTypeEnum::ArrayType(a) => Some(a.get_element_type()),
                    BasicTypeEnum::VectorType(v) => Some(v.get_element_type()),
                    _ => None,
                };
            } else {
                cur = Some(elem_ty);
            }
            indices.push(iv);
        }
        if next_dyn != dynamic.len() {
            return Err("more dynamic index operands than the indices need".into());
        }
        if indices.is_empty() {
            return Err("GEP without indices".into());
        }
        // SAFETY: the indices were checked against the indexed type above
        // (struct fields are in-range constants, other levels are arrays or
        // vectors), which is what LLVM's builder requires; out-of-bounds
        // addresses are only a runtime matter of the generated code.
        let p = unsafe { bld(b.build_gep(elem_ty, base, &indices, ""))? };
        self.set(st, r, p.into())?;
        Ok(())
    }

    /// `llvm.load` (with its alignment).
    fn op_load(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        let x = self.operands(body, st, op, 1)?[0];
        let (r, ty) = self.result_type(body, op)?;
        let BasicValueEnum::PointerValue(p) = x else {
            return Err("address must be a pointer".into());
        };
        if let Some(e) = op.attr("elem_type").and_then(Attribute::as_type) {
            self.same("elem_type", self.ty(e)?, ty)?;
        }
        let v = bld(b.build_load(ty, p, ""))?;
        self.align(op, v.as_instruction_value())?;
        self.set(st, r, v)?;
        Ok(())
    }

    /// `llvm.store` (with its alignment).
    fn op_store(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        let xs = self.operands(body, st, op, 2)?;
        let BasicValueEnum::PointerValue(p) = xs[1] else {
            return Err("address must be a pointer".into());
        };
        let i = bld(b.build_store(p, xs[0]))?;
        self.align(op, Some(i))?;
        Ok(())
    }

    /// `llvm.alloca`, cast to the result's address space when it is not the stack's.
    fn op_alloca(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let b = &self.builder;
        let (r, _) = self.result_type(body, op)?;
        let elem = op
            .attr("elem_type")
            .and_then(Attribute::as_type)
            .cloned()
            .or_else(|| match body.value_type(r) {
                Type::LlvmPtr(p, _) if **p != Type::LlvmVoid => Some((**p).clone()),
                _ => None,
            })
            .ok_or("requires an 'elem_type' type attribute")?;
        let et = self.ty(&elem)?;
        let p = match op.operands.as_slice() {
            [] => bld(b.build_alloca(et, ""))?,
            [c] => {
                let BasicValueEnum::IntValue(c) = self.v(body, st, *c)? else {
                    return Err("count must be an integer".into());
                };
                bld(b.build_array_alloca(et, c, ""))?
            }
            _ => return Err("expects at most one operand".into()),
        };
        self.align(op, p.as_instruction())?;
        // inkwell allocates in the data layout's alloca address space (0 on the
        // hosts stdlower runs on); a result in another space, which the host
        // treats as the same flat memory, is that stack slot cast to it.
        let p = match self.ty(body.value_type(r))? {
            BasicTypeEnum::PointerType(pt)
                if pt.get_address_space() != p.get_type().get_address_space() =>
            {
                bld(b.build_address_space_cast(p, pt, ""))?
            }
            _ => p,
        };
        self.set(st, r, p.into())?;
        Ok(())
    }

    /// `llvm.call`, direct (`callee`) or through a function pointer (`callee_type`).
    fn op_call(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let xs = op
            .operands
            .iter()
            .map(|&o| self.v(body, st, o))
            .collect::<TResult<Vec<_>>>()?;
        let (callee, args, fty) = match op.attr("callee") {
            Some(c) => {
                let name = c.as_symbol().ok_or("'callee' must be a symbol")?;
                let (f, _) = *self
                    .funcs
                    .get(name)
                    .ok_or_else(|| format!("call to unknown function @{name}"))?;
                (
                    f.as_global_value().as_pointer_value(),
                    &xs[..],
                    f.get_type(),
                )
            }
            None => {
                let Some(BasicValueEnum::PointerValue(p)) = xs.first().copied() else {
                    return Err("indirect call needs a function pointer operand".into());
                };
                let Some(Type::LlvmFunc(ft)) = op.attr("callee_type").and_then(Attribute::as_type)
                else {
                    return Err("indirect call needs a 'callee_type'".into());
                };
                (p, &xs[1..], fn_type(self.ctx, ft)?)
            }
        };
        let v = self.call_ptr(fty, callee, args)?;
        match (op.results.first(), v) {
            (Some(&r), Some(v)) => {
                self.same("result", v.get_type(), self.ty(body.value_type(r))?)?;
                self.set(st, r, v)?
            }
            (None, _) => {}
            (Some(_), None) => return Err("call to a void function has a result".into()),
        }
        Ok(())
    }

    /// `llvm.intr.memcpy` (the volatile flag as an operand or an attribute).
    fn op_memcpy(&mut self, body: &Body, op: &OpData, st: &mut FnState<'ctx>) -> TResult<()> {
        let xs = op
            .operands
            .iter()
            .map(|&o| self.v(body, st, o))
            .collect::<TResult<Vec<_>>>()?;
        if xs.len() != 3 && xs.len() != 4 {
            return Err("expects (dst, src, len[, is_volatile])".into());
        }
        let (
            BasicValueEnum::PointerValue(_),
            BasicValueEnum::PointerValue(_),
            BasicValueEnum::IntValue(len),
        ) = (xs[0], xs[1], xs[2])
        else {
            return Err("expects (ptr, ptr, integer) operands".into());
        };
        let vol: BasicValueEnum = match xs.get(3) {
            Some(BasicValueEnum::IntValue(v))
                if v.is_const() && v.get_type().get_bit_width() == 1 =>
            {
                (*v).into()
            }
            Some(_) => return Err("is_volatile must be a constant i1".into()),
            None => {
                let vol = matches!(op.attr("isVolatile"), Some(Attribute::Bool(true)))
                    || matches!(op.attr("isVolatile"), Some(Attribute::Unit));
                self.ctx.bool_type().const_int(vol as u64, false).into()
            }
        };
        let pt = xs[0].get_type();
        let decl = self.intrinsic("llvm.memcpy", &[pt, pt, len.get_type().into()])?;
        self.call_value(decl.get_type(), decl, &[xs[0], xs[1], xs[2], vol])?;
        Ok(())
    }

    fn intrinsic(&self, name: &str, tys: &[BasicTypeEnum<'ctx>]) -> TResult<FunctionValue<'ctx>> {
        Intrinsic::find(name)
            .and_then(|i| i.get_declaration(self.module, tys))
            .ok_or_else(|| TranslateError(format!("intrinsic {name} is not available")))
    }

    fn call_value(
        &self,
        fty: LlvmFnType<'ctx>,
        f: FunctionValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
    ) -> TResult<Option<BasicValueEnum<'ctx>>> {
        self.call_ptr(fty, f.as_global_value().as_pointer_value(), args)
    }

    /// A call through `callee` of type `fty`, with argument types checked first.
    fn call_ptr(
        &self,
        fty: LlvmFnType<'ctx>,
        callee: inkwell::values::PointerValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
    ) -> TResult<Option<BasicValueEnum<'ctx>>> {
        let params = fty.get_param_types();
        if params.len() != args.len() && !(fty.is_var_arg() && args.len() >= params.len()) {
            return Err(TranslateError(format!(
                "call passes {} arguments to a function of {} parameters",
                args.len(),
                params.len()
            )));
        }
        for (i, (p, a)) in params.iter().zip(args).enumerate() {
            let pt: BasicTypeEnum = (*p)
                .try_into()
                .map_err(|_| format!("parameter #{i} has a non-value type"))?;
            self.same(&format!("argument #{i}"), a.get_type(), pt)?;
        }
        let margs: Vec<BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
        let cs = bld(self.builder.build_indirect_call(fty, callee, &margs, ""))?;
        // The caller always extends narrow integer arguments: C callees (external
        // functions, `_mlir_ciface_` implementations) rely on it, and for lowered callees
        // the extra bits are never read, so this is right whoever is called. A direct
        // callee that declares its own extension (`llvm.zeroext`) gets that one.
        let direct = self
            .funcs
            .values()
            .filter(|_| self.declared_ext)
            .find(|(f, _)| f.as_global_value().as_pointer_value() == callee)
            .map(|(f, _)| *f);
        for (i, p) in params.iter().enumerate() {
            let loc = AttributeLoc::Param(i as u32);
            let declared = direct.and_then(|f| {
                ["signext", "zeroext"].iter().find_map(|n| {
                    f.get_enum_attribute(loc, LlvmAttribute::get_named_enum_kind_id(n))
                })
            });
            if let Some(a) = declared.or_else(|| self.extension(*p)) {
                cs.add_attribute(loc, a);
            }
        }
        Ok(cs.try_as_basic_value().basic())
    }

    /// The LLVM IR attributes of an argument or result dictionary: `llvm.noalias`,
    /// `llvm.nonnull`, `llvm.noundef`, `llvm.readonly`, `llvm.writeonly`,
    /// `llvm.signext`, `llvm.zeroext` (unit, or LLVM 11's `true`), `llvm.align = N`,
    /// `llvm.dereferenceable = N`, `llvm.dereferenceable_or_null = N`. Everything else
    /// (a dialect's own attributes) means nothing to LLVM IR and is left out, as
    /// mlir-translate does. The verifier has checked types and values.
    fn param_attrs(&self, d: &[converter::ir::NamedAttr]) -> Vec<LlvmAttribute> {
        let mut out = Vec::new();
        for a in d {
            let Some(kind) = a.name.strip_prefix("llvm.") else {
                continue;
            };
            let value = match (kind, &a.value) {
                (
                    "noalias" | "nonnull" | "noundef" | "readonly" | "writeonly" | "signext"
                    | "zeroext",
                    Attribute::Unit | Attribute::Bool(true),
                ) => 0,
                ("align" | "dereferenceable" | "dereferenceable_or_null", v) => {
                    match v.as_int().and_then(|v| u64::try_from(v).ok()) {
                        Some(v) => v,
                        None => continue,
                    }
                }
                _ => continue,
            };
            let id = LlvmAttribute::get_named_enum_kind_id(kind);
            if id != 0 {
                out.push(self.ctx.create_enum_attribute(id, value));
            }
        }
        out
    }

    /// The C ABI extension attribute of an integer narrower than 32 bits crossing a
    /// call: `zeroext` for i1 (C's `bool`), `signext` for the others (the descriptor's C
    /// element types are signed: `int8_t`, `int16_t`, `_BitInt(N)`).
    fn extension<T: TryInto<BasicTypeEnum<'ctx>>>(&self, t: T) -> Option<LlvmAttribute> {
        let BasicTypeEnum::IntType(i) = t.try_into().ok()? else {
            return None;
        };
        let name = match i.get_bit_width() {
            1 => "zeroext",
            w if w < 32 => "signext",
            _ => return None,
        };
        Some(
            self.ctx
                .create_enum_attribute(LlvmAttribute::get_named_enum_kind_id(name), 0),
        )
    }

    fn extract_path(
        &self,
        mut x: BasicValueEnum<'ctx>,
        pos: &[i128],
    ) -> TResult<BasicValueEnum<'ctx>> {
        if pos.is_empty() {
            return Err("empty position".into());
        }
        for &p in pos {
            let idx = u32::try_from(p).map_err(|_| format!("position {p} out of range"))?;
            x = match x {
                BasicValueEnum::StructValue(s) => {
                    if idx >= s.get_type().count_fields() {
                        return Err(TranslateError(format!("position {p} out of range")));
                    }
                    match inserted_at(s.as_basic_value_enum(), idx) {
                        Ok(v) => v,
                        Err(base) => bld(self.builder.build_extract_value(
                            base.into_struct_value(),
                            idx,
                            "",
                        ))?,
                    }
                }
                BasicValueEnum::ArrayValue(a) => {
                    if idx >= a.get_type().len() {
                        return Err(TranslateError(format!("position {p} out of range")));
                    }
                    match inserted_at(a.as_basic_value_enum(), idx) {
                        Ok(v) => v,
                        Err(base) => {
                            bld(self
                                .builder
                                .build_extract_value(base.into_array_value(), idx, ""))?
                        }
                    }
                }
                _ => return Err("position indexes into a non-aggregate".into()),
            };
        }
        Ok(x)
    }

    fn insert_path(
        &self,
        agg: BasicValueEnum<'ctx>,
        val: BasicValueEnum<'ctx>,
        pos: &[i128],
    ) -> TResult<BasicValueEnum<'ctx>> {
        let Some((&p, rest)) = pos.split_first() else {
            return Err("empty position".into());
        };
        let idx = u32::try_from(p).map_err(|_| format!("position {p} out of range"))?;
        let inner = if rest.is_empty() {
            val
        } else {
            let sub = self.extract_path(agg, &[p])?;
            self.insert_path(sub, val, rest)?
        };
        let out = match agg {
            BasicValueEnum::StructValue(s) => {
                let ft = s
                    .get_type()
                    .get_field_type_at_index(idx)
                    .ok_or_else(|| format!("position {p} out of range"))?;
                self.same("inserted value", inner.get_type(), ft)?;
                bld(self.builder.build_insert_value(s, inner, idx, ""))?
            }
            BasicValueEnum::ArrayValue(a) => {
                if idx >= a.get_type().len() {
                    return Err(TranslateError(format!("position {p} out of range")));
                }
                self.same(
                    "inserted value",
                    inner.get_type(),
                    a.get_type().get_element_type(),
                )?;
                bld(self.builder.build_insert_value(a, inner, idx, ""))?
            }
            _ => return Err("position indexes into a non-aggregate".into()),
        };
        Ok(out.as_basic_value_enum())
    }

    /// An LLVM constant of type `lt` (the conversion of `ty`) from a `value` attribute.
    fn constant(
        &self,
        attr: &Attribute,
        ty: &Type,
        lt: BasicTypeEnum<'ctx>,
    ) -> TResult<BasicValueEnum<'ctx>> {
        match (attr, lt) {
            (Attribute::Int { value, .. }, BasicTypeEnum::IntType(it)) => {
                Ok(const_int_wide(it, *value).into())
            }
            (Attribute::Bool(v), BasicTypeEnum::IntType(it)) => {
                Ok(it.const_int(*v as u64, false).into())
            }
            (Attribute::Float { bits, .. }, BasicTypeEnum::FloatType(ft)) => {
                self.float_from_bits(*bits, ft)
            }
            (Attribute::SymbolRef(name), BasicTypeEnum::PointerType(_)) => {
                let (f, _) = self
                    .funcs
                    .get(name)
                    .ok_or_else(|| format!("unknown function @{name}"))?;
                Ok(f.as_global_value().as_pointer_value().into())
            }
            (Attribute::Dense { .. } | Attribute::Array(_), _)
                if matches!(
                    lt,
                    BasicTypeEnum::VectorType(_) | BasicTypeEnum::ArrayType(_)
                ) =>
            {
                let leaves = leaf_count(lt);
                let elems: Vec<&Attribute> = match (attr, values_of(attr)) {
                    (_, Some(DenseValues::Splat(s))) => vec![&**s; leaves],
                    (_, Some(DenseValues::Elements(es))) => es.iter().collect(),
                    (Attribute::Array(es), None) => es.iter().collect(),
                    _ => Vec::new(),
                };
                if elems.len() != leaves {
                    return Err(TranslateError(format!(
                        "constant has {} elements but its type {ty} needs {leaves}",
                        elems.len()
                    )));
                }
                let mut it = elems.into_iter();
                self.aggregate_const(lt, &mut it)
            }
            // A scalar attribute for a vector result is a splat.
            (a @ (Attribute::Int { .. } | Attribute::Float { .. } | Attribute::Bool(_)), _)
                if matches!(
                    lt,
                    BasicTypeEnum::VectorType(_) | BasicTypeEnum::ArrayType(_)
                ) =>
            {
                let leaves = leaf_count(lt);
                let elems = vec![a; leaves];
                let mut it = elems.into_iter();
                self.aggregate_const(lt, &mut it)
            }
            _ => Err(TranslateError(format!(
                "cannot make a constant of type {ty} from {attr:?}"
            ))),
        }
    }

    fn aggregate_const<'x>(
        &self,
        lt: BasicTypeEnum<'ctx>,
        it: &mut impl Iterator<Item = &'x Attribute>,
    ) -> TResult<BasicValueEnum<'ctx>> {
        match lt {
            BasicTypeEnum::VectorType(vt) => {
                let et = vt.get_element_type();
                let mut elems = Vec::new();
                for _ in 0..vt.get_size() {
                    let a = it.next().ok_or("too few constant elements")?;
                    elems.push(self.constant(a, &Type::LlvmVoid, et)?);
                }
                Ok(inkwell::types::VectorType::const_vector(&elems).into())
            }
            BasicTypeEnum::ArrayType(at) => {
                let et = at.get_element_type();
                let mut elems = Vec::new();
                for _ in 0..at.len() {
                    elems.push(self.aggregate_const(et, it)?);
                }
                Ok(match et {
                    BasicTypeEnum::VectorType(v) => v
                        .const_array(
                            &elems
                                .iter()
                                .map(|e| e.into_vector_value())
                                .collect::<Vec<_>>(),
                        )
                        .into(),
                    BasicTypeEnum::ArrayType(a) => a
                        .const_array(
                            &elems
                                .iter()
                                .map(|e| e.into_array_value())
                                .collect::<Vec<_>>(),
                        )
                        .into(),
                    BasicTypeEnum::IntType(i) => i
                        .const_array(&elems.iter().map(|e| e.into_int_value()).collect::<Vec<_>>())
                        .into(),
                    BasicTypeEnum::FloatType(f) => f
                        .const_array(
                            &elems
                                .iter()
                                .map(|e| e.into_float_value())
                                .collect::<Vec<_>>(),
                        )
                        .into(),
                    _ => return Err("unsupported array constant".into()),
                })
            }
            t => {
                let a = it.next().ok_or("too few constant elements")?;
                self.constant(a, &Type::LlvmVoid, t)
            }
        }
    }

    /// A float constant with exactly the given bits (NaN payloads included).
    fn float_from_bits(
        &self,
        bits: u64,
        ft: inkwell::types::FloatType<'ctx>,
    ) -> TResult<BasicValueEnum<'ctx>> {
        let w = if ft == self.ctx.f16_type() || ft == self.ctx.bf16_type() {
            16
        } else if ft == self.ctx.f32_type() {
            32
        } else {
            64
        };
        let it = self
            .ctx
            .custom_width_int_type(NonZeroU32::new(w).ok_or("width")?)?;
        let i = it.const_int(bits, false);
        // A constant operand is folded by the builder into a constant float; the
        // builder needs a position, which a scratch block of a scratch function gives.
        let scratch = self.scratch_builder()?;
        let v = bld(scratch.build_bit_cast(i, ft, ""))?;
        Ok(v)
    }

    fn scratch_builder(&self) -> TResult<Builder<'ctx>> {
        let b = self.ctx.create_builder();
        match self.builder.get_insert_block() {
            Some(bb) => {
                b.position_at_end(bb);
                Ok(b)
            }
            None => Err("no insertion point for a constant".into()),
        }
    }
}

/// The value field `idx` of `agg` holds when `agg` is a chain of single-index
/// `insertvalue`s that sets it (`extractvalue (insertvalue _, v, i), i` is `v`), so no
/// `extractvalue` is emitted for it; otherwise (`Err`) the start of the chain, which
/// has the same field `idx` as `agg` (other positions look through) and, when it is a
/// constant such as `undef`, makes the builder fold the `extractvalue` to a constant.
/// Exact: the field is `v` whatever `v` is (also `undef` or `poison`).
/// Memref descriptors are built with `insertvalue` and read with `extractvalue`; the
/// folded reads are most of a lowered module's instructions, which FastISel cannot
/// select (a block it gives up on goes to SelectionDAG).
fn inserted_at<'ctx>(
    agg: BasicValueEnum<'ctx>,
    idx: u32,
) -> Result<BasicValueEnum<'ctx>, BasicValueEnum<'ctx>> {
    let mut x = agg;
    loop {
        let Some(inst) = x.as_instruction_value() else {
            return Err(x);
        };
        if inst.get_opcode() != InstructionOpcode::InsertValue {
            return Err(x);
        }
        let (Some(Operand::Value(base)), Some(Operand::Value(field))) =
            (inst.get_operand(0), inst.get_operand(1))
        else {
            return Err(x);
        };
        match inst.get_indices().as_slice() {
            [i] if *i == idx => return Ok(field),
            [_] => x = base,
            _ => return Err(x),
        }
    }
}

/// Removes the `insertvalue`s and `extractvalue`s of `f` that nothing uses (left
/// behind by [`inserted_at`]), last first so that whole dead chains go in one pass.
fn erase_dead_aggregate_ops(f: FunctionValue<'_>) {
    let mut bb = f.get_last_basic_block();
    while let Some(b) = bb {
        let mut inst = b.get_last_instruction();
        while let Some(i) = inst {
            inst = i.get_previous_instruction();
            let aggregate_op = matches!(
                i.get_opcode(),
                InstructionOpcode::InsertValue | InstructionOpcode::ExtractValue
            );
            if aggregate_op && i.get_first_use().is_none() {
                i.erase_from_basic_block();
            }
        }
        bb = b.get_previous_basic_block();
    }
}

fn values_of(a: &Attribute) -> Option<&DenseValues> {
    match a {
        Attribute::Dense { values, .. } => Some(values),
        _ => None,
    }
}

/// The number of scalar leaves of a vector or a (nested) array of vectors.
fn leaf_count(t: BasicTypeEnum<'_>) -> usize {
    match t {
        BasicTypeEnum::VectorType(v) => v.get_size() as usize,
        BasicTypeEnum::ArrayType(a) => a.len() as usize * leaf_count(a.get_element_type()),
        _ => 1,
    }
}

fn scalar_of(t: BasicTypeEnum<'_>) -> BasicTypeEnum<'_> {
    match t {
        BasicTypeEnum::VectorType(v) => v.get_element_type(),
        t => t,
    }
}

/// Checks a cast's source and destination types as LLVM requires them, so that the
/// builder is never handed an invalid cast.
fn check_cast(
    opc: inkwell::values::InstructionOpcode,
    from: BasicTypeEnum<'_>,
    to: BasicTypeEnum<'_>,
) -> TResult<()> {
    use inkwell::values::InstructionOpcode as Opc;
    let lanes = |t: BasicTypeEnum| match t {
        BasicTypeEnum::VectorType(v) => Some(v.get_size()),
        _ => None,
    };
    let bad = || {
        Err(TranslateError(format!(
            "invalid cast from {} to {}",
            from.print_to_string(),
            to.print_to_string()
        )))
    };
    let (fs, ts) = (scalar_of(from), scalar_of(to));
    let fw = |t: BasicTypeEnum| match t {
        BasicTypeEnum::IntType(i) => i.get_bit_width(),
        BasicTypeEnum::FloatType(_) => 0,
        _ => 0,
    };
    let fbits = |t: BasicTypeEnum<'_>| -> u32 {
        match t {
            BasicTypeEnum::FloatType(f) => {
                let ctx = f.get_context();
                if f == ctx.f16_type() || f == ctx.bf16_type() {
                    16
                } else if f == ctx.f32_type() {
                    32
                } else if f == ctx.f64_type() {
                    64
                } else {
                    128
                }
            }
            _ => 0,
        }
    };
    if opc != Opc::BitCast && lanes(from) != lanes(to) {
        return bad();
    }
    let ok = match opc {
        Opc::SExt | Opc::ZExt => fs.is_int_type() && ts.is_int_type() && fw(fs) < fw(ts),
        Opc::Trunc => fs.is_int_type() && ts.is_int_type() && fw(fs) > fw(ts),
        Opc::SIToFP => fs.is_int_type() && ts.is_float_type(),
        Opc::FPToSI => fs.is_float_type() && ts.is_int_type(),
        Opc::FPExt => fs.is_float_type() && ts.is_float_type() && fbits(fs) < fbits(ts),
        Opc::FPTrunc => fs.is_float_type() && ts.is_float_type() && fbits(fs) > fbits(ts),
        Opc::PtrToInt => fs.is_pointer_type() && ts.is_int_type(),
        Opc::IntToPtr => fs.is_int_type() && ts.is_pointer_type(),
        Opc::AddrSpaceCast => {
            matches!((fs, ts), (BasicTypeEnum::PointerType(p), BasicTypeEnum::PointerType(q))
                if p.get_address_space() != q.get_address_space())
        }
        Opc::BitCast => {
            let sized = |t: BasicTypeEnum| {
                matches!(
                    t,
                    BasicTypeEnum::IntType(_)
                        | BasicTypeEnum::FloatType(_)
                        | BasicTypeEnum::VectorType(_)
                        | BasicTypeEnum::PointerType(_)
                )
            };
            let space = |t: BasicTypeEnum| match t {
                BasicTypeEnum::PointerType(p) => Some(p.get_address_space()),
                _ => None,
            };
            sized(from) && sized(to) && space(from) == space(to) && bit_size(from) == bit_size(to)
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        bad()
    }
}

fn bit_size(t: BasicTypeEnum<'_>) -> u64 {
    match t {
        BasicTypeEnum::IntType(i) => i.get_bit_width() as u64,
        BasicTypeEnum::FloatType(f) => {
            let ctx = f.get_context();
            if f == ctx.f16_type() || f == ctx.bf16_type() {
                16
            } else if f == ctx.f32_type() {
                32
            } else if f == ctx.f64_type() {
                64
            } else {
                128
            }
        }
        BasicTypeEnum::VectorType(v) => v.get_size() as u64 * bit_size(v.get_element_type()),
        BasicTypeEnum::PointerType(_) => 64,
        _ => 0,
    }
}
