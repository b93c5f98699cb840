//! The JIT of our lowering as an execution path: the lowered module translated to LLVM
//! IR and run natively, in the isolated worker (which also counts heap blocks) or, for a
//! fuzzer, in this process. One compilation serves the entry and the C-interface
//! oracle's calls (the batch). It cannot see undefined behaviour; a timeout or an
//! exhausted stack is a resource limit ([`Engine::limit`]), not an outcome of the code.

use super::{Engine, Runs};
use crate::exec::{ExecOptions, NativeLimit, Outcome};
use converter::ir::Module;
use converter::value::RtValue;

/// The JIT batch: the entry's outcome, the C-interface calls' answers and, from the
/// isolated worker, the heap blocks the entry left allocated.
#[derive(Default)]
pub struct JitBatch {
    pub entry: Option<Outcome>,
    pub ciface: Vec<Option<Outcome>>,
    pub heap_blocks: Option<i64>,
}

/// The JIT of our lowering.
pub struct Jit;

impl Engine for Jit {
    fn name(&self) -> &'static str {
        "jit"
    }

    fn run<'c>(&self, runs: &'c dyn Runs) -> Option<&'c Outcome> {
        runs.jit()
    }

    fn limit(&self, o: &Outcome) -> Option<NativeLimit> {
        crate::native::resource_limit(o)
    }
}

/// Runs `calls` of `m` on `lowered` (our lowering of `m`) in one compilation: the first
/// is the entry, whose outcome is [`JitBatch::entry`], the rest are the C-interface
/// oracle's calls. In the isolated worker, or in this process when `in_process` (a
/// fuzzer); an entry the batch could not make (an earlier crash) is run alone.
pub fn batch(
    m: &Module,
    lowered: &Module,
    calls: &[(&str, &[RtValue])],
    exec: &ExecOptions,
    in_process: bool,
) -> JitBatch {
    let mut batch = JitBatch::default();
    let mut answers = if in_process {
        crate::native::run_lowered_jit_batch_in_process(m, lowered, calls, exec)
    } else {
        let (answers, heap_blocks) = crate::native::run_jit_batch(m, lowered, calls, exec);
        batch.heap_blocks = heap_blocks;
        answers
    };
    batch.ciface = answers.split_off(1.min(answers.len()));
    batch.entry = Some(match answers.pop().flatten() {
        Some(o) => o,
        None => {
            let (entry, args) = calls[0];
            crate::native::run_jit(m, entry, args, exec)
        }
    });
    batch
}
