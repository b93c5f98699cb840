//! Repeated successor removal (the spec's section of that name): when a terminator
//! names the same block more than once, every use after the first is redirected to a
//! new dummy block that branches to the original block with the original operands.
//!
//! Dummy blocks are appended at the END of the function's block layout, as in the
//! spec's example (which also shows `^dummy` after the original successor). Appending
//! keeps the pass linear in the function size. The result stays in the Standard
//! dialect (`br`), so the reference interpreter can run the module before and after.

use crate::ir::{Body, FuncKind, Module, NewOp, OpKind};

/// Splits repeated successors in every function body of a Standard module.
pub fn split_repeated_successors(m: &mut Module) {
    for f in &mut m.funcs {
        let br = match f.kind {
            FuncKind::Std => OpKind::Br,
            FuncKind::Llvm => OpKind::LlvmBr,
        };
        if let Some(body) = &mut f.body {
            split_body(body, br);
        }
    }
}

/// Splits repeated successors in one body; `br` is the branch kind of its dialect.
pub fn split_body(body: &mut Body, br: OpKind) {
    let blocks: Vec<_> = body.layout.clone();
    for b in blocks {
        let Some(term) = body.terminator(b) else {
            continue;
        };
        let n = body.op(term).successors.len();
        if n < 2 {
            continue;
        }
        let loc = body.op(term).loc;
        for i in 1..n {
            let target = body.op(term).successors[i].block;
            let repeated = body.op(term).successors[..i]
                .iter()
                .any(|s| s.block == target);
            if !repeated {
                continue;
            }
            let args = std::mem::take(&mut body.op_mut(term).successors[i].args);
            let dummy = body.add_block(&[]);
            body.block_mut(dummy).loc = loc;
            body.append_op(dummy, NewOp::new(br).successor(target, args).loc(loc));
            body.op_mut(term).successors[i].block = dummy;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Func, Type};

    fn targets(body: &Body, b: crate::ir::BlockId) -> Vec<crate::ir::BlockId> {
        let t = body.terminator(b).unwrap();
        body.op(t).successors.iter().map(|s| s.block).collect()
    }

    #[test]
    fn splits_repeated_targets_with_and_without_operands() {
        let mut f = Func::new_std("f", vec![Type::i1(), Type::i32(), Type::i32()], vec![]);
        let body = f.body.as_mut().unwrap();
        let entry = body.entry().unwrap();
        let args = body.block_args(entry).to_vec();
        let bb1 = body.add_block(&[Type::i32()]);
        let bb2 = body.add_block(&[]);
        body.builder(entry)
            .cond_br(args[0], bb1, vec![args[1]], bb1, vec![args[2]]);
        let x = body.block_args(bb1)[0];
        body.builder(bb1).cond_br(args[0], bb2, vec![], bb2, vec![]);
        body.builder(bb2).ret(vec![]);
        let _ = x;
        let mut m = Module::new("t.mlir");
        m.funcs.push(f);
        split_repeated_successors(&mut m);
        let body = m.funcs[0].body.as_ref().unwrap();
        assert_eq!(body.layout.len(), 5);
        let t0 = targets(body, entry);
        assert_eq!(t0[0], bb1);
        assert_ne!(t0[1], bb1);
        // The dummy block forwards the second operand to ^bb1.
        let dummy = t0[1];
        let br = body.op(body.terminator(dummy).unwrap());
        assert_eq!(br.kind, OpKind::Br);
        assert_eq!(br.successors[0].block, bb1);
        assert_eq!(br.successors[0].args, vec![args[2]]);
        let term = body.op(body.terminator(entry).unwrap());
        assert!(term.successors[1].args.is_empty());
        let t1 = targets(body, bb1);
        assert_eq!(t1[0], bb2);
        assert_ne!(t1[1], bb2);
        // Dummies are at the end of the layout.
        assert_eq!(&body.layout[3..], &[dummy, t1[1]]);
    }
}
