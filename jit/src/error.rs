//! [`JitError`]: what the crate's API fails with outside the running of generated code
//! (that is [`crate::RunError`]). Each variant's message is the text users saw before the
//! errors were typed, so printing one changes nothing.

/// A failure of the host target, translation, object emission or loading.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JitError {
    /// The host's target (triple, CPU, target machine) could not be set up.
    #[error("{0}")]
    Target(String),
    /// A lowered module did not translate to LLVM IR, or LLVM's verifier rejected it.
    #[error("{0}")]
    Translate(String),
    /// A type has no layout on the host.
    #[error("{0}")]
    Layout(String),
    /// Object code could not be written, compiled or looked up.
    #[error("{0}")]
    Emit(String),
    /// The caller's resolver had no address for an external (its message as is).
    #[error("{0}")]
    Resolve(String),
}

impl From<crate::orc::OrcError> for JitError {
    fn from(e: crate::orc::OrcError) -> JitError {
        JitError::Emit(e.to_string())
    }
}
