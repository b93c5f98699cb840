//! The interpreter loop: one frame per active call on an explicit stack (deep
//! recursion costs heap, not the host's stack), each frame a table of the function's
//! values indexed by `ValueId`. Every op of [`LlvmOp`] has an arm here, so a new LLVM op
//! is a compile error until it is interpreted.
//!
//! Undefined behaviour is reported as `interp::Trap::Ub` at the op's location (which the
//! lowering copies from the Standard op it lowers), the message starting with the LLVM
//! op's name. What is poison rather than UB follows LangRef: overflow under `nsw`/`nuw`,
//! inexact division under `exact`, shifts by at least the width, `fptosi` out of range,
//! out-of-range vector positions, `getelementptr inbounds` leaving its allocation and
//! `getelementptr nuw` with a negative offset or one that wraps the address give poison; division by zero or by poison, signed division overflow, a branch on
//! poison, an address that is poison, and a call through poison are UB.

use crate::layout::{align_of, alloc_size, field_offset};
use crate::memory::{at_loc, rules, Fault, Kind, Memory, State};
use crate::value::{filled, int_width, zero, Ptr, Val, NO_PROV};
use converter::ir::{
    Attribute, BlockId, Body, DenseValues, FuncKind, LlvmOp, Module, OpData, Type, ValueId,
    CMPF_PREDICATES, CMPI_PREDICATES,
};
use converter::lower::emit::DYNAMIC_INDEX;
use converter::Loc;
use interp::floats::{self, FKind, FloatOp, MathFn};
use interp::ints::{sext, zext};
use interp::trap::rules as irules;
use interp::Trap;
use std::collections::HashMap;

/// A lowered module prepared for running: functions by name and every direct call's
/// callee resolved once.
pub struct Program<'m> {
    pub module: &'m Module,
    pub by_name: HashMap<&'m str, u32>,
    /// Per function, per op id: the callee of a direct `llvm.call` (`u32::MAX` otherwise).
    callees: Vec<Vec<u32>>,
}

impl<'m> Program<'m> {
    pub fn new(module: &'m Module) -> Program<'m> {
        let by_name: HashMap<&str, u32> = module
            .funcs
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.as_str(), i as u32))
            .collect();
        let callees = module
            .funcs
            .iter()
            .map(|f| match &f.body {
                Some(b) => b
                    .ops
                    .iter()
                    .map(|op| {
                        op.attr("callee")
                            .and_then(Attribute::as_symbol)
                            .and_then(|n| by_name.get(n).copied())
                            .unwrap_or(u32::MAX)
                    })
                    .collect(),
                None => Vec::new(),
            })
            .collect();
        Program {
            module,
            by_name,
            callees,
        }
    }
}

/// How the machine calls external functions other than the allocator's.
pub trait ExternalCall {
    /// Calls the external `@name` with LLVM-level arguments; `None` when it is unknown.
    fn call(
        &mut self,
        mem: &mut Memory,
        name: &str,
        args: &[Val],
    ) -> Option<Result<Option<Val>, String>>;
}

struct Frame {
    func: u32,
    block: BlockId,
    pc: usize,
    vals: Vec<Val>,
    /// `alloca` allocations, released when the frame returns.
    stack: Vec<u32>,
}

pub struct Machine<'p, 'm> {
    prog: &'p Program<'m>,
    pub mem: Memory,
    pub fuel: u64,
    max_depth: u32,
    func_ptrs: Vec<Option<Ptr>>,
    /// Where the outermost function returned (results are read there).
    pub ret_loc: Loc,
}

fn ub(op: &OpData, rule: &'static str, msg: String) -> Trap {
    let name = match op.attr("callee").and_then(Attribute::as_symbol) {
        Some(callee) => format!("{} @{callee}", op.name()),
        None => op.name().to_string(),
    };
    Trap::Ub {
        loc: op.loc,
        rule,
        message: format!("{name}: {msg}"),
    }
}

fn fault_at(op: &OpData, f: Fault) -> Trap {
    ub(op, f.rule, f.message)
}

fn error(op: &OpData, msg: impl Into<String>) -> Trap {
    Trap::error(op.loc, format!("{}: {}", op.name(), msg.into()))
}

/// The value of operand or successor argument `v`.
#[inline(always)]
fn get(vals: &[Val], v: ValueId) -> &Val {
    &vals[v.index()]
}

fn fkind(t: &Type) -> Option<FKind> {
    match t {
        Type::F16 => Some(FKind::F16),
        Type::BF16 => Some(FKind::BF16),
        Type::F32 => Some(FKind::F32),
        Type::F64 => Some(FKind::F64),
        Type::Vector(v) => fkind(&v.elem),
        _ => None,
    }
}

fn scalar_of(t: &Type) -> &Type {
    match t {
        Type::Vector(v) => &v.elem,
        t => t,
    }
}

/// Applies `f` to each lane of `a` (a vector) or to `a` itself.
fn map1(a: &Val, f: &mut impl FnMut(&Val) -> Result<Val, Trap>) -> Result<Val, Trap> {
    match a {
        Val::Agg(xs) => Ok(Val::agg(xs.iter().map(f).collect::<Result<_, _>>()?)),
        x => f(x),
    }
}

/// Applies `f` lane by lane to `a` and `b`.
fn map2(
    a: &Val,
    b: &Val,
    f: &mut impl FnMut(&Val, &Val) -> Result<Val, Trap>,
) -> Result<Val, Trap> {
    match (a, b) {
        (Val::Agg(xs), Val::Agg(ys)) => Ok(Val::agg(
            xs.iter()
                .zip(ys.iter())
                .map(|(x, y)| f(x, y))
                .collect::<Result<_, _>>()?,
        )),
        (Val::Agg(xs), y) => Ok(Val::agg(
            xs.iter().map(|x| f(x, y)).collect::<Result<_, _>>()?,
        )),
        (x, Val::Agg(ys)) => Ok(Val::agg(
            ys.iter().map(|y| f(x, y)).collect::<Result<_, _>>()?,
        )),
        (x, y) => f(x, y),
    }
}

/// The `nsw`, `nuw` and `exact` flags of an op (`overflowFlags` as a string naming them
/// or as MLIR's bit mask, nsw = 1, nuw = 2; `isExact`/`exact` as a unit or true).
#[derive(Clone, Copy, Default)]
struct Flags {
    nsw: bool,
    nuw: bool,
    exact: bool,
}

fn flags(op: &OpData) -> Flags {
    let mut f = Flags::default();
    if op.attrs.is_empty() {
        return f;
    }
    let on = |a: Option<&Attribute>| !matches!(a, None | Some(Attribute::Bool(false)));
    match op.attr("overflowFlags") {
        Some(Attribute::Str(s)) => {
            f.nsw = s.contains("nsw");
            f.nuw = s.contains("nuw");
        }
        Some(Attribute::Int { value, .. }) => {
            f.nsw = value & 1 != 0;
            f.nuw = value & 2 != 0;
        }
        _ => {}
    }
    f.nsw |= on(op.attr("nsw"));
    f.nuw |= on(op.attr("nuw"));
    f.exact = on(op.attr("isExact")) || on(op.attr("exact"));
    f
}

/// Whether a `getelementptr` is `inbounds` (a unit attribute, or bit 0 of `noWrapFlags`).
fn gep_inbounds(op: &OpData) -> bool {
    match op.attr("noWrapFlags") {
        Some(Attribute::Int { value, .. }) => value & 1 != 0,
        _ => op.attr("inbounds").is_some(),
    }
}

/// Whether a `getelementptr` is `nuw` (bit 2 of `noWrapFlags`, MLIR's bit mask).
fn gep_nuw(op: &OpData) -> bool {
    matches!(op.attr("noWrapFlags"), Some(Attribute::Int { value, .. }) if value & 4 != 0)
}

/// `a op b` for integers of width `w` under the op's flags.
fn int_binary(op: &OpData, k: LlvmOp, a: &Val, b: &Val, w: u32, fl: Flags) -> Result<Val, Trap> {
    use LlvmOp::*;
    let is_div = matches!(k, LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem);
    let (x, y) = match (a, b) {
        (Val::Int(x), Val::Int(y)) => (*x, *y),
        (_, y) if is_div && y.is_indeterminate() => {
            return Err(ub(
                op,
                rules::POISON_DIVISOR,
                "division by a poison or undef value".into(),
            ))
        }
        _ => return Ok(Val::Poison),
    };
    let max_u = if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    let (ux, uy) = (zext(x, w), zext(y, w));
    let r = match k {
        LlvmAdd => {
            let r = sext(x.wrapping_add(y), w);
            if (fl.nsw && x.checked_add(y) != Some(r))
                || (fl.nuw && ux.checked_add(uy).is_none_or(|s| s > max_u))
            {
                return Ok(Val::Poison);
            }
            r
        }
        LlvmSub => {
            let r = sext(x.wrapping_sub(y), w);
            if (fl.nsw && x.checked_sub(y) != Some(r)) || (fl.nuw && ux < uy) {
                return Ok(Val::Poison);
            }
            r
        }
        LlvmMul => {
            let r = sext(x.wrapping_mul(y), w);
            if (fl.nsw && x.checked_mul(y) != Some(r))
                || (fl.nuw && ux.checked_mul(uy).is_none_or(|p| p > max_u))
            {
                return Ok(Val::Poison);
            }
            r
        }
        LlvmSDiv | LlvmSRem | LlvmUDiv | LlvmURem => {
            if y == 0 {
                return Err(ub(
                    op,
                    irules::DIV_BY_ZERO,
                    format!("division of {x} by zero (i{w})"),
                ));
            }
            if matches!(k, LlvmSDiv | LlvmSRem) {
                if y == -1 && x == interp::ints::min_signed(w) {
                    return Err(ub(
                        op,
                        irules::DIV_OVERFLOW,
                        format!("{x} / -1 does not fit in i{w}"),
                    ));
                }
                if k == LlvmSDiv {
                    if fl.exact && x % y != 0 {
                        return Ok(Val::Poison);
                    }
                    sext(x / y, w)
                } else {
                    sext(x % y, w)
                }
            } else if k == LlvmUDiv {
                if fl.exact && ux % uy != 0 {
                    return Ok(Val::Poison);
                }
                sext((ux / uy) as i128, w)
            } else {
                sext((ux % uy) as i128, w)
            }
        }
        LlvmAnd => x & y,
        LlvmOr => x | y,
        LlvmXor => x ^ y,
        LlvmShl | LlvmLShr | LlvmAShr => {
            if uy >= w as u128 {
                return Ok(Val::Poison);
            }
            let n = uy as u32;
            match k {
                LlvmShl => {
                    let r = sext(((x as u128) << n) as i128, w);
                    if (fl.nsw && (r >> n) != x) || (fl.nuw && (zext(r, w) >> n) != ux) {
                        return Ok(Val::Poison);
                    }
                    r
                }
                LlvmAShr => {
                    if fl.exact && (x >> n) << n != x {
                        return Ok(Val::Poison);
                    }
                    x >> n
                }
                _ => {
                    if fl.exact && (ux >> n) << n != ux {
                        return Ok(Val::Poison);
                    }
                    sext((ux >> n) as i128, w)
                }
            }
        }
        _ => return Err(error(op, "not an integer binary op")),
    };
    Ok(Val::Int(r))
}

fn float_binary(k: LlvmOp, fk: FKind, a: &Val, b: &Val) -> Val {
    let (Val::Float(x), Val::Float(y)) = (a, b) else {
        return Val::Poison;
    };
    let fop = match k {
        LlvmOp::LlvmFAdd => FloatOp::Add,
        LlvmOp::LlvmFSub => FloatOp::Sub,
        LlvmOp::LlvmFMul => FloatOp::Mul,
        LlvmOp::LlvmFDiv => FloatOp::Div,
        LlvmOp::LlvmFRem => FloatOp::Rem,
        _ => FloatOp::CopySign,
    };
    Val::Float(floats::binary(fop, fk, *x as i128, *y as i128) as u64)
}

fn float_unary(k: LlvmOp, fk: FKind, a: &Val) -> Val {
    let Val::Float(x) = a else {
        return Val::Poison;
    };
    let x = *x as i128;
    let f = match k {
        LlvmOp::LlvmFNeg => return Val::Float(floats::neg(fk, x) as u64),
        LlvmOp::LlvmFAbs => return Val::Float(floats::abs(fk, x) as u64),
        LlvmOp::LlvmSqrt => MathFn::Sqrt,
        LlvmOp::LlvmExp => MathFn::Exp,
        LlvmOp::LlvmExp2 => MathFn::Exp2,
        LlvmOp::LlvmLog => MathFn::Log,
        LlvmOp::LlvmLog2 => MathFn::Log2,
        LlvmOp::LlvmLog10 => MathFn::Log10,
        LlvmOp::LlvmSin => MathFn::Sin,
        LlvmOp::LlvmCos => MathFn::Cos,
        _ => MathFn::Ceil,
    };
    Val::Float(floats::math(f, fk, x) as u64)
}

/// A value of type `t` from scalar leaves in order (dense constants, vectors).
pub fn from_leaves(t: &Type, leaves: &mut dyn Iterator<Item = Val>) -> Val {
    match t {
        Type::LlvmStruct(fs) => Val::agg(fs.iter().map(|f| from_leaves(f, leaves)).collect()),
        Type::LlvmArray(n, e) => Val::agg((0..*n).map(|_| from_leaves(e, leaves)).collect()),
        Type::Vector(v) => Val::agg(
            (0..v.num_elements())
                .map(|_| leaves.next().unwrap_or(Val::Poison))
                .collect(),
        ),
        _ => leaves.next().unwrap_or(Val::Poison),
    }
}

/// The value of a scalar attribute for a scalar of type `t`.
fn attr_scalar(a: &Attribute, t: &Type) -> Option<Val> {
    Some(match a {
        Attribute::Int { value, .. } => Val::Int(sext(*value, int_width(t))),
        Attribute::Bool(b) => Val::Int(-(*b as i128)),
        Attribute::Float { bits, .. } => Val::Float(*bits),
        _ => return None,
    })
}

fn leaf_count(t: &Type) -> u64 {
    match t {
        Type::LlvmStruct(fs) => fs.iter().map(leaf_count).sum(),
        Type::LlvmArray(n, e) => n * leaf_count(e),
        Type::Vector(v) => v.num_elements(),
        _ => 1,
    }
}

fn constant(op: &OpData, t: &Type) -> Result<Val, Trap> {
    let a = op
        .attr("value")
        .ok_or_else(|| error(op, "constant without a value"))?;
    let leaf_t = leaf_type(t);
    let n = leaf_count(t);
    match a {
        Attribute::Dense { values, .. } => {
            let leaves: Vec<Val> = match values {
                DenseValues::Splat(x) => {
                    let v = attr_scalar(x, leaf_t)
                        .ok_or_else(|| error(op, "unsupported dense element"))?;
                    vec![v; n as usize]
                }
                DenseValues::Elements(xs) => xs
                    .iter()
                    .map(|x| attr_scalar(x, leaf_t))
                    .collect::<Option<_>>()
                    .ok_or_else(|| error(op, "unsupported dense element"))?,
            };
            Ok(from_leaves(t, &mut leaves.into_iter()))
        }
        a => {
            let v = attr_scalar(a, leaf_t)
                .ok_or_else(|| error(op, format!("unsupported constant value {a:?}")))?;
            Ok(from_leaves(t, &mut std::iter::repeat_n(v, n as usize)))
        }
    }
}

fn leaf_type(t: &Type) -> &Type {
    match t {
        Type::LlvmStruct(fs) => fs.first().map_or(t, leaf_type),
        Type::LlvmArray(_, e) => leaf_type(e),
        Type::Vector(v) => &v.elem,
        t => t,
    }
}

fn positions(op: &OpData) -> impl Iterator<Item = usize> + '_ {
    op.attr("position")
        .and_then(Attribute::as_array)
        .unwrap_or(&[])
        .iter()
        .map(|a| a.as_int().unwrap_or(-1) as usize)
}

fn extract_at(agg: &Val, pos: &mut dyn Iterator<Item = usize>) -> Option<Val> {
    match pos.next() {
        None => Some(agg.clone()),
        Some(i) => match agg {
            Val::Agg(xs) => extract_at(xs.get(i)?, pos),
            Val::Poison | Val::Undef => Some(agg.clone()),
            _ => None,
        },
    }
}

fn insert_at(agg: &Val, pos: &[usize], v: Val) -> Option<Val> {
    let Some((&i, rest)) = pos.split_first() else {
        return Some(v);
    };
    let Val::Agg(xs) = agg else { return None };
    let mut ys: Vec<Val> = xs.to_vec();
    let inner = insert_at(ys.get(i)?, rest, v)?;
    ys[i] = inner;
    Some(Val::agg(ys))
}

fn cast(op: &OpData, k: LlvmOp, from: &Type, to: &Type, a: &Val) -> Result<Val, Trap> {
    use LlvmOp::*;
    let (fs, ts) = (scalar_of(from), scalar_of(to));
    map1(a, &mut |x: &Val| {
        if x.is_indeterminate() {
            return Ok(Val::Poison);
        }
        Ok(match (k, x) {
            (LlvmSExt, Val::Int(v)) => Val::Int(*v),
            (LlvmZExt, Val::Int(v)) => {
                Val::Int(sext(zext(*v, int_width(fs)) as i128, int_width(ts)))
            }
            (LlvmTrunc, Val::Int(v)) => Val::Int(sext(*v, int_width(ts))),
            (LlvmSIToFP, Val::Int(v)) => {
                Val::Float(floats::from_int(fkind(ts).unwrap_or(FKind::F64), *v) as u64)
            }
            (LlvmFPToSI, Val::Float(b)) => {
                match floats::to_int(fkind(fs).unwrap_or(FKind::F64), *b as i128, int_width(ts)) {
                    Ok(v) => Val::Int(v),
                    Err(_) => Val::Poison,
                }
            }
            (LlvmFPExt | LlvmFPTrunc, Val::Float(b)) => Val::Float(floats::convert(
                fkind(fs).unwrap_or(FKind::F64),
                fkind(ts).unwrap_or(FKind::F64),
                *b as i128,
            ) as u64),
            _ => return Err(error(op, format!("cannot cast {x:?} from {from} to {to}"))),
        })
    })
}

impl<'p, 'm> Machine<'p, 'm> {
    pub fn new(prog: &'p Program<'m>, fuel: u64, max_depth: u32) -> Self {
        Machine {
            prog,
            mem: Memory::default(),
            fuel,
            max_depth,
            func_ptrs: vec![None; prog.module.funcs.len()],
            ret_loc: Loc::UNKNOWN,
        }
    }

    /// The address of function `f` (an allocation of size 0, made on first use).
    pub fn func_ptr(&mut self, f: u32) -> Ptr {
        if let Some(p) = self.func_ptrs[f as usize] {
            return p;
        }
        let loc = self.prog.module.funcs[f as usize].loc;
        let p = self.mem.alloc(Kind::Func(f), 0, 16, loc).unwrap_or(Ptr {
            addr: 0,
            prov: NO_PROV,
        });
        self.func_ptrs[f as usize] = Some(p);
        p
    }

    /// The index of function `@name`.
    pub fn func_index(&self, name: &str) -> Option<u32> {
        self.prog.by_name.get(name).copied()
    }

    /// The name of function `f`.
    pub fn func_name(&self, f: u32) -> &str {
        &self.prog.module.funcs[f as usize].name
    }

    /// The function a pointer designates, if it is the address of one.
    pub fn func_of(&self, p: &Val) -> Option<u32> {
        let Val::Ptr(p) = p else { return None };
        let a = self.mem.allocs.get(p.prov as usize)?;
        match a.kind {
            Kind::Func(f) if a.base == p.addr => Some(f),
            _ => None,
        }
    }

    fn new_frame(&self, f: u32, args: Vec<Val>) -> Result<Frame, Trap> {
        let func = &self.prog.module.funcs[f as usize];
        let body = func.body.as_ref().expect("a defined function");
        let entry = body
            .entry()
            .ok_or_else(|| Trap::error(func.loc, format!("@{} has no blocks", func.name)))?;
        let mut vals = vec![Val::Undef; body.values.len()];
        let params = body.block_args(entry);
        if params.len() != args.len() {
            return Err(Trap::error(
                func.loc,
                format!(
                    "@{} takes {} arguments, {} given",
                    func.name,
                    params.len(),
                    args.len()
                ),
            ));
        }
        for (p, a) in params.iter().zip(args) {
            vals[p.index()] = a;
        }
        Ok(Frame {
            func: f,
            block: entry,
            pc: 0,
            vals,
            stack: Vec::new(),
        })
    }

    /// Runs function `f` on `args` to completion; its result (`None` for void).
    pub fn run(
        &mut self,
        f: u32,
        args: Vec<Val>,
        ext: &mut dyn ExternalCall,
    ) -> Result<Option<Val>, Trap> {
        let prog = self.prog;
        let mut frames = vec![self.new_frame(f, args)?];
        loop {
            let fr = frames.last_mut().expect("a frame");
            let func = &prog.module.funcs[fr.func as usize];
            let body: &Body = func.body.as_ref().expect("a defined function");
            let Some(&op_id) = body.block(fr.block).ops.get(fr.pc) else {
                return Err(Trap::error(
                    func.loc,
                    format!("@{}: a block without a terminator", func.name),
                ));
            };
            let op = body.op(op_id);
            if self.fuel == 0 {
                return Err(Trap::OutOfFuel);
            }
            self.fuel -= 1;
            let Some(kind) = op.kind.llvm() else {
                return Err(error(op, "not an LLVM-dialect op"));
            };
            let vals = &mut fr.vals;
            let rty = |i: usize| body.value_type(op.results[i]);
            let operand = |i: usize| -> Result<&Val, Trap> {
                op.operands
                    .get(i)
                    .map(|&v| get(vals, v))
                    .ok_or_else(|| error(op, format!("missing operand {i}")))
            };
            use LlvmOp::*;
            let result: Val = match kind {
                LlvmConstant => constant(op, rty(0))?,
                LlvmUndef => filled(rty(0), &Val::Undef),
                LlvmPoison => filled(rty(0), &Val::Poison),
                LlvmZero => zero(rty(0)),
                LlvmAddressOf => {
                    let name = op
                        .attr("global_name")
                        .and_then(Attribute::as_symbol)
                        .unwrap_or("");
                    let f = *prog.by_name.get(name).ok_or_else(|| {
                        error(
                            op,
                            format!("no function @{name} (globals are not supported)"),
                        )
                    })?;
                    Val::Ptr(self.func_ptr(f))
                }
                LlvmAdd | LlvmSub | LlvmMul | LlvmSDiv | LlvmUDiv | LlvmSRem | LlvmURem
                | LlvmAnd | LlvmOr | LlvmXor | LlvmShl | LlvmAShr | LlvmLShr => {
                    let w = int_width(scalar_of(rty(0)));
                    let fl = flags(op);
                    map2(operand(0)?, operand(1)?, &mut |a: &Val, b: &Val| {
                        int_binary(op, kind, a, b, w, fl)
                    })?
                }
                LlvmFAdd | LlvmFSub | LlvmFMul | LlvmFDiv | LlvmFRem | LlvmCopySign => {
                    let fk = fkind(rty(0)).ok_or_else(|| error(op, "not a float type"))?;
                    map2(operand(0)?, operand(1)?, &mut |a: &Val, b: &Val| {
                        Ok(float_binary(kind, fk, a, b))
                    })?
                }
                LlvmFNeg | LlvmFAbs | LlvmSqrt | LlvmExp | LlvmExp2 | LlvmLog | LlvmLog2
                | LlvmLog10 | LlvmSin | LlvmCos | LlvmCeil => {
                    let fk = fkind(rty(0)).ok_or_else(|| error(op, "not a float type"))?;
                    map1(operand(0)?, &mut |a: &Val| Ok(float_unary(kind, fk, a)))?
                }
                LlvmICmp | LlvmFCmp => {
                    let pred = op
                        .attr("predicate")
                        .and_then(Attribute::as_str)
                        .unwrap_or("");
                    let pred = pred.strip_prefix('_').unwrap_or(pred);
                    let t0 = body.value_type(op.operands[0]);
                    let table: &[&str] = if kind == LlvmICmp {
                        &CMPI_PREDICATES
                    } else {
                        &CMPF_PREDICATES
                    };
                    let p = table
                        .iter()
                        .position(|&n| n == pred)
                        .ok_or_else(|| error(op, format!("unknown predicate '{pred}'")))?
                        as u8;
                    let st = scalar_of(t0);
                    let w = int_width(st);
                    let fk = fkind(st);
                    map2(operand(0)?, operand(1)?, &mut |a: &Val, b: &Val| {
                        Ok(match (a, b) {
                            (Val::Int(x), Val::Int(y)) => {
                                Val::Int(-(interp::ints::cmp(p, *x, *y, w) as i128))
                            }
                            (Val::Float(x), Val::Float(y)) => Val::Int(
                                -(floats::cmp(p, fk.unwrap_or(FKind::F64), *x as i128, *y as i128)
                                    as i128),
                            ),
                            (Val::Ptr(x), Val::Ptr(y)) => Val::Int(
                                -(interp::ints::cmp(p, x.addr as i128, y.addr as i128, 128)
                                    as i128),
                            ),
                            _ => Val::Poison,
                        })
                    })?
                }
                LlvmSelect => {
                    let (c, a, b) = (operand(0)?, operand(1)?, operand(2)?);
                    match (c, a, b) {
                        (Val::Int(c), a, b) => {
                            if *c != 0 {
                                a.clone()
                            } else {
                                b.clone()
                            }
                        }
                        (Val::Agg(cs), Val::Agg(xs), Val::Agg(ys)) => Val::agg(
                            cs.iter()
                                .zip(xs.iter().zip(ys.iter()))
                                .map(|(c, (x, y))| match c {
                                    Val::Int(0) => y.clone(),
                                    Val::Int(_) => x.clone(),
                                    _ => Val::Poison,
                                })
                                .collect(),
                        ),
                        _ => filled(rty(0), &Val::Poison),
                    }
                }
                LlvmSExt | LlvmZExt | LlvmTrunc | LlvmSIToFP | LlvmFPToSI | LlvmFPExt
                | LlvmFPTrunc => {
                    let from = body.value_type(op.operands[0]);
                    cast(op, kind, from, rty(0), operand(0)?)?
                }
                LlvmBitcast | LlvmAddrSpaceCast => {
                    let from = body.value_type(op.operands[0]);
                    let a = operand(0)?;
                    let to = rty(0);
                    if matches!(from, Type::LlvmPtr(..)) && matches!(to, Type::LlvmPtr(..)) {
                        a.clone()
                    } else {
                        // Through memory's bytes: the bits reinterpreted.
                        let n = crate::layout::store_size(from) as usize;
                        let (mut bytes, mut def) = (vec![0u8; n], vec![false; n]);
                        crate::memory::encode(from, a, &mut bytes, &mut def);
                        self.mem.decode(to, &bytes, &def)
                    }
                }
                LlvmPtrToInt => {
                    let w = int_width(rty(0));
                    match operand(0)? {
                        Val::Ptr(p) => Val::Int(sext(p.addr as i128, w)),
                        _ => Val::Poison,
                    }
                }
                LlvmIntToPtr => {
                    let from = body.value_type(op.operands[0]);
                    match operand(0)? {
                        Val::Int(x) => {
                            let addr = zext(*x, int_width(from)) as u64;
                            Val::Ptr(Ptr {
                                addr,
                                prov: if addr == 0 {
                                    NO_PROV
                                } else {
                                    self.mem.find(addr)
                                },
                            })
                        }
                        _ => Val::Poison,
                    }
                }
                LlvmInsertValue => {
                    let pos: Vec<usize> = positions(op).collect();
                    insert_at(operand(0)?, &pos, operand(1)?.clone())
                        .ok_or_else(|| error(op, "position out of the aggregate"))?
                }
                LlvmExtractValue => extract_at(operand(0)?, &mut positions(op))
                    .ok_or_else(|| error(op, "position out of the aggregate"))?,
                LlvmInsertElement => {
                    let (v, x, i) = (operand(0)?, operand(1)?, operand(2)?);
                    let t = rty(0);
                    match (v, i) {
                        (Val::Agg(xs), Val::Int(i)) if (*i as u128) < xs.len() as u128 => {
                            let mut ys = xs.to_vec();
                            ys[*i as usize] = x.clone();
                            Val::agg(ys)
                        }
                        (Val::Poison | Val::Undef, Val::Int(_)) => {
                            let v = filled(t, v);
                            insert_at(&v, &[lane(i)], x.clone())
                                .unwrap_or_else(|| filled(t, &Val::Poison))
                        }
                        _ => filled(t, &Val::Poison),
                    }
                }
                LlvmExtractElement => match (operand(0)?, operand(1)?) {
                    (Val::Agg(xs), Val::Int(i)) if (*i as u128) < xs.len() as u128 => {
                        xs[*i as usize].clone()
                    }
                    _ => Val::Poison,
                },
                LlvmShuffleVector => {
                    let (a, b) = (operand(0)?, operand(1)?);
                    let n = match body.value_type(op.operands[0]) {
                        Type::Vector(v) => v.num_elements() as i128,
                        _ => 0,
                    };
                    let lanes = |v: &Val, i: i128| match v {
                        Val::Agg(xs) => xs.get(i as usize).cloned().unwrap_or(Val::Poison),
                        _ => Val::Poison,
                    };
                    let mask = op.attr("mask").and_then(Attribute::as_array).unwrap_or(&[]);
                    Val::agg(
                        mask.iter()
                            .map(|m| match m.as_int() {
                                Some(i) if (0..n).contains(&i) => lanes(a, i),
                                Some(i) if (n..2 * n).contains(&i) => lanes(b, i - n),
                                _ => Val::Poison,
                            })
                            .collect(),
                    )
                }
                LlvmGep => self.gep(op, vals)?,
                LlvmLoad => {
                    let t = rty(0);
                    let p = self.address(op, operand(0)?)?;
                    let align = op_align(op, t);
                    self.mem.load(p, t, align).map_err(|f| fault_at(op, f))?
                }
                LlvmStore => {
                    let t = body.value_type(op.operands[0]);
                    let p = self.address(op, operand(1)?)?;
                    let align = op_align(op, t);
                    let v = operand(0)?;
                    self.mem
                        .store(p, t, v, align)
                        .map_err(|f| fault_at(op, f))?;
                    fr.pc += 1;
                    continue;
                }
                LlvmAlloca => {
                    let elem = op
                        .attr("elem_type")
                        .and_then(Attribute::as_type)
                        .unwrap_or(&Type::Int(8));
                    let cw = int_width(body.value_type(op.operands[0]));
                    let count = match operand(0)? {
                        Val::Int(c) => zext(*c, cw),
                        _ => {
                            return Err(ub(
                                op,
                                rules::POISON_ADDRESS,
                                "alloca of a poison number of elements".into(),
                            ))
                        }
                    };
                    let size = count.saturating_mul(alloc_size(elem) as u128);
                    let size = u64::try_from(size).unwrap_or(u64::MAX);
                    let align = op_align(op, elem);
                    let p = self
                        .mem
                        .alloc(Kind::Stack, size, align, op.loc)
                        .map_err(|e| error(op, e))?;
                    fr.stack.push(p.prov);
                    Val::Ptr(p)
                }
                LlvmMemcpy => {
                    let w = int_width(body.value_type(op.operands[2]));
                    let len = match operand(2)? {
                        Val::Int(n) => zext(*n, w),
                        _ => {
                            return Err(ub(
                                op,
                                rules::POISON_ADDRESS,
                                "memcpy of a poison length".into(),
                            ))
                        }
                    };
                    if len > 0 {
                        let len = u64::try_from(len).unwrap_or(u64::MAX);
                        let d = self.address(op, operand(0)?)?;
                        let s = self.address(op, operand(1)?)?;
                        let dst = self
                            .mem
                            .check(d, len, 1, "memcpy store")
                            .map_err(|f| fault_at(op, f))?;
                        let src = self
                            .mem
                            .check(s, len, 1, "memcpy load")
                            .map_err(|f| fault_at(op, f))?;
                        if dst.0 == src.0 && dst.1.abs_diff(src.1) < len as usize {
                            return Err(ub(
                                op,
                                rules::MEMCPY_OVERLAP,
                                format!("source and destination of {len} bytes overlap"),
                            ));
                        }
                        self.mem.copy(dst, src, len as usize);
                    }
                    fr.pc += 1;
                    continue;
                }
                LlvmCall => {
                    let direct = prog.callees[fr.func as usize][op_id.index()];
                    let (callee, args) = if op.attr("callee").is_some() {
                        if direct == u32::MAX {
                            return Err(error(op, "call of an unknown function"));
                        }
                        (direct, &op.operands[..])
                    } else {
                        let fp = operand(0)?;
                        if fp.is_indeterminate() {
                            return Err(ub(
                                op,
                                rules::POISON_CALLEE,
                                "indirect call through a poison pointer".into(),
                            ));
                        }
                        let f = self.func_of(fp).ok_or_else(|| {
                            ub(
                                op,
                                rules::BAD_CALLEE,
                                format!("indirect call through {fp:?}, not a function's address"),
                            )
                        })?;
                        (f, &op.operands[1..])
                    };
                    let argv: Vec<Val> = args.iter().map(|&v| get(vals, v).clone()).collect();
                    let cf = &prog.module.funcs[callee as usize];
                    if cf.body.is_some() {
                        if frames.len() as u32 >= self.max_depth {
                            return Err(Trap::CallDepth {
                                loc: op.loc,
                                depth: frames.len() as u32 + 1,
                            });
                        }
                        let nf = self.new_frame(callee, argv)?;
                        frames.push(nf);
                        continue;
                    }
                    libc_signature(op, cf)?;
                    let r = self.call_external(op, &cf.name, &argv, ext)?;
                    let fr = frames.last_mut().expect("a frame");
                    if let (Some(&res), Some(r)) = (op.results.first(), r) {
                        fr.vals[res.index()] = r;
                    }
                    fr.pc += 1;
                    continue;
                }
                LlvmBr | LlvmCondBr => {
                    let s = if kind == LlvmBr {
                        0
                    } else {
                        match operand(0)? {
                            Val::Int(c) => {
                                if *c != 0 {
                                    0
                                } else {
                                    1
                                }
                            }
                            _ => {
                                return Err(ub(
                                    op,
                                    rules::POISON_BRANCH,
                                    "conditional branch on a poison or undef condition".into(),
                                ))
                            }
                        }
                    };
                    let succ = op
                        .successors
                        .get(s)
                        .ok_or_else(|| error(op, "missing successor"))?;
                    let args: Vec<Val> = succ.args.iter().map(|&v| get(vals, v).clone()).collect();
                    for (&p, a) in body.block_args(succ.block).iter().zip(args) {
                        vals[p.index()] = a;
                    }
                    fr.block = succ.block;
                    fr.pc = 0;
                    continue;
                }
                LlvmReturn => {
                    let r = op.operands.first().map(|&v| get(vals, v).clone());
                    let done = frames.pop().expect("a frame");
                    for id in done.stack {
                        let a = &mut self.mem.allocs[id as usize];
                        a.state = State::Returned;
                        a.bytes = Vec::new();
                        a.defined = Vec::new();
                    }
                    let Some(caller) = frames.last_mut() else {
                        self.ret_loc = op.loc;
                        return Ok(r);
                    };
                    let cb = prog.module.funcs[caller.func as usize]
                        .body
                        .as_ref()
                        .expect("a defined function");
                    let call = cb.op(cb.block(caller.block).ops[caller.pc]);
                    if let (Some(&res), Some(r)) = (call.results.first(), r) {
                        caller.vals[res.index()] = r;
                    }
                    caller.pc += 1;
                    continue;
                }
                LlvmUnreachable => {
                    return Err(ub(op, rules::UNREACHABLE, "reached".into()));
                }
            };
            if let Some(&res) = op.results.first() {
                fr.vals[res.index()] = result;
            }
            fr.pc += 1;
        }
    }

    /// The pointer an access goes through; poison and undef addresses are UB.
    fn address(&self, op: &OpData, v: &Val) -> Result<Ptr, Trap> {
        match v {
            Val::Ptr(p) => Ok(*p),
            _ => Err(ub(
                op,
                rules::POISON_ADDRESS,
                "access through a poison or undef pointer".into(),
            )),
        }
    }

    fn gep(&self, op: &OpData, vals: &[Val]) -> Result<Val, Trap> {
        let elem = op
            .attr("elem_type")
            .and_then(Attribute::as_type)
            .ok_or_else(|| error(op, "getelementptr without elem_type"))?;
        let idx = op
            .attr("indices")
            .and_then(Attribute::as_array)
            .unwrap_or(&[]);
        let base = match get(vals, op.operands[0]) {
            Val::Ptr(p) => *p,
            _ => return Ok(Val::Poison),
        };
        let mut next_dyn = op.operands[1..].iter();
        let mut off: i128 = 0;
        // A negative index times a nonzero size wraps as unsigned (poison under `nuw`).
        let mut negative = false;
        let mut cur = elem;
        for (k, a) in idx.iter().enumerate() {
            let c = a.as_int().unwrap_or(0);
            let i: i128 = if c == DYNAMIC_INDEX as i128 {
                let v = next_dyn
                    .next()
                    .ok_or_else(|| error(op, "missing dynamic index"))?;
                match get(vals, *v) {
                    Val::Int(i) => *i,
                    _ => return Ok(Val::Poison),
                }
            } else {
                c
            };
            negative |= i < 0;
            if k == 0 {
                off = off.wrapping_add(i.wrapping_mul(alloc_size(elem) as i128));
                continue;
            }
            match cur {
                Type::LlvmStruct(fs) => {
                    let f = usize::try_from(i)
                        .ok()
                        .filter(|&f| f < fs.len())
                        .ok_or_else(|| error(op, format!("struct field {i} out of range")))?;
                    off = off.wrapping_add(field_offset(fs, f) as i128);
                    cur = &fs[f];
                }
                Type::LlvmArray(_, e) => {
                    off = off.wrapping_add(i.wrapping_mul(alloc_size(e) as i128));
                    cur = e;
                }
                Type::Vector(v) => {
                    off = off.wrapping_add(i.wrapping_mul(alloc_size(&v.elem) as i128));
                    cur = &v.elem;
                }
                t => return Err(error(op, format!("cannot index into {t}"))),
            }
        }
        let addr = base.addr.wrapping_add(off as u64);
        if gep_nuw(op) && (negative && off != 0 || base.addr as i128 + off > u64::MAX as i128) {
            return Ok(Val::Poison);
        }
        if gep_inbounds(op) {
            let ok = self.mem.allocs.get(base.prov as usize).is_some_and(|a| {
                let in_range = |x: u64| x.wrapping_sub(a.base) <= a.size;
                in_range(base.addr) && in_range(addr)
            });
            if !ok && off != 0 {
                return Ok(Val::Poison);
            }
        }
        Ok(Val::Ptr(Ptr {
            addr,
            prov: base.prov,
        }))
    }

    /// `malloc`, `aligned_alloc` and `free`, else the host's externals.
    fn call_external(
        &mut self,
        op: &OpData,
        name: &str,
        args: &[Val],
        ext: &mut dyn ExternalCall,
    ) -> Result<Option<Val>, Trap> {
        let int = |i: usize| -> Result<u64, Trap> {
            match args.get(i) {
                Some(Val::Int(x)) => Ok(*x as u64),
                _ => Err(error(
                    op,
                    format!("argument {i} of @{name} is not an integer"),
                )),
            }
        };
        let null = Val::Ptr(Ptr {
            addr: 0,
            prov: NO_PROV,
        });
        match name {
            "malloc" => {
                let size = int(0)?;
                self.mem.heap_call(crate::HeapCall { align: None, size });
                if size > crate::memory::MAX_ALLOC {
                    return Ok(Some(null));
                }
                let p = self
                    .mem
                    .alloc(Kind::Heap, size, crate::layout::MALLOC_ALIGNMENT, op.loc)
                    .map_err(|e| error(op, e))?;
                self.mem.heap_blocks += 1;
                Ok(Some(Val::Ptr(p)))
            }
            "aligned_alloc" => {
                let (align, size) = (int(0)?, int(1)?);
                self.mem.heap_call(crate::HeapCall {
                    align: Some(align),
                    size,
                });
                if !align.is_power_of_two() || size > crate::memory::MAX_ALLOC {
                    return Ok(Some(null));
                }
                let p = self
                    .mem
                    .alloc(Kind::Heap, size, align, op.loc)
                    .map_err(|e| error(op, e))?;
                self.mem.heap_blocks += 1;
                Ok(Some(Val::Ptr(p)))
            }
            "free" => {
                let p = match args.first() {
                    Some(Val::Ptr(p)) => *p,
                    _ => {
                        return Err(ub(
                            op,
                            rules::POISON_ADDRESS,
                            "free of a poison or undef pointer".into(),
                        ))
                    }
                };
                if p.addr == 0 {
                    return Ok(None);
                }
                let a = self.mem.allocs.get_mut(p.prov as usize).ok_or_else(|| {
                    ub(
                        op,
                        irules::INVALID_FREE,
                        format!("free of {:#x}, an address of no allocation", p.addr),
                    )
                })?;
                match (a.kind, a.state) {
                    (_, State::Freed(at)) => Err(ub(
                        op,
                        irules::DOUBLE_FREE,
                        format!("free of memory already freed{}", at_loc(at)),
                    )),
                    (Kind::Heap, State::Live) if a.base == p.addr => {
                        a.state = State::Freed(op.loc);
                        a.bytes = Vec::new();
                        a.defined = Vec::new();
                        self.mem.heap_blocks -= 1;
                        Ok(None)
                    }
                    (k, _) => Err(ub(
                        op,
                        irules::INVALID_FREE,
                        format!(
                            "free of {:#x}, which is not the start of a live heap allocation ({} allocation, offset {})",
                            p.addr,
                            crate::memory::kind_name(k),
                            p.addr.wrapping_sub(a.base) as i64
                        ),
                    )),
                }
            }
            _ => match ext.call(&mut self.mem, name, args) {
                Some(Ok(r)) => Ok(r),
                Some(Err(e)) => Err(error(op, format!("external @{name}: {e}"))),
                None => Err(error(
                    op,
                    format!("the external function @{name} is not implemented by this host"),
                )),
            },
        }
    }
}

/// The C library functions the machine implements must be declared with their C
/// types on x86-64 (`malloc(i64) -> ptr`, `aligned_alloc(i64, i64) -> ptr`,
/// `free(ptr)`): a narrower integer parameter leaves the upper bits of the `size_t`
/// register undefined (MLIR 22 declares `malloc(i32)` at `index-bitwidth=32`,
/// docs/findings/mlir22-index32-alloc-truncates.md), which is undefined behaviour.
fn libc_signature(op: &OpData, f: &converter::ir::Func) -> Result<(), Trap> {
    let size = Type::Int(64);
    let ptr = |t: &Type| matches!(t, Type::LlvmPtr(_, 0));
    let Type::LlvmFunc(ft) = &f.ty else {
        return Ok(());
    };
    let ok = match f.name.as_str() {
        "malloc" => ft.params[..] == [size] && ptr(&ft.result),
        "aligned_alloc" => ft.params[..] == [size.clone(), size] && ptr(&ft.result),
        "free" => ft.params.len() == 1 && ptr(&ft.params[0]) && ft.result == Type::LlvmVoid,
        _ => return Ok(()),
    };
    if ok || ft.vararg {
        return Ok(());
    }
    Err(ub(
        op,
        rules::LIBC_SIGNATURE,
        format!(
            "the C library's '{}' is called through the declaration {}, not its C type on x86-64 (sizes are 64-bit size_t)",
            f.name,
            f.ty
        ),
    ))
}

/// A lane index for insertion (out of range: none).
fn lane(i: &Val) -> usize {
    match i {
        Val::Int(i) if *i >= 0 => *i as usize,
        _ => usize::MAX,
    }
}

/// The alignment of a load, store or alloca: its `alignment` attribute, else the ABI
/// alignment of the type (what the translation to LLVM IR gives an op without one).
fn op_align(op: &OpData, t: &Type) -> u64 {
    match op.attr("alignment").and_then(Attribute::as_int) {
        Some(a) if a > 0 => a as u64,
        _ => align_of(t),
    }
}

/// Whether `m` holds only what this interpreter runs: LLVM-dialect functions, laid
/// out by the data layout [`crate::layout`] implements (when the module names a
/// nonempty one in `llvm.data_layout`: and no pointer of an address space whose
/// pointers are not 64-bit).
pub fn check_module(m: &Module) -> Result<(), Trap> {
    for f in &m.funcs {
        if f.kind != FuncKind::Llvm {
            return Err(Trap::error(
                f.loc,
                format!("@{} is not an llvm.func: lower the module first", f.name),
            ));
        }
    }
    let narrow = match converter::ir::attr::find_attr(&m.attrs, "llvm.data_layout") {
        // An empty layout says nothing (the JIT compiles for the host's).
        None => return Ok(()),
        Some(Attribute::Str(dl)) if dl.is_empty() => return Ok(()),
        Some(Attribute::Str(dl)) => crate::layout::check_data_layout(dl).map_err(|e| {
            plain_error(format!(
                "the module's data layout is not the interpreter's: {e}"
            ))
        })?,
        Some(_) => return Err(plain_error("'llvm.data_layout' is not a string")),
    };
    if narrow.is_empty() {
        return Ok(());
    }
    fn uses(t: &Type, narrow: &[u32]) -> bool {
        match t {
            Type::LlvmPtr(_, a) => narrow.contains(a),
            Type::LlvmStruct(fs) => fs.iter().any(|f| uses(f, narrow)),
            Type::LlvmArray(_, e) => uses(e, narrow),
            Type::Vector(v) => uses(&v.elem, narrow),
            Type::LlvmFunc(ft) => {
                uses(&ft.result, narrow) || ft.params.iter().any(|p| uses(p, narrow))
            }
            _ => false,
        }
    }
    for f in &m.funcs {
        let body_types = f.body.iter().flat_map(|b| b.values.iter().map(|v| &v.ty));
        if let Some(t) = std::iter::once(&f.ty)
            .chain(body_types)
            .find(|t| uses(t, &narrow))
        {
            return Err(Trap::error(
                f.loc,
                format!(
                    "@{} uses {t}, whose pointers the module's data layout makes narrower than the interpreter's 64 bits",
                    f.name
                ),
            ));
        }
    }
    Ok(())
}

/// Reports a location-less interpreter error.
pub fn plain_error(msg: impl Into<String>) -> Trap {
    Trap::error(Loc::UNKNOWN, msg)
}
