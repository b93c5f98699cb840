//! The cargo-fuzz targets run briefly as ordinary tests: a few hundred seeded inputs
//! each, so CI exercises them without cargo-fuzz or a nightly toolchain.

use harness::fuzzing::{
    fuzz_lowering, fuzz_oracle_config, fuzz_parse, lowering_verdict, module_of_input,
    CheckedModules,
};
use harness::oracles::Verdict;

fn seeded(seed: u64, len: usize) -> Vec<u8> {
    generator::rng::seeded_bytes(seed, len)
}

#[test]
fn lowering_target_on_seeded_inputs() {
    let cfg = fuzz_oracle_config();
    let (mut agree, mut skipped) = (0, 0);
    for seed in 0..300u64 {
        let data = seeded(seed, 16 * 1024);
        // The target itself (panics on a finding) ...
        fuzz_lowering(&data);
        // ... and the verdict, to make sure the cases are not all skipped.
        match lowering_verdict(&data, &cfg) {
            Some((_, Verdict::Agree)) => agree += 1,
            Some((_, Verdict::Skipped { .. })) | None => skipped += 1,
            Some((_, v)) => panic!("{v}"),
        }
    }
    assert!(
        agree >= 250,
        "only {agree} of 300 cases agreed ({skipped} skipped)"
    );
}

/// The lowering target skips a module it has checked before, and only such a module:
/// mutants of an input are new exactly when their printed module differs from every
/// module seen so far, over several bases and the mutations libFuzzer makes most: a bit
/// flipped, a byte set, a byte inserted or erased.
#[test]
fn lowering_target_checks_each_distinct_module_once() {
    let mut checked = CheckedModules::default();
    let mut texts = std::collections::HashSet::new();
    let mut new_modules = 0;
    for seed in [7u64, 11, 23, 40] {
        let base = seeded(seed, 4096);
        for i in 0..400usize {
            let mut data = base.clone();
            // Every fourth input is the unchanged base; the others are mutated, half of
            // them in the first 64 bytes (which the generator reads for sure).
            if i % 4 != 0 {
                let pos = if i % 2 == 0 {
                    i % 64
                } else {
                    (i * 7919) % data.len()
                };
                match (i / 4) % 4 {
                    0 | 1 => data[pos] ^= 1 << (i % 8),
                    2 => data[pos] = (i * 31) as u8,
                    _ if i % 3 == 0 => data.insert(pos, i as u8),
                    _ => {
                        data.remove(pos);
                    }
                }
            }
            let Some(m) = module_of_input(&data) else {
                continue;
            };
            let text = converter::syntax::print_module(&m, &Default::default());
            let first = checked.check_new(&m).is_some();
            assert_eq!(first, texts.insert(text), "seed {seed}, input {i}");
            new_modules += usize::from(first);
        }
    }
    assert_eq!(checked.distinct as usize, texts.len());
    assert!(
        checked.inputs > checked.distinct,
        "no mutant repeated a module"
    );
    assert!(new_modules > 4, "every mutant gave its base's module");
}

/// A fuzz input whose module made LLVM 22 abort in the fuzzer's process on an AVX-512 host
/// (`docs/findings/llvm22-avx512-i1-vector-call.md`; found by `scripts/bench_fuzz.sh`).
/// The JIT leaves AVX-512 out by default, so the target JITs it in-process like any other
/// input and it agrees; with `STDLOWER_JIT_AVX512=1` the target recognizes the shape and
/// compiles it elsewhere instead of dying.
#[test]
fn lowering_target_leaves_known_llvm_aborts_to_campaigns() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/seeds/lowering/known-llvm22-avx512-abort"
    );
    let data = std::fs::read(path).expect("seed file");
    let (m, v) = lowering_verdict(&data, &fuzz_oracle_config()).expect("a module");
    if jit::exec::jit_uses_avx512() {
        assert!(harness::fuzzing::may_hit_known_llvm_abort(&m));
        assert!(!v.is_finding(), "{v}");
    } else {
        assert!(!harness::fuzzing::may_hit_known_llvm_abort(&m));
        assert!(matches!(v, Verdict::Agree), "{v}");
    }
    fuzz_lowering(&data);
    // The shape test itself: no false alarm on the seeded modules that compile.
    let flagged = (0..300u64)
        .filter_map(|seed| lowering_verdict(&seeded(seed, 16 * 1024), &fuzz_oracle_config()))
        .filter(|(m, _)| harness::fuzzing::may_hit_known_llvm_abort(m))
        .count();
    assert!(
        flagged < 30,
        "{flagged} of 300 seeded modules left out of the JIT"
    );
}

#[test]
fn parse_target_on_seeded_and_mutated_inputs() {
    // LLVM 11 programs and programs in today's upstream syntax.
    let corpus: Vec<Vec<u8>> = ["/../corpus/conformance", "/../corpus/upstream"]
        .iter()
        .flat_map(|dir| {
            std::fs::read_dir(format!("{}{dir}", env!("CARGO_MANIFEST_DIR")))
                .map(|rd| {
                    rd.flatten()
                        .filter_map(|e| std::fs::read(e.path()).ok())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
        .collect();
    for seed in 0..300u64 {
        let noise = seeded(seed, 256);
        fuzz_parse(&noise);
        if let Some(base) = corpus.get(seed as usize % corpus.len().max(1)) {
            // Overwrite a few bytes of a real program: mostly-valid inputs reach deep.
            let mut m = base.clone();
            for k in 0..4 {
                let at = (noise[k * 2] as usize * 257 + noise[k * 2 + 1] as usize) % m.len().max(1);
                if let Some(b) = m.get_mut(at) {
                    *b = noise[k + 16];
                }
            }
            fuzz_parse(&m);
            fuzz_parse(base);
        }
    }
}
