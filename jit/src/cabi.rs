//! The C interface a caller expects of a `_mlir_ciface_` wrapper, handed to the JIT so
//! that a call through the wrapper is shaped by that expectation and not by the
//! wrapper the converter produced: if the two differ, the call is made the way C would
//! make it anyway, and the mismatch shows as wrong results or a crash.
//!
//! The types are LLVM's, as C sees them ([`AbiType`]): integers, floats, 1-D vectors,
//! arrays, literal structs, pointers with an address space (and, for messages and for
//! comparison with typed-pointer lowerings, a pointee), function types. Who derives the
//! expectation is the caller's business (the harness derives it from the Standard
//! signature by the spec's rules, see `harness::ciface::expect`); this module only
//! describes it, prints it, and carries it through the worker protocol.

use std::fmt;

/// An LLVM type as far as the C calling convention is concerned.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AbiType {
    Void,
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    /// `<N x T>`.
    Vector(u64, Box<AbiType>),
    /// `[N x T]`.
    Array(u64, Box<AbiType>),
    /// A literal, unpacked struct.
    Struct(Vec<AbiType>),
    /// A pointer in address space `space`; `pointee` is what the typed-pointer
    /// (LLVM 11) notation shows (the call itself only needs the address space).
    Ptr {
        space: u32,
        pointee: Box<AbiType>,
    },
    /// A function type (the pointee of a function pointer, or a whole wrapper).
    Func {
        result: Box<AbiType>,
        params: Vec<AbiType>,
    },
}

impl AbiType {
    /// A pointer to `pointee` in address space `space`.
    pub fn ptr(space: u32, pointee: AbiType) -> AbiType {
        AbiType::Ptr {
            space,
            pointee: Box::new(pointee),
        }
    }
}

impl fmt::Display for AbiType {
    /// LLVM IR's typed-pointer notation: `{float*, float*, i64, [1 x i64], [1 x i64]}*`,
    /// `float addrspace(1)*`, `void (i32*)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, ts: &[AbiType]| -> fmt::Result {
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{t}")?;
            }
            Ok(())
        };
        match self {
            AbiType::Void => f.write_str("void"),
            AbiType::Int(w) => write!(f, "i{w}"),
            AbiType::Half => f.write_str("half"),
            AbiType::BFloat => f.write_str("bfloat"),
            AbiType::Float => f.write_str("float"),
            AbiType::Double => f.write_str("double"),
            AbiType::Vector(n, t) => write!(f, "<{n} x {t}>"),
            AbiType::Array(n, t) => write!(f, "[{n} x {t}]"),
            AbiType::Struct(ts) => {
                f.write_str("{")?;
                list(f, ts)?;
                f.write_str("}")
            }
            AbiType::Ptr { space: 0, pointee } => write!(f, "{pointee}*"),
            AbiType::Ptr { space, pointee } => write!(f, "{pointee} addrspace({space})*"),
            AbiType::Func { result, params } => {
                write!(f, "{result} (")?;
                list(f, params)?;
                f.write_str(")")
            }
        }
    }
}

/// How one Standard argument reaches the wrapper.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CParam {
    /// By value, as this type (scalars, vectors, function pointers).
    Value(AbiType),
    /// A memref: its descriptor (this struct) stored in memory the caller owns,
    /// passed as a pointer in address space `space`.
    Descriptor { space: u32, desc: AbiType },
}

/// The calling convention of one `_mlir_ciface_` wrapper, per Standard argument and
/// result.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CInterface {
    /// One per Standard argument, in order.
    pub params: Vec<CParam>,
    /// The results packed into one LLVM value: `Void` for none, the one result's
    /// type, or a struct of them.
    pub results: AbiType,
    /// `Some(space)`: the results are stored through a pointer (in address space
    /// `space`) passed as the first argument, and the wrapper returns void; `None`:
    /// they are returned by value.
    pub results_by_pointer: Option<u32>,
}

impl CInterface {
    /// The LLVM type of the wrapper this interface describes.
    pub fn fn_type(&self) -> AbiType {
        let mut params = Vec::with_capacity(self.params.len() + 1);
        if let Some(space) = self.results_by_pointer {
            params.push(AbiType::ptr(space, self.results.clone()));
        }
        for p in &self.params {
            params.push(match p {
                CParam::Value(t) => t.clone(),
                CParam::Descriptor { space, desc } => AbiType::ptr(*space, desc.clone()),
            });
        }
        let result = match self.results_by_pointer {
            Some(_) => AbiType::Void,
            None => self.results.clone(),
        };
        AbiType::Func {
            result: Box::new(result),
            params,
        }
    }

    /// Appends the wire encoding (see [`CInterface::decode`]).
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.params.len() as u32).to_le_bytes());
        for p in &self.params {
            match p {
                CParam::Value(t) => {
                    out.push(0);
                    encode_type(t, out);
                }
                CParam::Descriptor { space, desc } => {
                    out.push(1);
                    out.extend_from_slice(&space.to_le_bytes());
                    encode_type(desc, out);
                }
            }
        }
        encode_type(&self.results, out);
        match self.results_by_pointer {
            None => out.push(0),
            Some(space) => {
                out.push(1);
                out.extend_from_slice(&space.to_le_bytes());
            }
        }
    }

    /// Reads what [`CInterface::encode`] wrote at `*pos` of `buf`, advancing `pos`.
    /// Malformed input is an error, never a panic.
    pub fn decode(buf: &[u8], pos: &mut usize) -> Result<CInterface, DecodeError> {
        let mut r = Cursor { buf, pos: *pos };
        let n = r.u32()? as usize;
        let mut params = Vec::with_capacity(n.min(256));
        for _ in 0..n {
            params.push(match r.u8()? {
                0 => CParam::Value(r.ty(0)?),
                1 => {
                    let space = r.u32()?;
                    CParam::Descriptor {
                        space,
                        desc: r.ty(0)?,
                    }
                }
                t => return Err(DecodeError::ParamTag(t)),
            });
        }
        let results = r.ty(0)?;
        let results_by_pointer = match r.u8()? {
            0 => None,
            1 => Some(r.u32()?),
            t => return Err(DecodeError::ResultTag(t)),
        };
        *pos = r.pos;
        Ok(CInterface {
            params,
            results,
            results_by_pointer,
        })
    }
}

fn encode_type(t: &AbiType, out: &mut Vec<u8>) {
    let u32_ = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_le_bytes());
    match t {
        AbiType::Void => out.push(0),
        AbiType::Int(w) => {
            out.push(1);
            u32_(out, *w);
        }
        AbiType::Half => out.push(2),
        AbiType::BFloat => out.push(3),
        AbiType::Float => out.push(4),
        AbiType::Double => out.push(5),
        AbiType::Vector(n, e) | AbiType::Array(n, e) => {
            out.push(if matches!(t, AbiType::Vector(..)) {
                6
            } else {
                7
            });
            out.extend_from_slice(&n.to_le_bytes());
            encode_type(e, out);
        }
        AbiType::Struct(fs) => {
            out.push(8);
            u32_(out, fs.len() as u32);
            fs.iter().for_each(|f| encode_type(f, out));
        }
        AbiType::Ptr { space, pointee } => {
            out.push(9);
            u32_(out, *space);
            encode_type(pointee, out);
        }
        AbiType::Func { result, params } => {
            out.push(10);
            encode_type(result, out);
            u32_(out, params.len() as u32);
            params.iter().for_each(|p| encode_type(p, out));
        }
    }
}

/// Why bytes are not an encoded [`CInterface`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("truncated C interface")]
    Truncated,
    #[error("C interface types nested too deeply")]
    TooDeep,
    #[error("unknown C parameter tag {0}")]
    ParamTag(u8),
    #[error("unknown C result tag {0}")]
    ResultTag(u8),
    #[error("unknown C interface type tag {0}")]
    TypeTag(u8),
}

struct Cursor<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], DecodeError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.buf.len())
            .ok_or(DecodeError::Truncated)?;
        let s = &self.buf[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, DecodeError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, DecodeError> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
    fn ty(&mut self, depth: u32) -> Result<AbiType, DecodeError> {
        if depth > 64 {
            return Err(DecodeError::TooDeep);
        }
        Ok(match self.u8()? {
            0 => AbiType::Void,
            1 => AbiType::Int(self.u32()?),
            2 => AbiType::Half,
            3 => AbiType::BFloat,
            4 => AbiType::Float,
            5 => AbiType::Double,
            6 => {
                let n = self.u64()?;
                AbiType::Vector(n, Box::new(self.ty(depth + 1)?))
            }
            7 => {
                let n = self.u64()?;
                AbiType::Array(n, Box::new(self.ty(depth + 1)?))
            }
            8 => {
                let n = self.u32()? as usize;
                let mut fs = Vec::with_capacity(n.min(256));
                for _ in 0..n {
                    fs.push(self.ty(depth + 1)?);
                }
                AbiType::Struct(fs)
            }
            9 => {
                let space = self.u32()?;
                AbiType::ptr(space, self.ty(depth + 1)?)
            }
            10 => {
                let result = Box::new(self.ty(depth + 1)?);
                let n = self.u32()? as usize;
                let mut params = Vec::with_capacity(n.min(256));
                for _ in 0..n {
                    params.push(self.ty(depth + 1)?);
                }
                AbiType::Func { result, params }
            }
            t => return Err(DecodeError::TypeTag(t)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(rank: u64) -> AbiType {
        let p = AbiType::ptr(1, AbiType::Float);
        AbiType::Struct(vec![
            p.clone(),
            p,
            AbiType::Int(64),
            AbiType::Array(rank, Box::new(AbiType::Int(64))),
            AbiType::Array(rank, Box::new(AbiType::Int(64))),
        ])
    }

    #[test]
    fn interfaces_print_and_round_trip() {
        let c = CInterface {
            params: vec![
                CParam::Descriptor {
                    space: 0,
                    desc: desc(2),
                },
                CParam::Value(AbiType::Vector(4, Box::new(AbiType::Half))),
                CParam::Value(AbiType::ptr(
                    0,
                    AbiType::Func {
                        result: Box::new(AbiType::Void),
                        params: vec![AbiType::BFloat, AbiType::Double],
                    },
                )),
            ],
            results: AbiType::Struct(vec![AbiType::Int(17), desc(1)]),
            results_by_pointer: Some(0),
        };
        assert_eq!(
            c.fn_type().to_string(),
            "void ({i17, {float addrspace(1)*, float addrspace(1)*, i64, [1 x i64], [1 x i64]}}*, \
             {float addrspace(1)*, float addrspace(1)*, i64, [2 x i64], [2 x i64]}*, <4 x half>, \
             void (bfloat, double)*)"
        );
        let mut buf = vec![7u8];
        c.encode(&mut buf);
        let mut pos = 1;
        assert_eq!(CInterface::decode(&buf, &mut pos), Ok(c));
        assert_eq!(pos, buf.len());
        for cut in 1..buf.len() {
            let mut pos = 1;
            assert!(CInterface::decode(&buf[..cut], &mut pos).is_err());
        }
    }
}
