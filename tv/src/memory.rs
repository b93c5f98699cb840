//! Memory for the solver, one model per dialect, both made of SMT arrays.
//!
//! - Standard (`StdMem`), as `interp/src/memory.rs` checks it: buffers of elements with
//!   an initialisation bit each and a lifetime; an access out of bounds (per dimension),
//!   to a freed buffer, or reading an element never written is undefined behaviour.
//! - LLVM (`LlvmMem`), as LangRef and `llinterp/` give it: byte-addressed blocks with a
//!   size in bytes and liveness; an access outside its block, through a dead block or
//!   through a poison pointer is undefined behaviour; bytes never written read as poison.
//!   A block holds one array per scalar kind stored into it (the lowered code never
//!   reads memory as another type than it wrote), indexed by byte offset.
//!
//! The state belongs to one path of the walk: the walker saves it before a branch and
//! restores it for the other side.

use crate::smt::{Smt, Stop};
use crate::value::{sort, Scalar};
use easy_smt::SExpr;
use std::collections::HashMap;

/// An SMT array sort from 64-bit offsets to `elem`.
pub fn array_sort(smt: &Smt, elem: SExpr) -> SExpr {
    smt.ctx.array_sort(smt.bv_sort(64), elem)
}

/// The constant array of `v` (of sort `elem`).
pub fn const_array(smt: &Smt, elem: SExpr, v: SExpr) -> SExpr {
    let s = array_sort(smt, elem);
    smt.ctx.list(vec![
        smt.ctx
            .list(vec![smt.ctx.atom("as"), smt.ctx.atom("const"), s]),
        v,
    ])
}

/// The array `dst` (of values of sort `elem` by byte offset) with the `len` entries from
/// `dst_off` on replaced by those of `src` from `src_off` on (a `memcpy`), named. With
/// `bound` (a number `len` is known not to exceed), a chain of `bound` stores, each
/// taking the source's entry where its position is below `len` (cvc5 takes no array
/// `lambda`); else an SMT `lambda` (z3).
pub fn copy_range(
    smt: &mut Smt,
    elem: SExpr,
    (dst, dst_off): (SExpr, SExpr),
    (src, src_off): (SExpr, SExpr),
    len: SExpr,
    bound: Option<u64>,
) -> Result<SExpr, Stop> {
    let s = array_sort(smt, elem);
    if let Some(n) = bound {
        let mut acc = dst;
        for k in 0..n {
            let kv = smt.bv(64, k as i128);
            let c = &smt.ctx;
            let at = c.bvadd(dst_off, kv);
            let v = c.ite(
                c.bvult(kv, len),
                c.select(src, c.bvadd(src_off, kv)),
                c.select(dst, at),
            );
            acc = c.store(acc, at, v);
        }
        return smt.def(s, acc);
    }
    let i = smt.fresh_name("i");
    let c = &smt.ctx;
    let iv = c.atom(i.as_str());
    let inside = c.and(c.bvuge(iv, dst_off), c.bvult(c.bvsub(iv, dst_off), len));
    let from = c.select(src, c.bvadd(c.bvsub(iv, dst_off), src_off));
    let body = c.ite(inside, from, c.select(dst, iv));
    let lambda = c.list(vec![
        c.atom("lambda"),
        c.list(vec![c.list(vec![iv, smt.bv_sort(64)])]),
        body,
    ]);
    smt.def(s, lambda)
}

/// For cvc5 (`copy_range`'s store chain): the least of 16, 64 and 256 bytes that a copy
/// of `len` bytes is shown never to exceed, asked of the solver over what is asserted
/// so far; `None` when none is.
pub fn copy_bound(smt: &mut Smt, len: SExpr) -> Result<Option<u64>, Stop> {
    for n in [16u64, 64, 256] {
        smt.ctx.push()?;
        let over = smt.ctx.bvugt(len, smt.bv(64, n as i128));
        smt.ctx.assert(over)?;
        let r = smt.ctx.check()?;
        smt.ctx.pop()?;
        if r == easy_smt::Response::Unsat {
            return Ok(Some(n));
        }
    }
    Ok(None)
}

/// The bytes an element of kind `s` takes, as `llvm_sem::size_of` gives them: a
/// Standard buffer is indexed by element position times this, an LLVM block by byte
/// offset, so that an argument's contents are one array on both sides.
pub fn scalar_bytes(s: Scalar) -> u64 {
    match s {
        Scalar::Int(w) => (w.div_ceil(8) as u64).next_power_of_two(),
        Scalar::Float(k) => match k {
            crate::smt::FKind::F16 | crate::smt::FKind::BF16 => 2,
            crate::smt::FKind::F32 => 4,
            crate::smt::FKind::F64 => 8,
        },
        Scalar::Ptr => 8,
    }
}

/// Where a vector of `shape` with lanes of `lane` bytes puts each lane (row-major), and
/// its size in bytes, as LLVM lays out what it is lowered to: the innermost dimension a
/// vector whose size is rounded up to a power of two (LLVM's alignment of a vector
/// type, and so its allocation size), the outer ones arrays of it.
pub fn vector_layout(shape: &[u64], lane: u64) -> (Vec<u64>, u64) {
    let Some((&inner, outer)) = shape.split_last() else {
        return (vec![0], lane);
    };
    let mut size = (inner * lane).next_power_of_two();
    let mut offsets: Vec<u64> = (0..inner).map(|k| k * lane).collect();
    for &d in outer.iter().rev() {
        offsets = (0..d)
            .flat_map(|i| offsets.iter().map(move |o| i * size + o))
            .collect();
        size *= d;
    }
    (offsets, size)
}

/// A Standard buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct StdBuf {
    /// The scalar kind of the elements' lanes.
    pub elem: Scalar,
    /// The byte offset of each lane in an element (`[0]` for a scalar element; a
    /// vector's lanes as `vector_layout` places them) and the element's size in bytes:
    /// element `i` starts at byte `i * size`.
    pub lanes: (Vec<u64>, u64),
    pub elems: SExpr,
    pub init: SExpr,
    pub live: SExpr,
    /// `alloca` memory (a `dealloc` of it is undefined behaviour).
    pub stack: bool,
}

/// The Standard memory of one path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StdMem {
    pub bufs: Vec<StdBuf>,
}

impl StdMem {
    /// A new buffer of elements of `lanes` lanes of kind `elem`, nothing initialised (its bounds are the
    /// memref's sizes).
    pub fn alloc(
        &mut self,
        smt: &mut Smt,
        (elem, lanes): (Scalar, (Vec<u64>, u64)),
        stack: bool,
    ) -> Result<usize, Stop> {
        let es = sort(smt, elem);
        let asort = array_sort(smt, es);
        let elems = smt.fresh("contents", asort)?;
        let f = smt.ctx.false_();
        let init = const_array(smt, smt.ctx.bool_sort(), f);
        self.bufs.push(StdBuf {
            elem,
            lanes,
            elems,
            init,
            live: smt.ctx.true_(),
            stack,
        });
        Ok(self.bufs.len() - 1)
    }
}

/// An LLVM block.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Its size in bytes (64 bits).
    pub size: SExpr,
    pub live: SExpr,
    pub stack: bool,
    /// Per scalar kind stored: (values by byte offset, written bits by byte offset).
    pub arrays: HashMap<Scalar, (SExpr, SExpr)>,
    /// The block every pointer stored in this block points into (`Some(None)`: no
    /// block, as null), once one is stored: a pointer array holds offsets only, so
    /// pointers into different blocks in one block are not modelled.
    pub ptr_target: Option<Option<usize>>,
    /// Per integer width not a whole number of bytes: whether the block is accessed
    /// as lanes of vectors of it (`true`) or as scalars (`llvm_sem`'s `lanes_of`).
    pub packed: HashMap<u32, bool>,
    /// What its start is known to be a multiple of (at least 16, as malloc's).
    pub align: u64,
    /// The offset of what its owner allocated, the pointer `free` must be given: 0, or
    /// at or below 0 for a memref argument's block, whose aligned pointer (offset 0)
    /// may lie past its allocated one (`query::memref_arg`; the bytes between are not
    /// modelled: an access there is outside the block).
    pub start: SExpr,
}

/// The LLVM memory of one path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LlvmMem {
    pub blocks: Vec<Block>,
}

impl LlvmMem {
    /// A new live block of `size` bytes.
    pub fn alloc(&mut self, smt: &Smt, size: SExpr, stack: bool) -> usize {
        self.blocks.push(Block {
            size,
            live: smt.ctx.true_(),
            stack,
            arrays: HashMap::new(),
            ptr_target: None,
            packed: HashMap::new(),
            align: 16,
            start: smt.bv(64, 0),
        });
        self.blocks.len() - 1
    }

    /// The arrays of kind `s` in block `b`, made (nothing written) on first use.
    pub fn arrays(&mut self, smt: &mut Smt, b: usize, s: Scalar) -> Result<(SExpr, SExpr), Stop> {
        if let Some(a) = self.blocks[b].arrays.get(&s) {
            return Ok(*a);
        }
        let es = sort(smt, s);
        let asort = array_sort(smt, es);
        let vals = smt.fresh("bytes", asort)?;
        let f = smt.ctx.false_();
        let init = const_array(smt, smt.ctx.bool_sort(), f);
        self.blocks[b].arrays.insert(s, (vals, init));
        Ok((vals, init))
    }
}

/// The observed state of one argument's memory: its contents, which elements are
/// written (Standard) or not poison (LLVM), and whether it is still allocated.
pub fn observed(
    smt: &Smt,
    elem_sort: SExpr,
    vals: SExpr,
    init: SExpr,
    live: SExpr,
    no: SExpr,
) -> Vec<crate::value::SVal> {
    use crate::value::SVal;
    vec![
        SVal::Term {
            sort: array_sort(smt, elem_sort),
            v: vals,
            p: no,
        },
        SVal::Term {
            sort: array_sort(smt, smt.ctx.bool_sort()),
            v: init,
            p: no,
        },
        SVal::Term {
            sort: smt.ctx.bool_sort(),
            v: live,
            p: no,
        },
    ]
}

/// What a merge of two paths' memories cannot hold in one state.
fn unmergeable(what: &str) -> Stop {
    Stop::NotModelled(format!("a call whose paths leave {what}"))
}

/// `ite(c, a, b)` of sort `s`, named (unless both are the same term).
fn ite_named(smt: &mut Smt, s: SExpr, c: SExpr, a: SExpr, b: SExpr) -> Result<SExpr, Stop> {
    if a == b {
        return Ok(a);
    }
    let e = smt.ctx.ite(c, a, b);
    smt.def(s, e)
}

impl StdMem {
    /// The memory after a branch on `c` whose paths leave `a` (where `c` holds) and `b`:
    /// each buffer's contents, written bits and liveness chosen by `c`. A buffer only one
    /// path allocated (at a position past the other's last) is dead on the other path:
    /// no value of that path refers to it.
    pub fn merge(smt: &mut Smt, c: SExpr, a: &StdMem, b: &StdMem) -> Result<StdMem, Stop> {
        let mut bufs = Vec::new();
        let f = smt.ctx.false_();
        for k in 0..a.bufs.len().max(b.bufs.len()) {
            let buf = match (a.bufs.get(k), b.bufs.get(k)) {
                (Some(x), Some(y)) => {
                    if x.elem != y.elem || x.lanes != y.lanes || x.stack != y.stack {
                        return Err(unmergeable("buffers of different kinds"));
                    }
                    let es = sort(smt, x.elem);
                    let asort = array_sort(smt, es);
                    let bsort = array_sort(smt, smt.ctx.bool_sort());
                    let bool_s = smt.ctx.bool_sort();
                    StdBuf {
                        elems: ite_named(smt, asort, c, x.elems, y.elems)?,
                        init: ite_named(smt, bsort, c, x.init, y.init)?,
                        live: ite_named(smt, bool_s, c, x.live, y.live)?,
                        ..x.clone()
                    }
                }
                (Some(x), None) => StdBuf {
                    live: smt.ctx.and(c, x.live),
                    ..x.clone()
                },
                (None, Some(y)) => StdBuf {
                    live: smt.ctx.ite(c, f, y.live),
                    ..y.clone()
                },
                (None, None) => unreachable!("within the longer"),
            };
            bufs.push(buf);
        }
        Ok(StdMem { bufs })
    }
}

impl LlvmMem {
    /// The memory after a branch on `c` whose paths leave `a` (where `c` holds) and `b`:
    /// each block's size, liveness, values and written bits chosen by `c` (a kind of
    /// value stored on one path only is unwritten on the other). A block only one path
    /// allocated is dead on the other path.
    pub fn merge(smt: &mut Smt, c: SExpr, a: &LlvmMem, b: &LlvmMem) -> Result<LlvmMem, Stop> {
        let mut blocks = Vec::new();
        let f = smt.ctx.false_();
        for k in 0..a.blocks.len().max(b.blocks.len()) {
            let blk = match (a.blocks.get(k), b.blocks.get(k)) {
                (Some(x), Some(y)) => {
                    if x.stack != y.stack {
                        return Err(unmergeable("blocks of different kinds"));
                    }
                    let ptr_target = match (x.ptr_target, y.ptr_target) {
                        (Some(p), Some(q)) if p != q => {
                            return Err(unmergeable("pointers into different blocks"))
                        }
                        (p, q) => p.or(q),
                    };
                    let mut packed = x.packed.clone();
                    for (w, v) in &y.packed {
                        if *packed.entry(*w).or_insert(*v) != *v {
                            return Err(unmergeable("a block packed on one path only"));
                        }
                    }
                    let mut arrays = HashMap::new();
                    let mut kinds: Vec<Scalar> =
                        x.arrays.keys().chain(y.arrays.keys()).copied().collect();
                    kinds.sort_by_key(|k| format!("{k:?}"));
                    kinds.dedup();
                    let bsort = array_sort(smt, smt.ctx.bool_sort());
                    let none = const_array(smt, smt.ctx.bool_sort(), f);
                    for s in kinds {
                        let es = sort(smt, s);
                        let asort = array_sort(smt, es);
                        let side = |smt: &mut Smt, m: &Block| -> Result<(SExpr, SExpr), Stop> {
                            match m.arrays.get(&s) {
                                Some(p) => Ok(*p),
                                None => Ok((smt.fresh("bytes", asort)?, none)),
                            }
                        };
                        let (xv, xi) = side(smt, x)?;
                        let (yv, yi) = side(smt, y)?;
                        let v = ite_named(smt, asort, c, xv, yv)?;
                        let i = ite_named(smt, bsort, c, xi, yi)?;
                        arrays.insert(s, (v, i));
                    }
                    let s64 = smt.bv_sort(64);
                    let bool_s = smt.ctx.bool_sort();
                    Block {
                        size: ite_named(smt, s64, c, x.size, y.size)?,
                        live: ite_named(smt, bool_s, c, x.live, y.live)?,
                        stack: x.stack,
                        arrays,
                        ptr_target,
                        packed,
                        align: x.align.min(y.align),
                        start: ite_named(smt, s64, c, x.start, y.start)?,
                    }
                }
                (Some(x), None) => Block {
                    live: smt.ctx.and(c, x.live),
                    ..x.clone()
                },
                (None, Some(y)) => Block {
                    live: smt.ctx.ite(c, f, y.live),
                    ..y.clone()
                },
                (None, None) => unreachable!("within the longer"),
            };
            blocks.push(blk);
        }
        Ok(LlvmMem { blocks })
    }
}
