//! The bare pointer rule of the spec (LLVM 11's `mlir/docs/ConversionToLLVMDialect.md`,
//! as MLIR 22 keeps it, `docs/upstream-differences.md`): which types may stand in a
//! signature under the bare pointer calling convention. A ranked memref with static
//! sizes and a strided layout whose offset and strides are all static is one pointer;
//! any other memref is not allowed. Read from the Standard type alone; the
//! `bare-ptr-signatures` oracle (`oracles/bare_ptr_rule.rs`) probes the converter with
//! it, and the upstream driver leaves out modules MLIR 22 would refuse by it.

use converter::ir::types::Layout;
use converter::ir::Type;

/// Whether the rule lets `t` stand in a signature under the convention.
pub fn allowed(t: &Type) -> bool {
    let Type::MemRef(m) = t else {
        return !matches!(t, Type::UnrankedMemRef(..));
    };
    let static_sizes = m.shape.iter().all(Option::is_some);
    let static_layout = match &m.layout {
        Layout::Identity => true,
        Layout::Strided(s) => s.offset.is_some() && s.strides.iter().all(Option::is_some),
        Layout::Affine { strided, .. } => strided
            .as_ref()
            .is_some_and(|s| s.offset.is_some() && s.strides.iter().all(Option::is_some)),
    };
    static_sizes && static_layout
}
