//! The heap-block oracle (`heap-blocks`): at the end of a call, the number of heap blocks the Standard
//! program leaves allocated as the interpreter counts them (`alloc`s minus `dealloc`s,
//! [`interp::RunOutput::heap_blocks`]) against the lowered code's count in the JIT
//! (blocks from `malloc`/`aligned_alloc` minus those passed to `free`,
//! [`jit::exec::take_heap_blocks`], sent back by the worker). A lowering that leaks
//! (say, a call returning an unranked memref whose caller never frees the callee's
//! heap copy of the descriptor) or frees too much computes the same values and is
//! caught here only.
//!
//! What is counted so that a correct lowering agrees:
//! - argument buffers are the caller's on both sides (not counted), but a `dealloc` of
//!   one by the program is counted on both (a `free` of a tracked block);
//! - `alloca` is never a heap block; `alloc` is one `malloc` or one `aligned_alloc`
//!   (`--use-aligned-alloc`, alignment attributes), `dealloc` one `free`;
//! - the unranked-memref return protocol's heap copies are `malloc`'d by the callee and
//!   freed by the caller: for a nested call that is the lowered caller, for the entry it
//!   is the JIT's harness side, which frees the copy after reading it, as a C caller
//!   must;
//! - a module's own declarations of `malloc`/`free`/`aligned_alloc` are bound to the
//!   same counting wrappers (the JIT maps those names whoever declares them);
//! - an `llvm.func` body that calls anything could call `malloc` where the interpreter
//!   cannot see it: such modules are left out of the comparison;
//! - only the entry call is compared (not the C-interface calls of the same batch),
//!   only when both paths returned values (no comparison after a trap, UB, a crash or a
//!   timeout), and only for the isolated worker's batch path (the in-process JIT does
//!   not report a count).

use super::check::{Applies, Case, Check, Judged, Need};
use super::{Oracle, Verdict};
use converter::ir::{FuncKind, Module, OpKind};

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::named("heap-blocks");

/// The oracle, for its registry row.
pub struct HeapBlocks;

impl Check for HeapBlocks {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::InterpRun, Need::JitBatch]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if case.interp().heap_blocks.is_none() || case.jit().heap_blocks.is_none() {
            return Applies::No("no count of heap blocks from both paths".into());
        }
        if !comparable(case.module) {
            return Applies::NotComparable(
                "an llvm.func body calls what the interpreter cannot see".into(),
            );
        }
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let (i, j) = (case.interp().heap_blocks, case.jit().heap_blocks);
        match compare(case.module, i, j) {
            Some(Verdict::Finding { detail, .. }) => Judged::Finding(detail),
            _ => Judged::Agree,
        }
    }
}

/// Whether the module is one whose heap blocks the interpreter sees all of: no
/// `llvm.func` body calls anything.
pub fn comparable(m: &Module) -> bool {
    m.funcs.iter().all(|f| {
        f.kind != FuncKind::Llvm
            || f.body.as_ref().is_none_or(|b| {
                b.walk_ops()
                    .all(|op| !matches!(b.op(op).kind, OpKind::LlvmCall))
            })
    })
}

/// The finding when the interpreter and the JIT left different numbers of heap blocks
/// allocated (`None` when they agree or a count is missing).
pub fn compare(m: &Module, interp: Option<i64>, jit: Option<i64>) -> Option<Verdict> {
    let (i, j) = (interp?, jit?);
    if i == j || !comparable(m) {
        return None;
    }
    let what = if j > i { "leaks" } else { "frees" };
    Some(Verdict::Finding {
        oracle: ORACLE,
        detail: format!(
            "heap blocks left allocated at exit: interp {i}, jit {j} (the lowered code {what} {} block(s))\n",
            (j - i).abs()
        ),
    })
}
