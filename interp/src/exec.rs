//! The interpreter loop: one flat `match` over the compiled instructions of the
//! current frame, each arm a call to a named function (the common scalar, memory and
//! branch instructions are `#[inline(always)]`; vectors, allocation, calls and returns
//! stay out of line, which keeps the loop small), with an explicit frame stack (an
//! MLIR call never recurses in Rust, so deep recursion ends in `Trap::CallDepth`, not
//! a stack overflow). Scalar registers are plain `i128`s; frames' register files are
//! recycled through a pool so that calls do not allocate once warm. Every step costs
//! one unit of fuel.

use crate::compile::{CFunc, CallInfo, Edge, Inst, Program, OBJ};
use crate::floats::{self, FKind, FloatOp};
use crate::ints::{self, IntOp};
use crate::memory::{linear, AllocError, BufKind, Memory, View};
use crate::ops::{eval1, Op1, Op2};
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
    /// The heap allocations made so far, the first [`crate::MAX_HEAP_EVENTS`] of them.
    pub heap_events: Vec<crate::HeapEvent>,
    /// Set when there were more than that.
    pub heap_events_overflowed: bool,
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

impl Frame {
    /// A frame with no registers (allocates nothing).
    fn empty() -> Frame {
        Frame {
            func: 0,
            pc: 0,
            s: Vec::new(),
            o: Vec::new(),
            allocas: Vec::new(),
            ret_to: 0,
        }
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
            heap_events: Vec::new(),
            heap_events_overflowed: false,
        }
    }

    /// Records a heap allocation ([`crate::RunOutput::heap_events`]).
    fn heap_event(&mut self, e: impl FnOnce() -> crate::HeapEvent) {
        if self.heap_events.len() < crate::MAX_HEAP_EVENTS {
            self.heap_events.push(e());
        } else {
            self.heap_events_overflowed = true;
        }
    }

    fn new_frame(&mut self, func: u32) -> Frame {
        let cf = &self.prog.funcs[func as usize];
        let mut f = self.pool.pop().unwrap_or_else(Frame::empty);
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

    /// Moves the block arguments of branch edge `e`; returns its target pc.
    #[inline(always)]
    fn take_edge(&mut self, f: &mut Frame, e: &Edge) -> usize {
        if !e.parallel {
            for &(src, dst) in &e.smoves {
                f.s[dst as usize] = f.s[src as usize];
            }
            for &(src, dst) in &e.omoves {
                f.o[dst as usize] = f.o[src as usize].clone();
            }
        } else {
            self.take_parallel_edge(f, e);
        }
        e.pc as usize
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
        let mut stack: Vec<Frame> = Vec::new();
        let mut f = self.new_frame(func);
        let mut cf: &'p CFunc = &prog.funcs[func as usize];
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

        loop {
            if fuel.left == 0 {
                return Err(Trap::OutOfFuel);
            }
            fuel.left -= 1;
            let inst = cf.code[pc];
            pc += 1;
            let at = At { cf, pc };
            let f = &mut f;
            match inst {
                Inst::Const { d, k } => f.s[d as usize] = prog.consts[k as usize],
                Inst::IntBin { op, w, d, a, b } => int_bin(f, at, op, w, d, a, b)?,
                Inst::Add64 { d, a, b } => bin64(f, d, a, b, i64::wrapping_add),
                Inst::Sub64 { d, a, b } => bin64(f, d, a, b, i64::wrapping_sub),
                Inst::Mul64 { d, a, b } => bin64(f, d, a, b, i64::wrapping_mul),
                Inst::CmpI { pred, w, d, a, b } => cmp_i(f, pred, w, d, a, b),
                Inst::FBin { op, k, d, a, b } => f_bin(f, op, k, d, a, b),
                Inst::CmpF { pred, k, d, a, b } => cmp_f(f, pred, k, d, a, b),
                Inst::Un { op, d, a } => un(f, at, op, d, a)?,
                Inst::Select { d, c, a, b } => select(f, d, c, a, b),
                Inst::SelectO { d, c, a, b } => select_obj(f, d, c, a, b),
                Inst::VSelect { d, c, a, b } => vselect(f, at, d, c, a, b)?,
                Inst::VBin { op, d, a, b } => vbin(f, at, op, d, a, b)?,
                Inst::VUn { op, d, a } => vun(f, at, op, d, a)?,
                Inst::ConstV { d, k } => {
                    f.o[d as usize] = Obj::Vec(Rc::from(&cf.vconsts[k as usize][..]));
                }
                Inst::Splat { d, a, n } => {
                    f.o[d as usize] = Obj::Vec(vectors::splat(f.s[a as usize], n as usize));
                }
                Inst::Extract { d, v, info } => extract(f, at, d, v, info)?,
                Inst::Load { d, m, idx, n } => self.load(f, at, d, m, idx, n)?,
                Inst::Store { v, m, idx, n } => self.store(f, at, v, m, idx, n)?,
                Inst::LoadV { d, m, idx, n } => self.load_vector(f, at, d, m, idx, n)?,
                Inst::StoreV { v, m, idx, n } => self.store_vector(f, at, v, m, idx, n)?,
                Inst::Alloc { info } => self.alloc(f, at, info)?,
                Inst::Dealloc { m } => self.dealloc(f, at, m)?,
                Inst::Dim { d, m, k } => self.dim(f, at, d, m, k as i128)?,
                Inst::DimDyn { d, m, i } => {
                    let k = f.s[i as usize];
                    self.dim(f, at, d, m, k)?;
                }
                Inst::Rank { d, m } => f.s[d as usize] = view(&f.o, at, m, "rank")?.rank() as i128,
                Inst::MemRefCast { d, m, info } => memref_cast(f, at, d, m, info)?,
                Inst::Br { e } => pc = self.take_edge(f, &cf.edges[e as usize]),
                Inst::CondBr { c, t, f: fe } => {
                    let e = if f.s[c as usize] & 1 != 0 { t } else { fe };
                    pc = self.take_edge(f, &cf.edges[e as usize]);
                }
                Inst::Call { info } => {
                    let callee = cf.calls[info as usize].callee;
                    self.call(&mut stack, f, &mut cf, &mut pc, callee, info)?;
                }
                Inst::CallInd { f: fs, info } => {
                    let callee = f.s[fs as usize] as u32;
                    self.call(&mut stack, f, &mut cf, &mut pc, callee, info)?;
                }
                Inst::Return { start, n } => {
                    if let Some(done) = self.ret(&mut stack, f, &mut cf, &mut pc, start, n)? {
                        return Ok(done);
                    }
                }
                Inst::Fail { msg } => {
                    return Err(Trap::error(at.loc(), cf.msgs[msg as usize].clone()));
                }
            }
        }
    }

    /// `s[d] = m[lists[idx..idx + n]]`.
    #[inline(always)]
    fn load(
        &mut self,
        f: &mut Frame,
        at: At,
        d: u32,
        m: u32,
        idx: u32,
        n: u32,
    ) -> Result<(), Trap> {
        let v = view(&f.o, at, m, "load")?;
        let lin = linear_index(&f.s, at, v, idx, n, "load")?;
        f.s[d as usize] = self.mem.read(v.buf, lin).map_err(|e| at.ub(e))?;
        Ok(())
    }

    /// `m[lists[idx..idx + n]] = s[v]`.
    #[inline(always)]
    fn store(
        &mut self,
        f: &mut Frame,
        at: At,
        v: u32,
        m: u32,
        idx: u32,
        n: u32,
    ) -> Result<(), Trap> {
        let view = view(&f.o, at, m, "store")?;
        let lin = linear_index(&f.s, at, view, idx, n, "store")?;
        self.mem
            .write(view.buf, lin, f.s[v as usize])
            .map_err(|e| at.ub(e))
    }

    /// Load of a vector element into `o[d]`.
    #[inline(never)]
    fn load_vector(
        &mut self,
        f: &mut Frame,
        at: At,
        d: u32,
        m: u32,
        idx: u32,
        n: u32,
    ) -> Result<(), Trap> {
        let v = view(&f.o, at, m, "load")?;
        let lin = linear_index(&f.s, at, v, idx, n, "load")?;
        let lanes = self.mem.read_lanes(v.buf, lin).map_err(|e| at.ub(e))?;
        f.o[d as usize] = Obj::Vec(Rc::from(lanes));
        Ok(())
    }

    /// Store of the vector `o[v]` as one element.
    #[inline(never)]
    fn store_vector(
        &mut self,
        f: &mut Frame,
        at: At,
        v: u32,
        m: u32,
        idx: u32,
        n: u32,
    ) -> Result<(), Trap> {
        let view = view(&f.o, at, m, "store")?;
        let lin = linear_index(&f.s, at, view, idx, n, "store")?;
        let val = vector(&f.o, at, v, "store")?;
        let lanes = self.mem.buffer(view.buf).lanes_of();
        if val.len() != lanes {
            return Err(at.internal("store of a vector of the wrong length"));
        }
        self.mem
            .write_lanes(view.buf, lin, val)
            .map_err(|e| at.ub(e))
    }

    #[inline(never)]
    fn alloc(&mut self, f: &mut Frame, at: At, info: u32) -> Result<(), Trap> {
        let ai = &at.cf.allocs[info as usize];
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
            .alloc(kind, ai.lanes, &sizes, layout, ai.align, at.loc())
        {
            Ok(v) => {
                if ai.stack {
                    f.allocas.push(v.buf);
                } else {
                    self.heap_event(|| crate::HeapEvent::Alloc {
                        elem: ai.elem.clone(),
                        sizes,
                        layout: ai.layout.clone(),
                        alignment: (ai.align != 0).then_some(ai.align),
                    });
                }
                f.o[ai.d as usize] = Obj::Mem(Rc::new(v));
                Ok(())
            }
            Err(AllocError::Ub(e)) => Err(e.at(at.loc())),
            Err(AllocError::TooLarge(c)) => Err(Trap::error(
                at.loc(),
                format!("allocation of {c} elements exceeds the interpreter's limit"),
            )),
        }
    }

    #[inline(never)]
    fn dealloc(&mut self, f: &mut Frame, at: At, m: u32) -> Result<(), Trap> {
        let v = view(&f.o, at, m, "dealloc")?;
        self.mem.dealloc(v, at.loc()).map_err(|e| at.ub(e))
    }

    /// `s[d]` = the size of dimension `k` of `o[m]`, as an index.
    #[inline(never)]
    fn dim(&mut self, f: &mut Frame, at: At, d: u32, m: u32, k: i128) -> Result<(), Trap> {
        let v = view(&f.o, at, m, "dim")?;
        let x = dim(v, k).map_err(|e| at.ub(e))?;
        f.s[d as usize] = ints::sext(x as i128, self.prog.index_width);
        Ok(())
    }

    /// A call of function number `callee` with the arguments and results of call-info
    /// `info`: an external one runs through `Externals`; otherwise the caller's frame
    /// goes on `stack` and the callee's frame becomes `f`.
    #[inline(never)]
    fn call(
        &mut self,
        stack: &mut Vec<Frame>,
        f: &mut Frame,
        cf: &mut &'p CFunc,
        pc: &mut usize,
        callee: u32,
        info: u32,
    ) -> Result<(), Trap> {
        let (prog, c): (&'p Program, &'p CFunc) = (self.prog, *cf);
        let at = At { cf: c, pc: *pc };
        let ci = &c.calls[info as usize];
        let Some(callee_f) = prog.funcs.get(callee as usize) else {
            return Err(at.internal("call_indirect"));
        };
        if callee_f.external {
            return self.call_external(callee_f, ci, f, at.loc());
        }
        if ci.args.len() != callee_f.params.len() {
            return Err(Trap::error(
                at.loc(),
                format!(
                    "call of '@{}' with {} arguments, it takes {}",
                    callee_f.name,
                    ci.args.len(),
                    callee_f.params.len()
                ),
            ));
        }
        let depth = stack.len() as u32 + 2;
        if depth > self.opts.max_call_depth {
            return Err(Trap::CallDepth {
                loc: at.loc(),
                depth,
            });
        }
        let mut nf = self.new_frame(callee);
        for (&a, &p) in ci.args.iter().zip(&callee_f.params) {
            put(&mut nf, p, get(f, a));
        }
        nf.ret_to = info;
        f.pc = *pc;
        stack.push(std::mem::replace(f, nf));
        *cf = callee_f;
        *pc = 0;
        Ok(())
    }

    /// A return of `lists[start..start + n]`: to the caller on `stack`, whose frame
    /// becomes `f` again, or, from the outermost frame, the run's results.
    #[inline(never)]
    fn ret(
        &mut self,
        stack: &mut Vec<Frame>,
        f: &mut Frame,
        cf: &mut &'p CFunc,
        pc: &mut usize,
        start: u32,
        n: u32,
    ) -> Result<Option<(Vec<Out>, Loc)>, Trap> {
        let (prog, c): (&'p Program, &'p CFunc) = (self.prog, *cf);
        let at = At { cf: c, pc: *pc };
        let rets = &c.lists[start as usize..(start + n) as usize];
        if c.returns_unranked {
            for (&r, t) in rets.iter().zip(&c.ty.results) {
                if matches!(t, converter::ir::Type::UnrankedMemRef(..)) {
                    let rank = view(&f.o, at, r & !OBJ, "return")?.rank();
                    self.heap_event(|| crate::HeapEvent::UnrankedReturn { rank });
                }
            }
        }
        let Some(mut caller) = stack.pop() else {
            let outs = rets.iter().map(|&r| get(f, r)).collect();
            let done = std::mem::replace(f, Frame::empty());
            self.recycle(done);
            return Ok(Some((outs, at.loc())));
        };
        let ccf = &prog.funcs[caller.func as usize];
        let ci = &ccf.calls[f.ret_to as usize];
        if ci.results.len() != rets.len() {
            return Err(Trap::error(
                at.loc(),
                format!(
                    "'@{}' returns {} values, the call expects {}",
                    c.name,
                    rets.len(),
                    ci.results.len()
                ),
            ));
        }
        for (&src, &dst) in rets.iter().zip(&ci.results) {
            put(&mut caller, dst, get(f, src));
        }
        self.recycle(std::mem::replace(f, caller));
        *cf = ccf;
        *pc = f.pc;
        Ok(None)
    }
}

/// Where the instruction being executed is, for its errors: its function and the
/// instruction index after it.
#[derive(Clone, Copy)]
struct At<'a> {
    cf: &'a CFunc,
    pc: usize,
}

impl At<'_> {
    #[cold]
    fn loc(self) -> Loc {
        self.cf.locs[self.pc - 1]
    }

    #[cold]
    fn ub(self, e: Ub) -> Trap {
        Ub::at(e, self.loc())
    }

    #[cold]
    fn internal(self, what: &str) -> Trap {
        internal(self.loc(), what)
    }
}

/// The memref view in object register `m`.
#[inline(always)]
fn view<'o>(o: &'o [Obj], at: At, m: u32, what: &str) -> Result<&'o Rc<View>, Trap> {
    match &o[m as usize] {
        Obj::Mem(v) => Ok(v),
        _ => Err(at.internal(what)),
    }
}

/// The vector in object register `v`.
#[inline(always)]
fn vector<'o>(o: &'o [Obj], at: At, v: u32, what: &str) -> Result<&'o VecRef, Trap> {
    match &o[v as usize] {
        Obj::Vec(x) => Ok(x),
        _ => Err(at.internal(what)),
    }
}

/// The linear element index in `view` of the indices in scalar registers
/// `lists[idx..idx + n]`.
#[inline(always)]
fn linear_index(
    s: &[i128],
    at: At,
    view: &View,
    idx: u32,
    n: u32,
    what: &'static str,
) -> Result<i64, Trap> {
    let slots = &at.cf.lists[idx as usize..(idx + n) as usize];
    if slots.len() != view.rank() {
        return Err(at.internal(if what == "load" {
            "load with the wrong number of indices"
        } else {
            "store with the wrong number of indices"
        }));
    }
    linear(view, slots.len(), |k| s[slots[k] as usize], what).map_err(|e| at.ub(e))
}

#[inline(always)]
fn int_bin(f: &mut Frame, at: At, op: IntOp, w: u8, d: u32, a: u32, b: u32) -> Result<(), Trap> {
    let (x, y) = (f.s[a as usize], f.s[b as usize]);
    f.s[d as usize] = ints::binary(op, x, y, w as u32).map_err(|e| at.ub(e))?;
    Ok(())
}

/// The 64-bit fast paths: `op` on the low 64 bits, sign-extended back.
#[inline(always)]
fn bin64(f: &mut Frame, d: u32, a: u32, b: u32, op: fn(i64, i64) -> i64) {
    let (x, y) = (f.s[a as usize] as i64, f.s[b as usize] as i64);
    f.s[d as usize] = op(x, y) as i128;
}

#[inline(always)]
fn cmp_i(f: &mut Frame, pred: u8, w: u8, d: u32, a: u32, b: u32) {
    let (x, y) = (f.s[a as usize], f.s[b as usize]);
    f.s[d as usize] = ints::from_bool(ints::cmp(pred, x, y, w as u32));
}

#[inline(always)]
fn f_bin(f: &mut Frame, op: FloatOp, k: FKind, d: u32, a: u32, b: u32) {
    let (x, y) = (f.s[a as usize], f.s[b as usize]);
    f.s[d as usize] = floats::binary(op, k, x, y);
}

#[inline(always)]
fn cmp_f(f: &mut Frame, pred: u8, k: FKind, d: u32, a: u32, b: u32) {
    let (x, y) = (f.s[a as usize], f.s[b as usize]);
    f.s[d as usize] = ints::from_bool(floats::cmp(pred, k, x, y));
}

#[inline(always)]
fn un(f: &mut Frame, at: At, op: Op1, d: u32, a: u32) -> Result<(), Trap> {
    f.s[d as usize] = eval1(op, f.s[a as usize]).map_err(|e| at.ub(e))?;
    Ok(())
}

/// Scalar select.
#[inline(always)]
fn select(f: &mut Frame, d: u32, c: u32, a: u32, b: u32) {
    let v = if f.s[c as usize] & 1 != 0 { a } else { b };
    f.s[d as usize] = f.s[v as usize];
}

/// Select of objects with a scalar condition.
#[inline(always)]
fn select_obj(f: &mut Frame, d: u32, c: u32, a: u32, b: u32) {
    let v = if f.s[c as usize] & 1 != 0 { a } else { b };
    f.o[d as usize] = f.o[v as usize].clone();
}

/// Element-wise select with a vector condition.
#[inline(never)]
fn vselect(f: &mut Frame, at: At, d: u32, c: u32, a: u32, b: u32) -> Result<(), Trap> {
    let r = vectors::select(
        vector(&f.o, at, c, "select")?,
        vector(&f.o, at, a, "select")?,
        vector(&f.o, at, b, "select")?,
    );
    f.o[d as usize] = Obj::Vec(r);
    Ok(())
}

#[inline(never)]
fn vbin(f: &mut Frame, at: At, op: Op2, d: u32, a: u32, b: u32) -> Result<(), Trap> {
    let r = vectors::map2(
        op,
        vector(&f.o, at, a, "a vector op")?,
        vector(&f.o, at, b, "a vector op")?,
    )
    .map_err(|e| at.ub(e))?;
    f.o[d as usize] = Obj::Vec(r);
    Ok(())
}

#[inline(never)]
fn vun(f: &mut Frame, at: At, op: Op1, d: u32, a: u32) -> Result<(), Trap> {
    let r = vectors::map1(op, vector(&f.o, at, a, "a vector op")?).map_err(|e| at.ub(e))?;
    f.o[d as usize] = Obj::Vec(r);
    Ok(())
}

/// `extract_element`: `s[d]` = the element of `o[v]` at the indices of extract-info `info`.
#[inline(never)]
fn extract(f: &mut Frame, at: At, d: u32, v: u32, info: u32) -> Result<(), Trap> {
    let ei = &at.cf.extracts[info as usize];
    let vec = vector(&f.o, at, v, "extract_element")?;
    let s = &f.s;
    let x = vectors::extract(vec, &ei.shape, |k| s[ei.idx[k] as usize]).map_err(|e| at.ub(e))?;
    f.s[d as usize] = x;
    Ok(())
}

/// `memref_cast`: checks the view in `o[m]` against cast-info `info`, then copies it.
#[inline(never)]
fn memref_cast(f: &mut Frame, at: At, d: u32, m: u32, info: u32) -> Result<(), Trap> {
    let v = view(&f.o, at, m, "memref_cast")?;
    at.cf.casts[info as usize]
        .check(v, "memref_cast")
        .map_err(|e| at.ub(e))?;
    f.o[d as usize] = Obj::Mem(v.clone());
    Ok(())
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
