//! Memref arguments that alias in the calls a harness makes of a generated function
//! (the C-interface plans): which parameter shares which earlier parameter's buffer
//! ([`pairs`], decided from the function alone, so that [`crate::features`] counts it
//! as `alias_c_args`), and the view it is given once the arguments are built
//! ([`apply`], an `RtValue::View`, see `converter::arg_view`).
//!
//! A parameter `k` may view parameter `j < k` when `j` is a ranked memref with the
//! identity layout (a base), of `k`'s element type, and a view of `k`'s type fits in
//! `j`'s buffer at its smallest (every dynamic dimension 1): then it fits whatever
//! sizes the harness picks. The same type is passed as the base itself (`@j`, the same
//! buffer twice); another type as a view of it: its static offset and strides as the
//! type says, a dynamic offset and dynamic strides picked among small ones (zero and
//! negative strides included) so that the view stays inside the buffer.

use converter::arg_view::{self, ArgView, ViewLayout};
use converter::ir::{Func, MemRefType, Type};
use converter::value::RtValue;

/// One in this many functions with a possible pair aliases (FNV-1a of the name).
const ONE_IN: u64 = 2;

fn hash(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    h ^ (h >> 29)
}

/// The smallest value of a memref type: every dynamic dimension 1, zeros.
fn smallest(m: &MemRefType) -> RtValue {
    let shape: Vec<u64> = m.shape.iter().map(|d| d.unwrap_or(1)).collect();
    let n = shape.iter().product::<u64>() as usize;
    RtValue::MemRef {
        shape,
        elems: vec![RtValue::Int(0); n],
    }
}

fn is_base(t: &Type) -> bool {
    matches!(t, Type::MemRef(m) if m.has_identity_layout())
}

/// The views of `f`'s calls: `(k, j)`, parameter `k` a view of parameter `j`'s buffer.
/// At most one per `k`; a base is never itself a view.
pub fn pairs(f: &Func) -> Vec<(usize, usize)> {
    let Some(ft) = f.std_type() else {
        return Vec::new();
    };
    let h = hash(&f.name);
    if !h.is_multiple_of(ONE_IN) {
        return Vec::new();
    }
    let types = &ft.inputs;
    let mut viewed = vec![false; types.len()];
    let mut out = Vec::new();
    for k in 0..types.len() {
        let Type::MemRef(mk) = &types[k] else {
            continue;
        };
        let fits = |j: usize| {
            !viewed[j] && is_base(&types[j]) && {
                let Type::MemRef(mj) = &types[j] else {
                    return false;
                };
                let mut args: Vec<RtValue> = types.iter().map(|_| RtValue::Int(0)).collect();
                args[j] = smallest(mj);
                mj.elem == mk.elem && layout_for(types, &args, k, j, h).is_some()
            }
        };
        if let Some(j) = (0..k).find(|&j| fits(j)) {
            viewed[k] = true;
            out.push((k, j));
        }
    }
    out
}

/// A view of `types[k]` over argument `j`'s buffer in `args`, `None` when none fits.
/// Sizes are `args[k]`'s where it is a memref value, else the type's smallest; the
/// dynamic offset and strides the first of a few small candidates (rotated by `salt`)
/// that keeps the view inside the buffer.
fn layout_for(types: &[Type], args: &[RtValue], k: usize, j: usize, salt: u64) -> Option<RtValue> {
    let Type::MemRef(mk) = &types[k] else {
        return None;
    };
    if types[k] == types[j] {
        // The same buffer passed twice.
        let v = RtValue::View(ArgView {
            of: j,
            layout: None,
        });
        let mut a = args.to_vec();
        a[k] = v.clone();
        if arg_view::resolve(types, &a, k).is_ok() {
            return Some(v);
        }
    }
    let mut sizes: Vec<u64> = match &args[k] {
        RtValue::MemRef { shape, .. } if shape.len() == mk.rank() => shape.clone(),
        _ => mk.shape.iter().map(|d| d.unwrap_or(1)).collect(),
    };
    let n = match &args[j] {
        RtValue::MemRef { elems, .. } => elems.len() as i64,
        _ => return None,
    };
    let form = mk.strided_form()?;
    let identity = mk.has_identity_layout();
    let stride_choices: [i64; 5] = [1, -1, 0, 2, -2];
    let rot = (salt % stride_choices.len() as u64) as usize;
    let mut a = args.to_vec();
    // Twice: with the sizes given, then with the smallest (which always fit when the
    // pair was chosen).
    for attempt in 0..2 {
        if attempt == 1 {
            sizes = mk.shape.iter().map(|d| d.unwrap_or(1)).collect();
        }
        let rm = arg_view::row_major(&sizes);
        let dyn_strides: Vec<usize> = (0..sizes.len())
            .filter(|&d| !identity && form.strides[d].is_none())
            .collect();
        // Candidates: each dynamic stride from the rotated choices (the same choice for
        // all, then row-major), each dynamic offset from 0 to the buffer's end.
        let mut stride_sets: Vec<Vec<i64>> = (0..stride_choices.len())
            .map(|c| {
                let pick = stride_choices[(c + rot) % stride_choices.len()];
                (0..sizes.len())
                    .map(|d| match (identity, form.strides[d]) {
                        (true, _) => rm[d],
                        (false, Some(s)) => s,
                        (false, None) => pick * rm[d],
                    })
                    .collect()
            })
            .collect();
        if dyn_strides.is_empty() {
            stride_sets.truncate(1);
        }
        let offsets: Vec<i64> = match (identity, form.offset) {
            (true, _) => vec![0],
            (false, Some(o)) => vec![o],
            (false, None) => {
                let start = (salt >> 16) as i64 % n.max(1);
                (0..n.max(1)).map(|i| (start + i) % n.max(1)).collect()
            }
        };
        for strides in &stride_sets {
            for &offset in &offsets {
                a[k] = RtValue::View(ArgView {
                    of: j,
                    layout: Some(ViewLayout {
                        offset,
                        sizes: sizes.clone(),
                        strides: strides.clone(),
                    }),
                });
                if arg_view::resolve(types, &a, k).is_ok() {
                    return Some(a[k].clone());
                }
            }
        }
    }
    None
}

/// Makes the parameters [`pairs`] chooses views in `args` (the arguments a harness
/// built for `f`, every memref given by its contents). Returns how many became views.
pub fn apply(f: &Func, args: &mut [RtValue]) -> usize {
    let Some(ft) = f.std_type() else {
        return 0;
    };
    if args.len() != ft.inputs.len() {
        return 0;
    }
    let salt = hash(&f.name);
    let mut made = 0;
    for (k, j) in pairs(f) {
        if let Some(v) = layout_for(&ft.inputs, args, k, j, salt) {
            args[k] = v;
            made += 1;
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::syntax::parse_type;

    fn func(name: &str, params: &[&str]) -> Func {
        let inputs = params.iter().map(|p| parse_type(p).unwrap()).collect();
        Func::new_std_decl(name, inputs, vec![])
    }

    fn contents(n: u64) -> RtValue {
        RtValue::MemRef {
            shape: vec![n],
            elems: (0..n as i128).map(RtValue::Int).collect(),
        }
    }

    /// Every view made is one `converter::arg_view` accepts, the same type is passed as
    /// the base itself, and some functions are left alone.
    #[test]
    fn views_fit_their_base_and_some_functions_alias() {
        let mut aliased = 0;
        let mut same = 0;
        for i in 0..64 {
            let f = func(
                &format!("f{i}"),
                &[
                    "memref<?xi32>",
                    "memref<?xi32>",
                    "memref<2xi32, offset: ?, strides: [?]>",
                ],
            );
            let ft = f.std_type().unwrap();
            let mut args = vec![contents(3), contents(3), contents(2)];
            let made = apply(&f, &mut args);
            assert_eq!(made, pairs(&f).len());
            aliased += usize::from(made > 0);
            for k in 0..args.len() {
                if let RtValue::View(v) = &args[k] {
                    arg_view::resolve(&ft.inputs, &args, k).unwrap();
                    same += usize::from(v.layout.is_none());
                }
            }
        }
        assert!((10..54).contains(&aliased), "{aliased} of 64");
        assert!(same > 0);
    }

    /// A view that cannot fit its base at the smallest sizes is never chosen.
    #[test]
    fn no_pair_where_no_view_fits() {
        for i in 0..64 {
            let f = func(
                &format!("g{i}"),
                &["memref<2xf32>", "memref<4xf32>", "memref<2xi32>"],
            );
            assert!(pairs(&f).is_empty());
        }
    }
}
