//! Attributes: the compile-time constants attached to operations and functions
//! (constant values, predicates, callee names, `llvm.emit_c_interface`, ...).

use super::types::Type;
use std::borrow::Cow;

#[derive(Clone, PartialEq, Debug)]
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
pub enum DenseValues {
    Splat(Box<Attribute>),
    Elements(Vec<Attribute>),
}

#[derive(Clone, PartialEq, Debug)]
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
