//! The JIT of our lowering as an execution path: the lowered module translated to LLVM
//! IR and run natively, in the isolated worker (which also counts heap blocks) or, for a
//! fuzzer, in this process. One compilation serves the entry and the C-interface
//! oracle's calls (the batch). It cannot see undefined behaviour; a timeout or an
//! exhausted stack is a resource limit ([`Engine::limit`]), not an outcome of the code.

use super::Engine;
use crate::exec::{NativeLimit, Outcome};
use crate::oracles::check::{Case, JitBatch};
use converter::ir::Module;

/// The JIT of our lowering.
pub struct Jit;

impl Engine for Jit {
    fn name(&self) -> &'static str {
        "jit"
    }

    fn run<'c>(&self, case: &'c Case<'_>) -> Option<&'c Outcome> {
        case.jit_entry()
    }

    fn limit(&self, o: &Outcome) -> Option<NativeLimit> {
        crate::native::resource_limit(o)
    }
}

/// Runs the JIT batch of `case` on `lowered`: the entry, then the C-interface oracle's
/// calls, in one compilation of the module.
pub fn batch(case: &Case<'_>, lowered: &Module) -> JitBatch {
    let (m, entry, args, cfg) = (case.module, case.entry, case.args, case.cfg);
    let mut calls = vec![(entry, args)];
    calls.extend(case.ciface_plan().calls());
    let mut batch = JitBatch::default();
    let mut answers = if cfg.jit_in_process {
        crate::native::run_lowered_jit_batch_in_process(m, lowered, &calls, &cfg.exec)
    } else {
        let (answers, heap_blocks) = crate::native::run_jit_batch(m, lowered, &calls, &cfg.exec);
        batch.heap_blocks = heap_blocks;
        answers
    };
    batch.ciface = answers.split_off(1.min(answers.len()));
    batch.entry = Some(match answers.pop().flatten() {
        Some(o) => o,
        None => crate::exec::run_jit(m, entry, args, &cfg.exec),
    });
    batch
}
