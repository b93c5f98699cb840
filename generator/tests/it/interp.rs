//! Generated modules run in the reference interpreter without undefined behaviour
//! (UB in a generated module is a generator bug) and rarely exhaust the fuel.
//! Count: `INTERP_CASES` / `PROPTEST_CASES` (default 2,000).

use crate::common;

use converter::value::RtValue;
use generator::{generate_from_seed, generate_swarm_from_seed, GenConfig};
use interp::{Externals, Options, Trap};

/// The external functions of [`generator::external_impls`] for the interpreter.
struct GenExternals;

impl Externals for GenExternals {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        generator::externals::call_rt(name, args)
    }
}

#[test]
fn generated_modules_run_without_ub() {
    run_without_ub(64);
}

/// The guards do not assume a 64-bit index.
#[test]
fn generated_modules_run_without_ub_with_32_bit_index() {
    run_without_ub(32);
}

fn run_without_ub(index_bitwidth: u32) {
    let n = common::cases("INTERP_CASES", 2000);
    let cfg = GenConfig::default();
    let opts = Options {
        index_bitwidth,
        ..Options::default()
    };
    let (mut ok, mut fuel, mut depth) = (0u64, 0u64, 0u64);
    let mut errors = Vec::new();
    let mut ub = Vec::new();
    let t = std::time::Instant::now();
    for seed in 0..n {
        let m = if seed % 2 == 0 {
            generate_from_seed(seed, &cfg)
        } else {
            generate_swarm_from_seed(seed).1
        };
        match interp::run(&m, "main", &[], &opts, &mut GenExternals) {
            Ok(_) => ok += 1,
            Err(Trap::OutOfFuel) => fuel += 1,
            Err(Trap::CallDepth { .. }) => depth += 1,
            Err(Trap::Ub { loc, rule, message }) => ub.push(format!(
                "seed {seed}: {rule} at {}:{}: {message}",
                loc.line, loc.col
            )),
            Err(Trap::Error { message, .. }) => errors.push(format!("seed {seed}: {message}")),
        }
    }
    eprintln!(
        "interp (index {index_bitwidth} bits): {n} modules in {:?}: {ok} ok, {fuel} out of fuel, {depth} call depth, {} UB, {} errors",
        t.elapsed(),
        ub.len(),
        errors.len()
    );
    for e in ub.iter().chain(&errors).take(20) {
        eprintln!("  {e}");
    }
    assert!(
        ub.is_empty(),
        "generated modules with UB (generator bugs): {}",
        ub.len()
    );
    assert!(errors.is_empty(), "interpreter errors: {}", errors.len());
    assert!(fuel * 100 <= n, "too many fuel exhaustions: {fuel} of {n}");
    assert_eq!(depth, 0);
}

/// The oracle is live: the same pipeline reports UB when a guard is removed
/// (every `select` that guards a divisor replaced by the raw divisor).
#[test]
fn removing_a_divisor_guard_is_caught() {
    use converter::ir::OpKind;
    let cfg = GenConfig::default();
    let mut caught = 0;
    for seed in 0..400 {
        let mut m = generate_from_seed(seed, &cfg);
        let mut changed = false;
        for f in &mut m.funcs {
            let Some(body) = &mut f.body else { continue };
            let ops: Vec<_> = body.walk_ops().collect();
            for op in ops {
                let od = body.op(op).clone();
                if matches!(
                    od.kind,
                    OpKind::DivISigned
                        | OpKind::DivIUnsigned
                        | OpKind::RemISigned
                        | OpKind::RemIUnsigned
                ) {
                    let d = od.operands[1];
                    if let Some(sel) = body.defining_op(d) {
                        let s = body.op(sel).clone();
                        if s.kind == OpKind::Select {
                            // select %bad, %one, %d  ->  use %d directly
                            body.op_mut(op).operands[1] = s.operands[2];
                            changed = true;
                        }
                    }
                }
            }
        }
        if changed {
            if let Err(Trap::Ub { .. }) =
                interp::run(&m, "main", &[], &Options::default(), &mut GenExternals)
            {
                caught += 1;
            }
        }
    }
    assert!(caught > 0, "no UB found after removing divisor guards");
}
