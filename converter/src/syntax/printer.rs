//! Prints Standard-dialect modules in LLVM 11's custom syntax (or, on request, every
//! operation in generic form) such that the text parses back to the same module.
//!
//! Values are renamed `%argN` (entry-block arguments) and `%N` (everything else, in
//! layout order; multi-result ops as `%N:k`, used as `%N#i`), blocks `^bbN` by layout
//! position. An op whose shape does not fit its custom syntax exactly (wrong operand
//! types, a missing predicate, unexpected successors, ...) is printed in generic form,
//! so even malformed IR prints faithfully. Floats print as the shortest decimal that
//! reads back to the same bits, or as hexadecimal bits (NaN, infinities, and any value
//! the decimal path would not reproduce).

use super::format::{format, Format};
use super::lexer::{escape_into, is_bare_ident};
use super::parser::i1_like;
use crate::ir::attr::dense_hex_of_list;
use crate::ir::attr::float_bits_to_f64;
use crate::ir::{
    Attribute, BlockId, Body, DenseValues, Func, FuncKind, Module, NamedAttr, OpData, OpKind, Type,
    ValueId, CMPF_PREDICATES, CMPI_PREDICATES,
};
use std::fmt::Write;

/// How to print a module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Print every operation in generic form (`"std.addi"(%0, %1) : (i32, i32) -> i32`).
    pub generic: bool,
}

/// Prints a module of Standard functions; its LLVM-dialect functions (`llvm.func`s
/// the module was given) are printed by the LLVM printer, in today's syntax.
pub fn print_module(m: &Module, opts: &PrintOptions) -> String {
    let _hex = DenseHexScope::new(m.dense_hex_if_larger);
    let mut out = String::with_capacity(4096);
    out.push_str("module ");
    if !m.attrs.is_empty() {
        out.push_str("attributes ");
        write_attr_dict(&mut out, &m.attrs);
        out.push(' ');
    }
    out.push_str("{\n");
    for f in &m.funcs {
        print_func(&mut out, f, opts);
    }
    out.push_str("}\n");
    out
}

thread_local! {
    /// The `Module::dense_hex_if_larger` of the module being printed on this thread
    /// (set by [`DenseHexScope`]), which [`write_attr`] follows.
    static DENSE_HEX_IF_LARGER: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Makes [`write_attr`] write dense constants in hex by `Module::dense_hex_if_larger`
/// while it lives (the printers of a whole module hold one).
pub(crate) struct DenseHexScope(Option<u64>);

impl DenseHexScope {
    pub(crate) fn new(limit: Option<u64>) -> Self {
        DenseHexScope(DENSE_HEX_IF_LARGER.with(|c| c.replace(limit)))
    }
}

impl Drop for DenseHexScope {
    fn drop(&mut self) {
        DENSE_HEX_IF_LARGER.with(|c| c.set(self.0));
    }
}

/// Prints one function (two-space indented, as inside a module).
pub fn print_func(out: &mut String, f: &Func, opts: &PrintOptions) {
    let Some(ft) = f.ty.as_function().filter(|_| f.kind == FuncKind::Std) else {
        // Today's syntax has opaque pointers only: an `llvm.func` with a pointer to
        // anything but i8 keeps its pointees in LLVM 11's syntax, so that the text
        // reads back as the same function (the JIT worker reads modules as text).
        let syntax = if crate::llvm_print::has_typed_pointee(f) {
            crate::llvm_print::Syntax::Legacy
        } else {
            crate::llvm_print::Syntax::Modern
        };
        crate::llvm_print::write_func(out, f, syntax);
        return;
    };
    out.push_str("  func ");
    write_symbol(out, &f.name);
    out.push('(');
    for (i, t) in ft.inputs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if f.body.is_some() {
            let _ = write!(out, "%arg{i}: ");
        }
        let _ = write!(out, "{t}");
        write_arg_attrs(out, f.arg_attr_dict(i));
    }
    out.push(')');
    if !ft.results.is_empty() {
        out.push_str(" -> ");
        if f.res_attrs.is_empty() {
            write_result_types(out, &ft.results);
        } else {
            out.push('(');
            for (i, t) in ft.results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{t}");
                write_arg_attrs(out, f.res_attr_dict(i));
            }
            out.push(')');
        }
    }
    if !f.attrs.is_empty() {
        out.push_str(" attributes ");
        write_attr_dict(out, &f.attrs);
    }
    match &f.body {
        None => out.push('\n'),
        Some(body) => {
            out.push_str(" {\n");
            let mut p = FnPrinter::new(body, out, *opts);
            p.print_body();
            out.push_str("  }\n");
        }
    }
}

/// ` {...}` after an argument or result type, or nothing for an empty dictionary.
fn write_arg_attrs(out: &mut String, attrs: &[NamedAttr]) {
    if !attrs.is_empty() {
        out.push(' ');
        write_attr_dict(out, attrs);
    }
}

fn write_result_types(out: &mut String, results: &[Type]) {
    if results.len() == 1 && !matches!(results[0], Type::Function(_)) {
        let _ = write!(out, "{}", results[0]);
        return;
    }
    out.push('(');
    write_type_list(out, results);
    out.push(')');
}

fn write_type_list(out: &mut String, tys: &[Type]) {
    for (i, t) in tys.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{t}");
    }
}

/// `@name`, or `@"name"` when `name` is not a bare identifier
/// ([`super::lexer::is_bare_ident`]), escaped as MLIR's printer escapes it (and
/// LLVM's, for the same name in LLVM IR): a backslash doubled, printable ASCII other
/// than `"` kept, every other byte (`"`, controls, each byte of a non-ASCII
/// character) as `\XX` in upper-case hex.
pub fn write_symbol(out: &mut String, name: &str) {
    out.push('@');
    if is_bare_ident(name) {
        out.push_str(name);
        return;
    }
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('"');
    for &b in name.as_bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7E => out.push(b as char),
            _ => {
                out.push('\\');
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
    }
    out.push('"');
}

pub fn write_attr_dict(out: &mut String, attrs: &[NamedAttr]) {
    out.push('{');
    for (i, a) in attrs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if is_bare_ident(&a.name) {
            out.push_str(&a.name);
        } else {
            escape_into(out, &a.name);
        }
        if a.value != Attribute::Unit {
            out.push_str(" = ");
            write_attr(out, &a.value);
        }
    }
    out.push('}');
}

/// The text of a float of type `ty` given as its bits: the shortest decimal that reads
/// back to the same bits (through the parser's f64 path), else `0x` hexadecimal bits.
pub fn float_text(bits: u64, ty: &Type) -> String {
    let width = ty.bit_width().unwrap_or(64).min(64);
    let mask = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let bits = bits & mask;
    let v = float_bits_to_f64(bits, ty);
    if v.is_finite() {
        let mut s = match ty {
            Type::F64 => format!("{v:?}"),
            _ => format!("{:?}", v as f32),
        };
        if !s.contains('.') {
            match s.find('e') {
                Some(p) => s.insert_str(p, ".0"),
                None => s.push_str(".0"),
            }
        }
        let back = s
            .parse::<f64>()
            .ok()
            .map(|p| Attribute::float(p, ty.clone()));
        if let Some(Attribute::Float { bits: b, .. }) = back {
            if b == bits {
                return s;
            }
        }
    }
    let digits = (width as usize).div_ceil(4);
    format!("0x{bits:0digits$X}")
}

fn write_int(out: &mut String, value: i128, ty: &Type) {
    if *ty == Type::i1() {
        out.push(if value != 0 { '1' } else { '0' });
    } else {
        let _ = write!(out, "{value}");
    }
}

/// An attribute value, with its type where the syntax needs it.
pub fn write_attr(out: &mut String, a: &Attribute) {
    match a {
        Attribute::Unit => out.push_str("unit"),
        Attribute::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Attribute::Int { value, ty } => {
            write_int(out, *value, ty);
            if *ty != Type::i64() {
                let _ = write!(out, " : {ty}");
            }
        }
        Attribute::Float { bits, ty } => {
            let _ = write!(out, "{} : {ty}", float_text(*bits, ty));
        }
        Attribute::Str(s) => escape_into(out, s),
        Attribute::Type(t) => {
            let _ = write!(out, "{t}");
        }
        Attribute::SymbolRef(s) => write_symbol(out, s),
        Attribute::Array(v) => {
            out.push('[');
            for (i, e) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(out, e);
            }
            out.push(']');
        }
        Attribute::Dict(d) => write_attr_dict(out, d),
        Attribute::AffineMap(m) => {
            let _ = write!(out, "affine_map<{m}>");
        }
        Attribute::Dense { ty, values } => {
            out.push_str("dense<");
            let hex = match (values, ty.as_vector()) {
                (DenseValues::Elements(xs), Some(v)) => DENSE_HEX_IF_LARGER
                    .with(|c| c.get())
                    .filter(|&limit| xs.len() as u64 > limit)
                    .and_then(|_| dense_hex_of_list(xs, &v.elem)),
                _ => None,
            };
            if let Some(raw) = hex {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push_str("\"0x");
                for b in raw {
                    out.push(HEX[(b >> 4) as usize] as char);
                    out.push(HEX[(b & 15) as usize] as char);
                }
                out.push('"');
                let _ = write!(out, "> : {ty}");
                return;
            }
            match values {
                DenseValues::Splat(e) => write_dense_elem(out, e),
                DenseValues::Elements(elems) => {
                    let shape: &[u64] = ty.as_vector().map(|v| &v.shape[..]).unwrap_or(&[]);
                    let n = shape.iter().try_fold(1u64, |a, &d| a.checked_mul(d));
                    if !shape.is_empty() && n == Some(elems.len() as u64) {
                        write_dense_nested(out, shape, elems);
                    } else {
                        out.push('[');
                        for (i, e) in elems.iter().enumerate() {
                            if i > 0 {
                                out.push_str(", ");
                            }
                            write_dense_elem(out, e);
                        }
                        out.push(']');
                    }
                }
            }
            let _ = write!(out, "> : {ty}");
        }
    }
}

fn write_dense_nested(out: &mut String, shape: &[u64], elems: &[Attribute]) {
    let Some((&n, rest)) = shape.split_first() else {
        if let Some(e) = elems.first() {
            write_dense_elem(out, e);
        }
        return;
    };
    let inner: u64 = rest
        .iter()
        .try_fold(1u64, |a, &d| a.checked_mul(d))
        .unwrap_or(0);
    out.push('[');
    for i in 0..n {
        if i > 0 {
            out.push_str(", ");
        }
        let lo = i.saturating_mul(inner) as usize;
        let hi = (i + 1).saturating_mul(inner) as usize;
        write_dense_nested(out, rest, elems.get(lo..hi).unwrap_or(&[]));
    }
    out.push(']');
}

fn write_dense_elem(out: &mut String, e: &Attribute) {
    match e {
        Attribute::Int { value, ty } => write_int(out, *value, ty),
        Attribute::Float { bits, ty } => out.push_str(&float_text(*bits, ty)),
        Attribute::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        other => write_attr(out, other),
    }
}

#[derive(Clone, Copy)]
enum Name {
    None,
    Arg(u32),
    Num(u32),
    Res(u32, u32),
}

struct FnPrinter<'b> {
    body: &'b Body,
    out: &'b mut String,
    opts: PrintOptions,
    names: Vec<Name>,
    /// Layout position of each block (by block id), if it is laid out.
    block_pos: Vec<Option<u32>>,
}

impl<'b> FnPrinter<'b> {
    fn new(body: &'b Body, out: &'b mut String, opts: PrintOptions) -> Self {
        let mut names = vec![Name::None; body.values.len()];
        let mut block_pos = vec![None; body.blocks.len()];
        let mut n = 0u32;
        for (pos, &b) in body.layout.iter().enumerate() {
            if let Some(p) = block_pos.get_mut(b.index()) {
                *p = Some(pos as u32);
            }
            let Some(bd) = body.blocks.get(b.index()) else {
                continue;
            };
            for (i, &a) in bd.args.iter().enumerate() {
                if let Some(slot) = names.get_mut(a.index()) {
                    *slot = if pos == 0 {
                        Name::Arg(i as u32)
                    } else {
                        n += 1;
                        Name::Num(n - 1)
                    };
                }
            }
            for &op in &bd.ops {
                let Some(od) = body.ops.get(op.index()) else {
                    continue;
                };
                match od.results.len() {
                    0 => {}
                    1 => {
                        if let Some(slot) = names.get_mut(od.results[0].index()) {
                            *slot = Name::Num(n);
                        }
                        n += 1;
                    }
                    _ => {
                        for (i, r) in od.results.iter().enumerate() {
                            if let Some(slot) = names.get_mut(r.index()) {
                                *slot = Name::Res(n, i as u32);
                            }
                        }
                        n += 1;
                    }
                }
            }
        }
        FnPrinter {
            body,
            out,
            opts,
            names,
            block_pos,
        }
    }

    fn ty(&self, v: ValueId) -> Option<&'b Type> {
        self.body.values.get(v.index()).map(|d| &d.ty)
    }

    fn value(&mut self, v: ValueId) {
        match self.names.get(v.index()).copied().unwrap_or(Name::None) {
            Name::None => self.out.push_str("%invalid"),
            Name::Arg(i) => {
                let _ = write!(self.out, "%arg{i}");
            }
            Name::Num(n) => {
                let _ = write!(self.out, "%{n}");
            }
            Name::Res(n, i) => {
                let _ = write!(self.out, "%{n}#{i}");
            }
        }
    }

    fn values(&mut self, vs: &[ValueId]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(v);
        }
    }

    fn block(&mut self, b: BlockId) {
        match self.block_pos.get(b.index()).copied().flatten() {
            Some(p) => {
                let _ = write!(self.out, "^bb{p}");
            }
            None => {
                let _ = write!(self.out, "^detached{}", b.0);
            }
        }
    }

    fn types_of(&self, vs: &[ValueId]) -> Vec<Type> {
        vs.iter()
            .map(|&v| self.ty(v).cloned().unwrap_or(Type::LlvmVoid))
            .collect()
    }

    fn print_body(&mut self) {
        let body = self.body;
        let entry = body.layout.first().copied();
        let entry_is_target = body.walk_ops().any(|op| {
            body.ops
                .get(op.index())
                .is_some_and(|o| o.successors.iter().any(|s| Some(s.block) == entry))
        });
        for (pos, &b) in body.layout.iter().enumerate() {
            let Some(bd) = body.blocks.get(b.index()) else {
                continue;
            };
            if pos > 0 || entry_is_target {
                self.out.push_str("  ");
                self.block(b);
                if pos > 0 && !bd.args.is_empty() {
                    self.out.push('(');
                    for (i, &a) in bd.args.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.value(a);
                        let t = self.ty(a).cloned().unwrap_or(Type::LlvmVoid);
                        let _ = write!(self.out, ": {t}");
                    }
                    self.out.push(')');
                }
                self.out.push_str(":\n");
            }
            for &op in &bd.ops {
                if let Some(od) = body.ops.get(op.index()) {
                    self.print_op(od);
                }
            }
        }
    }

    fn print_op(&mut self, op: &OpData) {
        self.out.push_str("    ");
        if !op.results.is_empty() {
            let first = op.results[0];
            match self.names.get(first.index()).copied().unwrap_or(Name::None) {
                Name::Num(n) | Name::Res(n, _) => {
                    let _ = write!(self.out, "%{n}");
                }
                _ => self.out.push_str("%invalid"),
            }
            if op.results.len() > 1 {
                let _ = write!(self.out, ":{}", op.results.len());
            }
            self.out.push_str(" = ");
        }
        if self.opts.generic || !self.custom_ok(op) {
            self.print_generic(op);
        } else {
            self.print_custom(op);
        }
        self.out.push('\n');
    }

    fn print_generic(&mut self, op: &OpData) {
        escape_into(self.out, op.name());
        self.out.push('(');
        self.values(&op.operands);
        self.out.push(')');
        if !op.successors.is_empty() {
            self.out.push('[');
            for (i, s) in op.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.successor(s.block, &s.args);
            }
            self.out.push(']');
        }
        if !op.attrs.is_empty() {
            self.out.push(' ');
            write_attr_dict(self.out, &op.attrs);
        }
        let ins = self.types_of(&op.operands);
        let outs = self.types_of(&op.results);
        self.out.push_str(" : (");
        write_type_list(self.out, &ins);
        self.out.push_str(") -> ");
        write_result_types(self.out, &outs);
    }

    fn successor(&mut self, b: BlockId, args: &[ValueId]) {
        self.block(b);
        if !args.is_empty() {
            self.out.push('(');
            self.values(args);
            self.out.push_str(" : ");
            let tys = self.types_of(args);
            write_type_list(self.out, &tys);
            self.out.push(')');
        }
    }

    /// Whether the op prints in its custom form and parses back identically.
    fn custom_ok(&self, op: &OpData) -> bool {
        let k = op.kind;
        if op.unregistered_name.is_some() {
            return false;
        }
        let Some(format) = format(k) else {
            return false;
        };
        for (i, a) in op.attrs.iter().enumerate() {
            if op.attrs[..i].iter().any(|b| b.name == a.name) {
                return false;
            }
        }
        let Some(ins) = op
            .operands
            .iter()
            .map(|&v| self.ty(v))
            .collect::<Option<Vec<&Type>>>()
        else {
            return false;
        };
        let Some(outs) = op
            .results
            .iter()
            .map(|&v| self.ty(v))
            .collect::<Option<Vec<&Type>>>()
        else {
            return false;
        };
        let branch = matches!(format, Format::Br | Format::CondBr);
        if !branch && !op.successors.is_empty() {
            return false;
        }
        let all_index = |ts: &[&Type]| ts.iter().all(|t| **t == Type::Index);
        match format {
            Format::Constant => {
                if !ins.is_empty() || outs.len() != 1 {
                    return false;
                }
                match op.attr("value") {
                    Some(Attribute::Int { ty, .. })
                    | Some(Attribute::Float { ty, .. })
                    | Some(Attribute::Dense { ty, .. }) => ty == outs[0],
                    Some(Attribute::Bool(_)) => *outs[0] == Type::i1(),
                    Some(Attribute::SymbolRef(_)) => matches!(outs[0], Type::Function(_)),
                    _ => false,
                }
            }
            Format::Binary => {
                ins.len() == 2 && outs.len() == 1 && ins[0] == ins[1] && ins[0] == outs[0]
            }
            Format::Unary => ins.len() == 1 && outs.len() == 1 && ins[0] == outs[0],
            Format::Rank => ins.len() == 1 && outs.len() == 1 && *outs[0] == Type::Index,
            Format::Dealloc => ins.len() == 1 && outs.is_empty(),
            Format::Compare => {
                let valid: &[&str] = if k == OpKind::CmpI {
                    &CMPI_PREDICATES
                } else {
                    &CMPF_PREDICATES
                };
                let pred_ok = matches!(op.attr("predicate"), Some(Attribute::Str(p)) if valid.contains(&p.as_str()));
                pred_ok
                    && ins.len() == 2
                    && outs.len() == 1
                    && ins[0] == ins[1]
                    && *outs[0] == i1_like(ins[0])
            }
            Format::Select => {
                ins.len() == 3 && outs.len() == 1 && ins[1] == ins[2] && ins[1] == outs[0]
            }
            Format::Cast => ins.len() == 1 && outs.len() == 1,
            Format::Alloc => {
                outs.len() == 1 && matches!(outs[0], Type::MemRef(_)) && all_index(&ins)
            }
            Format::Load => {
                !ins.is_empty()
                    && outs.len() == 1
                    && ins[0].memref_elem() == Some(outs[0])
                    && all_index(&ins[1..])
            }
            Format::ExtractElement => {
                !ins.is_empty()
                    && outs.len() == 1
                    && ins[0].as_vector().map(|v| &v.elem) == Some(outs[0])
                    && all_index(&ins[1..])
            }
            Format::Store => {
                ins.len() >= 2
                    && outs.is_empty()
                    && ins[1].memref_elem() == Some(ins[0])
                    && all_index(&ins[2..])
            }
            Format::Dim => {
                if outs.len() != 1 || *outs[0] != Type::Index {
                    return false;
                }
                match ins.len() {
                    1 => {
                        matches!(op.attr("index"), Some(Attribute::Int { value, ty: Type::Index }) if *value >= 0)
                    }
                    2 => *ins[1] == Type::Index,
                    _ => false,
                }
            }
            Format::Splat => {
                ins.len() == 1
                    && outs.len() == 1
                    && outs[0].as_vector().map(|v| &v.elem) == Some(ins[0])
            }
            Format::Br => ins.is_empty() && outs.is_empty() && op.successors.len() == 1,
            Format::CondBr => {
                ins.len() == 1
                    && *ins[0] == Type::i1()
                    && outs.is_empty()
                    && op.successors.len() == 2
            }
            Format::Call => matches!(op.attr("callee"), Some(Attribute::SymbolRef(_))),
            Format::CallIndirect => match ins.first().and_then(|t| t.as_function()) {
                Some(ft) => {
                    ft.inputs.len() + 1 == ins.len()
                        && ft.inputs.iter().zip(&ins[1..]).all(|(a, b)| a == *b)
                        && ft.results.len() == outs.len()
                        && ft.results.iter().zip(&outs).all(|(a, b)| a == *b)
                }
                None => false,
            },
            Format::Return => outs.is_empty(),
        }
    }

    /// The attributes other than the one the custom syntax spells itself.
    fn extras(&mut self, op: &OpData, syntax_attr: Option<&str>) {
        let extra: Vec<NamedAttr> = op
            .attrs
            .iter()
            .filter(|a| Some(a.name.as_ref()) != syntax_attr)
            .cloned()
            .collect();
        if !extra.is_empty() {
            self.out.push(' ');
            write_attr_dict(self.out, &extra);
        }
    }

    fn colon_ty(&mut self, v: ValueId) {
        let t = self.ty(v).cloned().unwrap_or(Type::LlvmVoid);
        let _ = write!(self.out, " : {t}");
    }

    fn print_custom(&mut self, op: &OpData) {
        let k = op.kind;
        self.out.push_str(k.short_name());
        let o = &op.operands;
        let Some(format) = format(k) else {
            return;
        };
        match format {
            Format::Constant => {
                self.extras(op, Some("value"));
                self.out.push(' ');
                match op.attr("value") {
                    Some(Attribute::SymbolRef(s)) => {
                        write_symbol(self.out, s);
                        self.colon_ty(op.results[0]);
                    }
                    Some(Attribute::Int { value, ty }) => {
                        write_int(self.out, *value, ty);
                        let _ = write!(self.out, " : {ty}");
                    }
                    Some(a) => write_attr(self.out, a),
                    None => {}
                }
            }
            Format::Binary => {
                self.out.push(' ');
                self.values(o);
                self.extras(op, None);
                self.colon_ty(o[0]);
            }
            Format::Unary | Format::Rank | Format::Dealloc => {
                self.out.push(' ');
                self.value(o[0]);
                self.extras(op, None);
                self.colon_ty(o[0]);
            }
            Format::Compare => {
                self.out.push(' ');
                if let Some(Attribute::Str(p)) = op.attr("predicate") {
                    escape_into(self.out, p);
                }
                self.out.push_str(", ");
                self.values(o);
                self.extras(op, Some("predicate"));
                self.colon_ty(o[0]);
            }
            Format::Select => {
                self.out.push(' ');
                self.values(o);
                self.extras(op, None);
                let c = self.ty(o[0]).cloned().unwrap_or(Type::LlvmVoid);
                if c != Type::i1() {
                    let _ = write!(self.out, " : {c},");
                    let t = self.ty(o[1]).cloned().unwrap_or(Type::LlvmVoid);
                    let _ = write!(self.out, " {t}");
                } else {
                    self.colon_ty(o[1]);
                }
            }
            Format::Cast => {
                self.out.push(' ');
                self.value(o[0]);
                self.extras(op, None);
                self.colon_ty(o[0]);
                let t = self.ty(op.results[0]).cloned().unwrap_or(Type::LlvmVoid);
                let _ = write!(self.out, " to {t}");
            }
            Format::Alloc => {
                let rt = self.ty(op.results[0]).cloned().unwrap_or(Type::LlvmVoid);
                let dynamic = rt
                    .as_memref()
                    .map_or(0, |m| m.num_dynamic_dims())
                    .min(o.len());
                self.out.push('(');
                self.values(&o[..dynamic]);
                self.out.push(')');
                if o.len() > dynamic {
                    self.out.push('[');
                    self.values(&o[dynamic..]);
                    self.out.push(']');
                }
                self.extras(op, None);
                let _ = write!(self.out, " : {rt}");
            }
            Format::Load | Format::ExtractElement => {
                self.out.push(' ');
                self.value(o[0]);
                self.out.push('[');
                self.values(&o[1..]);
                self.out.push(']');
                self.extras(op, None);
                self.colon_ty(o[0]);
            }
            Format::Store => {
                self.out.push(' ');
                self.value(o[0]);
                self.out.push_str(", ");
                self.value(o[1]);
                self.out.push('[');
                self.values(&o[2..]);
                self.out.push(']');
                self.extras(op, None);
                self.colon_ty(o[1]);
            }
            Format::Dim => {
                self.out.push(' ');
                self.value(o[0]);
                self.out.push_str(", ");
                if o.len() == 2 {
                    self.value(o[1]);
                    self.extras(op, None);
                } else {
                    if let Some(Attribute::Int { value, .. }) = op.attr("index") {
                        let _ = write!(self.out, "{value}");
                    }
                    self.extras(op, Some("index"));
                }
                self.colon_ty(o[0]);
            }
            Format::Splat => {
                self.out.push(' ');
                self.value(o[0]);
                self.extras(op, None);
                self.colon_ty(op.results[0]);
            }
            Format::Br => {
                self.out.push(' ');
                let s = &op.successors[0];
                self.successor(s.block, &s.args);
                self.extras(op, None);
            }
            Format::CondBr => {
                self.out.push(' ');
                self.value(o[0]);
                for s in &op.successors {
                    self.out.push_str(", ");
                    self.successor(s.block, &s.args);
                }
                self.extras(op, None);
            }
            Format::Call => {
                self.out.push(' ');
                if let Some(Attribute::SymbolRef(c)) = op.attr("callee") {
                    write_symbol(self.out, c);
                }
                self.out.push('(');
                self.values(o);
                self.out.push(')');
                self.extras(op, Some("callee"));
                self.fn_type_of(o, &op.results);
            }
            Format::CallIndirect => {
                self.out.push(' ');
                self.value(o[0]);
                self.out.push('(');
                self.values(&o[1..]);
                self.out.push(')');
                self.extras(op, None);
                self.colon_ty(o[0]);
            }
            Format::Return => {
                // LLVM 11's format: `return {attrs} %a : T`.
                self.extras(op, None);
                if !o.is_empty() {
                    self.out.push(' ');
                    self.values(o);
                }
                if !o.is_empty() {
                    self.out.push_str(" : ");
                    let tys = self.types_of(o);
                    write_type_list(self.out, &tys);
                }
            }
        }
    }

    fn fn_type_of(&mut self, ins: &[ValueId], outs: &[ValueId]) {
        let ins = self.types_of(ins);
        let outs = self.types_of(outs);
        self.out.push_str(" : (");
        write_type_list(self.out, &ins);
        self.out.push_str(") -> ");
        write_result_types(self.out, &outs);
    }
}
