//! Random, verified, UB-free Standard-dialect modules built from
//! `arbitrary::Unstructured`, so one generator serves `cargo fuzz` (bytes from
//! libFuzzer), seeded campaigns ([`generate_from_seed`]) and proptest.
//!
//! Structure (after wasm-smith and cranelift-fuzzgen): [`GenConfig`] (`config.rs`) holds
//! ranges, ratios and the enabled op families, and is itself `Arbitrary` (swarm
//! testing); `module_gen.rs` plans every signature and then fills bodies;
//! `function_gen.rs` builds one body with scoped values and owned buffers; `ops.rs` is
//! the op table; `ub_guards.rs` removes undefined behaviour by construction;
//! `features.rs` reports what a module exercises; `externals.rs` lists the external
//! functions a module may call; `attrs.rs` adds argument, result and call attributes.
//!
//! The module has an entry `@main()` without arguments whose results are scalars,
//! vectors and ranked memrefs (heap-allocated, fully initialized, not deallocated).
//!
//! Guarantees, checked by this crate's tests: every module passes
//! `converter::verify::verify_module`, prints and parses back to the same text, lowers
//! to a module `verify_llvm_module` accepts, and runs in the interpreter without
//! undefined behaviour (at 64- and 32-bit index) well inside the default fuel. UB found
//! in a generated module is a generator bug.
//!
//! Use:
//! ```
//! use generator::{features, generate, generate_from_seed, GenConfig};
//! // A seeded campaign:
//! let m = generate_from_seed(42, &GenConfig::default());
//! assert!(m.func("main").is_some());
//! let exercised = features(&m); // e.g. {"addi", "cmpi_slt", "memref_rank_2", "loop", ...}
//! # let _ = exercised;
//! // A fuzz target (bytes from libFuzzer), with swarm configuration:
//! let data = [7u8; 256];
//! let mut u = arbitrary::Unstructured::new(&data);
//! let cfg: GenConfig = u.arbitrary().unwrap_or_default();
//! let m = generate(&mut u, &cfg).expect("generation is total");
//! # let _ = m;
//! ```
//!
//! Modules that call external functions (only with [`Family::Externals`]) need the
//! host to implement [`external_impls`]: [`externals::call_rt`] for the interpreter,
//! [`externals::abi::symbols`] for `jit::register_external`.

pub mod alias_args;
mod attrs;
pub mod config;
pub mod externals;
pub mod features;
mod function_gen;
mod llvm_funcs;
mod module_gen;
mod names;
mod ops;
pub mod rng;
pub mod ub_guards;

pub use config::{Family, GenConfig};
pub use externals::{external_impls, ExternalFn};
pub use features::{features, REQUIRED_FEATURES};
pub use module_gen::{in_memory_space, MEMORY_SPACES};
pub use ops::op_table_names;

use arbitrary::Unstructured;
use converter::ir::{Func, Module, Type};

/// Bytes handed to `Unstructured` by [`generate_from_seed`]: more than any module
/// consumes with the default configuration (when they run out, every choice takes its
/// smallest option, which still completes the module).
pub const SEED_BYTES: usize = 64 * 1024;

/// Generates a module from unstructured bytes. Total: when the bytes run out every
/// further choice takes its default, and the module is still complete.
pub fn generate(u: &mut Unstructured, cfg: &GenConfig) -> arbitrary::Result<Module> {
    module_gen::generate_module(u, cfg)
}

/// Generates the module of `seed` (the bytes come from SplitMix64). Never fails: falls
/// back to [`minimal_module`] should generation report an error.
pub fn generate_from_seed(seed: u64, cfg: &GenConfig) -> Module {
    rng::with_seeded_bytes(seed, SEED_BYTES, |u| generate(u, cfg))
        .unwrap_or_else(|_| minimal_module())
}

/// A configuration chosen by the seed too (swarm testing), then the module.
pub fn generate_swarm_from_seed(seed: u64) -> (GenConfig, Module) {
    generate_swarm_from_seed_with(seed, |_| {})
}

/// [`generate_swarm_from_seed`] with the seed's configuration changed by `adjust`
/// before the module is generated (a campaign that forces a lowering option on every
/// case), the limits of the lowering options applied after it.
pub fn generate_swarm_from_seed_with(
    seed: u64,
    adjust: impl Fn(&mut GenConfig),
) -> (GenConfig, Module) {
    rng::with_seeded_bytes(seed, SEED_BYTES, |u| {
        let mut cfg = u.arbitrary::<GenConfig>().unwrap_or_default();
        adjust(&mut cfg);
        cfg.apply_lowering_limits();
        let m = generate(u, &cfg).unwrap_or_else(|_| minimal_module());
        (cfg, m)
    })
}

/// `func @main() -> i32 { %c = constant 0 : i32  return %c : i32 }`.
pub fn minimal_module() -> Module {
    let mut m = Module::new("generated.mlir");
    let mut f = Func::new_std("main", vec![], vec![Type::i32()]);
    let body = f.body.as_mut().expect("body");
    let entry = body.entry().expect("entry");
    let mut b = body.builder(entry);
    let c = b.const_int(0, Type::i32());
    b.ret(vec![c]);
    m.funcs.push(f);
    m
}
