//! n-D vectors: values are their elements in row-major order, shared behind an `Rc`
//! (an op on vectors allocates its result; scalars never do). Element-wise ops apply
//! the scalar semantics of `ops.rs` lane by lane, so a vector lane traps exactly as the
//! scalar op would, with the lane named in the message.

use crate::ops::{eval1, eval2, Op1, Op2};
use crate::trap::{rules, Ub};
use std::rc::Rc;

/// A vector value.
pub type VecRef = Rc<[i128]>;

#[cold]
fn in_lane(e: Ub, lane: usize) -> Ub {
    Ub::new(e.rule, format!("{} (vector lane {lane})", e.message))
}

pub fn map1(op: Op1, a: &[i128]) -> Result<VecRef, Ub> {
    a.iter()
        .enumerate()
        .map(|(i, &x)| eval1(op, x).map_err(|e| in_lane(e, i)))
        .collect()
}

pub fn map2(op: Op2, a: &[i128], b: &[i128]) -> Result<VecRef, Ub> {
    a.iter()
        .zip(b)
        .enumerate()
        .map(|(i, (&x, &y))| eval2(op, x, y).map_err(|e| in_lane(e, i)))
        .collect()
}

/// `select` with a vector of i1 conditions.
pub fn select(c: &[i128], a: &[i128], b: &[i128]) -> VecRef {
    c.iter()
        .zip(a.iter().zip(b))
        .map(|(&c, (&x, &y))| if c & 1 != 0 { x } else { y })
        .collect()
}

pub fn splat(x: i128, n: usize) -> VecRef {
    std::iter::repeat_n(x, n).collect()
}

/// `extract_element v[idx...]` for a vector of `shape`; an index out of range is UB.
pub fn extract(v: &[i128], shape: &[u64], idx: impl Fn(usize) -> i128) -> Result<i128, Ub> {
    let mut lin: usize = 0;
    for (k, &size) in shape.iter().enumerate() {
        let i = idx(k);
        if i < 0 || i >= size as i128 {
            return Err(Ub::new(
                rules::OUT_OF_BOUNDS,
                format!(
                    "out-of-bounds extract_element: index {i} of dimension {k} with size {size}"
                ),
            ));
        }
        lin = lin * size as usize + i as usize;
    }
    Ok(v[lin])
}
