//! The name of an oracle, or of a check or a count that stands beside the oracles
//! (`generator`, `panic`, `hang`, `upstream-unsupported`, ...): the string the journal,
//! `report.json`, finding file names and `--oracle` use. Which names exist is the
//! registry's business (`crate::oracles::REGISTRY`); this type only carries one, and
//! the registry reads one back (`Oracle::from_name` and `Deserialize`, in
//! `oracles/name.rs`), so that the layers below the oracles can name one without
//! importing them.

use serde::{Serialize, Serializer};
use std::fmt;

/// A registered name. Made by its oracle's file (`pub const ORACLE: Oracle =
/// Oracle::named("...")`) or read back with `Oracle::from_name`, which knows only the
/// registry's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Oracle(&'static str);

// The names the harness uses by their Rust spelling; each is a row of the registry.
#[allow(non_upper_case_globals)]
impl Oracle {
    pub const InterpVsJit: Oracle = Oracle("interp-vs-jit");
    pub const LlvmVerify: Oracle = Oracle("llvm-verify");
    pub const MlirTranslate: Oracle = Oracle("mlir-translate");
    pub const SuccessorSplit: Oracle = Oracle("successor-split");
    pub const CInterface: Oracle = Oracle("c-interface");
    pub const Upstream: Oracle = Oracle("upstream");
    pub const LowerPaths: Oracle = Oracle("lower-paths");
    pub const UpstreamStructure: Oracle = Oracle("upstream-structure");
    pub const ArgAttrs: Oracle = Oracle("arg-attrs");
    pub const Generator: Oracle = Oracle("generator");
    pub const Panic: Oracle = Oracle("panic");
    pub const UpstreamUnsupported: Oracle = Oracle("upstream-unsupported");
    pub const UpstreamStructureUnsupported: Oracle = Oracle("upstream-structure-unsupported");
    pub const LlvmLevel: Oracle = Oracle("llvm-level");
    pub const LlvmLevelSkipped: Oracle = Oracle("llvm-level-skipped");
    pub const BarePtrSignatures: Oracle = Oracle("bare-ptr-signatures");
    pub const UnregisteredOps: Oracle = Oracle("unregistered-ops");
    pub const HeapSizes: Oracle = Oracle("heap-sizes");
    pub const Hang: Oracle = Oracle("hang");
}

impl Oracle {
    /// The name `name`, for an oracle's own file to declare (its registry row makes it
    /// known to `Oracle::from_name`).
    pub const fn named(name: &'static str) -> Oracle {
        Oracle(name)
    }

    /// The name, as serialised.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Oracle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Oracle {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl PartialEq<str> for Oracle {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Oracle {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Oracle> for &str {
    fn eq(&self, other: &Oracle) -> bool {
        *self == other.0
    }
}

impl PartialEq<Oracle> for String {
    fn eq(&self, other: &Oracle) -> bool {
        self == other.0
    }
}
