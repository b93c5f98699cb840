//! Integration tests of the harness and the `stdlower` commands, in one binary (each
//! module was its own binary, and each linked the whole stack). Two stay apart:
//! `processes.rs` makes its process a child subreaper and reaps any child, which would
//! take other tests' children; `mutant_campaign.rs` is what cargo-mutants builds for
//! every mutant, so it stays small.

mod alias_args;
mod bare_ptr_wrong;
mod batch;
mod bless;
mod campaign;
mod campaign_every;
mod campaign_journal;
mod cflite_local;
mod check_limits;
mod ciface;
mod ciface_wrong;
mod cli_contract;
mod common;
#[path = "../../../test-support/conformance.rs"]
mod conformance;
mod conformance_e2e;
mod corpus;
mod diagnostics_cli;
mod export_release13;
mod fixed_upstream;
mod front;
mod fuzz_coverage_scope;
mod fuzz_targets;
mod heap_blocks_wrong;
mod heap_sizes_wrong;
mod jit_cpu_features;
mod jit_groups;
mod llvm_level_ciface;
mod llvm_level_wrong;
mod lower_paths_deep;
mod lower_streaming;
mod mlir13;
mod mlir_opt_upstream;
mod mlir_translate;
mod mlir_translate_batch;
mod nightly;
mod pass_options;
mod printed_wrong;
mod probe_programs;
mod prove;
mod prove_loops;
mod prove_memref;
mod prove_nan;
mod prove_reach;
mod prove_reach_layout;
mod prove_reach_memcpy;
mod prove_scope;
mod prove_scope_alloc;
mod prove_scope_casts;
mod prove_scope_unranked;
mod prove_scope_vectors;
mod prove_sound;
mod prove_wrong;
mod rebuilt_while_running;
mod reduce;
mod setup_order;
mod translate13_unprefixed;
mod translate_folds;
mod tv_wrong;
mod unregistered_wrong;
mod upstream;
mod upstream_batch;
mod upstream_inproc;
mod upstream_llinterp;
mod upstream_merged;
mod upstream_nested;
mod upstream_rate;
mod upstream_structure;
mod upstream_structure_bare_ptr;
mod upstream_syntax;
mod verify_abi;
mod workflows;

// The guide, report.html and the JUnit files.
mod guide;
mod junit_files;
mod report_page;
