//! Runtime values as the execution paths report them, and their one textual form.
//!
//! The interpreter and the JIT both hand results back as [`RtValue`]s and print them
//! through [`format_result`], so identical results print identically and `diff`
//! compares the two paths. The same module parses `--arg` values and the values of
//! `// run:` expectations ([`parse_value`]).
//!
//! Format (what `interp` and `run` print, one line a result): `TYPE VALUE`, e.g. `i32 -7`, `i1 1`, `f32 1e-7`, `f64 -0.0`,
//! `f32 nan`, `vector<3xi8> [1, 2, 3]`, `memref<2x2xf32> [[1.0, 2.0], [3.0, 4.0]]`.

use crate::ir::attr::sign_extend;
use crate::ir::Type;
use std::fmt::Write;

/// A value produced or consumed by an execution path.
#[derive(Clone, PartialEq, Debug)]
pub enum RtValue {
    /// An integer or index, sign-extended from its width (i1 true is -1).
    Int(i128),
    /// A float as the bits of its own format (f16: low 16 bits, f32: low 32).
    Float(u64),
    /// A vector's elements in row-major order (n-D vectors flattened).
    Vector(Vec<RtValue>),
    /// A memref's contents read through its descriptor: the runtime sizes and the
    /// elements in row-major order of the view (not of the underlying buffer).
    /// For an unranked memref, `shape.len()` is the dynamic rank.
    MemRef {
        shape: Vec<u64>,
        elems: Vec<RtValue>,
    },
    /// A function reference (`constant @f`).
    Func(String),
    /// A memref entry argument that is a view of an earlier argument's buffer (`@J`,
    /// `@J(offset: O, sizes: [..], strides: [..])`): arguments only, never a result
    /// (see [`crate::arg_view`]).
    View(crate::arg_view::ArgView),
}

/// The width used for `index` when none is given: the interpreter and converter default.
pub const DEFAULT_INDEX_WIDTH: u32 = 64;

/// Formats a result line `TYPE VALUE` for a value of static type `ty`.
pub fn format_result(ty: &Type, v: &RtValue) -> String {
    let mut out = format!("{ty} ");
    format_value(&mut out, ty, v);
    out
}

/// Formats only the value part of a result (no type).
pub fn format_value(out: &mut String, ty: &Type, v: &RtValue) {
    match (ty, v) {
        (Type::Vector(vt), RtValue::Vector(elems)) => {
            let shape: Vec<u64> = vt.shape.clone();
            format_nested(out, &shape, elems, &vt.elem);
        }
        (Type::MemRef(_) | Type::UnrankedMemRef(..), RtValue::MemRef { shape, elems }) => {
            let elem = ty.memref_elem().expect("memref type");
            format_nested(out, shape, elems, elem);
        }
        (_, RtValue::View(v)) => crate::arg_view::format(out, v),
        (_, RtValue::Func(name)) => {
            let _ = write!(out, "@{name}");
        }
        (t, v) => format_scalar(out, t, v),
    }
}

fn format_nested(out: &mut String, shape: &[u64], elems: &[RtValue], elem_ty: &Type) {
    fn rec(out: &mut String, shape: &[u64], elems: &[RtValue], elem_ty: &Type) {
        match shape.split_first() {
            None => match elems.first() {
                Some(e) => format_value(out, elem_ty, e),
                None => out.push_str("<missing>"),
            },
            Some((&n, rest)) => {
                let inner: usize = rest.iter().product::<u64>() as usize;
                out.push('[');
                for i in 0..n as usize {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let lo = (i * inner).min(elems.len());
                    let hi = ((i + 1) * inner).min(elems.len());
                    rec(out, rest, &elems[lo..hi], elem_ty);
                }
                out.push(']');
            }
        }
    }
    rec(out, shape, elems, elem_ty)
}

fn format_scalar(out: &mut String, ty: &Type, v: &RtValue) {
    match (ty, v) {
        (Type::Int(1), RtValue::Int(x)) => out.push_str(if *x & 1 == 1 { "1" } else { "0" }),
        (Type::Int(w), RtValue::Int(x)) => {
            let _ = write!(out, "{}", sign_extend(*x, *w));
        }
        (Type::Index, RtValue::Int(x)) => {
            let _ = write!(out, "{x}");
        }
        (Type::F16 | Type::BF16 | Type::F32 | Type::F64, RtValue::Float(bits)) => {
            out.push_str(&format_float(*bits, ty));
        }
        (t, v) => {
            let _ = write!(out, "<{v:?} of type {t}>");
        }
    }
}

/// Formats float bits of type `ty` as the shortest decimal that reads back to the same
/// value (Rust's `{:?}` style: `1.5`, `-0.0`, `1e-7`, `1e16`), `nan` for any NaN, `inf`/`-inf`.
pub fn format_float(bits: u64, ty: &Type) -> String {
    match ty {
        Type::F64 => debug_float(f64::from_bits(bits)),
        Type::F32 => {
            let f = f32::from_bits(bits as u32);
            if f.is_nan() {
                "nan".into()
            } else {
                format!("{f:?}")
            }
        }
        Type::F16 => shortest_16(half::f16::from_bits(bits as u16).to_f64(), |d| {
            crate::float_round::f64_to_f16_bits(d) as u64 == bits & 0xffff
        }),
        Type::BF16 => shortest_16(half::bf16::from_bits(bits as u16).to_f64(), |d| {
            crate::float_round::f64_to_bf16_bits(d) as u64 == bits & 0xffff
        }),
        _ => format!("<float bits {bits:#x} of type {ty}>"),
    }
}

fn debug_float(f: f64) -> String {
    if f.is_nan() {
        "nan".into()
    } else {
        format!("{f:?}")
    }
}

/// The shortest decimal for a 16-bit float: the fewest significant digits whose
/// decimal value rounds back to the same bits, printed in f64's `{:?}` style (an f64
/// of a decimal with at most 5 significant digits prints as exactly those digits).
fn shortest_16(value: f64, same_bits: impl Fn(f64) -> bool) -> String {
    if !value.is_finite() || value == 0.0 {
        return debug_float(value);
    }
    for digits in 0..17 {
        let s = format!("{value:.digits$e}");
        if let Ok(d) = s.parse::<f64>() {
            if same_bits(d) {
                return debug_float(d);
            }
        }
    }
    debug_float(value)
}

/// Parses a value of type `ty` from its textual form: integers (decimal, `0x` hex,
/// `true`/`false` for i1), floats (decimal, `nan`, `inf`, `-inf`, `0x` bit patterns),
/// nested `[..]` lists for vectors and memrefs (a memref's shape is taken from the
/// nesting and must agree with its static dimensions; rank 0 is a bare scalar).
/// A trailing `: TYPE` is accepted when it names `ty`. A ranked memref may also be a
/// view of an earlier argument (`@0`, `@0(offset: 1, sizes: [2], strides: [3])`, see
/// [`crate::arg_view`]), checked against the other arguments by
/// [`crate::arg_view::check_all`].
pub fn parse_value(text: &str, ty: &Type) -> Result<RtValue, String> {
    let text = text.trim();
    let text = match split_type_suffix(text) {
        Some((v, t)) => {
            if t != ty.to_string() {
                return Err(format!("value is typed '{t}' but '{ty}' is expected"));
            }
            v
        }
        None => text,
    };
    match ty {
        Type::Vector(vt) => {
            let (shape, elems) = parse_nested(text, &vt.elem)?;
            let want: Vec<u64> = vt.shape.clone();
            if elems.len() == 1 && shape.is_empty() {
                // A splat.
                return Ok(RtValue::Vector(vec![
                    elems[0].clone();
                    vt.num_elements() as usize
                ]));
            }
            if shape != want {
                return Err(format!("shape {shape:?} does not match {ty}"));
            }
            Ok(RtValue::Vector(elems))
        }
        Type::MemRef(_) if text.starts_with('@') => match crate::arg_view::parse(text) {
            Some(v) => v.map(RtValue::View),
            None => Err(format!("'{text}' is no view")),
        },
        Type::MemRef(m) => {
            let (shape, elems) = parse_memref_elems(text, &m.elem)?;
            if shape.len() != m.rank() {
                return Err(format!("a value of rank {} for {ty}", shape.len()));
            }
            for (i, (got, want)) in shape.iter().zip(&m.shape).enumerate() {
                if let Some(w) = want {
                    if got != w {
                        return Err(format!("dimension {i} has {got} elements, {ty} needs {w}"));
                    }
                }
            }
            Ok(RtValue::MemRef { shape, elems })
        }
        Type::UnrankedMemRef(e, _) => {
            let (shape, elems) = parse_memref_elems(text, e)?;
            Ok(RtValue::MemRef { shape, elems })
        }
        Type::Function(_) => match text.strip_prefix('@') {
            Some(name) if !name.is_empty() => Ok(RtValue::Func(name.to_string())),
            _ => Err(format!("expected a function reference '@name' for {ty}")),
        },
        t => parse_scalar(text, t),
    }
}

/// Splits `VALUE : TYPE` at the last top-level colon.
fn split_type_suffix(text: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut last = None;
    for (i, c) in text.char_indices() {
        match c {
            '[' | '<' | '(' => depth += 1,
            ']' | '>' | ')' => depth -= 1,
            ':' if depth == 0 => last = Some(i),
            _ => {}
        }
    }
    last.map(|i| (text[..i].trim(), text[i + 1..].trim()))
}

/// A memref's contents: nested lists of `elem` values, where a vector element is
/// itself a nested list of its shape (`[[1, 2], [3, 4]]` for `memref<2xvector<2xi64>>`).
fn parse_memref_elems(text: &str, elem: &Type) -> Result<(Vec<u64>, Vec<RtValue>), String> {
    let Type::Vector(vt) = elem else {
        return parse_nested(text, elem);
    };
    let (mut shape, scalars) = parse_nested(text, &vt.elem)?;
    let k = vt.shape.len();
    if shape.len() < k || shape[shape.len() - k..] != vt.shape[..] {
        return Err(format!("elements of shape {shape:?} do not end in {elem}"));
    }
    shape.truncate(shape.len() - k);
    let lanes = vt.shape.iter().product::<u64>().max(1) as usize;
    let elems = scalars
        .chunks(lanes)
        .map(|c| RtValue::Vector(c.to_vec()))
        .collect();
    Ok((shape, elems))
}

fn parse_nested(text: &str, elem: &Type) -> Result<(Vec<u64>, Vec<RtValue>), String> {
    let text = text.trim();
    if !text.starts_with('[') {
        return Ok((vec![], vec![parse_scalar(text, elem)?]));
    }
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("unbalanced brackets in '{text}'"))?;
    let parts = split_top_level(inner);
    let mut sub_shape: Option<Vec<u64>> = None;
    let mut elems = Vec::new();
    for p in &parts {
        let (s, e) = parse_nested(p, elem)?;
        match &sub_shape {
            None => sub_shape = Some(s),
            Some(prev) if *prev != s => {
                return Err(format!("ragged list: '{text}'"));
            }
            _ => {}
        }
        elems.extend(e);
    }
    let mut shape = vec![parts.len() as u64];
    shape.extend(sub_shape.unwrap_or_default());
    Ok((shape, elems))
}

fn split_top_level(s: &str) -> Vec<&str> {
    if s.trim().is_empty() {
        return vec![];
    }
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(s[start..].trim());
    parts
}

fn parse_scalar(text: &str, ty: &Type) -> Result<RtValue, String> {
    match ty {
        Type::Int(w) => parse_int(text, *w).map(RtValue::Int),
        Type::Index => parse_int(text, 64).map(RtValue::Int),
        Type::F16 | Type::BF16 | Type::F32 | Type::F64 => parse_float(text, ty).map(RtValue::Float),
        t => Err(format!("cannot parse a value of type {t}")),
    }
}

fn parse_int(text: &str, width: u32) -> Result<i128, String> {
    let v: i128 = match text {
        "true" => -1,
        "false" => 0,
        _ => {
            let (neg, digits) = match text.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, text),
            };
            let mag = if let Some(h) = digits.strip_prefix("0x") {
                u128::from_str_radix(h, 16)
            } else {
                digits.parse::<u128>()
            }
            .map_err(|_| format!("'{text}' is not an integer"))?;
            // Values must fit the width as signed or unsigned.
            if width < 128 && mag >> width != 0 && !(neg && mag == 1u128 << (width - 1)) {
                return Err(format!("'{text}' does not fit in i{width}"));
            }
            let v = mag as i128;
            if neg {
                v.wrapping_neg()
            } else {
                v
            }
        }
    };
    Ok(sign_extend(v, width))
}

fn parse_float(text: &str, ty: &Type) -> Result<u64, String> {
    if let Some(h) = text.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).map_err(|_| format!("'{text}' is not a float"));
    }
    let f: f64 = match text {
        "nan" => f64::NAN,
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        _ => text
            .parse::<f64>()
            .map_err(|_| format!("'{text}' is not a float"))?,
    };
    Ok(match ty {
        Type::F16 => crate::float_round::f64_to_f16_bits(f) as u64,
        Type::BF16 => crate::float_round::f64_to_bf16_bits(f) as u64,
        Type::F32 => {
            // Parse f32 directly so a decimal rounds once, not twice through f64.
            let f32v = match text {
                "nan" | "inf" | "-inf" => f as f32,
                _ => text
                    .parse::<f32>()
                    .map_err(|_| format!("'{text}' is not a float"))?,
            };
            f32v.to_bits() as u64
        }
        _ => f.to_bits(),
    })
}

/// True when two results are the same: bit-exact, except that every NaN equals every
/// NaN of the same type (payloads are not portable across paths).
pub fn same_value(ty: &Type, a: &RtValue, b: &RtValue) -> bool {
    match (a, b) {
        (RtValue::Float(x), RtValue::Float(y)) => {
            let scalar = ty.memref_elem().unwrap_or(ty).scalar_of();
            x == y || (is_nan(*x, scalar) && is_nan(*y, scalar))
        }
        (RtValue::Vector(xs), RtValue::Vector(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(ty, x, y))
        }
        (
            RtValue::MemRef {
                shape: s1,
                elems: e1,
            },
            RtValue::MemRef {
                shape: s2,
                elems: e2,
            },
        ) => {
            let elem = ty.memref_elem().cloned().unwrap_or_else(|| ty.clone());
            s1 == s2
                && e1.len() == e2.len()
                && e1.iter().zip(e2).all(|(x, y)| same_value(&elem, x, y))
        }
        _ => a == b,
    }
}

fn is_nan(bits: u64, ty: &Type) -> bool {
    match ty {
        Type::F16 => half::f16::from_bits(bits as u16).is_nan(),
        Type::BF16 => half::bf16::from_bits(bits as u16).is_nan(),
        Type::F32 => f32::from_bits(bits as u32).is_nan(),
        _ => f64::from_bits(bits).is_nan(),
    }
}

/// The lowest and highest element addresses a strided view reaches, relative to its
/// aligned pointer: `offset + sum(min(0, (size_i - 1) * stride_i))` and
/// `offset + sum(max(0, (size_i - 1) * stride_i))`, whatever the signs of the strides
/// (saturated to the `i64` range). A view with a dimension of size 0 (or less) reaches
/// nothing: both are the offset, and every caller treats it as empty.
pub fn reach(offset: i64, sizes: &[i64], strides: &[i64]) -> (i64, i64) {
    let (mut low, mut high) = (i128::from(offset), i128::from(offset));
    if sizes.iter().any(|&n| n <= 0) {
        return (offset, offset);
    }
    for (&n, &s) in sizes.iter().zip(strides) {
        let span = (i128::from(n) - 1) * i128::from(s);
        low += span.min(0);
        high += span.max(0);
    }
    let clamp = |x: i128| x.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
    (clamp(low), clamp(high))
}

/// Walks the elements of a strided memref in row-major order, the order in which
/// `RtValue::MemRef` lists them. Each step gives the element's linear position,
/// `offset + sum(index[d] * strides[d])`, in the descriptor's wrapping 64-bit
/// arithmetic; [`RowMajor::index`] is the index of the element last given. A size of 0
/// (or less) means no elements; rank 0 means one.
pub struct RowMajor<'a> {
    offset: i64,
    sizes: &'a [i64],
    strides: &'a [i64],
    idx: Vec<i64>,
    left: u64,
    started: bool,
}

impl<'a> RowMajor<'a> {
    pub fn new(offset: i64, sizes: &'a [i64], strides: &'a [i64]) -> RowMajor<'a> {
        let left = sizes
            .iter()
            .fold(1u64, |a, &d| a.saturating_mul(d.max(0) as u64));
        RowMajor {
            offset,
            sizes,
            strides,
            idx: vec![0; sizes.len()],
            left,
            started: false,
        }
    }

    /// The index of the element the last step gave.
    pub fn index(&self) -> &[i64] {
        &self.idx
    }
}

impl Iterator for RowMajor<'_> {
    type Item = i64;

    fn next(&mut self) -> Option<i64> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        if self.started {
            for d in (0..self.sizes.len()).rev() {
                self.idx[d] += 1;
                if self.idx[d] < self.sizes[d] {
                    break;
                }
                self.idx[d] = 0;
            }
        }
        self.started = true;
        Some(
            self.idx
                .iter()
                .zip(self.strides)
                .fold(self.offset, |a, (i, s)| a.wrapping_add(i.wrapping_mul(*s))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32v(x: f32) -> RtValue {
        RtValue::Float(x.to_bits() as u64)
    }

    #[test]
    fn formats_scalars_as_design_says() {
        assert_eq!(format_result(&Type::i32(), &RtValue::Int(-7)), "i32 -7");
        assert_eq!(format_result(&Type::i1(), &RtValue::Int(-1)), "i1 1");
        assert_eq!(format_result(&Type::F32, &f32v(1e-7)), "f32 1e-7");
        assert_eq!(
            format_result(&Type::F32, &f32v(123448470.0)),
            "f32 123448470.0"
        );
        assert_eq!(
            format_result(&Type::F64, &RtValue::Float((-0.0f64).to_bits())),
            "f64 -0.0"
        );
        assert_eq!(format_result(&Type::F32, &f32v(f32::NAN)), "f32 nan");
        assert_eq!(
            format_result(&Type::F32, &f32v(f32::NEG_INFINITY)),
            "f32 -inf"
        );
    }

    #[test]
    fn f16_prints_its_own_shortest_decimal() {
        let bits = crate::float_round::f64_to_f16_bits(0.1) as u64;
        assert_eq!(format_result(&Type::F16, &RtValue::Float(bits)), "f16 0.1");
        let bits = crate::float_round::f64_to_f16_bits(65504.0) as u64;
        assert_eq!(
            format_result(&Type::F16, &RtValue::Float(bits)),
            "f16 65500.0"
        );
        // Every f16 prints to a decimal that reads back to the same bits.
        for b in 0..=u16::MAX {
            let h = half::f16::from_bits(b);
            if h.is_nan() {
                continue;
            }
            let s = format_float(b as u64, &Type::F16);
            let back = half::f16::from_bits(crate::float_round::f64_to_f16_bits(
                s.parse::<f64>().unwrap(),
            ));
            assert_eq!(back.to_bits(), b, "{s}");
        }
    }

    #[test]
    fn formats_nested_aggregates() {
        let v = RtValue::Vector((1..=4).map(RtValue::Int).collect());
        let t = Type::vector(vec![2, 2], Type::i8());
        assert_eq!(format_result(&t, &v), "vector<2x2xi8> [[1, 2], [3, 4]]");
        let m = RtValue::MemRef {
            shape: vec![2, 2],
            elems: [1.0f32, 2.0, 3.0, 4.0].iter().map(|x| f32v(*x)).collect(),
        };
        let t = Type::memref(vec![Some(2), None], Type::F32);
        assert_eq!(
            format_result(&t, &m),
            "memref<2x?xf32> [[1.0, 2.0], [3.0, 4.0]]"
        );
        let r0 = RtValue::MemRef {
            shape: vec![],
            elems: vec![f32v(1.5)],
        };
        assert_eq!(
            format_result(&Type::memref(vec![], Type::F32), &r0),
            "memref<f32> 1.5"
        );
    }

    #[test]
    fn parses_what_it_prints() {
        let cases: Vec<(Type, RtValue)> = vec![
            (Type::i32(), RtValue::Int(-7)),
            (Type::Int(17), RtValue::Int(-65536)),
            (Type::i1(), RtValue::Int(-1)),
            (Type::F32, f32v(1e-7)),
            (Type::F64, RtValue::Float(2.5f64.to_bits())),
            (
                Type::memref(vec![Some(2), None], Type::i64()),
                RtValue::MemRef {
                    shape: vec![2, 3],
                    elems: (0..6).map(RtValue::Int).collect(),
                },
            ),
            (
                Type::memref(vec![Some(2)], Type::vector(vec![2], Type::i64())),
                RtValue::MemRef {
                    shape: vec![2],
                    elems: vec![
                        RtValue::Vector(vec![RtValue::Int(5), RtValue::Int(-6)]),
                        RtValue::Vector(vec![RtValue::Int(7), RtValue::Int(8)]),
                    ],
                },
            ),
            (
                Type::unranked_memref(Type::vector(vec![1, 2], Type::i8())),
                RtValue::MemRef {
                    shape: vec![1],
                    elems: vec![RtValue::Vector(vec![RtValue::Int(1), RtValue::Int(2)])],
                },
            ),
        ];
        for (t, v) in cases {
            let s = format_result(&t, &v);
            let text = s.split_once(' ').unwrap().1;
            assert_eq!(parse_value(text, &t).unwrap(), v, "{s}");
        }
        assert_eq!(
            parse_value("3 : i32", &Type::i32()).unwrap(),
            RtValue::Int(3)
        );
        assert!(parse_value("3 : i64", &Type::i32()).is_err());
        assert!(parse_value("256", &Type::i8()).is_err());
        assert_eq!(parse_value("255", &Type::i8()).unwrap(), RtValue::Int(-1));
        assert_eq!(
            parse_value("-128", &Type::i8()).unwrap(),
            RtValue::Int(-128)
        );
        assert!(parse_value("[1, 2]", &Type::memref(vec![Some(3)], Type::i8())).is_err());
        let mv = Type::memref(vec![Some(2)], Type::vector(vec![2], Type::i8()));
        assert!(parse_value("[[1, 2], [3]]", &mv).is_err());
        assert!(parse_value("[1, 2]", &mv).is_err());
    }

    #[test]
    fn nan_equals_nan_but_zero_signs_differ() {
        let t = Type::F32;
        let qnan = RtValue::Float(0x7fc0_0000);
        let other_nan = RtValue::Float(0xffc0_0001);
        assert!(same_value(&t, &qnan, &other_nan));
        assert!(!same_value(&t, &f32v(0.0), &f32v(-0.0)));
    }

    /// Row-major positions of a strided memref against the definition, element by
    /// element: a 2x3 view with a gapped, transposed-looking layout, rank 0 and an empty
    /// memref.
    #[test]
    fn row_major_positions() {
        let sizes = [2, 3];
        let strides = [1, 4];
        let mut w = RowMajor::new(5, &sizes, &strides);
        let mut seen = Vec::new();
        while let Some(p) = w.next() {
            let i = w.index().to_vec();
            assert_eq!(p, 5 + i[0] + 4 * i[1]);
            seen.push(i);
        }
        let expected: Vec<Vec<i64>> = (0..2)
            .flat_map(|a| (0..3).map(move |b| vec![a, b]))
            .collect();
        assert_eq!(seen, expected);
        assert_eq!(RowMajor::new(7, &[], &[]).collect::<Vec<_>>(), vec![7]);
        assert_eq!(RowMajor::new(0, &[2, 0], &[1, 1]).count(), 0);
    }
}
