//! Round-trip property of the Standard-dialect front end: random modules built
//! through the IR builders print, parse back, and are the same module — both as text
//! (printing the re-parsed module gives the same text) and structurally (same
//! functions, blocks, ops, operands by position, types, attributes and successors).
//!
//! The generator draws its choices from a proptest-shrinkable "tape" of numbers, so a
//! failure shrinks to a small module. 256 cases by default; the large run is
//! `PROPTEST_CASES=10000 cargo test -p converter --release --test roundtrip`.

use converter::ir::{
    Attribute, BlockId, Body, DenseValues, Func, Module, NamedAttr, NewOp, OpKind, Type, ValueDef,
    ValueId, CMPF_PREDICATES, CMPI_PREDICATES,
};
use converter::syntax::{parse_module, parse_type, print_module, PrintOptions};
use proptest::prelude::*;
use std::fmt::Write;

/// Draws choices from the tape; zeros once it runs out (so shrinking makes modules smaller).
struct Gen<'t> {
    tape: &'t [u32],
    pos: usize,
}

impl Gen<'_> {
    fn next(&mut self) -> u32 {
        let v = self.tape.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        v
    }
    fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u32) as usize]
    }
    fn wide(&mut self) -> u128 {
        let mut v = 0u128;
        for _ in 0..4 {
            v = (v << 32) | self.next() as u128;
        }
        v
    }
}

const WIDTHS: &[u32] = &[1, 2, 3, 7, 8, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128];

fn int_ty(g: &mut Gen) -> Type {
    if g.chance(20) {
        Type::Index
    } else {
        Type::Int(*g.pick(WIDTHS))
    }
}

fn float_ty(g: &mut Gen) -> Type {
    g.pick(&[Type::F16, Type::BF16, Type::F32, Type::F64])
        .clone()
}

fn scalar_ty(g: &mut Gen) -> Type {
    if g.chance(50) {
        int_ty(g)
    } else {
        float_ty(g)
    }
}

/// A vector of `elem`, or of i64 for `index` (LLVM 11's vectors hold no index).
fn vector_of(g: &mut Gen, elem: Type) -> Type {
    let rank = 1 + g.below(3);
    let shape = (0..rank).map(|_| 1 + g.below(4) as u64).collect();
    let elem = if elem == Type::Index {
        Type::i64()
    } else {
        elem
    };
    Type::vector(shape, elem)
}

fn memref_ty(g: &mut Gen) -> Type {
    let rank = g.below(4) as usize;
    let shape: Vec<Option<u64>> = (0..rank)
        .map(|_| {
            if g.chance(40) {
                None
            } else {
                Some(g.below(9) as u64)
            }
        })
        .collect();
    let elem = if g.chance(20) {
        let e = scalar_ty(g);
        vector_of(g, e)
    } else {
        scalar_ty(g)
    };
    let mut text = String::from("memref<");
    for d in &shape {
        match d {
            Some(n) => write!(text, "{n}x").unwrap(),
            None => text.push_str("?x"),
        }
    }
    write!(text, "{elem}").unwrap();
    match g.below(4) {
        1 => {
            let o = |g: &mut Gen| {
                if g.chance(30) {
                    "?".to_string()
                } else {
                    (g.below(100) as i64 - 20).to_string()
                }
            };
            let strides: Vec<String> = (0..rank).map(|_| o(g)).collect();
            write!(
                text,
                ", offset: {}, strides: [{}]",
                o(g),
                strides.join(", ")
            )
            .unwrap();
        }
        2 => {
            // An affine map: strided or not, with symbols.
            let syms = g.below(3);
            let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
            let symv: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
            let mut terms = Vec::new();
            for d in &dims {
                match g.below(5) {
                    0 => terms.push(d.clone()),
                    1 => terms.push(format!("{d} * {}", g.below(50))),
                    2 if syms > 0 => terms.push(format!("{d} * {}", g.pick(&symv))),
                    3 => terms.push(format!("{d} floordiv {}", 1 + g.below(4))),
                    _ => terms.push(format!("({d} - 3) * -2")),
                }
            }
            if syms > 0 && g.chance(50) {
                terms.push(g.pick(&symv).clone());
            }
            terms.push((g.below(20) as i64 - 10).to_string());
            let results = if rank > 1 && g.chance(20) {
                dims.join(", ")
            } else {
                terms.join(" + ")
            };
            let sym_list = if syms > 0 {
                format!("[{}]", symv.join(", "))
            } else {
                String::new()
            };
            write!(
                text,
                ", affine_map<({}){} -> ({results})>",
                dims.join(", "),
                sym_list
            )
            .unwrap();
        }
        _ => {}
    }
    if g.chance(15) {
        write!(text, ", {}", 1 + g.below(4)).unwrap();
    }
    text.push('>');
    parse_type(&text).unwrap_or_else(|d| panic!("generated type {text}: {d}"))
}

fn any_ty(g: &mut Gen) -> Type {
    match g.below(10) {
        0..=4 => scalar_ty(g),
        5 => {
            let e = scalar_ty(g);
            vector_of(g, e)
        }
        6 | 7 => memref_ty(g),
        8 => Type::unranked_memref(scalar_ty(g)),
        _ => {
            let n = g.below(3);
            let ins = (0..n).map(|_| scalar_ty(g)).collect();
            let m = g.below(3);
            let outs = (0..m).map(|_| scalar_ty(g)).collect();
            Type::function(ins, outs)
        }
    }
}

fn int_attr(g: &mut Gen, ty: &Type) -> Attribute {
    let v = match g.below(4) {
        0 => g.below(10) as i128,
        1 => -(g.below(10) as i128),
        _ => g.wide() as i128,
    };
    Attribute::int(v, ty.clone())
}

fn float_attr(g: &mut Gen, ty: &Type) -> Attribute {
    if g.chance(50) {
        let v = (g.next() as f64 - 2147483648.0) / (1 + g.below(1000)) as f64;
        Attribute::float(v, ty.clone())
    } else {
        let w = ty.bit_width().unwrap_or(64);
        let bits = (g.wide() as u64) & if w >= 64 { u64::MAX } else { (1 << w) - 1 };
        Attribute::Float {
            bits,
            ty: ty.clone(),
        }
    }
}

fn scalar_attr(g: &mut Gen, ty: &Type) -> Attribute {
    if ty.is_float() {
        float_attr(g, ty)
    } else if *ty == Type::i1() && g.chance(50) {
        Attribute::Bool(g.chance(50))
    } else {
        int_attr(g, ty)
    }
}

fn dense_attr(g: &mut Gen, ty: &Type) -> Attribute {
    let v = ty.as_vector().unwrap();
    let values = if g.chance(40) {
        DenseValues::Splat(Box::new(scalar_attr(g, &v.elem)))
    } else {
        DenseValues::Elements(
            (0..v.num_elements())
                .map(|_| scalar_attr(g, &v.elem))
                .collect(),
        )
    };
    Attribute::Dense {
        ty: ty.clone(),
        values,
    }
}

const NAMES: &[&str] = &[
    "k",
    "a.b",
    "with space",
    "x-y",
    "_u$1",
    "llvm.emit_c_interface",
    "\"q\"",
];
const STRINGS: &[&str] = &[
    "",
    "plain",
    "quote\"back\\slash",
    "new\nline\ttab",
    "é ü \u{1}",
];

fn any_attr(g: &mut Gen, depth: u32) -> Attribute {
    match g.below(if depth > 2 { 8 } else { 12 }) {
        0 => Attribute::Unit,
        1 => Attribute::Bool(g.chance(50)),
        2 | 3 => {
            let t = int_ty(g);
            int_attr(g, &t)
        }
        4 => {
            let t = float_ty(g);
            float_attr(g, &t)
        }
        5 => Attribute::Str(g.pick(STRINGS).to_string()),
        6 => Attribute::Type(any_ty(g)),
        7 => Attribute::SymbolRef(g.pick(&["f0", "odd name", "x.y"]).to_string()),
        8 => Attribute::Array((0..g.below(4)).map(|_| any_attr(g, depth + 1)).collect()),
        9 => Attribute::Dict(attr_list(g, depth + 1)),
        10 => Attribute::AffineMap(
            g.pick(&[
                "(d0, d1) -> (d1, d0)",
                "(d0)[s0] -> (d0 * s0 + 1)",
                "(d0) -> (d0 floordiv 2, -d0)",
                "() -> ()",
            ])
            .to_string(),
        ),
        _ => {
            let e = scalar_ty(g);
            let t = vector_of(g, e);
            dense_attr(g, &t)
        }
    }
}

fn attr_list(g: &mut Gen, depth: u32) -> Vec<NamedAttr> {
    let mut v: Vec<NamedAttr> = Vec::new();
    for _ in 0..g.below(3) {
        let name = g.pick(NAMES).to_string();
        if v.iter().all(|a| a.name != name) {
            let value = any_attr(g, depth);
            v.push(NamedAttr::new(name, value));
        }
    }
    v
}

/// The function signatures of the module being built.
struct Sigs {
    names: Vec<String>,
    types: Vec<Type>,
}

struct FnGen<'g, 't> {
    g: &'g mut Gen<'t>,
    body: Body,
    pool: Vec<ValueId>,
}

impl FnGen<'_, '_> {
    fn ty(&self, v: ValueId) -> Type {
        self.body.value_type(v).clone()
    }

    fn push(&mut self, b: BlockId, op: NewOp) -> Vec<ValueId> {
        let id = self.body.builder(b).push(op);
        let rs = self.body.op(id).results.clone();
        self.pool.extend(&rs);
        rs
    }

    fn push1(&mut self, b: BlockId, op: NewOp) -> ValueId {
        self.push(b, op)[0]
    }

    /// A value of type `ty`: an existing one, or a freshly made one.
    fn value_of(&mut self, b: BlockId, ty: &Type) -> ValueId {
        let existing: Vec<ValueId> = self
            .pool
            .iter()
            .copied()
            .filter(|&v| self.body.value_type(v) == ty)
            .collect();
        if !existing.is_empty() && self.g.chance(80) {
            return *self.g.pick(&existing);
        }
        let op = if ty.is_scalar() {
            let a = scalar_attr(self.g, ty);
            NewOp::new(OpKind::Constant)
                .attr("value", a)
                .result(ty.clone())
        } else if ty.as_vector().is_some() && self.g.chance(70) {
            let a = dense_attr(self.g, ty);
            NewOp::new(OpKind::Constant)
                .attr("value", a)
                .result(ty.clone())
        } else {
            NewOp::unregistered("test.make").result(ty.clone())
        };
        self.push1(b, op)
    }

    fn index(&mut self, b: BlockId) -> ValueId {
        self.value_of(b, &Type::Index)
    }

    fn gen_op(&mut self, b: BlockId, sigs: &Sigs) {
        use OpKind::*;
        let g_choice = self.g.below(22);
        match g_choice {
            0 => {
                let t = any_ty(self.g);
                self.value_of(b, &t);
            }
            1 | 2 => {
                let mut t = int_ty(self.g);
                if self.g.chance(25) {
                    t = vector_of(self.g, t);
                }
                let k = *self.g.pick(&[
                    AddI,
                    SubI,
                    MulI,
                    DivISigned,
                    DivIUnsigned,
                    RemISigned,
                    RemIUnsigned,
                    And,
                    Or,
                    Xor,
                    ShiftLeft,
                    ShiftRightSigned,
                    ShiftRightUnsigned,
                ]);
                let x = self.value_of(b, &t);
                let y = self.value_of(b, &t);
                let op = NewOp::new(k).operands([x, y]).result(t).attr_maybe(self.g);
                self.push1(b, op);
            }
            3 => {
                let mut t = float_ty(self.g);
                if self.g.chance(25) {
                    t = vector_of(self.g, t);
                }
                // Every float op of the op description: the binary ones, then the unary.
                let float_ops: Vec<OpKind> = OpKind::ALL
                    .iter()
                    .copied()
                    .filter(|k| k.is_float_binary())
                    .chain(OpKind::ALL.iter().copied().filter(|k| k.is_float_unary()))
                    .collect();
                let k = *self.g.pick(&float_ops);
                let x = self.value_of(b, &t);
                if k.is_float_unary() {
                    self.push1(b, NewOp::new(k).operands([x]).result(t));
                } else {
                    let y = self.value_of(b, &t);
                    self.push1(b, NewOp::new(k).operands([x, y]).result(t));
                }
            }
            4 => {
                let int = self.g.chance(50);
                let mut t = if int {
                    int_ty(self.g)
                } else {
                    float_ty(self.g)
                };
                if self.g.chance(25) {
                    t = vector_of(self.g, t);
                }
                let x = self.value_of(b, &t);
                let y = self.value_of(b, &t);
                let pred = if int {
                    *self.g.pick(&CMPI_PREDICATES)
                } else {
                    *self.g.pick(&CMPF_PREDICATES)
                };
                let mut bld = self.body.builder(b);
                let r = if int {
                    bld.cmpi(pred, x, y)
                } else {
                    bld.cmpf(pred, x, y)
                };
                self.pool.push(r);
            }
            5 => {
                let t = if self.g.chance(70) {
                    scalar_ty(self.g)
                } else {
                    memref_ty(self.g)
                };
                let (ct, t) = match (&t, self.g.chance(30)) {
                    (Type::Vector(_), _) => (t.clone(), t),
                    (_, true) => {
                        let e = scalar_ty(self.g);
                        let v = vector_of(self.g, e);
                        (
                            Type::vector(v.as_vector().unwrap().shape.clone(), Type::i1()),
                            v,
                        )
                    }
                    _ => (Type::i1(), t),
                };
                let c = self.value_of(b, &ct);
                let x = self.value_of(b, &t);
                let y = self.value_of(b, &t);
                self.push1(b, NewOp::new(Select).operands([c, x, y]).result(t));
            }
            6 | 7 => {
                let (k, from, to) = match self.g.below(8) {
                    0 => (IndexCast, int_ty(self.g), Type::Index),
                    1 => (IndexCast, Type::Index, int_ty(self.g)),
                    2 => (SIToFP, int_ty(self.g), float_ty(self.g)),
                    3 => (FPToSI, float_ty(self.g), int_ty(self.g)),
                    4 => (FPExt, Type::F16, Type::F32),
                    5 => (FPTrunc, Type::F64, float_ty(self.g)),
                    6 => (
                        *self.g.pick(&[ZExtI, SExtI]),
                        Type::Int(1 + self.g.below(40)),
                        Type::Int(41 + self.g.below(80)),
                    ),
                    _ => (
                        TruncI,
                        Type::Int(41 + self.g.below(80)),
                        Type::Int(1 + self.g.below(40)),
                    ),
                };
                let x = self.value_of(b, &from);
                self.push1(b, NewOp::new(k).operands([x]).result(to));
            }
            8 | 9 => {
                let t = memref_ty(self.g);
                let m = t.as_memref().unwrap().clone();
                let mut ops: Vec<ValueId> =
                    (0..m.num_dynamic_dims()).map(|_| self.index(b)).collect();
                if let converter::ir::Layout::Affine { text, .. } = &m.layout {
                    if text.contains("[s0") {
                        ops.push(self.index(b));
                    }
                }
                let k = if self.g.chance(70) { Alloc } else { Alloca };
                let mut op = NewOp::new(k).operands(ops).result(t.clone());
                if self.g.chance(30) {
                    op = op.attr("alignment", Attribute::int(16, Type::i64()));
                }
                let mv = self.push1(b, op);
                match self.g.below(6) {
                    0 => {
                        self.push(b, NewOp::new(Dealloc).operands([mv]));
                    }
                    1 => {
                        let idx: Vec<ValueId> = (0..m.rank()).map(|_| self.index(b)).collect();
                        let mut ops = vec![mv];
                        ops.extend(idx);
                        self.push1(b, NewOp::new(Load).operands(ops).result(m.elem.clone()));
                    }
                    2 => {
                        let v = self.value_of(b, &m.elem);
                        let idx: Vec<ValueId> = (0..m.rank()).map(|_| self.index(b)).collect();
                        let mut ops = vec![v, mv];
                        ops.extend(idx);
                        self.push(b, NewOp::new(Store).operands(ops));
                    }
                    3 if m.rank() > 0 => {
                        if self.g.chance(50) {
                            let i = self.g.below(m.rank() as u32) as i64;
                            self.push1(
                                b,
                                NewOp::new(Dim)
                                    .operands([mv])
                                    .attr("index", Attribute::index(i))
                                    .result(Type::Index),
                            );
                        } else {
                            let i = self.index(b);
                            self.push1(b, NewOp::new(Dim).operands([mv, i]).result(Type::Index));
                        }
                    }
                    4 => {
                        let u = self.push1(
                            b,
                            NewOp::new(MemRefCast)
                                .operands([mv])
                                .result(Type::unranked_memref(m.elem.clone())),
                        );
                        self.push1(b, NewOp::new(Rank).operands([u]).result(Type::Index));
                    }
                    _ => {}
                }
            }
            10 => {
                let e = scalar_ty(self.g);
                let v = vector_of(self.g, e);
                let e = v.as_vector().unwrap().elem.clone();
                let x = self.value_of(b, &e);
                let sv = self.push1(b, NewOp::new(Splat).operands([x]).result(v.clone()));
                let rank = v.as_vector().unwrap().shape.len();
                let mut ops = vec![sv];
                for _ in 0..rank {
                    ops.push(self.index(b));
                }
                self.push1(b, NewOp::new(ExtractElement).operands(ops).result(e));
            }
            11 | 12 => {
                let i = self.g.below(sigs.names.len() as u32) as usize;
                let ft = sigs.types[i].as_function().unwrap().clone();
                let args: Vec<ValueId> = ft.inputs.iter().map(|t| self.value_of(b, t)).collect();
                if self.g.chance(70) {
                    let op = NewOp::new(Call)
                        .operands(args)
                        .attr("callee", Attribute::SymbolRef(sigs.names[i].clone()))
                        .results(ft.results.clone());
                    self.push(b, op);
                } else {
                    let f = self.push1(
                        b,
                        NewOp::new(Constant)
                            .attr("value", Attribute::SymbolRef(sigs.names[i].clone()))
                            .result(sigs.types[i].clone()),
                    );
                    let mut ops = vec![f];
                    ops.extend(args);
                    self.push(
                        b,
                        NewOp::new(CallIndirect)
                            .operands(ops)
                            .results(ft.results.clone()),
                    );
                }
            }
            13 | 14 => {
                let name = *self
                    .g
                    .pick(&["use", "foo.bar", "test.weird \"name\"", "std2.x"]);
                let n = self.g.below(3);
                let ops: Vec<ValueId> = (0..n)
                    .map(|_| {
                        let t = any_ty(self.g);
                        self.value_of(b, &t)
                    })
                    .collect();
                let m = self.g.below(4);
                let results: Vec<Type> = (0..m).map(|_| any_ty(self.g)).collect();
                let attrs = attr_list(self.g, 0);
                let mut op = NewOp::unregistered(name).operands(ops).results(results);
                op.attrs = attrs;
                self.push(b, op);
            }
            15 => {
                // A known op in an odd shape: must fall back to generic form.
                let t = int_ty(self.g);
                let u = float_ty(self.g);
                let x = self.value_of(b, &t);
                let y = self.value_of(b, &u);
                self.push1(b, NewOp::new(AddI).operands([x, y]).result(t));
            }
            _ => {
                let t = scalar_ty(self.g);
                self.value_of(b, &t);
            }
        }
    }
}

trait AttrMaybe {
    fn attr_maybe(self, g: &mut Gen) -> Self;
}
impl AttrMaybe for NewOp {
    fn attr_maybe(mut self, g: &mut Gen) -> Self {
        if g.chance(15) {
            self.attrs = attr_list(g, 0);
        }
        self
    }
}

fn gen_module(tape: &[u32]) -> Module {
    let mut g = Gen { tape, pos: 0 };
    let mut m = Module::new("gen.mlir");
    if g.chance(20) {
        m.attrs = attr_list(&mut g, 0);
    }
    let nf = 1 + g.below(3) as usize;
    let mut sigs = Sigs {
        names: Vec::new(),
        types: Vec::new(),
    };
    for i in 0..nf {
        let name = match i {
            0 => "f0".to_string(),
            1 => "odd name".to_string(),
            _ => format!("f{i}"),
        };
        let ni = g.below(4);
        let ins: Vec<Type> = (0..ni).map(|_| any_ty(&mut g)).collect();
        let no = g.below(3);
        let outs: Vec<Type> = (0..no).map(|_| any_ty(&mut g)).collect();
        sigs.names.push(name);
        sigs.types.push(Type::function(ins, outs));
    }
    for i in 0..nf {
        let ft = sigs.types[i].as_function().unwrap().clone();
        let external = i > 0 && g.chance(25);
        let mut f = if external {
            Func::new_std_decl(&sigs.names[i], ft.inputs.clone(), ft.results.clone())
        } else {
            Func::new_std(&sigs.names[i], ft.inputs.clone(), ft.results.clone())
        };
        if g.chance(30) {
            f.attrs = attr_list(&mut g, 0);
        }
        if let Some(body) = f.body.take() {
            f.body = Some(gen_body(&mut g, body, &ft.results, &sigs));
        }
        m.funcs.push(f);
    }
    m
}

fn gen_body(g: &mut Gen, body: Body, results: &[Type], sigs: &Sigs) -> Body {
    let entry = body.entry().unwrap();
    let pool = body.block_args(entry).to_vec();
    let mut fg = FnGen { g, body, pool };
    // Create every block first (with arguments), then fill them.
    let nb = fg.g.below(4);
    let mut blocks = vec![entry];
    for _ in 0..nb {
        let na = fg.g.below(3);
        let tys: Vec<Type> = (0..na).map(|_| any_ty(fg.g)).collect();
        blocks.push(fg.body.add_block(&tys));
    }
    for (bi, &b) in blocks.clone().iter().enumerate() {
        if bi > 0 {
            let args = fg.body.block_args(b).to_vec();
            fg.pool.extend(args);
        }
        for _ in 0..fg.g.below(10) {
            fg.gen_op(b, sigs);
        }
        let succ = |fg: &mut FnGen| {
            let t = blocks[fg.g.below(blocks.len() as u32) as usize];
            let tys: Vec<Type> = fg.body.block_args(t).iter().map(|&a| fg.ty(a)).collect();
            let args: Vec<ValueId> = tys.iter().map(|ty| fg.value_of(b, ty)).collect();
            (t, args)
        };
        match fg.g.below(4) {
            0 => {
                let (t, a) = succ(&mut fg);
                fg.body.builder(b).br(t, a);
            }
            1 => {
                let c = fg.value_of(b, &Type::i1());
                let (t, ta) = succ(&mut fg);
                let (f, fa) = succ(&mut fg);
                fg.body.builder(b).cond_br(c, t, ta, f, fa);
            }
            2 if fg.g.chance(30) => {
                // An unregistered op with a successor.
                let (t, a) = succ(&mut fg);
                fg.push(b, NewOp::unregistered("foo.br").successor(t, a));
            }
            _ => {
                let vals: Vec<ValueId> = results.iter().map(|t| fg.value_of(b, t)).collect();
                fg.body.builder(b).ret(vals);
            }
        }
    }
    fg.body
}

/// A description of a module that is independent of ids: values are named by where
/// they are defined (block position and argument index, or op position and result).
fn describe(m: &Module) -> String {
    let mut out = String::new();
    let mut attrs = m.attrs.clone();
    attrs.sort_by(|a, b| a.name.cmp(&b.name));
    writeln!(out, "module {attrs:?}").unwrap();
    for f in &m.funcs {
        let mut fa = f.attrs.clone();
        fa.sort_by(|a, b| a.name.cmp(&b.name));
        writeln!(
            out,
            "func {:?} {:?} {:?} {fa:?} external={}",
            f.name,
            f.kind,
            f.ty,
            f.is_external()
        )
        .unwrap();
        let Some(body) = &f.body else { continue };
        let bpos = |b: BlockId| body.layout.iter().position(|&x| x == b);
        let mut op_pos = std::collections::HashMap::new();
        for (bi, &b) in body.layout.iter().enumerate() {
            for (oi, &op) in body.block(b).ops.iter().enumerate() {
                op_pos.insert(op, (bi, oi));
            }
        }
        let vname = |v: ValueId| -> String {
            match body.values.get(v.index()).map(|d| d.def) {
                Some(ValueDef::BlockArg { block, index }) => {
                    format!("arg({:?},{index})", bpos(block))
                }
                Some(ValueDef::OpResult { op, index }) => {
                    format!("res({:?},{index})", op_pos.get(&op))
                }
                None => "invalid".into(),
            }
        };
        for (bi, &b) in body.layout.iter().enumerate() {
            let tys: Vec<&Type> = body
                .block_args(b)
                .iter()
                .map(|&a| body.value_type(a))
                .collect();
            writeln!(out, " block {bi} {tys:?}").unwrap();
            for &op in &body.block(b).ops {
                let o = body.op(op);
                let mut a = o.attrs.clone();
                a.sort_by(|x, y| x.name.cmp(&y.name));
                let operands: Vec<String> = o.operands.iter().map(|&v| vname(v)).collect();
                let rtys: Vec<&Type> = o.results.iter().map(|&v| body.value_type(v)).collect();
                let succs: Vec<String> = o
                    .successors
                    .iter()
                    .map(|s| {
                        format!(
                            "{:?}{:?}",
                            bpos(s.block),
                            s.args.iter().map(|&v| vname(v)).collect::<Vec<_>>()
                        )
                    })
                    .collect();
                writeln!(
                    out,
                    "  {:?} {:?} {operands:?} -> {rtys:?} {a:?} {succs:?}",
                    o.kind, o.unregistered_name
                )
                .unwrap();
            }
        }
    }
    out
}

fn check_round_trip(m: &Module) -> Result<(), TestCaseError> {
    let want = describe(m);
    for generic in [false, true] {
        let opts = PrintOptions { generic };
        let text = print_module(m, &opts);
        let back = match parse_module("rt.mlir", text.as_bytes()) {
            Ok(b) => b,
            Err(d) => {
                return Err(TestCaseError::fail(format!(
                    "{}\n{text}",
                    d.render("rt.mlir", Some(&text))
                )))
            }
        };
        prop_assert_eq!(
            print_module(&back, &opts),
            text.clone(),
            "re-printed text differs"
        );
        let got = describe(&back);
        prop_assert!(
            got == want,
            "structure differs (generic={}):\n{}\n--- want\n{}\n--- got\n{}",
            generic,
            text,
            want,
            got
        );
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn printed_modules_parse_back_to_the_same_module(tape in prop::collection::vec(any::<u32>(), 0..600)) {
        let m = gen_module(&tape);
        check_round_trip(&m)?;
    }
}

#[test]
fn generator_covers_every_standard_op() {
    // Over a fixed set of tapes, every Standard op kind appears at least once.
    let mut seen = std::collections::HashSet::new();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..400 {
        let tape: Vec<u32> = (0..600)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u32
            })
            .collect();
        let m = gen_module(&tape);
        check_round_trip(&m).unwrap();
        for f in &m.funcs {
            if let Some(b) = &f.body {
                for op in b.walk_ops() {
                    seen.insert(b.op(op).kind);
                }
            }
        }
    }
    let missing: Vec<&OpKind> = OpKind::ALL
        .iter()
        .filter(|k| k.is_std() && !seen.contains(k))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
