//! The reducer's mutators, in the manner of Cranelift's bugpoint: each one lists the
//! places (sites) of a module where it could make the module smaller, and applies
//! itself to one site, giving a candidate or `None` when the site does not fit. The
//! driver (`super`) decides whether a candidate is kept; a mutator never checks
//! meaning, only keeps the module well-formed where it can (the verifier has the last
//! word).

use converter::ir::{
    Attribute, BlockId, Body, DenseValues, Func, Module, NewOp, OpId, OpKind, Type, ValueDef,
    ValueId,
};
use std::collections::{HashMap, HashSet};

/// One place a mutator can act on: a function and up to two mutator-specific numbers
/// (an op, a block, an argument or result index, a variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    pub func: usize,
    pub a: u32,
    pub b: u32,
}

/// The mutators, cheapest and most effective first (the order the driver tries them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutator {
    /// Remove a function other than the entry; its calls' results become constants.
    RemoveFunction,
    /// Remove every side-effect-free op whose results are unused, at once.
    DeadCode,
    /// Replace a `cond_br` by a `br` to one side; unreachable blocks go too.
    CondBrToBr,
    /// Point a branch at a block later in the layout (with the same argument types):
    /// breaks loops, and makes the blocks in between unreachable.
    RetargetBranch,
    /// Replace an op's used results by constants (zero or one) and remove it;
    /// an op without used results is simply removed.
    OpToConst,
    /// Replace an op's only result by one of its operands of the same type.
    OpToOperand,
    /// Replace a block argument by a constant; for non-entry blocks also drop the
    /// argument and the successor operands passed to it.
    BlockArgToConst,
    /// Inline a call to a function whose body is a single block.
    InlineCall,
    /// Drop one result of a function (its `return` operands; callers get constants).
    DropResult,
    /// Merge a block into its only predecessor when that ends in a `br` to it.
    MergeBlocks,
    /// Remove a function's `llvm.emit_c_interface` attribute.
    RemoveCInterface,
    /// Replace a scalar constant's value by zero or one.
    SimplifyConst,
    /// Replace a `br`/`cond_br` by a `return` of zero constants (when every result type
    /// has constants): ends loops that no other mutation can break, such as a block
    /// that branches to itself.
    BranchToReturn,
}

/// Every mutator, in the order the driver tries them.
pub const MUTATORS: [Mutator; 13] = [
    Mutator::RemoveFunction,
    Mutator::DeadCode,
    Mutator::CondBrToBr,
    Mutator::RetargetBranch,
    Mutator::BranchToReturn,
    Mutator::OpToConst,
    Mutator::OpToOperand,
    Mutator::BlockArgToConst,
    Mutator::InlineCall,
    Mutator::DropResult,
    Mutator::MergeBlocks,
    Mutator::RemoveCInterface,
    Mutator::SimplifyConst,
];

impl Mutator {
    pub fn name(self) -> &'static str {
        match self {
            Mutator::RemoveFunction => "remove-function",
            Mutator::DeadCode => "dead-code",
            Mutator::CondBrToBr => "cond-br-to-br",
            Mutator::RetargetBranch => "retarget-branch",
            Mutator::OpToConst => "op-to-const",
            Mutator::OpToOperand => "op-to-operand",
            Mutator::BlockArgToConst => "block-arg-to-const",
            Mutator::InlineCall => "inline-call",
            Mutator::DropResult => "drop-result",
            Mutator::MergeBlocks => "merge-blocks",
            Mutator::RemoveCInterface => "remove-c-interface",
            Mutator::SimplifyConst => "simplify-const",
            Mutator::BranchToReturn => "branch-to-return",
        }
    }

    /// The sites of `m` this mutator may act on, in a deterministic order.
    pub fn sites(self, m: &Module, entry: &str) -> Vec<Site> {
        let mut out = Vec::new();
        for (fi, f) in m.funcs.iter().enumerate() {
            let site = |a: usize, b: u32| Site {
                func: fi,
                a: a as u32,
                b,
            };
            match self {
                Mutator::RemoveFunction => {
                    if f.name != entry {
                        out.push(site(0, 0));
                    }
                    continue;
                }
                Mutator::RemoveCInterface => {
                    if f.has_attr("llvm.emit_c_interface") {
                        out.push(site(0, 0));
                    }
                    continue;
                }
                Mutator::DropResult => {
                    if f.body.is_some() {
                        let n = f.std_type().map_or(0, |t| t.results.len());
                        // The last result first: indices of the others stay valid.
                        for k in (0..n).rev() {
                            out.push(site(k, 0));
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let Some(body) = &f.body else { continue };
            match self {
                Mutator::DeadCode => out.push(site(0, 0)),
                Mutator::CondBrToBr => {
                    for op in body.walk_ops() {
                        if body.op(op).kind == OpKind::CondBr {
                            out.push(site(op.index(), 0));
                            out.push(site(op.index(), 1));
                        }
                    }
                }
                Mutator::BranchToReturn => {
                    for op in body.walk_ops() {
                        if matches!(body.op(op).kind, OpKind::Br | OpKind::CondBr) {
                            out.push(site(op.index(), 0));
                        }
                    }
                }
                Mutator::OpToConst => {
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
                        out.push(site(op.index(), 0));
                        if any_used {
                            out.push(site(op.index(), 1));
                        }
                    }
                }
                Mutator::RetargetBranch => {
                    let pos = |b: BlockId| body.layout.iter().position(|&x| x == b);
                    for op in body.walk_ops() {
                        for (si, s) in body.op(op).successors.iter().enumerate() {
                            let Some(from) = pos(s.block) else { continue };
                            let types: Vec<&Type> =
                                s.args.iter().map(|&a| body.value_type(a)).collect();
                            for &t in &body.layout[from + 1..] {
                                let params: Vec<&Type> = body
                                    .block_args(t)
                                    .iter()
                                    .map(|&a| body.value_type(a))
                                    .collect();
                                // Arguments are kept when the types match, dropped when
                                // the target takes none.
                                if params == types || params.is_empty() {
                                    // `a` packs the op and the successor index.
                                    out.push(Site {
                                        func: fi,
                                        a: op.0,
                                        b: (t.0 << 2) | si as u32,
                                    });
                                }
                            }
                        }
                    }
                }
                Mutator::OpToOperand => {
                    let ops: Vec<OpId> = body.walk_ops().collect();
                    for &op in ops.iter().rev() {
                        let d = body.op(op);
                        let [r] = d.results[..] else { continue };
                        let ty = body.value_type(r);
                        for (j, &o) in d.operands.iter().enumerate() {
                            if body.value_type(o) == ty {
                                out.push(site(op.index(), j as u32));
                            }
                        }
                    }
                }
                Mutator::BlockArgToConst => {
                    let used = used_values(body);
                    for (bi, &b) in body.layout.iter().enumerate() {
                        for (i, v) in body.block_args(b).iter().enumerate() {
                            if bi > 0 || used.contains(v) {
                                out.push(site(b.index(), i as u32));
                            }
                        }
                    }
                }
                Mutator::InlineCall => {
                    for op in body.walk_ops() {
                        if body.op(op).kind == OpKind::Call {
                            out.push(site(op.index(), 0));
                        }
                    }
                }
                Mutator::MergeBlocks => {
                    for &b in &body.layout {
                        out.push(site(b.index(), 0));
                    }
                }
                Mutator::SimplifyConst => {
                    for op in body.walk_ops() {
                        let d = body.op(op);
                        if d.kind != OpKind::Constant {
                            continue;
                        }
                        // Towards zero only (anything -> 0, anything but 0 -> 1),
                        // so that the values cannot flip back and forth.
                        let ty = body.value_type(d.results[0]);
                        let (Some(zero), Some(one)) = (const_attr(ty, false), const_attr(ty, true))
                        else {
                            continue;
                        };
                        let value = d.attr("value");
                        if value != Some(&zero) {
                            out.push(site(op.index(), 0));
                            if value != Some(&one) {
                                out.push(site(op.index(), 1));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The candidate made by acting on `site`, or `None` when it does not apply.
    pub fn apply(self, m: &Module, entry: &str, site: Site) -> Option<Module> {
        let mut m = m.clone();
        let fi = site.func;
        let ok = match self {
            Mutator::RemoveFunction => remove_function(&mut m, fi, entry),
            Mutator::RemoveCInterface => {
                let f = m.funcs.get_mut(fi)?;
                let n = f.attrs.len();
                f.attrs.retain(|a| a.name != "llvm.emit_c_interface");
                f.attrs.len() != n
            }
            Mutator::DropResult => drop_result(&mut m, fi, site.a as usize),
            Mutator::InlineCall => inline_call(&mut m, fi, OpId(site.a)),
            Mutator::BranchToReturn => {
                let f = m.funcs.get_mut(fi)?;
                let results = f.std_type()?.results.clone();
                branch_to_return(f.body.as_mut()?, OpId(site.a), &results)
            }
            _ => {
                let body = m.funcs.get_mut(fi)?.body.as_mut()?;
                match self {
                    Mutator::DeadCode => dead_code(body),
                    Mutator::CondBrToBr => cond_br_to_br(body, OpId(site.a), site.b as usize),
                    Mutator::RetargetBranch => retarget(
                        body,
                        OpId(site.a),
                        (site.b & 3) as usize,
                        BlockId(site.b >> 2),
                    ),
                    Mutator::OpToConst => op_to_const(body, OpId(site.a), site.b == 1),
                    Mutator::OpToOperand => op_to_operand(body, OpId(site.a), site.b as usize),
                    Mutator::BlockArgToConst => {
                        block_arg_to_const(body, BlockId(site.a), site.b as usize)
                    }
                    Mutator::MergeBlocks => merge_into_pred(body, BlockId(site.a)),
                    Mutator::SimplifyConst => simplify_const(body, OpId(site.a), site.b == 1),
                    _ => false,
                }
            }
        };
        ok.then_some(m)
    }
}

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

fn dead_code(body: &mut Body) -> bool {
    let mut changed = false;
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
            return changed;
        }
        for op in dead {
            body.remove_op(op);
        }
        changed = true;
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
