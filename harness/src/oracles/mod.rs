//! The oracles: one file each, and [`REGISTRY`], the only list of them (and of the
//! checks and counts that stand beside them). `--oracle`, `report.json`'s counts, the
//! reducer, the campaign's default sampling, `stdlower oracles` and `docs/oracles.md`
//! all read it. How a case goes through them is [`case`]; the trait an oracle
//! implements, the case it is handed and the fold of their answers is [`check`].
//! Adding one: `docs/adding-an-oracle.md`.

pub mod arg_attrs;
pub mod bare_ptr_rule;
pub mod c_interface;
pub mod case;
pub mod check;
mod context;
pub mod every;
pub mod heap_blocks;
pub mod heap_sizes;
pub mod interp_vs_jit;
pub mod llvm_level;
pub mod llvm_verify;
pub mod lower_paths;
pub mod mlir_translate;
mod name;
pub mod registry;
pub mod successor_split;
pub mod tv;
pub mod unregistered_ops;
pub mod upstream;
pub mod upstream_structure;

pub use case::*;
// What the oracles answer in, defined below them (`crate::verdict`) for the layers they use.
pub use crate::verdict::{joined, Oracle, SkipKind, Verdict};
use registry::{Cost, Kind, Row, Sampling};

/// Every oracle, check and count; the oracles in their order of precedence, which is
/// the order they run in on a case ([`check::judge`]).
pub static REGISTRY: &[Row] = &[
    Row {
        name: Oracle::LlvmVerify,
        kind: Kind::Structural,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "the lowering succeeds and our LLVM-dialect verifier accepts its output",
        check: Some(&llvm_verify::LlvmVerify),
    },
    Row {
        name: Oracle::LowerPaths,
        kind: Kind::Structural,
        sampling: Sampling::Every(8),
        cost: Cost::InProcess,
        what: "`stdlower lower`'s one-function-at-a-time paths print what the whole-module lowering prints",
        check: Some(&lower_paths::LowerPaths),
    },
    Row {
        name: Oracle::BarePtrSignatures,
        kind: Kind::Structural,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "under the bare pointer convention, only the memref types the spec allows reach a signature",
        check: Some(&bare_ptr_rule::BarePtrRule),
    },
    Row {
        name: Oracle::UnregisteredOps,
        kind: Kind::Structural,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "unregistered ops are kept with converted types, the same attributes and the right operands",
        check: Some(&unregistered_ops::UnregisteredOps),
    },
    Row {
        name: Oracle::ArgAttrs,
        kind: Kind::Structural,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "argument, call and kept-op attributes survive the lowering where the spec says",
        check: Some(&arg_attrs::ArgAttrs),
    },
    Row {
        name: Oracle::MlirTranslate,
        kind: Kind::Structural,
        sampling: Sampling::Every(25),
        cost: Cost::Processes,
        what: "MLIR 22's `mlir-translate` accepts the lowered module (in batches)",
        check: Some(&mlir_translate::MlirTranslate),
    },
    Row {
        name: Oracle::SuccessorSplit,
        kind: Kind::Differential,
        sampling: Sampling::Always,
        cost: Cost::Runs,
        what: "no lowered terminator repeats a successor, and the split Standard module interprets the same",
        check: Some(&successor_split::SuccessorSplit),
    },
    Row {
        name: Oracle::InterpVsJit,
        kind: Kind::Differential,
        sampling: Sampling::Always,
        cost: Cost::Runs,
        what: "the Standard interpreter and the JIT of our lowering return the same values, memrefs included, bit-exact",
        check: Some(&interp_vs_jit::InterpVsJit),
    },
    Row {
        name: Oracle::Upstream,
        kind: Kind::Differential,
        sampling: Sampling::Asked(10),
        cost: Cost::Processes,
        what: "MLIR 22's lowering of the same module, run natively, agrees with the interpreter and the JIT",
        check: Some(&upstream::Upstream),
    },
    Row {
        name: heap_blocks::ORACLE,
        kind: Kind::Differential,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "the lowered code leaves as many heap blocks allocated as the Standard program (JIT worker vs interpreter)",
        check: Some(&heap_blocks::HeapBlocks),
    },
    Row {
        name: tv::ORACLE,
        kind: Kind::Structural,
        sampling: Sampling::Asked(1),
        cost: Cost::Processes,
        what: "the translation validator proves each lowered function refines its source for all arguments (z3); refutations replayed",
        check: Some(&tv::Tv),
    },
    Row {
        name: Oracle::CInterface,
        kind: Kind::Differential,
        sampling: Sampling::Always,
        cost: Cost::Runs,
        what: "the `_mlir_ciface_` wrappers, called as C calls them (from a C program every 1000th module), agree with the interpreter",
        check: Some(&c_interface::CInterface),
    },
    Row {
        name: Oracle::UpstreamStructure,
        kind: Kind::Structural,
        sampling: Sampling::Every(100),
        cost: Cost::Processes,
        what: "our lowering's signatures, attributes, calls and declarations match MLIR 22's `mlir-opt` lowering",
        check: Some(&upstream_structure::UpstreamStructure),
    },
    Row {
        name: Oracle::LlvmLevel,
        kind: Kind::Differential,
        sampling: Sampling::Always,
        cost: Cost::Runs,
        what: "the lowered module interpreted with LLVM's semantics returns the Standard values, free of UB and poison",
        check: Some(&llvm_level::LlvmLevel),
    },
    Row {
        name: Oracle::HeapSizes,
        kind: Kind::Differential,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "the LLVM level's malloc/aligned_alloc calls ask for what the Standard allocations need",
        check: Some(&heap_sizes::HeapSizes),
    },
    Row {
        name: Oracle::UpstreamUnsupported,
        kind: Kind::NotComparable(Oracle::Upstream),
        sampling: Sampling::Asked(10),
        cost: Cost::InProcess,
        what: "upstream was asked for, but the exporter or MLIR 22 cannot take the module",
        check: None,
    },
    Row {
        name: Oracle::UpstreamStructureUnsupported,
        kind: Kind::NotComparable(Oracle::UpstreamStructure),
        sampling: Sampling::Every(100),
        cost: Cost::InProcess,
        what: "upstream-structure was asked for, but could not compare the case",
        check: None,
    },
    Row {
        name: Oracle::LlvmLevelSkipped,
        kind: Kind::NotComparable(Oracle::LlvmLevel),
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "llvm-level was asked for, but the LLVM level could not run the case (a construct, fuel, call depth)",
        check: None,
    },
    Row {
        name: Oracle::Generator,
        kind: Kind::Check,
        sampling: Sampling::Always,
        cost: Cost::Runs,
        what: "the generated module verifies and is free of undefined behaviour",
        check: None,
    },
    Row {
        name: Oracle::Panic,
        kind: Kind::Check,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "nothing panicked",
        check: None,
    },
    Row {
        name: Oracle::Hang,
        kind: Kind::Check,
        sampling: Sampling::Always,
        cost: Cost::InProcess,
        what: "a case's in-process work ends within the campaign's hang limit",
        check: None,
    },
];
