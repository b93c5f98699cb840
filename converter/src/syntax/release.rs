//! The upstream MLIR releases the exporter writes for, and how each spells what the
//! Standard dialect of LLVM 11 says. The syntax moved in steps, each checked against
//! the release's own `mlir-opt` (Debian's `mlir-N-tools`):
//!
//! - 13: still the Standard dialect (`func`, `constant`, `addi`, `cmpi slt`, `select`,
//!   `splat`, `rank`, `absf`, `ceilf`, `copysign`, `br`, `cond_br`, `call`, `return`),
//!   with the memref ops in `memref.*` and the float functions in `math.*`; layouts are
//!   affine maps; `-convert-std-to-llvm` lowers it.
//! - 14: `arith.*` (`arith.constant`, `arith.addi`, `arith.negf`...), `math.abs`,
//!   `math.ceil`, `math.copysign`, `memref.rank`; `select`, `splat`, `br`, `cond_br`,
//!   `call`, `return` and `func` stay Standard (no `cf` dialect yet).
//! - 15: the Standard dialect is gone: `func.func`, `func.call`, `func.return`,
//!   `func.constant`, `cf.br`, `cf.cond_br`, `arith.select`, `vector.broadcast`.
//! - 16: `math.absf`, `strided<[...], offset: ...>` layouts.
//! - 22 (and the releases after 16 this table does not tell apart): a dynamic position
//!   in `vector.extract` (`: f32 from vector<...>`); opaque pointers in the LLVM
//!   dialect (from 17), which changes what `mlir-opt` prints, not what it reads.

use crate::ir::OpKind;
use std::fmt;

/// An upstream MLIR release, by its major version. Releases before 13 are not
/// supported (their `mlir-opt` reads LLVM 11's syntax: no `memref` dialect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release(u32);

impl Release {
    /// The oldest release the exporter writes for.
    pub const OLDEST: Release = Release(13);
    /// MLIR 13, the last with `-convert-std-to-llvm` over std-era input.
    pub const MLIR13: Release = Release(13);
    /// Today's MLIR, the default peer.
    pub const MLIR22: Release = Release(22);

    /// The release of major version `major`, or why it is not supported.
    pub fn new(major: u32) -> Result<Release, String> {
        if major < Self::OLDEST.0 {
            return Err(format!(
                "MLIR {major} is not supported: the oldest release stdlower exports for is {}",
                Self::OLDEST.0
            ));
        }
        Ok(Release(major))
    }

    /// The major version.
    pub fn major(self) -> u32 {
        self.0
    }

    /// Whether the ops are still the Standard dialect's (13): `constant`, `addi`.
    pub fn std_arith(self) -> bool {
        self.0 <= 13
    }

    /// Whether `func`, `call`, `return`, `constant @f`, `br` and `cond_br` are still
    /// Standard (builtin) ops (13, 14).
    pub fn std_func(self) -> bool {
        self.0 <= 14
    }

    /// Whether layouts may be written `strided<...>` (16 and later); before, only as
    /// affine maps.
    pub fn strided_layouts(self) -> bool {
        self.0 >= 16
    }

    /// Whether `vector.extract` takes dynamic positions and writes `: T from V` (after
    /// 16); before, a dynamic position goes through `vector.extractelement` of a 1-D
    /// vector.
    pub fn dynamic_vector_extract(self) -> bool {
        self.0 > 16
    }

    /// Whether the release's LLVM dialect has typed pointers (`!llvm.ptr<f32>`; 13 to
    /// 16) rather than opaque ones (`!llvm.ptr`).
    pub fn typed_pointers(self) -> bool {
        self.0 <= 16
    }

    /// The keyword of a function definition: `func` or `func.func`.
    pub fn func_keyword(self) -> &'static str {
        if self.std_func() {
            "func"
        } else {
            "func.func"
        }
    }

    /// The op that writes an integer, float or dense constant.
    pub fn constant(self) -> &'static str {
        if self.std_arith() {
            "constant"
        } else {
            "arith.constant"
        }
    }

    /// The op that writes a function reference constant.
    pub fn func_constant(self) -> &'static str {
        if self.std_func() {
            "constant"
        } else {
            "func.constant"
        }
    }

    /// The op that writes `select`.
    pub fn select(self) -> &'static str {
        self.op_name(OpKind::Select).unwrap_or("arith.select")
    }

    /// The op that writes `cmpi`.
    pub fn cmpi(self) -> &'static str {
        self.op_name(OpKind::CmpI).unwrap_or("arith.cmpi")
    }

    /// The release's name of a Standard op (`None` for `constant`, whose op depends on
    /// its value, and for LLVM ops).
    pub fn op_name(self, k: OpKind) -> Option<&'static str> {
        use OpKind as K;
        let today = k.upstream_name()?;
        let std = k.short_name();
        Some(match k {
            // The float functions were in `math` by 13.
            K::Sqrt
            | K::Rsqrt
            | K::Exp
            | K::Exp2
            | K::Log
            | K::Log2
            | K::Log10
            | K::Sin
            | K::Cos => today,
            K::Alloc | K::Alloca | K::Dealloc | K::Load | K::Store | K::Dim | K::MemRefCast => {
                today
            }
            K::AbsF if self.0 <= 13 => std,
            K::AbsF if self.0 <= 15 => "math.abs",
            K::Rank if self.0 <= 13 => std,
            K::Select | K::Splat if self.0 <= 14 => std,
            K::Br | K::CondBr | K::Call | K::CallIndirect | K::Return if self.std_func() => std,
            _ if self.std_arith() => std,
            _ => today,
        })
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MLIR {}", self.0)
    }
}

impl Default for Release {
    fn default() -> Release {
        Release::MLIR22
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_release_names_the_ops_as_its_mlir_opt_reads_them() {
        let r13 = Release::MLIR13;
        assert_eq!(r13.op_name(OpKind::AddI), Some("addi"));
        assert_eq!(r13.op_name(OpKind::DivISigned), Some("divi_signed"));
        assert_eq!(r13.op_name(OpKind::Sqrt), Some("math.sqrt"));
        assert_eq!(r13.op_name(OpKind::AbsF), Some("absf"));
        assert_eq!(r13.op_name(OpKind::Load), Some("memref.load"));
        assert_eq!(r13.op_name(OpKind::Rank), Some("rank"));
        assert_eq!(r13.op_name(OpKind::CondBr), Some("cond_br"));
        assert_eq!(r13.constant(), "constant");
        let r14 = Release::new(14).unwrap();
        assert_eq!(r14.op_name(OpKind::AddI), Some("arith.addi"));
        assert_eq!(r14.op_name(OpKind::AbsF), Some("math.abs"));
        assert_eq!(r14.op_name(OpKind::CeilF), Some("math.ceil"));
        assert_eq!(r14.op_name(OpKind::Rank), Some("memref.rank"));
        assert_eq!(r14.op_name(OpKind::Select), Some("select"));
        assert_eq!(r14.op_name(OpKind::Br), Some("br"));
        assert_eq!(r14.func_keyword(), "func");
        let r15 = Release::new(15).unwrap();
        assert_eq!(r15.op_name(OpKind::Select), Some("arith.select"));
        assert_eq!(r15.op_name(OpKind::Splat), Some("vector.broadcast"));
        assert_eq!(r15.op_name(OpKind::Call), Some("func.call"));
        assert_eq!(r15.op_name(OpKind::AbsF), Some("math.abs"));
        assert_eq!(r15.func_keyword(), "func.func");
        let r16 = Release::new(16).unwrap();
        assert_eq!(r16.op_name(OpKind::AbsF), Some("math.absf"));
        assert!(r16.strided_layouts() && !r15.strided_layouts());
        // Today's release is the name table of `upstream.rs`, unchanged.
        for k in OpKind::std_ops() {
            assert_eq!(Release::MLIR22.op_name(k), k.upstream_name(), "{k}");
        }
        assert!(Release::new(12).is_err());
    }
}
