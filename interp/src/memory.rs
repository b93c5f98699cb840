//! Memory: buffers (what `alloc`/`alloca` return, with their lifetime state and an
//! initialisation bit per element) and views (what a memref value is at run time: the
//! buffer, an offset, and a size and a stride per dimension — the memref descriptor
//! without the pointers). Every access is checked here: bounds per dimension, the
//! buffer's lifetime, and initialisation.
//!
//! Semantics decided here (documented in the crate docs too):
//! - `memref_cast` never changes the allocation, so `dealloc` through any view of an
//!   allocation frees it (the descriptor's allocated pointer is the same); only a second
//!   `dealloc` of the same allocation, or a `dealloc` of `alloca` memory, is UB.
//! - Buffers made for entry arguments and external results are heap buffers: the
//!   program may `dealloc` them.
//! - `alignment` is recorded but has no observable effect: the interpreter has no
//!   addresses, only buffers and element offsets.

use crate::trap::{rules, Ub};
use converter::Loc;
use std::rc::Rc;

/// Where a buffer came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BufKind {
    Heap,
    Stack,
}

/// A buffer's lifetime.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BufState {
    Live,
    /// Freed by the `dealloc` at this location.
    Freed(Loc),
    /// `alloca` memory of a function that has returned.
    Returned,
}

#[derive(Debug)]
pub struct Buffer {
    /// `lanes` cells per element (1 for scalars, the vector length for vector elements).
    cells: Vec<i128>,
    init: Vec<bool>,
    lanes: usize,
    pub kind: BufKind,
    pub state: BufState,
    pub alloc_loc: Loc,
    pub align: u64,
}

impl Buffer {
    /// Cells per element.
    pub fn lanes_of(&self) -> usize {
        self.lanes
    }
}

/// A memref value: a buffer seen through offset, sizes and strides (in elements).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct View {
    pub buf: u32,
    pub offset: i64,
    /// `(size, stride)` per dimension.
    pub dims: Box<[(i64, i64)]>,
}

impl View {
    pub fn rank(&self) -> usize {
        self.dims.len()
    }
    /// The number of elements (saturating; views made by `alloc` have at most
    /// [`MAX_CELLS`]).
    pub fn num_elements(&self) -> i64 {
        if self.dims.iter().any(|d| d.0 <= 0) {
            return 0;
        }
        self.dims.iter().fold(1i64, |n, d| n.saturating_mul(d.0))
    }
}

/// The static facts a memref type states about its views, checked by `memref_cast`
/// and at function entry: rank, sizes, offset and strides (`None` = dynamic).
#[derive(Clone, Debug)]
pub struct ViewCheck {
    /// `None` for an unranked type: nothing to check.
    pub rank: Option<usize>,
    pub sizes: Vec<Option<i64>>,
    pub offset: Option<i64>,
    pub strides: Vec<Option<i64>>,
    /// The type as written, for messages.
    pub type_text: String,
}

impl ViewCheck {
    /// Checks a view against the type; `what` names the operation in messages.
    pub fn check(&self, v: &View, what: &str) -> Result<(), Ub> {
        let Some(rank) = self.rank else {
            return Ok(());
        };
        let t = &self.type_text;
        if v.rank() != rank {
            return Err(Ub::new(
                rules::CAST,
                format!(
                    "{what} to {t} (rank {rank}) of a memref of rank {}",
                    v.rank()
                ),
            ));
        }
        for (i, (want, &(size, _))) in self.sizes.iter().zip(v.dims.iter()).enumerate() {
            if let Some(w) = want {
                if *w != size {
                    return Err(Ub::new(
                        rules::CAST,
                        format!("{what} to {t} of a memref whose dimension {i} has size {size}"),
                    ));
                }
            }
        }
        if let Some(o) = self.offset {
            if o != v.offset {
                return Err(Ub::new(
                    rules::CAST,
                    format!(
                        "{what} to {t} of a memref whose offset is {} (the type says {o})",
                        v.offset
                    ),
                ));
            }
        }
        for (i, (want, &(_, stride))) in self.strides.iter().zip(v.dims.iter()).enumerate() {
            if let Some(w) = want {
                if *w != stride {
                    return Err(Ub::new(
                        rules::CAST,
                        format!(
                            "{what} to {t} of a memref whose stride {i} is {stride} (the type says {w})"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The largest allocation the interpreter accepts, in cells.
pub const MAX_CELLS: i64 = 1 << 28;

/// Row-major strides for `sizes`.
pub fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    let mut run = 1i64;
    for i in (0..sizes.len()).rev() {
        strides[i] = run;
        run = run.saturating_mul(sizes[i].max(1));
    }
    strides
}

/// Every buffer ever allocated in one run (freed ones keep their metadata so that later
/// accesses are reported precisely).
#[derive(Default, Debug)]
pub struct Memory {
    bufs: Vec<Buffer>,
    /// Heap buffers allocated minus those deallocated.
    heap_blocks: i64,
}

/// What went wrong when allocating.
pub enum AllocError {
    Ub(Ub),
    TooLarge(i64),
}

impl Memory {
    /// Allocates a buffer for a view with these sizes, offset and strides (`None`:
    /// row-major, offset 0) whose elements have `lanes` cells.
    pub fn alloc(
        &mut self,
        kind: BufKind,
        lanes: usize,
        sizes: &[i64],
        layout: Option<(i64, &[i64])>,
        align: u64,
        loc: Loc,
    ) -> Result<View, AllocError> {
        for (i, &s) in sizes.iter().enumerate() {
            if s < 0 {
                return Err(AllocError::Ub(Ub::new(
                    rules::NEGATIVE_SIZE,
                    format!("allocation whose dimension {i} has negative size {s}"),
                )));
            }
        }
        let (offset, strides) = match layout {
            Some((o, s)) => (o, s.to_vec()),
            None => (0, row_major(sizes)),
        };
        // The extent: one past the largest element offset the view can reach.
        let mut extent: i64 = if sizes.contains(&0) { 0 } else { offset + 1 };
        if extent > 0 {
            for (&s, &st) in sizes.iter().zip(&strides) {
                extent = (s - 1)
                    .checked_mul(st.max(0))
                    .and_then(|x| x.checked_add(extent))
                    .unwrap_or(i64::MAX);
            }
        }
        // The lowest: a negative stride reaches below the offset. A static layout that
        // reaches before the buffer is a verifier error; with dynamic sizes, UB here.
        if extent > 0 {
            let low = sizes
                .iter()
                .zip(&strides)
                .fold(offset as i128, |a, (&s, &st)| {
                    a + ((s as i128 - 1) * st as i128).min(0)
                });
            if low < 0 {
                return Err(AllocError::Ub(Ub::new(
                    rules::BEFORE_BUFFER,
                    format!(
                        "allocation of sizes {sizes:?} whose layout (offset {offset}, strides \
                         {strides:?}) reaches {} elements before its buffer",
                        -low
                    ),
                )));
            }
        }
        let cells = extent.saturating_mul(lanes as i64);
        let elements = if sizes.contains(&0) {
            0
        } else {
            sizes.iter().fold(1i64, |n, &s| n.saturating_mul(s))
        };
        if !(0..=MAX_CELLS).contains(&cells) || elements > MAX_CELLS {
            return Err(AllocError::TooLarge(cells.max(elements)));
        }
        let id = self.bufs.len() as u32;
        if kind == BufKind::Heap {
            self.heap_blocks += 1;
        }
        self.bufs.push(Buffer {
            cells: vec![0; cells as usize],
            init: vec![false; extent.max(0) as usize],
            lanes,
            kind,
            state: BufState::Live,
            alloc_loc: loc,
            align,
        });
        Ok(View {
            buf: id,
            offset,
            dims: sizes.iter().copied().zip(strides).collect(),
        })
    }

    /// Heap buffers allocated minus those deallocated, over the whole run.
    pub fn heap_blocks(&self) -> i64 {
        self.heap_blocks
    }

    pub fn buffer(&self, id: u32) -> &Buffer {
        &self.bufs[id as usize]
    }

    /// `dealloc` through `v`.
    pub fn dealloc(&mut self, v: &View, loc: Loc) -> Result<(), Ub> {
        let b = &mut self.bufs[v.buf as usize];
        match (b.kind, b.state) {
            (BufKind::Stack, _) => Err(Ub::new(
                rules::INVALID_FREE,
                format!("dealloc of memory allocated by alloca{}", at(b.alloc_loc)),
            )),
            (_, BufState::Freed(prev)) => Err(Ub::new(
                rules::DOUBLE_FREE,
                format!("dealloc of memory already freed{}", at(prev)),
            )),
            _ => {
                self.heap_blocks -= 1;
                b.state = BufState::Freed(loc);
                b.cells = Vec::new();
                b.init = Vec::new();
                Ok(())
            }
        }
    }

    /// Ends the life of an `alloca` buffer when its function returns.
    pub fn release(&mut self, id: u32) {
        let b = &mut self.bufs[id as usize];
        b.state = BufState::Returned;
        b.cells = Vec::new();
        b.init = Vec::new();
    }

    #[inline(always)]
    fn live(&self, buf: u32, lin: i64, what: &str) -> Result<(&Buffer, usize), Ub> {
        let b = &self.bufs[buf as usize];
        if b.state != BufState::Live {
            return Err(dead(b, what));
        }
        if lin < 0 || lin as usize >= b.init.len() {
            return Err(Ub::new(
                rules::OUT_OF_BOUNDS,
                format!(
                    "out-of-bounds {what}: element {lin} of an allocation of {} elements",
                    b.init.len()
                ),
            ));
        }
        Ok((b, lin as usize))
    }

    /// Reads the scalar element at linear offset `lin` of buffer `buf`.
    #[inline(always)]
    pub fn read(&self, buf: u32, lin: i64) -> Result<i128, Ub> {
        let (b, i) = self.live(buf, lin, "load")?;
        if !b.init[i] {
            return Err(uninit(lin));
        }
        Ok(b.cells[i])
    }

    /// Reads the lanes of the vector element at `lin`.
    pub fn read_lanes(&self, buf: u32, lin: i64) -> Result<&[i128], Ub> {
        let (b, i) = self.live(buf, lin, "load")?;
        if !b.init[i] {
            return Err(uninit(lin));
        }
        Ok(&b.cells[i * b.lanes..(i + 1) * b.lanes])
    }

    #[inline(always)]
    pub fn write(&mut self, buf: u32, lin: i64, v: i128) -> Result<(), Ub> {
        let (_, i) = self.live(buf, lin, "store")?;
        let b = &mut self.bufs[buf as usize];
        b.cells[i] = v;
        b.init[i] = true;
        Ok(())
    }

    pub fn write_lanes(&mut self, buf: u32, lin: i64, v: &[i128]) -> Result<(), Ub> {
        let (_, i) = self.live(buf, lin, "store")?;
        let b = &mut self.bufs[buf as usize];
        let n = b.lanes;
        b.cells[i * n..(i + 1) * n].copy_from_slice(&v[..n]);
        b.init[i] = true;
        Ok(())
    }

    /// Checks that the buffer behind a view may still be used (for `dim` results and
    /// read-back, which touch the descriptor but not the elements, this is not needed;
    /// used when reading a whole view back).
    pub fn check_live(&self, buf: u32, what: &str) -> Result<(), Ub> {
        let b = &self.bufs[buf as usize];
        if b.state != BufState::Live {
            return Err(dead(b, what));
        }
        Ok(())
    }

    /// Every element of a view in row-major order of the view, each as its lanes.
    pub fn read_view(&self, v: &View) -> Result<Vec<&[i128]>, Ub> {
        let n = v.num_elements().max(0) as usize;
        let mut out = Vec::with_capacity(n);
        if n == 0 {
            return Ok(out);
        }
        self.check_live(v.buf, "read of a result")?;
        let rank = v.rank();
        let mut idx = vec![0i64; rank];
        loop {
            let lin = v.offset
                + idx
                    .iter()
                    .zip(v.dims.iter())
                    .map(|(i, d)| i * d.1)
                    .sum::<i64>();
            out.push(self.read_lanes(v.buf, lin)?);
            // Next index, row-major.
            let mut k = rank;
            loop {
                if k == 0 {
                    return Ok(out);
                }
                k -= 1;
                idx[k] += 1;
                if idx[k] < v.dims[k].0 {
                    break;
                }
                idx[k] = 0;
            }
        }
    }

    /// Writes every element of a view (row-major) from `elems`, each `lanes` cells.
    pub fn fill_view(&mut self, v: &View, elems: &[i128]) -> Result<(), Ub> {
        let lanes = self.bufs[v.buf as usize].lanes;
        let rank = v.rank();
        let mut idx = vec![0i64; rank];
        for chunk in elems.chunks(lanes.max(1)) {
            let lin = v.offset
                + idx
                    .iter()
                    .zip(v.dims.iter())
                    .map(|(i, d)| i * d.1)
                    .sum::<i64>();
            self.write_lanes(v.buf, lin, chunk)?;
            let mut k = rank;
            while k > 0 {
                k -= 1;
                idx[k] += 1;
                if idx[k] < v.dims[k].0 {
                    break;
                }
                idx[k] = 0;
            }
        }
        Ok(())
    }
}

/// The linear element offset of `view[idx...]` with each index bounds-checked against
/// its dimension. `idx(k)` yields the k-th index.
#[inline(always)]
pub fn linear(view: &View, n: usize, idx: impl Fn(usize) -> i128, what: &str) -> Result<i64, Ub> {
    let mut lin = view.offset;
    for (k, &(size, stride)) in view.dims.iter().enumerate().take(n) {
        let i = idx(k);
        if i < 0 || i >= size as i128 {
            return Err(oob(what, i, k, size));
        }
        lin = lin.wrapping_add((i as i64).wrapping_mul(stride));
    }
    Ok(lin)
}

#[cold]
fn oob(what: &str, i: i128, k: usize, size: i64) -> Ub {
    Ub::new(
        rules::OUT_OF_BOUNDS,
        format!("out-of-bounds {what}: index {i} of dimension {k} with size {size}"),
    )
}

#[cold]
fn uninit(lin: i64) -> Ub {
    Ub::new(
        rules::UNINITIALIZED,
        format!("read of uninitialized memory (element {lin} of its allocation was never written)"),
    )
}

#[cold]
fn dead(b: &Buffer, what: &str) -> Ub {
    match b.state {
        BufState::Freed(loc) => Ub::new(
            rules::USE_AFTER_FREE,
            format!("{what} of memory freed by dealloc{}", at(loc)),
        ),
        _ => Ub::new(
            rules::USE_AFTER_RETURN,
            format!(
                "{what} of alloca memory (allocated{}): use after the function returned",
                at(b.alloc_loc)
            ),
        ),
    }
}

fn at(loc: Loc) -> String {
    if loc.is_known() {
        format!(" at {}:{}", loc.line, loc.col)
    } else {
        String::new()
    }
}

/// A memref value in an object register.
pub type ViewRef = Rc<View>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_lifetime_and_init() {
        let mut m = Memory::default();
        let v = match m.alloc(BufKind::Heap, 1, &[4], None, 0, Loc::UNKNOWN) {
            Ok(v) => v,
            Err(_) => panic!(),
        };
        let e = linear(&v, 1, |_| 4, "load").unwrap_err();
        assert_eq!(
            e.message,
            "out-of-bounds load: index 4 of dimension 0 with size 4"
        );
        assert_eq!(m.read(v.buf, 1).unwrap_err().rule, rules::UNINITIALIZED);
        m.write(v.buf, 1, 7).unwrap();
        assert_eq!(m.read(v.buf, 1).unwrap(), 7);
        m.dealloc(&v, Loc::new(3, 4)).unwrap();
        assert_eq!(m.read(v.buf, 1).unwrap_err().rule, rules::USE_AFTER_FREE);
        assert_eq!(
            m.dealloc(&v, Loc::UNKNOWN).unwrap_err().rule,
            rules::DOUBLE_FREE
        );
    }
}
