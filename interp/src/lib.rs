//! The reference interpreter of Standard-dialect memref semantics (filled by the interpreter issue).
