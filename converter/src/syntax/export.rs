//! Writes a Standard module in today's upstream MLIR syntax (`func.func`, `arith.*`,
//! `memref.*`, `vector.*`, `cf.*`, `math.absf`, `strided<...>` layouts), so that the
//! real `mlir-opt` can verify and lower the same program: an independent second
//! lowering to compare against ours. Op names come from [`super::upstream`].
//!
//! Where upstream needs a different shape than our IR, the exporter materializes it:
//! a `dim` with an index attribute gets an `arith.constant` index operand; an
//! `extract_element` position defined by an in-range index constant is written as a
//! static position (and such a constant, when it has no other use, is not written at
//! all, so that parsing the output and exporting again gives the same text); a
//! dynamic position on an outer dimension, which MLIR 22's vector-to-LLVM lowering
//! does not handle, becomes one extract per row chosen by `arith.cmpi`/`arith.select`.
//! What upstream cannot express is an error located at the op.

use super::format::{format, Format};
use super::lexer::escape_into;
use super::printer::{float_text, write_symbol};
use super::release::Release;
use super::upstream::SEMANTIC_ATTRS;
use crate::diag::{Diagnostic, Loc};
use crate::ir::{
    Attribute, Body, Func, FuncKind, Layout, Module, NamedAttr, OpData, OpKind, StridedLayout,
    Type, ValueId,
};
use std::fmt::Write;

/// The module in upstream MLIR syntax, or an error at the first construct upstream
/// cannot express. The module must verify (the exporter relies on op shapes); an
/// unverified one gives the verifier's first error.
pub fn export_upstream(m: &Module) -> Result<String, Diagnostic> {
    export(m, None, Release::MLIR22)
}

/// [`export_upstream`] with every op, and every function, followed by its location in
/// `m`'s file (`loc("FILE":LINE:COL)`), so that `mlir-opt --mlir-print-debuginfo` prints
/// the lowered ops with the locations of the Standard ops they come from.
pub fn export_upstream_with_locs(m: &Module) -> Result<String, Diagnostic> {
    export(m, Some(m.file.to_string()), Release::MLIR22)
}

/// The module in the syntax of upstream `release` ([`super::release`]), with
/// locations when `with_locs` (as [`export_upstream_with_locs`]); an error at the first
/// construct that release cannot express.
pub fn export_for(m: &Module, release: Release, with_locs: bool) -> Result<String, Diagnostic> {
    export(m, with_locs.then(|| m.file.to_string()), release)
}

fn export(m: &Module, loc_file: Option<String>, release: Release) -> Result<String, Diagnostic> {
    if let Err(ds) = crate::verify::verify_module(m) {
        return Err(ds
            .into_iter()
            .next()
            .unwrap_or_else(|| Diagnostic::error(Loc::UNKNOWN, "the module does not verify")));
    }
    // Dense constants in hex only for today's release: MLIR 13 reads a one-byte buffer
    // of a small i1 vector (`dense<"0x01"> : vector<2x1xi1>`, packed bits to MLIR 22 and
    // to us) as a splat of its first element (found by the MLIR 13 campaign); the list
    // form means the same to every release.
    let hex = (release == Release::MLIR22)
        .then_some(m.dense_hex_if_larger)
        .flatten();
    let _hex = super::printer::DenseHexScope::new(hex);
    let mut x = Exporter {
        out: String::with_capacity(4096),
        err: None,
        loc_file,
        cur_loc: Loc::UNKNOWN,
        release,
    };
    x.out.push_str("module");
    if let Some(Attribute::Str(n)) = crate::ir::attr::find_attr(&m.attrs, "sym_name") {
        x.out.push(' ');
        write_symbol(&mut x.out, n);
    }
    let rest: Vec<NamedAttr> = m
        .attrs
        .iter()
        .filter(|a| a.name != "sym_name")
        .cloned()
        .collect();
    if !rest.is_empty() {
        x.out.push_str(" attributes ");
        x.attr_dict(&rest, Loc::UNKNOWN);
    }
    x.out.push_str(" {\n");
    for f in &m.funcs {
        x.func(m, f);
        if let Some(e) = x.err.take() {
            return Err(e);
        }
    }
    x.out.push_str("}\n");
    Ok(x.out)
}

struct Exporter {
    out: String,
    err: Option<Diagnostic>,
    /// The file named in the `loc(...)` written after each op, if any is.
    loc_file: Option<String>,
    /// The location of the op being written.
    cur_loc: Loc,
    /// The release whose syntax is written.
    release: Release,
}

/// Writes a stride or offset: a number or `?`.
fn opt_int(out: &mut String, v: Option<i64>) {
    match v {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None => out.push('?'),
    }
}

fn write_strided(out: &mut String, s: &StridedLayout) {
    out.push_str("strided<[");
    for (i, st) in s.strides.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        opt_int(out, *st);
    }
    out.push(']');
    if s.offset != Some(0) {
        out.push_str(", offset: ");
        opt_int(out, s.offset);
    }
    out.push('>');
}

/// A strided layout as the affine map releases before 16 write it: `(d0, d1)[s0, s1]
/// -> (s0 + d0 * s1 + d1)`, a symbol for the offset and for each stride that is dynamic.
fn write_strided_map(out: &mut String, s: &StridedLayout) {
    let n = s.strides.len();
    let dims: Vec<String> = (0..n).map(|i| format!("d{i}")).collect();
    let mut syms = 0;
    let mut terms = Vec::new();
    match s.offset {
        None => {
            terms.push(format!("s{syms}"));
            syms += 1;
        }
        Some(0) => {}
        Some(o) => terms.push(o.to_string()),
    }
    for (i, st) in s.strides.iter().enumerate() {
        match st {
            None => {
                terms.push(format!("d{i} * s{syms}"));
                syms += 1;
            }
            Some(1) => terms.push(format!("d{i}")),
            Some(v) => terms.push(format!("d{i} * {v}")),
        }
    }
    if terms.is_empty() {
        terms.push("0".into());
    }
    let _ = write!(out, "affine_map<({})", dims.join(", "));
    if syms > 0 {
        let s: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
        let _ = write!(out, "[{}]", s.join(", "));
    }
    let _ = write!(out, " -> ({})>", terms.join(" + "));
}

impl Exporter {
    /// ` loc("FILE":L:C)` of `loc` when locations are written and `loc` is known.
    fn push_loc(&mut self, loc: Loc) {
        if let (Some(f), true) = (&self.loc_file, loc.is_known()) {
            self.out.push_str(" loc(");
            escape_into(&mut self.out, f);
            let _ = write!(self.out, ":{}:{})", loc.line, loc.col);
        }
    }

    fn fail(&mut self, loc: Loc, msg: impl Into<String>) {
        if self.err.is_none() {
            self.err = Some(Diagnostic::error(loc, msg));
        }
    }

    /// A type in upstream syntax (`loc` places the error for a type upstream lacks).
    fn ty(&mut self, t: &Type, loc: Loc) -> String {
        let mut s = String::new();
        self.write_ty(&mut s, t, loc);
        s
    }

    fn write_ty(&mut self, out: &mut String, t: &Type, loc: Loc) {
        match t {
            Type::MemRef(m) => {
                out.push_str("memref<");
                for d in &m.shape {
                    match d {
                        Some(d) => {
                            let _ = write!(out, "{d}x");
                        }
                        None => out.push_str("?x"),
                    }
                }
                self.write_ty(out, &m.elem, loc);
                match &m.layout {
                    Layout::Identity => {}
                    Layout::Strided(s) if !self.release.strided_layouts() => {
                        out.push_str(", ");
                        write_strided_map(out, s);
                    }
                    Layout::Strided(s) => {
                        out.push_str(", ");
                        write_strided(out, s);
                    }
                    Layout::Affine {
                        strided: Some(s), ..
                    } if self.release.strided_layouts() => {
                        out.push_str(", ");
                        write_strided(out, s);
                    }
                    Layout::Affine { text, .. } => {
                        let _ = write!(out, ", affine_map<{text}>");
                    }
                }
                if m.memory_space != 0 {
                    let _ = write!(out, ", {}", m.memory_space);
                }
                out.push('>');
            }
            Type::UnrankedMemRef(e, space) => {
                out.push_str("memref<*x");
                self.write_ty(out, e, loc);
                if *space != 0 {
                    let _ = write!(out, ", {space}");
                }
                out.push('>');
            }
            Type::Function(ft) => {
                out.push('(');
                self.write_tys(out, &ft.inputs, loc);
                out.push_str(") -> ");
                self.write_results(out, &ft.results, loc);
            }
            t if t.is_llvm_specific() => {
                self.fail(
                    loc,
                    format!("cannot export LLVM-dialect type {t} as a Standard-dialect type"),
                );
            }
            // Integers, index, floats and vectors print the same in both syntaxes.
            t => {
                let _ = write!(out, "{t}");
            }
        }
    }

    fn write_tys(&mut self, out: &mut String, ts: &[Type], loc: Loc) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_ty(out, t, loc);
        }
    }

    /// A result list: a lone non-function type bare, otherwise parenthesized.
    fn write_results(&mut self, out: &mut String, ts: &[Type], loc: Loc) {
        if ts.len() == 1 && !matches!(ts[0], Type::Function(_)) {
            self.write_ty(out, &ts[0], loc);
        } else {
            out.push('(');
            self.write_tys(out, ts, loc);
            out.push(')');
        }
    }

    fn write_attr(&mut self, out: &mut String, a: &Attribute, loc: Loc) {
        match a {
            Attribute::Type(t) => self.write_ty(out, t, loc),
            Attribute::Array(v) => {
                out.push('[');
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_attr(out, e, loc);
                }
                out.push(']');
            }
            Attribute::Dict(d) => self.write_attr_dict(out, d, loc),
            Attribute::Int { value, ty } if *ty == Type::i1() => {
                out.push_str(if *value != 0 { "true" } else { "false" })
            }
            Attribute::Int { value, ty } => {
                let _ = write!(out, "{value} : {ty}");
            }
            other => super::printer::write_attr(out, other),
        }
    }

    fn attr_dict(&mut self, attrs: &[NamedAttr], loc: Loc) {
        let mut s = String::new();
        self.write_attr_dict(&mut s, attrs, loc);
        self.out.push_str(&s);
    }

    fn write_attr_dict(&mut self, out: &mut String, attrs: &[NamedAttr], loc: Loc) {
        out.push('{');
        for (i, a) in attrs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let bare = {
                let b = a.name.as_bytes();
                !b.is_empty()
                    && (b[0].is_ascii_alphabetic() || b[0] == b'_')
                    && b.iter()
                        .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
            };
            if bare {
                out.push_str(&a.name);
            } else {
                escape_into(out, &a.name);
            }
            if a.value != Attribute::Unit {
                out.push_str(" = ");
                self.write_attr(out, &a.value, loc);
            }
        }
        out.push('}');
    }

    /// ` {...}` after an argument or result type, in today's spelling (`llvm.noalias`
    /// is a unit attribute; LLVM 11's `= false` means its absence), without the LLVM
    /// attributes that fit no part of the type's lowering (MLIR 22 rejects them; the
    /// lowering leaves them out too).
    fn arg_attrs(&mut self, attrs: &[NamedAttr], ty: &Type, loc: Loc) {
        let mut attrs = crate::lower::attrs::normalize(attrs);
        attrs.retain(|a| fits_upstream(&a.name, ty));
        if !attrs.is_empty() {
            self.out.push(' ');
            self.attr_dict(&attrs, loc);
        }
    }

    fn func(&mut self, m: &Module, f: &Func) {
        let Some(ft) = f.ty.as_function().filter(|_| f.kind == FuncKind::Std) else {
            // An `llvm.func` the module was given: today's LLVM dialect is upstream's;
            // releases of typed pointers read it with a pointee for every pointer.
            if !self.release.typed_pointers() {
                crate::llvm_print::write_func(&mut self.out, f, crate::llvm_print::Syntax::Modern);
                return;
            }
            let major = self.release.major();
            match crate::llvm_print::pointees::typed_form(m, f, major) {
                Ok(t) => crate::llvm_print::write_typed_func(&mut self.out, &t, major),
                Err(d) => self.fail(d.loc, d.message),
            }
            return;
        };
        self.out.push_str("  ");
        self.out.push_str(self.release.func_keyword());
        self.out.push(' ');
        let vis = f.attr("sym_visibility").and_then(|a| a.as_str());
        match (vis, &f.body) {
            // Upstream declarations may not be public; for an external function the
            // visibility changes nothing stdlower does.
            (_, None) => self.out.push_str("private "),
            (Some(v), Some(_)) => {
                self.out.push_str(v);
                self.out.push(' ');
            }
            (None, Some(_)) => {}
        }
        write_symbol(&mut self.out, &f.name);
        self.out.push('(');
        for (i, t) in ft.inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if f.body.is_some() {
                let _ = write!(self.out, "%arg{i}: ");
            }
            let text = self.ty(t, f.loc);
            self.out.push_str(&text);
            self.arg_attrs(f.arg_attr_dict(i), t, f.loc);
        }
        self.out.push(')');
        if !ft.results.is_empty() {
            self.out.push_str(" -> ");
            if f.res_attrs.is_empty() {
                let mut s = String::new();
                self.write_results(&mut s, &ft.results, f.loc);
                self.out.push_str(&s);
            } else {
                self.out.push('(');
                for (i, t) in ft.results.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let text = self.ty(t, f.loc);
                    self.out.push_str(&text);
                    // A memref result lowers to a struct: nothing pointer-like fits it.
                    let fit = if t.is_memref() { &Type::LlvmVoid } else { t };
                    self.arg_attrs(f.res_attr_dict(i), fit, f.loc);
                }
                self.out.push(')');
            }
        }
        let attrs: Vec<NamedAttr> = f
            .attrs
            .iter()
            .filter(|a| a.name != "sym_visibility")
            .cloned()
            .collect();
        if !attrs.is_empty() {
            self.out.push_str(" attributes ");
            self.attr_dict(&attrs, f.loc);
        }
        match &f.body {
            None => {
                self.push_loc(f.loc);
                self.out.push('\n');
            }
            Some(body) => {
                self.out.push_str(" {\n");
                let names = Names::new(body, self.release);
                let mut b = BodyExporter {
                    x: self,
                    body,
                    names,
                    cur_ex: String::new(),
                };
                b.body();
                self.out.push_str("  }");
                self.push_loc(f.loc);
                self.out.push('\n');
            }
        }
    }
}

/// The index constant `v` is defined by, if any.
fn const_index(body: &Body, v: ValueId) -> Option<i128> {
    body.int_constant(v)
        .filter(|_| *body.value_type(v) == Type::Index)
}

/// For an `extract_element`, each position as a static number (an in-range index
/// constant) or `None` (written as the SSA value).
fn static_positions(body: &Body, op: &OpData) -> Vec<Option<u64>> {
    let shape: &[u64] = body
        .value_type(op.operands[0])
        .as_vector()
        .map(|v| &v.shape[..])
        .unwrap_or(&[]);
    op.operands[1..]
        .iter()
        .zip(shape)
        .map(|(&v, &d)| {
            const_index(body, v)
                .filter(|&c| c >= 0 && (c as u64) < d)
                .map(|c| c as u64)
        })
        .collect()
}

/// How many values the select cascade of an extract defines: one extract per
/// combination of the dynamic outer positions, and per dynamic dimension of size n,
/// n - 1 (constant, compare, select) triples per combination of the dimensions before.
fn cascade_values(shape: &[u64], dynamic_outer: &[usize]) -> u64 {
    match dynamic_outer.split_first() {
        None => 1,
        Some((&k, rest)) => {
            let n = shape[k];
            n * cascade_values(shape, rest) + 3 * (n - 1)
        }
    }
}

/// Whether each extract of an `extract_element` goes through a row: releases whose
/// `vector.extract` takes static positions only write a dynamic last position as
/// `vector.extractelement` of the row `vector.extract` gives (a value of its own) at
/// rank 2 and more.
fn extract_needs_row(release: Release, shape: &[u64], positions: &[Option<u64>]) -> bool {
    !release.dynamic_vector_extract() && shape.len() > 1 && positions.last() == Some(&None)
}

/// Whether a dynamic last position needs an `index_cast` to `i64` first: MLIR 13's
/// `vector.extractelement` takes a signless integer position, not an index.
fn extract_needs_cast(release: Release, positions: &[Option<u64>]) -> bool {
    release.std_arith() && positions.last() == Some(&None)
}

/// The dynamic positions on outer dimensions of an extract (indexes into the shape).
fn dynamic_outer(positions: &[Option<u64>]) -> Vec<usize> {
    let n = positions.len();
    (0..n.saturating_sub(1))
        .filter(|&k| positions[k].is_none())
        .collect()
}

/// SSA names: `%argN` for entry-block arguments, `%N` for the rest in the order they
/// are written, with the values the exporter adds (materialized constants, cascades)
/// numbered where they are written.
struct Names {
    name: Vec<Option<String>>,
    /// Per op (by id): the first number of the values the exporter adds before it.
    extra_base: Vec<u32>,
    /// Per op (by id): an index constant that only serves as static positions, not written.
    hidden: Vec<bool>,
}

impl Names {
    fn new(body: &Body, release: Release) -> Names {
        let mut name = vec![None; body.values.len()];
        let mut extra_base = vec![0; body.ops.len()];
        let mut hidden = vec![false; body.ops.len()];
        // Uses of each value other than as a static extract position.
        let mut other_uses = vec![0u32; body.values.len()];
        let mut position_uses = vec![0u32; body.values.len()];
        for op in body.walk_ops() {
            let od = body.op(op);
            let statics = if od.kind == OpKind::ExtractElement && !od.operands.is_empty() {
                static_positions(body, od)
            } else {
                Vec::new()
            };
            for (i, &v) in od.operands.iter().enumerate() {
                let is_static = i >= 1 && statics.get(i - 1).copied().flatten().is_some();
                if is_static {
                    position_uses[v.index()] += 1;
                } else {
                    other_uses[v.index()] += 1;
                }
            }
            for s in &od.successors {
                for &v in &s.args {
                    other_uses[v.index()] += 1;
                }
            }
        }
        let mut n = 0u32;
        for (pos, &b) in body.layout.iter().enumerate() {
            let bd = body.block(b);
            for (i, &a) in bd.args.iter().enumerate() {
                name[a.index()] = Some(if pos == 0 {
                    format!("%arg{i}")
                } else {
                    n += 1;
                    format!("%{}", n - 1)
                });
            }
            for &op in &bd.ops {
                let od = body.op(op);
                if od.kind == OpKind::Constant
                    && od.results.len() == 1
                    && position_uses[od.results[0].index()] > 0
                    && other_uses[od.results[0].index()] == 0
                {
                    hidden[op.index()] = true;
                    continue;
                }
                extra_base[op.index()] = n;
                n += match od.kind {
                    OpKind::Dim if od.operands.len() == 1 => 1,
                    OpKind::ExtractElement if !od.operands.is_empty() => {
                        let shape = body
                            .value_type(od.operands[0])
                            .as_vector()
                            .map(|v| v.shape.clone())
                            .unwrap_or_default();
                        let positions = static_positions(body, od);
                        let dy = dynamic_outer(&positions);
                        let per_leaf = u64::from(extract_needs_row(release, &shape, &positions))
                            + u64::from(extract_needs_cast(release, &positions));
                        let tmps = per_leaf * dy.iter().map(|&k| shape[k]).product::<u64>();
                        (cascade_values(&shape, &dy) - 1 + tmps) as u32
                    }
                    _ => 0,
                };
                match od.results.len() {
                    0 => {}
                    1 => {
                        name[od.results[0].index()] = Some(format!("%{n}"));
                        n += 1;
                    }
                    _ => {
                        for (i, r) in od.results.iter().enumerate() {
                            name[r.index()] = Some(format!("%{n}#{i}"));
                        }
                        n += 1;
                    }
                }
            }
        }
        Names {
            name,
            extra_base,
            hidden,
        }
    }
}

struct BodyExporter<'x, 'b> {
    x: &'x mut Exporter,
    body: &'b Body,
    names: Names,
    /// The attribute dictionary (` {...}` or empty) of the extract being written.
    cur_ex: String,
}

impl BodyExporter<'_, '_> {
    fn v(&self, v: ValueId) -> &str {
        self.names
            .name
            .get(v.index())
            .and_then(|n| n.as_deref())
            .unwrap_or("%invalid")
    }

    fn vs(&self, vs: &[ValueId]) -> String {
        let v: Vec<&str> = vs.iter().map(|&v| self.v(v)).collect();
        v.join(", ")
    }

    fn vty(&mut self, v: ValueId, loc: Loc) -> String {
        let t = self.body.value_type(v).clone();
        self.x.ty(&t, loc)
    }

    fn tys(&mut self, vs: &[ValueId], loc: Loc) -> String {
        let ts: Vec<Type> = vs
            .iter()
            .map(|&v| self.body.value_type(v).clone())
            .collect();
        let mut s = String::new();
        self.x.write_tys(&mut s, &ts, loc);
        s
    }

    fn results(&mut self, vs: &[ValueId], loc: Loc) -> String {
        let ts: Vec<Type> = vs
            .iter()
            .map(|&v| self.body.value_type(v).clone())
            .collect();
        let mut s = String::new();
        self.x.write_results(&mut s, &ts, loc);
        s
    }

    fn block_name(&self, b: crate::ir::BlockId) -> String {
        match self.body.layout.iter().position(|&x| x == b) {
            Some(p) => format!("^bb{p}"),
            None => format!("^detached{}", b.0),
        }
    }

    fn successor(&mut self, s: &crate::ir::Successor, loc: Loc) -> String {
        let mut out = self.block_name(s.block);
        if !s.args.is_empty() {
            let tys = self.tys(&s.args, loc);
            let _ = write!(out, "({} : {tys})", self.vs(&s.args));
        }
        out
    }

    fn body(&mut self) {
        let body = self.body;
        for (pos, &b) in body.layout.iter().enumerate() {
            let bd = body.block(b);
            if pos > 0 {
                let mut head = format!("  {}", self.block_name(b));
                if !bd.args.is_empty() {
                    let args: Vec<String> = bd
                        .args
                        .iter()
                        .map(|&a| {
                            let t = self.vty(a, bd.loc);
                            format!("{}: {t}", self.v(a))
                        })
                        .collect();
                    let _ = write!(head, "({})", args.join(", "));
                }
                head.push_str(":\n");
                self.x.out.push_str(&head);
            }
            for &op in &bd.ops {
                let od = body.op(op);
                if !self.names.hidden[op.index()] {
                    self.op(op.index(), od);
                }
            }
        }
    }

    /// The attributes other than those the custom syntax spells, as ` {...}` or nothing.
    fn extras(&mut self, op: &OpData, syntax: &[&str]) -> String {
        let extra: Vec<NamedAttr> = op
            .attrs
            .iter()
            .filter(|a| !syntax.contains(&a.name.as_ref()))
            .cloned()
            .collect();
        if extra.is_empty() {
            return String::new();
        }
        if let Some(a) = extra
            .iter()
            .find(|a| SEMANTIC_ATTRS.contains(&a.name.as_ref()))
        {
            self.x.fail(
                op.loc,
                format!(
                    "cannot export attribute '{}': upstream MLIR gives it a meaning this op does not have",
                    a.name
                ),
            );
        }
        let mut s = String::from(" ");
        self.x.write_attr_dict(&mut s, &extra, op.loc);
        s
    }

    fn line(&mut self, s: &str) {
        self.x.out.push_str("    ");
        self.x.out.push_str(s);
        let loc = self.x.cur_loc;
        self.x.push_loc(loc);
        self.x.out.push('\n');
    }

    fn op(&mut self, id: usize, op: &OpData) {
        let loc = op.loc;
        self.x.cur_loc = loc;
        let o = &op.operands;
        let lhs = match op.results.len() {
            0 => String::new(),
            1 => format!("{} = ", self.v(op.results[0])),
            n => {
                let first = self.v(op.results[0]);
                let base = first.split('#').next().unwrap_or(first);
                format!("{base}:{n} = ")
            }
        };
        if op.kind == OpKind::Unregistered || !op.kind.is_std() {
            if op.kind != OpKind::Unregistered {
                self.x.fail(
                    loc,
                    format!("cannot export the LLVM-dialect op '{}'", op.name()),
                );
                return;
            }
            let text = self.generic(op);
            self.line(&format!("{lhs}{text}"));
            return;
        }
        let release = self.x.release;
        let name = release.op_name(op.kind).unwrap_or("");
        let ty0 = |s: &mut Self| {
            if o.is_empty() {
                String::new()
            } else {
                s.vty(o[0], loc)
            }
        };
        let Some(format) = format(op.kind) else {
            self.x.fail(
                loc,
                format!("cannot export '{}': it has no upstream form", op.name()),
            );
            return;
        };
        let text = match format {
            Format::Constant => {
                let ex = self.extras(op, &["value"]);
                match op.attr("value") {
                    Some(Attribute::SymbolRef(s)) => {
                        let mut t = format!("{}{ex} ", release.func_constant());
                        write_symbol(&mut t, s);
                        let rt = self.vty(op.results[0], loc);
                        let _ = write!(t, " : {rt}");
                        t
                    }
                    Some(Attribute::Bool(b)) => format!("{}{ex} {b}", release.constant()),
                    Some(Attribute::Int { value, ty }) if *ty == Type::i1() => {
                        format!("{}{ex} {}", release.constant(), *value != 0)
                    }
                    Some(Attribute::Int { value, ty }) => {
                        format!("{}{ex} {value} : {ty}", release.constant())
                    }
                    Some(Attribute::Float { bits, ty }) => {
                        let c = release.constant();
                        format!("{c}{ex} {} : {ty}", float_text(*bits, ty))
                    }
                    Some(a @ Attribute::Dense { .. }) => {
                        let mut t = format!("{}{ex} ", release.constant());
                        super::printer::write_attr(&mut t, a);
                        t
                    }
                    _ => {
                        self.x.fail(
                            loc,
                            "cannot export a constant without a numeric, dense or symbol value",
                        );
                        return;
                    }
                }
            }
            Format::Binary => {
                let ex = self.extras(op, &[]);
                let t = ty0(self);
                format!("{name} {}{ex} : {t}", self.vs(o))
            }
            Format::Unary | Format::Rank | Format::Dealloc => {
                let ex = self.extras(op, &[]);
                let t = ty0(self);
                format!("{name} {}{ex} : {t}", self.v(o[0]))
            }
            Format::Compare => {
                let Some(Attribute::Str(p)) = op.attr("predicate") else {
                    self.x
                        .fail(loc, "cannot export a comparison without a predicate");
                    return;
                };
                let p = p.clone();
                let ex = self.extras(op, &["predicate"]);
                let t = ty0(self);
                format!("{name} {p}, {}{ex} : {t}", self.vs(o))
            }
            Format::Select => {
                let ex = self.extras(op, &[]);
                let c = self.body.value_type(o[0]).clone();
                let t = self.vty(o[1], loc);
                if c == Type::i1() {
                    format!("{name} {}{ex} : {t}", self.vs(o))
                } else {
                    let ct = self.x.ty(&c, loc);
                    format!("{name} {}{ex} : {ct}, {t}", self.vs(o))
                }
            }
            Format::Cast => {
                let ex = self.extras(op, &[]);
                let from = ty0(self);
                let to = self.vty(op.results[0], loc);
                format!("{name} {}{ex} : {from} to {to}", self.v(o[0]))
            }
            Format::Alloc => {
                let rt = self.body.value_type(op.results[0]).clone();
                let dynamic = rt
                    .as_memref()
                    .map_or(0, |m| m.num_dynamic_dims())
                    .min(o.len());
                let mut t = format!("{name}({})", self.vs(&o[..dynamic]));
                if o.len() > dynamic {
                    let _ = write!(t, "[{}]", self.vs(&o[dynamic..]));
                }
                let ex = self.extras(op, &[]);
                let rts = self.x.ty(&rt, loc);
                let _ = write!(t, "{ex} : {rts}");
                t
            }
            Format::Load => {
                let ex = self.extras(op, &[]);
                let t = ty0(self);
                format!("{name} {}[{}]{ex} : {t}", self.v(o[0]), self.vs(&o[1..]))
            }
            Format::Store => {
                let ex = self.extras(op, &[]);
                let t = self.vty(o[1], loc);
                format!(
                    "{name} {}, {}[{}]{ex} : {t}",
                    self.v(o[0]),
                    self.v(o[1]),
                    self.vs(&o[2..])
                )
            }
            Format::Dim => {
                let t = ty0(self);
                if o.len() == 2 {
                    let ex = self.extras(op, &[]);
                    // `memref.dim {attrs} %m, %i : T`: the dictionary comes first.
                    format!("{name}{ex} {}, {} : {t}", self.v(o[0]), self.v(o[1]))
                } else {
                    let Some(Attribute::Int { value, .. }) = op.attr("index") else {
                        self.x.fail(loc, "cannot export a dim without an index");
                        return;
                    };
                    let c = format!("%{}", self.names.extra_base[id]);
                    self.line(&format!("{c} = {} {value} : index", release.constant()));
                    let ex = self.extras(op, &["index"]);
                    format!("{name}{ex} {}, {c} : {t}", self.v(o[0]))
                }
            }
            Format::Splat => {
                let ex = self.extras(op, &[]);
                let from = ty0(self);
                let to = self.vty(op.results[0], loc);
                if name == "splat" {
                    // The Standard `splat` of 13 and 14 names the result type alone.
                    format!("{name} {}{ex} : {to}", self.v(o[0]))
                } else {
                    format!("{name} {}{ex} : {from} to {to}", self.v(o[0]))
                }
            }
            Format::ExtractElement => {
                self.extract(id, op, &lhs);
                return;
            }
            Format::Br => {
                let s = self.successor(&op.successors[0], loc);
                let ex = self.extras(op, &[]);
                format!("{name} {s}{ex}")
            }
            Format::CondBr => {
                let a = self.successor(&op.successors[0], loc);
                let b = self.successor(&op.successors[1], loc);
                let ex = self.extras(op, &[]);
                format!("{name} {}, {a}, {b}{ex}", self.v(o[0]))
            }
            Format::Call => {
                let Some(Attribute::SymbolRef(c)) = op.attr("callee") else {
                    self.x.fail(loc, "cannot export a call without a callee");
                    return;
                };
                let mut t = format!("{name} ");
                write_symbol(&mut t, c);
                let ex = self.extras(op, &["callee"]);
                let ins = self.tys(o, loc);
                let outs = self.results(&op.results, loc);
                let _ = write!(t, "({}){ex} : ({ins}) -> {outs}", self.vs(o));
                t
            }
            Format::CallIndirect => {
                let ex = self.extras(op, &[]);
                let t = ty0(self);
                format!("{name} {}({}){ex} : {t}", self.v(o[0]), self.vs(&o[1..]))
            }
            Format::Return => {
                let ex = self.extras(op, &[]);
                if o.is_empty() {
                    format!("{name}{ex}")
                } else {
                    let tys = self.tys(o, loc);
                    // The attribute dictionary comes before the values.
                    format!("{name}{ex} {} : {tys}", self.vs(o))
                }
            }
        };
        self.line(&format!("{lhs}{text}"));
    }

    /// `"name"(%a) [^bb1(%x : i32)] {attrs} : (A) -> R` for an unregistered op.
    fn generic(&mut self, op: &OpData) -> String {
        let mut t = String::new();
        escape_into(&mut t, op.name());
        let _ = write!(t, "({})", self.vs(&op.operands));
        if !op.successors.is_empty() {
            let succs: Vec<String> = op
                .successors
                .iter()
                .map(|s| self.successor(s, op.loc))
                .collect();
            let _ = write!(t, "[{}]", succs.join(", "));
        }
        t.push_str(&self.extras(op, &[]));
        let ins = self.tys(&op.operands, op.loc);
        let outs = self.results(&op.results, op.loc);
        let _ = write!(t, " : ({ins}) -> {outs}");
        t
    }

    /// `vector.extract %v[1, %j] : f32 from vector<4x8xf32>`, or the select cascade
    /// when an outer position is dynamic.
    fn extract(&mut self, id: usize, op: &OpData, lhs: &str) {
        let loc = op.loc;
        let vt = self.body.value_type(op.operands[0]).clone();
        let Some(v) = vt.as_vector() else {
            self.x
                .fail(loc, "cannot export extract_element of a non-vector");
            return;
        };
        if op.operands.len() != v.shape.len() + 1 {
            self.x.fail(
                loc,
                "cannot export an extract_element whose index count differs from the vector rank",
            );
            return;
        }
        let positions = static_positions(self.body, op);
        let dy = dynamic_outer(&positions);
        let ex = self.extras(op, &[]);
        let elem = self.x.ty(&v.elem, loc);
        let vts = self.x.ty(&vt, loc);
        let result = self.v(op.results[0]).to_string();
        let mut next = self.names.extra_base[id];
        let mut fixed: Vec<Option<u64>> = positions.clone();
        let _ = lhs;
        let suffix = if self.x.release.dynamic_vector_extract() {
            format!("{ex} : {elem} from {vts}")
        } else {
            format!("{ex} : {vts}")
        };
        self.cur_ex = ex.clone();
        let row = extract_needs_row(self.x.release, &v.shape, &positions);
        self.cascade(
            op,
            &v.shape,
            &dy,
            &mut fixed,
            &mut next,
            Some(&result),
            &suffix,
            row,
        );
    }

    /// Emits the value of the extract with the outer dynamic dimensions `dy` fixed
    /// one by one; returns its name (`top` names the final value).
    #[allow(clippy::too_many_arguments)]
    fn cascade(
        &mut self,
        op: &OpData,
        shape: &[u64],
        dy: &[usize],
        fixed: &mut Vec<Option<u64>>,
        next: &mut u32,
        top: Option<&str>,
        suffix: &str,
        row: bool,
    ) -> String {
        let fresh = |next: &mut u32| {
            *next += 1;
            format!("%{}", *next - 1)
        };
        let Some((&k, rest)) = dy.split_first() else {
            let name = match top {
                Some(t) => t.to_string(),
                None => fresh(next),
            };
            let pos: Vec<String> = fixed
                .iter()
                .enumerate()
                .map(|(i, p)| match p {
                    Some(p) => p.to_string(),
                    None => self.v(op.operands[i + 1]).to_string(),
                })
                .collect();
            let vector = self.v(op.operands[0]).to_string();
            if self.x.release.dynamic_vector_extract() || fixed.last() != Some(&None) {
                let line = format!(
                    "{name} = vector.extract {vector}[{}]{suffix}",
                    pos.join(", ")
                );
                self.line(&line);
                return name;
            }
            // A dynamic last position before `vector.extract` took one: the row (at
            // rank 2 and more), then `vector.extractelement` of it.
            let vt = self.body.value_type(op.operands[0]).clone();
            let (last, outer) = pos.split_last().unwrap_or((&name, &[]));
            let last = last.clone();
            let (row_value, row_type) = if row {
                let row_name = fresh(next);
                let row_ty = vt
                    .as_vector()
                    .map(|v| Type::vector(vec![*v.shape.last().unwrap_or(&1)], v.elem.clone()));
                let row_ty = self.x.ty(&row_ty.unwrap_or(vt.clone()), op.loc);
                let vts = self.x.ty(&vt, op.loc);
                let ex = self.cur_ex.clone();
                self.line(&format!(
                    "{row_name} = vector.extract {vector}[{}]{ex} : {vts}",
                    outer.join(", ")
                ));
                (row_name, row_ty)
            } else {
                (vector, self.x.ty(&vt, op.loc))
            };
            let ex = self.cur_ex.clone();
            let (last, last_ty) = match extract_needs_cast(self.x.release, fixed) {
                true => {
                    let c = fresh(next);
                    self.line(&format!("{c} = index_cast {last} : index to i64"));
                    (c, "i64")
                }
                false => (last, "index"),
            };
            self.line(&format!(
                "{name} = vector.extractelement {row_value}[{last} : {last_ty}]{ex} : {row_type}"
            ));
            return name;
        };
        let n = shape[k];
        let mut vals = Vec::with_capacity(n as usize);
        for j in 0..n {
            fixed[k] = Some(j);
            let t = if n == 1 { top } else { None };
            vals.push(self.cascade(op, shape, rest, fixed, next, t, suffix, row));
        }
        fixed[k] = None;
        let elem = self.body.value_type(op.results[0]).clone();
        let elem = self.x.ty(&elem, op.loc);
        let idx = self.v(op.operands[k + 1]).to_string();
        let mut acc = vals[0].clone();
        for (j, val) in vals.iter().enumerate().skip(1) {
            let release = self.x.release;
            let c = fresh(next);
            self.line(&format!("{c} = {} {j} : index", release.constant()));
            let p = fresh(next);
            self.line(&format!("{p} = {} eq, {idx}, {c} : index", release.cmpi()));
            let s = match top {
                Some(t) if j as u64 == n - 1 => t.to_string(),
                _ => fresh(next),
            };
            self.line(&format!(
                "{s} = {} {p}, {val}, {acc} : {elem}",
                release.select()
            ));
            acc = s;
        }
        acc
    }
}

/// Whether MLIR 22 lets LLVM attribute `name` sit on an argument or result of Standard
/// type `ty` in the exported module: the pointer attributes on a ranked memref (its
/// lowering has pointers), the extensions on an integer or index, everything else
/// anywhere. Export's rule, kept here: the lowering has its own (`lower::attrs::fits`,
/// per LLVM type).
fn fits_upstream(name: &str, ty: &Type) -> bool {
    use crate::lower::attrs::{INTEGER_ATTRS, POINTER_ATTRS};
    if POINTER_ATTRS.contains(&name) {
        return matches!(ty, Type::MemRef(_));
    }
    if INTEGER_ATTRS.contains(&name) {
        return matches!(ty, Type::Int(_) | Type::Index);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::export_upstream;
    use crate::syntax::parse_module;

    fn export(src: &str) -> Result<String, String> {
        let m = parse_module("t.mlir", src.as_bytes()).map_err(|d| d.to_string())?;
        export_upstream(&m).map_err(|d| format!("{}:{}: {}", d.loc.line, d.loc.col, d.message))
    }

    #[test]
    fn what_upstream_cannot_express_is_a_located_error() {
        let e = export("func @f(%a: i32) -> i32 {\n  %0 = addi %a, %a {fastmath = 1} : i32\n  return %0 : i32\n}\n")
            .unwrap_err();
        assert!(
            e.starts_with("2:8: cannot export attribute 'fastmath'"),
            "{e}"
        );
    }

    #[test]
    fn an_unverified_module_is_an_error_not_a_panic() {
        let e =
            export("func @f() {\n  %0 = \"std.negf\"() : () -> f32\n  return\n}\n").unwrap_err();
        assert!(e.starts_with("2:"), "{e}");
    }

    #[test]
    fn declarations_are_private_whatever_their_visibility() {
        let out = export("func @g(i32) -> i32 attributes {sym_visibility = \"public\"}\n").unwrap();
        assert!(out.contains("func.func private @g(i32) -> i32\n"), "{out}");
    }
}
