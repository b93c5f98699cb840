//! The flags `lower` shares with the other commands that lower (`translate`, `run`,
//! `check`, `campaign` in `stdlower-full`), so that one flag means one thing
//! everywhere: LLVM 11's pass options, the index bit width and thread counts.

/// The most threads any `--jobs` takes. More than this buys nothing on any machine
/// these commands run on, and each thread costs its stack and, in a campaign, a JIT
/// worker process.
pub const MAX_JOBS: usize = 256;

/// A `--jobs` value: a whole number from 1 to [`MAX_JOBS`].
pub fn jobs(s: &str) -> Result<usize, String> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of threads (1 to {MAX_JOBS})"))?;
    if (1..=MAX_JOBS).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{n} is not in 1..={MAX_JOBS}"))
    }
}

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
    /// Pass memref arguments with a static shape and static strides and offset as bare
    /// pointers to their element; any other memref argument is an error; results stay
    /// descriptors (LLVM 11's `use-bare-ptr-memref-call-conv`).
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

/// The flags that select `opts` on the command line of `lower` (and of the commands that
/// share its flags), none for a default: what a reproducer or a child `stdlower lower`
/// is given so that it lowers as `opts` does.
pub fn lower_flags(opts: &converter::lower::LowerOptions) -> Vec<String> {
    let mut v = Vec::new();
    if opts.index_bitwidth != 64 {
        v.push(format!("--index-bitwidth {}", opts.index_bitwidth));
    }
    if opts.emit_c_interface {
        v.push("--emit-c-interface".to_string());
    }
    if opts.use_aligned_alloc {
        v.push("--use-aligned-alloc".to_string());
    }
    if opts.use_bare_ptr_memref_call_conv {
        v.push("--use-bare-ptr-memref-call-conv".to_string());
    }
    v
}
