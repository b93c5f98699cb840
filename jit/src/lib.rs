//! Native execution of lowered modules through LLVM (filled by the JIT issue).
