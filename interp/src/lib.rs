//! The reference interpreter of Standard-dialect memref semantics: an independent
//! opinion on what a module computes, which never looks at the converter's output
//! and reports undefined behaviour instead of guessing.
//!
//! ```text
//! run(module, "main", &args, &Options::default(), &mut NoExternals) -> Result<Vec<RtValue>, Trap>
//! ```
//!
//! Each function is compiled once into flat code (`compile`), then executed by a loop
//! with an explicit frame stack (`exec`). Integers of every width (`ints`), IEEE
//! floats (`floats`), vectors (`vectors`) and memrefs as buffers plus views (`memory`)
//! are modelled exactly; the UB rules are listed in [`trap::rules`].
//!
//! Undefined behaviour is reported as `Trap::Ub { loc, rule, message }` and renders as
//! `FILE:LINE:COL: undefined behaviour: RULE: MESSAGE`:
//!
//! | rule | example message |
//! | --- | --- |
//! | `out of bounds` | `out-of-bounds load: index 4 of dimension 0 with size 4` (also stores, `extract_element`) |
//! | `use after free` | `load of memory freed by dealloc at 12:3` |
//! | `use after return` | `load of alloca memory (allocated at 3:8): use after the function returned` |
//! | `double free` | `dealloc of memory already freed at 9:3` |
//! | `invalid free` | `dealloc of memory allocated by alloca at 2:8` |
//! | `uninitialized read` | `read of uninitialized memory (element 1 of its allocation was never written)` |
//! | `division by zero` | `divi_signed of 1 by zero (i32)` (also remainders, unsigned, vector lanes) |
//! | `signed division overflow` | `divi_signed overflow: -2147483648 / -1 does not fit in i32` |
//! | `oversized shift` | `shift_left by 32, at least the bit width of i32` |
//! | `fptosi out of range` | `fptosi of f32 nan does not fit in i32` |
//! | `invalid dim` | `dim 2 of a memref of rank 2` |
//! | `invalid memref_cast` | `memref_cast to memref<4xf32> of a memref whose dimension 0 has size 5` (also rank, offset, strides) |
//! | `negative size` | `allocation whose dimension 0 has negative size -1` |
//!
//! Semantic decisions where the Standard dialect leaves room:
//! - `dealloc` through any view of an allocation (e.g. after `memref_cast`) frees it:
//!   casts keep the allocated pointer. A second `dealloc`, or one of `alloca` memory, is UB.
//! - Memref arguments of the entry function are fresh heap buffers, fully initialized.
//! - A memref result is read through its view after the entry returns; an element that
//!   is uninitialized, freed, or `alloca` memory of a returned function is UB.
//! - `alloc`'s `alignment` is recorded only: there are no addresses to align.
//! - Arguments of external functions are passed as snapshots; memref results of
//!   externals become fresh buffers.

pub mod compile;
pub mod exec;
pub mod floats;
pub mod ints;
pub mod memory;
pub mod ops;
pub mod trap;
pub mod values;
pub mod vectors;

pub use compile::Program;
pub use trap::{Trap, Ub};

use converter::ir::Module;
use converter::value::RtValue;
use converter::Loc;

/// Limits and target parameters of a run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Instructions executed before the run stops with `Trap::OutOfFuel`.
    pub fuel: u64,
    /// The width of `index`: 64 or 32.
    pub index_bitwidth: u32,
    /// The deepest call stack allowed (the entry function is depth 1). The frames live on
    /// the heap; the default is about as deep as native code gets on an 8 MB stack.
    pub max_call_depth: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            fuel: 10_000_000,
            index_bitwidth: 64,
            max_call_depth: 200_000,
        }
    }
}

/// Implementations of external (body-less) functions.
pub trait Externals {
    /// Calls `@name`; `None` when this host does not implement it.
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>>;
}

/// No external function is implemented.
pub struct NoExternals;

impl Externals for NoExternals {
    fn call(&mut self, _: &str, _: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        None
    }
}

/// What [`Program::run_full`] reports.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOutput {
    pub results: Vec<RtValue>,
    /// Per argument: the final contents of a memref argument, `None` for other
    /// arguments and for memrefs the program deallocated.
    pub memref_args: Vec<Option<RtValue>>,
    /// Instructions executed.
    pub steps: u64,
    /// Heap blocks the program left allocated: `alloc`s minus `dealloc`s during the
    /// run (argument buffers are the caller's and not counted, though a `dealloc` of
    /// one is).
    pub heap_blocks: i64,
    /// The heap allocations the program made, in order; `None` when there were more
    /// than [`MAX_HEAP_EVENTS`].
    pub heap_events: Option<Vec<HeapEvent>>,
}

/// The most heap allocations a run records for [`RunOutput::heap_events`].
pub const MAX_HEAP_EVENTS: usize = 512;

/// A heap allocation of the Standard program, in the terms of the Standard dialect: what
/// the lowered code's `malloc` or `aligned_alloc` calls stand for, in the same order
/// (the `heap-sizes` oracle holds each call's size to the one these imply).
#[derive(Clone, Debug, PartialEq)]
pub enum HeapEvent {
    /// An `alloc` (not `alloca`) of a memref of `elem`s with these sizes; `layout` is
    /// the static offset and strides of a layout that is not the identity, `alignment`
    /// the op's `alignment` attribute.
    Alloc {
        elem: converter::ir::Type,
        sizes: Vec<i64>,
        layout: Option<(i64, Vec<i64>)>,
        alignment: Option<u64>,
    },
    /// A function returned an unranked memref whose ranked descriptor has this rank:
    /// the lowered callee copies that descriptor to the heap for its caller.
    UnrankedReturn { rank: usize },
}

/// Compiles `m` and runs `entry` on `args`.
pub fn run(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &Options,
    ext: &mut dyn Externals,
) -> Result<Vec<RtValue>, Trap> {
    Program::compile(m, opts.index_bitwidth).run(entry, args, opts, ext)
}

impl Program {
    /// Runs `entry` of an already compiled module (compile once, run many times).
    pub fn run(
        &self,
        entry: &str,
        args: &[RtValue],
        opts: &Options,
        ext: &mut dyn Externals,
    ) -> Result<Vec<RtValue>, Trap> {
        self.run_counted(entry, args, opts, ext).0
    }

    /// Like [`Program::run`], also returning the number of instructions executed.
    pub fn run_counted(
        &self,
        entry: &str,
        args: &[RtValue],
        opts: &Options,
        ext: &mut dyn Externals,
    ) -> (Result<Vec<RtValue>, Trap>, u64) {
        let mut steps = 0;
        let r = self.run_inner(entry, args, opts, ext, &mut steps);
        (r.map(|o| o.results), steps)
    }

    /// Runs `entry` and also reads back the final contents of its memref arguments,
    /// for oracles that compare memory as well as results.
    pub fn run_full(
        &self,
        entry: &str,
        args: &[RtValue],
        opts: &Options,
        ext: &mut dyn Externals,
    ) -> Result<RunOutput, Trap> {
        let mut steps = 0;
        self.run_inner(entry, args, opts, ext, &mut steps)
    }

    fn run_inner(
        &self,
        entry: &str,
        args: &[RtValue],
        opts: &Options,
        ext: &mut dyn Externals,
        steps: &mut u64,
    ) -> Result<RunOutput, Trap> {
        if opts.index_bitwidth != self.index_width {
            return Err(Trap::error(
                Loc::UNKNOWN,
                format!(
                    "the program was compiled for {}-bit index, the options say {}",
                    self.index_width, opts.index_bitwidth
                ),
            ));
        }
        if !matches!(opts.index_bitwidth, 32 | 64) {
            return Err(Trap::error(Loc::UNKNOWN, "index_bitwidth must be 32 or 64"));
        }
        let Some(&fi) = self.by_name.get(entry) else {
            return Err(Trap::error(
                Loc::UNKNOWN,
                format!("no function '@{entry}' to run"),
            ));
        };
        let f = &self.funcs[fi as usize];
        if f.external {
            return Err(Trap::error(
                f.loc,
                format!("the entry '@{entry}' is an external declaration"),
            ));
        }
        if args.len() != f.ty.inputs.len() {
            return Err(Trap::error(
                f.loc,
                format!(
                    "'@{entry}' takes {} arguments, {} given",
                    f.ty.inputs.len(),
                    args.len()
                ),
            ));
        }
        let mut m = exec::Machine::new(self, opts, ext);
        let mut ins = Vec::with_capacity(args.len());
        for (i, (a, t)) in args.iter().zip(&f.ty.inputs).enumerate() {
            let v = match a {
                RtValue::View(_) => values::view_from_rt(&f.ty.inputs, args, &ins, i),
                a => values::from_rt(self, &mut m.mem, t, a),
            }
            .map_err(|e| Trap::error(f.loc, format!("argument {i} of '@{entry}': {e}")))?;
            ins.push(v);
        }
        let kept: Vec<Option<exec::Out>> = ins
            .iter()
            .zip(&f.ty.inputs)
            .map(|(v, t)| t.is_memref().then(|| v.clone()))
            .collect();
        let heap_before = m.mem.heap_blocks();
        let r = m.exec(fi, ins);
        *steps = opts.fuel - m.fuel;
        let (outs, loc) = r?;
        let results = outs
            .iter()
            .zip(&f.ty.results)
            .map(|(v, t)| values::to_rt(self, &m.mem, t, v).map_err(|e| e.at(loc)))
            .collect::<Result<Vec<_>, _>>()?;
        let memref_args = kept
            .iter()
            .zip(&f.ty.inputs)
            .map(|(v, t)| {
                v.as_ref()
                    .and_then(|v| values::to_rt(self, &m.mem, t, v).ok())
            })
            .collect();
        Ok(RunOutput {
            results,
            memref_args,
            steps: *steps,
            heap_blocks: m.mem.heap_blocks() - heap_before,
            heap_events: (!m.heap_events_overflowed).then_some(m.heap_events),
        })
    }
}
