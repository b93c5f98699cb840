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
use crate::syntax::{skim_module, FuncBodies};
use crate::verify::{verify_std_func, Symbols};
use std::collections::HashMap;
use std::ops::Range;
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
    src_len: usize,
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
            src_len: src.len(),
        })
    }

    /// The module without its function bodies (for its attributes).
    pub fn headers(&self) -> &Module {
        &self.headers
    }

    /// Lowers the module on `jobs` threads (at least one; the calling thread is one
    /// of them), each taking the next function not yet taken and writing every
    /// function it lowers with `write` into a buffer of its own. `None` on any failure.
    pub fn run(
        self,
        jobs: usize,
        write: impl Fn(&mut String, &Func) + Sync,
    ) -> Option<LoweredText> {
        let symbols = Headers(
            self.headers
                .funcs
                .iter()
                .map(|f| (f.name.as_str(), f))
                .collect(),
        );
        let stream = FuncStream::new(&self.headers, &self.opts)?;
        let n = self.headers.funcs.len();
        let jobs = jobs.clamp(1, n.max(1));
        // The text is about four times the source's size; untouched capacity is free.
        let capacity = self.src_len * 5 / jobs + (1 << 16);
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let work = || -> Option<Share> {
            let mut w = stream.worker();
            let mut r = self.bodies.reader();
            let mut buf = String::with_capacity(capacity);
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || failed.load(Ordering::Relaxed) {
                    break;
                }
                let start = buf.len();
                let lowered = self
                    .bodies
                    .parse_func(&mut r, &self.headers, i)
                    .filter(|f| verify_std_func(&symbols, f).is_ok())
                    .and_then(|f| w.lower(&f, &mut |g| write(&mut buf, g)));
                if lowered.is_none() {
                    failed.store(true, Ordering::Relaxed);
                    return None;
                }
                done.push((i, start..buf.len()));
            }
            Some(Share { w, buf, done })
        };
        let results = if jobs == 1 {
            vec![work()]
        } else {
            std::thread::scope(|s| {
                // As much stack as the main thread has (deeply nested types recurse);
                // a thread the system does not give is one fewer sharing the work.
                let others: Vec<_> = (1..jobs)
                    .filter_map(|_| {
                        std::thread::Builder::new()
                            .stack_size(8 << 20)
                            .spawn_scoped(s, work)
                            .ok()
                    })
                    .collect();
                let mut results = vec![work()];
                for t in others {
                    results.push(t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                }
                results
            })
        };
        let mut text = LoweredText {
            bufs: Vec::with_capacity(results.len() + 1),
            order: vec![(0, 0..0); n + 1],
        };
        let mut workers = Vec::with_capacity(results.len());
        for r in results {
            let Share { w, buf, done } = r?;
            workers.push(w);
            for (i, range) in done {
                text.order[i] = (text.bufs.len(), range);
            }
            text.bufs.push(buf);
        }
        let mut last = String::new();
        stream.finish(workers, &mut |g| write(&mut last, g))?;
        text.order[n] = (text.bufs.len(), 0..last.len());
        text.bufs.push(last);
        Some(text)
    }
}

/// What one thread lowered: its worker, its text, and which function's text is where.
struct Share<'s> {
    w: Worker<'s>,
    buf: String,
    done: Vec<(usize, Range<usize>)>,
}

/// The text of a lowered module, in the buffers of the threads that wrote it.
pub struct LoweredText {
    bufs: Vec<String>,
    /// For each function of the source module, and then for the runtime
    /// declarations: the buffer and range of its text.
    order: Vec<(usize, Range<usize>)>,
}

impl LoweredText {
    /// The pieces of the text, in module order.
    pub fn pieces(&self) -> impl Iterator<Item = &str> {
        self.order
            .iter()
            .map(|(b, r)| self.bufs[*b].get(r.clone()).unwrap_or(""))
    }
}
