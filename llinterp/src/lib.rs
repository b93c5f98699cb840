//! An interpreter of the LLVM dialect as stdlower's lowering emits it: the fourth
//! execution path (issue 19), beside the Standard interpreter (`interp`), the JIT of our
//! lowering and the JIT of upstream's. Pure Rust, no LLVM.
//!
//! ```text
//! run(std_module, &lower_options, "main", &args, &interp::Options, &mut externals)
//!     -> Result<RunOutput, interp::Trap>
//! ```
//!
//! The module is lowered by our converter and its `llvm.func`s interpreted
//! (`exec`) over a byte-addressed memory with provenance (`memory`) laid out as the
//! x86-64 data layout says (`layout`; a module's own `llvm.data_layout` must agree, or
//! it is an error naming the entry that differs); the entry's arguments and results
//! cross the boundary in Standard types (`abi`), so the results are the `RtValue`s that
//! `stdlower interp` prints. [`run_lowered`] also runs upstream MLIR's lowering of the
//! module (`stdlower interp --via upstream`: `mlir-opt` 22's output read back by the
//! converter's parser, opaque pointers, `llvm.mlir.poison`, `nsw`/`nuw`/`exact` and
//! `getelementptr` flags): the boundary is the same, the C library functions must be
//! declared with their C types (rule `C library signature mismatch`: MLIR 22's
//! `malloc(i32)` at a 32-bit index), and allocations are aligned to what they ask
//! and no more, so a realignment computed but not used goes wrong as it may natively.
//!
//! Semantics are LangRef's: poison and undef are values (`value`), and undefined
//! behaviour is reported as `Trap::Ub` at the location of the LLVM op (the lowering
//! gives each op the location of the Standard op it came from), the message starting
//! with the LLVM op's name. Rules, besides `interp::trap::rules`' `out of bounds`,
//! `use after free`, `use after return`, `double free`, `invalid free`,
//! `division by zero` and `signed division overflow`: see [`memory::rules`]
//! (`misaligned access` w.r.t. the op's `alignment` or the type's ABI alignment,
//! `branch on poison`, `poison address`, `poison divisor`, `poison callee`,
//! `null dereference`, `access without provenance`, `unreachable`,
//! `overlapping memcpy`, and `poison result` when a result of the entry, or an element
//! of a memref result, is poison or undef).
//!
//! External functions (other than `malloc`, `aligned_alloc` and `free`) are called
//! through the host's `interp::Externals` with Standard values; a memref they return
//! becomes a fresh heap block the program may free, passed back as the lowered call
//! expects it (descriptor, bare pointer, or unranked descriptor in memory).
//!
//! Not modelled: globals (`llvm.mlir.addressof` of anything but a function): the
//! Standard dialect of LLVM 11 that stdlower reads has no `global_memref`, so neither
//! lowering emits `llvm.mlir.global`; the parser rejects one, located. Function-typed
//! arguments and results of external functions (no external of the harness has one):
//! an error naming the type.

pub mod abi;
pub mod exec;
pub mod layout;
pub mod memory;
pub mod value;

pub use exec::Program;

use converter::ir::Module;
use converter::lower::LowerOptions;
use converter::value::RtValue;
use converter::Loc;
use interp::Trap;

/// The prefix of a C wrapper's name (`_mlir_ciface_f` wraps `@f`).
pub const CIFACE_PREFIX: &str = "_mlir_ciface_";

/// What a run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOutput {
    pub results: Vec<RtValue>,
    /// LLVM ops executed.
    pub steps: u64,
    /// Heap blocks the program left allocated (`malloc`/`aligned_alloc` minus `free`,
    /// argument buffers not counted).
    pub heap_blocks: i64,
    /// The program's calls of `malloc` and `aligned_alloc`, in order; `None` when there
    /// were more than [`MAX_HEAP_CALLS`].
    pub heap_calls: Option<Vec<HeapCall>>,
}

/// The most `malloc`/`aligned_alloc` calls a run records.
pub const MAX_HEAP_CALLS: usize = 512;

/// A call of `malloc(size)` (`align` is `None`) or `aligned_alloc(align, size)` the
/// lowered code made, with its arguments as the callee saw them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapCall {
    pub align: Option<u64>,
    pub size: u64,
}

/// Lowers the Standard module `std` with `lower` and runs `entry` at the LLVM level.
/// A module that does not lower is an error naming the first diagnostic.
pub fn run(
    std: &Module,
    lower: &LowerOptions,
    entry: &str,
    args: &[RtValue],
    opts: &interp::Options,
    ext: &mut dyn interp::Externals,
) -> Result<RunOutput, Trap> {
    let lowered = converter::lower::lower_module(std, lower).map_err(|ds| {
        let d = ds.first();
        Trap::error(
            d.map_or(Loc::UNKNOWN, |d| d.loc),
            format!(
                "the module does not lower: {}",
                d.map_or("", |d| d.message.as_str())
            ),
        )
    })?;
    run_lowered(&lowered, std, lower, entry, args, opts, ext)
}

/// Runs `entry` of `lowered`, the lowering of `std` under `lower`; arguments and
/// results in `entry`'s Standard signature. An entry `_mlir_ciface_f`, for a function
/// `@f` with `llvm.emit_c_interface`, runs `@f`'s C wrapper as C calls it: memrefs by
/// pointer to their descriptors, and several results or a memref result through a
/// pointer to a struct of them passed first.
pub fn run_lowered(
    lowered: &Module,
    std: &Module,
    lower: &LowerOptions,
    entry: &str,
    args: &[RtValue],
    opts: &interp::Options,
    ext: &mut dyn interp::Externals,
) -> Result<RunOutput, Trap> {
    exec::check_module(lowered)?;
    // `_mlir_ciface_f` of a Standard `@f` with `llvm.emit_c_interface`: the wrapper runs,
    // called as C calls it (`abi::CInterface`).
    let ciface = entry
        .strip_prefix(CIFACE_PREFIX)
        .filter(|_| std.func(entry).is_none())
        .and_then(|n| std.func(n))
        .filter(|f| f.has_attr("llvm.emit_c_interface"));
    let sf = ciface
        .or_else(|| std.func(entry))
        .ok_or_else(|| exec::plain_error(format!("no function '@{entry}' to run")))?;
    let ft = sf
        .std_type()
        .ok_or_else(|| Trap::error(sf.loc, format!("'@{entry}' is not a Standard function")))?;
    if sf.is_external() {
        return Err(Trap::error(
            sf.loc,
            format!("the entry '@{entry}' is an external declaration"),
        ));
    }
    if args.len() != ft.inputs.len() {
        return Err(Trap::error(
            sf.loc,
            format!(
                "'@{entry}' takes {} arguments, {} given",
                ft.inputs.len(),
                args.len()
            ),
        ));
    }
    let abi = abi::Abi {
        index_bits: lower.index_bitwidth,
        bare_ptr: lower.use_bare_ptr_memref_call_conv,
    };
    let prog = Program::new(lowered);
    let f = *prog.by_name.get(entry).ok_or_else(|| {
        exec::plain_error(format!("no function '@{entry}' in the lowered module"))
    })?;
    if lowered.funcs[f as usize].body.is_none() {
        return Err(Trap::error(sf.loc, format!("'@{entry}' has no body")));
    }
    let mut m = exec::Machine::new(&prog, opts.fuel, opts.max_call_depth);
    let mut params = Vec::new();
    // Through a C wrapper: where the results go, when they go through memory.
    let out = match ciface {
        Some(sf) => {
            let target = lowered.func(&sf.name).map(|f| &f.ty);
            abi::c_interface_out(&mut m, &ft.results, target)
                .map_err(|e| Trap::error(sf.loc, format!("'@{entry}': {e}")))?
        }
        None => None,
    };
    if let Some((p, _)) = &out {
        params.push(value::Val::Ptr(*p));
    }
    let mut entry_args = abi::EntryArgs::new(&ft.inputs, args);
    for i in 0..ft.inputs.len().min(args.len()) {
        let pushed = if ciface.is_some() {
            abi::push_arg_c(&mut m, &abi, &mut entry_args, i, &mut params)
        } else {
            abi::push_arg(&mut m, &abi, &mut entry_args, i, &mut params)
        };
        pushed.map_err(|e| Trap::error(sf.loc, format!("argument {i} of '@{entry}': {e}")))?;
    }
    let mut ext = abi::StdExternals { std, abi, ext };
    let r = m.run(f, params, &mut ext);
    let steps = opts.fuel - m.fuel;
    let mut ret = r?;
    if let Some((p, t)) = out {
        ret = Some(m.mem.load(p, &t, 1).map_err(|f| Trap::Ub {
            loc: m.ret_loc,
            rule: f.rule,
            message: format!("llvm.return: the results in memory: {}", f.message),
        })?);
    }
    let results = abi::results_out(&mut m, &abi, &ft.results, ret).map_err(|e| match e {
        abi::ReadError::Ub(rule, message) => Trap::Ub {
            loc: m.ret_loc,
            rule,
            message: format!("llvm.return: {message}"),
        },
        abi::ReadError::Error(message) => Trap::error(m.ret_loc, message),
    })?;
    Ok(RunOutput {
        results,
        steps,
        heap_blocks: m.mem.heap_blocks,
        heap_calls: (!m.mem.heap_calls_overflowed).then(|| std::mem::take(&mut m.mem.heap_calls)),
    })
}
