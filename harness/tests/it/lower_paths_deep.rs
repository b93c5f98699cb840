//! The big-variant check of `lower-paths` (`lower_paths::big_variant_is_lowered`):
//! `stdlower lower --jobs 2` in a process of its own, on a case with attributes nested as
//! deep as the parser allows and a function of more than ten thousand values, whose
//! printing must also read back. The correct binary passes on generated cases; a binary
//! whose threads lack the stack for that nesting (the mutant `8 << 20 -> 8 >> 20` of
//! `SourceLowering::run` gives its extra threads the system's minimum; here the main
//! thread gets too little, by `ulimit -s`) is a finding, not the end of the campaign;
//! so is a binary that prints other text, and a printing whose five-digit value names
//! collide (the printer mutants `% -> /` and `/ -> %` of `push_u64`'s long paths). No
//! other oracle runs `stdlower lower` in a process or feeds it deep nesting or five-digit
//! names, so none sees these.

use converter::llvm_print::Syntax;
use converter::lower::LowerOptions;
use harness::lower_paths::{big_variant, big_variant_is_lowered, DEEP_DECLS};
use std::path::{Path, PathBuf};

fn exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_stdlower-full"))
}

/// Generated cases with their lowering options and a syntax each.
fn cases(n: u64) -> Vec<(converter::ir::Module, LowerOptions, Syntax)> {
    (0..n)
        .map(|seed| {
            let (_, m, opts) = crate::common::swarm_case(seed);
            let syntax = if seed % 2 == 0 {
                Syntax::Modern
            } else {
                Syntax::Legacy
            };
            (m, opts, syntax)
        })
        .collect()
}

/// A script that runs `stdlower-full` with `prelude` before it (a shell line).
fn wrapper(dir: &Path, name: &str, prelude: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    let text = format!("#!/bin/sh\n{prelude}\nexec '{}' \"$@\"\n", exe().display());
    std::fs::write(&p, text).expect("write the script");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    p
}

#[test]
fn the_correct_binary_lowers_deep_nesting_like_lower_module() {
    let cases = cases(8);
    assert!(cases.iter().any(|(_, o, _)| o.index_bitwidth == 32));
    for (m, opts, syntax) in &cases {
        assert_eq!(
            big_variant_is_lowered(m, opts, *syntax, exe()),
            None,
            "{opts:?}"
        );
        let deep = big_variant(m);
        assert_eq!(deep.funcs.len(), m.funcs.len() + DEEP_DECLS + 1);
    }
}

#[test]
fn a_lowering_process_without_the_stack_for_the_nesting_is_found() {
    let dir = crate::common::TempDir::new("deep-small-stack");
    let small = wrapper(&dir.0, "small-stack", "ulimit -s 64");
    for (m, opts, syntax) in cases(3) {
        let found = big_variant_is_lowered(&m, &opts, syntax, &small)
            .unwrap_or_else(|| panic!("not found: {opts:?}"));
        assert!(found.contains("crashed with SIG"), "{found}");
        assert!(found.contains("overflowed its stack"), "{found}");
    }
}

#[test]
fn a_lowering_process_that_prints_other_text_is_found() {
    let dir = crate::common::TempDir::new("deep-other-text");
    // The output with the deep attribute cut to its innermost value on every function.
    let script = dir.0.join("drops-attr");
    {
        use std::os::unix::fs::PermissionsExt;
        let text = format!(
            "#!/bin/sh\n'{}' \"$@\" | sed 's/stdlower.deep = \\[*1\\]*/stdlower.deep = 1/'\n",
            exe().display()
        );
        std::fs::write(&script, text).expect("write the script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let (m, opts, syntax) = cases(1).remove(0);
    let found = big_variant_is_lowered(&m, &opts, syntax, &script).expect("found");
    assert!(
        found.contains("prints other text than lower_module"),
        "{found}"
    );
}

#[test]
fn colliding_five_digit_value_names_do_not_read_back() {
    let (_, m, opts) = crate::common::swarm_case(0);
    let lowered = converter::lower::lower_module(&big_variant(&m), &opts).expect("lowers");
    let text = converter::llvm_print::print_llvm(&lowered, Syntax::Modern);
    assert!(harness::lower_paths::reads_back(&text, &lowered, Syntax::Modern).is_ok());
    // The wide function's results are %0 to %{WIDE_VALUES - 2} (its argument is %arg0):
    // define the last under the name of the one before.
    let last = harness::lower_paths::WIDE_VALUES - 2;
    let (a, b) = (format!("%{last} = "), format!("%{} = ", last - 1));
    assert!(text.contains(&a), "no value %{last}");
    let wrong = text.replace(&a, &b);
    let e = harness::lower_paths::reads_back(&wrong, &lowered, Syntax::Modern).expect_err("found");
    assert!(e.contains("does not parse"), "{e}");
}
