//! The `upstream-structure` oracle under `--use-bare-ptr-memref-call-conv` (issue 39):
//! our memref results stay descriptors (LLVM 11) where MLIR 22 returns a pointer, which
//! the normalization `bare_ptr_result_is_descriptor` reads away (one result, or inside
//! the struct of several); everything else is compared as in the default convention,
//! the whole attribute dictionary on the one pointer a memref argument becomes included.
//! Generated bare-pointer modules agree with `mlir-opt` 22, and a lowering that drops
//! the pointer's attributes (issue 39's first bug) is a finding. Skipped when `mlir-opt` is not installed, except under `CI`.

use converter::syntax::parse_module;
use harness::upstream_structure::{self as us, Outcome, Pending};
use stdlower_front::options::PassOptions;

fn tools_present() -> bool {
    if us::available() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "mlir-opt 22 is not installed, and CI is set"
    );
    eprintln!("mlir-opt 22 not installed: skipped");
    false
}

const BARE: PassOptions = PassOptions {
    use_aligned_alloc: false,
    use_bare_ptr_memref_call_conv: true,
};

/// Memref arguments with attributes, one memref result, two results with a memref among
/// them, and calls of both.
const MODULE: &str = r#"module {
  func @two(%a: memref<4xf32> {llvm.noalias = true, llvm.align = 16, x.y = 1}) -> (memref<4xf32>, i32) {
    %c = constant 1 : i32
    return %a, %c : memref<4xf32>, i32
  }
  func @one(%a: memref<4xf32>) -> memref<4xf32> {
    %r:2 = call @two(%a) : (memref<4xf32>) -> (memref<4xf32>, i32)
    return %r#0 : memref<4xf32>
  }
  func @main() -> f32 {
    %m = alloc() : memref<4xf32>
    %c0 = constant 0 : index
    %x = constant 2.5 : f32
    store %x, %m[%c0] : memref<4xf32>
    %b = call @one(%m) : (memref<4xf32>) -> memref<4xf32>
    %v = load %b[%c0] : memref<4xf32>
    dealloc %m : memref<4xf32>
    return %v : f32
  }
}
"#;

fn lowered() -> (Pending, String) {
    let m = parse_module("bare.mlir", MODULE.as_bytes()).unwrap();
    let p = us::prepare_with(&m, 64, BARE).unwrap();
    let up = us::lower_pending(&[&p]).pop().unwrap().unwrap();
    (p, up)
}

fn finding(p: &Pending, ours: String, up: &str) -> String {
    let wrong = Pending { ours, ..p.clone() };
    match us::resolve(&wrong, Ok(up.to_string())) {
        Outcome::Finding(d) => d,
        other => panic!("expected a finding, got {other:?}"),
    }
}

#[test]
fn bare_pointer_results_are_normalized_and_the_rest_compared() {
    if !tools_present() {
        return;
    }
    let (p, up) = lowered();
    // The two sides do differ in their results before the normalization.
    assert!(up.contains("-> !llvm.struct<(ptr, i32)>"), "{up}");
    assert!(
        p.ours.contains("struct<(struct<(ptr, ptr, i64"),
        "{}",
        p.ours
    );
    assert_eq!(us::resolve(&p, Ok(up.clone())), Outcome::Agree);

    // Issue 39's first bug: the pointer attributes dropped from the bare pointer.
    let ours = p.ours.replacen(
        "{llvm.noalias, llvm.align = 16 : i64, x.y = 1 : i64}",
        "{x.y = 1 : i64}",
        1,
    );
    assert_ne!(
        ours, p.ours,
        "the module's attributes are spelled as expected"
    );
    let d = finding(&p, ours, &up);
    assert!(d.contains("@two"), "{d}");

    // A memref result returned as a pointer on our side (the rule of LLVM 12 and later)
    // reads the same as the descriptor after the normalization: this oracle cannot see
    // it; `bare-ptr-signatures` holds it (every case's memref types probed as results).
    let ours = p.ours.replace(
        "llvm.func @one(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>",
        "llvm.func @one(%arg0: !llvm.ptr) -> !llvm.ptr",
    );
    assert_ne!(ours, p.ours, "the signature is spelled as expected");
    let wrong = Pending { ours, ..p.clone() };
    assert_eq!(us::resolve(&wrong, Ok(up)), Outcome::Agree);
}

#[test]
fn generated_bare_pointer_modules_agree_with_upstream() {
    if !tools_present() {
        return;
    }
    let mut pending = Vec::new();
    let mut seed = 0u64;
    // The first 20 generated modules under the convention (at 64 bits: a quarter of the
    // swarm's configurations take it).
    while pending.len() < 20 && seed < 2000 {
        let s = harness::campaign::case_seed(20261128, seed);
        seed += 1;
        let (cfg, m) = generator::generate_swarm_from_seed(s);
        if !cfg.use_bare_ptr_memref_call_conv || cfg.use_aligned_alloc {
            continue;
        }
        if let Ok(p) = us::prepare_with(&m, cfg.index_bitwidth, BARE) {
            pending.push((s, p));
        }
    }
    assert_eq!(pending.len(), 20);
    let refs: Vec<&Pending> = pending.iter().map(|(_, p)| p).collect();
    let answers = us::lower_pending(&refs);
    let mut compared = 0;
    for ((s, p), a) in pending.iter().zip(answers) {
        match us::resolve(p, a) {
            Outcome::Agree => compared += 1,
            Outcome::Unsupported(_) => {}
            Outcome::Finding(d) => panic!("seed {s}: {d}"),
        }
    }
    assert!(compared >= 10, "only {compared} of 20 compared");
}

/// A dynamic memref result has no bare pointer form: MLIR 22 leaves its function
/// unconverted (LLVM 11 and we return the descriptor), so the module is not compared.
/// Campaign seed 7's case 9000 (`--index-bitwidth 32 --use-bare-ptr-memref-call-conv`)
/// was reported as a finding before the oracle knew it.
#[test]
fn a_dynamic_memref_result_is_not_compared_under_the_convention() {
    if !tools_present() {
        return;
    }
    let text = r#"module {
  func @main() -> memref<?xi64> {
    %0 = constant 1 : index
    %1 = alloc(%0) : memref<?xi64>
    %2 = constant 0 : i64
    %3 = constant 0 : index
    store %2, %1[%3] : memref<?xi64>
    return %1 : memref<?xi64>
  }
}
"#;
    let m = parse_module("dynamic_result.mlir", text.as_bytes()).unwrap();
    for ib in [32, 64] {
        let Err(e) = us::prepare_with(&m, ib, BARE) else {
            panic!("compared at index {ib}: a dynamic memref result under the convention");
        };
        assert!(e.to_string().contains("without a bare pointer form"), "{e}");
        // Without the convention the same module is compared, and agrees.
        let p = us::prepare_with(&m, ib, PassOptions::default()).unwrap();
        let up = us::lower_pending(&[&p]).pop().unwrap();
        assert_eq!(us::resolve(&p, up), Outcome::Agree);
    }
}
