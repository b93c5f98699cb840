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
/// `dst_off` on replaced by those of `src` from `src_off` on (a `memcpy`), named.
pub fn copy_range(
    smt: &mut Smt,
    elem: SExpr,
    (dst, dst_off): (SExpr, SExpr),
    (src, src_off): (SExpr, SExpr),
    len: SExpr,
) -> Result<SExpr, Stop> {
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
    let s = array_sort(smt, elem);
    smt.def(s, lambda)
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
