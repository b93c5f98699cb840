//! Per-function checks shared by both dialects: the signature, the entry block's
//! arguments, the block layout, terminators (exactly one, last), successors and the
//! operands they pass; then each op is handed to its dialect's checks and the body to
//! the dominance check.

use super::dominance;
use super::{llvm_ops, std_ops, Dialect, FuncCtx, OpCheck, Symbols};
use crate::diag::{Diagnostic, Loc};
use crate::ir::{Body, Func, OpKind, Type};

/// Marks a missing position in the placement tables.
pub(super) const NONE: u32 = u32::MAX;

/// Where every block and op sits: computed once per function from the layout, so that
/// later checks never trust `OpData::parent` or search block lists.
pub(super) struct Placement {
    /// Layout position of each block (by `BlockId`), `NONE` when not in the layout.
    pub block_pos: Vec<u32>,
    /// The block (a `BlockId`) each op (by `OpId`) is linked into, or `NONE`.
    pub op_block: Vec<u32>,
    /// The position of each linked op inside its block.
    pub op_pos: Vec<u32>,
}

/// Verifies `f` by `dialect`'s rules; `repeated_successors_ok` lets a terminator of an
/// `llvm.func` name a block twice (in a Standard module, which the lowering splits).
pub(super) fn verify_func(
    m: &dyn Symbols,
    f: &Func,
    dialect: Dialect,
    repeated_successors_ok: bool,
    opaque_ptrs: bool,
    errs: &mut Vec<Diagnostic>,
) {
    let inputs: &[Type] = match (dialect, &f.ty) {
        (Dialect::Std, Type::Function(ft)) => {
            if let Some((reason, sub)) = std_ops::type_problem(&f.ty) {
                errs.push(Diagnostic::error(
                    f.loc,
                    format!(
                        "function @{} has type {}, which contains {sub}: {reason}",
                        f.name, f.ty
                    ),
                ));
            }
            super::arg_attrs::check(f, &ft.inputs, &ft.results, false, errs);
            &ft.inputs
        }
        (Dialect::Llvm, Type::LlvmFunc(ft)) => {
            llvm_ops::check_signature(f, ft, errs);
            let result = std::slice::from_ref(&ft.result);
            let results = if ft.result == Type::LlvmVoid {
                &[][..]
            } else {
                result
            };
            super::arg_attrs::check(f, &ft.params, results, true, errs);
            &ft.params
        }
        (Dialect::Std, t) => {
            errs.push(Diagnostic::error(
                f.loc,
                format!(
                    "function @{} has type {t}, expected a function type",
                    f.name
                ),
            ));
            return;
        }
        (Dialect::Llvm, t) => {
            errs.push(Diagnostic::error(
                f.loc,
                format!(
                    "llvm.func @{} has type {t}, expected an LLVM function type",
                    f.name
                ),
            ));
            return;
        }
    };
    // No body, or a body without blocks, is an external declaration.
    let Some(body) = &f.body else { return };
    if body.layout.is_empty() {
        return;
    }
    let mut cx = FuncCtx {
        module: m,
        func: f,
        body,
        errs,
        repeated_successors_ok,
        opaque_ptrs,
    };
    let placement = place(&mut cx);
    check_entry_args(&mut cx, inputs);
    for (pos, &b) in body.layout.iter().enumerate() {
        if placement.block_pos[b.index()] != pos as u32 {
            continue; // a duplicate layout entry, already reported
        }
        check_block(&mut cx, &placement, b, dialect);
    }
    dominance::check(&mut cx, &placement);
}

/// Reports `ty` at `loc` if it may not be the type of a value in a function of
/// `dialect`; `what` names the value.
fn check_value_type(
    cx: &mut FuncCtx,
    dialect: Dialect,
    loc: Loc,
    ty: &Type,
    what: impl FnOnce() -> String,
) {
    let problem = match dialect {
        Dialect::Std => std_ops::type_problem(ty),
        Dialect::Llvm => llvm_ops::type_problem(ty, true),
    };
    if let Some((reason, sub)) = problem {
        let msg = if sub == ty {
            format!("{} has type {ty}: {reason}", what())
        } else {
            format!("{} has type {ty}, which contains {sub}: {reason}", what())
        };
        cx.error(loc, msg);
    }
}

/// Fills the placement tables, reporting blocks listed twice and ops linked twice.
fn place(cx: &mut FuncCtx) -> Placement {
    let body = cx.body;
    let mut p = Placement {
        block_pos: vec![NONE; body.blocks.len()],
        op_block: vec![NONE; body.ops.len()],
        op_pos: vec![NONE; body.ops.len()],
    };
    for (pos, &b) in body.layout.iter().enumerate() {
        let slot = &mut p.block_pos[b.index()];
        if *slot != NONE {
            let loc = block_loc(cx, b.index());
            cx.error(
                loc,
                format!("block ^bb{} appears twice in the function's layout", *slot),
            );
            continue;
        }
        *slot = pos as u32;
        for (i, &op) in body.block(b).ops.iter().enumerate() {
            if p.op_block[op.index()] != NONE {
                let loc = body.op(op).loc;
                cx.error(
                    loc,
                    format!(
                        "'{}' op is linked into more than one place",
                        body.op(op).name()
                    ),
                );
                continue;
            }
            p.op_block[op.index()] = b.0;
            p.op_pos[op.index()] = i as u32;
        }
    }
    p
}

/// The location for an error about a block: the block's own, else the function's.
fn block_loc(cx: &FuncCtx, b: usize) -> Loc {
    cx.body.blocks[b].loc.or(cx.func.loc)
}

fn check_entry_args(cx: &mut FuncCtx, inputs: &[Type]) {
    let body = cx.body;
    let Some(entry) = body.entry() else { return };
    let args = body.block_args(entry);
    let loc = block_loc(cx, entry.index());
    if args.len() != inputs.len() {
        cx.error(
            loc,
            format!(
                "entry block of @{} has {} argument{}, but the function type has {} input{}",
                cx.func.name,
                args.len(),
                super::plural(args.len()),
                inputs.len(),
                super::plural(inputs.len())
            ),
        );
        return;
    }
    for (i, (&a, want)) in args.iter().zip(inputs).enumerate() {
        let got = cx.ty(a);
        if got != want {
            cx.error(
                loc,
                format!(
                    "entry block argument #{i} of @{} has type {got}, but the function type says {want}",
                    cx.func.name
                ),
            );
        }
    }
}

/// How many successors a registered op takes; `None` for unregistered ops.
fn expected_successors(kind: OpKind) -> Option<usize> {
    match kind {
        OpKind::Br | OpKind::LlvmBr => Some(1),
        OpKind::CondBr | OpKind::LlvmCondBr => Some(2),
        OpKind::Unregistered => None,
        _ => Some(0),
    }
}

fn check_block(cx: &mut FuncCtx, p: &Placement, b: crate::ir::BlockId, dialect: Dialect) {
    let body: &Body = cx.body;
    let block = body.block(b);
    let name = p.block_pos[b.index()];
    let loc = block_loc(cx, b.index());
    for (i, &a) in block.args.iter().enumerate() {
        check_value_type(cx, dialect, loc, cx.ty(a), || {
            format!("argument #{i} of block ^bb{name}")
        });
    }
    if block.ops.is_empty() {
        if name == 0 {
            cx.error(
                loc,
                "expected non-empty function body: the entry block needs at least a terminator",
            );
            return;
        }
        // MLIR reports an empty block at the op that holds the region (the function),
        // having no op of the block to point at; the note points at the block.
        let at = cx.func.loc.or(loc);
        cx.errs.push(
            Diagnostic::error(
                at,
                format!("empty block: expect at least a terminator (block ^bb{name} has no ops)"),
            )
            .with_note(loc, format!("block ^bb{name} is here")),
        );
        return;
    }
    let last = block.ops.len() - 1;
    for (i, &opid) in block.ops.iter().enumerate() {
        if p.op_block[opid.index()] != b.0 {
            continue; // linked twice, already reported
        }
        let op = body.op(opid);
        let mut c = OpCheck { cx, op };
        if op.kind.is_terminator() && i != last {
            c.err(format_args!(
                "is a terminator in the middle of block ^bb{name}: it must be the last operation in the parent block"
            ));
        }
        if i == last && !op.kind.is_terminator() && op.kind != OpKind::Unregistered {
            c.err(format_args!(
                "ends block ^bb{name}, which does not end with a terminator (block with no terminator)"
            ));
        }
        check_successors(&mut c, p, dialect);
        match dialect {
            Dialect::Std => {
                if op.kind.is_llvm() {
                    c.err("is an LLVM-dialect op in a Standard-dialect function");
                    continue;
                } else if op.kind.is_std() {
                    std_ops::check(&mut c);
                }
            }
            Dialect::Llvm => {
                if op.kind.is_std() {
                    c.err("is a Standard-dialect op inside an llvm.func");
                    continue;
                } else if op.kind.is_llvm() {
                    llvm_ops::check(&mut c);
                }
            }
        }
        for (k, &r) in op.results.iter().enumerate() {
            let opname = op.name();
            check_value_type(c.cx, dialect, op.loc, c.cx.ty(r), || {
                format!("result #{k} of '{opname}'")
            });
        }
    }
}

fn check_successors(c: &mut OpCheck, p: &Placement, dialect: Dialect) {
    let op = c.op;
    if let Some(n) = expected_successors(op.kind) {
        if op.successors.len() != n {
            c.err(format_args!(
                "expects {n} successor{}, found {}",
                super::plural(n),
                op.successors.len()
            ));
        }
    }
    let body = c.cx.body;
    let entry = body.entry();
    for (k, s) in op.successors.iter().enumerate() {
        let pos = p.block_pos.get(s.block.index()).copied().unwrap_or(NONE);
        if pos == NONE {
            c.err(format_args!(
                "successor #{k} is not a block of function @{}",
                c.cx.func.name
            ));
            continue;
        }
        if Some(s.block) == entry {
            // MLIR reports this at the op holding the region (the function); the note
            // points at the branch.
            let at = c.cx.func.loc.or(op.loc);
            c.cx.errs.push(
                Diagnostic::error(
                    at,
                    format!(
                        "entry block of region may not have predecessors: successor #{k} of '{}' is the entry block ^bb0",
                        op.name()
                    ),
                )
                .with_note(op.loc, "the branch to the entry block is here"),
            );
        }
        let args = body.block_args(s.block);
        if args.len() != s.args.len() {
            c.err(format_args!(
                "successor #{k} (^bb{pos}) is passed {} operand{}, but the block takes {} argument{}",
                s.args.len(),
                super::plural(s.args.len()),
                args.len(),
                super::plural(args.len())
            ));
            continue;
        }
        for (j, (&a, &v)) in args.iter().zip(&s.args).enumerate() {
            let (want, got) = (c.cx.ty(a), c.cx.ty(v));
            if want != got {
                c.err(format_args!(
                    "successor #{k} (^bb{pos}) operand #{j} has type {got}, but the block argument has type {want}"
                ));
            }
        }
        if dialect == Dialect::Llvm
            && !c.cx.repeated_successors_ok
            && op.successors[..k].iter().any(|e| e.block == s.block)
        {
            // Reported once per repeated block: only at its second occurrence.
            if op.successors[..k]
                .iter()
                .filter(|e| e.block == s.block)
                .count()
                == 1
            {
                c.err(format_args!(
                    "names block ^bb{pos} as a successor more than once; an LLVM phi node cannot \
                     take two values from one predecessor (split the edge with a new block)"
                ));
            }
        }
    }
}
