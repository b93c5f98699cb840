//! Properties of generated modules over many seeds: generation never panics, every
//! module verifies, print -> parse -> print is a fixed point, and every module lowers
//! to an LLVM-dialect module that the LLVM verifier accepts.
//! Case counts: `GEN_CASES` / `PROPTEST_CASES` (default 500; 2,000 for the cheap ones).

use crate::common;

use converter::lower::{lower_module, LowerOptions};
use converter::syntax::parse_module;
use converter::verify::{verify_llvm_module, verify_module};
use generator::{generate_from_seed, generate_swarm_from_seed, GenConfig};

/// The seeded generators fill only both ends of the seed's bytes when a module takes
/// few of them; the module must be the one the whole buffer gives, for both.
#[test]
fn seeded_modules_are_those_of_the_whole_seeded_buffer() {
    let n = common::cases("GEN_CASES", 2000);
    let cfg = GenConfig::default();
    for seed in 0..n {
        let bytes = generator::rng::seeded_bytes(seed, generator::SEED_BYTES);
        let mut u = arbitrary::Unstructured::new(&bytes);
        let mut swarm = u.arbitrary::<GenConfig>().unwrap_or_default();
        swarm.apply_lowering_limits();
        let whole = generator::generate(&mut u, &swarm).expect("generates");
        let (got_cfg, got) = generate_swarm_from_seed(seed);
        assert_eq!(format!("{got_cfg:?}"), format!("{swarm:?}"), "seed {seed}");
        assert_eq!(common::print(&got), common::print(&whole), "seed {seed}");
        if seed % 10 == 0 {
            let whole = generator::generate(&mut arbitrary::Unstructured::new(&bytes), &cfg)
                .expect("generates");
            let got = generate_from_seed(seed, &cfg);
            assert_eq!(common::print(&got), common::print(&whole), "seed {seed}");
        }
    }
}

#[test]
fn generation_is_total_and_deterministic() {
    let n = common::cases("GEN_CASES", 2000);
    let cfg = GenConfig::default();
    for seed in 0..n {
        let a = generate_from_seed(seed, &cfg);
        assert!(a.func("main").is_some(), "seed {seed}: no @main");
        if seed % 50 == 0 {
            let b = generate_from_seed(seed, &cfg);
            assert_eq!(
                common::print(&a),
                common::print(&b),
                "seed {seed}: not deterministic"
            );
        }
    }
    // Empty and tiny inputs still give complete modules.
    for len in 0..64 {
        let bytes = vec![0xA5u8; len];
        let mut u = arbitrary::Unstructured::new(&bytes);
        let m = generator::generate(&mut u, &cfg).expect("generation is total");
        verify_module(&m).unwrap_or_else(|d| panic!("len {len}:\n{}", common::render(&m, &d)));
    }
}

fn check_verifies(seed: u64, m: &converter::ir::Module) {
    if let Err(d) = verify_module(m) {
        panic!(
            "seed {seed}: generated module does not verify:\n{}\n{}",
            common::render(m, &d),
            common::print(m)
        );
    }
}

#[test]
fn every_module_verifies() {
    let n = common::cases("GEN_CASES", 2000);
    let cfg = GenConfig::default();
    for seed in 0..n {
        check_verifies(seed, &generate_from_seed(seed, &cfg));
    }
}

#[test]
fn every_swarm_module_verifies() {
    let n = common::cases("GEN_CASES", 2000);
    for seed in 0..n {
        let (_, m) = generate_swarm_from_seed(seed ^ 0x5EED);
        check_verifies(seed, &m);
    }
}

/// Regression (found by this generator): an n-D dense literal whose dimensions differ
/// was rejected ("inconsistent dimensions") because the innermost list sized them all.
#[test]
fn nd_dense_literal_round_trips() {
    let src = "func @main() -> vector<3x1xi32> {\n  %0 = constant dense<[[0], [1], [2]]> : vector<3x1xi32>\n  return %0 : vector<3x1xi32>\n}\n";
    parse_module("t.mlir", src.as_bytes()).expect("valid n-D dense literal");
}

#[test]
fn print_parse_print_is_a_fixed_point() {
    let n = common::cases("GEN_CASES", 500);
    let cfg = GenConfig::default();
    let t = std::time::Instant::now();
    for seed in 0..n {
        let m = if seed % 2 == 0 {
            generate_from_seed(seed, &cfg)
        } else {
            generate_swarm_from_seed(seed).1
        };
        let p1 = common::print(&m);
        let parsed = match parse_module("generated.mlir", p1.as_bytes()) {
            Ok(p) => p,
            Err(d) => panic!(
                "seed {seed}: printed module does not parse:\n{}\n{p1}",
                d.render("generated.mlir", Some(&p1))
            ),
        };
        let p2 = common::print(&parsed);
        assert_eq!(
            p1, p2,
            "seed {seed}: print -> parse -> print is not a fixed point"
        );
        verify_module(&parsed).unwrap_or_else(|d| {
            panic!(
                "seed {seed}: parsed module does not verify:\n{}",
                common::render(&parsed, &d)
            )
        });
    }
    eprintln!("round trip: {n} modules in {:?}", t.elapsed());
}

#[test]
fn every_module_lowers_to_verified_llvm() {
    let n = common::cases("GEN_CASES", 500);
    let cfg = GenConfig::default();
    let t = std::time::Instant::now();
    for seed in 0..n {
        let m = if seed % 2 == 0 {
            generate_from_seed(seed, &cfg)
        } else {
            generate_swarm_from_seed(seed).1
        };
        let opts = LowerOptions {
            emit_c_interface: seed % 7 == 0,
            ..LowerOptions::default()
        };
        let lowered = lower_module(&m, &opts).unwrap_or_else(|d| {
            panic!(
                "seed {seed}: lowering failed:\n{}\n{}",
                common::render(&m, &d),
                common::print(&m)
            )
        });
        if let Err(d) = verify_llvm_module(&lowered) {
            let msgs: Vec<String> = d.iter().take(5).map(|d| d.message.clone()).collect();
            panic!(
                "seed {seed}: lowered module does not verify: {msgs:#?}\n{}",
                common::print(&m)
            );
        }
    }
    eprintln!("lowering: {n} modules in {:?}", t.elapsed());
}

proptest::proptest! {
    /// The proptest front end: arbitrary bytes (and a swarm configuration read from
    /// them) always give a module that verifies.
    #[test]
    fn arbitrary_bytes_give_verified_modules(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..8192)) {
        let mut u = arbitrary::Unstructured::new(&bytes);
        let cfg: GenConfig = u.arbitrary().unwrap_or_default();
        let m = generator::generate(&mut u, &cfg).expect("generation is total");
        if let Err(d) = verify_module(&m) {
            panic!("does not verify:\n{}", common::render(&m, &d));
        }
    }
}

/// The sign of a NaN that arithmetic makes is not specified, so no generated program may
/// copy it: every `copysign`'s sign operand is `select (cmpf "ord", b, b), b, a`, which
/// is never a NaN of unknown sign. (A campaign saw `copysign 0.0, (remf 0.0, 0.0)` give
/// -0.0 in the interpreter and 0.0 natively: both right.)
#[test]
fn copysign_never_copies_the_sign_of_a_nan() {
    use converter::ir::{Attribute, OpKind};
    let n = common::cases("GEN_CASES", 2000);
    let mut seen = 0;
    for seed in 0..n {
        let (_, m) = generate_swarm_from_seed(seed);
        for f in &m.funcs {
            let Some(body) = &f.body else { continue };
            for op in body.walk_ops() {
                let op = body.op(op);
                if op.kind != OpKind::CopySign {
                    continue;
                }
                seen += 1;
                let guarded = body
                    .defining_op(op.operands[1])
                    .map(|s| body.op(s))
                    .filter(|s| s.kind == OpKind::Select && s.operands[2] == op.operands[0])
                    .and_then(|s| body.defining_op(s.operands[0]))
                    .map(|c| body.op(c))
                    .is_some_and(|c| {
                        c.kind == OpKind::CmpF
                            && matches!(c.attr("predicate"), Some(Attribute::Str(p)) if p == "ord")
                    });
                assert!(
                    guarded,
                    "seed {seed}: @{}: an unguarded copysign:\n{}",
                    f.name,
                    common::print(&m)
                );
            }
        }
    }
    assert!(seen > 0, "no copysign in {n} swarm modules");
}
