//! Generator configuration: ranges and ratios, each default with the reason for it, and
//! the set of enabled op families and features. `GenConfig` implements `Arbitrary`
//! (swarm testing, as wasm-smith does): every fuzz input or seed also picks a random
//! configuration that enables a random subset of families, so that rare interactions
//! are not drowned out by the common ops.

use arbitrary::{Arbitrary, Unstructured};
use std::collections::BTreeSet;
use std::ops::RangeInclusive;

/// An op family or generator feature that can be switched on or off as a whole.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Family {
    /// `addi subi muli and or xor`.
    IntArith,
    /// `divi_signed divi_unsigned remi_signed remi_unsigned` (divisors guarded).
    IntDiv,
    /// `shift_left shift_right_signed shift_right_unsigned` (amounts masked).
    Shifts,
    /// `addf subf mulf divf remf negf absf`.
    FloatArith,
    /// `cmpi` with every predicate.
    CmpI,
    /// `cmpf` with every predicate.
    CmpF,
    /// `select`.
    Select,
    /// `zexti sexti trunci index_cast`.
    IntCasts,
    /// `sitofp fptosi fpext fptrunc` (`fptosi` operands clamped).
    FloatCasts,
    /// `f16` values.
    F16,
    /// Integer widths above 64 (i65 .. i128).
    WideInts,
    /// n-D vectors: dense/splat constants, `splat`, `extract_element`, element-wise ops.
    Vectors,
    /// `alloc load store dealloc` on ranked memrefs.
    MemRefs,
    /// `alloca`.
    Alloca,
    /// Dynamic (`?`) memref dimensions.
    DynamicDims,
    /// Memrefs whose elements are vectors.
    VectorElemMemRefs,
    /// `dim` and `rank`.
    DimRank,
    /// `memref_cast` between static and dynamic shapes.
    MemRefCast,
    /// `memref_cast` to and from `memref<*xT>`.
    Unranked,
    /// Strided layouts reached by `memref_cast`.
    Strided,
    /// Loops with block-argument counters and bounded trip counts.
    Loops,
    /// `cond_br` diamonds with block arguments.
    Branches,
    /// `cond_br` with the same successor twice (different operands).
    SameSuccessor,
    /// Early `return` from inside a branch.
    EarlyReturn,
    /// Direct `call`s of other generated functions (multi-result).
    Calls,
    /// `constant @f` + `call_indirect`, and function-typed arguments.
    CallIndirect,
    /// Bounded recursion through a decremented depth argument.
    Recursion,
    /// The `llvm.emit_c_interface` attribute on functions.
    EmitCInterface,
    /// Declarations of and calls to the external functions of [`crate::external_impls`].
    Externals,
    /// Memrefs in a nonzero memory space: in a third of the modules, every memref type
    /// is in one space of [`crate::MEMORY_SPACES`] (modules that call externals keep
    /// space 0, the externals' signatures).
    MemorySpaces,
    /// Argument and result attributes on functions (dialect ones, truthful
    /// `llvm.noalias` and `llvm.align`).
    ArgAttrs,
    /// Discardable attributes on `call` and `call_indirect`, and on other ops.
    CallAttrs,
    /// `alloc`/`alloca` `alignment` values below 8, 1 included.
    AnyAlignment,
    /// `llvm.func` definitions with LLVM-dialect bodies (an `llvm.cond_br` naming one
    /// block twice among them), which the lowering passes through and splits.
    LlvmFuncs,
    /// The module's own `llvm.func` declarations of `malloc`, `free`, `aligned_alloc`.
    RuntimeDecls,
    /// `alloc`/`alloca` of memrefs with an explicit strided layout (gapped strides, an
    /// offset), filled and read.
    StridedAlloc,
}

impl Family {
    /// Every family.
    pub const ALL: &'static [Family] = &[
        Family::IntArith,
        Family::IntDiv,
        Family::Shifts,
        Family::FloatArith,
        Family::CmpI,
        Family::CmpF,
        Family::Select,
        Family::IntCasts,
        Family::FloatCasts,
        Family::F16,
        Family::WideInts,
        Family::Vectors,
        Family::MemRefs,
        Family::Alloca,
        Family::DynamicDims,
        Family::VectorElemMemRefs,
        Family::DimRank,
        Family::MemRefCast,
        Family::Unranked,
        Family::Strided,
        Family::Loops,
        Family::Branches,
        Family::SameSuccessor,
        Family::EarlyReturn,
        Family::Calls,
        Family::CallIndirect,
        Family::Recursion,
        Family::EmitCInterface,
        Family::Externals,
        Family::MemorySpaces,
        Family::ArgAttrs,
        Family::CallAttrs,
        Family::AnyAlignment,
        Family::LlvmFuncs,
        Family::RuntimeDecls,
        Family::StridedAlloc,
    ];
}

/// Everything the generator may vary. `Default` enables everything with moderate sizes.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Number of functions including `@main`: a handful gives calls, recursion and
    /// indirect calls something to work with while keeping modules readable when reduced.
    pub functions: RangeInclusive<usize>,
    /// Control-flow constructs (loops, diamonds, merges) per function: each adds 1-3
    /// blocks; 6 keeps functions short enough that the interpreter runs them quickly.
    pub blocks_per_function: RangeInclusive<usize>,
    /// Ops generated per straight-line segment: enough for values to combine, small
    /// enough that a segment inside a loop stays cheap.
    pub ops_per_block: RangeInclusive<usize>,
    /// Largest memref rank (at most 4): rank 3-4 descriptors exercise the array fields
    /// of the descriptor struct that rank 1 never reaches.
    pub max_memref_rank: usize,
    /// Largest static memref dimension; small so fill loops and reads stay cheap.
    pub max_memref_dim: u64,
    /// Largest element count of a memref (fill loops run over all of them).
    pub max_memref_elems: u64,
    /// Largest element count of a vector type; 16 covers `vector<4x4xf32>` and odd shapes.
    pub max_vector_elems: u64,
    /// Largest vector rank (n-D vectors lower to arrays of 1-D vectors).
    pub max_vector_rank: usize,
    /// Integer widths and their weights: the common widths, plus odd ones (i7, i17,
    /// i33, i65, i127) that legalization must widen, and i1 that is its own corner case.
    pub int_widths: Vec<(u32, u32)>,
    /// Percentage of branches that are `cond_br` with the same successor twice: high on
    /// purpose, it is what the successor-splitting oracle needs.
    pub same_successor_twice_ratio: u8,
    /// Percentage of control-flow constructs that are loops.
    pub loop_ratio: u8,
    /// Largest loop trip count; loops nest, so keep the product of trip counts small.
    pub max_trip_count: u64,
    /// Deepest loop nest (the body of a nested loop runs `max_trip_count^depth` times).
    pub max_loop_depth: usize,
    /// Largest depth passed to recursive functions: each recursive function has at most
    /// two recursive call sites, so at most `3^recursion_depth` activations.
    pub recursion_depth: u32,
    /// Most parameters of a generated function.
    pub max_params: usize,
    /// Most results of a generated function (several results exercise the struct return).
    pub max_results: usize,
    /// Most results of `@main` (each is compared between interpreter and JIT).
    pub max_main_results: usize,
    /// Estimated dynamic op count above which calls are not placed inside loops;
    /// keeps runs far from the interpreter's fuel limit.
    pub max_call_cost: u64,
    /// The enabled op families and features.
    pub enabled: BTreeSet<Family>,
    /// The bit width `index` lowers to for this case (32 or 64): the converter, the
    /// interpreter and the JIT all use it. At 32 bits the harness's external functions
    /// (which take 64-bit descriptor fields) are not declared.
    pub index_bitwidth: u32,
    /// Lower `alloc` with `aligned_alloc` (the converter's `use_aligned_alloc`).
    pub use_aligned_alloc: bool,
    /// Lower under the bare pointer calling convention: every memref in a signature is
    /// then static with an identity layout, no signature has an unranked memref, and
    /// neither C interfaces nor the externals (dynamic memref parameters) are generated.
    pub use_bare_ptr_memref_call_conv: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            functions: 1..=5,
            blocks_per_function: 0..=6,
            ops_per_block: 2..=10,
            max_memref_rank: 4,
            max_memref_dim: 4,
            max_memref_elems: 48,
            max_vector_elems: 16,
            max_vector_rank: 3,
            int_widths: vec![
                (1, 6),
                (7, 2),
                (8, 5),
                (16, 4),
                (17, 2),
                (32, 10),
                (33, 2),
                (64, 10),
                (65, 1),
                (127, 1),
                (128, 1),
            ],
            same_successor_twice_ratio: 40,
            loop_ratio: 35,
            max_trip_count: 6,
            max_loop_depth: 2,
            recursion_depth: 3,
            max_params: 4,
            max_results: 3,
            max_main_results: 4,
            max_call_cost: 4000,
            enabled: Family::ALL.iter().copied().collect(),
            index_bitwidth: 64,
            use_aligned_alloc: false,
            use_bare_ptr_memref_call_conv: false,
        }
    }
}

impl GenConfig {
    /// Switches off what the chosen lowering options cannot take: the externals at a
    /// 32-bit index (their implementations read 64-bit descriptor fields) and under the
    /// bare pointer calling convention (their `memref<?xT>` parameters), and C
    /// interfaces under it (no wrappers are emitted there).
    pub fn apply_lowering_limits(&mut self) {
        if self.index_bitwidth != 64 || self.use_bare_ptr_memref_call_conv {
            self.enabled.remove(&Family::Externals);
        }
        if self.use_bare_ptr_memref_call_conv {
            self.enabled.remove(&Family::EmitCInterface);
        }
    }

    /// Whether a family is enabled.
    pub fn has(&self, f: Family) -> bool {
        self.enabled.contains(&f)
    }

    /// The configured integer widths that the enabled families allow.
    pub(crate) fn allowed_widths(&self) -> Vec<(u32, u32)> {
        let v: Vec<(u32, u32)> = self
            .int_widths
            .iter()
            .copied()
            .filter(|&(w, wt)| {
                wt > 0 && (1..=128).contains(&w) && (w <= 64 || self.has(Family::WideInts))
            })
            .collect();
        if v.is_empty() {
            vec![(32, 1)]
        } else {
            v
        }
    }
}

impl<'a> Arbitrary<'a> for GenConfig {
    /// Swarm testing: each family is kept with probability ~3/4 (integer arithmetic and
    /// `cmpi` always stay, so every configuration can build a meaningful module), and
    /// the sizes vary around the defaults.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut cfg = GenConfig::default();
        let mut enabled = BTreeSet::new();
        for &f in Family::ALL {
            let keep =
                matches!(f, Family::IntArith | Family::CmpI) || u.int_in_range(0..=3u8)? != 0;
            if keep {
                enabled.insert(f);
            }
        }
        cfg.enabled = enabled;
        let fmax = u.int_in_range(1..=6usize)?;
        cfg.functions = 1..=fmax;
        let bmax = u.int_in_range(0..=8usize)?;
        cfg.blocks_per_function = 0..=bmax;
        let omax = u.int_in_range(2..=14usize)?;
        cfg.ops_per_block = 1..=omax;
        cfg.max_memref_rank = u.int_in_range(0..=4usize)?;
        cfg.same_successor_twice_ratio = u.int_in_range(0..=90u8)?;
        cfg.loop_ratio = u.int_in_range(0..=70u8)?;
        cfg.max_trip_count = u.int_in_range(1..=8u64)?;
        cfg.recursion_depth = u.int_in_range(0..=4u32)?;
        for w in cfg.int_widths.iter_mut() {
            w.1 = u.int_in_range(0..=10u32)?;
        }
        // The converter's options, drawn last (an input too short for them keeps the
        // defaults, as `arbitrary` gives zeros once the bytes run out).
        cfg.index_bitwidth = if u.int_in_range(0..=3u8)? == 0 {
            32
        } else {
            64
        };
        cfg.use_aligned_alloc = u.int_in_range(0..=2u8)? == 0;
        cfg.use_bare_ptr_memref_call_conv = u.int_in_range(0..=3u8)? == 0;
        cfg.apply_lowering_limits();
        Ok(cfg)
    }
}
