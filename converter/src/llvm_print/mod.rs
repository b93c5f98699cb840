//! Printers of lowered (LLVM-dialect) modules in two syntaxes:
//! - `Syntax::Modern`: today's upstream LLVM dialect, which `mlir-translate
//!   --mlir-to-llvmir` (LLVM 22) accepts unchanged — opaque `!llvm.ptr`, builtin
//!   integer/float/vector types, `llvm.load %p : !llvm.ptr -> f32`, ...;
//! - `Syntax::Legacy`: the LLVM 11 notation of the spec (`!llvm.i64`,
//!   `!llvm<"{ float*, float*, i64, [1 x i64], [1 x i64] }">`), so that the spec's examples are golden tests;
//! - typed (no [`Syntax`] of `lower`'s): the typed pointers of MLIR 13 to 16 (`!llvm.ptr<f32>`), for
//!   `export --release N` of an `llvm.func` ([`pointees::typed_form`] prepares it).
//!
//! This module owns the walk (value and block names, functions, blocks, the shared
//! op forms and attributes); `modern`, `legacy` and `typed` own the types and the op
//! forms that differ between them.
//!
//! Everything is written straight into one output buffer: value names are numbers
//! formatted on the fly and types are written piece by piece, so printing a module
//! allocates next to nothing besides the buffer (the printer was a third of
//! `stdlower lower`'s allocations when it built a `String` per name, type and op).

mod legacy;
mod modern;
pub mod pointees;
mod typed;

use crate::ir::{
    attr::float_bits_to_f64, Attribute, Body, DenseValues, Func, Module, NamedAttr, OpData, OpKind,
    Successor, Type, ValueId,
};
use crate::syntax::printer::write_symbol;
use std::cell::RefCell;
use std::fmt::Write;
use std::sync::Arc;

/// Which textual form of the LLVM dialect to print.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Syntax {
    #[default]
    Modern,
    Legacy,
}

/// The printers' own choice of syntax: one of [`Syntax`], or the typed pointers of
/// MLIR release N (13 to 16, [`write_typed_func`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    Modern,
    Legacy,
    Typed(u32),
}

impl From<Syntax> for Mode {
    fn from(s: Syntax) -> Mode {
        match s {
            Syntax::Modern => Mode::Modern,
            Syntax::Legacy => Mode::Legacy,
        }
    }
}

/// Prints a lowered module.
pub fn print_llvm(m: &Module, syntax: Syntax) -> String {
    // About 80 bytes per printed op: one allocation for the whole text in practice.
    let ops: usize = m
        .funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .map(|b| b.ops.len())
        .sum();
    let mut out = String::with_capacity(64 + 80 * ops);
    print_llvm_in_pieces(m, syntax, |piece| out.push_str(piece));
    out
}

/// Prints a lowered module as consecutive pieces of text (about one function each)
/// handed to `sink`, through one reused buffer: a module can be written to a stream
/// without ever holding all of its text.
pub fn print_llvm_in_pieces(m: &Module, syntax: Syntax, mut sink: impl FnMut(&str)) {
    let mut out = String::with_capacity(1 << 16);
    write_module_open(&mut out, &m.attrs, syntax);
    for f in &m.funcs {
        print_func(&mut out, f, syntax.into());
        if out.len() >= 1 << 15 {
            sink(&out);
            out.clear();
        }
    }
    write_module_close(&mut out);
    sink(&out);
}

/// Writes the opening of a lowered module whose attributes are `attrs`; with
/// [`write_func`] for each function and [`write_module_close`], the text
/// [`print_llvm`] prints, for callers that make the functions one at a time.
pub fn write_module_open(out: &mut String, attrs: &[NamedAttr], syntax: Syntax) {
    out.push_str("module ");
    if !attrs.is_empty() {
        out.push_str("attributes ");
        attr_dict(out, attrs, syntax.into());
        out.push(' ');
    }
    out.push_str("{\n");
}

/// Writes one function of a lowered module (see [`write_module_open`]).
pub fn write_func(out: &mut String, f: &Func, syntax: Syntax) {
    print_func(out, f, syntax.into());
}

/// Whether `f`'s signature or body has a pointer to something other than i8 (an
/// opaque `!llvm.ptr` reads as a pointer to i8): a pointee today's syntax cannot write.
pub fn has_typed_pointee(f: &Func) -> bool {
    fn has(t: &Type) -> bool {
        match t {
            Type::LlvmPtr(p, _) => **p != Type::Int(8) || has(p),
            Type::LlvmStruct(fs) => fs.iter().any(has),
            Type::LlvmArray(_, e) => has(e),
            Type::LlvmFunc(ft) => has(&ft.result) || ft.params.iter().any(has),
            Type::Function(ft) => ft.inputs.iter().chain(&ft.results).any(has),
            _ => false,
        }
    }
    has(&f.ty)
        || f.body
            .as_ref()
            .is_some_and(|b| b.values.iter().any(|v| has(&v.ty)))
}

/// Writes one `llvm.func` with the typed pointers of MLIR `major` (13 to 16), as that
/// release's `mlir-opt` reads it: `f` as [`pointees::typed_form`] made it.
pub fn write_typed_func(out: &mut String, f: &Func, major: u32) {
    print_func(out, f, Mode::Typed(major));
}

/// Writes the end of a lowered module (see [`write_module_open`]).
pub fn write_module_close(out: &mut String) {
    out.push_str("}\n");
}

/// Prints a type in the given syntax.
pub fn print_type(t: &Type, syntax: Syntax) -> String {
    let mut s = String::new();
    write_type(&mut s, t, syntax.into());
    s
}

/// Writes a type in the given syntax.
pub(crate) fn write_type(out: &mut String, t: &Type, syntax: Mode) {
    match syntax {
        Mode::Modern => modern::ty(out, t),
        Mode::Legacy => legacy::ty(out, t),
        Mode::Typed(_) => typed::ty(out, t),
    }
}

/// Writes an unsigned integer in decimal without going through `fmt` (digit by
/// digit: the numbers printed are short value names and constants).
pub(crate) fn push_u64(out: &mut String, v: u64) {
    // Value names are short: up to four digits without a loop or a buffer.
    let digit = |d: u64| char::from(b'0' + (d % 10) as u8);
    match v {
        0..=9 => out.push(digit(v)),
        10..=99 => {
            out.push(digit(v / 10));
            out.push(digit(v));
        }
        100..=999 => {
            out.push(digit(v / 100));
            out.push(digit(v / 10));
            out.push(digit(v));
        }
        1000..=9999 => {
            out.push(digit(v / 1000));
            out.push(digit(v / 100));
            out.push(digit(v / 10));
            out.push(digit(v));
        }
        _ => {
            let mut buf = [0u8; 20];
            let mut i = buf.len();
            let mut v = v;
            while v != 0 {
                i -= 1;
                buf[i] = b'0' + (v % 10) as u8;
                v /= 10;
            }
            for &d in &buf[i..] {
                out.push(char::from(d));
            }
        }
    }
}

/// Writes a signed integer in decimal.
pub(crate) fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

/// The integers of an array attribute (positions, GEP indices, masks).
pub(crate) fn positions_of(a: Option<&Attribute>) -> impl Iterator<Item = i64> + '_ {
    a.and_then(|a| a.as_array())
        .unwrap_or(&[])
        .iter()
        .filter_map(|x| x.as_int().map(|v| v as i64))
}

/// The name of one value: `%argK` (entry block argument), `%N`, `%N#K` (one result
/// of several), or unknown (a value of no linked op).
#[derive(Clone, Copy)]
enum Name {
    Unknown,
    Arg(u32),
    Num(u32),
    Result(u32, u32),
}

/// Names of the values and blocks of one function body.
pub(crate) struct Names<'a> {
    pub body: &'a Body,
    pub syntax: Mode,
    values: Vec<Name>,
    /// Each block's position in the layout (`^bbN`), `None` when it is not laid out.
    blocks: Vec<Option<u32>>,
    /// The struct type printed last and its text: memref descriptors are printed
    /// with every access to one.
    last_struct: RefCell<Option<(Arc<[Type]>, String)>>,
}

impl<'a> Names<'a> {
    fn new(body: &'a Body, syntax: Mode) -> Names<'a> {
        let mut values = vec![Name::Unknown; body.values.len()];
        let mut blocks = vec![None; body.blocks.len()];
        let mut next = 0u32;
        for (i, &b) in body.layout.iter().enumerate() {
            blocks[b.index()] = Some(i as u32);
            for (k, &a) in body.block_args(b).iter().enumerate() {
                values[a.index()] = if i == 0 {
                    Name::Arg(k as u32)
                } else {
                    next += 1;
                    Name::Num(next - 1)
                };
            }
            for &op in &body.block(b).ops {
                let rs = &body.op(op).results;
                if rs.len() == 1 {
                    values[rs[0].index()] = Name::Num(next);
                } else {
                    for (k, r) in rs.iter().enumerate() {
                        values[r.index()] = Name::Result(next, k as u32);
                    }
                }
                if !rs.is_empty() {
                    next += 1;
                }
            }
        }
        Names {
            body,
            syntax,
            values,
            blocks,
            last_struct: RefCell::new(None),
        }
    }

    fn name(&self, v: ValueId) -> Name {
        self.values.get(v.index()).copied().unwrap_or(Name::Unknown)
    }

    /// Writes the name of a value (`%<<unknown>>` for a value of no linked op).
    pub fn v(&self, out: &mut String, v: ValueId) {
        match self.name(v) {
            Name::Unknown => out.push_str("%<<unknown>>"),
            Name::Arg(k) => {
                out.push_str("%arg");
                push_u64(out, k as u64);
            }
            Name::Num(n) => {
                out.push('%');
                push_u64(out, n as u64);
            }
            Name::Result(n, k) => {
                out.push('%');
                push_u64(out, n as u64);
                out.push('#');
                push_u64(out, k as u64);
            }
        }
    }

    /// Writes the name shared by all results of an op (`%N` of `%N#K`).
    fn base(&self, out: &mut String, v: ValueId) {
        match self.name(v) {
            Name::Result(n, _) => {
                out.push('%');
                push_u64(out, n as u64);
            }
            _ => self.v(out, v),
        }
    }

    /// Writes `%a, %b`.
    pub fn list(&self, out: &mut String, vs: &[ValueId]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.v(out, v);
        }
    }

    pub fn ty(&self, out: &mut String, t: &Type) {
        let Type::LlvmStruct(fields) = t else {
            return write_type(out, t, self.syntax);
        };
        let mut last = self.last_struct.borrow_mut();
        match &*last {
            Some((f, text)) if f == fields => out.push_str(text),
            _ => {
                let start = out.len();
                write_type(out, t, self.syntax);
                *last = Some((fields.clone(), out[start..].to_string()));
            }
        }
    }

    /// Writes the type of a value.
    pub fn vty(&self, out: &mut String, v: ValueId) {
        self.ty(out, self.body.value_type(v))
    }

    /// Writes the types of values: `T, U`.
    pub fn tys(&self, out: &mut String, vs: &[ValueId]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.vty(out, v);
        }
    }

    /// Writes `%a: T, %b: U` (block and function arguments).
    fn args(&self, out: &mut String, vs: &[ValueId]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.v(out, v);
            out.push_str(": ");
            self.vty(out, v);
        }
    }

    /// Writes `^bb1(%a, %b : T, U)` or `^bb1`.
    pub fn succ(&self, out: &mut String, s: &Successor) {
        if let Some(Some(i)) = self.blocks.get(s.block.index()) {
            out.push_str("^bb");
            push_u64(out, *i as u64);
        }
        if !s.args.is_empty() {
            out.push('(');
            self.list(out, &s.args);
            out.push_str(" : ");
            self.tys(out, &s.args);
            out.push(')');
        }
    }
}

fn print_func(out: &mut String, f: &Func, syntax: Mode) {
    let (result, params) = match &f.ty {
        Type::LlvmFunc(ft) => (&ft.result, &ft.params[..]),
        Type::Function(ft) => (
            ft.results.first().unwrap_or(&Type::LlvmVoid),
            &ft.inputs[..],
        ),
        _ => (&Type::LlvmVoid, &[][..]),
    };
    out.push_str("  llvm.func ");
    write_symbol(out, &f.name);
    out.push('(');
    let names = f.body.as_ref().map(|b| Names::new(b, syntax));
    let entry_args = f
        .body
        .as_ref()
        .and_then(|b| b.entry().map(|e| b.block_args(e)));
    match (&names, entry_args) {
        (Some(n), Some(args)) if f.arg_attrs.is_empty() => n.args(out, args),
        (Some(n), Some(args)) => {
            for (i, &a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                n.v(out, a);
                out.push_str(": ");
                n.vty(out, a);
                arg_attr_dict(out, f.arg_attr_dict(i), syntax);
            }
        }
        _ => {
            for (i, t) in params.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(out, t, syntax);
                arg_attr_dict(out, f.arg_attr_dict(i), syntax);
            }
        }
    }
    out.push(')');
    if *result != Type::LlvmVoid {
        out.push_str(" -> ");
        match f.res_attr_dict(0) {
            [] => write_type(out, result, syntax),
            d => {
                out.push('(');
                write_type(out, result, syntax);
                arg_attr_dict(out, d, syntax);
                out.push(')');
            }
        }
    }
    if !f.attrs.is_empty() {
        out.push_str(" attributes ");
        attr_dict(out, &f.attrs, syntax);
    }
    let (Some(body), Some(n)) = (&f.body, &names) else {
        out.push('\n');
        return;
    };
    out.push_str(" {\n");
    for (i, &b) in body.layout.iter().enumerate() {
        if i > 0 {
            let args = body.block_args(b);
            out.push_str("  ^bb");
            push_u64(out, i as u64);
            if !args.is_empty() {
                out.push('(');
                n.args(out, args);
                out.push(')');
            }
            out.push_str(":\n");
        }
        for &op in &body.block(b).ops {
            out.push_str("    ");
            let data = body.op(op);
            let rs = &data.results;
            match rs.len() {
                0 => {}
                1 => {
                    n.v(out, rs[0]);
                    out.push_str(" = ");
                }
                k => {
                    n.base(out, rs[0]);
                    out.push(':');
                    push_u64(out, k as u64);
                    out.push_str(" = ");
                }
            }
            print_op(out, n, data);
            out.push('\n');
        }
    }
    out.push_str("  }\n");
}

fn print_op(out: &mut String, n: &Names, op: &OpData) {
    use OpKind::*;
    let ops = &op.operands;
    let nres = op.results.len();
    match op.kind {
        LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem | LlvmAnd
        | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr | LlvmFAdd | LlvmFSub | LlvmFMul
        | LlvmFDiv | LlvmFRem
            if ops.len() == 2 && nres == 1 =>
        {
            // Today's flags (`exact`, `overflow<nsw, nuw>`), as the parser reads them; the
            // legacy syntax had none.
            // A flag of another kind than these forms say (`isExact = false`) stays in
            // the attribute dictionary, as it is.
            let modern = n.syntax == Mode::Modern;
            let exact = matches!(op.attr("isExact"), Some(Attribute::Unit));
            let overflow = match op.attr("overflowFlags") {
                Some(Attribute::Str(f)) => Some(f),
                _ => None,
            };
            out.push_str(op.kind.name());
            out.push(' ');
            if modern && exact {
                out.push_str("exact ");
            }
            n.list(out, ops);
            if let (true, Some(f)) = (modern, overflow) {
                out.push_str(" overflow<");
                out.push_str(f);
                out.push('>');
            }
            let mut said = Vec::new();
            if exact {
                said.push("isExact");
            }
            if overflow.is_some() {
                said.push("overflowFlags");
            }
            extra_attrs(out, op, &said, n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmFNeg if ops.len() == 1 && nres == 1 => {
            out.push_str("llvm.fneg ");
            n.v(out, ops[0]);
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmSExt | LlvmZExt | LlvmTrunc | LlvmSIToFP | LlvmFPToSI | LlvmFPExt | LlvmFPTrunc
        | LlvmBitcast | LlvmPtrToInt | LlvmIntToPtr | LlvmAddrSpaceCast
            if ops.len() == 1 && nres == 1 =>
        {
            out.push_str(op.kind.name());
            out.push(' ');
            n.v(out, ops[0]);
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[0]);
            out.push_str(" to ");
            n.vty(out, op.results[0]);
        }
        LlvmUndef if nres == 1 => {
            out.push_str("llvm.mlir.undef");
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        // Releases of typed pointers have no poison (`typed` writes undef).
        LlvmPoison if nres == 1 && !matches!(n.syntax, Mode::Typed(_)) => {
            out.push_str("llvm.mlir.poison");
            extra_attrs(out, op, &[], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmConstant if nres == 1 => {
            out.push_str("llvm.mlir.constant(");
            if let Some(a) = op.attr("value") {
                attr(out, a, n.syntax);
            }
            out.push(')');
            extra_attrs(out, op, &["value"], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmAddressOf if nres == 1 => {
            let g = op
                .attr("global_name")
                .and_then(|a| a.as_symbol())
                .unwrap_or("");
            out.push_str("llvm.mlir.addressof ");
            write_symbol(out, g);
            extra_attrs(out, op, &["global_name"], n.syntax);
            out.push_str(" : ");
            n.vty(out, op.results[0]);
        }
        LlvmInsertValue if ops.len() == 2 => {
            out.push_str("llvm.insertvalue ");
            n.v(out, ops[1]);
            out.push_str(", ");
            n.v(out, ops[0]);
            positions(out, op.attr("position"));
            extra_attrs(out, op, &["position"], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[0]);
        }
        LlvmExtractValue if ops.len() == 1 => {
            out.push_str("llvm.extractvalue ");
            n.v(out, ops[0]);
            positions(out, op.attr("position"));
            extra_attrs(out, op, &["position"], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[0]);
        }
        LlvmICmp | LlvmFCmp if ops.len() == 2 => {
            let p = op
                .attr("predicate")
                .and_then(|a| a.as_str())
                .unwrap_or("eq");
            let p = match (op.kind, n.syntax, p) {
                (LlvmFCmp, Mode::Modern | Mode::Typed(_), "false") => "_false",
                (LlvmFCmp, Mode::Modern | Mode::Typed(_), "true") => "_true",
                _ => p,
            };
            out.push_str(op.kind.name());
            out.push_str(" \"");
            out.push_str(p);
            out.push_str("\" ");
            n.list(out, ops);
            extra_attrs(out, op, &["predicate"], n.syntax);
            out.push_str(" : ");
            n.vty(out, ops[0]);
        }
        LlvmBr => {
            out.push_str("llvm.br ");
            if let Some(s) = op.successors.first() {
                n.succ(out, s);
            }
            extra_attrs(out, op, &[], n.syntax);
        }
        LlvmCondBr if ops.len() == 1 && op.successors.len() == 2 => {
            out.push_str("llvm.cond_br ");
            n.v(out, ops[0]);
            out.push_str(", ");
            n.succ(out, &op.successors[0]);
            out.push_str(", ");
            n.succ(out, &op.successors[1]);
            extra_attrs(out, op, &[], n.syntax);
        }
        LlvmReturn => {
            // Today's form puts the attributes first (`llvm.return {a} %x : i32`);
            // LLVM 11's parser read them after the operand (`llvm.return %x {a} :
            // !llvm.i32`).
            out.push_str("llvm.return");
            let legacy = n.syntax == Mode::Legacy;
            if !legacy || ops.is_empty() {
                extra_attrs(out, op, &[], n.syntax);
            }
            if let Some(&v) = ops.first() {
                out.push(' ');
                n.v(out, v);
                if legacy {
                    extra_attrs(out, op, &[], n.syntax);
                }
                out.push_str(" : ");
                n.vty(out, v);
            }
        }
        LlvmUnreachable => {
            out.push_str("llvm.unreachable");
            extra_attrs(out, op, &[], n.syntax);
        }
        _ => {
            let custom = match n.syntax {
                Mode::Modern => modern::op(out, n, op),
                Mode::Legacy => legacy::op(out, n, op),
                Mode::Typed(major) => typed::op(out, n, op, major),
            };
            if !custom {
                generic(out, n, op);
            }
        }
    }
}

/// The generic form `"name"(%a, %b)[^bb1] {attrs} : (A, B) -> (R)`.
pub(crate) fn generic(out: &mut String, n: &Names, op: &OpData) {
    out.push('"');
    out.push_str(op.name());
    out.push_str("\"(");
    n.list(out, &op.operands);
    out.push(')');
    if !op.successors.is_empty() {
        out.push('[');
        for (i, s) in op.successors.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            n.succ(out, s);
        }
        out.push(']');
    }
    if !op.attrs.is_empty() {
        out.push(' ');
        attr_dict(out, &op.attrs, n.syntax);
    }
    out.push_str(" : (");
    n.tys(out, &op.operands);
    out.push_str(") -> ");
    if op.results.len() == 1 && !matches!(n.body.value_type(op.results[0]), Type::Function(_)) {
        n.vty(out, op.results[0]);
    } else {
        out.push('(');
        n.tys(out, &op.results);
        out.push(')');
    }
}

/// Writes `[3, 0]` from a positions attribute.
pub(crate) fn positions(out: &mut String, a: Option<&Attribute>) {
    out.push('[');
    for (i, p) in positions_of(a).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_i64(out, p);
    }
    out.push(']');
}

/// Writes `{name = value, unit_name}`.
pub(crate) fn attr_dict(out: &mut String, attrs: &[NamedAttr], syntax: Mode) {
    out.push('{');
    for (i, a) in attrs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&a.name);
        if !matches!(a.value, Attribute::Unit) {
            out.push_str(" = ");
            attr(out, &a.value, syntax);
        }
    }
    out.push('}');
}

/// Writes ` {...}`, an argument's or result's dictionary, or nothing when it is empty.
/// LLVM 11 spelled the unit `llvm.noalias` of today's syntax `llvm.noalias = true`.
fn arg_attr_dict(out: &mut String, attrs: &[NamedAttr], syntax: Mode) {
    if attrs.is_empty() {
        return;
    }
    out.push(' ');
    if syntax == Mode::Legacy && attrs.iter().any(|a| a.name == "llvm.noalias") {
        let legacy: Vec<NamedAttr> = attrs
            .iter()
            .map(|a| match (&*a.name, &a.value) {
                ("llvm.noalias", Attribute::Unit) => {
                    NamedAttr::new(a.name.clone(), Attribute::Bool(true))
                }
                _ => a.clone(),
            })
            .collect();
        attr_dict(out, &legacy, syntax);
    } else {
        attr_dict(out, attrs, syntax);
    }
}

/// Writes ` {...}` with the attributes of `op` other than `skip`, or nothing.
pub(crate) fn extra_attrs(out: &mut String, op: &OpData, skip: &[&str], syntax: Mode) {
    let extra: Vec<NamedAttr> = op
        .attrs
        .iter()
        .filter(|a| !skip.contains(&a.name.as_ref()))
        .cloned()
        .collect();
    if !extra.is_empty() {
        out.push(' ');
        attr_dict(out, &extra, syntax);
    }
}

fn push_bool(out: &mut String, b: bool) {
    out.push_str(if b { "true" } else { "false" });
}

/// Writes an attribute with its type where MLIR writes one (`42 : i32`, `1.5 : f32`).
pub(crate) fn attr(out: &mut String, a: &Attribute, syntax: Mode) {
    match a {
        Attribute::Unit => out.push_str("unit"),
        Attribute::Bool(b) => push_bool(out, *b),
        Attribute::Int { value, ty } => {
            if *ty == Type::i1() {
                push_bool(out, *value != 0);
            } else {
                let _ = write!(out, "{value}");
                out.push_str(" : ");
                attr_type(out, ty, syntax);
            }
        }
        Attribute::Float { bits, ty } => {
            out.push_str(&float_literal(*bits, ty));
            out.push_str(" : ");
            attr_type(out, ty, syntax);
        }
        Attribute::Str(s) => {
            out.push('"');
            escape(out, s);
            out.push('"');
        }
        Attribute::Type(t) => write_type(out, t, syntax),
        Attribute::SymbolRef(s) => write_symbol(out, s),
        Attribute::Array(xs) => {
            out.push('[');
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                attr(out, x, syntax);
            }
            out.push(']');
        }
        Attribute::Dict(d) => attr_dict(out, d, syntax),
        Attribute::AffineMap(m) => {
            out.push_str("affine_map<");
            out.push_str(m);
            out.push('>');
        }
        Attribute::Dense { ty, values } => {
            out.push_str("dense<");
            match values {
                DenseValues::Splat(x) => element(out, x),
                DenseValues::Elements(xs) => {
                    out.push('[');
                    for (i, x) in xs.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        element(out, x);
                    }
                    out.push(']');
                }
            }
            out.push_str("> : ");
            attr_type(out, ty, syntax);
        }
    }
}

/// Types inside attributes are builtin types in both syntaxes (`42 : i32`).
fn attr_type(out: &mut String, t: &Type, syntax: Mode) {
    match t {
        Type::LlvmVoid
        | Type::LlvmPtr(..)
        | Type::LlvmStruct(_)
        | Type::LlvmArray(..)
        | Type::LlvmFunc(_) => write_type(out, t, syntax),
        _ => {
            let _ = write!(out, "{t}");
        }
    }
}

/// Writes one element of a dense literal, without its type.
fn element(out: &mut String, a: &Attribute) {
    match a {
        Attribute::Int { value, ty } if *ty == Type::i1() => push_bool(out, *value != 0),
        Attribute::Int { value, .. } => {
            let _ = write!(out, "{value}");
        }
        Attribute::Bool(b) => push_bool(out, *b),
        Attribute::Float { bits, ty } => out.push_str(&float_literal(*bits, ty)),
        other => attr(out, other, Mode::Modern),
    }
}

/// A float literal that reads back to exactly `bits`: the shortest decimal of the
/// (exactly widened) value, or MLIR's hexadecimal bit-pattern form for NaN and
/// infinities.
pub fn float_literal(bits: u64, ty: &Type) -> String {
    let v = float_bits_to_f64(bits, ty);
    if !v.is_finite() {
        return match ty {
            Type::F16 | Type::BF16 => format!("0x{:04X}", bits & 0xFFFF),
            Type::F32 => format!("0x{:08X}", bits & 0xFFFF_FFFF),
            _ => format!("0x{bits:016X}"),
        };
    }
    let s = format!("{v:?}");
    if s.contains('.') {
        s
    } else if let Some(e) = s.find('e') {
        format!("{}.0{}", &s[..e], &s[e..])
    } else {
        format!("{s}.0")
    }
}

fn escape(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(a: &Attribute, syntax: Syntax) -> String {
        let mut s = String::new();
        super::attr(&mut s, a, syntax.into());
        s
    }

    fn attr_dict(attrs: &[NamedAttr], syntax: Syntax) -> String {
        let mut s = String::new();
        super::attr_dict(&mut s, attrs, syntax.into());
        s
    }

    #[test]
    fn float_literals_read_back_exactly() {
        let f32bits = |v: f32| v.to_bits() as u64;
        assert_eq!(float_literal(f32bits(1.5), &Type::F32), "1.5");
        assert_eq!(
            float_literal(f32bits(1e-7), &Type::F32),
            "1.0000000116860974e-7"
        );
        assert_eq!(float_literal(f32bits(f32::NAN), &Type::F32), "0x7FC00000");
        assert_eq!(
            float_literal(f64::NEG_INFINITY.to_bits(), &Type::F64),
            "0xFFF0000000000000"
        );
        assert_eq!(float_literal(1e300f64.to_bits(), &Type::F64), "1.0e300");
        assert_eq!(float_literal(0x3C00, &Type::F16), "1.0");
        assert_eq!(float_literal((-0.0f64).to_bits(), &Type::F64), "-0.0");
        // The decimal is the exact value widened to f64, so MLIR rounds it back exactly.
        let v = f32::from_bits(0x3DCCCCCD);
        let s = float_literal(f32bits(v), &Type::F32);
        assert_eq!(s.parse::<f64>().unwrap() as f32, v);
    }

    #[test]
    fn types_in_both_syntaxes() {
        let desc = Type::llvm_struct(vec![
            Type::llvm_ptr(Type::F32),
            Type::llvm_ptr(Type::F32),
            Type::i64(),
            Type::llvm_array(2, Type::i64()),
            Type::llvm_array(2, Type::i64()),
        ]);
        assert_eq!(
            print_type(&desc, Syntax::Modern),
            "!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>"
        );
        assert_eq!(
            print_type(&desc, Syntax::Legacy),
            "!llvm<\"{ float*, float*, i64, [2 x i64], [2 x i64] }\">"
        );
        let fptr = Type::llvm_ptr(Type::llvm_func(Type::LlvmVoid, vec![]));
        assert_eq!(print_type(&fptr, Syntax::Legacy), "!llvm<\"void ()*\">");
        assert_eq!(print_type(&fptr, Syntax::Modern), "!llvm.ptr");
        let v = Type::vector(vec![4], Type::F16);
        assert_eq!(print_type(&v, Syntax::Legacy), "!llvm<\"<4 x half>\">");
        assert_eq!(print_type(&v, Syntax::Modern), "vector<4xf16>");
        assert_eq!(print_type(&Type::F64, Syntax::Legacy), "!llvm.double");
        assert_eq!(
            print_type(&Type::llvm_ptr(Type::i8()), Syntax::Legacy),
            "!llvm<\"i8*\">"
        );
    }

    #[test]
    fn attributes() {
        assert_eq!(
            attr(&Attribute::int(-1, Type::i1()), Syntax::Modern),
            "true"
        );
        assert_eq!(
            attr(&Attribute::int(7, Type::Int(17)), Syntax::Modern),
            "7 : i17"
        );
        let d = Attribute::Dense {
            ty: Type::vector(vec![2], Type::F32),
            values: DenseValues::Elements(vec![
                Attribute::float(0.5, Type::F32),
                Attribute::Float {
                    bits: 0x7FC0_0000,
                    ty: Type::F32,
                },
            ]),
        };
        assert_eq!(
            attr(&d, Syntax::Modern),
            "dense<[0.5, 0x7FC00000]> : vector<2xf32>"
        );
        let dict = vec![
            NamedAttr::new("llvm.emit_c_interface", Attribute::Unit),
            NamedAttr::new("s", Attribute::Str("a\"b".into())),
        ];
        assert_eq!(
            attr_dict(&dict, Syntax::Modern),
            "{llvm.emit_c_interface, s = \"a\\\"b\"}"
        );
    }
}
