//! The Standard -> LLVM dialect lowering (the spec's "Conversion to the LLVM
//! Dialect", rule by rule). `lower_module` splits repeated successors, lowers every
//! function (types, signatures and ops), adds C wrappers where asked, declares the
//! runtime functions the lowered code calls (`malloc`, `free`) and checks the result.
//!
//! One file per concern: `types` (type rules), `descriptor` (every access to memref
//! descriptors), `funcs` (signatures, blocks, dispatch), `calls` (call/return, result
//! packing, unranked lifetimes), `memref`, `arith`, `vector`, `cwrapper`, `successors`, `attrs` (argument, result
//! and call attributes);
//! `emit` builds LLVM ops with the attribute conventions of `ir/ops.rs`; `stream`
//! lowers, checks and hands over one function at a time (`lower_module_each`);
//! `source` does so straight from source text, parsing one function at a time.
//!
//! The lowering is linear in the module size: every op is visited once and emits a
//! number of ops bounded by its operand count and the rank of its memref types.

mod arith;
pub mod attrs;
mod calls;
pub mod cwrapper;
pub mod descriptor;
pub mod emit;
mod funcs;
pub mod hints;
mod memref;
pub mod source;
pub mod stream;
pub mod successors;
pub mod types;
mod vector;

use crate::diag::{Diagnostic, Loc};
use crate::ir::{Func, FuncKind, Module, OpKind, Type};

pub use hints::{lowering_hints, Hints};
pub use source::{LoweredText, SourceLowering};
pub use stream::lower_module_each;
pub use successors::{split_body, split_repeated_successors};
pub use types::TypeConverter;

/// Options of the lowering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerOptions {
    /// The bit width `index` lowers to: 64 or 32.
    pub index_bitwidth: u32,
    /// Emit `_mlir_ciface_` wrappers for every function, not only those carrying
    /// `llvm.emit_c_interface`.
    pub emit_c_interface: bool,
    /// LLVM 11's `use-aligned-alloc`: `alloc` calls `aligned_alloc(alignment, size)`
    /// (size rounded up to a multiple of the alignment) instead of `malloc` plus
    /// realignment; see `memref::alloc`.
    pub use_aligned_alloc: bool,
    /// LLVM 11's `use-bare-ptr-memref-call-conv`: memref arguments with a static shape
    /// and static strides and offset are passed as the bare aligned pointer; any other
    /// memref argument is an error. Results stay descriptors (LLVM 11 applied the
    /// convention to arguments only). No C wrappers are emitted under it
    /// (LLVM 11's bare-pointer function lowering made none).
    pub use_bare_ptr_memref_call_conv: bool,
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions {
            index_bitwidth: 64,
            emit_c_interface: false,
            use_aligned_alloc: false,
            use_bare_ptr_memref_call_conv: false,
        }
    }
}

/// Whether `f` gets a C wrapper under `opts`: asked for by the option or the
/// attribute, and never under the bare pointer calling convention.
pub(crate) fn wants_wrapper(opts: &LowerOptions, f: &Func) -> bool {
    !opts.use_bare_ptr_memref_call_conv && (opts.emit_c_interface || f.has_attr(EMIT_C_INTERFACE))
}

/// The attribute asking for a C wrapper of one function.
pub const EMIT_C_INTERFACE: &str = "llvm.emit_c_interface";

/// Lowers a verified Standard module to a module of `llvm.func`s.
pub fn lower_module(m: &Module, opts: &LowerOptions) -> Result<Module, Vec<Diagnostic>> {
    if opts.index_bitwidth != 32 && opts.index_bitwidth != 64 {
        return Err(vec![Diagnostic::error(
            Loc::UNKNOWN,
            format!(
                "index bit width must be 32 or 64, not {}",
                opts.index_bitwidth
            ),
        )]);
    }
    let mut ctx = funcs::Ctx::new(opts);
    let mut out = Module {
        funcs: Vec::with_capacity(m.funcs.len()),
        file: m.file.clone(),
        source: m.source.clone(),
        attrs: m.attrs.clone(),
        dense_hex_if_larger: None,
    };
    let mut errors = Vec::new();
    for f in &m.funcs {
        if f.kind == FuncKind::Llvm {
            // Standard functions get their repeated successors split while lowered.
            let mut c = f.clone();
            if let Some(b) = &mut c.body {
                split_body(b, OpKind::LlvmBr);
            }
            out.funcs.push(c);
            continue;
        }
        let mut lowered = match funcs::lower_func(&mut ctx, f) {
            Ok(l) => l,
            Err(ds) => {
                errors.extend(ds);
                continue;
            }
        };
        let extra = if wants_wrapper(opts, f) {
            match cwrapper::emit(&ctx, f, &mut lowered) {
                Ok(e) => e,
                Err(d) => {
                    errors.push(d);
                    Vec::new()
                }
            }
        } else {
            Vec::new()
        };
        out.funcs.push(lowered);
        out.funcs.extend(extra);
    }
    if ctx.needs_malloc {
        declare(&mut out, "malloc", memref::malloc_type(), &mut errors);
    }
    if ctx.needs_aligned_alloc {
        declare(
            &mut out,
            "aligned_alloc",
            memref::aligned_alloc_type(),
            &mut errors,
        );
    }
    if ctx.needs_free {
        declare(&mut out, "free", memref::free_type(), &mut errors);
    }
    check_unique_names(&out, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    // The output contract, checked on every lowering: a failure here is a bug of the
    // lowering, reported as an internal error at the offending op.
    if let Err(ds) = crate::verify::verify_llvm_module(&out) {
        return Err(ds
            .into_iter()
            .map(|mut d| {
                d.message = format!(
                    "internal error: the lowered module is invalid: {}",
                    d.message
                );
                d
            })
            .collect());
    }
    Ok(out)
}

/// Declares a runtime function unless the module has one of the same type (an
/// `llvm.func` the module declares itself, which the lowering then calls). One of
/// another type is an error at it, in MLIR 22's words (`mlir-opt --convert-func-to-llvm`
/// says the same of an `llvm.func @malloc(i32) -> !llvm.ptr`).
fn declare(m: &mut Module, name: &str, ty: Type, errors: &mut Vec<Diagnostic>) {
    match m.func(name) {
        Some(f) if f.ty == ty => {}
        Some(f) => errors.push(Diagnostic::error(
            f.loc,
            format!(
                "redefinition of reserved function '{name}' of different type '{}' is prohibited (the lowering calls it as '{}')",
                crate::llvm_print::print_type(&f.ty, crate::llvm_print::Syntax::Modern),
                crate::llvm_print::print_type(&ty, crate::llvm_print::Syntax::Modern)
            ),
        )),
        None => m.funcs.push(Func::new_llvm_decl(name, ty)),
    }
}

/// Reports generated names (C wrappers) that clash with the module's own.
fn check_unique_names(m: &Module, errors: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::with_capacity(m.funcs.len());
    for f in &m.funcs {
        if !seen.insert(f.name.as_str()) {
            errors.push(Diagnostic::error(
                f.loc,
                format!("the lowering produces two functions named '{}'", f.name),
            ));
        }
    }
}

#[cfg(test)]
mod tests;
