//! The shape of a body's control flow, for the block-by-block proof (`crate::loops`):
//! its loop headers (the targets of the back edges of a depth-first walk from the entry,
//! so that every cycle passes through one), dominators, and the values a block needs
//! from before it.

use converter::ir::{BlockId, Body, ValueId};
use std::collections::{HashMap, HashSet};

/// The successors of `b`, in order.
pub fn successors(body: &Body, b: BlockId) -> Vec<BlockId> {
    body.block(b)
        .ops
        .last()
        .map(|&o| body.op(o).successors.iter().map(|s| s.block).collect())
        .unwrap_or_default()
}

/// The blocks reachable from `from` (itself included).
pub fn reachable(body: &Body, from: BlockId) -> HashSet<BlockId> {
    let mut seen = HashSet::from([from]);
    let mut todo = vec![from];
    while let Some(b) = todo.pop() {
        for s in successors(body, b) {
            if seen.insert(s) {
                todo.push(s);
            }
        }
    }
    seen
}

/// The loop headers: targets of edges back to a block on the depth-first walk's stack.
/// Every cycle of blocks reachable from the entry contains one.
pub fn headers(body: &Body) -> Vec<BlockId> {
    let Some(entry) = body.entry() else {
        return Vec::new();
    };
    let mut on_stack = HashSet::new();
    let mut done = HashSet::new();
    let mut heads = Vec::new();
    // (block, index of the next successor to look at)
    let mut stack = vec![(entry, 0usize)];
    on_stack.insert(entry);
    while let Some((b, i)) = stack.pop() {
        let succ = successors(body, b);
        if i < succ.len() {
            stack.push((b, i + 1));
            let s = succ[i];
            if on_stack.contains(&s) {
                if !heads.contains(&s) {
                    heads.push(s);
                }
            } else if !done.contains(&s) {
                on_stack.insert(s);
                stack.push((s, 0));
            }
        } else {
            on_stack.remove(&b);
            done.insert(b);
        }
    }
    heads.sort();
    heads
}

/// The dominators of every block reachable from the entry (each block dominates itself).
pub fn dominators(body: &Body) -> HashMap<BlockId, HashSet<BlockId>> {
    let Some(entry) = body.entry() else {
        return HashMap::new();
    };
    let all = reachable(body, entry);
    let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::new();
    for &b in &all {
        for s in successors(body, b) {
            preds.entry(s).or_default().push(b);
        }
    }
    let mut dom: HashMap<BlockId, HashSet<BlockId>> = all
        .iter()
        .map(|&b| {
            if b == entry {
                (b, HashSet::from([b]))
            } else {
                (b, all.clone())
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &all {
            if b == entry {
                continue;
            }
            let mut new: Option<HashSet<BlockId>> = None;
            for p in preds.get(&b).into_iter().flatten() {
                let d = &dom[p];
                new = Some(match new {
                    None => d.clone(),
                    Some(n) => n.intersection(d).copied().collect(),
                });
            }
            let mut new = new.unwrap_or_default();
            new.insert(b);
            if new != dom[&b] {
                dom.insert(b, new);
                changed = true;
            }
        }
    }
    dom
}

/// The values a path from header `h` may use that it does not define itself, other
/// than those of the entry block: `h`'s arguments, and the values defined in the blocks
/// that strictly dominate `h` (the entry block excepted), used in some block reachable
/// from `h`. In order of their ids.
pub fn live_ins(body: &Body, h: BlockId, dom: &HashMap<BlockId, HashSet<BlockId>>) -> Vec<ValueId> {
    let entry = body.entry();
    let mut defined_before: HashSet<ValueId> = HashSet::new();
    for &d in dom.get(&h).into_iter().flatten() {
        if d == h || Some(d) == entry {
            continue;
        }
        defined_before.extend(body.block_args(d).iter().copied());
        for &o in &body.block(d).ops {
            defined_before.extend(body.op(o).results.iter().copied());
        }
    }
    let mut used: HashSet<ValueId> = HashSet::new();
    for b in reachable(body, h) {
        for &o in &body.block(b).ops {
            let op = body.op(o);
            used.extend(op.operands.iter().copied());
            for s in &op.successors {
                used.extend(s.args.iter().copied());
            }
        }
    }
    let mut out: Vec<ValueId> = body.block_args(h).to_vec();
    let mut rest: Vec<ValueId> = defined_before
        .into_iter()
        .filter(|v| used.contains(v))
        .collect();
    rest.sort();
    out.extend(rest);
    out
}
