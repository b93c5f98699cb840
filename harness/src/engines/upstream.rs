//! MLIR 22's lowering of the Standard module as an execution path (`mlir-opt`,
//! `mlir-translate`, then the isolated worker, or this process for a fuzzer), through
//! the drivers of `crate::upstream`. It takes a case only where upstream's lowering is
//! defined and comparable: index width 64, not the bare pointer convention without
//! aligned_alloc, no under-aligned wide vector allocation ([`takes`]); a module the
//! exporter cannot express, or tools that are not installed, is no outcome. A timeout or
//! an exhausted stack is a resource limit, as for the JIT.

use super::{Engine, Runs};
use crate::exec::{ExecOptions, NativeLimit, Outcome};
use converter::ir::{Module, OpKind};
use converter::value::RtValue;

/// MLIR 22's lowering, run natively.
pub struct Upstream;

impl Engine for Upstream {
    fn name(&self) -> &'static str {
        "upstream"
    }

    fn run<'c>(&self, runs: &'c dyn Runs) -> Option<&'c Outcome> {
        runs.upstream()
    }

    fn limit(&self, o: &Outcome) -> Option<NativeLimit> {
        crate::native::resource_limit(o)
    }
}

/// Whether upstream's lowering of `m` under `exec`'s options is defined and comparable.
pub fn takes(m: &Module, exec: &ExecOptions) -> bool {
    let pass = exec.pass;
    // MLIR 22 declares malloc/aligned_alloc with index-typed sizes and realigns
    // pointers in the index type (docs/findings/mlir22-index32-alloc-truncates.md).
    let bare_without_aligned_alloc = pass.use_bare_ptr_memref_call_conv && !pass.use_aligned_alloc;
    exec.index_bitwidth == 64
        // MLIR 22 returns the allocated pointer of a memref under the bare pointer
        // convention (docs/findings/mlir22-bare-ptr-return-allocated.md): wrong code
        // whenever an allocation was realigned, which aligned_alloc never is.
        && !bare_without_aligned_alloc
        // MLIR 22 allocates to an explicit alignment below the element's and then moves
        // the elements with their ABI alignment (docs/upstream-differences.md,
        // "Allocation alignment"): undefined behaviour, which aligned AVX moves of
        // vectors wider than malloc's 16 bytes fault on.
        && !under_aligned_wide_vector_alloc(m)
}

/// Upstream's run of `entry(args)` of `m` under `exec`'s options: `Ok(None)` when it
/// does not take the case ([`takes`]), the exporter cannot express the module or the
/// tools are not installed, `Err` (a finding of `upstream`) when a tool crashes on or
/// rejects it. A campaign's batch may have left upstream's LLVM dialect for `llinterp`:
/// that outcome stands when it agrees with `interp` (the Standard interpreter's) and the
/// case is not sampled for a native run; otherwise the native run decides, in the
/// isolated worker or, when `in_process`, in this process.
pub fn run(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    exec: &ExecOptions,
    in_process: bool,
    interp: &Outcome,
) -> Result<Option<Outcome>, String> {
    use crate::upstream::interpreted;
    if !takes(m, exec) {
        return Ok(None);
    }
    let sampled_native = crate::upstream::has_prepared_ir();
    let by_llinterp = interpreted::run_prepared(m, entry, args, exec);
    if let Some(u) = &by_llinterp {
        if !sampled_native && super::diff(interp, u).agrees() {
            return Ok(by_llinterp);
        }
    }
    let native = native_run(m, entry, args, exec, in_process)?;
    interpreted::confirm(interp, by_llinterp, native)
}

/// Upstream's native run of `entry(args)` (see [`run`]).
fn native_run(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    exec: &ExecOptions,
    in_process: bool,
) -> Result<Option<Outcome>, String> {
    use crate::upstream::{self, UpstreamError};
    match upstream::to_llvm_ir(m, exec) {
        Ok(ir) if in_process => Ok(Some(crate::native::run_ir_in_process(
            m, &ir, entry, args, exec,
        ))),
        Ok(ir) => Ok(Some(upstream::run_ir(m, &ir, entry, args, exec))),
        Err(UpstreamError::Export(_) | UpstreamError::NotInstalled(_)) => Ok(None),
        Err(UpstreamError::Tool(msg)) => {
            Err(format!("upstream tools failed on a module we lower: {msg}"))
        }
    }
}

/// Whether `m` has an `alloc` or `alloca` of vectors wider than 16 bytes whose explicit
/// `alignment` is below the vectors' ABI alignment on x86-64 (an n-D vector's is its
/// innermost 1-D vector's: its size rounded up to a power of two). Worked out here from
/// the Standard types, not asked of the converter.
pub fn under_aligned_wide_vector_alloc(m: &Module) -> bool {
    use converter::ir::Attribute;
    let vector_align = |t: &converter::ir::Type| {
        let v = t.as_vector()?;
        let inner = u64::from(v.elem.bit_width()?) * v.shape.last()?;
        let bytes = inner.div_ceil(8).next_power_of_two();
        (bytes > 16).then_some(bytes)
    };
    m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
        b.walk_ops().any(|o| {
            let op = b.op(o);
            if !matches!(op.kind, OpKind::Alloc | OpKind::Alloca) {
                return false;
            }
            let Some(Attribute::Int { value, .. }) = op.attr("alignment") else {
                return false;
            };
            let elem = op
                .results
                .first()
                .and_then(|r| b.value_type(*r).as_memref())
                .and_then(|mt| vector_align(&mt.elem));
            elem.is_some_and(|a| *value < i128::from(a))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The upstream path leaves out modules that allocate vectors wider than 16 bytes
    /// below their alignment (upstream's lowering is undefined there), and only those.
    #[test]
    fn under_aligned_wide_vector_allocations_are_recognized() {
        let module = |alloc: &str| {
            let src = format!("func @f() {{\n  %m = {alloc}\n  return\n}}\n");
            converter::syntax::parse_module("a.mlir", src.as_bytes()).expect("parses")
        };
        for (alloc, under) in [
            ("alloc() {alignment = 4} : memref<3xvector<6xf64>>", true),
            (
                "alloca() {alignment = 16} : memref<2xvector<2x8xf32>>",
                true,
            ),
            ("alloc() {alignment = 64} : memref<3xvector<6xf64>>", false),
            ("alloc() : memref<3xvector<6xf64>>", false),
            ("alloc() {alignment = 4} : memref<3xvector<2xf64>>", false),
            ("alloc() {alignment = 1} : memref<3xf64>", false),
        ] {
            assert_eq!(
                under_aligned_wide_vector_alloc(&module(alloc)),
                under,
                "{alloc}"
            );
        }
    }
}
