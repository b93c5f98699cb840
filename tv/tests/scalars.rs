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

#[test]
fn experiment() {
    let src = std::fs::read_to_string("/tmp/t.mlir").unwrap();
    for (n, v) in verdicts(&src, &Options::default()) {
        eprintln!("@{n}: {}", v.render());
    }
}
