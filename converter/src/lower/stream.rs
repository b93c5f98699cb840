//! Lowering a module one function at a time ([`lower_module_each`]): each lowered
//! function is checked by the LLVM-dialect verifier and handed to a sink, then dropped,
//! so the lowered module never exists whole (the memory of one function is reused for
//! the next instead of the whole module being fresh pages). The output is
//! [`lower_module`]'s, function for function.
//!
//! The verifier looks callees up in the module, so the name, type and dialect of every
//! function the lowering will produce are computed first, from the signatures: the
//! lowered functions, their C wrappers, and `malloc` / `free`, which are declared only
//! if some lowering calls them (known at the end). Each produced function must match
//! its precomputed entry, and every entry must be produced.
//!
//! On any failure (a lowering error, a verifier error, a produced function that does
//! not match, a runtime declaration looked up but never needed) the module is lowered
//! again by [`lower_module`], whose diagnostics are returned: the errors are exactly
//! the whole-module lowering's, and the error path costs nothing on success.

use super::{cwrapper, funcs, lower_module, memref, split_body, wants_wrapper, LowerOptions};
use crate::diag::{Diagnostic, Loc};
use crate::ir::{Func, FuncKind, Module, OpKind, Type};
use crate::verify::{verify_llvm_func, Symbols};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Lowers `m` like [`lower_module`], handing each function of the lowered module to
/// `sink` in order, as soon as it is lowered and verified. On `Err`, the functions
/// already handed over are not a module and must be discarded; the diagnostics are
/// those [`lower_module`] returns.
pub fn lower_module_each(
    m: &Module,
    opts: &LowerOptions,
    mut sink: impl FnMut(&Func),
) -> Result<(), Vec<Diagnostic>> {
    if stream(m, opts, &mut sink).is_some() {
        return Ok(());
    }
    match lower_module(m, opts) {
        Err(ds) => Err(ds),
        Ok(_) => Err(vec![Diagnostic::error(
            Loc::UNKNOWN,
            "internal error: lowering one function at a time failed on a module the \
             whole-module lowering accepts",
        )]),
    }
}

/// The functions of the lowered module, known before their bodies are.
struct Signatures {
    funcs: HashMap<String, (Type, FuncKind)>,
    /// Runtime declarations the module will hold only if the lowering needs them,
    /// and whether a check has looked one up.
    pending: Vec<(&'static str, Type, AtomicBool)>,
}

impl Symbols for Signatures {
    fn func_sig(&self, name: &str) -> Option<(&Type, FuncKind)> {
        if let Some((t, k)) = self.funcs.get(name) {
            return Some((t, *k));
        }
        let (_, t, used) = self.pending.iter().find(|(n, _, _)| *n == name)?;
        used.store(true, Ordering::Relaxed);
        Some((t, FuncKind::Llvm))
    }
}

/// The signatures of the lowered module; `None` where the lowering would fail (a
/// signature that does not convert, two functions of one name).
fn signatures(ctx: &funcs::Ctx, m: &Module) -> Option<Signatures> {
    let mut funcs = HashMap::with_capacity(m.funcs.len() * 2);
    let mut add = |name: String, ty: Type| funcs.insert(name, (ty, FuncKind::Llvm)).is_none();
    for f in &m.funcs {
        if f.kind == FuncKind::Llvm {
            if !add(f.name.clone(), f.ty.clone()) {
                return None;
            }
            continue;
        }
        if !add(f.name.clone(), ctx.func_type(f).ok()?) {
            return None;
        }
        if wants_wrapper(&ctx.opts, f) {
            if let Some(w) = cwrapper::wrapper_signature(ctx, f) {
                let (name, ty) = w.ok()?;
                if !add(name, ty) {
                    return None;
                }
            }
        }
    }
    let pending = [
        ("malloc", memref::malloc_type()),
        ("aligned_alloc", memref::aligned_alloc_type()),
        ("free", memref::free_type()),
    ]
    .into_iter()
    .filter(|(n, _)| !funcs.contains_key(*n))
    .map(|(n, t)| (n, t, AtomicBool::new(false)))
    .collect();
    Some(Signatures { funcs, pending })
}

/// The streaming lowering; `None` on any failure.
fn stream(m: &Module, opts: &LowerOptions, sink: &mut impl FnMut(&Func)) -> Option<()> {
    let s = FuncStream::new(m, opts)?;
    let mut w = s.worker();
    for f in &m.funcs {
        w.lower(f, sink)?;
    }
    s.finish([w], sink)
}

/// The lowering of one module, fed one Standard function at a time: [`FuncStream::new`]
/// takes the module's functions without their bodies (the signatures are all the
/// lowered module's symbol table needs); each [`Worker`] lowers, verifies and hands
/// over the functions it is given (several workers may run on threads of their own,
/// each taking a share of the functions); [`FuncStream::finish`] checks that every
/// function was lowered and adds the runtime declarations. Every step returns `None`
/// on any failure, after which what was handed over is not a module and must be
/// discarded.
pub struct FuncStream {
    opts: LowerOptions,
    sigs: Signatures,
}

/// One worker of a [`FuncStream`]: the lowering's state for the functions it lowers.
pub struct Worker<'s> {
    stream: &'s FuncStream,
    ctx: funcs::Ctx,
    produced: usize,
}

impl FuncStream {
    /// A stream for the module whose functions (bodies or not) `headers` holds.
    pub fn new(headers: &Module, opts: &LowerOptions) -> Option<FuncStream> {
        if opts.index_bitwidth != 32 && opts.index_bitwidth != 64 {
            return None;
        }
        let sigs = signatures(&funcs::Ctx::new(opts), headers)?;
        Some(FuncStream {
            opts: opts.clone(),
            sigs,
        })
    }

    /// A worker, to lower some of the module's functions.
    pub fn worker(&self) -> Worker<'_> {
        Worker {
            stream: self,
            ctx: funcs::Ctx::new(&self.opts),
            produced: 0,
        }
    }

    /// After every function went through one of `workers`: checks that every expected
    /// function was produced and hands over the runtime declarations the lowering needs.
    pub fn finish<'s>(
        &'s self,
        workers: impl IntoIterator<Item = Worker<'s>>,
        sink: &mut impl FnMut(&Func),
    ) -> Option<()> {
        let sigs = &self.sigs;
        let (mut produced, mut needs_malloc, mut needs_aligned, mut needs_free) =
            (0, false, false, false);
        for w in workers {
            produced += w.produced;
            needs_malloc |= w.ctx.needs_malloc;
            needs_aligned |= w.ctx.needs_aligned_alloc;
            needs_free |= w.ctx.needs_free;
        }
        if produced != sigs.funcs.len() {
            return None;
        }
        let runtime = [
            ("malloc", memref::malloc_type(), needs_malloc),
            ("aligned_alloc", memref::aligned_alloc_type(), needs_aligned),
            ("free", memref::free_type(), needs_free),
        ];
        for (name, ty, needed) in runtime {
            if let Some((t, _)) = sigs.funcs.get(name) {
                // The module's own function serves, if it has the type the lowering calls.
                if needed && *t != ty {
                    return None;
                }
                continue;
            }
            if !needed {
                let used = sigs
                    .pending
                    .iter()
                    .any(|(n, _, u)| *n == name && u.load(Ordering::Relaxed));
                if used {
                    return None; // checked against a declaration the module will not have
                }
                continue;
            }
            let decl = Func::new_llvm_decl(name, ty);
            verify_llvm_func(sigs, &decl).ok()?;
            sink(&decl);
        }
        Some(())
    }
}

impl Worker<'_> {
    /// Checks a lowered function against its precomputed entry and the LLVM-dialect
    /// verifier, then hands it to `sink`.
    fn emit(&mut self, f: &Func, sink: &mut impl FnMut(&Func)) -> Option<()> {
        let sigs = &self.stream.sigs;
        match sigs.funcs.get(f.name.as_str()) {
            Some((ty, kind)) if *ty == f.ty && *kind == f.kind => {}
            _ => return None,
        }
        self.produced += 1;
        verify_llvm_func(sigs, f).ok()?;
        sink(f);
        Some(())
    }

    /// Lowers one function of the module (with its body, if it has one) and hands the
    /// functions it becomes to `sink`.
    pub fn lower(&mut self, f: &Func, sink: &mut impl FnMut(&Func)) -> Option<()> {
        if f.kind == FuncKind::Llvm {
            let mut c = f.clone();
            if let Some(b) = &mut c.body {
                split_body(b, OpKind::LlvmBr);
            }
            return self.emit(&c, sink);
        }
        let mut lowered = funcs::lower_func(&mut self.ctx, f).ok()?;
        let extra = if wants_wrapper(&self.ctx.opts, f) {
            cwrapper::emit(&self.ctx, f, &mut lowered).ok()?
        } else {
            Vec::new()
        };
        self.emit(&lowered, sink)?;
        for e in &extra {
            self.emit(e, sink)?;
        }
        Some(())
    }
}
