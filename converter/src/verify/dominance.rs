//! SSA dominance: builds the control-flow graph of a body from the successors of its
//! ops, computes dominators with the iterative algorithm of Cooper, Harvey and Kennedy
//! over reverse postorder, numbers the dominator tree so that "does A dominate B" is
//! O(1), and checks that every use (operand or successor operand) is dominated by its
//! definition. As in MLIR, uses in unreachable blocks are only checked against the
//! order of their own block.

use super::structure::{Placement, NONE};
use super::FuncCtx;
use crate::ir::{BlockId, ValueDef, ValueId};

/// Dominator information over the blocks of one body, indexed by `BlockId`.
pub(super) struct DomTree {
    /// Preorder number in the dominator tree, `NONE` for unreachable blocks.
    pre: Vec<u32>,
    /// One past the largest preorder number in the block's dominator subtree.
    end: Vec<u32>,
}

impl DomTree {
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.pre[b.index()] != NONE
    }
    /// Whether `a` dominates `b` (every block dominates itself); false when either
    /// is unreachable.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (pa, pb) = (self.pre[a.index()], self.pre[b.index()]);
        pa != NONE && pb != NONE && pa <= pb && pb < self.end[a.index()]
    }

    /// Computes the dominator tree of the blocks in `cx.body`'s layout.
    pub fn compute(cx: &FuncCtx, p: &Placement) -> DomTree {
        let body = cx.body;
        let n = body.blocks.len();
        // Successor lists in compressed form: succ[start[b]..start[b+1]].
        let mut start = vec![0u32; n + 1];
        let mut succ: Vec<u32> = Vec::new();
        for (b, slot) in start.iter_mut().enumerate().take(n) {
            *slot = succ.len() as u32;
            if p.block_pos[b] == NONE {
                continue;
            }
            for &op in &body.blocks[b].ops {
                if p.op_block[op.index()] != b as u32 {
                    continue;
                }
                for s in &body.op(op).successors {
                    let t = s.block.index();
                    if t < n && p.block_pos[t] != NONE {
                        succ.push(t as u32);
                    }
                }
            }
        }
        start[n] = succ.len() as u32;
        let succs = |b: usize| &succ[start[b] as usize..start[b + 1] as usize];

        // Reverse postorder from the entry block, iteratively.
        let entry = match body.entry() {
            Some(e) => e.index(),
            None => {
                return DomTree {
                    pre: vec![NONE; n],
                    end: vec![NONE; n],
                }
            }
        };
        let mut visited = vec![false; n];
        let mut post: Vec<u32> = Vec::with_capacity(n);
        let mut stack: Vec<(u32, u32)> = vec![(entry as u32, 0)];
        visited[entry] = true;
        while let Some(top) = stack.last_mut() {
            let b = top.0 as usize;
            let s = succs(b);
            if (top.1 as usize) < s.len() {
                let t = s[top.1 as usize] as usize;
                top.1 += 1;
                if !visited[t] {
                    visited[t] = true;
                    stack.push((t as u32, 0));
                }
            } else {
                post.push(b as u32);
                stack.pop();
            }
        }
        let order: Vec<u32> = post.iter().rev().copied().collect();
        let mut rpo = vec![NONE; n];
        for (i, &b) in order.iter().enumerate() {
            rpo[b as usize] = i as u32;
        }
        // Predecessors in RPO numbering (reachable ones only).
        let m = order.len();
        let mut pstart = vec![0u32; m + 1];
        for &b in &order {
            for &t in succs(b as usize) {
                pstart[rpo[t as usize] as usize + 1] += 1;
            }
        }
        for i in 0..m {
            pstart[i + 1] += pstart[i];
        }
        let mut fill = pstart.clone();
        let mut preds = vec![0u32; pstart[m] as usize];
        for &b in &order {
            for &t in succs(b as usize) {
                let ti = rpo[t as usize] as usize;
                preds[fill[ti] as usize] = rpo[b as usize];
                fill[ti] += 1;
            }
        }
        // Cooper-Harvey-Kennedy, in RPO numbering; idom[0] = 0.
        let mut idom = vec![NONE; m];
        if m > 0 {
            idom[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..m {
                let mut new = NONE;
                for &q in &preds[pstart[i] as usize..pstart[i + 1] as usize] {
                    if idom[q as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        q
                    } else {
                        intersect(&idom, q, new)
                    };
                }
                if new != idom[i] {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        // Number the dominator tree in preorder (children lists, then an explicit stack).
        let mut cstart = vec![0u32; m + 1];
        for &d in idom.iter().skip(1) {
            cstart[d as usize + 1] += 1;
        }
        for i in 0..m {
            cstart[i + 1] += cstart[i];
        }
        let mut cfill = cstart.clone();
        let mut children = vec![0u32; cstart[m] as usize];
        for (i, &d) in idom.iter().enumerate().skip(1) {
            children[cfill[d as usize] as usize] = i as u32;
            cfill[d as usize] += 1;
        }
        let mut pre = vec![NONE; n];
        let mut end = vec![NONE; n];
        let mut counter = 0u32;
        let mut stack: Vec<(u32, u32)> = Vec::new();
        if m > 0 {
            pre[order[0] as usize] = 0;
            counter = 1;
            stack.push((0, cstart[0]));
        }
        while let Some(top) = stack.last_mut() {
            let node = top.0 as usize;
            if top.1 < cstart[node + 1] {
                let c = children[top.1 as usize];
                top.1 += 1;
                pre[order[c as usize] as usize] = counter;
                counter += 1;
                stack.push((c, cstart[c as usize]));
            } else {
                end[order[node] as usize] = counter;
                stack.pop();
            }
        }
        DomTree { pre, end }
    }
}

fn intersect(idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while a > b {
            a = idom[a as usize];
        }
        while b > a {
            b = idom[b as usize];
        }
    }
    a
}

/// Reports every use not dominated by its definition.
pub(super) fn check(cx: &mut FuncCtx, p: &Placement) {
    let dom = DomTree::compute(cx, p);
    let body = cx.body;
    for &b in &body.layout {
        if p.block_pos[b.index()] == NONE {
            continue;
        }
        let reachable = dom.is_reachable(b);
        for (i, &opid) in body.block(b).ops.iter().enumerate() {
            if p.op_block[opid.index()] != b.0 {
                continue;
            }
            let op = body.op(opid);
            let uses = op.operands.iter().map(|&v| (v, false)).chain(
                op.successors
                    .iter()
                    .flat_map(|s| s.args.iter().map(|&v| (v, true))),
            );
            let (mut nth_operand, mut nth_succ) = (0usize, 0usize);
            for (v, is_succ) in uses {
                let k = if is_succ { nth_succ } else { nth_operand };
                if is_succ {
                    nth_succ += 1;
                } else {
                    nth_operand += 1;
                }
                if let Some(problem) = use_problem(cx, p, &dom, v, b, i as u32, reachable) {
                    let what = if is_succ {
                        "successor operand"
                    } else {
                        "operand"
                    };
                    let msg = format!("'{}' op {what} #{k} {problem}", op.name());
                    cx.error(op.loc, msg);
                }
            }
        }
    }
}

/// Why the use of `v` by the op at position `pos` of block `b` is invalid, if it is.
fn use_problem(
    cx: &FuncCtx,
    p: &Placement,
    dom: &DomTree,
    v: ValueId,
    b: BlockId,
    pos: u32,
    reachable: bool,
) -> Option<String> {
    let (def_block, def_pos) = match cx.body.value(v).def {
        ValueDef::BlockArg { block, .. } => {
            let in_layout = p.block_pos.get(block.index()).is_some_and(|&x| x != NONE);
            if !in_layout {
                return Some("is an argument of a block that is not in the function".into());
            }
            (block, None)
        }
        ValueDef::OpResult { op, .. } => {
            let db = p.op_block.get(op.index()).copied().unwrap_or(NONE);
            if db == NONE {
                return Some(
                    "is defined by an op that is not linked into the function".to_string(),
                );
            }
            (BlockId(db), Some(p.op_pos[op.index()]))
        }
    };
    if def_block == b {
        return match def_pos {
            Some(d) if d >= pos => Some(if d == pos {
                "is the op's own result".to_string()
            } else {
                "is used before its definition in the same block".to_string()
            }),
            _ => None,
        };
    }
    if !reachable || dom.dominates(def_block, b) {
        return None;
    }
    Some(format!(
        "does not dominate this use (defined in ^bb{}, used in ^bb{})",
        p.block_pos[def_block.index()],
        p.block_pos[b.index()]
    ))
}
