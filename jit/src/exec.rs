//! In-process execution: lower a Standard module, translate it, JIT-compile it with an
//! ORC LLJIT and call its entry point with [`RtValue`] arguments and results.
//!
//! Calling convention. Whatever the entry's signature, Rust calls one C function,
//! `void __stdlower_entry(ptr args, ptr results, i64 which)`, generated into the
//! module: `which` picks the call (one block per call, when several calls of a module
//! share its compilation, see [`Jit::run_lowered_calls`]). Both
//! buffers are arrays of 16-byte *slots*, one per scalar leaf of the flattened LLVM
//! parameter list (resp. return value): structs, arrays and vectors are flattened
//! depth-first, in order. Integers wider than 64 bits fill the slot as a sign-extended
//! i128; every other leaf is an i64 in the slot's low half (integers sign-extended,
//! float bits zero-extended, pointers as addresses), which keeps i128 arithmetic out of
//! the thunk so that FastISel compiles it at O0. So a memref
//! argument is `3 + 2 * rank` slots (allocated, aligned, offset, sizes, strides), an
//! unranked memref 2 slots (rank, descriptor pointer), a `vector<2x3xf32>` 6 slots.
//! Rust never has to care about LLVM's odd-int store sizes.
//!
//! Memory. `malloc`, `aligned_alloc` and `free` of the generated code are mapped to
//! tracking wrappers; argument buffers come from the same allocator. After the results
//! are read, every block still alive is freed, so nothing leaks per module. A [`Jit`]
//! keeps one LLJIT per code generation level (0-3) for its whole life and removes each
//! module's code after the run; its LLVM context is reused for [`CONTEXT_REUSE`]
//! modules and then replaced, which bounds the memory LLVM's uniqued constants and
//! types can take.
//!
//! Code generation. The target machine is the host CPU minus AVX-512
//! ([`jit_cpu_features`]), with the small code model and position-independent code:
//! JITLink reaches far symbols (libc, registered externals) through its GOT and stubs,
//! and FastISel, which gives up on every call and floating-point constant under the
//! large code model that LLVM otherwise picks for JITs on x86-64, selects them at O0.
//!
//! In-process runs do not enforce `RunOptions::timeout` and a crash of the generated
//! code takes the process down: use [`crate::worker`] for isolation.

use crate::cabi::{AbiType, CInterface, CParam};
use crate::orc::{Orc, OrcContext};
use crate::translate::TranslateError;
use crate::translate::{basic_type, translate_module};
use converter::ir::{FuncKind, Module, Type};
use converter::value::RtValue;
use inkwell::context::Context;
use inkwell::module::Module as LlvmModule;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target, TargetData, TargetMachine, TargetTriple,
};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue};
use inkwell::{AddressSpace, OptimizationLevel};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// What one call of generated code answers.
pub type CallResult = Result<Vec<RtValue>, RunError>;

/// How a module is lowered and compiled.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOptions {
    /// LLVM optimization level, 0-3 (IR pipeline `default<On>` and code generation).
    pub opt_level: u8,
    /// Wall-clock limit of one call's native code, from the moment the worker starts
    /// it (compilation not included); only enforced by the isolated worker.
    pub timeout: Duration,
    /// Wall-clock limit of what comes before a call in the worker: parsing, lowering,
    /// translation and JIT compilation of the module (or, in a batch, the previous
    /// call's clean-up); only enforced by the isolated worker.
    pub compile_timeout: Duration,
    /// Bit width of `index` in the lowering (32 or 64).
    pub index_bitwidth: u32,
    /// Emit `_mlir_ciface_` wrappers for every function.
    pub emit_c_interface: bool,
    /// Lower `alloc` to `aligned_alloc` (the converter's `use_aligned_alloc`).
    pub use_aligned_alloc: bool,
    /// The bare pointer calling convention: memref arguments of the entry are one
    /// aligned pointer each, their offset, sizes and strides the static ones of the
    /// type (the converter's `use_bare_ptr_memref_call_conv`); results stay descriptors
    /// (LLVM 11), unless the lowered entry returns fewer values (MLIR 22's pointers).
    pub use_bare_ptr_memref_call_conv: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            opt_level: 0,
            timeout: Duration::from_secs(10),
            compile_timeout: Duration::from_secs(300),
            index_bitwidth: 64,
            emit_c_interface: false,
            use_aligned_alloc: false,
            use_bare_ptr_memref_call_conv: false,
        }
    }
}

/// Why a run produced no results.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    /// The generated code died of a signal (`SIGSEGV`, `SIGFPE`, ...).
    Crash { signal: String },
    /// The generated code ran longer than the timeout and was killed.
    Timeout { secs: f64 },
    /// Compiling the module (parsing, lowering, translation, code generation) took
    /// longer than `RunOptions::compile_timeout`; the worker was killed.
    CompileTimeout { secs: f64 },
    /// The generated code overflowed the worker's stack (a resource limit of the
    /// native path, not a crash of the code).
    StackExhausted,
    /// The generated code ended the worker process with `exit(status)` (an external
    /// `exit` or `_exit` call).
    Exited { status: i32 },
    /// Lowering, translation or verification failed, or the entry/arguments are bad.
    Error(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Crash { signal } => write!(f, "crashed with {signal}"),
            RunError::Timeout { secs } => write!(f, "timed out after {secs} s"),
            RunError::CompileTimeout { secs } => {
                write!(f, "the JIT compilation timed out after {secs} s")
            }
            RunError::StackExhausted => f.write_str(STACK_EXHAUSTED),
            RunError::Exited { status } => {
                write!(f, "the native code exited the process with status {status}")
            }
            RunError::Error(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for RunError {}

/// How [`RunError::StackExhausted`] reads.
pub const STACK_EXHAUSTED: &str = "native stack exhausted";

pub(crate) fn err<T>(msg: impl Into<String>) -> Result<T, RunError> {
    Err(RunError::Error(msg.into()))
}

/// A module that does not translate cannot run: the run's error is the message.
impl From<crate::translate::TranslateError> for RunError {
    fn from(e: crate::translate::TranslateError) -> RunError {
        RunError::Error(e.0)
    }
}

/// An ORC failure while running is the run's error, with LLVM's message.
impl From<crate::orc::OrcError> for RunError {
    fn from(e: crate::orc::OrcError) -> RunError {
        RunError::Error(e.to_string())
    }
}

/// The prefix of C wrapper names; an entry `_mlir_ciface_f` is called through the
/// wrapper with C-style descriptors (see [`Jit::run`]).
pub const CIFACE_PREFIX: &str = "_mlir_ciface_";

/// Name of the generated entry thunk.
pub const THUNK_NAME: &str = "__stdlower_entry";
/// Modules JIT-run in one LLVM context before it is replaced.
pub const CONTEXT_REUSE: usize = 2000;
/// Largest memref (in elements) passed in or read back.
const MAX_ELEMS: u64 = 1 << 26;

// ---------------------------------------------------------------------------------
// Externals

fn externals() -> &'static Mutex<HashMap<String, usize>> {
    static EXT: OnceLock<Mutex<HashMap<String, usize>>> = OnceLock::new();
    EXT.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Makes `name` resolve to `addr` in JIT-compiled code: the harness implements
/// functions that generated modules declare (e.g. `@ext_mix_i64(i64, i64) -> i64`).
/// `addr` must point to an `extern "C"` function whose signature matches the lowered
/// declaration. A later registration of the same name replaces the earlier one.
pub fn register_external(name: &str, addr: *const ()) {
    let mut t = externals().lock().unwrap_or_else(|e| e.into_inner());
    t.insert(name.to_string(), addr as usize);
}

/// Removes a registration made by [`register_external`].
pub fn unregister_external(name: &str) {
    let mut t = externals().lock().unwrap_or_else(|e| e.into_inner());
    t.remove(name);
}

// ---------------------------------------------------------------------------------
// Tracked allocation

// Every block carries a guard of [`GUARD`] bytes right after the bytes asked for,
// checked when the block is freed (by the generated code or after the run): a write
// past the end of a heap buffer (a lowering that allocates too few elements and fills
// them all, say) changes no result and faults nowhere, but it changes the guard, and
// the run then ends as a crash. Reads past the end are not seen.

/// Bytes of the guard after each tracked block.
const GUARD: usize = 32;

/// The guard's byte at offset `i` (a pattern no zeroing or small integer store makes).
fn guard_byte(i: usize) -> u8 {
    0xA5 ^ (i as u8).wrapping_mul(0x3B)
}

thread_local! {
    /// Live tracked blocks: address -> (bytes asked for, offset of the address from what
    /// libc allocated).
    static LIVE: RefCell<HashMap<usize, (usize, usize)>> = RefCell::new(HashMap::new());
    /// The first overflow a `free` of the generated code saw in this run.
    static OVERFLOW: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Heap blocks the generated code obtained from `malloc`/`aligned_alloc` minus
    /// those it passed to `free`, since the last [`take_heap_blocks`] (argument buffers
    /// and the unranked-result descriptors the caller frees are not counted).
    static HEAP_BLOCKS: std::cell::Cell<i64> = const { std::cell::Cell::new(0) };
}

/// The heap blocks the generated code left allocated since the last call of this
/// function (see `HEAP_BLOCKS`), and restarts the count.
pub fn take_heap_blocks() -> i64 {
    HEAP_BLOCKS.with(|h| h.replace(0))
}

/// Writes the guard after `size` bytes of `p` and records the block.
fn track(p: *mut libc::c_void, size: usize, offset: usize) {
    if p.is_null() {
        return;
    }
    let g = (p as *mut u8).wrapping_add(size);
    for i in 0..GUARD {
        // SAFETY: the block has `size + GUARD` bytes (see the allocators).
        unsafe { g.add(i).write(guard_byte(i)) };
    }
    LIVE.with(|l| l.borrow_mut().insert(p as usize, (size, offset)));
    HEAP_BLOCKS.with(|h| h.set(h.get() + 1));
}

/// `Some(description)` when the guard after a `size`-byte block at `p` changed.
fn guard_broken(p: usize, size: usize) -> Option<String> {
    let g = (p as *const u8).wrapping_add(size);
    // SAFETY: `p` is a live tracked block of `size + GUARD` bytes.
    let changed = (0..GUARD).find(|&i| unsafe { g.add(i).read() } != guard_byte(i))?;
    Some(format!(
        "heap buffer overflow: a write {changed} bytes past the end of a {size}-byte block"
    ))
}

/// Where a block of the generated code's `malloc` starts in what libc allocated: 16
/// bytes past a 64-byte boundary, so it is aligned as `malloc` must be (16) and never
/// to 32 or more. Code that realigns an allocation (alignment 32 and up) then has to
/// on every run, instead of whenever the heap happened to hand out a better-aligned
/// address: what the JIT's own allocations do to the heap before the call cannot
/// change an answer (upstream's realigned bare-pointer return,
/// `corpus/options/bare_ptr_realigned_return.mlir`, is wrong every time).
const MALLOC_OFFSET: usize = 16;

extern "C" fn tracked_malloc(size: usize) -> *mut libc::c_void {
    let mut base: *mut libc::c_void = std::ptr::null_mut();
    let total = size.saturating_add(GUARD).saturating_add(MALLOC_OFFSET);
    // SAFETY: `base` is a valid out-pointer and 64 a power of two multiple of the
    // pointer size, as posix_memalign requires; the block and its guard follow the
    // offset inside what it allocated.
    if unsafe { libc::posix_memalign(&mut base, 64, total) } != 0 || base.is_null() {
        return std::ptr::null_mut();
    }
    let p = base
        .cast::<u8>()
        .wrapping_add(MALLOC_OFFSET)
        .cast::<libc::c_void>();
    track(p, size, MALLOC_OFFSET);
    p
}

extern "C" fn tracked_aligned_alloc(align: usize, size: usize) -> *mut libc::c_void {
    let mut p: *mut libc::c_void = std::ptr::null_mut();
    // posix_memalign accepts any size and needs a power of two >= sizeof(void*);
    // other alignments get null, as aligned_alloc's contract allows.
    let align_ok = align.is_power_of_two();
    let a = align.max(std::mem::size_of::<usize>());
    // SAFETY: `p` is a valid out-pointer; the alignment is a power of two multiple of
    // the pointer size as posix_memalign requires.
    if align_ok && unsafe { libc::posix_memalign(&mut p, a, size.saturating_add(GUARD)) } != 0 {
        p = std::ptr::null_mut();
    }
    track(p, size, 0);
    p
}

extern "C" fn tracked_free(p: *mut libc::c_void) {
    if let Some((size, offset)) = LIVE.with(|l| l.borrow_mut().remove(&(p as usize))) {
        HEAP_BLOCKS.with(|h| h.set(h.get() - 1));
        if let Some(what) = guard_broken(p as usize, size) {
            OVERFLOW.with(|o| {
                o.borrow_mut().get_or_insert(what);
            });
        }
        // SAFETY: what libc allocated for this tracked block, freed once (it left LIVE).
        unsafe { libc::free(p.cast::<u8>().wrapping_sub(offset).cast()) };
        return;
    }
    // SAFETY: this is what the generated code asked for; freeing a pointer that was
    // not allocated is the generated code's bug (a crash the worker reports).
    unsafe { libc::free(p) }
}

/// Frees every block still alive; `Some(description)` when a guard was broken during
/// the run (a block freed by the generated code, or one freed here).
pub(crate) fn free_all_live() -> Option<String> {
    let live: Vec<(usize, (usize, usize))> = LIVE.with(|l| l.borrow_mut().drain().collect());
    let mut overflow = OVERFLOW.with(|o| o.borrow_mut().take());
    for (p, (size, offset)) in live {
        if overflow.is_none() {
            overflow = guard_broken(p, size);
        }
        // SAFETY: every pointer in LIVE is `offset` bytes into what posix_memalign
        // returned and has not been freed (tracked_free removes it first).
        unsafe { libc::free((p - offset) as *mut libc::c_void) }
    }
    overflow
}

/// A call's result, unless the run wrote past the end of a heap block.
pub(crate) fn unless_overflowed(
    r: Result<Vec<RtValue>, RunError>,
    overflow: Option<String>,
) -> Result<Vec<RtValue>, RunError> {
    match overflow {
        Some(signal) => Err(RunError::Crash { signal }),
        None => r,
    }
}

/// Allocates a zeroed, 64-byte-aligned tracked block.
fn alloc_buffer(bytes: usize) -> Result<*mut u8, RunError> {
    let p = tracked_aligned_alloc(64, bytes.max(1)) as *mut u8;
    if p.is_null() {
        return err(format!("cannot allocate {bytes} bytes for an argument"));
    }
    // The caller's buffer, not the generated code's.
    HEAP_BLOCKS.with(|h| h.set(h.get() - 1));
    // SAFETY: `p` points to at least `bytes.max(1)` writable bytes.
    unsafe { std::ptr::write_bytes(p, 0, bytes.max(1)) };
    Ok(p)
}

// ---------------------------------------------------------------------------------
// The JIT

/// A reusable JIT: the host target machine (for the optimization pipeline) and the
/// current LLVM context. One per thread/worker; see [`Jit::run_lowered`].
pub struct Jit {
    /// One LLJIT per code generation level, created on first use (dropped before the
    /// context: fields drop in declaration order).
    pub(crate) orcs: [Option<Orc>; 4],
    pub(crate) ctx: OrcContext,
    /// The host target machine, for the IR optimization pipeline.
    pub(crate) tm: TargetMachine,
    modules_in_ctx: usize,
}

/// A signature in Standard-dialect types, for marshaling.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct EntrySig {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
    /// For a call through a `_mlir_ciface_` wrapper: the C interface the caller
    /// expects of it, which alone shapes the call (see [`ciface_call`]). A call of
    /// `_mlir_ciface_f` without one is refused.
    pub c_interface: Option<CInterface>,
}

/// The Standard signature of `entry` of `std_module`: `_mlir_ciface_f` (the C wrapper
/// of a Standard function `f` with `llvm.emit_c_interface`, not itself in the module)
/// has `f`'s, and is called the way C calls it (see [`ciface_call`]).
pub fn entry_sig(std_module: &Module, entry: &str) -> Result<EntrySig, RunError> {
    let std_name = entry
        .strip_prefix(CIFACE_PREFIX)
        .filter(|n| std_module.func(entry).is_none() && std_module.func(n).is_some())
        .unwrap_or(entry);
    let f = std_module
        .func(std_name)
        .ok_or_else(|| RunError::Error(format!("no function @{entry} in the module")))?;
    if f.kind != FuncKind::Std {
        return err(format!("@{entry} is not a Standard function"));
    }
    let ft = f
        .std_type()
        .ok_or_else(|| RunError::Error(format!("@{entry} has no function type")))?;
    if f.is_external() {
        return err(format!("@{entry} is only a declaration"));
    }
    Ok(EntrySig {
        inputs: ft.inputs.clone(),
        results: ft.results.clone(),
        c_interface: None,
    })
}

/// The environment variable that makes the JIT compile for all of the host's CPU
/// features, AVX-512 included (set to `1`); see [`jit_cpu_features`].
pub const FULL_HOST_FEATURES_ENV: &str = "STDLOWER_JIT_AVX512";

/// Whether the JIT compiles with AVX-512 (only when [`FULL_HOST_FEATURES_ENV`] is `1`
/// and the host has it). Read once per process.
pub fn jit_uses_avx512() -> bool {
    static USES: OnceLock<bool> = OnceLock::new();
    *USES.get_or_init(|| {
        std::env::var(FULL_HOST_FEATURES_ENV).is_ok_and(|v| v == "1")
            && TargetMachine::get_host_cpu_features()
                .to_string_lossy()
                .split(',')
                .any(|f| f == "+avx512f")
    })
}

/// The CPU features the JIT compiles for: the host's, with AVX-512 switched off
/// (`-avx512f`, which switches off every AVX-512 extension with it) unless
/// [`FULL_HOST_FEATURES_ENV`] asks for all of them. Still native code for this CPU
/// (AVX2 and the rest stay), and LLVM IR means the same whatever the features; but
/// LLVM 22's x86 back end aborts compiling calls that pass `<1 x i1>` vectors in
/// AVX-512 mask registers (`docs/findings/llvm22-avx512-i1-vector-call.md`), which
/// cost every such module a dead worker and left it unchecked.
pub fn jit_cpu_features() -> String {
    let host = TargetMachine::get_host_cpu_features()
        .to_string_lossy()
        .into_owned();
    if jit_uses_avx512() || !host.split(',').any(|f| f == "+avx512f") {
        host
    } else {
        format!("{host},-avx512f")
    }
}

fn host_target_machine(opt: OptimizationLevel) -> Result<TargetMachine, crate::JitError> {
    use crate::JitError::Target as E;
    Target::initialize_native(&InitializationConfig::default()).map_err(E)?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| E(e.to_string()))?;
    target
        .create_target_machine(
            &triple,
            &TargetMachine::get_host_cpu_name().to_string(),
            &jit_cpu_features(),
            opt,
            RelocMode::PIC,
            CodeModel::Small,
        )
        .ok_or_else(|| E("cannot create a target machine for the host".to_string()))
}

fn opt_level(n: u8) -> OptimizationLevel {
    match n {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// Hands `args` to LLVM's command-line parser (options are process-wide; a later
/// value of the same option wins).
fn parse_llvm_args(args: &[&str]) {
    let owned: Vec<std::ffi::CString> = std::iter::once("stdlower")
        .chain(args.iter().copied())
        .filter_map(|a| std::ffi::CString::new(a).ok())
        .collect();
    let ptrs: Vec<*const libc::c_char> = owned.iter().map(|a| a.as_ptr()).collect();
    // SAFETY: `ptrs` points at NUL-terminated strings that outlive the call; LLVM copies
    // what it keeps.
    unsafe {
        inkwell::llvm_sys::support::LLVMParseCommandLineOptions(
            ptrs.len() as i32,
            ptrs.as_ptr(),
            c"stdlower".as_ptr(),
        )
    };
}

/// For experiments: `STDLOWER_JIT_LLVM_ARGS` (unset by default) is handed to LLVM's
/// command-line parser once per process, e.g. `-pass-remarks-missed=sdagisel` (why
/// FastISel gave a block to SelectionDAG).
fn llvm_args_from_env() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Ok(args) = std::env::var("STDLOWER_JIT_LLVM_ARGS") {
            parse_llvm_args(&args.split_whitespace().collect::<Vec<_>>());
        }
    });
}

/// Turns SelectionDAG's combiner off for code generation at O0 and back on above it.
/// At O0 the combiner only tidies the DAGs of the blocks FastISel hands over (the
/// generated programs' odd-width integers, `half`, aggregates, vectors), and was ~18 %
/// of the instructions a checked case executes (`docs/jit-cost.md`); the code is as
/// correct without it. The switch is process-wide: a compilation above O0 running on
/// another thread at the moment an O0 one turns it off is compiled without the
/// combiner (still correct, less optimized). `STDLOWER_JIT_DAG_COMBINE=1` keeps it on.
fn dag_combiner_for(opt_level: u8) {
    static KEEP: OnceLock<bool> = OnceLock::new();
    static OFF: Mutex<Option<bool>> = Mutex::new(None);
    let keep = *KEEP.get_or_init(|| {
        std::env::var("STDLOWER_JIT_DAG_COMBINE").is_ok_and(|v| !v.is_empty() && v != "0")
    });
    let off = opt_level == 0 && !keep;
    let mut state = OFF.lock().unwrap_or_else(|e| e.into_inner());
    if *state != Some(off) {
        parse_llvm_args(&[if off {
            "-combiner-disabled=true"
        } else {
            "-combiner-disabled=false"
        }]);
        *state = Some(off);
    }
}

impl Jit {
    pub fn new() -> Result<Jit, crate::JitError> {
        llvm_args_from_env();
        Ok(Jit {
            orcs: [None, None, None, None],
            ctx: OrcContext::new(),
            tm: host_target_machine(OptimizationLevel::Default)?,
            modules_in_ctx: 0,
        })
    }

    /// The LLJIT of code generation level `opt`, (re)created when needed: on first use
    /// and when a registered external changed its address.
    pub(crate) fn orc(&mut self, opt: u8, lowered: &Module) -> Result<&Orc, crate::JitError> {
        let i = opt.min(3) as usize;
        let ext: Vec<(String, usize)> = {
            let t = externals().lock().unwrap_or_else(|e| e.into_inner());
            lowered
                .funcs
                .iter()
                .filter(|f| f.body.is_none())
                .filter_map(|f| t.get(&f.name).map(|&a| (f.name.clone(), a)))
                .collect()
        };
        if let Some(o) = &self.orcs[i] {
            if ext.iter().any(|(n, a)| o.conflicts(n, *a)) {
                self.orcs[i] = None;
            }
        }
        if self.orcs[i].is_none() {
            let tm = host_target_machine(opt_level(opt))?;
            if opt == 0 {
                // SAFETY: sets a code generation option of a live target machine.
                unsafe {
                    inkwell::llvm_sys::target_machine::LLVMSetTargetMachineFastISel(
                        tm.as_mut_ptr(),
                        1,
                    )
                };
            }
            let fixed = [
                ("malloc", tracked_malloc as *const () as usize),
                ("aligned_alloc", tracked_aligned_alloc as *const () as usize),
                ("free", tracked_free as *const () as usize),
            ];
            self.orcs[i] = Some(Orc::new(tm, &fixed)?);
        }
        let o = self.orcs[i]
            .as_mut()
            .ok_or_else(|| crate::JitError::Emit("no JIT".into()))?;
        for (n, a) in &ext {
            o.define(n, *a)?;
        }
        Ok(o)
    }

    /// Lowers `std_module` and runs `entry` (see [`run_in_process`]).
    pub fn run(
        &mut self,
        std_module: &Module,
        entry: &str,
        args: &[RtValue],
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        self.run_with(std_module, entry, args, None, opts)
    }

    /// [`Jit::run`] of a call that may go through a `_mlir_ciface_` wrapper: then
    /// `c_interface` is the interface the caller expects of it.
    pub fn run_with(
        &mut self,
        std_module: &Module,
        entry: &str,
        args: &[RtValue],
        c_interface: Option<CInterface>,
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        let mut sig = entry_sig(std_module, entry)?;
        sig.c_interface = c_interface;
        let lowered = crate::lowering::lower(std_module, opts)?;
        self.run_lowered(&lowered, entry, &sig, args, opts)
    }

    /// Makes all `calls` in one compilation of the already lowered module, in order,
    /// handing each answer to `answer(i, result)` as soon as it is known (see
    /// [`Jit::run_lowered`] for one call). A call that cannot be prepared fails alone;
    /// a module that does not translate or compile is every call's error.
    pub fn run_lowered_calls(
        &mut self,
        lowered: &Module,
        calls: &[Call<'_>],
        opts: &RunOptions,
        answer: &mut dyn FnMut(usize, Result<Vec<RtValue>, RunError>),
    ) {
        self.run_calls_in(lowered, None, calls, opts, answer)
    }

    /// Translates an already lowered module and runs `entry`, whose Standard-dialect
    /// signature `sig` says how the arguments and results are converted.
    pub fn run_lowered(
        &mut self,
        lowered: &Module,
        entry: &str,
        sig: &EntrySig,
        args: &[RtValue],
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        self.run_one(lowered, None, Call { entry, sig, args }, opts)
    }

    /// Runs `entry` of LLVM IR produced elsewhere (upstream MLIR's lowering of the same
    /// Standard module) with the calling convention of [`Jit::run_lowered`]. `lowered`
    /// is our lowering of that module: it names the externals to bind and the functions
    /// whose addresses function-typed values map to; the code run is `ir`'s.
    pub fn run_ir(
        &mut self,
        ir: &str,
        lowered: &Module,
        entry: &str,
        sig: &EntrySig,
        args: &[RtValue],
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        self.run_one(lowered, Some(ir), Call { entry, sig, args }, opts)
    }

    /// One call: [`Jit::run_calls_in`] with a batch of one.
    fn run_one(
        &mut self,
        lowered: &Module,
        ir: Option<&str>,
        call: Call<'_>,
        opts: &RunOptions,
    ) -> Result<Vec<RtValue>, RunError> {
        let mut out = err("the call was not made");
        self.run_calls_in(lowered, ir, &[call], opts, &mut |_, r| out = r);
        out
    }

    /// Counts `n` more modules against the LLVM context, which is replaced first when
    /// it has served [`CONTEXT_REUSE`] modules.
    pub(crate) fn renew_context(&mut self, n: usize) {
        if self.modules_in_ctx >= CONTEXT_REUSE {
            self.ctx = OrcContext::new();
            self.modules_in_ctx = 0;
        }
        self.modules_in_ctx += n;
    }

    /// Makes `calls` in one compilation of `lowered` (or of `ir`, see [`Jit::run_ir`]):
    /// renews the LLVM context every [`CONTEXT_REUSE`] modules, binds the externals,
    /// then [`run_calls`]; frees what the calls left allocated.
    pub(crate) fn run_calls_in(
        &mut self,
        lowered: &Module,
        ir: Option<&str>,
        calls: &[Call<'_>],
        opts: &RunOptions,
        answer: &mut dyn FnMut(usize, Result<Vec<RtValue>, RunError>),
    ) {
        self.renew_context(1);
        let ready = self.orc(opts.opt_level, lowered).map(|_| ());
        match (ready, self.orcs[opts.opt_level.min(3) as usize].as_ref()) {
            (Ok(()), Some(orc)) => {
                run_calls(&self.ctx, orc, &self.tm, lowered, ir, calls, opts, answer)
            }
            (Err(e), _) => (0..calls.len()).for_each(|i| answer(i, err(e.to_string()))),
            (Ok(()), None) => (0..calls.len()).for_each(|i| answer(i, err("no JIT"))),
        }
        // Each call's blocks were checked and freed after it (run_calls).
        free_all_live();
    }
}

/// Parses LLVM IR text into `ctx`, with LLVM's own message on a syntax error.
fn parse_ir<'ctx>(ctx: &'ctx Context, ir: &str) -> Result<LlvmModule<'ctx>, RunError> {
    let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(
        ir.as_bytes(),
        "upstream.ll",
    );
    ctx.create_module_from_ir(buf)
        .map_err(|e| RunError::Error(format!("LLVM IR does not parse: {e}")))
}

/// Whether LLVM 22 parses the LLVM IR text `ir` (its message when not): the JIT's own
/// reading of IR made elsewhere ([`Jit::run_ir`]), asked before a run.
pub fn ir_parses(ir: &str) -> Result<(), String> {
    let ctx = Context::create();
    parse_ir(&ctx, ir).map(drop).map_err(|e| e.to_string())
}

thread_local! {
    static THREAD_JIT: RefCell<Option<Jit>> = const { RefCell::new(None) };
}

/// Runs `entry` of a Standard module in this process: lowers it, translates the LLVM
/// dialect to LLVM IR, JIT-compiles it and calls it. Arguments must match the entry's
/// parameter types; results come back in the entry's result types. Crashes of the
/// generated code are not contained and the timeout is not enforced (see
/// [`crate::worker`]).
pub fn run_in_process(
    std_module: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &RunOptions,
) -> Result<Vec<RtValue>, RunError> {
    with_thread_jit(|j| j.run(std_module, entry, args, opts))
}

/// [`run_in_process`] of a call that may go through a `_mlir_ciface_` wrapper, with
/// the C interface the caller expects of it (see [`Jit::run_with`]).
pub fn run_in_process_with(
    std_module: &Module,
    entry: &str,
    args: &[RtValue],
    c_interface: Option<CInterface>,
    opts: &RunOptions,
) -> Result<Vec<RtValue>, RunError> {
    with_thread_jit(|j| j.run_with(std_module, entry, args, c_interface, opts))
}

/// Like [`run_in_process`] for a module that is already in the LLVM dialect.
pub fn run_lowered_in_process(
    lowered: &Module,
    entry: &str,
    sig: &EntrySig,
    args: &[RtValue],
    opts: &RunOptions,
) -> Result<Vec<RtValue>, RunError> {
    with_thread_jit(|j| j.run_lowered(lowered, entry, sig, args, opts))
}

/// Like [`Jit::run_lowered_calls`] on this thread's JIT (no isolation, no timeout):
/// every call's answer, in order.
pub fn run_lowered_calls_in_process(
    lowered: &Module,
    calls: &[Call<'_>],
    opts: &RunOptions,
) -> Vec<Result<Vec<RtValue>, RunError>> {
    let mut out: Vec<Result<Vec<RtValue>, RunError>> =
        vec![err("the call was not made"); calls.len()];
    let r = with_thread_jit(|j| {
        j.run_lowered_calls(lowered, calls, opts, &mut |i, r| out[i] = r);
        Ok(())
    });
    if let Err(e) = r {
        out.iter_mut().for_each(|o| *o = Err(e.clone()));
    }
    out
}

/// Like [`Jit::run_lowered_multi`] on this thread's JIT (no isolation, no timeout):
/// every call's answer, item by item, and the number of LLVM modules compiled.
pub fn run_lowered_multi_in_process(
    items: &[crate::MultiItem<'_>],
) -> (Vec<Vec<CallResult>>, usize) {
    let mut out: Vec<Vec<CallResult>> = items
        .iter()
        .map(|it| vec![err("the call was not made"); it.calls.len()])
        .collect();
    let mut compiled = 0;
    let r = with_thread_jit(|j| {
        compiled = j.run_lowered_multi(items, &mut |k, i, r| out[k][i] = r);
        Ok(())
    });
    if let Err(e) = r {
        out.iter_mut().flatten().for_each(|o| *o = Err(e.clone()));
    }
    (out, compiled)
}

/// Like [`Jit::run_ir`] on this thread's JIT (no isolation, no timeout).
pub fn run_ir_in_process(
    ir: &str,
    lowered: &Module,
    entry: &str,
    sig: &EntrySig,
    args: &[RtValue],
    opts: &RunOptions,
) -> Result<Vec<RtValue>, RunError> {
    with_thread_jit(|j| j.run_ir(ir, lowered, entry, sig, args, opts))
}

fn with_thread_jit<R>(f: impl FnOnce(&mut Jit) -> Result<R, RunError>) -> Result<R, RunError> {
    THREAD_JIT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(Jit::new().map_err(|e| RunError::Error(e.to_string()))?);
        }
        match slot.as_mut() {
            Some(j) => f(j),
            None => err("no JIT"),
        }
    })
}

fn float_width<'ctx>(ctx: &'ctx Context, t: BasicTypeEnum<'ctx>) -> u32 {
    match t {
        BasicTypeEnum::FloatType(f) if f == ctx.f16_type() || f == ctx.bf16_type() => 16,
        BasicTypeEnum::FloatType(f) if f == ctx.f32_type() => 32,
        BasicTypeEnum::FloatType(f) if f == ctx.f64_type() => 64,
        _ => 128,
    }
}

fn e<T>(r: Result<T, inkwell::builder::BuilderError>) -> Result<T, TranslateError> {
    r.map_err(|e| TranslateError(e.to_string()))
}

/// Builds, into the block `bb` of the thunk `thunk` (`void thunk(ptr args, ptr
/// results, i64 which)`), the call of `target` ending in `ret void`; allocas go through
/// `allocas` (at the end of the entry block, so they stay static).
/// With `c_interface`, `target` is a C wrapper and the leaves, the call and the
/// result follow that expected interface, not `target`'s own type (see [`ciface_call`]).
fn build_thunk<'ctx>(
    ctx: &'ctx Context,
    thunk: FunctionValue<'ctx>,
    allocas: &inkwell::builder::Builder<'ctx>,
    bb: inkwell::basic_block::BasicBlock<'ctx>,
    target: FunctionValue<'ctx>,
    c_interface: Option<&CInterface>,
) -> Result<(usize, usize), TranslateError> {
    let i128t = ctx.i128_type();
    let i64t = ctx.i64_type();
    let i32t = ctx.i32_type();
    let b = ctx.create_builder();
    b.position_at_end(bb);
    let args_ptr = thunk
        .get_nth_param(0)
        .ok_or("thunk parameter")?
        .into_pointer_value();
    let res_ptr = thunk
        .get_nth_param(1)
        .ok_or("thunk parameter")?
        .into_pointer_value();
    let mut slot = 0usize;

    // Loads leaf `slot` as type `t`.
    let load_leaf = |slot: usize,
                     t: BasicTypeEnum<'ctx>|
     -> Result<BasicValueEnum<'ctx>, TranslateError> {
        // SAFETY: a GEP over i128 slots of the args buffer; in bounds by construction
        // (Rust allocates one slot per leaf).
        let p =
            unsafe { e(b.build_gep(i128t, args_ptr, &[i64t.const_int(slot as u64, false)], ""))? };
        // Leaves of at most 64 bits are read as the slot's low i64, which keeps the
        // thunk free of i128 arithmetic (and so within FastISel at O0).
        let wide = matches!(t, BasicTypeEnum::IntType(it) if it.get_bit_width() > 64);
        let raw = if wide {
            e(b.build_load(i128t, p, ""))?.into_int_value()
        } else {
            e(b.build_load(i64t, p, ""))?.into_int_value()
        };
        let rw = raw.get_type().get_bit_width();
        Ok(match t {
            BasicTypeEnum::IntType(it) => {
                let w = it.get_bit_width();
                if w == rw {
                    raw.into()
                } else if w < rw {
                    e(b.build_int_truncate(raw, it, ""))?.into()
                } else {
                    e(b.build_int_s_extend(raw, it, ""))?.into()
                }
            }
            BasicTypeEnum::FloatType(ft) => {
                let w = float_width(ctx, t);
                let iw = ctx.custom_width_int_type(std::num::NonZeroU32::new(w).ok_or("w")?)?;
                let bits = if w == rw {
                    raw
                } else if w < rw {
                    e(b.build_int_truncate(raw, iw, ""))?
                } else {
                    e(b.build_int_z_extend(raw, iw, ""))?
                };
                e(b.build_bit_cast(bits, ft, ""))?
            }
            BasicTypeEnum::PointerType(pt) => e(b.build_int_to_ptr(raw, pt, ""))?.into(),
            _ => return Err("unsupported leaf type".into()),
        })
    };

    fn build_value<'ctx>(
        b: &inkwell::builder::Builder<'ctx>,
        i32t: inkwell::types::IntType<'ctx>,
        t: BasicTypeEnum<'ctx>,
        slot: &mut usize,
        load: &dyn Fn(usize, BasicTypeEnum<'ctx>) -> Result<BasicValueEnum<'ctx>, TranslateError>,
    ) -> Result<BasicValueEnum<'ctx>, TranslateError> {
        Ok(match t {
            BasicTypeEnum::StructType(s) => {
                let mut agg = s.get_undef();
                for (i, f) in s.get_field_types().into_iter().enumerate() {
                    let v = build_value(b, i32t, f, slot, load)?;
                    agg = e(b.build_insert_value(agg, v, i as u32, ""))?.into_struct_value();
                }
                agg.into()
            }
            BasicTypeEnum::ArrayType(a) => {
                let mut agg = a.get_undef();
                for i in 0..a.len() {
                    let v = build_value(b, i32t, a.get_element_type(), slot, load)?;
                    agg = e(b.build_insert_value(agg, v, i, ""))?.into_array_value();
                }
                agg.into()
            }
            BasicTypeEnum::VectorType(vt) => {
                let mut vec = vt.get_undef();
                for i in 0..vt.get_size() {
                    let v = load(*slot, vt.get_element_type())?;
                    *slot += 1;
                    vec = e(b.build_insert_element(vec, v, i32t.const_int(i as u64, false), ""))?;
                }
                vec.into()
            }
            t => {
                let v = load(*slot, t)?;
                *slot += 1;
                v
            }
        })
    }

    let result = match c_interface {
        None => {
            let mut call_args: Vec<BasicMetadataValueEnum> = Vec::new();
            for p in target.get_type().get_param_types() {
                let pt: BasicTypeEnum = p.try_into().map_err(|_| "non-value parameter type")?;
                call_args.push(build_value(&b, i32t, pt, &mut slot, &load_leaf)?.into());
            }
            e(b.build_direct_call(target, &call_args, ""))?
                .try_as_basic_value()
                .basic()
        }
        Some(c) => {
            let mut build =
                |t: BasicTypeEnum<'ctx>| build_value(&b, i32t, t, &mut slot, &load_leaf);
            ciface_call(ctx, &b, allocas, target, c, &mut build)?
        }
    };
    let n_args = slot;
    let mut out = 0usize;
    if let Some(rv) = result {
        // Store every leaf of the result.
        fn store_value<'ctx>(
            ctx: &'ctx Context,
            b: &inkwell::builder::Builder<'ctx>,
            res_ptr: inkwell::values::PointerValue<'ctx>,
            v: BasicValueEnum<'ctx>,
            slot: &mut usize,
        ) -> Result<(), TranslateError> {
            let i128t = ctx.i128_type();
            let i64t = ctx.i64_type();
            let i32t = ctx.i32_type();
            match v {
                BasicValueEnum::StructValue(s) => {
                    for i in 0..s.get_type().count_fields() {
                        let f = e(b.build_extract_value(s, i, ""))?;
                        store_value(ctx, b, res_ptr, f, slot)?;
                    }
                }
                BasicValueEnum::ArrayValue(a) => {
                    for i in 0..a.get_type().len() {
                        let f = e(b.build_extract_value(a, i, ""))?;
                        store_value(ctx, b, res_ptr, f, slot)?;
                    }
                }
                BasicValueEnum::VectorValue(vv) => {
                    for i in 0..vv.get_type().get_size() {
                        let f =
                            e(b.build_extract_element(vv, i32t.const_int(i as u64, false), ""))?;
                        store_value(ctx, b, res_ptr, f, slot)?;
                    }
                }
                leaf => {
                    // Leaves of at most 64 bits are stored as an i64 in the slot's low
                    // half (sign-extended ints, zero-extended float bits, addresses).
                    let wide = match leaf {
                        BasicValueEnum::IntValue(i) => {
                            let w = i.get_type().get_bit_width();
                            let to = if w > 64 { i128t } else { i64t };
                            if w == to.get_bit_width() {
                                i
                            } else if w < to.get_bit_width() {
                                e(b.build_int_s_extend(i, to, ""))?
                            } else {
                                e(b.build_int_truncate(i, to, ""))?
                            }
                        }
                        BasicValueEnum::FloatValue(f) => {
                            let w = float_width(ctx, f.get_type().into());
                            let iw = ctx
                                .custom_width_int_type(std::num::NonZeroU32::new(w).ok_or("w")?)?;
                            let bits = e(b.build_bit_cast(f, iw, ""))?.into_int_value();
                            if w == 64 || w == 128 {
                                bits
                            } else {
                                e(b.build_int_z_extend(bits, i64t, ""))?
                            }
                        }
                        BasicValueEnum::PointerValue(p) => e(b.build_ptr_to_int(p, i64t, ""))?,
                        _ => return Err("unsupported result leaf".into()),
                    };
                    // SAFETY: in bounds of the results buffer (one slot per leaf).
                    let p = unsafe {
                        e(b.build_gep(i128t, res_ptr, &[i64t.const_int(*slot as u64, false)], ""))?
                    };
                    e(b.build_store(p, wide))?;
                    *slot += 1;
                }
            }
            Ok(())
        }
        store_value(ctx, &b, res_ptr, rv, &mut out)?;
    }
    e(b.build_return(None))?;
    Ok((n_args, out))
}

/// The LLVM type of an expected C-interface type (pointers are opaque, in their
/// address space).
fn abi_basic<'ctx>(ctx: &'ctx Context, t: &AbiType) -> Result<BasicTypeEnum<'ctx>, TranslateError> {
    use inkwell::types::BasicType;
    let int = |w: u32| -> Result<_, TranslateError> {
        let nz = std::num::NonZeroU32::new(w).ok_or("integer type of width 0")?;
        Ok(ctx.custom_width_int_type(nz)?)
    };
    let len = |n: u64| u32::try_from(n).map_err(|_| format!("{t} is too long"));
    Ok(match t {
        AbiType::Int(w) => int(*w)?.into(),
        AbiType::Half => ctx.f16_type().into(),
        AbiType::BFloat => ctx.bf16_type().into(),
        AbiType::Float => ctx.f32_type().into(),
        AbiType::Double => ctx.f64_type().into(),
        AbiType::Vector(n, el) => match abi_basic(ctx, el)? {
            BasicTypeEnum::IntType(i) => i.vec_type(len(*n)?).into(),
            BasicTypeEnum::FloatType(f) => f.vec_type(len(*n)?).into(),
            BasicTypeEnum::PointerType(p) => p.vec_type(len(*n)?).into(),
            _ => return Err(TranslateError(format!("unsupported vector {t}"))),
        },
        AbiType::Array(n, el) => abi_basic(ctx, el)?.array_type(len(*n)?).into(),
        AbiType::Struct(fs) => {
            let fs = fs
                .iter()
                .map(|f| abi_basic(ctx, f))
                .collect::<Result<Vec<_>, _>>()?;
            ctx.struct_type(&fs, false).into()
        }
        AbiType::Ptr { space, .. } => ctx
            .ptr_type(AddressSpace::try_from(*space).map_err(|_| format!("address space {space}"))?)
            .into(),
        AbiType::Void | AbiType::Func { .. } => {
            return Err(TranslateError(format!("{t} is not a value type")))
        }
    })
}

/// Calls the C wrapper `w` the way C calls a function of the expected interface `c`,
/// whatever `w`'s own type says: each argument is built from the thunk's leaves by
/// `build` as the type `c` gives it (a memref as its descriptor struct, stored in a
/// stack slot and passed by pointer; unranked: the `{i64, ptr}` struct), aggregate
/// results come back through a slot passed as the first argument when `c` says so,
/// and the call goes through `w`'s address with `c`'s function type. A wrapper of
/// another type is then called with the wrong ABI, which shows in the results, as it
/// would in C. Returns the results as one value of `c.results`' type.
fn ciface_call<'ctx>(
    ctx: &'ctx Context,
    b: &inkwell::builder::Builder<'ctx>,
    allocas: &inkwell::builder::Builder<'ctx>,
    w: FunctionValue<'ctx>,
    c: &CInterface,
    build: &mut dyn FnMut(BasicTypeEnum<'ctx>) -> Result<BasicValueEnum<'ctx>, TranslateError>,
) -> Result<Option<BasicValueEnum<'ctx>>, TranslateError> {
    use inkwell::types::BasicType;
    let in_space = |p: inkwell::values::PointerValue<'ctx>, space: u32| {
        if space == 0 {
            return Ok(p);
        }
        let to = ctx
            .ptr_type(AddressSpace::try_from(space).map_err(|_| format!("address space {space}"))?);
        e(b.build_address_space_cast(p, to, ""))
    };
    let mut c_args: Vec<BasicMetadataValueEnum> = Vec::new();
    let res_slot = match c.results_by_pointer {
        Some(space) => {
            let rt = abi_basic(ctx, &c.results)?;
            let s = e(allocas.build_alloca(rt, "result"))?;
            c_args.push(in_space(s, space)?.into());
            Some((s, rt))
        }
        None => None,
    };
    for p in &c.params {
        match p {
            CParam::Value(t) => c_args.push(build(abi_basic(ctx, t)?)?.into()),
            CParam::Descriptor { space, desc } => {
                let st = abi_basic(ctx, desc)?;
                let v = build(st)?;
                let slot = e(allocas.build_alloca(st, "desc"))?;
                e(b.build_store(slot, v))?;
                c_args.push(in_space(slot, *space)?.into());
            }
        }
    }
    let AbiType::Func { result, params } = c.fn_type() else {
        return Err("a C interface without a function type".into());
    };
    let params = params
        .iter()
        .map(|p| abi_basic(ctx, p).map(Into::into))
        .collect::<Result<Vec<inkwell::types::BasicMetadataTypeEnum>, _>>()?;
    let fty = match *result {
        AbiType::Void => ctx.void_type().fn_type(&params, false),
        ref r => abi_basic(ctx, r)?.fn_type(&params, false),
    };
    let callee = w.as_global_value().as_pointer_value();
    let call = e(b.build_indirect_call(fty, callee, &c_args, ""))?;
    Ok(match res_slot {
        Some((s, rt)) => Some(e(b.build_load(rt, s, ""))?),
        None => call.try_as_basic_value().basic(),
    })
}

/// Host-side memory layout facts, from LLVM's data layout.
pub(crate) struct Layout<'a, 'ctx> {
    pub(crate) ctx: &'ctx Context,
    pub(crate) td: &'a TargetData,
    pub(crate) index_bits: u32,
    /// Memrefs cross the entry as bare pointers ([`RunOptions::use_bare_ptr_memref_call_conv`]).
    pub(crate) bare_ptr: bool,
}

impl<'a, 'ctx> Layout<'a, 'ctx> {
    fn llvm(&self, t: &Type) -> Result<BasicTypeEnum<'ctx>, RunError> {
        let t = if *t == Type::Index {
            Type::Int(self.index_bits)
        } else {
            t.clone()
        };
        Ok(basic_type(self.ctx, &t)?)
    }
    /// Bytes between consecutive memref elements of type `t`.
    fn elem_size(&self, t: &Type) -> Result<usize, RunError> {
        Ok(self.td.get_abi_size(&self.llvm(t)?) as usize)
    }
    fn bits_of(&self, t: &Type) -> Result<u32, RunError> {
        match t {
            Type::Index => Ok(self.index_bits),
            t => t
                .bit_width()
                .ok_or_else(|| RunError::Error(format!("unsupported memref element {t}"))),
        }
    }
}

fn mask_bits(v: u128, w: u32) -> u128 {
    if w >= 128 {
        v
    } else {
        v & ((1u128 << w) - 1)
    }
}

fn sext(v: u128, w: u32) -> i128 {
    converter::ir::sign_extend(v as i128, w.min(128))
}

/// Writes `bits` (its low `w` bits) at bit offset `off` of `buf`.
fn put_bits(buf: &mut [u8], off: usize, w: u32, bits: u128) {
    for i in 0..w as usize {
        let bit = ((bits >> i) & 1) as u8;
        let at = off + i;
        buf[at / 8] = (buf[at / 8] & !(1 << (at % 8))) | (bit << (at % 8));
    }
}

fn get_bits(buf: &[u8], off: usize, w: u32) -> u128 {
    let mut v = 0u128;
    for i in 0..w as usize {
        let at = off + i;
        v |= (((buf[at / 8] >> (at % 8)) & 1) as u128) << i;
    }
    v
}

fn scalar_bits(v: &RtValue, w: u32, t: &Type) -> Result<u128, RunError> {
    match v {
        RtValue::Int(x) if t.is_int_or_index() => Ok(mask_bits(*x as u128, w)),
        RtValue::Float(b) if t.is_float() => Ok(mask_bits(*b as u128, w)),
        _ => err(format!("value {v:?} does not fit type {t}")),
    }
}

fn scalar_value(bits: u128, w: u32, t: &Type) -> RtValue {
    if t.is_float() {
        RtValue::Float(mask_bits(bits, w) as u64)
    } else {
        RtValue::Int(sext(bits, w))
    }
}

/// Encodes one memref element into `size` bytes.
fn encode_elem(lay: &Layout, t: &Type, v: &RtValue, out: &mut [u8]) -> Result<(), RunError> {
    match t {
        Type::Vector(vt) => {
            let RtValue::Vector(elems) = v else {
                return err(format!("expected a vector value for {t}"));
            };
            if elems.len() as u64 != vt.num_elements() {
                return err(format!(
                    "vector value has {} elements, {t} needs {}",
                    elems.len(),
                    vt.num_elements()
                ));
            }
            let w = lay.bits_of(&vt.elem)?;
            let inner = *vt.shape.last().unwrap_or(&1) as usize;
            let row_ty = Type::vector(vec![inner as u64], vt.elem.clone());
            let row_size = lay.elem_size(&row_ty)?;
            for (r, chunk) in elems.chunks(inner.max(1)).enumerate() {
                let row = out
                    .get_mut(r * row_size..(r + 1) * row_size)
                    .ok_or_else(|| RunError::Error("vector layout".into()))?;
                for (i, e) in chunk.iter().enumerate() {
                    put_bits(row, i * w as usize, w, scalar_bits(e, w, &vt.elem)?);
                }
            }
            Ok(())
        }
        t => {
            let w = lay.bits_of(t)?;
            put_bits(out, 0, w, scalar_bits(v, w, t)?);
            Ok(())
        }
    }
}

fn decode_elem(lay: &Layout, t: &Type, buf: &[u8]) -> Result<RtValue, RunError> {
    match t {
        Type::Vector(vt) => {
            let w = lay.bits_of(&vt.elem)?;
            let inner = *vt.shape.last().unwrap_or(&1) as usize;
            let row_ty = Type::vector(vec![inner as u64], vt.elem.clone());
            let row_size = lay.elem_size(&row_ty)?;
            let rows = vt.num_elements() as usize / inner.max(1);
            let mut elems = Vec::new();
            for r in 0..rows {
                let row = &buf[r * row_size..(r + 1) * row_size];
                for i in 0..inner {
                    elems.push(scalar_value(get_bits(row, i * w as usize, w), w, &vt.elem));
                }
            }
            Ok(RtValue::Vector(elems))
        }
        t => {
            let w = lay.bits_of(t)?;
            Ok(scalar_value(get_bits(buf, 0, w), w, t))
        }
    }
}

/// Leaves of one argument of Standard type `t`.
fn arg_leaves(
    lay: &Layout,
    t: &Type,
    v: &RtValue,
    funcs: &HashMap<String, usize>,
    out: &mut Vec<u128>,
) -> Result<(), RunError> {
    match (t, v) {
        (Type::Int(_) | Type::Index, RtValue::Int(x)) => out.push(*x as u128),
        (Type::F16 | Type::F32 | Type::F64 | Type::BF16, RtValue::Float(b)) => out.push(*b as u128),
        (Type::Vector(vt), RtValue::Vector(es)) => {
            if es.len() as u64 != vt.num_elements() {
                return err(format!(
                    "vector argument has {} elements, {t} needs {}",
                    es.len(),
                    vt.num_elements()
                ));
            }
            for e in es {
                arg_leaves(lay, &vt.elem, e, funcs, out)?;
            }
        }
        (Type::Function(_), RtValue::Func(name)) => {
            let a = funcs
                .get(name)
                .ok_or_else(|| RunError::Error(format!("no function @{name} to pass")))?;
            out.push(*a as u128);
        }
        (Type::MemRef(m), RtValue::MemRef { shape, elems }) => {
            if shape.len() != m.rank() {
                return err(format!("memref argument of rank {} for {t}", shape.len()));
            }
            for (i, (got, want)) in shape.iter().zip(&m.shape).enumerate() {
                if let Some(w) = want {
                    if got != w {
                        return err(format!("dimension {i} is {got}, {t} needs {w}"));
                    }
                }
            }
            let ((alloc, ptr), offset, strides) = fill_buffer(
                lay,
                &m.elem,
                (m.strided_form(), !m.has_identity_layout()),
                !lay.bare_ptr,
                shape,
                elems,
            )?;
            if lay.bare_ptr {
                // The callee rebuilds the descriptor from the type's static offset
                // and strides, which `fill_buffer` obeyed.
                out.push(ptr as u128);
                return Ok(());
            }
            out.push(alloc as u128);
            out.push(ptr as u128);
            out.push(offset as u128);
            out.extend(shape.iter().map(|&s| s as u128));
            out.extend(strides.iter().map(|&s| s as i128 as u128));
        }
        (Type::UnrankedMemRef(e, _), RtValue::MemRef { shape, elems }) => {
            let ((alloc, ptr), offset, strides) =
                fill_buffer(lay, e, (None, false), true, shape, elems)?;
            let ib = (lay.index_bits / 8) as usize;
            let rank = shape.len();
            let desc_size = 16 + ib * (1 + 2 * rank);
            let d = alloc_buffer(desc_size)?;
            // SAFETY: `d` has `desc_size` bytes; fields are written unaligned.
            unsafe {
                let put = |off: usize, v: i64| {
                    if ib == 8 {
                        (d.add(off) as *mut i64).write_unaligned(v)
                    } else {
                        (d.add(off) as *mut i32).write_unaligned(v as i32)
                    }
                };
                (d as *mut usize).write_unaligned(alloc as usize);
                (d.add(8) as *mut usize).write_unaligned(ptr as usize);
                put(16, offset);
                for (i, &s) in shape.iter().enumerate() {
                    put(16 + ib * (1 + i), s as i64);
                }
                for (i, &s) in strides.iter().enumerate() {
                    put(16 + ib * (1 + rank + i), s);
                }
            }
            out.push(rank as u128);
            out.push(d as usize as u128);
        }
        _ => return err(format!("argument {v:?} does not match parameter type {t}")),
    }
    Ok(())
}

/// Leaves of argument `k`, a view of an earlier memref argument's buffer (see
/// `converter::arg_view`): the base's pointer with the view's offset, sizes and
/// strides, or the pointer alone under the bare pointer convention (the callee takes
/// the type's static offset, which is the view's).
fn view_leaves(
    lay: &Layout,
    types: &[Type],
    args: &[RtValue],
    bufs: &[Option<(u128, u128)>],
    k: usize,
    out: &mut Vec<u128>,
) -> Result<(), RunError> {
    let (j, view) = converter::arg_view::resolve(types, args, k).map_err(RunError::Error)?;
    let (alloc, ptr) = bufs
        .get(j)
        .copied()
        .flatten()
        .ok_or_else(|| RunError::Error(format!("argument {j} has no buffer")))?;
    if lay.bare_ptr {
        out.push(ptr);
        return Ok(());
    }
    out.push(alloc);
    out.push(ptr);
    out.push(view.offset as i128 as u128);
    out.extend(view.sizes.iter().map(|&s| s as u128));
    out.extend(view.strides.iter().map(|&s| s as i128 as u128));
    Ok(())
}

/// Allocates and fills a buffer for a memref argument; returns ((allocated pointer,
/// aligned pointer), offset, strides). With `pad`, the aligned pointer lies 64 bytes
/// (filled with 0xA5, never the view's) past the allocated one, as a realigning `alloc` leaves
/// them: a lowering that reads through the allocated pointer reads other elements, and
/// one that frees the aligned pointer frees no allocation's start.
/// Static offset and strides of `layout` are obeyed; with `spread` (an explicit strided
/// layout), a dynamic offset is nonzero and each dynamic stride is one more than the
/// extent of the dimensions inside it, so the view is neither at the buffer's start
/// nor contiguous and code that ignores the offset or confuses strides reads wrong
/// elements. Otherwise the view is row-major from offset 0.
fn fill_buffer(
    lay: &Layout,
    elem: &Type,
    (layout, spread): (Option<converter::ir::StridedLayout>, bool),
    pad: bool,
    shape: &[u64],
    elems: &[RtValue],
) -> Result<(ArgBuffer, i64, Vec<i64>), RunError> {
    let n: u64 = shape
        .iter()
        .try_fold(1u64, |a, &d| a.checked_mul(d))
        .filter(|&n| n <= MAX_ELEMS)
        .ok_or_else(|| RunError::Error("memref argument is too large".into()))?;
    if n != elems.len() as u64 {
        return err(format!(
            "memref argument has {} elements, its shape needs {n}",
            elems.len()
        ));
    }
    // Row-major (or spread) strides, unless the type fixes them statically.
    let fixed = |i: usize| {
        layout
            .as_ref()
            .and_then(|l| l.strides.get(i).copied().flatten())
    };
    let mut strides = vec![1i64; shape.len()];
    let mut run = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i] = match fixed(i) {
            Some(s) => s,
            None if spread => run.saturating_add(1),
            None => run,
        };
        run = run.max(
            strides[i]
                .saturating_abs()
                .saturating_mul(shape[i].max(1) as i64),
        );
    }
    let offset = match layout.as_ref().map(|l| l.offset) {
        Some(Some(o)) if o < 0 => return err("negative static offset"),
        Some(Some(o)) => o,
        Some(None) if spread => 1 + (elems.len() % 5) as i64,
        _ => 0,
    };
    // The buffer covers every element address the view reaches, whatever the signs of
    // the strides; the offset must leave room below it for the negative ones.
    let (low, high) = converter::value::reach(offset, &shape_i64(shape), &strides);
    if low < 0 {
        return err(format!(
            "memref argument layout reaches {} elements before its buffer",
            -low
        ));
    }
    let span = if n > 0 {
        high as u64 + 1
    } else {
        offset as u64
    };
    if span > MAX_ELEMS * 4 {
        return err("memref argument layout is too large");
    }
    let es = lay.elem_size(elem)?;
    let pad = if pad { ARG_PAD } else { 0 };
    let alloc = alloc_buffer(pad + span as usize * es)?;
    // SAFETY: `alloc` has `pad + span * es` zeroed bytes; the pad is filled with a
    // pattern no element is likely to hold, so reads through the allocated pointer show.
    let p = unsafe {
        std::ptr::write_bytes(alloc, 0xA5, pad);
        alloc.add(pad)
    };
    // SAFETY: `p` has `span * es` zeroed bytes.
    let buf = unsafe { std::slice::from_raw_parts_mut(p, span as usize * es) };
    let sizes: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    for (e, lin) in elems
        .iter()
        .zip(converter::value::RowMajor::new(offset, &sizes, &strides))
    {
        let at = lin as usize * es;
        encode_elem(lay, elem, e, &mut buf[at..at + es])?;
    }
    Ok(((alloc, p), offset, strides))
}

/// A memref argument's allocated and aligned pointers.
type ArgBuffer = (*mut u8, *mut u8);

/// The bytes between a memref argument's allocated and aligned pointers (the
/// alignment of its buffer, so the aligned one stays 64-byte aligned).
const ARG_PAD: usize = 64;

fn shape_i64(shape: &[u64]) -> Vec<i64> {
    shape.iter().map(|&d| d as i64).collect()
}

/// Reads the view of a memref (aligned pointer, offset, sizes, strides) row-major.
fn read_view(
    lay: &Layout,
    elem: &Type,
    aligned: usize,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
) -> Result<RtValue, RunError> {
    if sizes.iter().any(|&s| s < 0) {
        return err(format!("memref result has negative sizes {sizes:?}"));
    }
    let n = sizes
        .iter()
        .try_fold(1u64, |a, &d| a.checked_mul(d as u64))
        .filter(|&n| n <= MAX_ELEMS)
        .ok_or_else(|| RunError::Error("memref result is too large to read".into()))?;
    let es = lay.elem_size(elem)?;
    let mut elems = Vec::with_capacity(n as usize);
    for lin in converter::value::RowMajor::new(offset, sizes, strides) {
        let addr = (aligned as i64).wrapping_add(lin.wrapping_mul(es as i64)) as usize;
        if addr == 0 {
            return err("memref result has a null pointer");
        }
        // SAFETY: the generated code says `es` bytes live at `addr`; if it lies, this
        // read faults, which the isolated worker reports as a crash.
        let bytes = unsafe { std::slice::from_raw_parts(addr as *const u8, es) };
        elems.push(decode_elem(lay, elem, bytes)?);
    }
    Ok(RtValue::MemRef {
        shape: sizes.iter().map(|&s| s as u64).collect(),
        elems,
    })
}

/// The slots (leaves) a result of Standard type `t` takes: a memref's descriptor
/// fields, or with `bare` its one pointer.
fn result_slots(t: &Type, bare: bool) -> usize {
    match t {
        Type::Vector(vt) => vt.num_elements() as usize * result_slots(&vt.elem, bare),
        Type::MemRef(_) if bare => 1,
        Type::MemRef(m) => 3 + 2 * m.rank(),
        Type::UnrankedMemRef(..) => 2,
        _ => 1,
    }
}

/// Decodes one result of Standard type `t` from the leaf stream.
fn result_value(
    lay: &Layout,
    t: &Type,
    leaves: &mut std::slice::Iter<'_, u128>,
    names: &HashMap<usize, String>,
) -> Result<RtValue, RunError> {
    let mut next = || {
        leaves.next().copied().ok_or_else(|| {
            RunError::Error("the lowered signature has fewer results than expected".into())
        })
    };
    Ok(match t {
        // Slots of leaves up to 64 bits hold an i64 in their low half.
        Type::Int(w) if *w > 64 => RtValue::Int(next()? as i128),
        Type::Int(_) | Type::Index => RtValue::Int(next()? as u64 as i64 as i128),
        Type::F16 | Type::BF16 => RtValue::Float(mask_bits(next()?, 16) as u64),
        Type::F32 => RtValue::Float(mask_bits(next()?, 32) as u64),
        Type::F64 => RtValue::Float(next()? as u64),
        Type::Vector(vt) => {
            let mut es = Vec::new();
            for _ in 0..vt.num_elements() {
                es.push(result_value(lay, &vt.elem, leaves, names)?);
            }
            RtValue::Vector(es)
        }
        Type::Function(_) => {
            let a = next()? as usize;
            match names.get(&a) {
                Some(n) => RtValue::Func(n.clone()),
                None => {
                    return err(format!(
                        "function result {a:#x} is not a function of the module"
                    ))
                }
            }
        }
        Type::MemRef(m) if lay.bare_ptr => {
            let aligned = next()? as usize;
            let layout = m.strided_form();
            let offset = layout.as_ref().and_then(|l| l.offset).unwrap_or(0);
            let sizes: Vec<i64> = m.shape.iter().map(|d| d.unwrap_or(0) as i64).collect();
            let strides: Vec<i64> = (0..m.rank())
                .map(|i| {
                    layout
                        .as_ref()
                        .and_then(|l| l.strides.get(i).copied().flatten())
                        .unwrap_or(1)
                })
                .collect();
            read_view(lay, &m.elem, aligned, offset, &sizes, &strides)?
        }
        Type::MemRef(m) => {
            let _alloc = next()?;
            let aligned = next()? as usize;
            let offset = next()? as i64;
            let mut sizes = Vec::new();
            for _ in 0..m.rank() {
                sizes.push(next()? as i64);
            }
            let mut strides = Vec::new();
            for _ in 0..m.rank() {
                strides.push(next()? as i64);
            }
            read_view(lay, &m.elem, aligned, offset, &sizes, &strides)?
        }
        Type::UnrankedMemRef(e, _) => {
            let rank = next()? as i64;
            let d = next()? as usize;
            if !(0..=64).contains(&rank) || d == 0 {
                return err(format!("unranked memref result with rank {rank} at {d:#x}"));
            }
            let rank = rank as usize;
            let ib = (lay.index_bits / 8) as usize;
            // SAFETY: the descriptor the generated code returned; see read_view.
            let get = |off: usize| unsafe {
                if ib == 8 {
                    ((d + off) as *const i64).read_unaligned()
                } else {
                    ((d + off) as *const i32).read_unaligned() as i64
                }
            };
            // SAFETY: as above.
            let aligned = unsafe { ((d + 8) as *const usize).read_unaligned() };
            let offset = get(16);
            let sizes: Vec<i64> = (0..rank).map(|i| get(16 + ib * (1 + i))).collect();
            let strides: Vec<i64> = (0..rank).map(|i| get(16 + ib * (1 + rank + i))).collect();
            let v = read_view(lay, e, aligned, offset, &sizes, &strides)?;
            // The descriptor is the caller's to free (the unranked return protocol);
            // free it as a C caller would, when it is a heap block.
            if LIVE.with(|l| l.borrow().contains_key(&d)) {
                tracked_free(d as *mut libc::c_void);
            }
            v
        }
        t => return err(format!("cannot return a value of type {t}")),
    })
}

/// One call of a batch: an entry (a function of the module, or `_mlir_ciface_f` for
/// `f` called through its C wrapper), its Standard signature and its arguments.
#[derive(Clone, Copy, Debug)]
pub struct Call<'a> {
    pub entry: &'a str,
    pub sig: &'a EntrySig,
    pub args: &'a [RtValue],
}

/// Builds the block of `call` into the thunk; returns its slot counts. On an error
/// the half-built block is removed again, so the thunk stays valid.
fn prepare_call<'ctx>(
    ctx: &'ctx Context,
    module: &LlvmModule<'ctx>,
    thunk: FunctionValue<'ctx>,
    allocas: &inkwell::builder::Builder<'ctx>,
    call: &Call<'_>,
) -> Result<(usize, usize, inkwell::basic_block::BasicBlock<'ctx>), RunError> {
    let Call { entry, sig, args } = *call;
    if args.len() != sig.inputs.len() {
        return err(format!(
            "@{entry} takes {} arguments, {} given",
            sig.inputs.len(),
            args.len()
        ));
    }
    let defined = |name: &str| {
        module
            .get_function(name)
            .filter(|f| f.count_basic_blocks() > 0)
            .ok_or_else(|| RunError::Error(format!("no function @{name} in the lowered module")))
    };
    let target = defined(entry)?;
    // Through a C wrapper, the call is shaped by the caller's expectation alone.
    let wrapped = entry
        .strip_prefix(CIFACE_PREFIX)
        .is_some_and(|n| module.get_function(n).is_some());
    if wrapped && sig.c_interface.is_none() {
        return err(format!(
            "a call through @{entry} needs the C interface the caller expects of it"
        ));
    }
    let bb = ctx.append_basic_block(thunk, "call");
    match build_thunk(ctx, thunk, allocas, bb, target, sig.c_interface.as_ref()) {
        Ok((n_args, n_res)) => Ok((n_args, n_res, bb)),
        Err(e) => {
            // SAFETY: nothing branches to the half-built block yet.
            let _ = unsafe { bb.delete() };
            Err(e.into())
        }
    }
}

/// A call's argument and result slot counts, or why it cannot be made.
type Prepared = Result<(usize, usize), RunError>;

/// Builds the thunk [`THUNK_NAME`], `void (ptr args, ptr results, i64 which)`: one
/// block per call that could be prepared, chosen by a switch on `which` (one function
/// for all the calls, since code generation costs per function). Returns each call's
/// slot counts (or why it cannot be made).
pub(crate) fn build_dispatch<'ctx>(
    ctx: &'ctx Context,
    module: &LlvmModule<'ctx>,
    calls: &[Call<'_>],
) -> Result<Vec<Prepared>, RunError> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i64t = ctx.i64_type();
    let fty = ctx
        .void_type()
        .fn_type(&[ptr.into(), ptr.into(), i64t.into()], false);
    let thunk = module.add_function(THUNK_NAME, fty, None);
    let entry = ctx.append_basic_block(thunk, "entry");
    let allocas = ctx.create_builder();
    allocas.position_at_end(entry);
    let mut cases = Vec::new();
    let prepared = calls
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (n_args, n_res, bb) = prepare_call(ctx, module, thunk, &allocas, c)?;
            cases.push((i64t.const_int(i as u64, false), bb));
            Ok((n_args, n_res))
        })
        .collect();
    let none = ctx.append_basic_block(thunk, "none");
    let b = ctx.create_builder();
    b.position_at_end(none);
    let bad = |e: inkwell::builder::BuilderError| RunError::Error(e.to_string());
    b.build_return(None).map_err(bad)?;
    let which = thunk
        .get_nth_param(2)
        .ok_or(RunError::Error("thunk parameter".into()))?
        .into_int_value();
    // A chain of compares rather than a `switch`, which FastISel does not select (the
    // block would go to SelectionDAG, a fixed cost of every module).
    let mut at = entry;
    for (k, (i, bb)) in cases.iter().enumerate() {
        let next = if k + 1 == cases.len() {
            none
        } else {
            ctx.insert_basic_block_after(at, "next")
        };
        b.position_at_end(at);
        let is = b
            .build_int_compare(inkwell::IntPredicate::EQ, which, *i, "")
            .map_err(bad)?;
        b.build_conditional_branch(is, *bb, next).map_err(bad)?;
        at = next;
    }
    if cases.is_empty() {
        b.position_at_end(entry);
        b.build_unconditional_branch(none).map_err(bad)?;
    }
    Ok(prepared)
}

/// Translates (or parses, with `ir`) the module once, builds one thunk per call into
/// it, compiles it once and makes the calls in order, handing each answer to
/// `answer(i, result)` as soon as it is known (the isolated worker sends it on at
/// once, so a later crash still leaves the earlier answers). A call that cannot be
/// prepared (unknown entry, wrong arguments) fails alone; a failure of the module
/// (translation, verification, compilation) is every call's answer. Memory the
/// generated code and the arguments took is freed after each call, so calls do not see
/// each other's allocations.
#[allow(clippy::too_many_arguments)]
fn run_calls(
    octx: &OrcContext,
    orc: &Orc,
    tm: &TargetMachine,
    lowered: &Module,
    ir: Option<&str>,
    calls: &[Call<'_>],
    opts: &RunOptions,
    answer: &mut dyn FnMut(usize, Result<Vec<RtValue>, RunError>),
) {
    let ctx = octx.context();
    let stage = || -> Result<_, RunError> {
        let module = match ir {
            Some(text) => parse_ir(ctx, text)?,
            None => translate_module(ctx, lowered, "stdlower")
                .map_err(|e| RunError::Error(e.to_string()))?,
        };
        let prepared = build_dispatch(ctx, &module, calls)?;
        // A translated module was verified by `translate_module`; of it, only the
        // thunk just added is new. IR from elsewhere is verified whole.
        let checked = if ir.is_some() {
            Checked::Module
        } else {
            Checked::Thunk
        };
        Ok((prepared, compile(octx, orc, tm, module, checked, opts)?))
    };
    let (prepared, loaded) = match stage() {
        Ok(x) => x,
        Err(e) => {
            for i in 0..calls.len() {
                answer(i, Err(e.clone()));
            }
            return;
        }
    };
    let needs_fn_addrs = calls.iter().any(|c| {
        c.sig
            .inputs
            .iter()
            .chain(&c.sig.results)
            .any(|t| matches!(t, Type::Function(_)))
    });
    let mut funcs = HashMap::new();
    let mut names = HashMap::new();
    if needs_fn_addrs {
        for f in lowered.funcs.iter().filter(|f| f.body.is_some()) {
            if let Ok(a) = loaded.lookup(&f.name) {
                funcs.insert(f.name.clone(), a);
                names.insert(a, f.name.clone());
            }
        }
    }
    let td = TargetData::create(orc.data_layout());
    let lay = Layout {
        ctx,
        td: &td,
        index_bits: opts.index_bitwidth,
        bare_ptr: opts.use_bare_ptr_memref_call_conv,
    };
    let addr = loaded
        .lookup(THUNK_NAME)
        .map_err(|e| RunError::Error(format!("JIT compilation failed: {e}")));
    for (i, (call, slots)) in calls.iter().zip(prepared).enumerate() {
        let r = slots.and_then(|(n_args, n_res)| {
            let addr = addr.clone()?;
            take_heap_blocks();
            call_thunk(&lay, addr, i, call, n_args, n_res, &funcs, &names)
        });
        let overflow = free_all_live();
        answer(i, unless_overflowed(r, overflow));
    }
    drop(loaded);
}

/// What of a module [`compile`] runs LLVM's verifier on.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Checked {
    /// All of it (IR that no verifier has seen).
    Module,
    /// Only the thunk (the rest was verified by [`translate_module`]).
    Thunk,
    /// Nothing: every function was verified before the modules were linked
    /// ([`crate::multi`]).
    Already,
}

/// The alignment the JIT gives every dynamic alloca (one outside the entry block, or
/// with a count that is not a constant): that of the widest vector register, AVX-512's
/// 64 bytes. LLVM 22's x86 back end moves the stack pointer by a multiple of 16 bytes
/// for a dynamic alloca, yet stores the outgoing arguments of a later call that passes
/// 32- or 64-byte aligned vectors with aligned moves relative to it, which faults
/// (`docs/findings/llvm22-o0-dynamic-alloca-vector-args.md`). An over-aligned alloca
/// realigns the stack pointer; a stricter alignment never changes what a program means.
/// Only the JIT does this: the LLVM dialect we print and `stdlower translate` keep the
/// lowering's own alignments.
const DYNAMIC_ALLOCA_ALIGN: u32 = 64;

fn align_dynamic_allocas(module: &LlvmModule<'_>) -> Result<(), RunError> {
    use inkwell::values::InstructionOpcode;
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        for (i, bb) in func.get_basic_blocks().into_iter().enumerate() {
            let mut next = bb.get_first_instruction();
            while let Some(inst) = next {
                next = inst.get_next_instruction();
                if inst.get_opcode() != InstructionOpcode::Alloca {
                    continue;
                }
                let constant_count = inst
                    .get_operand(0)
                    .and_then(|o| o.value())
                    .is_some_and(|c| c.is_int_value() && c.into_int_value().is_const());
                let dynamic = i > 0 || !constant_count;
                if dynamic && inst.get_alignment().unwrap_or(0) < DYNAMIC_ALLOCA_ALIGN {
                    inst.set_alignment(DYNAMIC_ALLOCA_ALIGN)
                        .map_err(|e| RunError::Error(format!("cannot align an alloca: {e}")))?;
                }
            }
        }
    }
    Ok(())
}

/// Verifies (what `checked` says), optimizes (above O0) and hands the module to the
/// JIT, after checking that every external it calls can be bound.
pub(crate) fn compile<'o, 'ctx>(
    octx: &'ctx OrcContext,
    orc: &'o Orc,
    tm: &TargetMachine,
    module: LlvmModule<'ctx>,
    checked: Checked,
    opts: &RunOptions,
) -> Result<crate::orc::Loaded<'o>, RunError> {
    match checked {
        Checked::Already => {}
        Checked::Module => crate::translate::verify(&module)?,
        Checked::Thunk => {
            let thunk = module
                .get_function(THUNK_NAME)
                .ok_or_else(|| RunError::Error("no entry thunk".into()))?;
            if !thunk.verify(false) {
                return err(format!(
                    "LLVM verifier rejected the entry thunk @{THUNK_NAME}"
                ));
            }
        }
    }
    align_dynamic_allocas(&module)?;
    dag_combiner_for(opts.opt_level);
    let td = TargetData::create(orc.data_layout());
    module.set_triple(&TargetTriple::create(orc.triple()));
    module.set_data_layout(&td.get_data_layout());
    let pipeline = match (opts.opt_level, std::env::var("STDLOWER_JIT_O0_PASSES")) {
        (0, Ok(p)) if !p.is_empty() => Some(p),
        (0, _) => None,
        (l, _) => Some(format!("default<O{}>", l.min(3))),
    };
    if let Some(p) = pipeline {
        module
            .run_passes(&p, tm, PassBuilderOptions::create())
            .map_err(|e| RunError::Error(format!("optimization failed: {e}")))?;
    }
    // Name unresolvable externals here, with a clearer message than the JIT's.
    {
        let ext = externals().lock().unwrap_or_else(|e| e.into_inner());
        let mut f = module.get_first_function();
        while let Some(func) = f {
            f = func.get_next_function();
            let name = func.get_name().to_string_lossy().into_owned();
            if func.count_basic_blocks() > 0
                || name.starts_with("llvm.")
                || matches!(name.as_str(), "malloc" | "aligned_alloc" | "free")
                || ext.contains_key(&name)
                || func
                    .as_global_value()
                    .as_pointer_value()
                    .get_first_use()
                    .is_none()
            {
                continue;
            }
            let c = std::ffi::CString::new(name.as_str())
                .map_err(|_| RunError::Error(format!("bad symbol name {name:?}")))?;
            // SAFETY: dlsym with a NUL-terminated name only looks the symbol up.
            let a = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c.as_ptr()) };
            if a.is_null() {
                return err(format!(
                    "external function @{name} is neither registered nor found in the process"
                ));
            }
        }
    }
    Ok(orc.add(octx, module)?)
}

/// Calls the compiled thunk at `addr` with `call`'s arguments and reads its results.
#[allow(clippy::too_many_arguments)]
pub(crate) fn call_thunk(
    lay: &Layout<'_, '_>,
    addr: usize,
    which: usize,
    call: &Call<'_>,
    n_arg_slots: usize,
    n_res_slots: usize,
    funcs: &HashMap<String, usize>,
    names: &HashMap<usize, String>,
) -> Result<Vec<RtValue>, RunError> {
    let Call { entry, sig, args } = *call;
    let mut arg_buf: Vec<u128> = Vec::new();
    // The buffer of each ranked memref argument, for the views of it that follow.
    let mut bufs: Vec<Option<(u128, u128)>> = vec![None; args.len()];
    for (k, (t, v)) in sig.inputs.iter().zip(args).enumerate() {
        if matches!(v, RtValue::View(_)) {
            view_leaves(lay, &sig.inputs, args, &bufs, k, &mut arg_buf)?;
            continue;
        }
        let start = arg_buf.len();
        arg_leaves(lay, t, v, funcs, &mut arg_buf)?;
        if matches!(t, Type::MemRef(_)) {
            // (allocated, aligned): one pointer under the bare pointer convention.
            let alloc = arg_buf.get(start).copied();
            let aligned = if lay.bare_ptr {
                alloc
            } else {
                arg_buf.get(start + 1).copied()
            };
            bufs[k] = alloc.zip(aligned);
        }
    }
    if arg_buf.len() != n_arg_slots {
        return err(format!(
            "the arguments flatten to {} values but the lowered @{entry} takes {n_arg_slots}",
            arg_buf.len()
        ));
    }
    let mut res_buf: Vec<u128> = vec![0; n_res_slots.max(1)];
    // In a worker, the call's timeout starts now.
    crate::worker::call_starts();
    // SAFETY: `addr` is the compiled `void thunk(ptr, ptr, i64)`, whose block `which`
    // is this call's; both buffers have one 16-byte slot per leaf that block reads or
    // writes (u128 is 16 bytes).
    unsafe {
        let f: extern "C" fn(*const u128, *mut u128, u64) = std::mem::transmute(addr);
        f(arg_buf.as_ptr(), res_buf.as_mut_ptr(), which as u64);
    }
    // A memref result is its descriptor under either convention (LLVM 11's bare
    // pointer convention covers arguments only); a lowering whose results take fewer
    // slots than descriptors would (MLIR 22's bare pointer results) is read as that.
    let descriptor_slots: usize = sig.results.iter().map(|t| result_slots(t, false)).sum();
    let res_lay = Layout {
        ctx: lay.ctx,
        td: lay.td,
        index_bits: lay.index_bits,
        bare_ptr: lay.bare_ptr
            && n_res_slots != descriptor_slots
            && n_res_slots == sig.results.iter().map(|t| result_slots(t, true)).sum(),
    };
    let mut it = res_buf[..n_res_slots].iter();
    let mut results = Vec::new();
    for t in &sig.results {
        results.push(result_value(&res_lay, t, &mut it, names)?);
    }
    if it.next().is_some() {
        return err("the lowered signature has more results than expected");
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated code's `malloc` is aligned to 16 and never to 32, whatever the heap
    /// did before; a tracked block frees without complaint and leaves no block behind.
    #[test]
    fn malloc_blocks_are_exactly_16_aligned() {
        let blocks: Vec<_> = (0..64).map(|k| tracked_malloc(1 + 7 * k)).collect();
        for &p in &blocks {
            assert_eq!(p as usize % 32, 16, "{p:?}");
        }
        assert_eq!(HEAP_BLOCKS.with(|h| h.get()), 64);
        for p in blocks {
            tracked_free(p);
        }
        assert_eq!(HEAP_BLOCKS.with(|h| h.get()), 0);
        let q = tracked_aligned_alloc(256, 8);
        assert_eq!(q as usize % 256, 0);
        assert_eq!(free_all_live(), None);
    }
}
