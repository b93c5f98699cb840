//! Bugs of older upstream releases that a later release fixed (`fixed-upstream`) or
//! that MLIR 22 still has (`known-upstream`), each documented in `docs/findings/`: a
//! tool failure of the upstream path whose message carries a bug's signature, from a
//! release the bug is in, is that bug rather than a finding against our converter.

use converter::syntax::Release;

/// One documented upstream bug.
#[derive(Debug)]
pub struct KnownBug {
    /// Text LLVM prints to stderr when it hits the bug.
    pub signature: &'static str,
    /// The file documenting it, relative to the repository root.
    pub doc: &'static str,
    /// The documentation's text (it must quote the signature).
    pub doc_text: &'static str,
}

/// What a campaign counts a finding as when MLIR 22 computes the interpreter's values
/// (the `doc` the report counts it under: no document, the re-run is the evidence).
pub static FIXED_BY_MLIR22: KnownBug = KnownBug {
    signature: "",
    doc: "fixed-upstream: MLIR 22 computes the interpreter's values",
    doc_text: "",
};

/// One documented bug of upstream releases: its signature (text `mlir-opt` prints when
/// it hits the bug) and document, as campaigns count them (`known_upstream_by_doc`).
#[derive(Debug)]
pub struct ReleaseBug {
    pub bug: KnownBug,
    /// The releases that have it: from `first` to before `fixed_in` (`None`: MLIR 22
    /// still has it).
    pub first: u32,
    pub fixed_in: Option<u32>,
}

impl ReleaseBug {
    /// `fixed-upstream` or `known-upstream`.
    pub fn status(&self) -> &'static str {
        match self.fixed_in {
            Some(_) => "fixed-upstream",
            None => "known-upstream",
        }
    }

    /// Whether release `r` has the bug.
    pub fn in_release(&self, r: Release) -> bool {
        r.major() >= self.first && self.fixed_in.is_none_or(|f| r.major() < f)
    }
}

/// The documented bugs of older releases.
pub const KNOWN: &[ReleaseBug] = &[
    ReleaseBug {
    bug: KnownBug {
        signature: "'llvm.func' op expects result attribute array `res_attrs` to have the same number of elements as the number of function results",
        doc: "docs/findings/mlir13-multi-result-res-attrs.md",
        doc_text: include_str!("../../../docs/findings/mlir13-multi-result-res-attrs.md"),
    },
    first: 13,
    fixed_in: Some(15),
},
    ReleaseBug {
        bug: KnownBug {
            signature: "Invalid bitcast",
            doc: "docs/findings/mlir13-alloc-memspace-bitcast.md",
            doc_text: include_str!("../../../docs/findings/mlir13-alloc-memspace-bitcast.md"),
        },
        first: 13,
        fixed_in: Some(19),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "'llvm.func' op expects argument attribute array `arg_attrs` to have the same number of elements as the number of function arguments",
            doc: "docs/findings/mlir13-ciface-arg-attrs-shift.md",
            doc_text: include_str!("../../../docs/findings/mlir13-ciface-arg-attrs-shift.md"),
        },
        first: 13,
        fixed_in: Some(15),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "'llvm.extractvalue' op Type mismatch: extracting from",
            doc: "docs/findings/mlir13-bare-ptr-multi-result.md",
            doc_text: include_str!("../../../docs/findings/mlir13-bare-ptr-multi-result.md"),
        },
        first: 13,
        fixed_in: Some(16),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "attribute attached to LLVM non-pointer argument",
            doc: "docs/findings/mlir13-memref-arg-noalias-every-field.md",
            doc_text: include_str!("../../../docs/findings/mlir13-memref-arg-noalias-every-field.md"),
        },
        first: 13,
        fixed_in: Some(16),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "error: expected integer number of results",
            doc: "docs/findings/mlir13-terminator-attrs-unparsable.md",
            doc_text: include_str!("../../../docs/findings/mlir13-terminator-attrs-unparsable.md"),
        },
        first: 13,
        fixed_in: Some(15),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "Invalid InsertValueInst operands!",
            doc: "docs/findings/mlir13-alloca-memspace-descriptor.md",
            doc_text: include_str!("../../../docs/findings/mlir13-alloca-memspace-descriptor.md"),
        },
        first: 13,
        fixed_in: Some(15),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "op operand #0 must be integer or LLVM dialect-compatible vector of integer, but got '!llvm.array<",
            doc: "docs/findings/mlir13-nd-vector-shift.md",
            doc_text: include_str!("../../../docs/findings/mlir13-nd-vector-shift.md"),
        },
        first: 13,
        fixed_in: Some(14),
    },
    ReleaseBug {
        bug: KnownBug {
            signature: "'std.constant' op requires attribute's type ('i1') to match op's return type ('vector<",
            doc: "docs/findings/mlir13-cmpi-same-operands-vector-fold.md",
            doc_text: include_str!("../../../docs/findings/mlir13-cmpi-same-operands-vector-fold.md"),
        },
        first: 13,
        fixed_in: Some(14),
    },
];

/// The documented bug of release `r` that a tool failure's message `msg` shows, if any.
pub fn classify(r: Release, msg: &str) -> Option<&'static ReleaseBug> {
    KNOWN
        .iter()
        .find(|b| b.in_release(r) && msg.contains(b.bug.signature))
}

/// The release that fixed the bug a campaign counted under `doc` (its `known` document):
/// a documented bug's `fixed_in`, 22 for one MLIR 22's re-run showed fixed
/// ([`super::recheck`]); `None` for a bug MLIR 22 still has and for LLVM's own.
pub fn fixed_in(doc: &str) -> Option<u32> {
    if doc == FIXED_BY_MLIR22.doc {
        return Some(Release::MLIR22.major());
    }
    KNOWN
        .iter()
        .find(|b| b.bug.doc == doc)
        .and_then(|b| b.fixed_in)
}

/// For `known_upstream::classify`: the documented bug of the selected release an
/// `upstream` finding (a tool failure, `upstream tools failed on a module we lower`) is.
pub fn classify_finding(detail: &str) -> Option<&'static KnownBug> {
    if !detail.starts_with("upstream tools failed") {
        return None;
    }
    classify(super::selected_release(), detail).map(|b| &b.bug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bug_is_quoted_by_its_document_and_bounded_by_releases() {
        for b in KNOWN {
            assert!(b.bug.doc_text.contains(b.bug.signature), "{}", b.bug.doc);
            assert!(b.bug.doc_text.contains(b.status()), "{}", b.bug.doc);
        }
        let msg = format!(
            "x.mlir:2:3: error: {}, got 2, but expected 1",
            KNOWN[0].bug.signature
        );
        assert!(classify(Release::MLIR13, &msg).is_some());
        assert!(classify(Release::new(14).unwrap(), &msg).is_some());
        // Fixed in 15: the same message from a later release is not this bug.
        assert!(classify(Release::new(15).unwrap(), &msg).is_none());
        assert!(classify(Release::MLIR22, &msg).is_none());
        assert!(classify(Release::MLIR13, "error: something else").is_none());
    }

    #[test]
    fn a_fixed_bug_names_the_release_that_fixed_it() {
        assert_eq!(
            fixed_in("docs/findings/mlir13-multi-result-res-attrs.md"),
            Some(15)
        );
        assert_eq!(
            fixed_in("docs/findings/mlir13-alloc-memspace-bitcast.md"),
            Some(19)
        );
        assert_eq!(fixed_in(super::FIXED_BY_MLIR22.doc), Some(22));
        // LLVM's own bugs, and anything else, are not fixed-upstream.
        assert_eq!(
            fixed_in("docs/findings/llvm22-avx512-i1-vector-call.md"),
            None
        );
        assert_eq!(fixed_in("unknown"), None);
    }
}
