//! The validator on small functions lowered by the converter: proofs of correct
//! lowerings, and refutations of lowerings made wrong on purpose.

use converter::ir::Module;
use converter::lower::{lower_module, LowerOptions};
use tv::{prove, Options, Verdict};

fn parse(src: &str) -> Module {
    let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).expect("parses");
    m
}

fn verdicts(src: &str, opts: &Options) -> Vec<(String, Verdict)> {
    let m = parse(src);
    let lopts = LowerOptions {
        index_bitwidth: opts.index_bits,
        ..LowerOptions::default()
    };
    let l = lower_module(&m, &lopts).expect("lowers");
    m.funcs
        .iter()
        .filter(|f| f.body.is_some())
        .map(|f| (f.name.clone(), prove(&m, &l, &f.name, opts).0))
        .collect()
}

/// Whether `z3` runs here; without it a test is skipped, and fails when `CI` is set.
fn have_z3() -> bool {
    let ok = std::process::Command::new("z3")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set: z3 is not installed"
        );
        eprintln!("skipped: z3 is not installed");
    }
    ok
}

fn assert_all_proved(src: &str, opts: &Options) {
    for (n, v) in verdicts(src, opts) {
        assert!(matches!(v, Verdict::Proved { .. }), "@{n}: {}", v.render());
    }
}

const SCALARS: &str = include_str!("scalars.mlir");

#[test]
fn every_scalar_and_vector_op_lowering_is_proved() {
    if !have_z3() {
        return;
    }
    assert_all_proved(SCALARS, &Options::default());
}

#[test]
fn index_at_32_bits_is_proved() {
    if !have_z3() {
        return;
    }
    let opts = Options {
        index_bits: 32,
        ..Options::default()
    };
    assert_all_proved(
        "func @f(%a: index, %b: i64) -> (index, i64, index) {\n  %c = addi %a, %a : index\n  \
         %d = index_cast %a : index to i64\n  %e = index_cast %b : i64 to index\n  \
         return %c, %d, %e : index, i64, index\n}\n",
        &opts,
    );
}

#[test]
fn the_verdict_states_the_unroll_bound_and_names_what_is_not_modelled() {
    if !have_z3() {
        return;
    }
    let opts = Options {
        unroll: 2,
        ..Options::default()
    };
    let v = verdicts(
        "func @e(%a: i8) -> i8\nfunc @f(%a: i8) -> i8 {\n  %r = call @e(%a) : (i8) -> i8\n  return %r : i8\n}\nfunc @g(%a: i8) -> i8 {\n  return %a : i8\n}\n",
        &opts,
    );
    assert_eq!(
        v[0].1.render(),
        "unknown: a call of the external @e not modelled"
    );
    assert_eq!(v[1].1.render(), "proved (unroll 2)");
}
