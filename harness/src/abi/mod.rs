//! `stdlower verify-abi`: proves on the host that the memref descriptors and the
//! `_mlir_ciface_` wrappers of the lowering match what C compilers do.
//!
//! - [`layout`]: size, alignment and field offsets/sizes of our converted structs (from
//!   LLVM's target data) against C compilers and MLIR's `CRunnerUtils.h`.
//! - [`live`]: generated C calls lowered code through the C interface, and lowered code
//!   calls C, both JIT-compiled in a child process and linked natively.
//! - [`c_gen`]: the generated C, compiler discovery, temporary directories.
//! - [`expect`]: the C interface (`_mlir_ciface_` wrapper types) the spec gives a
//!   Standard signature, derived without the lowering (the `c-interface` oracle and
//!   `native`'s calls of wrappers use it too).
//! - [`report`]: the table and JSON output.

pub mod c_gen;
pub mod expect;
pub mod layout;
pub mod live;
pub mod report;

use converter::ir::Type;

/// One element type the checks cover.
#[derive(Clone, Debug, PartialEq)]
pub struct Elem {
    /// The Standard spelling, e.g. `vector<4xf32>`.
    pub name: &'static str,
    /// A C identifier fragment, e.g. `v4f32`.
    pub ident: &'static str,
    pub ty: Type,
}

/// Every element type `verify-abi` knows, in table order.
pub fn all_elems() -> Vec<Elem> {
    let e = |name, ident, ty| Elem { name, ident, ty };
    vec![
        e("i1", "i1", Type::Int(1)),
        e("i8", "i8", Type::Int(8)),
        e("i16", "i16", Type::Int(16)),
        e("i32", "i32", Type::Int(32)),
        e("i64", "i64", Type::Int(64)),
        e("i17", "i17", Type::Int(17)),
        e("f16", "f16", Type::F16),
        e("f32", "f32", Type::F32),
        e("f64", "f64", Type::F64),
        e("index", "index", Type::Index),
        e("vector<4xf32>", "v4f32", Type::vector(vec![4], Type::F32)),
    ]
}

/// The highest rank checked.
pub const MAX_RANK: usize = 8;

/// Why an ABI check could not be made (the differences it finds are its report, not
/// errors).
#[derive(Debug, thiserror::Error)]
pub enum AbiError {
    #[error("unknown element type '{name}' (known: {known})")]
    UnknownType { name: String, known: String },
    #[error("no element type given")]
    NoType,
    #[error("bad rank '{rank}' in '{list}'")]
    BadRank { rank: String, list: String },
    #[error("rank {0} is above the maximum {MAX_RANK}")]
    RankTooHigh(usize),
    #[error("empty rank range '{0}'")]
    EmptyRange(String),
    #[error("no rank given")]
    NoRank,
    #[error("C compiler '{0}' not found")]
    CompilerNotFound(String),
    #[error("no C compiler found: neither 'cc' nor 'clang-22' is on PATH (use --cc PATH)")]
    NoCompiler,
    #[error("cannot create {}: {source}", path.display())]
    CreateDir {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot run {what}: {source}")]
    Spawn {
        what: String,
        #[source]
        source: std::io::Error,
    },
    /// A program exited with a failure: its status and the first lines of its stderr.
    #[error("{what} failed ({status}): {stderr}")]
    Failed {
        what: String,
        status: std::process::ExitStatus,
        stderr: String,
    },
    #[error("{0} is not a struct")]
    NotStruct(Type),
    #[error("{ty} has {llvm} fields, the C struct {c}")]
    FieldCount { ty: Type, llvm: usize, c: usize },
    /// The host target (LLVM's) failed.
    #[error("{0}")]
    Host(String),
    /// The lowering's type converter refused a type.
    #[error("{0}")]
    Convert(String),
}

/// Parses `--types i32,f64` (names or identifiers such as `v4f32`).
pub fn parse_types(s: &str) -> Result<Vec<Elem>, AbiError> {
    let all = all_elems();
    let mut out: Vec<Elem> = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let e = all
            .iter()
            .find(|e| e.name == part || e.ident == part)
            .ok_or_else(|| {
                let names: Vec<&str> = all.iter().map(|e| e.name).collect();
                AbiError::UnknownType {
                    name: part.to_string(),
                    known: names.join(", "),
                }
            })?;
        if !out.contains(e) {
            out.push(e.clone());
        }
    }
    if out.is_empty() {
        return Err(AbiError::NoType);
    }
    Ok(out)
}

/// Parses `--ranks 0-3` or `--ranks 0,2,5` (any mix), each at most [`MAX_RANK`].
pub fn parse_ranks(s: &str) -> Result<Vec<usize>, AbiError> {
    let num = |t: &str| -> Result<usize, AbiError> {
        let n: usize = t.trim().parse().map_err(|_| AbiError::BadRank {
            rank: t.to_string(),
            list: s.to_string(),
        })?;
        if n > MAX_RANK {
            return Err(AbiError::RankTooHigh(n));
        }
        Ok(n)
    };
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (num(a)?, num(b)?),
            None => (num(part)?, num(part)?),
        };
        if lo > hi {
            return Err(AbiError::EmptyRange(part.to_string()));
        }
        for r in lo..=hi {
            if !out.contains(&r) {
                out.push(r);
            }
        }
    }
    if out.is_empty() {
        return Err(AbiError::NoRank);
    }
    out.sort_unstable();
    Ok(out)
}

/// What to check.
#[derive(Clone, Debug)]
pub struct Selection {
    pub elems: Vec<Elem>,
    pub ranks: Vec<usize>,
}

impl Default for Selection {
    fn default() -> Self {
        Selection {
            elems: all_elems(),
            ranks: (0..=MAX_RANK).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_and_rank_lists() {
        let t = parse_types("i32, v4f32,index,i32").unwrap_or_default();
        let names: Vec<&str> = t.iter().map(|e| e.name).collect();
        assert_eq!(names, ["i32", "vector<4xf32>", "index"]);
        assert!(parse_types("bf16").is_err());
        assert_eq!(parse_ranks("0-2,5").unwrap_or_default(), [0, 1, 2, 5]);
        assert!(parse_ranks("9").is_err());
        assert!(parse_ranks("3-1").is_err());
    }
}
