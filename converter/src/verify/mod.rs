//! The two verifiers: [`verify_module`] checks a Standard-dialect module before it is
//! interpreted or lowered, [`verify_llvm_module`] checks the LLVM dialect the lowering
//! produces and serves as an oracle on every lowered module.
//!
//! Both collect every error they find (never stopping at the first, never panicking)
//! as diagnostics located at the offending operation. The work is split by concern:
//! - [`structure`]: per-function checks shared by both dialects — signatures, block
//!   layout, terminators, successors and their operands;
//! - [`std_ops`]: operand, result and attribute rules of each Standard op, and which
//!   types are well-formed there;
//! - [`llvm_ops`]: the same for LLVM-dialect ops, plus which types may appear there;
//! - [`dominance`]: the control-flow graph, dominator tree and SSA dominance of uses.
//!
//! Choices the LLVM oracle makes where the rules leave room:
//! - a terminator naming one block twice is an error even without operands (the
//!   lowering always splits such edges, so a repeat is a lowering bug);
//! - typed pointers (kept for the legacy printer) must agree with the type loaded,
//!   stored, allocated, indexed or called through them;
//! - `llvm.fcmp` accepts both `false`/`true` and today's `_false`/`_true`;
//! - an `llvm.mlir.constant` with an `index` attribute may have any integer type
//!   (LLVM 11 prints `llvm.mlir.constant(1 : index) : !llvm.i64`).

mod arg_attrs;
mod dominance;
mod llvm_ops;
mod std_ops;
mod structure;
pub use llvm_ops::MAX_ADDR_SPACE;

#[cfg(test)]
mod test_util;
#[cfg(test)]
mod tests_llvm;
#[cfg(test)]
mod tests_std;

use crate::diag::{Diagnostic, Loc};
use crate::ir::{Body, Func, FuncKind, Module, OpData, Type, ValueId};
use std::collections::HashMap;
use std::fmt::Display;

/// Verifies a Standard module: its Standard-dialect functions (those of
/// [`FuncKind::Std`]) by the Standard dialect's rules, and the `llvm.func`s it was given
/// by the LLVM dialect's, except that a terminator may name a block twice (the
/// lowering splits such successors). Returns every error found, in function, block and
/// op order.
pub fn verify_module(m: &Module) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    check_unique_names(m, &mut errs);
    for f in &m.funcs {
        verify_input_func(m, f, &mut errs);
    }
    finish(errs)
}

/// One function of a Standard module, as [`verify_module`] checks it.
fn verify_input_func(symbols: &dyn Symbols, f: &Func, errs: &mut Vec<Diagnostic>) {
    match f.kind {
        FuncKind::Std => structure::verify_func(symbols, f, Dialect::Std, false, false, errs),
        FuncKind::Llvm => structure::verify_func(symbols, f, Dialect::Llvm, true, false, errs),
    }
}

/// Verifies one Standard-dialect function of a module whose functions `symbols`
/// knows: the checks [`verify_module`] makes of each function, so that a module can
/// be checked one function at a time (function names must be unique, which the
/// parser ensures).
pub fn verify_std_func(symbols: &dyn Symbols, f: &Func) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    verify_input_func(symbols, f, &mut errs);
    finish(errs)
}

/// Verifies a lowered module: every function must be an `llvm.func` whose body holds
/// only LLVM-dialect (or unregistered) ops over LLVM-compatible types, with no
/// terminator naming one successor block twice.
pub fn verify_llvm_module(m: &Module) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    check_unique_names(m, &mut errs);
    for f in &m.funcs {
        llvm_func(m, f, false, &mut errs);
    }
    finish(errs)
}

/// Verifies a lowered module whose pointers are opaque: one read back from `mlir-opt`'s
/// printing, where every `!llvm.ptr` parses as a pointer to `i8`. The rules of
/// [`verify_llvm_module`], except that the pointee of a pointer is not compared with
/// the type loaded, stored, allocated, indexed or called through it, that a
/// terminator may name one block twice (MLIR 22 leaves such successors to its
/// translation to LLVM IR, which splits them), and that a `getelementptr` may give a
/// pointer in another address space than its base's (MLIR 22 reads an unranked
/// memref's sizes so, and its translation computes the address in the base's space).
pub fn verify_opaque_llvm_module(m: &Module) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    check_unique_names(m, &mut errs);
    for f in &m.funcs {
        llvm_func(m, f, true, &mut errs);
    }
    finish(errs)
}

/// Verifies one function of a lowered module, whose other functions `symbols` knows
/// (callee and symbol checks look them up there): the checks [`verify_llvm_module`]
/// makes of each function, so that a module can be checked one function at a time.
pub fn verify_llvm_func(symbols: &dyn Symbols, f: &Func) -> Result<(), Vec<Diagnostic>> {
    let mut errs = Vec::new();
    llvm_func(symbols, f, false, &mut errs);
    finish(errs)
}

fn llvm_func(symbols: &dyn Symbols, f: &Func, opaque_ptrs: bool, errs: &mut Vec<Diagnostic>) {
    if f.kind != FuncKind::Llvm {
        errs.push(Diagnostic::error(
            f.loc,
            format!(
                "function @{} is a Standard-dialect function in a lowered module",
                f.name
            ),
        ));
        return;
    }
    structure::verify_func(symbols, f, Dialect::Llvm, opaque_ptrs, opaque_ptrs, errs);
}

/// The functions of a module as the checks of one function see them: by name, their
/// type and dialect.
pub trait Symbols {
    fn func_sig(&self, name: &str) -> Option<(&Type, FuncKind)>;
}

impl Symbols for Module {
    fn func_sig(&self, name: &str) -> Option<(&Type, FuncKind)> {
        self.func(name).map(|f| (&f.ty, f.kind))
    }
}

fn finish(errs: Vec<Diagnostic>) -> Result<(), Vec<Diagnostic>> {
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn check_unique_names(m: &Module, errs: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, Loc> = HashMap::with_capacity(m.funcs.len());
    for f in &m.funcs {
        if let Some(prev) = seen.insert(f.name.as_str(), f.loc) {
            errs.push(
                Diagnostic::error(f.loc, format!("redefinition of function @{}", f.name))
                    .with_note(prev, "previous definition is here"),
            );
            // Keep pointing at the first definition.
            seen.insert(f.name.as_str(), prev);
        }
    }
}

/// Which dialect's rules a function body is checked against.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dialect {
    Std,
    Llvm,
}

/// What the per-op checks of either dialect need: the module's functions (for
/// callees), the function and its body, and the error list.
pub(crate) struct FuncCtx<'a> {
    pub module: &'a dyn Symbols,
    pub func: &'a Func,
    pub body: &'a Body,
    pub errs: &'a mut Vec<Diagnostic>,
    /// Whether a terminator may name a block twice: in an `llvm.func` of a Standard
    /// module, whose repeated successors the lowering splits.
    pub repeated_successors_ok: bool,
    /// Whether pointers are opaque (see [`verify_opaque_llvm_module`]).
    pub opaque_ptrs: bool,
}

impl<'a> FuncCtx<'a> {
    pub fn ty(&self, v: ValueId) -> &'a Type {
        self.body.value_type(v)
    }
    #[cold]
    pub fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        self.errs.push(Diagnostic::error(loc, msg));
    }
}

/// Checks one op: error messages are prefixed with `'name' op`, as MLIR writes them.
pub(crate) struct OpCheck<'c, 'a> {
    pub cx: &'c mut FuncCtx<'a>,
    pub op: &'a OpData,
}

impl<'c, 'a> OpCheck<'c, 'a> {
    #[cold]
    pub fn err(&mut self, msg: impl Display) {
        let text = format!("'{}' op {}", self.op.name(), msg);
        self.cx.error(self.op.loc, text);
    }
    pub fn operand(&self, i: usize) -> Option<&'a Type> {
        self.op.operands.get(i).map(|&v| self.cx.ty(v))
    }
    pub fn result(&self, i: usize) -> Option<&'a Type> {
        self.op.results.get(i).map(|&v| self.cx.ty(v))
    }
    /// Checks the operand and result counts; false (after reporting) when they differ.
    pub fn counts(&mut self, operands: usize, results: usize) -> bool {
        let mut ok = true;
        if self.op.operands.len() != operands {
            self.err(format_args!(
                "expects {} operand{}, found {}",
                operands,
                plural(operands),
                self.op.operands.len()
            ));
            ok = false;
        }
        if self.op.results.len() != results {
            self.err(format_args!(
                "expects {} result{}, found {}",
                results,
                plural(results),
                self.op.results.len()
            ));
            ok = false;
        }
        ok
    }
    /// Checks the result count only.
    pub fn result_count(&mut self, results: usize) -> bool {
        if self.op.results.len() != results {
            self.err(format_args!(
                "expects {} result{}, found {}",
                results,
                plural(results),
                self.op.results.len()
            ));
            return false;
        }
        true
    }
    /// Checks that there are at least `n` operands.
    pub fn min_operands(&mut self, n: usize) -> bool {
        if self.op.operands.len() < n {
            self.err(format_args!(
                "expects at least {} operand{}, found {}",
                n,
                plural(n),
                self.op.operands.len()
            ));
            return false;
        }
        true
    }
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Writes a type list as `(i32, f32)`.
pub(crate) fn type_list<'t>(types: impl IntoIterator<Item = &'t Type>) -> String {
    let mut s = String::from("(");
    for (i, t) in types.into_iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&t.to_string());
    }
    s.push(')');
    s
}

/// The shape of a vector type, `None` for scalars.
pub(super) fn shape(t: &Type) -> Option<&[u64]> {
    t.as_vector().map(|v| v.shape.as_slice())
}

/// `i1`, or a vector of `i1` of the shape of `t`.
pub(super) fn bool_like(t: &Type) -> Type {
    match t {
        Type::Vector(v) => Type::vector(v.shape.clone(), Type::i1()),
        _ => Type::i1(),
    }
}

/// `select` in both dialects: one type for both values and the result, and an `i1`
/// condition, or a vector of `i1` of the operands' shape.
pub(super) fn select(c: &mut OpCheck) {
    if !c.counts(3, 1) {
        return;
    }
    let (cond, t, f, r) = (
        c.operand(0).unwrap(),
        c.operand(1).unwrap(),
        c.operand(2).unwrap(),
        c.result(0).unwrap(),
    );
    if t != f || t != r {
        c.err(format_args!(
            "requires the true value, false value and result to have one type, found {t}, {f} -> {r}"
        ));
        return;
    }
    match cond {
        Type::Int(1) => {}
        Type::Vector(v) if v.elem == Type::Int(1) => {
            if shape(t) != Some(v.shape.as_slice()) {
                c.err(format_args!(
                    "a vector condition {cond} requires vector operands of the same shape, found {t}"
                ));
            }
        }
        _ => c.err(format_args!(
            "condition must be i1 or a vector of i1, found {cond}"
        )),
    }
}
