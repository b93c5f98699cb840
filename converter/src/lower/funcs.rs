//! Lowering of one function: the signature under the memref calling convention
//! (memref arguments expanded into scalar fields and packed back into descriptors at
//! the top of the entry block), the block structure, the walk over the ops in an
//! order where definitions come before uses, and the dispatch to the per-op patterns.

use super::descriptor::{MemRefDescriptor, UnrankedDescriptor};
use super::emit::Emitter;
use super::types::TypeConverter;
use super::{arith, calls, memref, vector, LowerOptions};
use crate::diag::{Diagnostic, Loc};
use crate::ir::{
    Attribute, BlockId, Body, Func, FuncKind, NewOp, OpData, OpId, OpKind, StdOp, Successor, Type,
    ValueId,
};
use std::collections::HashMap;

/// Module-wide state shared by the functions being lowered.
pub struct Ctx {
    pub tc: TypeConverter,
    pub opts: LowerOptions,
    /// Set when some lowering calls `malloc` / `free`, so the module declares them.
    pub needs_malloc: bool,
    pub needs_aligned_alloc: bool,
    pub needs_free: bool,
    /// When set, each lowered body records its hints here (`super::hints`).
    pub hints: Option<HashMap<String, super::hints::Hints>>,
}

impl Ctx {
    pub fn new(opts: &LowerOptions) -> Ctx {
        Ctx {
            tc: TypeConverter::new(opts.index_bitwidth)
                .with_bare_ptr(opts.use_bare_ptr_memref_call_conv),
            opts: opts.clone(),
            needs_malloc: false,
            needs_aligned_alloc: false,
            needs_free: false,
            hints: None,
        }
    }

    pub fn conv(&self, t: &Type, loc: Loc) -> Result<Type, Diagnostic> {
        self.tc.convert(t).map_err(|m| Diagnostic::error(loc, m))
    }

    /// The converted signature of a Standard function.
    pub fn func_type(&self, f: &Func) -> Result<Type, Diagnostic> {
        match f.std_type() {
            Some(ft) => self
                .tc
                .func_type(ft)
                .map_err(|m| Diagnostic::error(f.loc, m)),
            None => Ok(f.ty.clone()),
        }
    }
}

/// The state of lowering one function body.
pub struct FnLower<'a> {
    pub ctx: &'a mut Ctx,
    pub old: &'a Body,
    pub new: Body,
    vmap: Vec<Option<ValueId>>,
    bmap: Vec<BlockId>,
    /// The block new ops are appended to.
    pub block: BlockId,
    /// The Standard result types of the function (for `return`).
    pub results: Vec<Type>,
    /// For each old terminator that names a block more than once: the successor
    /// indexes that go through a new dummy block instead, with that block.
    dummies: HashMap<OpId, Vec<(usize, BlockId)>>,
    /// Stack slots hoisted to the top of the entry block so far ([`FnLower::entry_slot`]).
    entry_slots: usize,
}

impl<'a> FnLower<'a> {
    /// A stack slot for one `elem`, allocated at the top of the entry block, for a
    /// temporary of the lowering itself (not a Standard `alloca`, which stays where it
    /// is). Placed where the op is, the slot would be a dynamic alloca: inside a loop it
    /// would grow the stack on every iteration, and at -O0 LLVM 22 miscompiles calls
    /// passing over-aligned vectors after one
    /// (`docs/findings/llvm22-o0-dynamic-alloca-vector-args.md`).
    pub fn entry_slot(&mut self, elem: &Type, loc: Loc) -> ValueId {
        let entry = self.new.entry().unwrap_or(self.block);
        let pos = 2 * self.entry_slots;
        let idx = self.ctx.tc.index();
        let one = self.new.insert_op(
            entry,
            pos,
            NewOp::new(OpKind::LlvmConstant)
                .attr("value", Attribute::int(1, idx.clone()))
                .result(idx)
                .loc(loc),
        );
        let one = self.new.op(one).results[0];
        let slot = self.new.insert_op(
            entry,
            pos + 1,
            NewOp::new(OpKind::LlvmAlloca)
                .operands([one])
                .attr("elem_type", Attribute::Type(elem.clone()))
                .result(Type::llvm_ptr(elem.clone()))
                .loc(loc),
        );
        self.entry_slots += 1;
        self.new.op(slot).results[0]
    }

    /// An emitter appending to the current block at `loc`.
    pub fn em(&mut self, loc: Loc) -> Emitter<'_> {
        let idx = self.ctx.tc.index();
        Emitter::new(&mut self.new, self.block, loc, idx)
    }

    /// The lowered value of an old value. Values not yet lowered can only be seen in
    /// unreachable code (every reachable use is dominated by its definition and blocks
    /// are walked in reverse post-order); they become `undef`.
    pub fn v(&mut self, old: ValueId) -> ValueId {
        if let Some(v) = self.vmap[old.index()] {
            return v;
        }
        let ty = self
            .ctx
            .tc
            .convert(self.old.value_type(old))
            .unwrap_or(Type::i1());
        let u = self.em(Loc::UNKNOWN).undef(&ty);
        self.vmap[old.index()] = Some(u);
        u
    }

    pub fn vs(&mut self, olds: &[ValueId]) -> Vec<ValueId> {
        olds.iter().map(|&o| self.v(o)).collect()
    }

    pub fn set(&mut self, old: ValueId, new: ValueId) {
        self.vmap[old.index()] = Some(new);
    }

    pub fn old_ty(&self, old: ValueId) -> &'a Type {
        self.old.value_type(old)
    }

    pub fn conv(&self, t: &Type, loc: Loc) -> Result<Type, Diagnostic> {
        self.ctx.conv(t, loc)
    }

    /// The converted element pointer of a memref type (in its memory space).
    pub fn elem_ptr(&self, t: &Type, loc: Loc) -> Result<Type, Diagnostic> {
        self.ctx
            .tc
            .elem_ptr(t)
            .map_err(|m| Diagnostic::error(loc, m))
    }

    pub fn succ(&mut self, s: &Successor) -> Successor {
        Successor {
            block: self.bmap[s.block.index()],
            args: self.vs(&s.args),
        }
    }

    /// The lowered successors of old op `id`. A repeated successor goes to its dummy
    /// block, which gets the branch to the original target with the operands.
    pub fn succs(&mut self, id: OpId, old: &[Successor], loc: Loc) -> Vec<Successor> {
        let dummies = self.dummies.remove(&id).unwrap_or_default();
        let mut out = Vec::with_capacity(old.len());
        for (i, s) in old.iter().enumerate() {
            match dummies.iter().find(|&&(k, _)| k == i) {
                Some(&(_, dummy)) => {
                    let here = std::mem::replace(&mut self.block, dummy);
                    let target = self.succ(s);
                    let mut br = NewOp::new(OpKind::LlvmBr);
                    br.successors.push(target);
                    self.em(loc).push(br);
                    self.block = here;
                    out.push(Successor {
                        block: dummy,
                        args: Vec::new(),
                    });
                }
                None => out.push(self.succ(s)),
            }
        }
        out
    }
}

/// Lowers one Standard function to an `llvm.func` (declarations stay declarations).
/// Both callers pass the input's `llvm.func`s through before they get here.
pub fn lower_func(ctx: &mut Ctx, f: &Func) -> Result<Func, Vec<Diagnostic>> {
    let ty = ctx.func_type(f).map_err(|d| vec![d])?;
    let body = f
        .body
        .as_ref()
        .map(|old| lower_body(ctx, f, old))
        .transpose()?;
    let (arg_attrs, res_attrs) = lowered_arg_res_attrs(ctx, f);
    Ok(Func {
        name: f.name.clone(),
        kind: FuncKind::Llvm,
        ty,
        attrs: f.attrs.clone(),
        arg_attrs,
        res_attrs,
        body,
        loc: f.loc,
    })
}

/// The argument and result dictionaries of `f`'s lowering ([`super::attrs`]).
pub fn lowered_arg_res_attrs(ctx: &Ctx, f: &Func) -> (crate::ir::AttrDicts, crate::ir::AttrDicts) {
    let Some(ft) = f.std_type().filter(|_| f.kind == FuncKind::Std) else {
        return (f.arg_attrs.clone(), f.res_attrs.clone());
    };
    if f.arg_attrs.is_empty() && f.res_attrs.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let args = super::attrs::expanded_arg_attrs(
        &ft.inputs,
        |i| f.arg_attr_dict(i),
        |t| ctx.tc.expanded_arg_types(t).unwrap_or_default(),
    );
    let result = ctx.tc.func_result(&ft.results).unwrap_or(Type::LlvmVoid);
    (
        args,
        super::attrs::lowered_res_attrs(ft, f.res_attr_dict(0), &result),
    )
}

fn lower_body(ctx: &mut Ctx, f: &Func, old: &Body) -> Result<Body, Vec<Diagnostic>> {
    let results = f.std_type().map(|t| t.results.clone()).unwrap_or_default();
    // Most ops lower to a few LLVM ops (memref accesses to about six): reserving that
    // much up front spares the arenas repeated growth and copying.
    let mut new = Body::new();
    new.ops.reserve(old.ops.len() * 3);
    new.values.reserve(old.values.len() * 3);
    new.blocks.reserve(old.blocks.len());
    new.layout.reserve(old.layout.len());
    let mut fl = FnLower {
        ctx,
        old,
        new,
        vmap: vec![None; old.values.len()],
        bmap: vec![BlockId(0); old.blocks.len()],
        block: BlockId(0),
        results,
        dummies: HashMap::new(),
        entry_slots: 0,
    };
    let mut errors = Vec::new();
    // Blocks first, in the old layout order, so every branch can name its target.
    for (i, &b) in old.layout.iter().enumerate() {
        let nb = if i == 0 {
            fl.new.add_block(&[])
        } else {
            let mut tys = Vec::new();
            for &a in old.block_args(b) {
                match fl.conv(old.value_type(a), old.block(b).loc) {
                    Ok(t) => tys.push(t),
                    Err(d) => {
                        errors.push(d);
                        tys.push(Type::i1());
                    }
                }
            }
            let nb = fl.new.add_block(&tys);
            for (k, &a) in old.block_args(b).iter().enumerate() {
                let na = fl.new.block_args(nb)[k];
                fl.set(a, na);
            }
            nb
        };
        fl.new.block_mut(nb).loc = old.block(b).loc;
        fl.bmap[b.index()] = nb;
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    repeated_successor_blocks(&mut fl);
    let Some(entry) = old.entry() else {
        return Ok(fl.new);
    };
    if let Err(d) = entry_args(&mut fl, entry, f.loc) {
        return Err(vec![d]);
    }
    for b in walk_order(old) {
        fl.block = fl.bmap[b.index()];
        for &op in &old.block(b).ops {
            if let Err(d) = lower_op(&mut fl, op) {
                errors.push(d);
            }
        }
    }
    if let Some(h) = fl.ctx.hints.as_mut() {
        h.insert(
            f.name.clone(),
            super::hints::Hints::record(&fl.bmap, &fl.vmap),
        );
    }
    if errors.is_empty() {
        Ok(fl.new)
    } else {
        Err(errors)
    }
}

/// Repeated successor removal (the spec's section of that name, as
/// `successors::split_body` does it on Standard IR), done while lowering so that the
/// input need not be copied: when a terminator names a block more than once, every
/// use after the first goes to a new dummy block, appended to the layout after the
/// function's blocks in the order of the terminators, that branches to the original
/// block with the original operands (emitted with the terminator, by `succs`).
fn repeated_successor_blocks(fl: &mut FnLower) {
    let old = fl.old;
    for &b in &old.layout {
        let Some(term) = old.terminator(b) else {
            continue;
        };
        let op = old.op(term);
        let succs = &op.successors;
        for i in 1..succs.len() {
            if succs[..i].iter().any(|s| s.block == succs[i].block) {
                let dummy = fl.new.add_block(&[]);
                fl.new.block_mut(dummy).loc = op.loc;
                fl.dummies.entry(term).or_default().push((i, dummy));
            }
        }
    }
}

/// Gives the new entry block the expanded arguments and packs memref descriptors.
fn entry_args(fl: &mut FnLower, entry: BlockId, loc: Loc) -> Result<(), Diagnostic> {
    let old = fl.old;
    let nb = fl.bmap[entry.index()];
    fl.block = nb;
    for &a in old.block_args(entry) {
        let t = old.value_type(a);
        let expanded = fl
            .ctx
            .tc
            .expanded_arg_types(t)
            .map_err(|m| Diagnostic::error(loc, m))?;
        let args: Vec<ValueId> = expanded
            .into_iter()
            .map(|ty| fl.new.add_block_arg(nb, ty))
            .collect();
        let v = match t {
            Type::MemRef(m) if fl.ctx.tc.bare_ptr() => {
                let dty = fl.conv(t, loc)?;
                let mut em = fl.em(loc);
                MemRefDescriptor::from_static_shape(&mut em, &dty, m, args[0]).value
            }
            Type::MemRef(_) => {
                let dty = fl.conv(t, loc)?;
                let mut em = fl.em(loc);
                MemRefDescriptor::pack(&mut em, &dty, &args).value
            }
            Type::UnrankedMemRef(..) => {
                let dty = fl.ctx.tc.unranked_descriptor();
                let mut em = fl.em(loc);
                UnrankedDescriptor::build(&mut em, &dty, args[0], args[1]).value
            }
            _ => args[0],
        };
        fl.set(a, v);
    }
    Ok(())
}

/// Reverse post-order from the entry block, then the unreachable blocks in layout
/// order: every reachable use comes after its (dominating) definition.
fn walk_order(body: &Body) -> Vec<BlockId> {
    let n = body.blocks.len();
    let mut seen = vec![false; n];
    let mut post = Vec::with_capacity(body.layout.len());
    if let Some(entry) = body.entry() {
        // Iterative DFS: (block, next successor index).
        let mut stack = vec![(entry, 0usize)];
        seen[entry.index()] = true;
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            let succs = body
                .terminator(b)
                .map(|t| &body.op(t).successors[..])
                .unwrap_or(&[]);
            if *i < succs.len() {
                let s = succs[*i].block;
                *i += 1;
                if !seen[s.index()] {
                    seen[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
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

fn lower_op(fl: &mut FnLower, id: OpId) -> Result<(), Diagnostic> {
    let op = fl.old.op(id);
    use StdOp::*;
    // Ops of other dialects (unregistered ones) are kept, their types converted.
    let Some(kind) = op.kind.std() else {
        return generic(fl, id, op);
    };
    // The ops whose attributes are copied onto their LLVM ops must not carry one that
    // the LLVM op reads as its own (a call checks its own list, in `calls`).
    if !matches!(
        kind,
        Call | CallIndirect
            | Alloc
            | Alloca
            | Dealloc
            | Load
            | Store
            | Dim
            | Rank
            | MemRefCast
            | Splat
            | ExtractElement
    ) {
        if let Some(name) = super::attrs::inherent_attr(&op.attrs) {
            return Err(Diagnostic::error(
                op.loc,
                format!(
                    "attribute '{name}' of '{}' cannot be kept: the LLVM op it lowers to gives it a meaning of its own",
                    op.name()
                ),
            ));
        }
    }
    match kind {
        AddI | SubI | MulI | DivISigned | DivIUnsigned | RemISigned | RemIUnsigned | And | Or
        | Xor | ShiftLeft | ShiftRightSigned | ShiftRightUnsigned | AddF | SubF | MulF | DivF
        | RemF | CopySign => arith::binary(fl, op),
        IndexCast | SIToFP | FPToSI | FPExt | FPTrunc | ZExtI | SExtI | TruncI => {
            arith::cast(fl, op)
        }
        Rsqrt => arith::rsqrt(fl, op),
        NegF | AbsF | Sqrt | Exp | Exp2 | Log | Log2 | Log10 | Sin | Cos | CeilF => {
            arith::float_unary(fl, op)
        }
        CmpI | CmpF => arith::compare(fl, op),
        Select => arith::select(fl, op),
        Constant => arith::constant(fl, op),
        Alloc | Alloca => memref::alloc(fl, op),
        Dealloc => memref::dealloc(fl, op),
        Load | Store => memref::load_store(fl, op),
        Dim => memref::dim(fl, op),
        Rank => memref::rank(fl, op),
        MemRefCast => memref::cast(fl, op),
        Splat => vector::splat(fl, op),
        ExtractElement => vector::extract_element(fl, op),
        Call | CallIndirect => calls::call(fl, op),
        Return => calls::ret(fl, op),
        Br | CondBr => branch(fl, id, op),
    }
}

fn branch(fl: &mut FnLower, id: OpId, op: &OpData) -> Result<(), Diagnostic> {
    let kind = if op.kind == OpKind::Br {
        OpKind::LlvmBr
    } else {
        OpKind::LlvmCondBr
    };
    let operands = fl.vs(&op.operands);
    let succs = fl.succs(id, &op.successors, op.loc);
    let mut new = NewOp::new(kind).operands(operands);
    new.successors = succs;
    // LLVM 11's terminator lowering (and MLIR 22's) keeps the op's attributes.
    new.attrs = op.attrs.clone();
    fl.em(op.loc).push(new);
    Ok(())
}

/// Ops the lowering does not know (unregistered ones) are kept with their operand
/// and result types converted and their attributes unchanged.
fn generic(fl: &mut FnLower, id: OpId, op: &OpData) -> Result<(), Diagnostic> {
    let operands = fl.vs(&op.operands);
    let mut tys = Vec::with_capacity(op.results.len());
    for &r in &op.results {
        tys.push(fl.conv(fl.old_ty(r), op.loc)?);
    }
    let succs = fl.succs(id, &op.successors, op.loc);
    let mut new = NewOp::new(op.kind).operands(operands).results(tys);
    new.unregistered_name = op.unregistered_name.clone();
    new.attrs = op.attrs.clone();
    new.successors = succs;
    let results = fl.em(op.loc).push(new);
    for (&o, n) in op.results.iter().zip(results) {
        fl.set(o, n);
    }
    Ok(())
}
