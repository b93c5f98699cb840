//! A long-lived ORC LLJIT (through the LLVM C API, which inkwell does not wrap).
//!
//! One [`Orc`] per code generation level lives as long as its [`crate::Jit`]: the
//! target machine, the execution session and the code-generation setup are built
//! once. Each module is added under its own resource tracker ([`Loaded`]); dropping
//! it removes the module's code and symbols, so the same names (`main`, the thunk)
//! can be defined again by the next module and no code memory accumulates.
//!
//! Symbols: `malloc`/`aligned_alloc`/`free` resolve to the tracking wrappers of
//! [`crate::exec`], names given to [`crate::exec::register_external`] to their
//! addresses, everything else to the symbols of this process (libc, libm, the
//! compiler runtime). An unresolved symbol is an error from the lookup, not an abort.

use inkwell::context::Context;
use inkwell::llvm_sys::error::{LLVMDisposeErrorMessage, LLVMErrorRef, LLVMGetErrorMessage};
use inkwell::llvm_sys::orc2::lljit::*;
use inkwell::llvm_sys::orc2::*;
use inkwell::module::Module as LlvmModule;
use inkwell::targets::TargetMachine;
use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::mem::ManuallyDrop;

/// A failure of the ORC JIT: LLVM's own message, or a name or definition we refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum OrcError {
    /// LLVM's message (creating the JIT, defining, adding, looking up).
    #[error("{0}")]
    Llvm(String),
    #[error("symbol name {0:?} contains NUL")]
    NulInName(String),
    #[error("symbol {0} is already defined differently")]
    Redefined(String),
}

/// Turns an `LLVMErrorRef` into a `Result`, consuming the error.
fn check(e: LLVMErrorRef) -> Result<(), OrcError> {
    if e.is_null() {
        return Ok(());
    }
    // SAFETY: `e` is a live error; LLVMGetErrorMessage consumes it and returns a
    // string we own until LLVMDisposeErrorMessage.
    unsafe {
        let m = LLVMGetErrorMessage(e);
        let s = CStr::from_ptr(m).to_string_lossy().into_owned();
        LLVMDisposeErrorMessage(m);
        Err(OrcError::Llvm(s))
    }
}

fn cstring(s: &str) -> Result<CString, OrcError> {
    CString::new(s).map_err(|_| OrcError::NulInName(s.to_string()))
}

/// An LLVM context owned by an ORC thread-safe context, usable through inkwell.
pub(crate) struct OrcContext {
    ctx: ManuallyDrop<Context>,
    tsc: LLVMOrcThreadSafeContextRef,
}

impl OrcContext {
    pub(crate) fn new() -> OrcContext {
        // SAFETY: a fresh context is handed to a new thread-safe context, which owns
        // it from then on; the inkwell wrapper is never dropped (ManuallyDrop), so
        // the context is disposed exactly once, by the thread-safe context.
        unsafe {
            let raw = inkwell::llvm_sys::core::LLVMContextCreate();
            let tsc = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(raw);
            OrcContext {
                ctx: ManuallyDrop::new(Context::new(raw)),
                tsc,
            }
        }
    }

    pub(crate) fn context(&self) -> &Context {
        &self.ctx
    }
}

impl Drop for OrcContext {
    fn drop(&mut self) {
        // SAFETY: releases our reference; modules added to a JIT hold their own
        // references, so the context lives until the last of them is gone.
        unsafe { LLVMOrcDisposeThreadSafeContext(self.tsc) }
    }
}

/// One LLJIT with its own target machine (hence code generation level).
pub(crate) struct Orc {
    jit: LLVMOrcLLJITRef,
    defined: HashMap<String, usize>,
    data_layout: String,
    triple: String,
}

/// A module added to an [`Orc`]; dropping it removes its code and symbols.
pub(crate) struct Loaded<'a> {
    orc: &'a Orc,
    rt: LLVMOrcResourceTrackerRef,
}

impl Orc {
    /// An LLJIT compiling with `tm` (consumed: its settings, including the code
    /// generation level, are the JIT's).
    pub(crate) fn new(tm: TargetMachine, symbols: &[(&str, usize)]) -> Result<Orc, OrcError> {
        let tm_raw = tm.as_mut_ptr();
        std::mem::forget(tm);
        // SAFETY: ownership of the target machine passes to the JTMB, of the JTMB to
        // the builder, of the builder to LLVMOrcCreateLLJIT (even on failure).
        let jit = unsafe {
            let jtmb = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm_raw);
            let builder = LLVMOrcCreateLLJITBuilder();
            LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
            let mut jit = std::ptr::null_mut();
            check(LLVMOrcCreateLLJIT(&mut jit, builder))?;
            jit
        };
        // SAFETY: `jit` is live; the strings it returns live as long as it does and
        // are copied here.
        let (data_layout, triple) = unsafe {
            (
                CStr::from_ptr(LLVMOrcLLJITGetDataLayoutStr(jit))
                    .to_string_lossy()
                    .into_owned(),
                CStr::from_ptr(LLVMOrcLLJITGetTripleString(jit))
                    .to_string_lossy()
                    .into_owned(),
            )
        };
        let mut orc = Orc {
            jit,
            defined: HashMap::new(),
            data_layout,
            triple,
        };
        // SAFETY: the generator is handed to the main JITDylib, which owns it.
        unsafe {
            let mut gen = std::ptr::null_mut();
            check(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                &mut gen,
                LLVMOrcLLJITGetGlobalPrefix(jit),
                None,
                std::ptr::null_mut(),
            ))?;
            LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(jit), gen);
        }
        for &(name, addr) in symbols {
            orc.define(name, addr)?;
        }
        Ok(orc)
    }

    pub(crate) fn data_layout(&self) -> &str {
        &self.data_layout
    }

    pub(crate) fn triple(&self) -> &str {
        &self.triple
    }

    /// Whether `name` is defined here with an address other than `addr`.
    pub(crate) fn conflicts(&self, name: &str, addr: usize) -> bool {
        self.defined.get(name).is_some_and(|&a| a != addr)
    }

    /// Defines `name` as the absolute address `addr` in the main JITDylib (once).
    pub(crate) fn define(&mut self, name: &str, addr: usize) -> Result<(), OrcError> {
        match self.defined.get(name) {
            Some(&a) if a == addr => return Ok(()),
            Some(_) => return Err(OrcError::Redefined(name.to_string())),
            None => {}
        }
        let c = cstring(name)?;
        // SAFETY: the interned name is retained for the materialization unit, which
        // takes ownership of it; on a failed define the unit is disposed here.
        unsafe {
            let sym = LLVMOrcLLJITMangleAndIntern(self.jit, c.as_ptr());
            let mut pair = LLVMOrcCSymbolMapPair {
                Name: sym,
                Sym: LLVMJITEvaluatedSymbol {
                    Address: addr as u64,
                    Flags: LLVMJITSymbolFlags {
                        GenericFlags: LLVMJITSymbolGenericFlags::LLVMJITSymbolGenericFlagsExported
                            as u8
                            | LLVMJITSymbolGenericFlags::LLVMJITSymbolGenericFlagsCallable as u8,
                        TargetFlags: 0,
                    },
                },
            };
            let mu = LLVMOrcAbsoluteSymbols(&mut pair, 1);
            let jd = LLVMOrcLLJITGetMainJITDylib(self.jit);
            if let Err(e) = check(LLVMOrcJITDylibDefine(jd, mu)) {
                LLVMOrcDisposeMaterializationUnit(mu);
                return Err(e);
            }
        }
        self.defined.insert(name.to_string(), addr);
        Ok(())
    }

    /// Adds a verified module of `ctx`; its code is compiled on the first lookup.
    pub(crate) fn add<'a>(
        &'a self,
        ctx: &OrcContext,
        module: LlvmModule<'_>,
    ) -> Result<Loaded<'a>, OrcError> {
        let m = module.as_mut_ptr();
        // The module now belongs to the JIT: forget the inkwell wrapper (it owns no
        // heap memory of its own besides the module).
        std::mem::forget(module);
        // SAFETY: `m` lives in `ctx`'s context; the thread-safe module takes it, the
        // JIT takes the thread-safe module (also when adding fails).
        unsafe {
            let tsm = LLVMOrcCreateNewThreadSafeModule(m, ctx.tsc);
            let jd = LLVMOrcLLJITGetMainJITDylib(self.jit);
            let rt = LLVMOrcJITDylibCreateResourceTracker(jd);
            let loaded = Loaded { orc: self, rt };
            if let Err(e) = check(LLVMOrcLLJITAddLLVMIRModuleWithRT(self.jit, rt, tsm)) {
                LLVMOrcDisposeThreadSafeModule(tsm);
                return Err(e);
            }
            Ok(loaded)
        }
    }
}

impl Loaded<'_> {
    /// The address of `name`, compiling the module on first use.
    pub(crate) fn lookup(&self, name: &str) -> Result<usize, OrcError> {
        let c = cstring(name)?;
        let mut addr: LLVMOrcExecutorAddress = 0;
        // SAFETY: a lookup in the live JIT with a NUL-terminated name.
        check(unsafe { LLVMOrcLLJITLookup(self.orc.jit, &mut addr, c.as_ptr()) })?;
        Ok(addr as usize)
    }
}

impl Drop for Loaded<'_> {
    fn drop(&mut self) {
        // SAFETY: removes what the tracker owns (code, symbols), then releases it.
        unsafe {
            let _ = check(LLVMOrcResourceTrackerRemove(self.rt));
            LLVMOrcReleaseResourceTracker(self.rt);
        }
    }
}

impl Drop for Orc {
    fn drop(&mut self) {
        // SAFETY: disposes the JIT created in `new`; nothing borrows it any more
        // (`Loaded` borrows `self`).
        let _ = check(unsafe { LLVMOrcDisposeLLJIT(self.jit) });
    }
}
