//! The interpreter loop: one flat `match` over the compiled instructions of the
//! current frame, with an explicit frame stack (an MLIR call never recurses in Rust, so
//! deep recursion ends in `Trap::CallDepth`, not a stack overflow). Scalar registers are
//! plain `i128`s; frames' register files are recycled through a pool so that calls do
//! not allocate once warm. Every step costs one unit of fuel.

use crate::compile::{CFunc, CallInfo, Edge, Inst, Program, OBJ};
use crate::floats;
use crate::ints;
use crate::memory::{linear, AllocError, BufKind, Memory, View};
use crate::ops::eval1;
use crate::trap::{rules, Trap, Ub};
use crate::values;
use crate::vectors::{self, VecRef};
use crate::{Externals, Options};
use converter::Loc;
use std::rc::Rc;

/// An object register: a vector or a memref view.
#[derive(Clone, Debug, Default)]
pub enum Obj {
    #[default]
    Empty,
    Vec(VecRef),
    Mem(Rc<View>),
}

/// A value leaving or entering a frame from outside (arguments, results).
#[derive(Clone, Debug)]
pub enum Out {
    S(i128),
    O(Obj),
}

struct Frame {
    func: u32,
    pc: usize,
    s: Vec<i128>,
    o: Vec<Obj>,
    /// `alloca` buffers to release when the frame returns.
    allocas: Vec<u32>,
    /// The caller's call-info index that receives this frame's results.
    ret_to: u32,
}

/// One run's mutable state.
pub struct Machine<'p, 'e> {
    pub prog: &'p Program,
    pub mem: Memory,
    pub ext: &'e mut dyn Externals,
    opts: Options,
    pool: Vec<Frame>,
    scratch_s: Vec<i128>,
    scratch_o: Vec<Obj>,
    /// Fuel left; `opts.fuel - fuel` is the number of instructions executed.
    pub fuel: u64,
}

#[cold]
fn internal(loc: Loc, what: &str) -> Trap {
    Trap::error(
        loc,
        format!("ill-typed value reaches {what} (is the module verified?)"),
    )
}

#[inline(always)]
fn get(f: &Frame, slot: u32) -> Out {
    if slot & OBJ != 0 {
        Out::O(f.o[(slot & !OBJ) as usize].clone())
    } else {
        Out::S(f.s[slot as usize])
    }
}

#[inline(always)]
fn put(f: &mut Frame, slot: u32, v: Out) {
    match v {
        Out::S(x) => f.s[(slot & !OBJ) as usize] = x,
        Out::O(o) => f.o[(slot & !OBJ) as usize] = o,
    }
}

impl<'p, 'e> Machine<'p, 'e> {
    pub fn new(prog: &'p Program, opts: &Options, ext: &'e mut dyn Externals) -> Self {
        Machine {
            prog,
            mem: Memory::default(),
            ext,
            opts: opts.clone(),
            pool: Vec::new(),
            scratch_s: Vec::new(),
            scratch_o: Vec::new(),
            fuel: opts.fuel,
        }
    }

    fn new_frame(&mut self, func: u32) -> Frame {
        let cf = &self.prog.funcs[func as usize];
        let mut f = self.pool.pop().unwrap_or(Frame {
            func,
            pc: 0,
            s: Vec::new(),
            o: Vec::new(),
            allocas: Vec::new(),
            ret_to: 0,
        });
        f.func = func;
        f.pc = 0;
        f.s.clear();
        f.s.resize(cf.n_s as usize, 0);
        f.o.clear();
        f.o.resize_with(cf.n_o as usize, Obj::default);
        f.allocas.clear();
        f
    }

    fn recycle(&mut self, mut f: Frame) {
        for b in f.allocas.drain(..) {
            self.mem.release(b);
        }
        f.o.clear();
        if self.pool.len() < 64 {
            self.pool.push(f);
        }
    }

    #[inline(always)]
    fn take_edge(&mut self, f: &mut Frame, e: &Edge) {
        if !e.parallel {
            for &(src, dst) in &e.smoves {
                f.s[dst as usize] = f.s[src as usize];
            }
            for &(src, dst) in &e.omoves {
                f.o[dst as usize] = f.o[src as usize].clone();
            }
            return;
        }
        self.take_parallel_edge(f, e);
    }

    #[inline(never)]
    fn take_parallel_edge(&mut self, f: &mut Frame, e: &Edge) {
        self.scratch_s.clear();
        self.scratch_o.clear();
        for &(src, _) in &e.moves {
            match get(f, src) {
                Out::S(x) => self.scratch_s.push(x),
                Out::O(o) => self.scratch_o.push(o),
            }
        }
        let (mut i, mut j) = (0, 0);
        for &(_, dst) in &e.moves {
            if dst & OBJ != 0 {
                f.o[(dst & !OBJ) as usize] = std::mem::take(&mut self.scratch_o[j]);
                j += 1;
            } else {
                f.s[dst as usize] = self.scratch_s[i];
                i += 1;
            }
        }
    }

    /// Calls an external function through `Externals`, writing its results into `f`.
    fn call_external(
        &mut self,
        callee: &CFunc,
        ci: &CallInfo,
        f: &mut Frame,
        loc: Loc,
    ) -> Result<(), Trap> {
        let mut args = Vec::with_capacity(ci.args.len());
        for (&slot, ty) in ci.args.iter().zip(&ci.arg_types) {
            let v = get(f, slot);
            args.push(values::to_rt_lenient(self.prog, &self.mem, ty, &v));
        }
        let name = &callee.name;
        let results = match self.ext.call(name, &args) {
            None => {
                return Err(Trap::error(
                    loc,
                    format!("call to external function '@{name}' that has no implementation"),
                ))
            }
            Some(Err(m)) => {
                return Err(Trap::error(
                    loc,
                    format!("external function '@{name}' failed: {m}"),
                ))
            }
            Some(Ok(r)) => r,
        };
        if results.len() != ci.results.len() {
            return Err(Trap::error(
                loc,
                format!(
                    "external function '@{name}' returned {} values, {} expected",
                    results.len(),
                    ci.results.len()
                ),
            ));
        }
        for ((&slot, ty), rt) in ci.results.iter().zip(&ci.result_types).zip(&results) {
            let v = values::from_rt(self.prog, &mut self.mem, ty, rt)
                .map_err(|m| Trap::error(loc, format!("result of '@{name}': {m}")))?;
            put(f, slot, v);
        }
        Ok(())
    }

    /// Runs function `func` on `args` to completion; returns its results and the
    /// location of the `return` that produced them.
    pub fn exec(&mut self, func: u32, args: Vec<Out>) -> Result<(Vec<Out>, Loc), Trap> {
        let mut fuel = self.fuel;
        let r = self.exec_loop(func, args, &mut fuel);
        self.fuel = fuel;
        r
    }

    fn exec_loop(
        &mut self,
        func: u32,
        args: Vec<Out>,
        fuel_out: &mut u64,
    ) -> Result<(Vec<Out>, Loc), Trap> {
        let prog = self.prog;
        let iw = prog.index_width;
        let max_depth = self.opts.max_call_depth;
        let mut stack: Vec<Frame> = Vec::new();
        let mut f = self.new_frame(func);
        let mut cf: &CFunc = &prog.funcs[func as usize];
        for (&p, v) in cf.params.iter().zip(args) {
            put(&mut f, p, v);
        }
        let mut pc: usize = 0;
        // Fuel lives in a local (a register) and is written back on every exit.
        struct Fuel<'a> {
            left: u64,
            out: &'a mut u64,
        }
        impl Drop for Fuel<'_> {
            fn drop(&mut self) {
                *self.out = self.left;
            }
        }
        let mut fuel = Fuel {
            left: *fuel_out,
            out: fuel_out,
        };

        macro_rules! loc {
            () => {
                cf.locs[pc - 1]
            };
        }
        macro_rules! tri {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => return Err(Ub::at(e, loc!())),
                }
            };
        }
        macro_rules! view {
            ($m:expr, $what:expr) => {
                match &f.o[$m as usize] {
                    Obj::Mem(v) => v,
                    _ => return Err(internal(loc!(), $what)),
                }
            };
        }
        macro_rules! vector {
            ($m:expr, $what:expr) => {
                match &f.o[$m as usize] {
                    Obj::Vec(v) => v,
                    _ => return Err(internal(loc!(), $what)),
                }
            };
        }

        loop {
            if fuel.left == 0 {
                return Err(Trap::OutOfFuel);
            }
            fuel.left -= 1;
            let inst = cf.code[pc];
            pc += 1;
            match inst {
                Inst::Const { d, k } => f.s[d as usize] = prog.consts[k as usize],
                Inst::IntBin { op, w, d, a, b } => {
                    let (x, y) = (f.s[a as usize], f.s[b as usize]);
                    f.s[d as usize] = tri!(ints::binary(op, x, y, w as u32));
                }
                Inst::Add64 { d, a, b } => {
                    let (x, y) = (f.s[a as usize] as i64, f.s[b as usize] as i64);
                    f.s[d as usize] = x.wrapping_add(y) as i128;
                }
                Inst::Sub64 { d, a, b } => {
                    let (x, y) = (f.s[a as usize] as i64, f.s[b as usize] as i64);
                    f.s[d as usize] = x.wrapping_sub(y) as i128;
                }
                Inst::Mul64 { d, a, b } => {
                    let (x, y) = (f.s[a as usize] as i64, f.s[b as usize] as i64);
                    f.s[d as usize] = x.wrapping_mul(y) as i128;
                }
                Inst::CmpI { pred, w, d, a, b } => {
                    let (x, y) = (f.s[a as usize], f.s[b as usize]);
                    f.s[d as usize] = ints::from_bool(ints::cmp(pred, x, y, w as u32));
                }
                Inst::FBin { op, k, d, a, b } => {
                    let (x, y) = (f.s[a as usize], f.s[b as usize]);
                    f.s[d as usize] = floats::binary(op, k, x, y);
                }
                Inst::CmpF { pred, k, d, a, b } => {
                    let (x, y) = (f.s[a as usize], f.s[b as usize]);
                    f.s[d as usize] = ints::from_bool(floats::cmp(pred, k, x, y));
                }
                Inst::Un { op, d, a } => {
                    f.s[d as usize] = tri!(eval1(op, f.s[a as usize]));
                }
                Inst::Select { d, c, a, b } => {
                    let v = if f.s[c as usize] & 1 != 0 { a } else { b };
                    f.s[d as usize] = f.s[v as usize];
                }
                Inst::SelectO { d, c, a, b } => {
                    let v = if f.s[c as usize] & 1 != 0 { a } else { b };
                    f.o[d as usize] = f.o[v as usize].clone();
                }
                Inst::VSelect { d, c, a, b } => {
                    let r = vectors::select(
                        vector!(c, "select"),
                        vector!(a, "select"),
                        vector!(b, "select"),
                    );
                    f.o[d as usize] = Obj::Vec(r);
                }
                Inst::VBin { op, d, a, b } => {
                    let r = tri!(vectors::map2(
                        op,
                        vector!(a, "a vector op"),
                        vector!(b, "a vector op")
                    ));
                    f.o[d as usize] = Obj::Vec(r);
                }
                Inst::VUn { op, d, a } => {
                    let r = tri!(vectors::map1(op, vector!(a, "a vector op")));
                    f.o[d as usize] = Obj::Vec(r);
                }
                Inst::ConstV { d, k } => {
                    f.o[d as usize] = Obj::Vec(Rc::from(&cf.vconsts[k as usize][..]));
                }
                Inst::Splat { d, a, n } => {
                    f.o[d as usize] = Obj::Vec(vectors::splat(f.s[a as usize], n as usize));
                }
                Inst::Extract { d, v, info } => {
                    let ei = &cf.extracts[info as usize];
                    let vec = vector!(v, "extract_element");
                    let s = &f.s;
                    let x = tri!(vectors::extract(vec, &ei.shape, |k| s[ei.idx[k] as usize]));
                    f.s[d as usize] = x;
                }
                Inst::Load { d, m, idx, n } => {
                    let v = view!(m, "load");
                    let slots = &cf.lists[idx as usize..(idx + n) as usize];
                    if slots.len() != v.rank() {
                        return Err(internal(loc!(), "load with the wrong number of indices"));
                    }
                    let s = &f.s;
                    let lin = tri!(linear(v, slots.len(), |k| s[slots[k] as usize], "load"));
                    let x = tri!(self.mem.read(v.buf, lin));
                    f.s[d as usize] = x;
                }
                Inst::Store { v, m, idx, n } => {
                    let view = view!(m, "store");
                    let slots = &cf.lists[idx as usize..(idx + n) as usize];
                    if slots.len() != view.rank() {
                        return Err(internal(loc!(), "store with the wrong number of indices"));
                    }
                    let s = &f.s;
                    let lin = tri!(linear(view, slots.len(), |k| s[slots[k] as usize], "store"));
                    tri!(self.mem.write(view.buf, lin, f.s[v as usize]));
                }
                Inst::LoadV { d, m, idx, n } => {
                    let v = view!(m, "load");
                    let slots = &cf.lists[idx as usize..(idx + n) as usize];
                    if slots.len() != v.rank() {
                        return Err(internal(loc!(), "load with the wrong number of indices"));
                    }
                    let s = &f.s;
                    let lin = tri!(linear(v, slots.len(), |k| s[slots[k] as usize], "load"));
                    let lanes = tri!(self.mem.read_lanes(v.buf, lin));
                    f.o[d as usize] = Obj::Vec(Rc::from(lanes));
                }
                Inst::StoreV { v, m, idx, n } => {
                    let view = view!(m, "store");
                    let slots = &cf.lists[idx as usize..(idx + n) as usize];
                    if slots.len() != view.rank() {
                        return Err(internal(loc!(), "store with the wrong number of indices"));
                    }
                    let s = &f.s;
                    let lin = tri!(linear(view, slots.len(), |k| s[slots[k] as usize], "store"));
                    let val = vector!(v, "store");
                    let lanes = self.mem.buffer(view.buf).lanes_of();
                    if val.len() != lanes {
                        return Err(internal(loc!(), "store of a vector of the wrong length"));
                    }
                    tri!(self.mem.write_lanes(view.buf, lin, val));
                }
                Inst::Alloc { info } => {
                    let ai = &cf.allocs[info as usize];
                    let mut dyns = ai.dyn_sizes.iter();
                    let sizes: Vec<i64> = ai
                        .shape
                        .iter()
                        .map(|d| match d {
                            Some(n) => *n as i64,
                            None => dyns.next().map_or(0, |&s| f.s[s as usize] as i64),
                        })
                        .collect();
                    let kind = if ai.stack {
                        BufKind::Stack
                    } else {
                        BufKind::Heap
                    };
                    let layout = ai.layout.as_ref().map(|(o, s)| (*o, &s[..]));
                    match self
                        .mem
                        .alloc(kind, ai.lanes, &sizes, layout, ai.align, loc!())
                    {
                        Ok(v) => {
                            if ai.stack {
                                f.allocas.push(v.buf);
                            }
                            f.o[ai.d as usize] = Obj::Mem(Rc::new(v));
                        }
                        Err(AllocError::Ub(e)) => return Err(e.at(loc!())),
                        Err(AllocError::TooLarge(c)) => {
                            return Err(Trap::error(
                                loc!(),
                                format!(
                                    "allocation of {c} elements exceeds the interpreter's limit"
                                ),
                            ))
                        }
                    }
                }
                Inst::Dealloc { m } => {
                    let v = view!(m, "dealloc");
                    tri!(self.mem.dealloc(v, loc!()));
                }
                Inst::Dim { d, m, k } => {
                    let v = view!(m, "dim");
                    let x = tri!(dim(v, k as i128));
                    f.s[d as usize] = ints::sext(x as i128, iw);
                }
                Inst::DimDyn { d, m, i } => {
                    let v = view!(m, "dim");
                    let x = tri!(dim(v, f.s[i as usize]));
                    f.s[d as usize] = ints::sext(x as i128, iw);
                }
                Inst::Rank { d, m } => {
                    let v = view!(m, "rank");
                    f.s[d as usize] = v.rank() as i128;
                }
                Inst::MemRefCast { d, m, info } => {
                    let v = view!(m, "memref_cast");
                    tri!(cf.casts[info as usize].check(v, "memref_cast"));
                    f.o[d as usize] = Obj::Mem(v.clone());
                }
                Inst::Br { e } => {
                    let e = &cf.edges[e as usize];
                    self.take_edge(&mut f, e);
                    pc = e.pc as usize;
                }
                Inst::CondBr { c, t, f: fe } => {
                    let e = if f.s[c as usize] & 1 != 0 { t } else { fe };
                    let e = &cf.edges[e as usize];
                    self.take_edge(&mut f, e);
                    pc = e.pc as usize;
                }
                Inst::Call { .. } | Inst::CallInd { .. } => {
                    let (callee, info) = match inst {
                        Inst::Call { info } => (cf.calls[info as usize].callee, info),
                        Inst::CallInd { f: fs, info } => (f.s[fs as usize] as u32, info),
                        _ => unreachable!(),
                    };
                    let ci = &cf.calls[info as usize];
                    let Some(callee_f) = prog.funcs.get(callee as usize) else {
                        return Err(internal(loc!(), "call_indirect"));
                    };
                    if callee_f.external {
                        let loc = loc!();
                        self.call_external(callee_f, ci, &mut f, loc)?;
                        continue;
                    }
                    if ci.args.len() != callee_f.params.len() {
                        return Err(Trap::error(
                            loc!(),
                            format!(
                                "call of '@{}' with {} arguments, it takes {}",
                                callee_f.name,
                                ci.args.len(),
                                callee_f.params.len()
                            ),
                        ));
                    }
                    let depth = stack.len() as u32 + 2;
                    if depth > max_depth {
                        return Err(Trap::CallDepth { loc: loc!(), depth });
                    }
                    let mut nf = self.new_frame(callee);
                    for (&a, &p) in ci.args.iter().zip(&callee_f.params) {
                        put(&mut nf, p, get(&f, a));
                    }
                    nf.ret_to = info;
                    f.pc = pc;
                    stack.push(std::mem::replace(&mut f, nf));
                    cf = callee_f;
                    pc = 0;
                }
                Inst::Return { start, n } => {
                    let rets = &cf.lists[start as usize..(start + n) as usize];
                    match stack.pop() {
                        None => {
                            let outs = rets.iter().map(|&r| get(&f, r)).collect();
                            let loc = loc!();
                            self.recycle(f);
                            return Ok((outs, loc));
                        }
                        Some(mut caller) => {
                            let ccf = &prog.funcs[caller.func as usize];
                            let ci = &ccf.calls[f.ret_to as usize];
                            if ci.results.len() != rets.len() {
                                return Err(Trap::error(
                                    loc!(),
                                    format!(
                                        "'@{}' returns {} values, the call expects {}",
                                        cf.name,
                                        rets.len(),
                                        ci.results.len()
                                    ),
                                ));
                            }
                            for (&src, &dst) in rets.iter().zip(&ci.results) {
                                put(&mut caller, dst, get(&f, src));
                            }
                            self.recycle(std::mem::replace(&mut f, caller));
                            cf = ccf;
                            pc = f.pc;
                        }
                    }
                }
                Inst::Fail { msg } => {
                    return Err(Trap::error(loc!(), cf.msgs[msg as usize].clone()));
                }
            }
        }
    }
}

/// The size of dimension `k` of a view; a dimension that does not exist is UB.
fn dim(v: &View, k: i128) -> Result<i64, Ub> {
    if k < 0 || k >= v.rank() as i128 {
        return Err(Ub::new(
            rules::DIM,
            format!("dim {k} of a memref of rank {}", v.rank()),
        ));
    }
    Ok(v.dims[k as usize].0)
}
