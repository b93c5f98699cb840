//! `lower-paths` on the printed lowering (`lower_paths::reads_back`): what `stdlower
//! lower` prints must read back to the very module in memory. Every other oracle judges
//! the module in memory, so a printer that writes the wrong op, predicate or type passes
//! them all. Here wrong printers are made from the correct text: one writes `llvm.sub`
//! for `llvm.add`, one `"sle"` for `"slt"`, one `i32` for every `i64` constant (which no
//! longer parses); in the legacy syntax, whose typed pointers the modern one does not
//! show, one writes `i32*` for `i64*` and one drops the address space. Each is found on
//! every case whose text it changes.

use converter::ir::Module;
use converter::llvm_print::{print_llvm, Syntax};
use converter::lower::lower_module;
use harness::lower_paths::reads_back;

/// Generated cases' lowerings and their printing in `syntax`.
fn cases(n: u64, syntax: Syntax) -> Vec<(Module, String)> {
    (0..n)
        .filter_map(|seed| {
            let (_, m, opts) = crate::common::swarm_case(seed);
            let lowered = lower_module(&m, &opts).ok()?;
            let text = print_llvm(&lowered, syntax);
            Some((lowered, text))
        })
        .collect()
}

/// `wrong` applied to each case's modern text: how many texts it changed; each changed
/// one must be found with a detail containing `expect`.
fn found_wherever_changed(n: u64, wrong: impl Fn(&str) -> String, expect: &str) -> usize {
    found_wherever_changed_in(Syntax::Modern, n, wrong, expect)
}

/// [`found_wherever_changed`] in `syntax`.
fn found_wherever_changed_in(
    syntax: Syntax,
    n: u64,
    wrong: impl Fn(&str) -> String,
    expect: &str,
) -> usize {
    let mut changed = 0;
    for (lowered, text) in cases(n, syntax) {
        let w = wrong(&text);
        if w == text {
            continue;
        }
        changed += 1;
        let e = reads_back(&w, &lowered, syntax).expect_err("found");
        assert!(e.contains(expect), "{e}");
    }
    changed
}

#[test]
fn the_correct_printing_passes() {
    for syntax in [Syntax::Modern, Syntax::Legacy] {
        let cases = cases(40, syntax);
        assert!(cases.len() >= 30, "only {} cases lowered", cases.len());
        for (lowered, text) in &cases {
            assert_eq!(reads_back(text, lowered, syntax), Ok(()), "{syntax:?}");
        }
    }
}

#[test]
fn a_legacy_printer_that_writes_the_wrong_pointee_is_found() {
    // Every `i64*` becomes `i32*`, consistently: the text still parses where no load or
    // store names the pointee, and is another module.
    let changed = found_wherever_changed_in(
        Syntax::Legacy,
        40,
        |t| t.replace("i64*", "i32*"),
        "legacy syntax",
    );
    assert!(changed >= 10, "only {changed} cases have an i64*");
}

#[test]
fn a_legacy_printer_that_drops_the_address_space_is_found() {
    let changed = found_wherever_changed_in(
        Syntax::Legacy,
        80,
        |t| {
            let mut out = t.to_string();
            while let Some(at) = out.find(" addrspace(") {
                let end = at + out[at..].find(')').expect("closed") + 1;
                out.replace_range(at..end, "");
            }
            out
        },
        "legacy syntax",
    );
    assert!(changed >= 5, "only {changed} cases have a memory space");
}

#[test]
fn a_printer_that_writes_sub_for_add_is_found() {
    let changed = found_wherever_changed(
        40,
        |t| t.replace("llvm.add ", "llvm.sub "),
        "is read back as llvm.sub",
    );
    assert!(changed >= 10, "only {changed} cases have an llvm.add");
}

#[test]
fn a_printer_that_writes_sle_for_slt_is_found() {
    let changed = found_wherever_changed(
        60,
        |t| t.replace("llvm.icmp \"slt\"", "llvm.icmp \"sle\""),
        "has attributes",
    );
    assert!(changed >= 5, "only {changed} cases have an slt comparison");
}

#[test]
fn a_printer_that_writes_i32_for_i64_constants_is_found() {
    let changed = found_wherever_changed(
        30,
        |t| t.replace(" : i64) : i64", " : i32) : i32"),
        "does not parse",
    );
    assert!(changed >= 10, "only {changed} cases have an i64 constant");
}
