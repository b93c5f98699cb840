//! Several modules in one compilation: the fixed cost LLVM charges per module (building
//! the code generation pass manager, the assembly printer's start and finish, one
//! object file to link, one resource tracker) is paid once for a group of modules
//! instead of once each (`docs/jit-cost.md`).
//!
//! Each module is translated and given its dispatch thunk on its own, exactly as
//! [`Jit::run_lowered_calls`] does; then its defined functions are renamed apart (a
//! suffix naming the module's place in the group) and the modules are linked into one.
//! Declarations stay shared by name, so two modules go into one group only when every
//! function both declare is declared identically (type and attributes): a call is then
//! compiled exactly as in a module of its own. A group that fails to link or to compile
//! is compiled again one module at a time, so an error is still the module's own.
//! Calls are made, and answered, in the order of the modules and of their calls.

use crate::exec::{
    build_dispatch, call_thunk, compile, free_all_live, take_heap_blocks, unless_overflowed, Call,
    CallResult, Checked, Jit, Layout, RunError, RunOptions, THUNK_NAME,
};
use crate::translate::translate_module;
use converter::ir::{Module, Type};
use inkwell::module::Module as LlvmModule;
use inkwell::targets::TargetData;
use inkwell::values::AnyValue;
use std::collections::HashMap;

/// One module of a [`Jit::run_lowered_multi`] compilation.
pub struct MultiItem<'a> {
    /// The lowered module.
    pub lowered: &'a Module,
    /// The calls to make of it, in order.
    pub calls: &'a [Call<'a>],
    /// Its options (every item of a compilation has the same `opt_level`).
    pub opts: &'a RunOptions,
}

/// The suffix that renames a defined function of the `k`th module of a group apart
/// from the others' (a byte no symbol of a lowered module holds).
fn renamed(name: &str, k: usize) -> String {
    format!("{name}\u{1}{k}")
}

/// What a module of a group keeps after its translation: its LLVM module (until it is
/// linked), its thunk's new name and the slot counts of its calls.
struct Built<'ctx> {
    module: LlvmModule<'ctx>,
    thunk: String,
    prepared: Vec<Result<(usize, usize), RunError>>,
    /// `name -> printed declaration` of the functions it declares.
    decls: HashMap<String, String>,
}

/// The functions `module` declares, each with its printed declaration (its type and
/// attributes).
fn declarations(module: &LlvmModule<'_>) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        if func.count_basic_blocks() == 0 {
            out.insert(
                func.get_name().to_string_lossy().into_owned(),
                func.print_to_string().to_string(),
            );
        }
    }
    out
}

/// Renames every function `module` defines with [`renamed`].
fn rename_definitions(module: &LlvmModule<'_>, k: usize) {
    let mut f = module.get_first_function();
    while let Some(func) = f {
        f = func.get_next_function();
        if func.count_basic_blocks() > 0 {
            let name = renamed(&func.get_name().to_string_lossy(), k);
            func.as_global_value().set_name(&name);
        }
    }
}

/// Whether a call passes or returns function values, whose addresses the JIT maps to
/// names by looking the module's functions up under their own names.
fn passes_functions(calls: &[Call<'_>]) -> bool {
    calls.iter().any(|c| {
        c.sig
            .inputs
            .iter()
            .chain(&c.sig.results)
            .any(|t| matches!(t, Type::Function(_)))
    })
}

impl Jit {
    /// Makes the calls of every item, in order, compiling modules in groups (see the
    /// module's documentation), and hands each answer to `answer(item, call, result)`
    /// as soon as it is known. What an item's calls get is what
    /// [`Jit::run_lowered_calls`] of that item alone gives them. Returns the number of
    /// LLVM modules compiled (or attempted) for them.
    pub fn run_lowered_multi(
        &mut self,
        items: &[MultiItem<'_>],
        answer: &mut dyn FnMut(usize, usize, CallResult),
    ) -> usize {
        let Some(first) = items.first() else {
            return 0;
        };
        let level = first.opts.opt_level;
        let groupable = |it: &MultiItem<'_>| {
            it.opts.opt_level == level && !passes_functions(it.calls) && !it.calls.is_empty()
        };
        let mut k = 0;
        let mut compiled = 0;
        while k < items.len() {
            if items.len() == 1 || !groupable(&items[k]) {
                k = self.one_by_one(items, k, k + 1, answer);
                compiled += 1;
                continue;
            }
            let mut end = k + 1;
            while end < items.len() && groupable(&items[end]) {
                end += 1;
            }
            let (next, n) = self.run_group(items, k, end, answer);
            k = next;
            compiled += n;
        }
        compiled
    }

    /// Compiles items `start..` (up to `end`, fewer when a module's declarations clash
    /// with the group's) as one module and makes their calls; returns where the next
    /// group starts and the number of modules compiled.
    fn run_group(
        &mut self,
        items: &[MultiItem<'_>],
        start: usize,
        end: usize,
        answer: &mut dyn FnMut(usize, usize, CallResult),
    ) -> (usize, usize) {
        let level = items[start].opts.opt_level;
        self.renew_context(end - start);
        // Every item's externals are bound before anything is compiled.
        for it in &items[start..end] {
            if let Err(e) = self.orc(level, it.lowered) {
                let e = RunError::Error(e.to_string());
                for (k, it) in items.iter().enumerate().take(end).skip(start) {
                    for i in 0..it.calls.len() {
                        answer(k, i, Err(e.clone()));
                    }
                }
                return (end, 0);
            }
        }
        match self.try_group(items, start, end, answer) {
            Ok(stop) => (stop, 1),
            Err(stop) => (
                self.one_by_one(items, start, stop, answer),
                1 + stop - start,
            ),
        }
    }

    /// [`Jit::run_group`] once the externals are bound: `Err(stop)` when the group
    /// `start..stop` failed to link or compile before any of its calls was answered.
    fn try_group(
        &self,
        items: &[MultiItem<'_>],
        start: usize,
        end: usize,
        answer: &mut dyn FnMut(usize, usize, CallResult),
    ) -> Result<usize, usize> {
        let level = items[start].opts.opt_level;
        let ctx = self.ctx.context();
        let mut built: Vec<Result<Built<'_>, RunError>> = Vec::new();
        let mut decls: HashMap<String, String> = HashMap::new();
        let mut stop = end;
        for (k, it) in items.iter().enumerate().take(end).skip(start) {
            let b = build(ctx, it, k);
            if let Ok(b) = &b {
                let clash = b
                    .decls
                    .iter()
                    .any(|(n, d)| decls.get(n).is_some_and(|seen| seen != d));
                if clash {
                    stop = k;
                    break;
                }
                decls.extend(b.decls.iter().map(|(n, d)| (n.clone(), d.clone())));
            }
            built.push(b);
        }
        let Some(merged) = link(&mut built) else {
            // Nothing to compile: every item failed on its own.
            answer_failures(&built, start, items, answer);
            return Ok(stop);
        };
        let orc = self.orcs[level.min(3) as usize].as_ref().ok_or(stop)?;
        let loaded = merged
            .and_then(|m| {
                compile(
                    &self.ctx,
                    orc,
                    &self.tm,
                    m,
                    Checked::Already,
                    items[start].opts,
                )
            })
            .map_err(|_| stop)?;
        let mut thunks = Vec::with_capacity(built.len());
        for b in &built {
            thunks.push(match b {
                Ok(b) => Some(loaded.lookup(&b.thunk).map_err(|_| stop)?),
                Err(_) => None,
            });
        }
        let td = TargetData::create(orc.data_layout());
        let (no_funcs, no_names) = (HashMap::new(), HashMap::new());
        for (j, (b, addr)) in built.iter().zip(thunks).enumerate() {
            let k = start + j;
            let it = &items[k];
            let (b, addr) = match (b, addr) {
                (Ok(b), Some(a)) => (b, a),
                (Err(e), _) => {
                    for i in 0..it.calls.len() {
                        answer(k, i, Err(e.clone()));
                    }
                    continue;
                }
                (Ok(_), None) => continue,
            };
            let lay = Layout {
                ctx,
                td: &td,
                index_bits: it.opts.index_bitwidth,
                bare_ptr: it.opts.use_bare_ptr_memref_call_conv,
            };
            for (i, (call, slots)) in it.calls.iter().zip(&b.prepared).enumerate() {
                let r = slots.clone().and_then(|(n_args, n_res)| {
                    take_heap_blocks();
                    call_thunk(&lay, addr, i, call, n_args, n_res, &no_funcs, &no_names)
                });
                let overflow = free_all_live();
                answer(k, i, unless_overflowed(r, overflow));
            }
        }
        drop(loaded);
        free_all_live();
        Ok(stop)
    }

    /// Items `start..end` compiled one at a time (after their group failed to link or
    /// compile: each one's error is then its own).
    fn one_by_one(
        &mut self,
        items: &[MultiItem<'_>],
        start: usize,
        end: usize,
        answer: &mut dyn FnMut(usize, usize, CallResult),
    ) -> usize {
        for (k, it) in items.iter().enumerate().take(end).skip(start) {
            self.run_calls_in(it.lowered, None, it.calls, it.opts, &mut |i, r| {
                answer(k, i, r)
            });
        }
        end
    }
}

/// Translates item `k` and builds its thunk, verified, with its definitions renamed.
fn build<'ctx>(
    ctx: &'ctx inkwell::context::Context,
    it: &MultiItem<'_>,
    k: usize,
) -> Result<Built<'ctx>, RunError> {
    let module = translate_module(ctx, it.lowered, "stdlower")
        .map_err(|e| RunError::Error(e.to_string()))?;
    let prepared = build_dispatch(ctx, &module, it.calls)?;
    let thunk = module
        .get_function(THUNK_NAME)
        .ok_or_else(|| RunError::Error("no entry thunk".into()))?;
    if !thunk.verify(false) {
        return Err(RunError::Error(format!(
            "LLVM verifier rejected the entry thunk @{THUNK_NAME}"
        )));
    }
    rename_definitions(&module, k);
    let decls = declarations(&module);
    Ok(Built {
        module,
        thunk: renamed(THUNK_NAME, k),
        prepared,
        decls,
    })
}

/// Links the built modules into the first that built, which the result is (so no
/// module without a data layout or triple meets one with them); `None` when none built.
fn link<'ctx>(
    built: &mut [Result<Built<'ctx>, RunError>],
) -> Option<Result<LlvmModule<'ctx>, RunError>> {
    let mut merged: Option<LlvmModule<'ctx>> = None;
    for b in built.iter_mut().flatten() {
        let empty = b.module.get_context().create_module("linked");
        let m = std::mem::replace(&mut b.module, empty);
        match &merged {
            None => merged = Some(m),
            Some(into) => {
                if let Err(e) = into.link_in_module(m) {
                    return Some(Err(RunError::Error(format!(
                        "linking the modules failed: {e}"
                    ))));
                }
            }
        }
    }
    merged.map(Ok)
}

/// Every call of the items that failed to build gets the failure.
fn answer_failures(
    built: &[Result<Built<'_>, RunError>],
    start: usize,
    items: &[MultiItem<'_>],
    answer: &mut dyn FnMut(usize, usize, CallResult),
) {
    for (j, b) in built.iter().enumerate() {
        if let Err(e) = b {
            for i in 0..items[start + j].calls.len() {
                answer(start + j, i, Err(e.clone()));
            }
        }
    }
}
