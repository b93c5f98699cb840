//! Coverage: over 1,000 seeds (default configuration and swarm configurations), every
//! required feature, every Standard op of the op description (the ops the converter takes as input) and every cmpi/cmpf
//! predicate appears at least once. Prints the counts.

use crate::common;

use converter::ir::{OpKind, CMPF_PREDICATES, CMPI_PREDICATES};
use generator::{
    features, generate_from_seed, generate_swarm_from_seed, GenConfig, REQUIRED_FEATURES,
};
use std::collections::BTreeMap;

#[test]
fn every_feature_is_reached() {
    let n = common::cases("COVERAGE_CASES", 1000);
    let cfg = GenConfig::default();
    let mut counts: BTreeMap<&'static str, u64> = BTreeMap::new();
    for seed in 0..n {
        let m = if seed % 2 == 0 {
            generate_from_seed(seed, &cfg)
        } else {
            generate_swarm_from_seed(seed).1
        };
        for f in features(&m) {
            *counts.entry(f).or_default() += 1;
        }
    }
    let mut line = String::new();
    for (f, c) in &counts {
        line.push_str(&format!("{f}={c} "));
    }
    eprintln!("feature counts over {n} modules:\n{line}");
    let mut missing: Vec<String> = Vec::new();
    // Every Standard op of the op description (the ops the converter takes as input).
    let std_ops = OpKind::std_ops().map(OpKind::short_name);
    for f in REQUIRED_FEATURES.iter().copied().chain(std_ops) {
        if !counts.contains_key(f) {
            missing.push(f.to_string());
        }
    }
    for p in CMPI_PREDICATES {
        if !counts.contains_key(format!("cmpi_{p}").as_str()) {
            missing.push(format!("cmpi_{p}"));
        }
    }
    for p in CMPF_PREDICATES {
        if !counts.contains_key(format!("cmpf_{p}").as_str()) {
            missing.push(format!("cmpf_{p}"));
        }
    }
    assert!(missing.is_empty(), "features never generated: {missing:?}");
}
