//! Lowering straight from source text, one function at a time ([`SourceLowering`]):
//! each function is parsed, checked by the Standard verifier, lowered, checked by the
//! LLVM-dialect verifier and handed over, then dropped, so that neither the parsed
//! module nor the lowered one ever exists whole. Functions are independent once the
//! signatures are known, so several threads share the work, like MLIR's pass manager
//! running function passes in parallel. The module's function signatures come first,
//! from a skim of the source ([`crate::syntax::skim_module`]): both verifiers look
//! callees up there.
//!
//! The output is that of parsing and verifying the whole module and then calling
//! [`super::lower_module_each`]. Any failure (a parse, verifier or lowering error, or a
//! module that cannot be read one function at a time) is `None`, without a
//! diagnostic: the caller then takes the whole-module path, whose diagnostics are the
//! reference, so the error path costs nothing on success.

use super::stream::{FuncStream, Worker};
use super::LowerOptions;
use crate::ir::{Func, FuncKind, Module, Type};
use crate::syntax::{skim_module, BodyReader, FuncBodies};
use crate::verify::{verify_std_func, Symbols};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The functions of the source module by name, for the Standard verifier.
struct Headers<'m>(HashMap<&'m str, &'m Func>);

impl Symbols for Headers<'_> {
    fn func_sig(&self, name: &str) -> Option<(&Type, FuncKind)> {
        self.0.get(name).map(|f| (&f.ty, f.kind))
    }
}

/// A module being lowered from its source text, one function at a time.
pub struct SourceLowering<'a> {
    headers: Module,
    bodies: FuncBodies<'a>,
    opts: LowerOptions,
}

impl<'a> SourceLowering<'a> {
    /// Skims the module in `src` (named `file`); `None` where it does not parse or
    /// cannot be read one function at a time.
    pub fn new(file: &str, src: &'a [u8], opts: &LowerOptions) -> Option<SourceLowering<'a>> {
        let (headers, bodies) = skim_module(file, src)?;
        Some(SourceLowering {
            headers,
            bodies,
            opts: opts.clone(),
        })
    }

    /// The module without its function bodies (for its attributes).
    pub fn headers(&self) -> &Module {
        &self.headers
    }

    /// Lowers the module on `jobs` threads (at least one; the calling thread is one
    /// of them), each taking the next function not yet taken: every function of the
    /// lowered module is handed to `sink` with the piece of output of the source
    /// function it comes from (a function and its C wrapper). The pieces come back in
    /// module order, followed by one for the runtime declarations. `None` on any
    /// failure.
    pub fn run<O: Default + Send>(
        self,
        jobs: usize,
        sink: impl Fn(&mut O, &Func) + Sync,
    ) -> Option<Vec<O>> {
        let symbols = Headers(
            self.headers
                .funcs
                .iter()
                .map(|f| (f.name.as_str(), f))
                .collect(),
        );
        let stream = FuncStream::new(&self.headers, &self.opts)?;
        let n = self.headers.funcs.len();
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let one = |w: &mut Worker, r: &mut BodyReader<'a>, i: usize| -> Option<O> {
            let f = self.bodies.parse_func(r, &self.headers, i)?;
            verify_std_func(&symbols, &f).ok()?;
            let mut piece = O::default();
            w.lower(&f, &mut |g| sink(&mut piece, g))?;
            Some(piece)
        };
        let work = || -> Option<(Worker, Vec<(usize, O)>)> {
            let mut w = stream.worker();
            let mut r = self.bodies.reader();
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || failed.load(Ordering::Relaxed) {
                    break;
                }
                let Some(piece) = one(&mut w, &mut r, i) else {
                    failed.store(true, Ordering::Relaxed);
                    return None;
                };
                done.push((i, piece));
            }
            Some((w, done))
        };
        let jobs = jobs.clamp(1, n.max(1));
        let results = if jobs == 1 {
            vec![work()]
        } else {
            std::thread::scope(|s| {
                let others: Vec<_> = (1..jobs).map(|_| s.spawn(work)).collect();
                let mut results = vec![work()];
                for t in others {
                    results.push(t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                }
                results
            })
        };
        let mut pieces: Vec<O> = (0..=n).map(|_| O::default()).collect();
        let mut workers = Vec::with_capacity(results.len());
        for r in results {
            let (w, done) = r?;
            workers.push(w);
            for (i, piece) in done {
                pieces[i] = piece;
            }
        }
        let mut last = O::default();
        stream.finish(workers, &mut |g| sink(&mut last, g))?;
        pieces[n] = last;
        Some(pieces)
    }
}
