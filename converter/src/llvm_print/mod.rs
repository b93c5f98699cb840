//! Printers of lowered (LLVM-dialect) modules in two syntaxes:
//! - `Syntax::Modern`: today's upstream LLVM dialect, which `mlir-translate
//!   --mlir-to-llvmir` (LLVM 22) accepts unchanged — opaque `!llvm.ptr`, builtin
//!   integer/float/vector types, `llvm.load %p : !llvm.ptr -> f32`, ...;
//! - `Syntax::Legacy`: the LLVM 11 notation of the spec (`!llvm.i64`,
//!   `!llvm<"{ float*, float*, i64 }">`), so that the spec's examples are golden tests.
//!
//! This module owns the walk (value and block names, functions, blocks, the shared
//! op forms and attributes); `modern` and `legacy` own the types and the op forms
//! that differ between the two.

mod legacy;
mod modern;

use crate::ir::{
    attr::float_bits_to_f64, Attribute, Body, DenseValues, Func, Module, NamedAttr, OpData, OpKind,
    Successor, Type, ValueId,
};
use std::fmt::Write;

/// Which textual form of the LLVM dialect to print.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Syntax {
    #[default]
    Modern,
    Legacy,
}

/// Prints a lowered module.
pub fn print_llvm(m: &Module, syntax: Syntax) -> String {
    let mut out = String::new();
    out.push_str("module ");
    if !m.attrs.is_empty() {
        let _ = write!(out, "attributes {} ", attr_dict(&m.attrs, syntax));
    }
    out.push_str("{\n");
    for f in &m.funcs {
        print_func(&mut out, f, syntax);
    }
    out.push_str("}\n");
    out
}

/// Prints a type in the given syntax.
pub fn print_type(t: &Type, syntax: Syntax) -> String {
    match syntax {
        Syntax::Modern => modern::ty(t),
        Syntax::Legacy => legacy::ty(t),
    }
}

/// Names of the values and blocks of one function body.
pub(crate) struct Names<'a> {
    pub body: &'a Body,
    pub syntax: Syntax,
    values: Vec<String>,
    blocks: Vec<String>,
}

impl<'a> Names<'a> {
    fn new(body: &'a Body, syntax: Syntax) -> Names<'a> {
        let mut values = vec![String::new(); body.values.len()];
        let mut blocks = vec![String::new(); body.blocks.len()];
        let mut next = 0usize;
        for (i, &b) in body.layout.iter().enumerate() {
            blocks[b.index()] = format!("^bb{i}");
            for (k, &a) in body.block_args(b).iter().enumerate() {
                values[a.index()] = if i == 0 {
                    format!("%arg{k}")
                } else {
                    next += 1;
                    format!("%{}", next - 1)
                };
            }
            for &op in &body.block(b).ops {
                let rs = &body.op(op).results;
                if rs.len() == 1 {
                    values[rs[0].index()] = format!("%{next}");
                } else {
                    for (k, r) in rs.iter().enumerate() {
                        values[r.index()] = format!("%{next}#{k}");
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
        }
    }

    /// The name of a value (`<<unknown>>` for a value of no linked op).
    pub fn v(&self, v: ValueId) -> &str {
        match self.values.get(v.index()) {
            Some(s) if !s.is_empty() => s,
            _ => "%<<unknown>>",
        }
    }

    pub fn list(&self, vs: &[ValueId]) -> String {
        vs.iter().map(|&v| self.v(v)).collect::<Vec<_>>().join(", ")
    }

    pub fn ty(&self, t: &Type) -> String {
        print_type(t, self.syntax)
    }

    pub fn vty(&self, v: ValueId) -> String {
        self.ty(self.body.value_type(v))
    }

    pub fn tys(&self, vs: &[ValueId]) -> String {
        vs.iter()
            .map(|&v| self.vty(v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `^bb1(%a, %b : T, U)` or `^bb1`.
    pub fn succ(&self, s: &Successor) -> String {
        let name = &self.blocks[s.block.index()];
        if s.args.is_empty() {
            name.clone()
        } else {
            format!("{name}({} : {})", self.list(&s.args), self.tys(&s.args))
        }
    }
}

fn print_func(out: &mut String, f: &Func, syntax: Syntax) {
    let (result, params) = match &f.ty {
        Type::LlvmFunc(ft) => (ft.result.clone(), ft.params.clone()),
        Type::Function(ft) => (
            ft.results.first().cloned().unwrap_or(Type::LlvmVoid),
            ft.inputs.clone(),
        ),
        _ => (Type::LlvmVoid, Vec::new()),
    };
    let _ = write!(out, "  llvm.func @{}(", f.name);
    let names = f.body.as_ref().map(|b| Names::new(b, syntax));
    let entry_args = f
        .body
        .as_ref()
        .and_then(|b| b.entry().map(|e| b.block_args(e).to_vec()));
    match (&names, &entry_args) {
        (Some(n), Some(args)) => {
            let ps: Vec<String> = args
                .iter()
                .map(|&a| format!("{}: {}", n.v(a), n.vty(a)))
                .collect();
            out.push_str(&ps.join(", "));
        }
        _ => {
            let ps: Vec<String> = params.iter().map(|t| print_type(t, syntax)).collect();
            out.push_str(&ps.join(", "));
        }
    }
    out.push(')');
    if result != Type::LlvmVoid {
        let _ = write!(out, " -> {}", print_type(&result, syntax));
    }
    if !f.attrs.is_empty() {
        let _ = write!(out, " attributes {}", attr_dict(&f.attrs, syntax));
    }
    let (Some(body), Some(n)) = (&f.body, &names) else {
        out.push('\n');
        return;
    };
    out.push_str(" {\n");
    for (i, &b) in body.layout.iter().enumerate() {
        if i > 0 {
            let args = body.block_args(b);
            let _ = write!(out, "  ^bb{i}");
            if !args.is_empty() {
                let ps: Vec<String> = args
                    .iter()
                    .map(|&a| format!("{}: {}", n.v(a), n.vty(a)))
                    .collect();
                let _ = write!(out, "({})", ps.join(", "));
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
                    let _ = write!(out, "{} = ", n.v(rs[0]));
                }
                k => {
                    let base = n.v(rs[0]);
                    let base = base.split('#').next().unwrap_or(base);
                    let _ = write!(out, "{base}:{k} = ");
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
    let res_ty = |i: usize| n.vty(op.results[i]);
    let s = match op.kind {
        LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem | LlvmAnd
        | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr | LlvmFAdd | LlvmFSub | LlvmFMul
        | LlvmFDiv | LlvmFRem
            if ops.len() == 2 && op.results.len() == 1 =>
        {
            format!("{} {} : {}", op.kind.name(), n.list(ops), res_ty(0))
        }
        LlvmFNeg if ops.len() == 1 && op.results.len() == 1 => {
            format!("llvm.fneg {} : {}", n.v(ops[0]), res_ty(0))
        }
        LlvmSExt | LlvmZExt | LlvmTrunc | LlvmSIToFP | LlvmFPToSI | LlvmFPExt | LlvmFPTrunc
        | LlvmBitcast | LlvmPtrToInt | LlvmIntToPtr
            if ops.len() == 1 && op.results.len() == 1 =>
        {
            format!(
                "{} {} : {} to {}",
                op.kind.name(),
                n.v(ops[0]),
                n.vty(ops[0]),
                res_ty(0)
            )
        }
        LlvmUndef if op.results.len() == 1 => format!("llvm.mlir.undef : {}", res_ty(0)),
        LlvmConstant if op.results.len() == 1 => {
            let v = op
                .attr("value")
                .map(|a| attr(a, n.syntax))
                .unwrap_or_default();
            format!("llvm.mlir.constant({v}) : {}", res_ty(0))
        }
        LlvmAddressOf if op.results.len() == 1 => {
            let g = op
                .attr("global_name")
                .and_then(|a| a.as_symbol())
                .unwrap_or("");
            format!("llvm.mlir.addressof @{g} : {}", res_ty(0))
        }
        LlvmInsertValue if ops.len() == 2 => format!(
            "llvm.insertvalue {}, {}{} : {}",
            n.v(ops[1]),
            n.v(ops[0]),
            positions(op.attr("position")),
            n.vty(ops[0])
        ),
        LlvmExtractValue if ops.len() == 1 => format!(
            "llvm.extractvalue {}{} : {}",
            n.v(ops[0]),
            positions(op.attr("position")),
            n.vty(ops[0])
        ),
        LlvmICmp | LlvmFCmp if ops.len() == 2 => {
            let p = op
                .attr("predicate")
                .and_then(|a| a.as_str())
                .unwrap_or("eq");
            let p = match (op.kind, n.syntax, p) {
                (LlvmFCmp, Syntax::Modern, "false") => "_false",
                (LlvmFCmp, Syntax::Modern, "true") => "_true",
                _ => p,
            };
            format!(
                "{} \"{p}\" {} : {}",
                op.kind.name(),
                n.list(ops),
                n.vty(ops[0])
            )
        }
        LlvmBr => format!(
            "llvm.br {}",
            op.successors.first().map(|s| n.succ(s)).unwrap_or_default()
        ),
        LlvmCondBr if ops.len() == 1 && op.successors.len() == 2 => format!(
            "llvm.cond_br {}, {}, {}",
            n.v(ops[0]),
            n.succ(&op.successors[0]),
            n.succ(&op.successors[1])
        ),
        LlvmReturn => match ops.first() {
            Some(&v) => format!("llvm.return {} : {}", n.v(v), n.vty(v)),
            None => "llvm.return".to_string(),
        },
        LlvmUnreachable => "llvm.unreachable".to_string(),
        _ => {
            let custom = match n.syntax {
                Syntax::Modern => modern::op(n, op),
                Syntax::Legacy => legacy::op(n, op),
            };
            custom.unwrap_or_else(|| generic(n, op))
        }
    };
    out.push_str(&s);
}

/// The generic form `"name"(%a, %b)[^bb1] {attrs} : (A, B) -> (R)`.
pub(crate) fn generic(n: &Names, op: &OpData) -> String {
    let mut s = format!("\"{}\"({})", op.name(), n.list(&op.operands));
    if !op.successors.is_empty() {
        let succs: Vec<String> = op.successors.iter().map(|x| n.succ(x)).collect();
        let _ = write!(s, "[{}]", succs.join(", "));
    }
    if !op.attrs.is_empty() {
        let _ = write!(s, " {}", attr_dict(&op.attrs, n.syntax));
    }
    let results: Vec<String> = op.results.iter().map(|&r| n.vty(r)).collect();
    let rs = if results.len() == 1 && !matches!(n.body.value_type(op.results[0]), Type::Function(_))
    {
        results[0].clone()
    } else {
        format!("({})", results.join(", "))
    };
    let _ = write!(s, " : ({}) -> {rs}", n.tys(&op.operands));
    s
}

/// `[3, 0]` from a positions attribute.
pub(crate) fn positions(a: Option<&Attribute>) -> String {
    let ps = crate::lower::emit::read_positions(a);
    format!(
        "[{}]",
        ps.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// `{name = value, unit_name}`.
pub(crate) fn attr_dict(attrs: &[NamedAttr], syntax: Syntax) -> String {
    let parts: Vec<String> = attrs
        .iter()
        .map(|a| match &a.value {
            Attribute::Unit => a.name.clone(),
            v => format!("{} = {}", a.name, attr(v, syntax)),
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// An attribute with its type where MLIR writes one (`42 : i32`, `1.5 : f32`).
pub(crate) fn attr(a: &Attribute, syntax: Syntax) -> String {
    match a {
        Attribute::Unit => "unit".into(),
        Attribute::Bool(b) => b.to_string(),
        Attribute::Int { value, ty } => {
            if *ty == Type::i1() {
                (*value != 0).to_string()
            } else {
                format!("{value} : {}", attr_type(ty, syntax))
            }
        }
        Attribute::Float { bits, ty } => {
            format!("{} : {}", float_literal(*bits, ty), attr_type(ty, syntax))
        }
        Attribute::Str(s) => format!("\"{}\"", escape(s)),
        Attribute::Type(t) => print_type(t, syntax),
        Attribute::SymbolRef(s) => format!("@{s}"),
        Attribute::Array(xs) => format!(
            "[{}]",
            xs.iter()
                .map(|x| attr(x, syntax))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Attribute::Dict(d) => attr_dict(d, syntax),
        Attribute::Dense { ty, values } => {
            let inner = match values {
                DenseValues::Splat(x) => element(x),
                DenseValues::Elements(xs) => format!(
                    "[{}]",
                    xs.iter().map(element).collect::<Vec<_>>().join(", ")
                ),
            };
            format!("dense<{inner}> : {}", attr_type(ty, syntax))
        }
    }
}

/// Types inside attributes are builtin types in both syntaxes (`42 : i32`).
fn attr_type(t: &Type, syntax: Syntax) -> String {
    match t {
        Type::LlvmVoid
        | Type::LlvmPtr(_)
        | Type::LlvmStruct(_)
        | Type::LlvmArray(..)
        | Type::LlvmFunc(_) => print_type(t, syntax),
        _ => t.to_string(),
    }
}

/// One element of a dense literal, without its type.
fn element(a: &Attribute) -> String {
    match a {
        Attribute::Int { value, ty } if *ty == Type::i1() => (*value != 0).to_string(),
        Attribute::Int { value, .. } => value.to_string(),
        Attribute::Bool(b) => b.to_string(),
        Attribute::Float { bits, ty } => float_literal(*bits, ty),
        other => attr(other, Syntax::Modern),
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

fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

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
