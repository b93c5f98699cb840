//! One module per `stdlower` subcommand, each an `Args` struct (clap) plus the function
//! that produces its output, so the file-test runner can call the same code in-process.

pub mod campaign;
pub mod check;
pub mod export;
pub mod gen;
pub mod interp;
pub mod lower;
pub mod nightly;
pub mod parse;
pub mod reduce;
pub mod run;
pub mod test;
pub mod values;
pub mod verify_abi;

/// Accepts only the index bit widths the converter supports.
pub fn index_bitwidth(s: &str) -> Result<u32, String> {
    match s {
        "32" => Ok(32),
        "64" => Ok(64),
        _ => Err(format!("index bit width must be 32 or 64, not '{s}'")),
    }
}

/// LLVM 11's `-convert-std-to-llvm` options, shared by every command that lowers
/// (`lower`, `translate`, `run`, `check`, `campaign`), under LLVM 11's names.
#[derive(clap::Args, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PassOptions {
    /// Allocate with `aligned_alloc(alignment, size)` instead of `malloc` plus
    /// realignment (LLVM 11's `use-aligned-alloc`).
    #[arg(long)]
    pub use_aligned_alloc: bool,
    /// Pass and return memrefs with a static shape and static strides and offset as
    /// bare pointers to their element; any other memref in a signature is an error
    /// (LLVM 11's `use-bare-ptr-memref-call-conv`).
    #[arg(long)]
    pub use_bare_ptr_memref_call_conv: bool,
}

impl PassOptions {
    /// The converter's options with these passes' settings.
    pub fn lower_options(
        &self,
        index_bitwidth: u32,
        emit_c_interface: bool,
    ) -> converter::lower::LowerOptions {
        converter::lower::LowerOptions {
            index_bitwidth,
            emit_c_interface,
            use_aligned_alloc: self.use_aligned_alloc,
            use_bare_ptr_memref_call_conv: self.use_bare_ptr_memref_call_conv,
        }
    }
}
