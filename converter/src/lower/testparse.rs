//! A small reader of the Standard-dialect programs the lowering tests use (the LLVM 11
//! syntax of `/work/shared/conformance`), for tests only: it lets the lowering be
//! checked end to end before the real parser (`converter::syntax`) is available.
//! No diagnostics worth the name: a test input that does not parse is a test bug.

use crate::ir::{
    Attribute, BlockId, Body, DenseValues, Func, FuncKind, Layout, Module, NamedAttr, NewOp,
    OpKind, StridedLayout, Type, ValueId,
};
use std::collections::HashMap;

pub fn parse(src: &str) -> Result<Module, String> {
    let mut p = P {
        s: src.as_bytes(),
        i: 0,
    };
    let mut m = Module::new("test.mlir");
    p.ws();
    let wrapped = p.eat_kw("module");
    if wrapped {
        p.expect("{")?;
    }
    loop {
        p.ws();
        if p.i >= p.s.len() || (wrapped && p.peek() == b'}') {
            break;
        }
        m.funcs.push(p.func()?);
    }
    Ok(m)
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

struct FnState {
    body: Body,
    values: HashMap<String, ValueId>,
    blocks: HashMap<String, BlockId>,
}

impl FnState {
    fn block(&mut self, name: &str) -> BlockId {
        if let Some(&b) = self.blocks.get(name) {
            return b;
        }
        let b = self.body.create_block(&[]);
        self.blocks.insert(name.to_string(), b);
        b
    }
}

impl<'a> P<'a> {
    fn err<T>(&self, m: &str) -> Result<T, String> {
        let ctx: String =
            String::from_utf8_lossy(&self.s[self.i..(self.i + 40).min(self.s.len())]).into();
        Err(format!("{m} at byte {}: {ctx:?}", self.i))
    }
    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }
    fn ws(&mut self) {
        loop {
            while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
                self.i += 1;
            }
            if self.s[self.i..].starts_with(b"//") {
                while self.i < self.s.len() && self.s[self.i] != b'\n' {
                    self.i += 1;
                }
            } else {
                break;
            }
        }
    }
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(t.as_bytes()) {
            self.i += t.len();
            true
        } else {
            false
        }
    }
    fn eat_kw(&mut self, k: &str) -> bool {
        self.ws();
        let save = self.i;
        if self.ident().as_deref() == Some(k) {
            true
        } else {
            self.i = save;
            false
        }
    }
    fn expect(&mut self, t: &str) -> Result<(), String> {
        if self.eat(t) {
            Ok(())
        } else {
            self.err(&format!("expected '{t}'"))
        }
    }
    fn ident(&mut self) -> Option<String> {
        self.ws();
        let st = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || b"_.$".contains(&self.s[self.i]))
        {
            self.i += 1;
        }
        (self.i > st).then(|| String::from_utf8_lossy(&self.s[st..self.i]).into())
    }
    fn sigil(&mut self, c: u8) -> Result<String, String> {
        self.ws();
        if self.peek() != c {
            return self.err(&format!("expected '{}'", c as char));
        }
        self.i += 1;
        match self.ident() {
            Some(n) => Ok(n),
            None => self.err("expected a name"),
        }
    }
    fn int(&mut self) -> Result<i128, String> {
        self.ws();
        let neg = self.eat("-");
        let st = self.i;
        let v = if self.s[self.i..].starts_with(b"0x") {
            self.i += 2;
            while self.peek().is_ascii_hexdigit() {
                self.i += 1;
            }
            i128::from_str_radix(std::str::from_utf8(&self.s[st + 2..self.i]).unwrap(), 16)
                .map_err(|e| e.to_string())?
        } else {
            while self.peek().is_ascii_digit() {
                self.i += 1;
            }
            std::str::from_utf8(&self.s[st..self.i])
                .unwrap()
                .parse::<i128>()
                .map_err(|e| format!("{e} at {}", self.i))?
        };
        Ok(if neg { -v } else { v })
    }
    /// A number literal: Ok(Err(int)) or Ok(Ok(float)).
    fn number(&mut self) -> Result<Result<f64, i128>, String> {
        self.ws();
        let st = self.i;
        if self.s[self.i..].starts_with(b"0x") {
            return Ok(Err(self.int()?));
        }
        if self.peek() == b'-' {
            self.i += 1;
        }
        let mut float = false;
        while self.peek().is_ascii_digit()
            || b".eE".contains(&self.peek())
            || (float && b"+-".contains(&self.peek()) && b"eE".contains(&self.s[self.i - 1]))
        {
            if b".eE".contains(&self.peek()) {
                float = true;
            }
            self.i += 1;
        }
        let t = std::str::from_utf8(&self.s[st..self.i]).unwrap();
        if float {
            t.parse::<f64>().map(Ok).map_err(|e| e.to_string())
        } else {
            t.parse::<i128>()
                .map(Err)
                .map_err(|e| format!("{e}: {t:?}"))
        }
    }

    fn ty(&mut self) -> Result<Type, String> {
        self.ws();
        if self.peek() == b'(' {
            let ins = self.paren_types()?;
            self.expect("->")?;
            let outs = self.result_types()?;
            return Ok(Type::function(ins, outs));
        }
        let Some(id) = self.ident() else {
            return self.err("expected a type");
        };
        Ok(match id.as_str() {
            "index" => Type::Index,
            "f16" => Type::F16,
            "bf16" => Type::BF16,
            "f32" => Type::F32,
            "f64" => Type::F64,
            "vector" => {
                self.expect("<")?;
                let (dims, elem) = self.shape()?;
                self.expect(">")?;
                Type::vector(dims.into_iter().map(|d| d.unwrap_or(0)).collect(), elem)
            }
            "memref" => {
                self.expect("<")?;
                if self.eat("*") {
                    self.expect("x")?;
                    let e = self.ty()?;
                    self.expect(">")?;
                    return Ok(Type::unranked_memref(e));
                }
                let (dims, elem) = self.shape()?;
                let mut layout = Layout::Identity;
                if self.eat(",") {
                    self.expect("offset")?;
                    self.expect(":")?;
                    let offset = self.opt_int()?;
                    self.expect(",")?;
                    self.expect("strides")?;
                    self.expect(":")?;
                    self.expect("[")?;
                    let mut strides = Vec::new();
                    while !self.eat("]") {
                        strides.push(self.opt_int()?);
                        self.eat(",");
                    }
                    layout = Layout::Strided(StridedLayout { offset, strides });
                }
                self.expect(">")?;
                Type::memref_with_layout(dims, elem, layout)
            }
            s if s.starts_with('i') => {
                Type::Int(s[1..].parse().map_err(|_| format!("bad type {s}"))?)
            }
            s => return self.err(&format!("unknown type {s}")),
        })
    }
    fn opt_int(&mut self) -> Result<Option<i64>, String> {
        if self.eat("?") {
            Ok(None)
        } else {
            Ok(Some(self.int()? as i64))
        }
    }
    /// `2x?x4xf32` (dims then element type).
    fn shape(&mut self) -> Result<(Vec<Option<u64>>, Type), String> {
        let mut dims = Vec::new();
        loop {
            self.ws();
            if self.peek() == b'?' {
                self.i += 1;
                dims.push(None);
            } else if self.peek().is_ascii_digit() {
                let st = self.i;
                while self.peek().is_ascii_digit() {
                    self.i += 1;
                }
                dims.push(Some(
                    std::str::from_utf8(&self.s[st..self.i])
                        .unwrap()
                        .parse()
                        .unwrap(),
                ));
            } else {
                return Ok((dims, self.ty()?));
            }
            self.ws();
            if self.peek() == b'x' {
                self.i += 1;
            }
        }
    }
    fn paren_types(&mut self) -> Result<Vec<Type>, String> {
        self.expect("(")?;
        let mut v = Vec::new();
        while !self.eat(")") {
            v.push(self.ty()?);
            self.eat(",");
        }
        Ok(v)
    }
    fn result_types(&mut self) -> Result<Vec<Type>, String> {
        self.ws();
        if self.peek() == b'(' {
            let save = self.i;
            let v = self.paren_types()?;
            self.ws();
            if self.s[self.i..].starts_with(b"->") {
                self.i = save;
                return Ok(vec![self.ty()?]);
            }
            Ok(v)
        } else {
            Ok(vec![self.ty()?])
        }
    }

    fn func(&mut self) -> Result<Func, String> {
        if !self.eat_kw("func") {
            return self.err("expected func");
        }
        let name = self.sigil(b'@')?;
        let mut st = FnState {
            body: Body::new(),
            values: HashMap::new(),
            blocks: HashMap::new(),
        };
        self.expect("(")?;
        let mut inputs = Vec::new();
        let mut names = Vec::new();
        while !self.eat(")") {
            self.ws();
            if self.peek() == b'%' {
                names.push(self.sigil(b'%')?);
                self.expect(":")?;
            }
            inputs.push(self.ty()?);
            self.eat(",");
        }
        let results = if self.eat("->") {
            self.result_types()?
        } else {
            Vec::new()
        };
        let mut attrs = Vec::new();
        if self.eat_kw("attributes") {
            self.expect("{")?;
            while !self.eat("}") {
                let n = self.ident().unwrap_or_default();
                attrs.push(NamedAttr::new(n, Attribute::Unit));
                self.eat(",");
            }
        }
        let mut f = Func {
            name,
            kind: FuncKind::Std,
            ty: Type::function(inputs.clone(), results),
            attrs,
            body: None,
            loc: Default::default(),
        };
        if !self.eat("{") {
            return Ok(f);
        }
        let e = st.body.add_block(&inputs);
        for (n, &a) in names.iter().zip(st.body.block_args(e).to_vec().iter()) {
            st.values.insert(n.clone(), a);
        }
        let mut cur = e;
        loop {
            self.ws();
            if self.eat("}") {
                break;
            }
            if self.peek() == b'^' {
                let bn = self.sigil(b'^')?;
                let b = st.block(&bn);
                if self.eat("(") {
                    while !self.eat(")") {
                        let an = self.sigil(b'%')?;
                        self.expect(":")?;
                        let t = self.ty()?;
                        let a = st.body.add_block_arg(b, t);
                        st.values.insert(an, a);
                        self.eat(",");
                    }
                }
                self.expect(":")?;
                st.body.layout.push(b);
                cur = b;
                continue;
            }
            self.op(&mut st, cur)?;
        }
        f.body = Some(st.body);
        Ok(f)
    }

    fn val(&mut self, st: &FnState) -> Result<ValueId, String> {
        let n = self.sigil(b'%')?;
        let (base, idx) = match n.split_once('#') {
            Some((b, i)) => (b.to_string(), i.parse::<usize>().unwrap_or(0)),
            None => (n.clone(), 0),
        };
        // `%c#1`: the ident reader stops at '#'.
        let (base, idx) = if self.peek() == b'#' {
            self.i += 1;
            (n.clone(), self.int()? as usize)
        } else {
            (base, idx)
        };
        let key = if idx > 0 || st.values.contains_key(&format!("{base}#0")) {
            format!("{base}#{idx}")
        } else {
            base
        };
        st.values
            .get(&key)
            .copied()
            .ok_or_else(|| format!("unknown value %{key}"))
    }
    fn vals(&mut self, st: &FnState) -> Result<Vec<ValueId>, String> {
        let mut v = Vec::new();
        self.ws();
        while self.peek() == b'%' {
            v.push(self.val(st)?);
            if !self.eat(",") {
                break;
            }
            self.ws();
        }
        Ok(v)
    }
    fn succ(&mut self, st: &mut FnState) -> Result<(BlockId, Vec<ValueId>), String> {
        let n = self.sigil(b'^')?;
        let b = st.block(&n);
        let mut args = Vec::new();
        if self.eat("(") {
            args = self.vals(st)?;
            self.expect(":")?;
            while !self.eat(")") {
                self.ty()?;
                self.eat(",");
            }
        }
        Ok((b, args))
    }

    fn op(&mut self, st: &mut FnState, blk: BlockId) -> Result<(), String> {
        self.ws();
        let mut res_names = Vec::new();
        let mut nres = 0usize;
        if self.peek() == b'%' {
            let n = self.sigil(b'%')?;
            nres = 1;
            if self.eat(":") {
                nres = self.int()? as usize;
            }
            res_names.push(n);
            self.expect("=")?;
        }
        self.ws();
        let mut new;
        let result_types: Vec<Type>;
        if self.peek() == b'"' {
            self.i += 1;
            let st0 = self.i;
            while self.peek() != b'"' {
                self.i += 1;
            }
            let name = String::from_utf8_lossy(&self.s[st0..self.i]).to_string();
            self.i += 1;
            self.expect("(")?;
            let ops = self.vals(st)?;
            self.expect(")")?;
            let mut attrs = Vec::new();
            if self.eat("{") {
                while !self.eat("}") {
                    let n = self.ident().unwrap_or_default();
                    self.expect("=")?;
                    let v = self.attr_value()?;
                    attrs.push(NamedAttr::new(n, v));
                    self.eat(",");
                }
            }
            self.expect(":")?;
            let Type::Function(ft) = self.ty()? else {
                return self.err("expected a function type");
            };
            let full = if name.contains('.') {
                name.clone()
            } else {
                format!("std.{name}")
            };
            new = match OpKind::from_name(&full) {
                Some(k) if name.contains('.') => NewOp::new(k),
                _ => NewOp::unregistered(&name),
            };
            new = new.operands(ops);
            new.attrs = attrs;
            result_types = ft.results.clone();
        } else {
            let name = self.ident().unwrap_or_default();
            let short = name.strip_prefix("std.").unwrap_or(&name).to_string();
            let Some(kind) = OpKind::from_name(&format!("std.{short}")) else {
                return self.err(&format!("unknown op {name}"));
            };
            (new, result_types) = self.custom(st, kind)?;
        }
        let id = st.body.append_op(blk, new.results(result_types));
        let rs = st.body.op(id).results.clone();
        if let Some(n) = res_names.first() {
            if nres == 1 && rs.len() == 1 {
                st.values.insert(n.clone(), rs[0]);
            } else {
                for (k, r) in rs.iter().enumerate() {
                    st.values.insert(format!("{n}#{k}"), *r);
                }
            }
        }
        Ok(())
    }

    fn attr_value(&mut self) -> Result<Attribute, String> {
        self.ws();
        if self.peek() == b'"' {
            self.i += 1;
            let st0 = self.i;
            while self.peek() != b'"' {
                self.i += 1;
            }
            let s = String::from_utf8_lossy(&self.s[st0..self.i]).to_string();
            self.i += 1;
            return Ok(Attribute::Str(s));
        }
        if self.eat_kw("true") {
            return Ok(Attribute::Bool(true));
        }
        if self.eat_kw("false") {
            return Ok(Attribute::Bool(false));
        }
        let n = self.number()?;
        let ty = if self.eat(":") {
            self.ty()?
        } else {
            Type::i64()
        };
        Ok(match n {
            Ok(f) => Attribute::float(f, ty),
            Err(i) => Attribute::int(i, ty),
        })
    }

    fn scalar_attr(n: Result<f64, i128>, ty: &Type) -> Attribute {
        match (n, ty.is_float()) {
            (Ok(f), _) => Attribute::float(f, ty.clone()),
            (Err(i), true) => {
                let bits = i as u64;
                Attribute::Float {
                    bits,
                    ty: ty.clone(),
                }
            }
            (Err(i), false) if *ty == Type::Index => Attribute::Int {
                value: i,
                ty: Type::Index,
            },
            (Err(i), false) => Attribute::int(i, ty.clone()),
        }
    }

    fn custom(&mut self, st: &mut FnState, kind: OpKind) -> Result<(NewOp, Vec<Type>), String> {
        use OpKind::*;
        let op = NewOp::new(kind);
        Ok(match kind {
            Constant => {
                self.ws();
                if self.eat_kw("true") || self.eat_kw("false") {
                    let v = self.s[self.i - 4..self.i] == *b"true";
                    let t = if self.eat(":") {
                        self.ty()?
                    } else {
                        Type::i1()
                    };
                    return Ok((
                        op.attr("value", Attribute::int(v as i128, Type::i1())),
                        vec![t],
                    ));
                }
                if self.peek() == b'@' {
                    let f = self.sigil(b'@')?;
                    self.expect(":")?;
                    let t = self.ty()?;
                    return Ok((op.attr("value", Attribute::SymbolRef(f)), vec![t]));
                }
                if self.eat_kw("dense") {
                    self.expect("<")?;
                    let mut raw = Vec::new();
                    self.ws();
                    let splat = self.peek() != b'[';
                    loop {
                        self.ws();
                        if self.eat(">") {
                            break;
                        }
                        if self.eat("[") || self.eat("]") || self.eat(",") {
                            continue;
                        }
                        if self.eat_kw("true") {
                            raw.push(Err(1));
                        } else if self.eat_kw("false") {
                            raw.push(Err(0));
                        } else {
                            raw.push(self.number()?);
                        }
                    }
                    self.expect(":")?;
                    let t = self.ty()?;
                    let e = t.scalar_of().clone();
                    let vals: Vec<Attribute> =
                        raw.into_iter().map(|n| Self::scalar_attr(n, &e)).collect();
                    let values = if splat {
                        DenseValues::Splat(Box::new(vals[0].clone()))
                    } else {
                        DenseValues::Elements(vals)
                    };
                    return Ok((
                        op.attr(
                            "value",
                            Attribute::Dense {
                                ty: t.clone(),
                                values,
                            },
                        ),
                        vec![t],
                    ));
                }
                let n = self.number()?;
                self.expect(":")?;
                let t = self.ty()?;
                (op.attr("value", Self::scalar_attr(n, &t)), vec![t])
            }
            CmpI | CmpF => {
                let Attribute::Str(p) = self.attr_value()? else {
                    return self.err("predicate");
                };
                self.expect(",")?;
                let ops = self.vals(st)?;
                self.expect(":")?;
                let t = self.ty()?;
                let r = match &t {
                    Type::Vector(v) => Type::vector(v.shape.clone(), Type::i1()),
                    _ => Type::i1(),
                };
                (
                    op.operands(ops).attr("predicate", Attribute::Str(p)),
                    vec![r],
                )
            }
            k if k.is_int_binary() || k.is_float_binary() || matches!(k, NegF | AbsF | Select) => {
                let ops = self.vals(st)?;
                self.expect(":")?;
                let mut t = self.ty()?;
                if k == Select && self.eat(",") {
                    t = self.ty()?;
                }
                (op.operands(ops), vec![t])
            }
            k if k.is_std_cast() || k == MemRefCast => {
                let ops = self.vals(st)?;
                self.expect(":")?;
                self.ty()?;
                self.expect("to")?;
                let t = self.ty()?;
                (op.operands(ops), vec![t])
            }
            Alloc | Alloca => {
                self.expect("(")?;
                let ops = self.vals(st)?;
                self.expect(")")?;
                let mut op = op.operands(ops);
                if self.eat("{") {
                    self.expect("alignment")?;
                    self.expect("=")?;
                    let a = self.int()?;
                    self.expect("}")?;
                    op = op.attr("alignment", Attribute::int(a, Type::i64()));
                }
                self.expect(":")?;
                let t = self.ty()?;
                (op, vec![t])
            }
            Dealloc => {
                let ops = self.vals(st)?;
                self.expect(":")?;
                self.ty()?;
                (op.operands(ops), vec![])
            }
            Rank => {
                let ops = self.vals(st)?;
                self.expect(":")?;
                self.ty()?;
                (op.operands(ops), vec![Type::Index])
            }
            Load | Store | ExtractElement => {
                let mut ops = Vec::new();
                if kind == Store {
                    ops.push(self.val(st)?);
                    self.expect(",")?;
                }
                ops.push(self.val(st)?);
                self.expect("[")?;
                ops.extend(self.vals(st)?);
                self.expect("]")?;
                self.expect(":")?;
                let t = self.ty()?;
                let r = match kind {
                    Store => vec![],
                    _ => vec![t
                        .memref_elem()
                        .cloned()
                        .unwrap_or_else(|| t.scalar_of().clone())],
                };
                (op.operands(ops), r)
            }
            Dim => {
                let m = self.val(st)?;
                self.expect(",")?;
                self.ws();
                let op = if self.peek() == b'%' {
                    let i = self.val(st)?;
                    op.operands([m, i])
                } else {
                    let i = self.int()?;
                    op.operands([m]).attr("index", Attribute::index(i as i64))
                };
                self.expect(":")?;
                self.ty()?;
                (op, vec![Type::Index])
            }
            Splat => {
                let ops = self.vals(st)?;
                self.expect(":")?;
                let t = self.ty()?;
                (op.operands(ops), vec![t])
            }
            Br => {
                let (b, a) = self.succ(st)?;
                (op.successor(b, a), vec![])
            }
            CondBr => {
                let c = self.val(st)?;
                self.expect(",")?;
                let (b1, a1) = self.succ(st)?;
                self.expect(",")?;
                let (b2, a2) = self.succ(st)?;
                (op.operands([c]).successor(b1, a1).successor(b2, a2), vec![])
            }
            Call | CallIndirect => {
                let op = if kind == Call {
                    let f = self.sigil(b'@')?;
                    op.attr("callee", Attribute::SymbolRef(f))
                } else {
                    let f = self.val(st)?;
                    op.operands([f])
                };
                self.expect("(")?;
                let ops = self.vals(st)?;
                self.expect(")")?;
                self.expect(":")?;
                let Type::Function(ft) = self.ty()? else {
                    return self.err("call type");
                };
                (op.operands(ops), ft.results.clone())
            }
            Return => {
                let ops = self.vals(st)?;
                if !ops.is_empty() {
                    self.expect(":")?;
                    for _ in 0..ops.len() {
                        self.ty()?;
                        self.eat(",");
                    }
                }
                (op.operands(ops), vec![])
            }
            _ => return self.err("unsupported op"),
        })
    }
}
