//! The JIT's translation reads memref descriptor fields without `extractvalue` when
//! they were set by `insertvalue` in the same function (`jit::translate`), which halves
//! the instructions of a lowered module; over generated modules, no `extractvalue` of
//! the LLVM IR reads an `insertvalue`'s result directly. (That the folded code still
//! computes what the interpreter does is what the fuzz-target and campaign tests
//! check on the same kind of modules.)

use std::collections::HashSet;

/// The `extractvalue`s of `ir` whose aggregate is an `insertvalue` of the same function.
fn extracts_of_inserts(ir: &str) -> Vec<String> {
    let mut inserted: HashSet<&str> = HashSet::new();
    let mut bad = Vec::new();
    for line in ir.lines() {
        if line.starts_with("define ") {
            inserted.clear();
        }
        let Some((lhs, rhs)) = line.trim().split_once(" = ") else {
            continue;
        };
        if rhs.starts_with("insertvalue ") {
            inserted.insert(lhs);
        } else if let Some(rest) = rhs.strip_prefix("extractvalue ") {
            // `TYPE %agg, i, ...`: the aggregate is the last %-name.
            let agg = rest.split([' ', ',']).rfind(|t| t.starts_with('%'));
            if agg.is_some_and(|a| inserted.contains(a)) {
                bad.push(line.to_string());
            }
        }
    }
    bad
}

#[test]
fn no_extractvalue_reads_an_insertvalue() {
    let (mut extracts, mut inserts) = (0, 0);
    for seed in 0..200u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        let Ok(lowered) = converter::lower::lower_module(&m, &Default::default()) else {
            continue;
        };
        let ir = jit::translate_to_ir_string(&lowered).expect("translates");
        let bad = extracts_of_inserts(&ir);
        assert!(bad.is_empty(), "seed {seed}: {}", bad.join("\n"));
        extracts += ir.matches(" = extractvalue ").count();
        inserts += ir.matches(" = insertvalue ").count();
    }
    // Descriptors are still built where they are passed, returned or stored.
    assert!(inserts > 0 && extracts > 0, "{inserts} {extracts}");
}

#[test]
fn the_check_sees_an_unfolded_read() {
    let ir = "define i64 @f(i64 %0) {\n  %2 = insertvalue { i64 } undef, i64 %0, 0\n  \
              %3 = extractvalue { i64 } %2, 0\n  ret i64 %3\n}\n";
    assert_eq!(extracts_of_inserts(ir).len(), 1);
}
