//! The reducer's mutators, in the manner of Cranelift's bugpoint: one type per mutator,
//! each behind the [`Mutator`] trait. A mutator names itself, lists the places (its
//! typed [`Mutator::Site`]s) of a module where it could make the module smaller, and
//! applies itself to one site of a copy, reporting what it changed, or `None` when the
//! site does not fit. The driver (`super`) decides whether a candidate is kept; a
//! mutator never checks meaning, only keeps the module well-formed where it can (the
//! verifier has the last word).

use converter::ir::{
    Attribute, BlockId, Body, DenseValues, Func, Module, NewOp, OpId, OpKind, Type, ValueDef,
    ValueId,
};
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;

/// One way of making a module smaller.
pub trait Mutator: Sync {
    /// A place of a module this mutator can act on.
    type Site: Clone + Debug;

    /// The mutator's name (for logs and statistics).
    fn name(&self) -> &'static str;

    /// The sites of `m` this mutator may act on, in a deterministic order.
    fn sites(&self, m: &Module, entry: &str) -> Vec<Self::Site>;

    /// Acts on `site` of `m`, a copy the driver made: what changed, or `None` when the
    /// site does not fit (`m` is then thrown away).
    fn apply(&self, m: &mut Module, entry: &str, site: &Self::Site) -> Option<String>;
}

/// The copy of `m` that acting on `site` makes, with what changed; `None` when the site
/// does not fit.
pub fn candidate<M: Mutator + ?Sized>(
    mutator: &M,
    m: &Module,
    entry: &str,
    site: &M::Site,
) -> Option<(Module, String)> {
    let mut c = m.clone();
    let change = mutator.apply(&mut c, entry, site)?;
    Some((c, change))
}

/// A function of the module, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncSite {
    pub func: usize,
}

/// An op of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpSite {
    pub func: usize,
    pub op: OpId,
}

/// A block of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockSite {
    pub func: usize,
    pub block: BlockId,
}

/// Which constant a value becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    Zero,
    One,
}

impl Fill {
    fn is_one(self) -> bool {
        self == Fill::One
    }
}

/// An op of a function and the constant that replaces it or its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpFillSite {
    pub func: usize,
    pub op: OpId,
    pub fill: Fill,
}

/// One side of a `cond_br`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideSite {
    pub func: usize,
    pub op: OpId,
    /// 0: the true successor, 1: the false one.
    pub side: usize,
}

/// A successor of a branch and the block it may point to instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetargetSite {
    pub func: usize,
    pub op: OpId,
    pub successor: usize,
    pub target: BlockId,
}

/// An op with one result and the operand that may replace it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandSite {
    pub func: usize,
    pub op: OpId,
    pub operand: usize,
}

/// An argument of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockArgSite {
    pub func: usize,
    pub block: BlockId,
    pub arg: usize,
}

/// A result of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultSite {
    pub func: usize,
    pub result: usize,
}

/// The bodies of `m`'s functions, with their indices.
fn bodies(m: &Module) -> impl Iterator<Item = (usize, &Body)> {
    m.funcs
        .iter()
        .enumerate()
        .filter_map(|(fi, f)| f.body.as_ref().map(|b| (fi, b)))
}

/// The body of function `fi` of `m`, to change.
fn body_mut(m: &mut Module, fi: usize) -> Option<&mut Body> {
    m.funcs.get_mut(fi)?.body.as_mut()
}

/// The name of function `fi` (for the reports).
fn func_name(m: &Module, fi: usize) -> &str {
    m.funcs.get(fi).map_or("?", |f| f.name.as_str())
}

/// Remove a function other than the entry; its calls' results become constants.
pub struct RemoveFunction;

impl Mutator for RemoveFunction {
    type Site = FuncSite;

    fn name(&self) -> &'static str {
        "remove-function"
    }

    fn sites(&self, m: &Module, entry: &str) -> Vec<FuncSite> {
        (m.funcs.iter().enumerate())
            .filter(|(_, f)| f.name != entry)
            .map(|(func, _)| FuncSite { func })
            .collect()
    }

    fn apply(&self, m: &mut Module, entry: &str, s: &FuncSite) -> Option<String> {
        let name = m.funcs.get(s.func)?.name.clone();
        remove_function(m, s.func, entry).then(|| format!("removed @{name}"))
    }
}

/// Remove every side-effect-free op whose results are unused, at once.
pub struct DeadCode;

impl Mutator for DeadCode {
    type Site = FuncSite;

    fn name(&self) -> &'static str {
        "dead-code"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<FuncSite> {
        bodies(m).map(|(func, _)| FuncSite { func }).collect()
    }

    fn apply(&self, m: &mut Module, _: &str, s: &FuncSite) -> Option<String> {
        let n = dead_code(body_mut(m, s.func)?);
        (n > 0).then(|| format!("removed {n} dead ops of @{}", func_name(m, s.func)))
    }
}

/// Replace a `cond_br` by a `br` to one side; unreachable blocks go too.
pub struct CondBrToBr;

impl Mutator for CondBrToBr {
    type Site = SideSite;

    fn name(&self) -> &'static str {
        "cond-br-to-br"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<SideSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            for op in body.walk_ops() {
                if body.op(op).kind == OpKind::CondBr {
                    out.extend((0..2).map(|side| SideSite { func, op, side }));
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &SideSite) -> Option<String> {
        cond_br_to_br(body_mut(m, s.func)?, s.op, s.side).then(|| {
            format!(
                "cond_br {:?} of @{} -> br to side {}",
                s.op,
                func_name(m, s.func),
                s.side
            )
        })
    }
}

/// Point a branch at a block later in the layout (with the same argument types):
/// breaks loops, and makes the blocks in between unreachable.
pub struct RetargetBranch;

impl Mutator for RetargetBranch {
    type Site = RetargetSite;

    fn name(&self) -> &'static str {
        "retarget-branch"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<RetargetSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            let pos = |b: BlockId| body.layout.iter().position(|&x| x == b);
            for op in body.walk_ops() {
                for (successor, s) in body.op(op).successors.iter().enumerate() {
                    let Some(from) = pos(s.block) else { continue };
                    let types: Vec<&Type> = s.args.iter().map(|&a| body.value_type(a)).collect();
                    for &target in &body.layout[from + 1..] {
                        let params: Vec<&Type> = body
                            .block_args(target)
                            .iter()
                            .map(|&a| body.value_type(a))
                            .collect();
                        // Arguments are kept when the types match, dropped when the
                        // target takes none.
                        if params == types || params.is_empty() {
                            out.push(RetargetSite {
                                func,
                                op,
                                successor,
                                target,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &RetargetSite) -> Option<String> {
        retarget(body_mut(m, s.func)?, s.op, s.successor, s.target).then(|| {
            format!(
                "successor {} of {:?} in @{} -> {:?}",
                s.successor,
                s.op,
                func_name(m, s.func),
                s.target
            )
        })
    }
}

/// Replace a `br`/`cond_br` by a `return` of zero constants (when every result type
/// has constants): ends loops that no other mutation can break, such as a block that
/// branches to itself.
pub struct BranchToReturn;

impl Mutator for BranchToReturn {
    type Site = OpSite;

    fn name(&self) -> &'static str {
        "branch-to-return"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<OpSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            for op in body.walk_ops() {
                if matches!(body.op(op).kind, OpKind::Br | OpKind::CondBr) {
                    out.push(OpSite { func, op });
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &OpSite) -> Option<String> {
        let f = m.funcs.get_mut(s.func)?;
        let results = f.std_type()?.results.clone();
        branch_to_return(f.body.as_mut()?, s.op, &results)
            .then(|| format!("branch {:?} of @{} -> return", s.op, f.name))
    }
}

/// Replace an op's used results by constants (zero or one) and remove it; an op
/// without used results is simply removed.
pub struct OpToConst;

impl Mutator for OpToConst {
    type Site = OpFillSite;

    fn name(&self) -> &'static str {
        "op-to-const"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<OpFillSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            // Last ops first: replacing a late op makes earlier ones dead.
            let ops: Vec<OpId> = body.walk_ops().collect();
            let used = used_values(body);
            for &op in ops.iter().rev() {
                let d = body.op(op);
                let any_used = d.results.iter().any(|r| used.contains(r));
                // A constant is only removed, once unused.
                if d.kind.is_terminator() || (d.kind == OpKind::Constant && any_used) {
                    continue;
                }
                out.push(OpFillSite {
                    func,
                    op,
                    fill: Fill::Zero,
                });
                if any_used {
                    out.push(OpFillSite {
                        func,
                        op,
                        fill: Fill::One,
                    });
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &OpFillSite) -> Option<String> {
        let body = body_mut(m, s.func)?;
        let kind = body.ops.get(s.op.index())?.kind;
        op_to_const(body, s.op, s.fill.is_one()).then(|| {
            format!(
                "{} {:?} of @{} -> {:?} constants",
                kind.short_name(),
                s.op,
                func_name(m, s.func),
                s.fill
            )
        })
    }
}

/// Replace an op's only result by one of its operands of the same type.
pub struct OpToOperand;

impl Mutator for OpToOperand {
    type Site = OperandSite;

    fn name(&self) -> &'static str {
        "op-to-operand"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<OperandSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            let ops: Vec<OpId> = body.walk_ops().collect();
            for &op in ops.iter().rev() {
                let d = body.op(op);
                let [r] = d.results[..] else { continue };
                let ty = body.value_type(r);
                for (operand, &o) in d.operands.iter().enumerate() {
                    if body.value_type(o) == ty {
                        out.push(OperandSite { func, op, operand });
                    }
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &OperandSite) -> Option<String> {
        let body = body_mut(m, s.func)?;
        let kind = body.ops.get(s.op.index())?.kind;
        op_to_operand(body, s.op, s.operand).then(|| {
            format!(
                "{} {:?} of @{} -> its operand {}",
                kind.short_name(),
                s.op,
                func_name(m, s.func),
                s.operand
            )
        })
    }
}

/// Replace a block argument by a constant; for non-entry blocks also drop the argument
/// and the successor operands passed to it.
pub struct BlockArgToConst;

impl Mutator for BlockArgToConst {
    type Site = BlockArgSite;

    fn name(&self) -> &'static str {
        "block-arg-to-const"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<BlockArgSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            let used = used_values(body);
            for (bi, &block) in body.layout.iter().enumerate() {
                for (arg, v) in body.block_args(block).iter().enumerate() {
                    if bi > 0 || used.contains(v) {
                        out.push(BlockArgSite { func, block, arg });
                    }
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &BlockArgSite) -> Option<String> {
        block_arg_to_const(body_mut(m, s.func)?, s.block, s.arg).then(|| {
            format!(
                "argument {} of {:?} in @{} -> constant",
                s.arg,
                s.block,
                func_name(m, s.func)
            )
        })
    }
}

/// Inline a call to a function whose body is a single block.
pub struct InlineCall;

impl Mutator for InlineCall {
    type Site = OpSite;

    fn name(&self) -> &'static str {
        "inline-call"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<OpSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            for op in body.walk_ops() {
                if body.op(op).kind == OpKind::Call {
                    out.push(OpSite { func, op });
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &OpSite) -> Option<String> {
        inline_call(m, s.func, s.op)
            .then(|| format!("inlined call {:?} in @{}", s.op, func_name(m, s.func)))
    }
}

/// Drop one result of a function (its `return` operands; callers get constants).
pub struct DropResult;

impl Mutator for DropResult {
    type Site = ResultSite;

    fn name(&self) -> &'static str {
        "drop-result"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<ResultSite> {
        let mut out = Vec::new();
        for (func, f) in m.funcs.iter().enumerate() {
            if f.body.is_some() {
                let n = f.std_type().map_or(0, |t| t.results.len());
                // The last result first: indices of the others stay valid.
                out.extend((0..n).rev().map(|result| ResultSite { func, result }));
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &ResultSite) -> Option<String> {
        drop_result(m, s.func, s.result)
            .then(|| format!("dropped result {} of @{}", s.result, func_name(m, s.func)))
    }
}

/// Merge a block into its only predecessor when that ends in a `br` to it.
pub struct MergeBlocks;

impl Mutator for MergeBlocks {
    type Site = BlockSite;

    fn name(&self) -> &'static str {
        "merge-blocks"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<BlockSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            out.extend(body.layout.iter().map(|&block| BlockSite { func, block }));
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &BlockSite) -> Option<String> {
        merge_into_pred(body_mut(m, s.func)?, s.block).then(|| {
            format!(
                "merged {:?} of @{} into its predecessor",
                s.block,
                func_name(m, s.func)
            )
        })
    }
}

/// Remove a function's `llvm.emit_c_interface` attribute.
pub struct RemoveCInterface;

impl Mutator for RemoveCInterface {
    type Site = FuncSite;

    fn name(&self) -> &'static str {
        "remove-c-interface"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<FuncSite> {
        (m.funcs.iter().enumerate())
            .filter(|(_, f)| f.has_attr("llvm.emit_c_interface"))
            .map(|(func, _)| FuncSite { func })
            .collect()
    }

    fn apply(&self, m: &mut Module, _: &str, s: &FuncSite) -> Option<String> {
        let f = m.funcs.get_mut(s.func)?;
        let n = f.attrs.len();
        f.attrs.retain(|a| a.name != "llvm.emit_c_interface");
        (f.attrs.len() != n).then(|| format!("removed llvm.emit_c_interface of @{}", f.name))
    }
}

/// Replace a scalar constant's value by zero or one.
pub struct SimplifyConst;

impl Mutator for SimplifyConst {
    type Site = OpFillSite;

    fn name(&self) -> &'static str {
        "simplify-const"
    }

    fn sites(&self, m: &Module, _: &str) -> Vec<OpFillSite> {
        let mut out = Vec::new();
        for (func, body) in bodies(m) {
            for op in body.walk_ops() {
                let d = body.op(op);
                if d.kind != OpKind::Constant {
                    continue;
                }
                // Towards zero only (anything -> 0, anything but 0 -> 1), so that the
                // values cannot flip back and forth.
                let ty = body.value_type(d.results[0]);
                let (Some(zero), Some(one)) = (const_attr(ty, false), const_attr(ty, true)) else {
                    continue;
                };
                let value = d.attr("value");
                if value != Some(&zero) {
                    out.push(OpFillSite {
                        func,
                        op,
                        fill: Fill::Zero,
                    });
                    if value != Some(&one) {
                        out.push(OpFillSite {
                            func,
                            op,
                            fill: Fill::One,
                        });
                    }
                }
            }
        }
        out
    }

    fn apply(&self, m: &mut Module, _: &str, s: &OpFillSite) -> Option<String> {
        simplify_const(body_mut(m, s.func)?, s.op, s.fill.is_one()).then(|| {
            format!(
                "constant {:?} of @{} -> {:?}",
                s.op,
                func_name(m, s.func),
                s.fill
            )
        })
    }
}

/// A mutator of any site type, as the driver's list holds them: it hands itself to the
/// driver, which tries its sites (see `super::Driver::run`).
pub trait AnyMutator: Sync {
    /// The mutator's name.
    fn mutator_name(&self) -> &'static str;
    /// Tries every site of the mutator on the driver's module.
    fn run_in(&self, driver: &mut super::Driver<'_>) -> Result<(), super::TimedOut>;
}

impl<M: Mutator> AnyMutator for M {
    fn mutator_name(&self) -> &'static str {
        self.name()
    }

    fn run_in(&self, driver: &mut super::Driver<'_>) -> Result<(), super::TimedOut> {
        driver.run(self)
    }
}

/// Every mutator, cheapest and most effective first (the order the driver tries them).
pub const MUTATORS: [&dyn AnyMutator; 13] = [
    &RemoveFunction,
    &DeadCode,
    &CondBrToBr,
    &RetargetBranch,
    &BranchToReturn,
    &OpToConst,
    &OpToOperand,
    &BlockArgToConst,
    &InlineCall,
    &DropResult,
    &MergeBlocks,
    &RemoveCInterface,
    &SimplifyConst,
];

/// Every value used as an operand or successor operand of a linked op.
pub fn used_values(body: &Body) -> HashSet<ValueId> {
    let mut used = HashSet::new();
    for op in body.walk_ops() {
        let d = body.op(op);
        used.extend(d.operands.iter().copied());
        for s in &d.successors {
            used.extend(s.args.iter().copied());
        }
    }
    used
}

/// A zero (or one) constant attribute of a scalar or vector type; `None` for memrefs,
/// functions and LLVM types.
pub fn const_attr(ty: &Type, one: bool) -> Option<Attribute> {
    let v = one as i128;
    Some(match ty {
        Type::Int(1) => Attribute::Bool(one),
        Type::Int(_) => Attribute::int(v, ty.clone()),
        Type::Index => Attribute::index(v as i64),
        Type::F16 | Type::F32 | Type::F64 => Attribute::float(v as f64, ty.clone()),
        Type::Vector(vt) => Attribute::Dense {
            ty: ty.clone(),
            values: DenseValues::Splat(Box::new(const_attr(&vt.elem, one)?)),
        },
        _ => return None,
    })
}

/// Inserts a constant of `ty` at `pos` in `block`.
fn insert_const(
    body: &mut Body,
    block: BlockId,
    pos: usize,
    ty: &Type,
    one: bool,
) -> Option<ValueId> {
    let attr = const_attr(ty, one)?;
    let op = body.insert_op(
        block,
        pos,
        NewOp::new(OpKind::Constant)
            .attr("value", attr)
            .result(ty.clone()),
    );
    Some(body.op(op).results[0])
}

/// The position of a linked op in its block.
fn position(body: &Body, op: OpId) -> Option<(BlockId, usize)> {
    let b = body.op(op).parent?;
    let pos = body.block(b).ops.iter().position(|&o| o == op)?;
    Some((b, pos))
}

/// Replaces every used result of `op` by a constant inserted just before it; false
/// when a used result has no constant (a memref, a function).
fn branch_to_return(body: &mut Body, op: OpId, results: &[Type]) -> bool {
    if op.index() >= body.ops.len() || !matches!(body.op(op).kind, OpKind::Br | OpKind::CondBr) {
        return false;
    }
    let Some((b, pos)) = position(body, op) else {
        return false;
    };
    let loc = body.op(op).loc;
    let mut values = Vec::with_capacity(results.len());
    for (i, t) in results.iter().enumerate() {
        match insert_const(body, b, pos + i, t, false) {
            Some(c) => values.push(c),
            None => return false,
        }
    }
    body.remove_op(op);
    body.append_op(b, NewOp::new(OpKind::Return).operands(values).loc(loc));
    remove_unreachable(body);
    true
}

fn results_to_consts(body: &mut Body, op: OpId, one: bool) -> bool {
    let used = used_values(body);
    let results = body.op(op).results.clone();
    for r in results {
        if !used.contains(&r) {
            continue;
        }
        let Some((b, pos)) = position(body, op) else {
            return false;
        };
        let ty = body.value_type(r).clone();
        let Some(c) = insert_const(body, b, pos, &ty, one) else {
            return false;
        };
        body.replace_all_uses(r, c);
    }
    true
}

fn is_pure(kind: OpKind) -> bool {
    // The reducer removes only Standard ops; the op description says which are pure.
    kind.is_std() && kind.is_pure()
}

/// Removes pure ops with unused results until none is left: how many went.
fn dead_code(body: &mut Body) -> usize {
    let mut removed = 0;
    loop {
        let used = used_values(body);
        let dead: Vec<OpId> = body
            .walk_ops()
            .filter(|&op| {
                let d = body.op(op);
                is_pure(d.kind) && d.results.iter().all(|r| !used.contains(r))
            })
            .collect();
        if dead.is_empty() {
            return removed;
        }
        removed += dead.len();
        for op in dead {
            body.remove_op(op);
        }
    }
}

/// Removes the blocks the entry cannot reach.
fn remove_unreachable(body: &mut Body) {
    let Some(entry) = body.entry() else { return };
    let mut seen = HashSet::new();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        if let Some(t) = body.terminator(b) {
            stack.extend(body.op(t).successors.iter().map(|s| s.block));
        }
    }
    body.layout.retain(|b| seen.contains(b));
}

fn cond_br_to_br(body: &mut Body, op: OpId, side: usize) -> bool {
    if op.index() >= body.ops.len() || body.op(op).kind != OpKind::CondBr {
        return false;
    }
    let Some((b, pos)) = position(body, op) else {
        return false;
    };
    let Some(succ) = body.op(op).successors.get(side).cloned() else {
        return false;
    };
    let loc = body.op(op).loc;
    body.remove_op(op);
    body.insert_op(
        b,
        pos,
        NewOp::new(OpKind::Br)
            .successor(succ.block, succ.args)
            .loc(loc),
    );
    remove_unreachable(body);
    true
}

fn op_to_const(body: &mut Body, op: OpId, one: bool) -> bool {
    if op.index() >= body.ops.len() {
        return false;
    }
    let d = body.op(op);
    if d.parent.is_none() || d.kind.is_terminator() {
        return false;
    }
    if d.kind == OpKind::Constant && d.results.iter().any(|r| used_values(body).contains(r)) {
        return false;
    }
    if !results_to_consts(body, op, one) {
        return false;
    }
    body.remove_op(op);
    true
}

fn retarget(body: &mut Body, op: OpId, si: usize, target: BlockId) -> bool {
    if op.index() >= body.ops.len() || target.index() >= body.blocks.len() {
        return false;
    }
    let Some(s) = body.op_mut(op).successors.get_mut(si) else {
        return false;
    };
    s.block = target;
    if body.block_args(target).is_empty() {
        if let Some(s) = body.op_mut(op).successors.get_mut(si) {
            s.args.clear();
        }
    }
    remove_unreachable(body);
    true
}

fn op_to_operand(body: &mut Body, op: OpId, j: usize) -> bool {
    if op.index() >= body.ops.len() || body.op(op).parent.is_none() {
        return false;
    }
    let d = body.op(op);
    let ([r], Some(&o)) = (&d.results[..], d.operands.get(j)) else {
        return false;
    };
    let r = *r;
    if body.value_type(o) != body.value_type(r) {
        return false;
    }
    body.replace_all_uses(r, o);
    body.remove_op(op);
    true
}

fn block_arg_to_const(body: &mut Body, b: BlockId, i: usize) -> bool {
    if b.index() >= body.blocks.len() {
        return false;
    }
    let Some(&v) = body.block_args(b).get(i) else {
        return false;
    };
    let is_entry = body.entry() == Some(b);
    let used = used_values(body).contains(&v);
    if used {
        let ty = body.value_type(v).clone();
        let Some(c) = insert_const(body, b, 0, &ty, false) else {
            return false;
        };
        body.replace_all_uses(v, c);
    }
    if is_entry {
        // Function parameters stay: the signature is the callers' business.
        return used;
    }
    // Drop the argument and what every predecessor passes to it.
    let ops: Vec<OpId> = body.walk_ops().collect();
    for op in ops {
        for s in &mut body.op_mut(op).successors {
            if s.block == b && i < s.args.len() {
                s.args.remove(i);
            }
        }
    }
    body.block_mut(b).args.remove(i);
    // Renumber the remaining arguments' definitions.
    let args = body.block_args(b).to_vec();
    for (k, a) in args.into_iter().enumerate() {
        body.values[a.index()].def = ValueDef::BlockArg {
            block: b,
            index: k as u32,
        };
    }
    true
}

/// Merges `c` into its only predecessor when that one ends in `br ^c(...)`.
fn merge_into_pred(body: &mut Body, c: BlockId) -> bool {
    if c.index() >= body.blocks.len() || body.entry() == Some(c) || !body.layout.contains(&c) {
        return false;
    }
    let mut preds = Vec::new();
    for &b in &body.layout {
        if let Some(t) = body.terminator(b) {
            for s in &body.op(t).successors {
                if s.block == c {
                    preds.push((b, t));
                }
            }
        }
    }
    let [(p, t)] = preds[..] else { return false };
    if p == c || body.op(t).kind != OpKind::Br {
        return false;
    }
    let args = body.op(t).successors[0].args.clone();
    let params = body.block_args(c).to_vec();
    if args.len() != params.len() {
        return false;
    }
    body.remove_op(t);
    for (param, arg) in params.into_iter().zip(args) {
        body.replace_all_uses(param, arg);
    }
    let moved = std::mem::take(&mut body.block_mut(c).ops);
    for &op in &moved {
        body.op_mut(op).parent = Some(p);
    }
    body.block_mut(p).ops.extend(moved);
    body.layout.retain(|&b| b != c);
    true
}

fn simplify_const(body: &mut Body, op: OpId, one: bool) -> bool {
    if op.index() >= body.ops.len() || body.op(op).kind != OpKind::Constant {
        return false;
    }
    let ty = body.value_type(body.op(op).results[0]).clone();
    match const_attr(&ty, one) {
        Some(c) if body.op(op).attr("value") != Some(&c) => {
            body.op_mut(op).set_attr("value", c);
            true
        }
        _ => false,
    }
}

/// True when some op of the module names `name` as a symbol other than a direct
/// call's callee (a function reference constant, for example).
fn referenced_indirectly(m: &Module, name: &str) -> bool {
    m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|body| {
        body.walk_ops().any(|op| {
            let d = body.op(op);
            d.attrs.iter().any(|a| {
                a.value.as_symbol() == Some(name) && !(d.kind == OpKind::Call && a.name == "callee")
            })
        })
    })
}

fn calls_to(body: &Body, name: &str) -> Vec<OpId> {
    body.walk_ops()
        .filter(|&op| {
            let d = body.op(op);
            d.kind == OpKind::Call && d.attr("callee").and_then(|a| a.as_symbol()) == Some(name)
        })
        .collect()
}

fn remove_function(m: &mut Module, fi: usize, entry: &str) -> bool {
    let Some(f) = m.funcs.get(fi) else {
        return false;
    };
    let name = f.name.clone();
    if name == entry || referenced_indirectly(m, &name) {
        return false;
    }
    for (gi, g) in m.funcs.iter_mut().enumerate() {
        if gi == fi {
            continue;
        }
        let Some(body) = &mut g.body else { continue };
        for call in calls_to(body, &name) {
            if !results_to_consts(body, call, false) {
                return false;
            }
            body.remove_op(call);
        }
    }
    m.funcs.remove(fi);
    true
}

fn inline_call(m: &mut Module, fi: usize, call: OpId) -> bool {
    let Some(body) = m.funcs.get(fi).and_then(|f| f.body.as_ref()) else {
        return false;
    };
    if call.index() >= body.ops.len() || body.op(call).kind != OpKind::Call {
        return false;
    }
    let Some(name) = body.op(call).attr("callee").and_then(|a| a.as_symbol()) else {
        return false;
    };
    let Some(callee) = m.func(name) else {
        return false;
    };
    if m.funcs[fi].name == callee.name || callee.kind != converter::ir::FuncKind::Std {
        return false;
    }
    let Some(cbody) = callee.body.clone() else {
        return false;
    };
    let [block] = cbody.layout[..] else {
        return false;
    };
    let Some(body) = m.funcs[fi].body.as_mut() else {
        return false;
    };
    let Some((b, mut pos)) = position(body, call) else {
        return false;
    };
    let args = body.op(call).operands.clone();
    let params = cbody.block_args(block);
    if args.len() != params.len() {
        return false;
    }
    let mut map: HashMap<ValueId, ValueId> = params.iter().copied().zip(args).collect();
    let mut returned = None;
    for &op in &cbody.block(block).ops {
        let d = cbody.op(op);
        let operands: Option<Vec<ValueId>> =
            d.operands.iter().map(|o| map.get(o).copied()).collect();
        let Some(operands) = operands else {
            return false;
        };
        if d.kind == OpKind::Return {
            returned = Some(operands);
            break;
        }
        if !d.successors.is_empty() || d.kind.is_terminator() {
            return false;
        }
        let mut new = NewOp::new(d.kind)
            .operands(operands)
            .results(d.results.iter().map(|&r| cbody.value_type(r).clone()));
        new.unregistered_name = d.unregistered_name.clone();
        new.attrs = d.attrs.clone();
        new.loc = d.loc;
        let new_op = body.insert_op(b, pos, new);
        pos += 1;
        for (&old, &new) in d.results.iter().zip(&body.op(new_op).results) {
            map.insert(old, new);
        }
    }
    let Some(returned) = returned else {
        return false;
    };
    let results = body.op(call).results.clone();
    if returned.len() != results.len() {
        return false;
    }
    for (r, v) in results.into_iter().zip(returned) {
        body.replace_all_uses(r, v);
    }
    body.remove_op(call);
    true
}

fn drop_result(m: &mut Module, fi: usize, k: usize) -> bool {
    let Some(f) = m.funcs.get(fi) else {
        return false;
    };
    let name = f.name.clone();
    let Some(ft) = f.std_type() else { return false };
    if k >= ft.results.len() || f.body.is_none() || referenced_indirectly(m, &name) {
        return false;
    }
    let mut results = ft.results.clone();
    results.remove(k);
    let inputs = ft.inputs.clone();
    let f: &mut Func = &mut m.funcs[fi];
    f.ty = Type::function(inputs, results);
    if k < f.res_attrs.len() {
        f.res_attrs.remove(k);
        let args = std::mem::take(&mut f.arg_attrs);
        let res = std::mem::take(&mut f.res_attrs);
        f.set_arg_res_attrs(args, res);
    }
    if let Some(body) = &mut f.body {
        let rets: Vec<OpId> = body
            .walk_ops()
            .filter(|&op| body.op(op).kind == OpKind::Return)
            .collect();
        for r in rets {
            let ops = &mut body.op_mut(r).operands;
            if k < ops.len() {
                ops.remove(k);
            }
        }
    }
    for g in &mut m.funcs {
        let Some(body) = &mut g.body else { continue };
        for call in calls_to(body, &name) {
            if !rebuild_call_without(body, call, k) {
                return false;
            }
        }
    }
    true
}

/// Replaces `call` by the same call without its result `k` (a constant stands in for
/// it where it was used).
fn rebuild_call_without(body: &mut Body, call: OpId, k: usize) -> bool {
    let Some(&rk) = body.op(call).results.get(k) else {
        return false;
    };
    if used_values(body).contains(&rk) {
        let Some((b, pos)) = position(body, call) else {
            return false;
        };
        let ty = body.value_type(rk).clone();
        let Some(c) = insert_const(body, b, pos, &ty, false) else {
            return false;
        };
        body.replace_all_uses(rk, c);
    }
    let Some((b, pos)) = position(body, call) else {
        return false;
    };
    let d = body.op(call).clone();
    let mut types: Vec<Type> = d
        .results
        .iter()
        .map(|&r| body.value_type(r).clone())
        .collect();
    types.remove(k);
    let mut new = NewOp::new(d.kind)
        .operands(d.operands.clone())
        .results(types);
    new.attrs = d.attrs.clone();
    new.loc = d.loc;
    body.remove_op(call);
    let new_op = body.insert_op(b, pos, new);
    let new_results = body.op(new_op).results.clone();
    let old: Vec<ValueId> = d
        .results
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, &r)| r)
        .collect();
    let map: HashMap<ValueId, ValueId> = old.into_iter().zip(new_results).collect();
    for (from, to) in map {
        body.replace_all_uses(from, to);
    }
    true
}

/// The number of linked ops in every function body.
pub fn count_ops(m: &Module) -> usize {
    m.funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .map(|b| b.walk_ops().count())
        .sum()
}
