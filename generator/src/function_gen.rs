//! Generates one function body. The function's type pools (the scalar, vector and
//! memref types its values will mostly have) and its entry block with the parameters
//! are created first; then straight-line segments are filled from the op table
//! ([`crate::ops`]) and control-flow constructs (loops, diamonds, same-successor
//! merges, early returns) open nested frames.
//!
//! Invariants that keep every module valid and UB-free:
//! - scope: a value is visible only while the frame (block region) that defined it is
//!   open, so every use is dominated by its definition;
//! - memory: every heap buffer has one owner frame (`roots`); it is written entirely right
//!   after `alloc`, deallocated exactly once when its frame closes or on each `return`
//!   path unless it is returned (ownership then moves to the caller), and never read after;
//!   `alloca` buffers are never returned; aliases made by `memref_cast` die with their frame;
//! - termination: loops count a block argument up to a small constant; calls go to
//!   functions of higher index, except calls to recursive functions, which always pass
//!   a strictly smaller depth.

use crate::config::{Family, GenConfig};
use crate::module_gen::ModulePlan;
use crate::ops;
use crate::ub_guards;
use arbitrary::{Result, Unstructured};
use converter::ir::{
    Attribute, BlockId, Body, DenseValues, Layout, NewOp, OpKind, StridedLayout, Type, ValueId,
};
use std::collections::{HashMap, HashSet};

/// What the generator knows about a value beyond its type.
#[derive(Clone, Debug, Default)]
pub(crate) struct Meta {
    /// The heap buffer this memref owns (and must deallocate or return), if any.
    pub root: Option<u32>,
    /// Actual sizes of a memref's dimensions where known (also for unranked values).
    pub sizes: Option<Vec<Option<u64>>>,
    /// For function-typed values: every possible callee has an index at least this.
    pub fn_min: usize,
    /// For function-typed values: an upper bound of the callee's cost.
    pub fn_cost: u64,
    /// An unranked value that views a memref of a strided layout (`memref_cast` of a
    /// strided value, issue 39): `dim`, `rank` and `dealloc` take it, but it is never
    /// cast back to a ranked type nor passed or returned where an unranked value is
    /// expected, since those may be cast back to the identity layout.
    pub strided_view: bool,
}

/// Values in scope, by type, with frame marks so that closing a frame is O(values popped).
#[derive(Default)]
pub(crate) struct Scope {
    by_type: HashMap<Type, Vec<ValueId>>,
    log: Vec<Type>,
    memrefs: Vec<ValueId>,
    marks: Vec<(usize, usize)>,
}

impl Scope {
    fn add(&mut self, v: ValueId, ty: &Type) {
        self.by_type.entry(ty.clone()).or_default().push(v);
        self.log.push(ty.clone());
        if ty.is_memref() {
            self.memrefs.push(v);
        }
    }
    fn push(&mut self) {
        self.marks.push((self.log.len(), self.memrefs.len()));
    }
    fn pop(&mut self) {
        let (l, m) = self.marks.pop().expect("scope underflow");
        while self.log.len() > l {
            let t = self.log.pop().unwrap();
            if let Some(v) = self.by_type.get_mut(&t) {
                v.pop();
            }
        }
        self.memrefs.truncate(m);
    }
    pub fn of_type(&self, ty: &Type) -> &[ValueId] {
        self.by_type.get(ty).map(|v| v.as_slice()).unwrap_or(&[])
    }
    pub fn memrefs(&self) -> &[ValueId] {
        &self.memrefs
    }
}

/// One open frame: the heap buffers it owns.
#[derive(Default)]
struct Frame {
    roots: Vec<(u32, ValueId)>,
}

/// Kinds of type the op table asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TyKind {
    Int,
    Float,
    IntVec,
    FloatVec,
}

pub(crate) struct FnGen<'a, 'u> {
    pub u: &'a mut Unstructured<'u>,
    pub cfg: &'a GenConfig,
    pub plan: &'a ModulePlan,
    pub fidx: usize,
    pub body: Body,
    pub cur: BlockId,
    pub scope: Scope,
    pub meta: Vec<Meta>,
    frames: Vec<Frame>,
    pub ints: Vec<Type>,
    pub floats: Vec<Type>,
    pub vecs: Vec<Type>,
    pub mems: Vec<Type>,
    seen_types: HashSet<Type>,
    pub loop_depth: usize,
    pub trip_product: u64,
    pub nest: usize,
    pub blocks_left: usize,
    next_root: u32,
    /// Estimated dynamic op count of one activation.
    pub cost: u64,
    /// Calls made to recursive functions.
    pub rec_sites: usize,
    /// `depth - 1`, available after the recursion guard of a recursive function.
    pub depth_minus_1: Option<ValueId>,
    /// Values the returns prefer while they are in scope, so that results depend on
    /// them: in a harness entry, elements loaded from the memref parameters (the views'
    /// layout then matters); everywhere, the scalar arguments of a block reached twice
    /// from one `cond_br` (the operands of each edge then matter).
    preferred: Vec<ValueId>,
    /// The current block already ends with a terminator (after an early return).
    pub terminated: bool,
    widths: Vec<(u32, u32)>,
}

impl<'a, 'u> FnGen<'a, 'u> {
    pub fn new(
        u: &'a mut Unstructured<'u>,
        cfg: &'a GenConfig,
        plan: &'a ModulePlan,
        fidx: usize,
    ) -> Self {
        let fp = &plan.funcs[fidx];
        let mut body = Body::new();
        let entry = body.add_block(&fp.inputs);
        FnGen {
            u,
            cfg,
            plan,
            fidx,
            body,
            cur: entry,
            scope: Scope::default(),
            meta: Vec::new(),
            frames: Vec::new(),
            ints: Vec::new(),
            floats: Vec::new(),
            vecs: Vec::new(),
            mems: Vec::new(),
            seen_types: HashSet::new(),
            loop_depth: 0,
            trip_product: 1,
            nest: 0,
            blocks_left: 0,
            next_root: 0,
            cost: 0,
            rec_sites: 0,
            depth_minus_1: None,
            preferred: Vec::new(),
            terminated: false,
            widths: cfg.allowed_widths(),
        }
    }

    pub fn has(&self, f: Family) -> bool {
        self.cfg.has(f)
    }

    // ---------------------------------------------------------------- randomness

    pub fn chance(&mut self, percent: u8) -> Result<bool> {
        Ok(self.u.int_in_range(0..=99u8)? < percent)
    }
    pub fn range(&mut self, lo: u64, hi: u64) -> Result<u64> {
        if hi <= lo {
            return Ok(lo);
        }
        self.u.int_in_range(lo..=hi)
    }
    pub fn index(&mut self, len: usize) -> Result<usize> {
        if len <= 1 {
            return Ok(0);
        }
        self.u.choose_index(len)
    }

    // ---------------------------------------------------------------- types

    fn note_type(&mut self, ty: &Type) {
        if self.seen_types.contains(ty) {
            return;
        }
        self.seen_types.insert(ty.clone());
        match ty {
            Type::Int(_) | Type::Index => self.ints.push(ty.clone()),
            Type::F16 | Type::F32 | Type::F64 => self.floats.push(ty.clone()),
            Type::Vector(v) if v.elem.is_integer() || v.elem.is_float() => {
                self.vecs.push(ty.clone())
            }
            Type::MemRef(_) => self.mems.push(ty.clone()),
            _ => {}
        }
    }

    pub fn random_int_type(&mut self) -> Result<Type> {
        let total: u32 = self.widths.iter().map(|w| w.1).sum();
        let mut r = self.u.int_in_range(0..=total)?;
        if r == total {
            return Ok(Type::Index);
        }
        for &(w, wt) in &self.widths {
            if r < wt {
                return Ok(Type::Int(w));
            }
            r -= wt;
        }
        Ok(Type::i32())
    }
    pub fn random_float_type(&mut self) -> Result<Type> {
        let n = if self.has(Family::F16) { 3 } else { 2 };
        Ok(match self.index(n)? {
            0 => Type::F32,
            1 => Type::F64,
            _ => Type::F16,
        })
    }
    pub fn random_scalar_type(&mut self) -> Result<Type> {
        if self.u.arbitrary::<bool>()? {
            self.random_int_type()
        } else {
            self.random_float_type()
        }
    }
    pub fn random_vector_type(&mut self, int: bool) -> Result<Type> {
        let elem = if int {
            let mut t = self.random_int_type()?;
            if t == Type::Index {
                t = Type::i32();
            }
            t
        } else {
            self.random_float_type()?
        };
        let rank = self.range(1, self.cfg.max_vector_rank.max(1) as u64)? as usize;
        let mut shape = Vec::with_capacity(rank);
        let mut total = 1u64;
        for _ in 0..rank {
            let room = (self.cfg.max_vector_elems.max(1) / total).clamp(1, 8);
            let d = self.range(1, room)?;
            total *= d;
            shape.push(d);
        }
        Ok(Type::vector(shape, elem))
    }
    /// A ranked identity-layout memref type.
    pub fn random_memref_type(&mut self) -> Result<Type> {
        let rank = self.range(0, self.cfg.max_memref_rank.min(4) as u64)? as usize;
        let elem = if self.has(Family::VectorElemMemRefs)
            && self.has(Family::Vectors)
            && self.chance(20)?
        {
            let int = self.u.arbitrary()?;
            self.random_vector_type(int)?
        } else {
            self.random_scalar_type()?
        };
        let mut shape = Vec::with_capacity(rank);
        let mut total = 1u64;
        for _ in 0..rank {
            let room =
                (self.cfg.max_memref_elems.max(1) / total).clamp(1, self.cfg.max_memref_dim.max(1));
            let d = self.range(1, room)?;
            total *= d;
            let dynamic = self.has(Family::DynamicDims) && self.chance(35)?;
            shape.push(if dynamic { None } else { Some(d) });
        }
        Ok(Type::memref(shape, elem))
    }

    /// A type of the requested kind, usually one already used in this function.
    pub fn pick_type(&mut self, kind: TyKind) -> Result<Type> {
        let reuse = self.chance(75)?;
        let pool: Vec<Type> = match kind {
            TyKind::Int => self.ints.clone(),
            TyKind::Float => self.floats.clone(),
            TyKind::IntVec => self
                .vecs
                .iter()
                .filter(|t| t.scalar_of().is_integer())
                .cloned()
                .collect(),
            TyKind::FloatVec => self
                .vecs
                .iter()
                .filter(|t| t.scalar_of().is_float())
                .cloned()
                .collect(),
        };
        if reuse && !pool.is_empty() {
            let i = self.index(pool.len())?;
            return Ok(pool[i].clone());
        }
        let t = match kind {
            TyKind::Int => self.random_int_type()?,
            TyKind::Float => self.random_float_type()?,
            TyKind::IntVec => self.random_vector_type(true)?,
            TyKind::FloatVec => self.random_vector_type(false)?,
        };
        self.note_type(&t);
        Ok(t)
    }

    // ---------------------------------------------------------------- values

    pub fn ty(&self, v: ValueId) -> Type {
        self.body.value_type(v).clone()
    }

    /// Makes `v` visible in the current frame.
    pub fn def(&mut self, v: ValueId, meta: Meta) {
        let ty = self.ty(v);
        self.note_type(&ty);
        let i = v.index();
        if self.meta.len() <= i {
            self.meta.resize(i + 1, Meta::default());
        }
        self.meta[i] = meta;
        self.scope.add(v, &ty);
    }
    pub fn def_plain(&mut self, v: ValueId) {
        self.def(v, Meta::default());
    }
    pub fn meta_of(&self, v: ValueId) -> Meta {
        self.meta.get(v.index()).cloned().unwrap_or_default()
    }

    /// Appends an op to the current block.
    pub fn emit(&mut self, op: NewOp) -> converter::ir::OpId {
        self.cost += self.trip_product;
        self.body.append_op(self.cur, op)
    }
    pub fn emit1(&mut self, op: NewOp) -> ValueId {
        let id = self.emit(op);
        self.body.op(id).results[0]
    }

    /// An existing value of `ty`, biased towards recent ones.
    pub fn existing(&mut self, ty: &Type) -> Result<Option<ValueId>> {
        let n = self.scope.of_type(ty).len();
        if n == 0 {
            return Ok(None);
        }
        let i = if self.u.arbitrary::<bool>()? {
            n - 1 - self.index(n.min(4))?
        } else {
            self.index(n)?
        };
        Ok(Some(self.scope.of_type(ty)[i]))
    }

    /// A value of scalar or vector type `ty`: an existing one or a new constant.
    pub fn pick(&mut self, ty: &Type) -> Result<ValueId> {
        if self.chance(80)? {
            if let Some(v) = self.existing(ty)? {
                return Ok(v);
            }
        }
        self.constant(ty)
    }

    /// A value of `ty` different from `other` when one exists.
    pub fn pick_other(&mut self, ty: &Type, other: ValueId) -> Result<ValueId> {
        let vals = self.scope.of_type(ty);
        if vals.len() >= 2 {
            let i = self.index(vals.len())?;
            let v = self.scope.of_type(ty)[i];
            if v != other {
                return Ok(v);
            }
        }
        self.constant(ty)
    }

    pub fn int_value(&mut self, ty: &Type) -> Result<i128> {
        // Index constants stay within 32 bits so they mean the same on every target.
        let w = if *ty == Type::Index {
            32
        } else {
            ub_guards::int_width(ty)
        };
        let min = ub_guards::int_min(w);
        let max = if w >= 128 {
            i128::MAX
        } else {
            (1i128 << (w - 1)) - 1
        };
        Ok(match self.u.int_in_range(0..=9u8)? {
            0 => 0,
            1 => 1,
            2 => -1,
            3 => min,
            4 => max,
            5 => self.u.int_in_range(0..=4u8)? as i128,
            6 | 7 => self.u.int_in_range(-100i128..=100)?,
            _ => self.u.arbitrary::<i128>()?,
        })
    }

    pub fn float_value(&mut self, ty: &Type) -> Result<f64> {
        const NICE: [f64; 14] = [
            0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.25, -7.5, 100.0, 0.1, 1.0e-3, 65504.0, -2.75, 1024.0,
        ];
        Ok(match self.u.int_in_range(0..=3u8)? {
            0 | 1 => NICE[self.index(NICE.len())?],
            2 => self.u.int_in_range(-64i32..=64)? as f64 / 4.0,
            _ => {
                let f = self.u.arbitrary::<f64>()?;
                let lim = if *ty == Type::F16 { 60000.0 } else { 1.0e30 };
                if f.is_finite() {
                    f.clamp(-lim, lim)
                } else {
                    1.5
                }
            }
        })
    }

    fn scalar_attr(&mut self, ty: &Type) -> Result<Attribute> {
        Ok(if ty.is_float() {
            let f = self.float_value(ty)?;
            Attribute::float(f, ty.clone())
        } else {
            let i = self.int_value(ty)?;
            Attribute::int(i, ty.clone())
        })
    }

    /// A new constant of a scalar or vector type (vectors: dense splat or elements).
    pub fn constant(&mut self, ty: &Type) -> Result<ValueId> {
        let attr = match ty {
            Type::Vector(v) => {
                let values = if self.u.arbitrary::<bool>()? {
                    DenseValues::Splat(Box::new(self.scalar_attr(&v.elem)?))
                } else {
                    let n = v.num_elements();
                    let mut els = Vec::with_capacity(n as usize);
                    for _ in 0..n {
                        els.push(self.scalar_attr(&v.elem)?);
                    }
                    DenseValues::Elements(els)
                };
                Attribute::Dense {
                    ty: ty.clone(),
                    values,
                }
            }
            Type::Function(_) => return self.fn_ref(ty).map(|v| v.expect("function constant")),
            _ => self.scalar_attr(ty)?,
        };
        let v = self.emit1(
            NewOp::new(OpKind::Constant)
                .attr("value", attr)
                .result(ty.clone()),
        );
        self.def_plain(v);
        Ok(v)
    }

    pub fn const_index(&mut self, value: u64) -> ValueId {
        self.cost += self.trip_product;
        self.body.builder(self.cur).const_index(value as i64)
    }

    /// An `i1` condition: an existing one or a fresh comparison.
    pub fn cond(&mut self) -> Result<ValueId> {
        if self.chance(50)? {
            if let Some(v) = self.existing(&Type::i1())? {
                return Ok(v);
            }
        }
        let ty = self.pick_type(TyKind::Int)?;
        let a = self.pick(&ty)?;
        let b = self.pick(&ty)?;
        let p = converter::ir::CMPI_PREDICATES[self.index(10)?];
        let c = self.body.builder(self.cur).cmpi(p, a, b);
        self.cost += self.trip_product;
        self.def_plain(c);
        Ok(c)
    }

    /// `constant @f` for a function of type `ty` that this function may call
    /// (higher index, not recursive). `None` when there is none.
    pub fn fn_ref(&mut self, ty: &Type) -> Result<Option<ValueId>> {
        let cands: Vec<usize> = (self.fidx + 1..self.plan.funcs.len())
            .filter(|&g| {
                let p = &self.plan.funcs[g];
                !p.recursive && p.fn_type() == *ty
            })
            .collect();
        if cands.is_empty() {
            return Ok(None);
        }
        let g = cands[self.index(cands.len())?];
        Ok(Some(self.fn_ref_to(g)))
    }
    pub fn fn_ref_to(&mut self, g: usize) -> ValueId {
        let p = &self.plan.funcs[g];
        p.called.set(true);
        let ty = p.fn_type();
        let v = self.emit1(
            NewOp::new(OpKind::Constant)
                .attr("value", Attribute::SymbolRef(p.name.clone()))
                .result(ty),
        );
        let cost = self.plan.funcs[g].cost.get();
        self.def(
            v,
            Meta {
                fn_min: g,
                fn_cost: cost,
                ..Meta::default()
            },
        );
        v
    }

    // ---------------------------------------------------------------- frames

    pub fn push_frame(&mut self) {
        self.scope.push();
        self.frames.push(Frame::default());
    }
    /// Deallocates the innermost frame's buffers (at the end of the current block) and
    /// closes it.
    pub fn pop_frame(&mut self) {
        let f = self.frames.pop().expect("frame underflow");
        if !self.terminated {
            for &(_, v) in &f.roots {
                self.emit_dealloc(v);
            }
        }
        self.scope.pop();
    }
    /// `dealloc` of an owned buffer, sometimes through a fresh dynamic-shape view or an
    /// unranked one (a `dealloc` through any view frees the allocation; through an
    /// unranked one, the lowering reads the allocated pointer behind the descriptor).
    fn emit_dealloc(&mut self, v: ValueId) {
        let ty = self.ty(v);
        let view = self.u.int_in_range(0..=7u8).unwrap_or(2);
        let target = match ty.as_memref() {
            Some(mt)
                if view < 2 && mt.has_identity_layout() && mt.shape.iter().any(|d| d.is_some()) =>
            {
                Some(Type::memref(vec![None; mt.rank()], mt.elem.clone()))
            }
            Some(mt) if view == 2 => {
                Some(Type::unranked_memref_in(mt.elem.clone(), mt.memory_space))
            }
            _ => None,
        };
        let v = match target {
            Some(t) => self.emit1(NewOp::new(OpKind::MemRefCast).operands([v]).result(t)),
            None => v,
        };
        self.emit(NewOp::new(OpKind::Dealloc).operands([v]));
    }

    fn new_root(&mut self, v: ValueId) -> u32 {
        let r = self.next_root;
        self.next_root += 1;
        self.frames.last_mut().expect("no frame").roots.push((r, v));
        r
    }

    // ---------------------------------------------------------------- memrefs

    /// Allocates a memref of identity type `ty` (dynamic sizes chosen here), writes every
    /// element, and registers it.
    pub fn alloc(&mut self, ty: &Type, on_stack: bool) -> Result<ValueId> {
        let mt = ty.as_memref().expect("alloc of a non-memref").clone();
        let mut sizes = Vec::with_capacity(mt.rank());
        let mut operands = Vec::new();
        let mut total: u64 = mt.shape.iter().flatten().product();
        for d in &mt.shape {
            match d {
                Some(s) => sizes.push(*s),
                None => {
                    let room = (self.cfg.max_memref_elems.max(1) / total.max(1))
                        .clamp(1, self.cfg.max_memref_dim.max(1));
                    let s = self.range(1, room)?;
                    total = total.max(1) * s;
                    sizes.push(s);
                    // A small positive size computed at run time.
                    let v = if s >= 2 && self.chance(40)? {
                        let a = self.const_index(s - 1);
                        let one = self.const_index(1);
                        self.cost += self.trip_product;
                        self.body.builder(self.cur).binary(OpKind::AddI, a, one)
                    } else {
                        self.const_index(s)
                    };
                    operands.push(v);
                }
            }
        }
        let kind = if on_stack {
            OpKind::Alloca
        } else {
            OpKind::Alloc
        };
        let mut op = NewOp::new(kind).operands(operands).result(ty.clone());
        if self.chance(25)? {
            // Never below the element's natural alignment: loads and stores assume it.
            let natural = ub_guards::natural_alignment(&mt.elem);
            let choices = crate::attrs::alignment_choices(self.cfg, on_stack, natural);
            if !choices.is_empty() {
                let align = choices[self.index(choices.len())?];
                op = op.attr("alignment", Attribute::int(align, Type::i64()));
            }
        }
        let m = self.emit1(op);
        self.fill(m, &sizes)?;
        let meta = Meta {
            root: None,
            sizes: Some(sizes.into_iter().map(Some).collect()),
            ..Meta::default()
        };
        self.def(m, meta);
        if !on_stack {
            let r = self.new_root(m);
            self.meta[m.index()].root = Some(r);
        }
        Ok(m)
    }

    /// A value of element type `elem` derived from the index `k` (and maybe a value in scope).
    fn elem_from_index(&mut self, k: ValueId, elem: &Type) -> Result<ValueId> {
        let blk = self.cur;
        let mix = self.chance(40)?;
        let v = match elem {
            Type::Index => k,
            Type::Int(_) => self
                .body
                .builder(blk)
                .unary(OpKind::IndexCast, k, elem.clone()),
            Type::F16 | Type::F32 | Type::F64 => {
                let i = self
                    .body
                    .builder(blk)
                    .unary(OpKind::IndexCast, k, Type::i32());
                self.body
                    .builder(blk)
                    .unary(OpKind::SIToFP, i, elem.clone())
            }
            Type::Vector(v) => {
                let s = self.elem_from_index(k, &v.elem)?;
                return Ok(self.body.builder(blk).unary(OpKind::Splat, s, elem.clone()));
            }
            _ => unreachable!("memref element type {elem}"),
        };
        if mix {
            if let Some(other) = self.existing(elem)? {
                let kind = if elem.is_float() {
                    OpKind::AddF
                } else {
                    OpKind::Xor
                };
                return Ok(self.body.builder(blk).binary(kind, v, other));
            }
        }
        Ok(v)
    }

    /// Writes every element of a freshly allocated memref with known `sizes`.
    fn fill(&mut self, m: ValueId, sizes: &[u64]) -> Result<()> {
        let elem = self.ty(m).memref_elem().cloned().expect("memref");
        let total: u64 = sizes.iter().product();
        if total <= 4 || sizes.is_empty() {
            // Straight-line stores with constant indices.
            for lin in 0..total {
                let mut idx = Vec::with_capacity(sizes.len());
                let mut rest = lin;
                for &s in sizes.iter().rev() {
                    idx.push(rest % s);
                    rest /= s;
                }
                idx.reverse();
                let k = self.const_index(lin);
                let val = self.elem_from_index(k, &elem)?;
                let ivals: Vec<ValueId> = idx.iter().map(|&i| self.const_index(i)).collect();
                self.cost += self.trip_product;
                self.body.builder(self.cur).store(val, m, &ivals);
            }
            return Ok(());
        }
        // One loop over the linear index, decomposed with div/rem by the sizes.
        let n = self.const_index(total);
        let zero = self.const_index(0);
        let one = self.const_index(1);
        let hdr = self.body.add_block(&[Type::Index]);
        let bdy = self.body.add_block(&[]);
        let exit = self.body.add_block(&[]);
        self.body.builder(self.cur).br(hdr, vec![zero]);
        let k = self.body.block_args(hdr)[0];
        let c = self.body.builder(hdr).cmpi("ult", k, n);
        self.body.builder(hdr).cond_br(c, bdy, vec![], exit, vec![]);
        self.cur = bdy;
        let saved = self.trip_product;
        self.trip_product = self.trip_product.saturating_mul(total);
        let mut idx = Vec::with_capacity(sizes.len());
        let mut stride = total;
        for &s in sizes {
            stride /= s;
            let st = self.const_index(stride);
            let sv = self.const_index(s);
            let mut b = self.body.builder(bdy);
            let q = b.binary(OpKind::DivIUnsigned, k, st);
            idx.push(b.binary(OpKind::RemIUnsigned, q, sv));
        }
        let val = self.elem_from_index(k, &elem)?;
        let mut b = self.body.builder(self.cur);
        b.store(val, m, &idx);
        let k1 = b.binary(OpKind::AddI, k, one);
        b.br(hdr, vec![k1]);
        self.cost += self.trip_product * (4 + 3 * sizes.len() as u64);
        self.trip_product = saved;
        self.cur = exit;
        Ok(())
    }

    /// The size of dimension `d` of ranked memref `m` as an index value.
    pub fn dim_size(&mut self, m: ValueId, d: usize) -> Result<ValueId> {
        let meta = self.meta_of(m);
        let known = meta
            .sizes
            .as_ref()
            .and_then(|s| s.get(d).copied().flatten());
        if let Some(s) = known {
            if self.chance(50)? {
                return Ok(self.const_index(s));
            }
        }
        Ok(self.emit_dim(m, d))
    }
    /// `dim` of dimension `d` in one of its three forms: the index as an attribute, as
    /// a constant operand, or as an operand the lowering cannot see is constant
    /// (`(x - x) + d` for some index `x`), which takes the lowering's path for a
    /// dynamic dimension index (a select over the sizes).
    pub fn emit_dim(&mut self, m: ValueId, d: usize) -> ValueId {
        match self.u.int_in_range(0..=3u8).unwrap_or(0) {
            0 | 1 => self.emit1(
                NewOp::new(OpKind::Dim)
                    .operands([m])
                    .attr("index", Attribute::index(d as i64))
                    .result(Type::Index),
            ),
            2 => {
                let i = self.const_index(d as u64);
                self.emit1(NewOp::new(OpKind::Dim).operands([m, i]).result(Type::Index))
            }
            _ => {
                let i = match self.pick(&Type::Index) {
                    Ok(x) => {
                        let c = self.const_index(d as u64);
                        let mut b = self.body.builder(self.cur);
                        let zero = b.binary(OpKind::SubI, x, x);
                        b.binary(OpKind::AddI, zero, c)
                    }
                    Err(_) => self.const_index(d as u64),
                };
                self.emit1(NewOp::new(OpKind::Dim).operands([m, i]).result(Type::Index))
            }
        }
    }

    /// In-range indices for every dimension of ranked memref `m`.
    pub fn indices_for(&mut self, m: ValueId) -> Result<Vec<ValueId>> {
        let rank = self.ty(m).as_memref().map(|t| t.rank()).unwrap_or(0);
        let mut out = Vec::with_capacity(rank);
        for d in 0..rank {
            let known = self
                .meta_of(m)
                .sizes
                .and_then(|s| s.get(d).copied().flatten());
            if let (Some(s), true) = (known, self.chance(40)?) {
                let i = self.range(0, s - 1)?;
                out.push(self.const_index(i));
                continue;
            }
            let size = self.dim_size(m, d)?;
            let raw = self.pick(&Type::Index)?;
            self.cost += self.trip_product;
            out.push(ub_guards::clamp_index(&mut self.body, self.cur, raw, size));
        }
        Ok(out)
    }

    /// The identity type a memref of `target` type (or unranked of rank `hidden`) is
    /// cast from.
    fn base_type_for(&mut self, target: &Type, hidden: Option<usize>) -> Result<Type> {
        Ok(match target {
            Type::MemRef(mt) => Type::memref(mt.shape.clone(), mt.elem.clone()),
            Type::UnrankedMemRef(e, _) => {
                let rank = hidden.unwrap_or(1);
                let mut shape = Vec::with_capacity(rank);
                for _ in 0..rank {
                    let d = self.range(1, 3)?;
                    let dynamic = self.has(Family::DynamicDims) && self.chance(30)?;
                    shape.push(if dynamic { None } else { Some(d) });
                }
                Type::memref(shape, (**e).clone())
            }
            _ => unreachable!("not a memref type"),
        })
    }

    /// Casts `v` to `target` if the cast is valid and defined; `None` otherwise.
    pub fn cast_to(&mut self, v: ValueId, target: &Type, hidden: Option<usize>) -> Option<ValueId> {
        let vt = self.ty(v);
        let meta = self.meta_of(v);
        let known_rank = meta.sizes.as_ref().map(|s| s.len());
        if vt == *target {
            return match target {
                Type::UnrankedMemRef(..) if known_rank != hidden || meta.strided_view => None,
                _ => Some(v),
            };
        }
        let sizes = meta.sizes.clone();
        let ok = match (&vt, target) {
            (Type::MemRef(a), Type::MemRef(b)) if !a.has_identity_layout() => {
                // Strided to strided: only towards more dynamic offset and strides.
                let sa = a.strided_form();
                a.elem == b.elem
                    && a.rank() == b.rank()
                    && dims_match(&b.shape, sizes.as_deref())
                    && match (&sa, &b.layout) {
                        (Some(sa), Layout::Strided(sb)) => {
                            sb.offset.is_none_or(|o| sa.offset == Some(o))
                                && sb
                                    .strides
                                    .iter()
                                    .zip(&sa.strides)
                                    .all(|(y, x)| y.is_none() || y == x)
                        }
                        _ => false,
                    }
            }
            (Type::MemRef(a), Type::MemRef(b)) => {
                a.elem == b.elem
                    && a.rank() == b.rank()
                    && a.has_identity_layout()
                    && dims_match(&b.shape, sizes.as_deref())
                    && match &b.layout {
                        Layout::Identity => true,
                        Layout::Strided(s) => strides_match(s, sizes.as_deref()),
                        Layout::Affine { .. } => false,
                    }
            }
            (Type::MemRef(a), Type::UnrankedMemRef(e, _)) => {
                a.elem == **e && Some(a.rank()) == hidden && a.has_identity_layout()
            }
            (Type::UnrankedMemRef(e, _), Type::MemRef(b)) => {
                **e == b.elem
                    && !meta.strided_view
                    && known_rank == Some(b.rank())
                    && b.has_identity_layout()
                    && dims_match(&b.shape, sizes.as_deref())
            }
            _ => false,
        };
        if !ok {
            return None;
        }
        let c = self.emit1(
            NewOp::new(OpKind::MemRefCast)
                .operands([v])
                .result(target.clone()),
        );
        let mut m2 = meta;
        m2.root = None; // aliases never own
        if let Type::MemRef(b) = target {
            // Static dims of the target are now known too.
            let mut s = m2.sizes.unwrap_or_else(|| vec![None; b.rank()]);
            for (i, d) in b.shape.iter().enumerate() {
                if d.is_some() {
                    s[i] = *d;
                }
            }
            m2.sizes = Some(s);
        }
        self.def(c, m2);
        Some(c)
    }

    /// `memref_cast` of a ranked memref of a strided layout to unranked (in its memory
    /// space): a view that only `dim`, `rank` and `dealloc` take ([`Meta::strided_view`]).
    pub fn cast_strided_to_unranked(&mut self, v: ValueId) -> Option<ValueId> {
        let Type::MemRef(mt) = self.ty(v) else {
            return None;
        };
        if mt.has_identity_layout() {
            return None;
        }
        let target = Type::unranked_memref_in(mt.elem.clone(), mt.memory_space);
        let mut meta = self.meta_of(v);
        meta.root = None; // aliases never own
        meta.strided_view = true;
        let sizes = meta.sizes.get_or_insert_with(|| vec![None; mt.rank()]);
        for (s, d) in sizes.iter_mut().zip(&mt.shape) {
            if d.is_some() {
                *s = *d;
            }
        }
        let c = self.emit1(NewOp::new(OpKind::MemRefCast).operands([v]).result(target));
        self.def(c, meta);
        Some(c)
    }

    /// A memref value of type `target` (unranked: of actual rank `hidden`): an existing
    /// one, possibly cast, or a fresh filled allocation. With `owned`, the value owns a
    /// heap buffer not yet in `used` (for `return`), and its root is added to `used`.
    pub fn materialize_memref(
        &mut self,
        target: &Type,
        hidden: Option<usize>,
        owned: bool,
        used: &mut Vec<u32>,
    ) -> Result<ValueId> {
        if self.chance(80)? {
            let n = self.scope.memrefs().len();
            let start = n.saturating_sub(16);
            for i in (start..n).rev() {
                let c = self.scope.memrefs()[i];
                let meta = self.meta_of(c);
                if owned {
                    match meta.root {
                        Some(r) if !used.contains(&r) => {}
                        _ => continue,
                    }
                }
                if let Some(v) = self.cast_to(c, target, hidden) {
                    if let (true, Some(r)) = (owned, meta.root) {
                        used.push(r);
                    }
                    return Ok(v);
                }
            }
        }
        let base = self.base_type_for(target, hidden)?;
        let on_stack = !owned && self.has(Family::Alloca) && self.chance(30)?;
        let m = self.alloc(&base, on_stack)?;
        let root = self.meta_of(m).root;
        let v = self
            .cast_to(m, target, hidden)
            .expect("cast of a fresh allocation");
        if let (true, Some(r)) = (owned, root) {
            used.push(r);
        }
        Ok(v)
    }

    /// Registers memref results of a call: the caller now owns them, under either
    /// calling convention (a memref result stays its full descriptor under the bare
    /// pointer convention, LLVM 11's rule, so a realigned buffer can be freed).
    pub fn adopt_result(&mut self, v: ValueId, hidden: Option<usize>) {
        let ty = self.ty(v);
        match &ty {
            Type::MemRef(mt) => {
                let sizes = Some(mt.shape.clone());
                self.def(
                    v,
                    Meta {
                        sizes,
                        ..Meta::default()
                    },
                );
                let r = self.new_root(v);
                self.meta[v.index()].root = Some(r);
            }
            Type::UnrankedMemRef(e, _) => {
                let rank = hidden.unwrap_or(0);
                self.def(
                    v,
                    Meta {
                        sizes: Some(vec![None; rank]),
                        ..Meta::default()
                    },
                );
                // Deallocate through a ranked view of the same buffer.
                let ranked = Type::memref(vec![None; rank], (**e).clone());
                let c = self.emit1(NewOp::new(OpKind::MemRefCast).operands([v]).result(ranked));
                self.def(
                    c,
                    Meta {
                        sizes: Some(vec![None; rank]),
                        ..Meta::default()
                    },
                );
                let r = self.new_root(c);
                self.meta[c.index()].root = Some(r);
            }
            _ => self.def_plain(v),
        }
    }

    // ---------------------------------------------------------------- returns

    /// Ends the current block with a `return` of fresh or existing values, deallocating
    /// every owned buffer that is not returned.
    pub fn emit_return(&mut self) -> Result<()> {
        let fp = &self.plan.funcs[self.fidx];
        let results = fp.results.clone();
        let hidden = fp.result_hidden.clone();
        let mut used = Vec::new();
        let mut vals = Vec::with_capacity(results.len());
        for (t, h) in results.iter().zip(hidden) {
            let v = if t.is_memref() {
                self.materialize_memref(t, h, true, &mut used)?
            } else if let Type::Function(_) = t {
                unreachable!("function-typed results are not generated")
            } else {
                let visible = self.scope.of_type(t);
                let preferred: Vec<ValueId> = (self.preferred.iter())
                    .copied()
                    .filter(|v| visible.contains(v))
                    .collect();
                if !preferred.is_empty() && self.chance(75)? {
                    preferred[self.index(preferred.len())?]
                } else {
                    self.pick(t)?
                }
            };
            vals.push(v);
        }
        let roots: Vec<ValueId> = self
            .frames
            .iter()
            .flat_map(|f| f.roots.iter())
            .filter(|(r, _)| !used.contains(r))
            .map(|&(_, v)| v)
            .collect();
        for v in roots {
            self.emit_dealloc(v);
        }
        self.emit(NewOp::new(OpKind::Return).operands(vals));
        self.terminated = true;
        Ok(())
    }

    // ---------------------------------------------------------------- bodies

    /// Generates the whole function.
    pub fn run(mut self) -> Result<(Body, u64)> {
        let fp = &self.plan.funcs[self.fidx];
        self.push_frame();
        let entry = self.cur;
        let args: Vec<ValueId> = self.body.block_args(entry).to_vec();
        for (i, &a) in args.iter().enumerate() {
            let ty = self.ty(a);
            let meta = match &ty {
                Type::MemRef(mt) => Meta {
                    sizes: Some(mt.shape.clone()),
                    ..Meta::default()
                },
                Type::UnrankedMemRef(..) => Meta {
                    sizes: Some(vec![None; fp.input_hidden[i].unwrap_or(0)]),
                    ..Meta::default()
                },
                Type::Function(_) => Meta {
                    fn_min: self.fidx + 1,
                    fn_cost: self.plan.max_cost_above(self.fidx),
                    ..Meta::default()
                },
                _ => Meta::default(),
            };
            if fp.recursive && i == 0 {
                continue; // the depth is only used by the guard
            }
            self.def(a, meta);
        }
        if fp.harness_only {
            for &a in &args {
                if !matches!(self.ty(a), Type::MemRef(_)) {
                    continue;
                }
                for _ in 0..2 {
                    let idx = self.indices_for(a)?;
                    let r = self.body.builder(self.cur).load(a, &idx);
                    self.def_plain(r);
                    self.preferred.push(r);
                }
            }
        }
        // A few types of interest, so values combine.
        for _ in 0..2 {
            let t = self.random_int_type()?;
            self.note_type(&t);
        }
        let t = self.random_float_type()?;
        self.note_type(&t);
        if fp.recursive {
            self.recursion_guard(args[0])?;
        }
        self.blocks_left = self.range(
            *self.cfg.blocks_per_function.start() as u64,
            *self.cfg.blocks_per_function.end() as u64,
        )? as usize;
        self.preallocate()?;
        if fp.recursive && self.chance(75)? && self.can_call(self.fidx) {
            let me = self.fidx;
            ops::emit_call(&mut self, me)?;
        }
        self.segment()?;
        if self.fidx == 0 && !self.terminated {
            // No dead functions: @main calls every function nothing else calls.
            for g in 1..self.plan.funcs.len() {
                if !self.plan.funcs[g].called.get() && self.can_call(g) {
                    ops::emit_call(&mut self, g)?;
                }
            }
        }
        if !self.terminated {
            self.emit_return()?;
        }
        self.frames.clear();
        Ok((self.body, self.cost))
    }

    /// Variables first: buffers for the memref results and a few scratch memrefs are
    /// allocated (and filled) at the top, so the body reads and writes them.
    fn preallocate(&mut self) -> Result<()> {
        if !self.has(Family::MemRefs) {
            return Ok(());
        }
        let plan = self.plan;
        let fp = &plan.funcs[self.fidx];
        for (t, h) in fp.results.iter().zip(&fp.result_hidden) {
            if t.is_memref() && self.chance(70)? {
                let base = self.base_type_for(t, *h)?;
                self.alloc(&base, false)?;
            }
        }
        for _ in 0..self.range(0, 2)? {
            let t = self.random_memref_type()?;
            let on_stack = self.has(Family::Alloca) && self.chance(30)?;
            self.alloc(&t, on_stack)?;
        }
        Ok(())
    }

    /// `cond_br (depth <= 0), ^base, ^rec`: the base case returns at once.
    fn recursion_guard(&mut self, depth: ValueId) -> Result<()> {
        let ty = self.ty(depth);
        let zero = self.body.builder(self.cur).const_int(0, ty.clone());
        let (pred, base_on_true) = [("sle", true), ("sgt", false), ("slt", true)][self.index(3)?];
        let z = if pred == "slt" {
            let one = self.body.builder(self.cur).const_int(1, ty.clone());
            self.body.builder(self.cur).cmpi(pred, depth, one)
        } else {
            self.body.builder(self.cur).cmpi(pred, depth, zero)
        };
        let base = self.body.add_block(&[]);
        let rec = self.body.add_block(&[]);
        if base_on_true {
            self.body
                .builder(self.cur)
                .cond_br(z, base, vec![], rec, vec![]);
        } else {
            self.body
                .builder(self.cur)
                .cond_br(z, rec, vec![], base, vec![]);
        }
        self.cur = base;
        self.push_frame();
        self.emit_return()?;
        self.terminated = false;
        self.frames.pop();
        self.scope.pop();
        self.cur = rec;
        let one = self.body.builder(self.cur).const_int(1, ty.clone());
        let d1 = self.body.builder(self.cur).binary(OpKind::SubI, depth, one);
        self.depth_minus_1 = Some(d1);
        Ok(())
    }

    /// A straight-line run of ops from the table, with control-flow constructs mixed in.
    pub fn segment(&mut self) -> Result<()> {
        let lo = *self.cfg.ops_per_block.start() as u64;
        let hi = (*self.cfg.ops_per_block.end() as u64).max(lo);
        let n = self.range(lo, hi)?;
        for _ in 0..n {
            if self.terminated {
                break;
            }
            ops::generate_one(self)?;
        }
        Ok(())
    }

    /// Whether a control-flow construct may be opened here.
    pub fn can_nest(&self) -> bool {
        self.blocks_left > 0 && self.nest < 3 && !self.terminated
    }

    /// A counted loop: `^hdr(%i, carried...)` compares `%i` with a small constant.
    pub fn gen_loop(&mut self) -> Result<()> {
        self.blocks_left -= 1;
        let trip = self.range(0, self.cfg.max_trip_count)?;
        let cty = [
            Type::Index,
            Type::i32(),
            Type::i64(),
            Type::Int(8),
            Type::Int(17),
        ][self.index(5)?]
        .clone();
        let mut carried_tys = Vec::new();
        let mut inits = Vec::new();
        for ty in self.merge_types(2)? {
            inits.push(self.pick(&ty)?);
            carried_tys.push(ty);
        }
        let zero = self.body.builder(self.cur).const_int(0, cty.clone());
        let mut hdr_tys = vec![cty.clone()];
        hdr_tys.extend(carried_tys.iter().cloned());
        let hdr = self.body.add_block(&hdr_tys);
        let bdy = self.body.add_block(&[]);
        let exit = self.body.add_block(&[]);
        let mut args = vec![zero];
        args.extend(inits);
        self.body.builder(self.cur).br(hdr, args);
        let hargs = self.body.block_args(hdr).to_vec();
        let n = self.body.builder(hdr).const_int(trip as i128, cty.clone());
        let (pred, body_on_true) = [
            ("slt", true),
            ("ult", true),
            ("ne", true),
            ("sge", false),
            ("uge", false),
            ("eq", false),
        ][self.index(6)?];
        let c = self.body.builder(hdr).cmpi(pred, hargs[0], n);
        if body_on_true {
            self.body.builder(hdr).cond_br(c, bdy, vec![], exit, vec![]);
        } else {
            self.body.builder(hdr).cond_br(c, exit, vec![], bdy, vec![]);
        }
        // Header arguments dominate body and exit.
        for &a in &hargs {
            self.def_plain(a);
        }
        self.cur = bdy;
        self.push_frame();
        self.loop_depth += 1;
        self.nest += 1;
        let saved = self.trip_product;
        self.trip_product = self.trip_product.saturating_mul(trip.max(1));
        self.segment()?;
        if !self.terminated {
            let one = self.body.builder(self.cur).const_int(1, cty.clone());
            let next = self
                .body
                .builder(self.cur)
                .binary(OpKind::AddI, hargs[0], one);
            let mut back = vec![next];
            for t in &carried_tys {
                back.push(self.pick(t)?);
            }
            self.pop_frame();
            self.body.builder(self.cur).br(hdr, back);
        } else {
            self.frames.pop();
            self.scope.pop();
        }
        self.terminated = false;
        self.trip_product = saved;
        self.nest -= 1;
        self.loop_depth -= 1;
        self.cur = exit;
        Ok(())
    }

    /// Non-memref merge argument types.
    fn merge_types(&mut self, max: u64) -> Result<Vec<Type>> {
        let mut tys = Vec::new();
        for _ in 0..self.range(0, max)? {
            let t = match self.index(4)? {
                0 | 1 => self.pick_type(TyKind::Int)?,
                2 => self.pick_type(TyKind::Float)?,
                _ if self.has(Family::Vectors) => self.pick_type(TyKind::FloatVec)?,
                _ => self.pick_type(TyKind::Int)?,
            };
            tys.push(t);
        }
        Ok(tys)
    }

    /// `cond_br %c, ^a(..), ^b(..)`, both arms joining at `^m(..)`; one arm may return.
    pub fn gen_diamond(&mut self) -> Result<()> {
        self.blocks_left -= 1;
        let c = self.cond()?;
        let merge_tys = self.merge_types(2)?;
        let arm_tys = [self.merge_types(1)?, self.merge_types(1)?];
        let arms = [
            self.body.add_block(&arm_tys[0]),
            self.body.add_block(&arm_tys[1]),
        ];
        let merge = self.body.add_block(&merge_tys);
        let mut arm_args = [Vec::new(), Vec::new()];
        for i in 0..2 {
            for t in &arm_tys[i] {
                arm_args[i].push(self.pick(t)?);
            }
        }
        let [a0, a1] = arm_args;
        self.body
            .builder(self.cur)
            .cond_br(c, arms[0], a0, arms[1], a1);
        self.cost += self.trip_product;
        let early = if self.has(Family::EarlyReturn) && self.loop_depth == 0 {
            self.index(4)?
        } else {
            9
        };
        self.nest += 1;
        for (i, &arm) in arms.iter().enumerate() {
            self.cur = arm;
            self.push_frame();
            for a in self.body.block_args(arm).to_vec() {
                self.def_plain(a);
            }
            self.segment()?;
            if early == i && !self.terminated {
                self.emit_return()?;
            }
            if self.terminated {
                self.frames.pop();
                self.scope.pop();
                self.terminated = false;
                continue;
            }
            let mut vals = Vec::new();
            for t in &merge_tys {
                vals.push(self.pick(t)?);
            }
            self.pop_frame();
            self.body.builder(self.cur).br(merge, vals);
        }
        self.nest -= 1;
        self.cur = merge;
        for a in self.body.block_args(merge).to_vec() {
            self.def_plain(a);
        }
        Ok(())
    }

    /// `cond_br %c, ^m(%a..), ^m(%b..)`: the same successor twice with different operands.
    pub fn gen_same_successor(&mut self) -> Result<()> {
        self.blocks_left -= 1;
        let c = self.cond()?;
        let mut tys = self.merge_types(3)?;
        // Sometimes pass memrefs too (the merged value is a borrowed alias).
        let mut mem_pairs = Vec::new();
        if self.chance(25)? && !self.scope.memrefs().is_empty() {
            let i = self.index(self.scope.memrefs().len())?;
            let m = self.scope.memrefs()[i];
            let t = self.ty(m);
            if let Type::MemRef(_) = t {
                let others = self.scope.of_type(&t).len();
                let j = self.index(others)?;
                let m2 = self.scope.of_type(&t)[j];
                mem_pairs.push((m, m2));
                tys.push(t);
            }
        }
        let n_plain = tys.len() - mem_pairs.len();
        let merge = self.body.add_block(&tys);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for t in &tys[..n_plain] {
            let x = self.pick(t)?;
            let y = self.pick_other(t, x)?;
            a.push(x);
            b.push(y);
        }
        for &(x, y) in &mem_pairs {
            a.push(x);
            b.push(y);
        }
        self.body.builder(self.cur).cond_br(c, merge, a, merge, b);
        self.cost += self.trip_product;
        self.cur = merge;
        let margs = self.body.block_args(merge).to_vec();
        self.preferred.extend(&margs[..n_plain]);
        for (i, &v) in margs.iter().enumerate() {
            if i >= n_plain {
                let (x, y) = mem_pairs[i - n_plain];
                let (mx, my) = (self.meta_of(x), self.meta_of(y));
                let sizes = match (mx.sizes, my.sizes) {
                    (Some(p), Some(q)) => Some(
                        p.iter()
                            .zip(&q)
                            .map(|(a, b)| if a == b { *a } else { None })
                            .collect(),
                    ),
                    _ => None,
                };
                self.def(
                    v,
                    Meta {
                        sizes,
                        ..Meta::default()
                    },
                );
            } else {
                self.def_plain(v);
            }
        }
        Ok(())
    }

    /// Whether calling function `g` is allowed here, and its cost fits.
    pub fn can_call(&self, g: usize) -> bool {
        let p = &self.plan.funcs[g];
        if g == 0 || p.harness_only {
            return false;
        }
        if p.recursive {
            let me = &self.plan.funcs[self.fidx];
            let ok_caller = (self.fidx == 0) || (me.recursive && self.depth_minus_1.is_some());
            return ok_caller && self.loop_depth == 0 && self.rec_sites < 2;
        }
        g > self.fidx
            && p.cost.get().saturating_mul(self.trip_product)
                <= self.cfg.max_call_cost.max(1) * if self.loop_depth == 0 { 4 } else { 1 }
    }

    /// A small non-negative integer `d` converted to integer or index type `t`.
    fn convert_depth(&mut self, d: ValueId, t: &Type) -> ValueId {
        let from = self.ty(d);
        if from == *t {
            return d;
        }
        let kind = match (&from, t) {
            (Type::Index, _) | (_, Type::Index) => OpKind::IndexCast,
            (Type::Int(a), Type::Int(b)) if a > b => OpKind::TruncI,
            _ => OpKind::SExtI,
        };
        self.emit1(NewOp::new(kind).operands([d]).result(t.clone()))
    }

    /// Arguments for a call of `g` (the depth first for recursive callees).
    pub fn call_args(&mut self, g: usize) -> Result<Vec<ValueId>> {
        let p = &self.plan.funcs[g];
        let inputs = p.inputs.clone();
        let hidden = p.input_hidden.clone();
        let recursive = p.recursive;
        let mut args = Vec::with_capacity(inputs.len());
        let mut unused = Vec::new();
        for (i, t) in inputs.iter().enumerate() {
            let v = if recursive && i == 0 {
                match self.depth_minus_1 {
                    Some(d) => self.convert_depth(d, t),
                    None => {
                        let d = self.range(0, self.cfg.recursion_depth as u64)?;
                        self.body.builder(self.cur).const_int(d as i128, t.clone())
                    }
                }
            } else if let Some(&same) = inputs[..i]
                .iter()
                .zip(&args)
                .find(|(u, _)| *u == t && matches!(t, Type::MemRef(_)))
                .map(|(_, a)| a)
                .filter(|_| self.chance(30).unwrap_or(false))
            {
                // The same buffer passed twice (issue 39): the callee's stores through
                // one parameter are seen through the other. Arguments are borrowed, and
                // `llvm.noalias` only ever sits on a function's single memref parameter.
                same
            } else if t.is_memref() {
                self.materialize_memref(t, hidden[i], false, &mut unused)?
            } else if let Type::Function(_) = t {
                let cands: Vec<ValueId> = self
                    .scope
                    .of_type(t)
                    .iter()
                    .copied()
                    .filter(|&v| self.meta_of(v).fn_min > g)
                    .collect();
                if !cands.is_empty() && self.chance(70)? {
                    cands[self.index(cands.len())?]
                } else {
                    let targets: Vec<usize> = (g + 1..self.plan.funcs.len())
                        .filter(|&h| {
                            !self.plan.funcs[h].recursive && self.plan.funcs[h].fn_type() == *t
                        })
                        .collect();
                    let h = targets[self.index(targets.len())?];
                    self.fn_ref_to(h)
                }
            } else {
                self.pick(t)?
            };
            args.push(v);
        }
        if recursive {
            self.rec_sites += 1;
        }
        Ok(args)
    }
}

fn dims_match(target: &[Option<u64>], sizes: Option<&[Option<u64>]>) -> bool {
    target.iter().enumerate().all(|(i, d)| match d {
        None => true,
        Some(s) => sizes.and_then(|z| z.get(i).copied().flatten()) == Some(*s),
    })
}

fn strides_match(s: &StridedLayout, sizes: Option<&[Option<u64>]>) -> bool {
    if !matches!(s.offset, None | Some(0)) {
        return false;
    }
    let n = s.strides.len();
    let mut running: Option<u64> = Some(1);
    for i in (0..n).rev() {
        if let Some(st) = s.strides[i] {
            if running != Some(st as u64) {
                return false;
            }
        }
        let sz = sizes.and_then(|z| z.get(i).copied().flatten());
        running = match (running, sz) {
            (Some(r), Some(d)) => Some(r * d),
            _ => None,
        };
    }
    true
}

/// A strided memref type `ty` with the offset (bit 8 of `mask`), the strides (bits
/// 0-3) and the dimensions (bits 16-19) chosen by `mask` made dynamic.
pub(crate) fn more_dynamic_variant(ty: &Type, mask: u32) -> Option<Type> {
    let mt = ty.as_memref()?;
    let Layout::Strided(s) = &mt.layout else {
        return None;
    };
    let strides = s
        .strides
        .iter()
        .enumerate()
        .map(|(i, st)| if mask & (1 << i) != 0 { None } else { *st })
        .collect();
    let offset = if mask & (1 << 8) != 0 { None } else { s.offset };
    let shape = mt
        .shape
        .iter()
        .enumerate()
        .map(|(i, d)| {
            if mask & (1 << (16 + i)) != 0 {
                None
            } else {
                *d
            }
        })
        .collect();
    Some(Type::memref_with_layout(
        shape,
        mt.elem.clone(),
        Layout::Strided(StridedLayout { offset, strides }),
    ))
}

/// The strided type an identity memref `ty` with actual `sizes` can be cast to: offset
/// and strides `?` or their actual static values (of a rank-0 memref: the offset alone).
pub(crate) fn strided_variant(
    ty: &Type,
    sizes: Option<&[Option<u64>]>,
    dyn_mask: u32,
) -> Option<Type> {
    let mt = ty.as_memref()?;
    if !mt.has_identity_layout() {
        return None;
    }
    let n = mt.rank();
    let mut strides = vec![None; n];
    let mut running: Option<u64> = Some(1);
    for i in (0..n).rev() {
        strides[i] = if dyn_mask & (1 << i) != 0 {
            None
        } else {
            running.map(|r| r as i64)
        };
        let sz = sizes.and_then(|z| z.get(i).copied().flatten());
        running = match (running, sz) {
            (Some(r), Some(d)) => Some(r * d),
            _ => None,
        };
    }
    let offset = if dyn_mask & (1 << 8) != 0 {
        Some(0)
    } else {
        None
    };
    Some(Type::memref_with_layout(
        mt.shape.clone(),
        mt.elem.clone(),
        Layout::Strided(StridedLayout { offset, strides }),
    ))
}
