//! IR -> flat code. Each function is compiled once, before anything runs, into an
//! array of small `Copy` instructions whose operands are register slots and whose
//! branch targets are instruction indexes; everything the loop would otherwise look up
//! (callees, predicates, widths, static shapes, block-argument moves) is resolved here.
//!
//! Registers come in two files per frame: scalar slots (`i128`: integers, index,
//! float bits, function references as function numbers) and object slots (vectors and
//! memref views). A slot operand with the [`OBJ`] bit set names an object slot.
//!
//! Constructs that cannot be interpreted (unregistered ops, LLVM-dialect ops, affine
//! layouts that are not strided) compile to a `Fail` instruction, so that only code
//! that is actually reached reports them.

use crate::floats::{self, FKind, FloatOp, MathFn};
use crate::ints::{self, IntOp};
use crate::memory::ViewCheck;
use crate::ops::{Op1, Op2};
use converter::ir::{
    Attribute, Body, DenseValues, FunctionType, Module, OpData, OpKind, StdOp, Type, ValueId,
    CMPF_PREDICATES, CMPI_PREDICATES,
};
use converter::Loc;
use std::collections::HashMap;

/// Tag bit of an object-register slot in slot lists.
pub const OBJ: u32 = 1 << 31;

/// One instruction. Slot fields index the frame's scalar (`s`) or object (`o`) file.
#[derive(Clone, Copy, Debug)]
pub enum Inst {
    /// `s[d] = consts[k]`.
    Const {
        d: u32,
        k: u32,
    },
    /// `o[d] = vconsts[k]` (a vector constant).
    ConstV {
        d: u32,
        k: u32,
    },
    IntBin {
        op: IntOp,
        w: u8,
        d: u32,
        a: u32,
        b: u32,
    },
    /// Fast paths for the 64-bit integers and index of loop code.
    Add64 {
        d: u32,
        a: u32,
        b: u32,
    },
    Sub64 {
        d: u32,
        a: u32,
        b: u32,
    },
    Mul64 {
        d: u32,
        a: u32,
        b: u32,
    },
    CmpI {
        pred: u8,
        w: u8,
        d: u32,
        a: u32,
        b: u32,
    },
    FBin {
        op: FloatOp,
        k: FKind,
        d: u32,
        a: u32,
        b: u32,
    },
    CmpF {
        pred: u8,
        k: FKind,
        d: u32,
        a: u32,
        b: u32,
    },
    Un {
        op: Op1,
        d: u32,
        a: u32,
    },
    /// Scalar select.
    Select {
        d: u32,
        c: u32,
        a: u32,
        b: u32,
    },
    /// Select of objects with a scalar condition.
    SelectO {
        d: u32,
        c: u32,
        a: u32,
        b: u32,
    },
    /// Element-wise select with a vector condition (all object slots).
    VSelect {
        d: u32,
        c: u32,
        a: u32,
        b: u32,
    },
    VBin {
        op: Op2,
        d: u32,
        a: u32,
        b: u32,
    },
    VUn {
        op: Op1,
        d: u32,
        a: u32,
    },
    Splat {
        d: u32,
        a: u32,
        n: u32,
    },
    Extract {
        d: u32,
        v: u32,
        info: u32,
    },
    Alloc {
        info: u32,
    },
    Dealloc {
        m: u32,
    },
    /// `s[d] = m[idx...]` where the indices are `lists[idx..idx+n]`.
    Load {
        d: u32,
        m: u32,
        idx: u32,
        n: u32,
    },
    /// Load of a vector element into `o[d]`.
    LoadV {
        d: u32,
        m: u32,
        idx: u32,
        n: u32,
    },
    Store {
        v: u32,
        m: u32,
        idx: u32,
        n: u32,
    },
    StoreV {
        v: u32,
        m: u32,
        idx: u32,
        n: u32,
    },
    /// `dim` with a constant dimension.
    Dim {
        d: u32,
        m: u32,
        k: u32,
    },
    /// `dim` with the dimension in scalar slot `i`.
    DimDyn {
        d: u32,
        m: u32,
        i: u32,
    },
    Rank {
        d: u32,
        m: u32,
    },
    MemRefCast {
        d: u32,
        m: u32,
        info: u32,
    },
    Br {
        e: u32,
    },
    CondBr {
        c: u32,
        t: u32,
        f: u32,
    },
    Call {
        info: u32,
    },
    /// Call through the function reference in scalar slot `f`.
    CallInd {
        f: u32,
        info: u32,
    },
    /// Returns `lists[start..start+n]`.
    Return {
        start: u32,
        n: u32,
    },
    /// Stops with `Trap::Error(msgs[msg])`.
    Fail {
        msg: u32,
    },
}

/// A branch edge: target instruction and the block-argument moves.
#[derive(Clone, Debug)]
pub struct Edge {
    pub pc: u32,
    pub block: u32,
    /// `(src, dst)` tagged slots.
    pub moves: Vec<(u32, u32)>,
    /// True when a destination is also a source: moves go through scratch registers.
    pub parallel: bool,
    /// When not `parallel`: the scalar moves as untagged `(src, dst)` registers...
    pub smoves: Vec<(u32, u32)>,
    /// ... and the object moves.
    pub omoves: Vec<(u32, u32)>,
}

#[derive(Clone, Debug)]
pub struct CallInfo {
    /// Callee function number (unused for `CallInd`).
    pub callee: u32,
    pub args: Vec<u32>,
    pub results: Vec<u32>,
    pub arg_types: Vec<Type>,
    pub result_types: Vec<Type>,
}

#[derive(Clone, Debug)]
pub struct AllocInfo {
    pub d: u32,
    /// Static sizes, `None` for a dynamic one taken from the next of `dyn_sizes`.
    pub shape: Vec<Option<u64>>,
    pub dyn_sizes: Vec<u32>,
    /// Static offset and strides; `None` for the identity (row-major) layout.
    pub layout: Option<(i64, Vec<i64>)>,
    pub lanes: usize,
    pub align: u64,
    pub stack: bool,
    /// The element type, for the record of heap allocations ([`crate::HeapEvent`]).
    pub elem: Type,
}

#[derive(Clone, Debug)]
pub struct ExtractInfo {
    pub idx: Vec<u32>,
    pub shape: Vec<u64>,
}

/// A compiled function.
#[derive(Debug)]
pub struct CFunc {
    pub name: String,
    pub ty: FunctionType,
    pub external: bool,
    pub code: Vec<Inst>,
    pub locs: Vec<Loc>,
    pub n_s: u32,
    pub n_o: u32,
    /// Tagged slots of the entry block's arguments.
    pub params: Vec<u32>,
    pub lists: Vec<u32>,
    pub edges: Vec<Edge>,
    pub calls: Vec<CallInfo>,
    pub allocs: Vec<AllocInfo>,
    pub casts: Vec<ViewCheck>,
    pub extracts: Vec<ExtractInfo>,
    pub vconsts: Vec<Box<[i128]>>,
    pub msgs: Vec<String>,
    pub loc: Loc,
    /// Whether a result is an unranked memref (its return is a [`crate::HeapEvent`]).
    pub returns_unranked: bool,
}

/// A compiled module.
#[derive(Debug)]
pub struct Program {
    pub funcs: Vec<CFunc>,
    pub consts: Vec<i128>,
    pub index_width: u32,
    pub by_name: HashMap<String, u32>,
}

/// The scalar kind of a type: an integer width or a float kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scalar {
    Int(u32),
    Float(FKind),
}

pub fn scalar_kind(t: &Type, index_width: u32) -> Option<Scalar> {
    Some(match t {
        Type::Int(w) => Scalar::Int(*w),
        Type::Index => Scalar::Int(index_width),
        Type::F16 => Scalar::Float(FKind::F16),
        Type::BF16 => Scalar::Float(FKind::BF16),
        Type::F32 => Scalar::Float(FKind::F32),
        Type::F64 => Scalar::Float(FKind::F64),
        _ => return None,
    })
}

/// True for types held in object registers.
pub fn is_obj(t: &Type) -> bool {
    matches!(
        t,
        Type::Vector(_) | Type::MemRef(_) | Type::UnrankedMemRef(..)
    )
}

/// Number of cells of one element of a memref with element type `t`.
pub fn lanes_of(t: &Type) -> usize {
    match t {
        Type::Vector(v) => v.num_elements() as usize,
        _ => 1,
    }
}

/// The static facts of a memref type, or `None` for a layout that is not strided.
pub fn view_check(t: &Type) -> Option<ViewCheck> {
    match t {
        Type::MemRef(m) => {
            let s = m.strided_form()?;
            Some(ViewCheck {
                rank: Some(m.rank()),
                sizes: m.shape.iter().map(|d| d.map(|x| x as i64)).collect(),
                offset: s.offset,
                strides: s.strides.clone(),
                type_text: t.to_string(),
            })
        }
        _ => Some(ViewCheck {
            rank: None,
            sizes: vec![],
            offset: None,
            strides: vec![],
            type_text: t.to_string(),
        }),
    }
}

impl Program {
    pub fn compile(m: &Module, index_width: u32) -> Program {
        let by_name: HashMap<String, u32> = m
            .funcs
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.clone(), i as u32))
            .collect();
        let mut consts = Vec::new();
        let funcs = m
            .funcs
            .iter()
            .map(|f| {
                let ty = f.std_type().cloned().unwrap_or(FunctionType {
                    inputs: vec![],
                    results: vec![],
                });
                let returns_unranked = ty
                    .results
                    .iter()
                    .any(|t| matches!(t, Type::UnrankedMemRef(..)));
                let mut c = CFunc {
                    name: f.name.clone(),
                    ty,
                    external: f.body.is_none(),
                    code: vec![],
                    locs: vec![],
                    n_s: 0,
                    n_o: 0,
                    params: vec![],
                    lists: vec![],
                    edges: vec![],
                    calls: vec![],
                    allocs: vec![],
                    casts: vec![],
                    extracts: vec![],
                    vconsts: vec![],
                    msgs: vec![],
                    loc: f.loc,
                    returns_unranked,
                };
                if let Some(body) = &f.body {
                    let mut fc = FnCompiler {
                        body,
                        slots: vec![u32::MAX; body.values.len()],
                        out: &mut c,
                        consts: &mut consts,
                        by_name: &by_name,
                        iw: index_width,
                        loc: f.loc,
                    };
                    if f.std_type().is_none() {
                        fc.fail(format!(
                            "cannot interpret LLVM dialect function '@{}'",
                            f.name
                        ));
                    } else {
                        fc.compile();
                    }
                }
                c
            })
            .collect();
        Program {
            funcs,
            consts,
            index_width,
            by_name,
        }
    }
}

struct FnCompiler<'a> {
    body: &'a Body,
    slots: Vec<u32>,
    out: &'a mut CFunc,
    consts: &'a mut Vec<i128>,
    by_name: &'a HashMap<String, u32>,
    iw: u32,
    loc: Loc,
}

/// The width of a scalar integer kind as stored in instructions.
fn w8(w: u32) -> u8 {
    w.min(128) as u8
}

impl FnCompiler<'_> {
    fn slot(&mut self, v: ValueId) -> u32 {
        let s = self.slots[v.index()];
        if s != u32::MAX {
            return s;
        }
        let s = if is_obj(self.body.value_type(v)) {
            self.out.n_o += 1;
            (self.out.n_o - 1) | OBJ
        } else {
            self.out.n_s += 1;
            self.out.n_s - 1
        };
        self.slots[v.index()] = s;
        s
    }
    /// The untagged register index of `v`.
    fn reg(&mut self, v: ValueId) -> u32 {
        self.slot(v) & !OBJ
    }
    fn ty(&self, v: ValueId) -> &Type {
        self.body.value_type(v)
    }
    fn emit(&mut self, i: Inst) {
        self.out.code.push(i);
        self.out.locs.push(self.loc);
    }
    fn fail(&mut self, msg: String) {
        self.out.msgs.push(msg);
        let m = self.out.msgs.len() as u32 - 1;
        self.emit(Inst::Fail { msg: m });
    }
    fn list(&mut self, vs: &[ValueId]) -> (u32, u32) {
        let start = self.out.lists.len() as u32;
        for &v in vs {
            let s = self.slot(v);
            self.out.lists.push(s);
        }
        (start, vs.len() as u32)
    }
    fn konst(&mut self, v: i128) -> u32 {
        self.consts.push(v);
        self.consts.len() as u32 - 1
    }
    fn scalar(&self, t: &Type) -> Option<Scalar> {
        scalar_kind(t.scalar_of(), self.iw)
    }

    fn compile(&mut self) {
        let body = self.body;
        if let Some(entry) = body.entry() {
            let params: Vec<u32> = body
                .block_args(entry)
                .iter()
                .map(|&v| self.slot(v))
                .collect();
            self.out.params = params;
        }
        let mut block_pc = vec![u32::MAX; body.blocks.len()];
        for &b in &body.layout {
            block_pc[b.index()] = self.out.code.len() as u32;
            for &op in &body.block(b).ops {
                let data = body.op(op);
                self.loc = data.loc;
                if let Err(msg) = self.op(data) {
                    self.fail(msg);
                }
            }
            // A block that falls off its end (unverified input) must not run into the next.
            if body
                .block(b)
                .ops
                .last()
                .is_none_or(|&o| !body.op(o).kind.is_terminator())
            {
                self.fail("block without a terminator".into());
            }
        }
        for e in &mut self.out.edges {
            e.pc = block_pc[e.block as usize];
        }
        if self.out.edges.iter().any(|e| e.pc == u32::MAX) || self.out.code.is_empty() {
            self.out.code.clear();
            self.out.locs.clear();
            self.fail("branch to a block that is not in the function".into());
        }
    }

    fn edge(&mut self, s: &converter::ir::Successor) -> Result<u32, String> {
        let params = self.body.block_args(s.block).to_vec();
        if params.len() != s.args.len() {
            return Err("branch operand count does not match the block's arguments".into());
        }
        let mut moves = Vec::new();
        for (&a, &p) in s.args.iter().zip(&params) {
            let (src, dst) = (self.slot(a), self.slot(p));
            if src != dst {
                moves.push((src, dst));
            }
        }
        let parallel = moves
            .iter()
            .any(|&(_, d)| moves.iter().any(|&(s, _)| s == d));
        let split = |obj: bool| -> Vec<(u32, u32)> {
            moves
                .iter()
                .filter(|&&(s, _)| (s & OBJ != 0) == obj)
                .map(|&(s, d)| (s & !OBJ, d & !OBJ))
                .collect()
        };
        let (smoves, omoves) = (split(false), split(true));
        self.out.edges.push(Edge {
            pc: u32::MAX,
            block: s.block.0,
            moves,
            parallel,
            smoves,
            omoves,
        });
        Ok(self.out.edges.len() as u32 - 1)
    }

    /// Compiles one op: one arm per Standard op (no catch-all, so a new Standard op is a
    /// compile error here until it has semantics), each a call to the function of its
    /// shape.
    fn op(&mut self, op: &OpData) -> Result<(), String> {
        use StdOp as S;
        let k = op.kind;
        // LLVM ops are not interpreted (the lowering's output runs in the JIT); an
        // unregistered op is an error of its own.
        let Some(std_op) = k.std() else {
            return Err(if k == OpKind::Unregistered {
                format!("cannot interpret unregistered op '{}'", op.name())
            } else {
                format!("cannot interpret op '{}'", k.name())
            });
        };
        match std_op {
            S::Constant => self.constant(op, res(op, 0)?),
            S::AddI => self.int_binary(op, IntOp::Add),
            S::SubI => self.int_binary(op, IntOp::Sub),
            S::MulI => self.int_binary(op, IntOp::Mul),
            S::DivISigned => self.int_binary(op, IntOp::DivS),
            S::DivIUnsigned => self.int_binary(op, IntOp::DivU),
            S::RemISigned => self.int_binary(op, IntOp::RemS),
            S::RemIUnsigned => self.int_binary(op, IntOp::RemU),
            S::And => self.int_binary(op, IntOp::And),
            S::Or => self.int_binary(op, IntOp::Or),
            S::Xor => self.int_binary(op, IntOp::Xor),
            S::ShiftLeft => self.int_binary(op, IntOp::Shl),
            S::ShiftRightSigned => self.int_binary(op, IntOp::ShrS),
            S::ShiftRightUnsigned => self.int_binary(op, IntOp::ShrU),
            S::AddF => self.float_binary(op, FloatOp::Add),
            S::SubF => self.float_binary(op, FloatOp::Sub),
            S::MulF => self.float_binary(op, FloatOp::Mul),
            S::DivF => self.float_binary(op, FloatOp::Div),
            S::RemF => self.float_binary(op, FloatOp::Rem),
            S::CopySign => self.float_binary(op, FloatOp::CopySign),
            S::NegF => self.float_unary(op, Op1::NegF),
            S::AbsF => self.float_unary(op, Op1::AbsF),
            S::Sqrt => self.math(op, MathFn::Sqrt),
            S::Rsqrt => self.math(op, MathFn::Rsqrt),
            S::Exp => self.math(op, MathFn::Exp),
            S::Exp2 => self.math(op, MathFn::Exp2),
            S::Log => self.math(op, MathFn::Log),
            S::Log2 => self.math(op, MathFn::Log2),
            S::Log10 => self.math(op, MathFn::Log10),
            S::Sin => self.math(op, MathFn::Sin),
            S::Cos => self.math(op, MathFn::Cos),
            S::CeilF => self.math(op, MathFn::Ceil),
            S::CmpI => self.compare(op, &CMPI_PREDICATES),
            S::CmpF => self.compare(op, &CMPF_PREDICATES),
            S::IndexCast | S::TruncI | S::SExtI => self.cast(op, Cast::SExt),
            S::ZExtI => self.cast(op, Cast::ZExt),
            S::SIToFP => self.cast(op, Cast::SIToFP),
            S::FPToSI => self.cast(op, Cast::FPToSI),
            S::FPExt | S::FPTrunc => self.cast(op, Cast::FConv),
            S::Select => self.select(op),
            S::Splat => self.splat(op),
            S::ExtractElement => self.extract_element(op),
            S::Alloc | S::Alloca => self.alloc(op, res(op, 0)?),
            S::Dealloc => self.dealloc(op),
            S::Load => self.load(op),
            S::Store => self.store(op),
            S::Dim => self.dim(op),
            S::Rank => self.rank(op),
            S::MemRefCast => self.memref_cast(op),
            S::Br => self.br(op),
            S::CondBr => self.cond_br(op),
            S::Call => self.call(op),
            S::CallIndirect => self.call_indirect(op),
            S::Return => self.ret(op),
        }
    }

    /// An integer binary op (`IntBinary`), with fast paths for 64-bit add, sub, mul.
    fn int_binary(&mut self, op: &OpData, int_op: IntOp) -> Result<(), String> {
        let (a, b, r) = (arg(op, 0)?, arg(op, 1)?, res(op, 0)?);
        let Some(Scalar::Int(w)) = self.scalar(self.ty(a)) else {
            return Err(format!("'{}' on a non-integer type", op.name()));
        };
        let (d, a, b) = (self.reg(r), self.reg(a), self.reg(b));
        if is_obj(self.ty(r)) {
            self.emit(Inst::VBin {
                op: Op2::Int(int_op, w8(w)),
                d,
                a,
                b,
            });
        } else {
            self.emit(match (int_op, w) {
                (IntOp::Add, 64) => Inst::Add64 { d, a, b },
                (IntOp::Sub, 64) => Inst::Sub64 { d, a, b },
                (IntOp::Mul, 64) => Inst::Mul64 { d, a, b },
                _ => Inst::IntBin {
                    op: int_op,
                    w: w8(w),
                    d,
                    a,
                    b,
                },
            });
        }
        Ok(())
    }

    /// A float binary op (`FloatBinary`).
    fn float_binary(&mut self, op: &OpData, fop: FloatOp) -> Result<(), String> {
        let (a, b, r) = (arg(op, 0)?, arg(op, 1)?, res(op, 0)?);
        let Some(Scalar::Float(k)) = self.scalar(self.ty(a)) else {
            return Err(format!("'{}' on a non-float type", op.name()));
        };
        let (d, a, b) = (self.reg(r), self.reg(a), self.reg(b));
        if is_obj(self.ty(r)) {
            self.emit(Inst::VBin {
                op: Op2::Float(fop, k),
                d,
                a,
                b,
            });
        } else {
            self.emit(Inst::FBin {
                op: fop,
                k,
                d,
                a,
                b,
            });
        }
        Ok(())
    }

    /// A float unary op (`FloatUnary`): `eval` is the element operation for the
    /// operand's float kind.
    fn float_unary(&mut self, op: &OpData, eval: impl Fn(FKind) -> Op1) -> Result<(), String> {
        let (a, r) = (arg(op, 0)?, res(op, 0)?);
        let Some(Scalar::Float(fk)) = self.scalar(self.ty(a)) else {
            return Err(format!("'{}' on a non-float type", op.name()));
        };
        self.unary(eval(fk), a, r);
        Ok(())
    }

    /// A float unary op computed by a math function.
    fn math(&mut self, op: &OpData, f: MathFn) -> Result<(), String> {
        self.float_unary(op, |fk| Op1::Math(f, fk))
    }

    /// `cmpi` / `cmpf`: `names` are the predicates, in the order of their numbers.
    fn compare(&mut self, op: &OpData, names: &[&str]) -> Result<(), String> {
        let (a, b, r) = (arg(op, 0)?, arg(op, 1)?, res(op, 0)?);
        let pred = match op.attr("predicate") {
            Some(Attribute::Str(s)) => names.iter().position(|p| p == s),
            Some(a) => a.as_int().map(|i| i as usize).filter(|&i| i < names.len()),
            None => None,
        }
        .ok_or_else(|| format!("'{}' without a valid predicate", op.name()))?
            as u8;
        let kind = self.scalar(self.ty(a));
        let vec = is_obj(self.ty(r));
        let (d, a, b) = (self.reg(r), self.reg(a), self.reg(b));
        let int = op.kind == OpKind::CmpI;
        match (int, kind, vec) {
            (true, Some(Scalar::Int(w)), false) => self.emit(Inst::CmpI {
                pred,
                w: w8(w),
                d,
                a,
                b,
            }),
            (true, Some(Scalar::Int(w)), true) => self.emit(Inst::VBin {
                op: Op2::CmpI(pred, w8(w)),
                d,
                a,
                b,
            }),
            (false, Some(Scalar::Float(k)), false) => self.emit(Inst::CmpF { pred, k, d, a, b }),
            (false, Some(Scalar::Float(k)), true) => self.emit(Inst::VBin {
                op: Op2::CmpF(pred, k),
                d,
                a,
                b,
            }),
            _ => return Err(format!("'{}' on operands of the wrong type", op.name())),
        }
        Ok(())
    }

    /// A cast (`Cast`) of the kind `cast`, between the scalar kinds it accepts.
    fn cast(&mut self, op: &OpData, cast: Cast) -> Result<(), String> {
        let (a, r) = (arg(op, 0)?, res(op, 0)?);
        let from = self.scalar(self.ty(a));
        let to = self.scalar(self.ty(r));
        let o = match (cast, from, to) {
            (Cast::SExt, Some(Scalar::Int(_)), Some(Scalar::Int(t))) => Op1::SExt(w8(t)),
            (Cast::ZExt, Some(Scalar::Int(f)), Some(Scalar::Int(_))) => Op1::ZExt(w8(f)),
            (Cast::SIToFP, Some(Scalar::Int(_)), Some(Scalar::Float(t))) => Op1::SIToFP(t),
            (Cast::FPToSI, Some(Scalar::Float(f)), Some(Scalar::Int(t))) => Op1::FPToSI(f, w8(t)),
            (Cast::FConv, Some(Scalar::Float(f)), Some(Scalar::Float(t))) => Op1::FConv(f, t),
            _ => return Err(format!("'{}' between unsupported types", op.name())),
        };
        self.unary(o, a, r);
        Ok(())
    }

    fn select(&mut self, op: &OpData) -> Result<(), String> {
        let (c, a, b, r) = (arg(op, 0)?, arg(op, 1)?, arg(op, 2)?, res(op, 0)?);
        let vcond = is_obj(self.ty(c));
        let obj = is_obj(self.ty(r));
        let (d, c, a, b) = (self.reg(r), self.reg(c), self.reg(a), self.reg(b));
        self.emit(match (vcond, obj) {
            (true, _) => Inst::VSelect { d, c, a, b },
            (false, true) => Inst::SelectO { d, c, a, b },
            (false, false) => Inst::Select { d, c, a, b },
        });
        Ok(())
    }

    fn splat(&mut self, op: &OpData) -> Result<(), String> {
        let (a, r) = (arg(op, 0)?, res(op, 0)?);
        let n = match self.ty(r) {
            Type::Vector(v) => v.num_elements() as u32,
            _ => return Err("'splat' to a non-vector type".into()),
        };
        let (d, a) = (self.reg(r), self.reg(a));
        self.emit(Inst::Splat { d, a, n });
        Ok(())
    }

    fn extract_element(&mut self, op: &OpData) -> Result<(), String> {
        let ops = &op.operands;
        let (v, r) = (arg(op, 0)?, res(op, 0)?);
        let shape = match self.ty(v) {
            Type::Vector(vt) => vt.shape.clone(),
            _ => return Err("'extract_element' of a non-vector".into()),
        };
        if ops.len() - 1 != shape.len() {
            return Err("'extract_element' with the wrong number of indices".into());
        }
        let idx: Vec<u32> = ops[1..].iter().map(|&i| self.slot(i)).collect();
        self.out.extracts.push(ExtractInfo { idx, shape });
        let info = self.out.extracts.len() as u32 - 1;
        let (d, v) = (self.reg(r), self.reg(v));
        self.emit(Inst::Extract { d, v, info });
        Ok(())
    }

    fn dealloc(&mut self, op: &OpData) -> Result<(), String> {
        let m = self.reg(arg(op, 0)?);
        self.emit(Inst::Dealloc { m });
        Ok(())
    }

    fn load(&mut self, op: &OpData) -> Result<(), String> {
        let (m, r) = (arg(op, 0)?, res(op, 0)?);
        let (idx, n) = self.list(&op.operands[1..]);
        let vec = is_obj(self.ty(r));
        let (d, m) = (self.reg(r), self.reg(m));
        self.emit(if vec {
            Inst::LoadV { d, m, idx, n }
        } else {
            Inst::Load { d, m, idx, n }
        });
        Ok(())
    }

    fn store(&mut self, op: &OpData) -> Result<(), String> {
        let (v, m) = (arg(op, 0)?, arg(op, 1)?);
        let (idx, n) = self.list(&op.operands[2..]);
        let vec = is_obj(self.ty(v));
        let (v, m) = (self.reg(v), self.reg(m));
        self.emit(if vec {
            Inst::StoreV { v, m, idx, n }
        } else {
            Inst::Store { v, m, idx, n }
        });
        Ok(())
    }

    fn dim(&mut self, op: &OpData) -> Result<(), String> {
        let (m, r) = (arg(op, 0)?, res(op, 0)?);
        let d = self.reg(r);
        let mr = self.reg(m);
        if let Some(&i) = op.operands.get(1) {
            let i = self.reg(i);
            self.emit(Inst::DimDyn { d, m: mr, i });
        } else {
            let k = op
                .attr("index")
                .and_then(|a| a.as_int())
                .ok_or("'dim' without an index")?;
            let k = u32::try_from(k).unwrap_or(u32::MAX);
            self.emit(Inst::Dim { d, m: mr, k });
        }
        Ok(())
    }

    fn rank(&mut self, op: &OpData) -> Result<(), String> {
        let (m, r) = (arg(op, 0)?, res(op, 0)?);
        let (d, m) = (self.reg(r), self.reg(m));
        self.emit(Inst::Rank { d, m });
        Ok(())
    }

    fn memref_cast(&mut self, op: &OpData) -> Result<(), String> {
        let (m, r) = (arg(op, 0)?, res(op, 0)?);
        let check = view_check(self.ty(r))
            .ok_or_else(|| format!("memref_cast to {}: layout is not strided", self.ty(r)))?;
        self.out.casts.push(check);
        let info = self.out.casts.len() as u32 - 1;
        let (d, m) = (self.reg(r), self.reg(m));
        self.emit(Inst::MemRefCast { d, m, info });
        Ok(())
    }

    fn br(&mut self, op: &OpData) -> Result<(), String> {
        let s = op.successors.first().ok_or("'br' without a successor")?;
        let e = self.edge(s)?;
        self.emit(Inst::Br { e });
        Ok(())
    }

    fn cond_br(&mut self, op: &OpData) -> Result<(), String> {
        if op.successors.len() != 2 {
            return Err("'cond_br' needs two successors".into());
        }
        let c = self.reg(arg(op, 0)?);
        let t = self.edge(&op.successors[0])?;
        let f = self.edge(&op.successors[1])?;
        self.emit(Inst::CondBr { c, t, f });
        Ok(())
    }

    fn call(&mut self, op: &OpData) -> Result<(), String> {
        let name = op
            .attr("callee")
            .and_then(|a| a.as_symbol())
            .ok_or("'call' without a callee")?;
        let callee = *self
            .by_name
            .get(name)
            .ok_or_else(|| format!("call to unknown function '@{name}'"))?;
        let info = self.call_info(callee, &op.operands, &op.results);
        self.emit(Inst::Call { info });
        Ok(())
    }

    fn call_indirect(&mut self, op: &OpData) -> Result<(), String> {
        let f = arg(op, 0)?;
        let info = self.call_info(u32::MAX, &op.operands[1..], &op.results);
        let f = self.reg(f);
        self.emit(Inst::CallInd { f, info });
        Ok(())
    }

    fn ret(&mut self, op: &OpData) -> Result<(), String> {
        let (start, n) = self.list(&op.operands);
        self.emit(Inst::Return { start, n });
        Ok(())
    }

    fn unary(&mut self, o: Op1, a: ValueId, r: ValueId) {
        let vec = is_obj(self.ty(r));
        let (d, a) = (self.reg(r), self.reg(a));
        self.emit(if vec {
            Inst::VUn { op: o, d, a }
        } else {
            Inst::Un { op: o, d, a }
        });
    }

    fn call_info(&mut self, callee: u32, args: &[ValueId], results: &[ValueId]) -> u32 {
        let arg_types = args.iter().map(|&a| self.ty(a).clone()).collect();
        let result_types = results.iter().map(|&a| self.ty(a).clone()).collect();
        let args = args.iter().map(|&a| self.slot(a)).collect();
        let results = results.iter().map(|&a| self.slot(a)).collect();
        self.out.calls.push(CallInfo {
            callee,
            args,
            results,
            arg_types,
            result_types,
        });
        self.out.calls.len() as u32 - 1
    }

    fn alloc(&mut self, op: &OpData, r: ValueId) -> Result<(), String> {
        let ty = self.ty(r).clone();
        let Type::MemRef(m) = &ty else {
            return Err(format!("'{}' of a non-memref type", op.name()));
        };
        if op.operands.len() != m.num_dynamic_dims() {
            return Err(format!(
                "'{}' with {} size operands for {} dynamic dimensions",
                op.name(),
                op.operands.len(),
                m.num_dynamic_dims()
            ));
        }
        let layout = if m.has_identity_layout() {
            None
        } else {
            let s = m
                .strided_form()
                .ok_or_else(|| format!("'{}' of {ty}: layout is not strided", op.name()))?;
            let strides: Option<Vec<i64>> = s.strides.iter().copied().collect();
            match (s.offset, strides) {
                (Some(o), Some(st)) => Some((o, st)),
                _ => {
                    return Err(format!(
                        "'{}' of {ty}: a dynamic offset or stride cannot be allocated",
                        op.name()
                    ))
                }
            }
        };
        let align = op
            .attr("alignment")
            .and_then(|a| a.as_int())
            .map(|a| a as u64)
            .unwrap_or(0);
        let dyn_sizes = op.operands.iter().map(|&v| self.reg(v)).collect();
        let d = self.reg(r);
        self.out.allocs.push(AllocInfo {
            d,
            shape: m.shape.clone(),
            dyn_sizes,
            layout,
            lanes: lanes_of(&m.elem),
            align,
            stack: op.kind == OpKind::Alloca,
            elem: m.elem.clone(),
        });
        let info = self.out.allocs.len() as u32 - 1;
        self.emit(Inst::Alloc { info });
        Ok(())
    }

    fn constant(&mut self, op: &OpData, r: ValueId) -> Result<(), String> {
        let ty = self.ty(r).clone();
        let value = op.attr("value").ok_or("'constant' without a value")?;
        if let Type::Vector(vt) = &ty {
            let n = vt.num_elements() as usize;
            let elems: Vec<i128> = match value {
                Attribute::Dense { values, .. } => match values {
                    DenseValues::Splat(a) => vec![self.scalar_attr(a, &vt.elem)?; n],
                    DenseValues::Elements(es) => {
                        if es.len() != n {
                            return Err("dense constant with the wrong number of elements".into());
                        }
                        es.iter()
                            .map(|a| self.scalar_attr(a, &vt.elem))
                            .collect::<Result<_, _>>()?
                    }
                },
                a => vec![self.scalar_attr(a, &vt.elem)?; n],
            };
            self.out.vconsts.push(elems.into_boxed_slice());
            let k = self.out.vconsts.len() as u32 - 1;
            let d = self.reg(r);
            self.emit(Inst::ConstV { d, k });
            return Ok(());
        }
        let v = match (value, &ty) {
            (Attribute::SymbolRef(name), Type::Function(_)) => *self
                .by_name
                .get(name.as_str())
                .ok_or_else(|| format!("reference to unknown function '@{name}'"))?
                as i128,
            (a, t) => self.scalar_attr(a, t)?,
        };
        let k = self.konst(v);
        let d = self.reg(r);
        self.emit(Inst::Const { d, k });
        Ok(())
    }

    /// The register value of a scalar attribute for a value of type `t`.
    fn scalar_attr(&self, a: &Attribute, t: &Type) -> Result<i128, String> {
        match (scalar_kind(t, self.iw), a) {
            (Some(Scalar::Int(w)), Attribute::Int { value, .. }) => Ok(ints::sext(*value, w)),
            (Some(Scalar::Int(w)), Attribute::Bool(b)) => Ok(ints::sext(*b as i128, w)),
            (Some(Scalar::Float(k)), Attribute::Float { bits, ty }) => {
                if floats::ftype(k) == *ty {
                    Ok(*bits as i128)
                } else {
                    Ok(floats::from_f64(k, a.float_value().unwrap_or(0.0)))
                }
            }
            (Some(Scalar::Float(k)), Attribute::Int { value, .. }) => {
                Ok(floats::from_int(k, *value))
            }
            _ => Err(format!("constant {a:?} of type {t} is not supported")),
        }
    }
}

/// The operand `i` of `op`.
fn arg(op: &OpData, i: usize) -> Result<ValueId, String> {
    op.operands
        .get(i)
        .copied()
        .ok_or_else(|| format!("'{}' is missing operand {i}", op.name()))
}

/// The result `i` of `op`.
fn res(op: &OpData, i: usize) -> Result<ValueId, String> {
    op.results
        .get(i)
        .copied()
        .ok_or_else(|| format!("'{}' without a result", op.name()))
}

/// The element operations of the Standard casts (class `Cast`).
#[derive(Clone, Copy)]
enum Cast {
    /// `index_cast`, `trunci`, `sexti`: sign-extend from the target width.
    SExt,
    ZExt,
    SIToFP,
    FPToSI,
    /// `fpext`, `fptrunc`.
    FConv,
}
