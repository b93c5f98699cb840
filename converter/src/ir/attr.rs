//! Attributes: the compile-time constants attached to operations and functions
//! (constant values, predicates, callee names, `llvm.emit_c_interface`, ...).

use super::types::Type;
use std::borrow::Cow;

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub enum Attribute {
    /// A unit attribute (`{llvm.emit_c_interface}`).
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// An integer of type `ty` (an integer type or index). `value` is sign-extended from
    /// the type's width, so equal bit patterns compare equal.
    Int {
        value: i128,
        ty: Type,
    },
    /// A float of type `ty`, stored as the bits of that type's own format
    /// (f16: low 16 bits, f32: low 32 bits, f64: all 64) so that no rounding or
    /// NaN payload is lost.
    Float {
        bits: u64,
        ty: Type,
    },
    Str(String),
    Type(Type),
    /// `@name`.
    SymbolRef(String),
    Array(Vec<Attribute>),
    Dict(Vec<NamedAttr>),
    /// `affine_map<...>` outside a memref type (in an attribute dictionary), kept as
    /// the map's canonical text without the wrapper, e.g. `(d0) -> (d0 + 1)`.
    AffineMap(String),
    /// `dense<...> : vector<...>`: a splat or every element in row-major order.
    /// Elements are `Int`/`Float`/`Bool` attributes of the element type.
    Dense {
        ty: Type,
        values: DenseValues,
    },
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub enum DenseValues {
    Splat(Box<Attribute>),
    Elements(Vec<Attribute>),
}

#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct NamedAttr {
    /// Borrowed for the names the lowering writes (`position`, `predicate`, ...):
    /// lowered modules have about one attribute per op, and an allocation each for
    /// the name was a measurable part of `stdlower lower`.
    pub name: Cow<'static, str>,
    pub value: Attribute,
}

impl NamedAttr {
    pub fn new(name: impl Into<Cow<'static, str>>, value: Attribute) -> Self {
        NamedAttr {
            name: name.into(),
            value,
        }
    }
}

/// Sign-extends the low `width` bits of `v` (1 <= width <= 128).
pub fn sign_extend(v: i128, width: u32) -> i128 {
    if width >= 128 {
        return v;
    }
    let shift = 128 - width;
    (v << shift) >> shift
}

impl Attribute {
    /// An integer attribute of `ty`, with `value` wrapped to the type's width
    /// (index is 64 bits wide here; the converter narrows it for 32-bit targets).
    pub fn int(value: i128, ty: Type) -> Attribute {
        let width = match &ty {
            Type::Int(w) => *w,
            _ => 64,
        };
        Attribute::Int {
            value: sign_extend(value, width),
            ty,
        }
    }
    pub fn index(value: i64) -> Attribute {
        Attribute::Int {
            value: value as i128,
            ty: Type::Index,
        }
    }
    /// A float attribute from an f64 value, rounded (to nearest even) to `ty`.
    pub fn float(value: f64, ty: Type) -> Attribute {
        let bits = match ty {
            Type::F16 => crate::float_round::f64_to_f16_bits(value) as u64,
            Type::BF16 => crate::float_round::f64_to_bf16_bits(value) as u64,
            Type::F32 => (value as f32).to_bits() as u64,
            _ => value.to_bits(),
        };
        Attribute::Float { bits, ty }
    }
    /// The value of a float attribute, widened exactly to f64.
    pub fn float_value(&self) -> Option<f64> {
        match self {
            Attribute::Float { bits, ty } => Some(float_bits_to_f64(*bits, ty)),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attribute::Int { value, .. } => Some(*value),
            Attribute::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attribute::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_symbol(&self) -> Option<&str> {
        match self {
            Attribute::SymbolRef(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_type(&self) -> Option<&Type> {
        match self {
            Attribute::Type(t) => Some(t),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&[Attribute]> {
        match self {
            Attribute::Array(a) => Some(a),
            _ => None,
        }
    }
}

/// Widens the bits of a float of type `ty` to an f64 (exact for every supported type).
pub fn float_bits_to_f64(bits: u64, ty: &Type) -> f64 {
    match ty {
        Type::F16 => half::f16::from_bits(bits as u16).to_f64(),
        Type::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        Type::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

/// The bits one element of type `elem` takes in the raw buffer of a dense elements
/// attribute, as MLIR stores it (and reads its `dense<"0x...">` hex form): i1 one
/// bit (packed, eight to a byte), other integers their width rounded up to whole
/// bytes, index 64, floats their width. `None` for a type with no dense storage here.
pub fn dense_storage_bits(elem: &Type) -> Option<u32> {
    match elem {
        Type::Int(1) => Some(1),
        Type::Int(w) => Some(w.div_ceil(8) * 8),
        Type::Index => Some(64),
        Type::F16 | Type::BF16 => Some(16),
        Type::F32 => Some(32),
        Type::F64 => Some(64),
        _ => None,
    }
}

/// Reads the raw buffer of a dense elements attribute of `count` elements of type
/// `elem` (the bytes of a `dense<"0x...">` literal) as MLIR does on a little-endian
/// host: elements in row-major order, each in [`dense_storage_bits`] bits,
/// least significant byte first, the bits above an integer's width ignored; i1
/// elements packed least significant bit first. A buffer of exactly one element is a
/// splat, and so is one byte `0x00` or `0xFF` for i1. `None` when the buffer's size
/// fits neither (MLIR: "elements hex data size is invalid for provided type").
pub fn dense_from_raw(raw: &[u8], elem: &Type, count: u64) -> Option<DenseValues> {
    let bits = dense_storage_bits(elem)? as u64;
    let raw_bits = (raw.len() as u64).checked_mul(8)?;
    if bits == 1 {
        let splat = count == 1 || (raw.len() == 1 && (raw[0] == 0 || raw[0] == 0xFF));
        if splat {
            let b = raw.first()? & 1 != 0;
            return Some(DenseValues::Splat(Box::new(Attribute::Bool(b))));
        }
        if Some(raw_bits) != count.div_ceil(8).checked_mul(8) {
            return None;
        }
        let elems = (0..count as usize)
            .map(|i| Attribute::Bool(raw[i / 8] >> (i % 8) & 1 != 0))
            .collect();
        return Some(DenseValues::Elements(elems));
    }
    let bytes = (bits / 8) as usize;
    let read = |chunk: &[u8]| -> Attribute {
        let mut v: u128 = 0;
        for (i, &b) in chunk.iter().enumerate() {
            v |= (b as u128) << (8 * i);
        }
        match elem {
            Type::Int(w) => Attribute::int(v as i128, Type::Int(*w)),
            Type::Index => Attribute::index(v as u64 as i64),
            _ => Attribute::Float {
                bits: v as u64,
                ty: elem.clone(),
            },
        }
    };
    if raw_bits == bits {
        return Some(DenseValues::Splat(Box::new(read(raw))));
    }
    if raw_bits != bits.checked_mul(count)? {
        return None;
    }
    Some(DenseValues::Elements(raw.chunks(bytes).map(read).collect()))
}

/// The hex form's bytes of these elements, when the hex form reads back to them
/// (an element list that is one element, or i1 packed into one byte `0x00` or `0xFF`,
/// would read back as a splat): what a printer writes as `dense<"0x...">`.
pub fn dense_hex_of_list(xs: &[Attribute], elem: &Type) -> Option<Vec<u8>> {
    let values = DenseValues::Elements(xs.to_vec());
    let raw = dense_to_raw(&values, elem)?;
    match dense_from_raw(&raw, elem, xs.len() as u64)? {
        DenseValues::Elements(_) => Some(raw),
        DenseValues::Splat(_) => None,
    }
}

/// The raw buffer MLIR keeps for these dense elements (the bytes of the hex form
/// [`dense_from_raw`] reads): a splat as one element (one byte `0x00`/`0xFF` for
/// i1). `None` for an element that is not of `elem`'s kind.
pub fn dense_to_raw(values: &DenseValues, elem: &Type) -> Option<Vec<u8>> {
    let bits = dense_storage_bits(elem)?;
    let int_bits = |a: &Attribute| -> Option<u128> {
        match a {
            Attribute::Int { value, .. } => Some(*value as u128),
            Attribute::Bool(b) => Some(*b as u128),
            Attribute::Float { bits, .. } => Some(*bits as u128),
            _ => None,
        }
    };
    if bits == 1 {
        return match values {
            DenseValues::Splat(a) => Some(vec![if int_bits(a)? & 1 != 0 { 0xFF } else { 0 }]),
            DenseValues::Elements(xs) => {
                let mut out = vec![0u8; xs.len().div_ceil(8)];
                for (i, x) in xs.iter().enumerate() {
                    out[i / 8] |= ((int_bits(x)? & 1) as u8) << (i % 8);
                }
                Some(out)
            }
        };
    }
    let bytes = (bits / 8) as usize;
    // The bits above an integer's width are zero in MLIR's buffer.
    let mask = match elem {
        Type::Int(w) if *w < 128 => (1u128 << w) - 1,
        _ => u128::MAX,
    };
    let mut out = Vec::new();
    let mut put = |a: &Attribute| -> Option<()> {
        let v = int_bits(a)? & mask;
        out.extend((0..bytes).map(|i| (v >> (8 * i)) as u8));
        Some(())
    };
    match values {
        DenseValues::Splat(a) => put(a)?,
        DenseValues::Elements(xs) => {
            for x in xs {
                put(x)?;
            }
        }
    }
    Some(out)
}

/// Looks up an attribute by name in an attribute list.
pub fn find_attr<'a>(attrs: &'a [NamedAttr], name: &str) -> Option<&'a Attribute> {
    attrs.iter().find(|a| a.name == name).map(|a| &a.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_attrs_wrap_to_their_width() {
        assert_eq!(Attribute::int(255, Type::Int(8)).as_int(), Some(-1));
        assert_eq!(Attribute::int(65536, Type::Int(17)).as_int(), Some(-65536));
        assert_eq!(Attribute::int(1, Type::Int(1)).as_int(), Some(-1));
    }

    fn ints(v: &DenseValues) -> Vec<i128> {
        match v {
            DenseValues::Splat(x) => vec![x.as_int().unwrap()],
            DenseValues::Elements(xs) => xs.iter().map(|x| x.as_int().unwrap()).collect(),
        }
    }

    /// What mlir-opt 22 prints for these hex literals (run by hand, and in
    /// `converter/tests/dense_hex.rs` on random ones).
    #[test]
    fn raw_buffers_read_as_mlir_reads_them() {
        let i17 = Type::Int(17);
        let v = dense_from_raw(&[0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0x00], &i17, 2).unwrap();
        assert_eq!(
            v,
            DenseValues::Elements(vec![
                Attribute::int(-1, i17.clone()),
                Attribute::int(65535, i17.clone())
            ])
        );
        let s = dense_from_raw(&[0xFF, 0xFF, 0x01], &i17, 2).unwrap();
        assert!(matches!(&s, DenseValues::Splat(_)) && ints(&s) == [-1]);
        let b = dense_from_raw(&[0x05], &Type::i1(), 4).unwrap();
        assert!(matches!(&b, DenseValues::Elements(_)) && ints(&b) == [1, 0, 1, 0]);
        assert!(matches!(
            dense_from_raw(&[0xFF], &Type::i1(), 4),
            Some(DenseValues::Splat(_))
        ));
        assert!(dense_from_raw(&[0x01, 0x00], &Type::i1(), 4).is_none());
        let b16 = dense_from_raw(&[0x01, 0x00], &Type::i1(), 16).unwrap();
        assert_eq!(ints(&b16).iter().sum::<i128>(), 1);
        let h = dense_from_raw(&[0x00, 0x3C], &Type::F16, 2).unwrap();
        assert_eq!(
            h,
            DenseValues::Splat(Box::new(Attribute::Float {
                bits: 0x3C00,
                ty: Type::F16
            }))
        );
        let ix = dense_from_raw(&[0xFF; 8], &Type::Index, 1).unwrap();
        assert_eq!(ints(&ix), [-1]);
        assert!(dense_from_raw(&[], &Type::F32, 1).is_none());
        assert!(dense_from_raw(&[0; 5], &Type::F32, 2).is_none());
    }

    #[test]
    fn raw_buffers_write_back() {
        for (elem, n, raw) in [
            (Type::Int(17), 2, vec![0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0x00]),
            (Type::i1(), 11, vec![0x35, 0x04]),
            (Type::F16, 2, vec![0x00, 0x3C, 0x00, 0xC0]),
            (Type::Int(128), 1, (0..16).collect()),
        ] {
            let v = dense_from_raw(&raw, &elem, n).unwrap();
            assert_eq!(dense_to_raw(&v, &elem).unwrap(), raw);
        }
        // Lists that would read back as splats have no hex form.
        let (t, f) = (Attribute::Bool(true), Attribute::Bool(false));
        assert!(dense_hex_of_list(&[f.clone(), f.clone()], &Type::i1()).is_none());
        assert!(dense_hex_of_list(&vec![t.clone(); 8], &Type::i1()).is_none());
        assert_eq!(
            dense_hex_of_list(&[t.clone(), t], &Type::i1()),
            Some(vec![3])
        );
        assert!(dense_hex_of_list(&[Attribute::int(1, Type::i8())], &Type::i8()).is_none());
        let two = [Attribute::int(1, Type::i8()), Attribute::int(1, Type::i8())];
        assert_eq!(dense_hex_of_list(&two, &Type::i8()), Some(vec![1, 1]));
    }

    #[test]
    fn float_attrs_round_to_their_type() {
        let a = Attribute::float(0.1, Type::F16);
        assert_eq!(
            a.float_value(),
            Some(half::f16::from_bits(crate::float_round::f64_to_f16_bits(0.1)).to_f64())
        );
        let b = Attribute::float(16777217.0, Type::F32);
        assert_eq!(b.float_value(), Some(16777216.0));
    }
}
