//! Entry arguments that alias: a memref argument given as a view of an earlier
//! argument's buffer (`--arg @J` or `--arg '@J(offset: O, sizes: [..], strides: [..])'`),
//! parsed, checked and resolved here once, so that every caller (the interpreter, the
//! LLVM-level interpreter, the JIT and the C callers) passes the same buffer with the
//! same view.
//!
//! The base, argument `J`, is a memref given by its contents, of a ranked type with the
//! identity layout: its buffer is its elements in row-major order, element `c` at cell
//! `c` (every caller builds such an argument that way). A view reads element
//! `(i_1, .., i_r)` at cell `offset + Σ i_k · strides_k` of that buffer. `@J` alone is
//! `J`'s own view (offset 0, `J`'s sizes, row-major strides): the same buffer passed
//! twice.

use crate::ir::{MemRefType, Type};
use crate::value::{format_value, reach, RowMajor, RtValue};

/// A memref argument that is a view of argument `of`'s buffer (see the module doc).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArgView {
    /// The argument whose buffer this one shares.
    pub of: usize,
    /// The view; `None` is `of`'s own view.
    pub layout: Option<ViewLayout>,
}

/// Offset, sizes and strides of a view, in elements of the base's buffer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ViewLayout {
    pub offset: i64,
    pub sizes: Vec<u64>,
    pub strides: Vec<i64>,
}

impl ViewLayout {
    /// Sizes as the signed numbers descriptors hold.
    pub fn signed_sizes(&self) -> Vec<i64> {
        self.sizes.iter().map(|&s| s as i64).collect()
    }
}

/// The row-major strides of `sizes`.
pub fn row_major(sizes: &[u64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    let mut run = 1i64;
    for i in (0..sizes.len()).rev() {
        strides[i] = run;
        run = run.saturating_mul(sizes[i] as i64);
    }
    strides
}

/// Parses `@J` or `@J(offset: O, sizes: [S, ..], strides: [T, ..])`; `None` when the
/// text is no view at all (it does not start with `@`).
pub fn parse(text: &str) -> Option<Result<ArgView, String>> {
    let rest = text.trim().strip_prefix('@')?;
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    let of = match rest[..digits].parse::<usize>() {
        Ok(n) => n,
        Err(_) => {
            return Some(Err(format!(
                "'{text}': a view names an earlier argument by its number ('@0')"
            )))
        }
    };
    let tail = rest[digits..].trim();
    if tail.is_empty() {
        return Some(Ok(ArgView { of, layout: None }));
    }
    Some(parse_layout(tail).map(|l| ArgView {
        of,
        layout: Some(l),
    }))
}

fn parse_layout(tail: &str) -> Result<ViewLayout, String> {
    let bad =
        || format!("'{tail}': a view is written '(offset: O, sizes: [S, ..], strides: [T, ..])'");
    let inner = tail
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(bad)?;
    let field = |name: &str, s: &str| -> Result<String, String> {
        let s = s.trim();
        let v = s
            .strip_prefix(name)
            .map(str::trim_start)
            .and_then(|v| v.strip_prefix(':'))
            .ok_or_else(bad)?;
        Ok(v.trim().to_string())
    };
    let list = |v: &str| -> Result<Vec<i64>, String> {
        let v = v.strip_prefix('[').and_then(|v| v.strip_suffix(']'));
        let v = v.ok_or_else(bad)?;
        if v.trim().is_empty() {
            return Ok(vec![]);
        }
        v.split(',')
            .map(|x| x.trim().parse::<i64>().map_err(|_| bad()))
            .collect()
    };
    // offset: O, sizes: [..], strides: [..]: split at the commas outside brackets.
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let [o, s, t] = parts[..] else {
        return Err(bad());
    };
    let offset = field("offset", o)?.parse::<i64>().map_err(|_| bad())?;
    let sizes = list(&field("sizes", s)?)?;
    let strides = list(&field("strides", t)?)?;
    if sizes.iter().any(|&s| s < 0) {
        return Err(format!("'{tail}': a negative size"));
    }
    if sizes.len() != strides.len() {
        return Err(format!(
            "'{tail}': {} sizes but {} strides",
            sizes.len(),
            strides.len()
        ));
    }
    Ok(ViewLayout {
        offset,
        sizes: sizes.into_iter().map(|s| s as u64).collect(),
        strides,
    })
}

/// Writes a view as [`parse`] reads it.
pub fn format(out: &mut String, v: &ArgView) {
    use std::fmt::Write;
    let _ = write!(out, "@{}", v.of);
    if let Some(l) = &v.layout {
        let join = |xs: Vec<String>| xs.join(", ");
        let _ = write!(
            out,
            "(offset: {}, sizes: [{}], strides: [{}])",
            l.offset,
            join(l.sizes.iter().map(|x| x.to_string()).collect()),
            join(l.strides.iter().map(|x| x.to_string()).collect())
        );
    }
}

/// The base argument `j`'s type and contents, checked: a memref given by its contents,
/// of a ranked type with the identity layout.
fn base<'a>(
    types: &'a [Type],
    args: &'a [RtValue],
    k: usize,
    j: usize,
) -> Result<(&'a MemRefType, &'a [u64], &'a [RtValue]), String> {
    if j >= k {
        return Err(format!(
            "argument {k} is a view of argument {j}, which does not come before it"
        ));
    }
    let shape_elems = match args.get(j) {
        Some(RtValue::MemRef { shape, elems }) => (shape, elems),
        Some(RtValue::View(_)) => {
            return Err(format!(
                "argument {k} is a view of argument {j}, itself a view (name its base)"
            ))
        }
        _ => {
            return Err(format!(
                "argument {k} is a view of argument {j}, not a memref"
            ))
        }
    };
    match types.get(j) {
        Some(Type::MemRef(m)) if m.has_identity_layout() => Ok((m, shape_elems.0, shape_elems.1)),
        Some(t) => Err(format!(
            "argument {k} is a view of argument {j} of type {t}: a base must be a ranked \
             memref with the identity layout"
        )),
        None => Err(format!("argument {k} is a view of a missing argument {j}")),
    }
}

/// Argument `k`'s view, resolved and checked against the types: the base it shares
/// (`Ok((j, layout))`). Its element type is the base's; its static sizes, offset and
/// strides are the type's (with the identity layout: offset 0 and row-major strides);
/// every element it reaches lies in the base's buffer.
pub fn resolve(types: &[Type], args: &[RtValue], k: usize) -> Result<(usize, ViewLayout), String> {
    let Some(RtValue::View(v)) = args.get(k) else {
        return Err(format!("argument {k} is not a view"));
    };
    let (bt, bshape, belems) = base(types, args, k, v.of)?;
    let Some(Type::MemRef(t)) = types.get(k) else {
        return Err(format!(
            "argument {k} is a view, but only a ranked memref argument can be one"
        ));
    };
    if t.elem != bt.elem {
        return Err(format!(
            "argument {k} ({}) is a view of argument {} of another element type ({})",
            t.elem, v.of, bt.elem
        ));
    }
    let l = v.layout.clone().unwrap_or_else(|| ViewLayout {
        offset: 0,
        sizes: bshape.to_vec(),
        strides: row_major(bshape),
    });
    let ty = Type::MemRef(t.clone());
    if l.sizes.len() != t.rank() {
        return Err(format!(
            "argument {k}: a view of rank {} for {ty}",
            l.sizes.len()
        ));
    }
    for (i, (got, want)) in l.sizes.iter().zip(&t.shape).enumerate() {
        if want.is_some_and(|w| w != *got) {
            return Err(format!(
                "argument {k}: dimension {i} of the view is {got}, {ty} needs {}",
                want.unwrap_or(0)
            ));
        }
    }
    let form = t
        .strided_form()
        .ok_or_else(|| format!("argument {k}: {ty} has no strided form"))?;
    let (want_offset, want_strides): (Option<i64>, Vec<Option<i64>>) = if t.has_identity_layout() {
        (Some(0), row_major(&l.sizes).into_iter().map(Some).collect())
    } else {
        (form.offset, form.strides)
    };
    if want_offset.is_some_and(|o| o != l.offset) {
        return Err(format!(
            "argument {k}: the view's offset {} is not {ty}'s {}",
            l.offset,
            want_offset.unwrap_or(0)
        ));
    }
    for (i, (got, want)) in l.strides.iter().zip(&want_strides).enumerate() {
        if want.is_some_and(|w| w != *got) {
            return Err(format!(
                "argument {k}: stride {i} of the view is {got}, {ty} needs {}",
                want.unwrap_or(0)
            ));
        }
    }
    let n = belems.len() as i64;
    let sizes = l.signed_sizes();
    let empty = sizes.contains(&0);
    let (low, high) = reach(l.offset, &sizes, &l.strides);
    if (empty && !(0..=n).contains(&l.offset)) || (!empty && (low < 0 || high >= n)) {
        return Err(format!(
            "argument {k}: the view reaches elements {low} to {high} of argument {}'s \
             buffer of {n}",
            v.of
        ));
    }
    Ok((v.of, l))
}

/// Checks every view among `args` ([`resolve`]).
pub fn check_all(types: &[Type], args: &[RtValue]) -> Result<(), String> {
    for (k, a) in args.iter().enumerate() {
        if matches!(a, RtValue::View(_)) {
            resolve(types, args, k)?;
        }
    }
    Ok(())
}

/// What argument `k`'s view reads before the call: its elements in row-major order,
/// taken from the base's contents (what a caller that copies instead of aliasing
/// would pass).
pub fn contents(types: &[Type], args: &[RtValue], k: usize) -> Result<RtValue, String> {
    let (j, l) = resolve(types, args, k)?;
    let Some(RtValue::MemRef { elems, .. }) = args.get(j) else {
        return Err(format!("argument {j} is not a memref"));
    };
    let sizes = l.signed_sizes();
    let elems = RowMajor::new(l.offset, &sizes, &l.strides)
        .map(|c| elems[c as usize].clone())
        .collect();
    Ok(RtValue::MemRef {
        shape: l.sizes,
        elems,
    })
}

/// `args` with every view replaced by its [`contents`]: the arguments a caller that
/// copies instead of aliasing passes.
pub fn copied(types: &[Type], args: &[RtValue]) -> Result<Vec<RtValue>, String> {
    args.iter()
        .enumerate()
        .map(|(k, a)| match a {
            RtValue::View(_) => contents(types, args, k),
            a => Ok(a.clone()),
        })
        .collect()
}

/// The text of a value for a message or an `--arg`: a view as [`parse`] reads it.
pub fn text_of(ty: &Type, v: &RtValue) -> String {
    let mut s = String::new();
    format_value(&mut s, ty, v);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_type;

    fn ints(xs: &[i128]) -> Vec<RtValue> {
        xs.iter().map(|&x| RtValue::Int(x)).collect()
    }

    fn ty(s: &str) -> Type {
        parse_type(s).unwrap()
    }

    #[test]
    fn views_parse_and_print_back() {
        for s in [
            "@0",
            "@2(offset: 3, sizes: [2, 2], strides: [-1, 4])",
            "@1(offset: 0, sizes: [], strides: [])",
        ] {
            let v = parse(s).unwrap().unwrap();
            let mut out = String::new();
            format(&mut out, &v);
            assert_eq!(out, s);
        }
        assert!(parse("[1, 2]").is_none());
        assert!(parse("@x").unwrap().is_err());
        assert!(parse("@0(offset: 1, sizes: [2])").unwrap().is_err());
        assert!(parse("@0(offset: 1, sizes: [2], strides: [1, 1])")
            .unwrap()
            .is_err());
    }

    #[test]
    fn a_view_reads_the_base_buffer_and_must_stay_inside_it() {
        let types = [
            ty("memref<6xi32>"),
            ty("memref<3xi32, offset: ?, strides: [?]>"),
        ];
        let view = |o, s: i64| {
            RtValue::View(ArgView {
                of: 0,
                layout: Some(ViewLayout {
                    offset: o,
                    sizes: vec![3],
                    strides: vec![s],
                }),
            })
        };
        let base = RtValue::MemRef {
            shape: vec![6],
            elems: ints(&[10, 11, 12, 13, 14, 15]),
        };
        let args = vec![base.clone(), view(5, -2)];
        assert_eq!(
            contents(&types, &args, 1).unwrap(),
            RtValue::MemRef {
                shape: vec![3],
                elems: ints(&[15, 13, 11])
            }
        );
        assert!(resolve(&types, &[base.clone(), view(4, 1)], 1).is_err());
        assert!(resolve(&types, &[base.clone(), view(1, -1)], 1).is_err());
        // A static layout must be the view's; an identity layout means offset 0, row-major.
        let st = vec![
            ty("memref<6xi32>"),
            ty("memref<3xi32, offset: 1, strides: [2]>"),
        ];
        assert!(resolve(&st, &[base.clone(), view(1, 2)], 1).is_ok());
        assert!(resolve(&st, &[base.clone(), view(0, 2)], 1).is_err());
        let id = [ty("memref<6xi32>"), ty("memref<3xi32>")];
        assert!(resolve(&id, &[base.clone(), view(0, 1)], 1).is_ok());
        assert!(resolve(&id, &[base.clone(), view(1, 1)], 1).is_err());
        // `@0` is the base's own view; the base must come first and not be a view.
        let same = [ty("memref<6xi32>"), ty("memref<6xi32>")];
        let whole = RtValue::View(ArgView {
            of: 0,
            layout: None,
        });
        assert_eq!(
            contents(&same, &[base.clone(), whole.clone()], 1).unwrap(),
            base
        );
        assert!(resolve(&same, &[whole.clone(), whole], 0).is_err());
        assert!(resolve(
            &[ty("memref<6xf32>"), ty("memref<6xi32>")],
            &[base.clone(), view(0, 1)],
            1
        )
        .is_err());
    }
}
