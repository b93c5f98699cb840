//! Many modules through one `mlir-opt` run as nested modules
//! (`harness/src/upstream_release/nested.rs`) give each case what the split run
//! (`--split-input-file`, `batch.rs`) gives it: generated modules (many seeds, swarm
//! configurations) lowered both ways have equal answers case by case, most of them from
//! the nested run, and some are checked against the case lowered alone, byte for byte:
//! MLIR 22 with its flags on the outer module, MLIR 13 with its pipeline anchored on the
//! nested modules (14 to 16 the same way). A case refused
//! among good ones is told apart by its diagnostics' lines and gets the refusal of a run
//! alone, and the others still get their modules from the nested run; a case of a
//! documented MLIR 13 bug goes to the split run without a nested run. Skipped without
//! the tools, a failure under `CI`.

use converter::syntax::{export_for, Release};
use harness::upstream::ir_batch::as_run_alone;
use harness::upstream_release::{self, nested, Toolchain};
use harness::upstream_tools::{run_tool, TOOL_TIMEOUT};
use stdlower_front::options::PassOptions;

fn pipeline(release: Release) -> Vec<String> {
    pipeline_with(release, 64, Default::default())
}

fn pipeline_with(release: Release, index_bitwidth: u32, pass: PassOptions) -> Vec<String> {
    let dl = harness::upstream::host_data_layout().expect("host data layout");
    upstream_release::pipeline(release, index_bitwidth, pass, dl)
}

/// Generated modules exported for `release` (swarm configurations and the default one),
/// as the campaign's oracle exports them for the options `pass` (forced on the swarm
/// configurations; the modules upstream cannot lower with them left out).
fn generated(release: Release, seeds: std::ops::Range<u64>, pass: PassOptions) -> Vec<String> {
    let mut texts = Vec::new();
    for seed in seeds {
        // The campaign gives the options a case's swarm configuration asks for.
        let swarm = seed % 2 == 0 || pass != PassOptions::default();
        let m = match swarm {
            true => {
                generator::generate_swarm_from_seed_with(seed, |g| {
                    g.use_aligned_alloc |= pass.use_aligned_alloc;
                    g.use_bare_ptr_memref_call_conv |= pass.use_bare_ptr_memref_call_conv;
                })
                .1
            }
            false => generator::generate_from_seed(seed, &generator::GenConfig::default()),
        };
        if harness::upstream::upstream_cannot_lower(&m).is_some()
            || harness::upstream::bare_ptr_cannot_lower(&m, pass).is_err()
        {
            continue;
        }
        if let Ok(text) = export_for(&m, release, false) {
            texts.push(text);
        }
    }
    texts
}

/// An answer as a run alone gives it, but for the blank lines after its module: the
/// split run drops the blank line MLIR 22 prints after a module for the last chunk only,
/// where the module lowered alone and the nested run keep it; MLIR 13's split run
/// locates a refusal in its chunk (`within split at <stdin>:...`), a run alone at
/// `<stdin>:LINE:COL` (the campaign rewrites the first into the second, `as_run_alone`).
/// A crash is its first line (`... crashed with SIGSEGV:`; the stack's addresses differ
/// from run to run).
fn trimmed(a: &Result<String, String>) -> Result<String, String> {
    a.as_ref().map(|m| m.trim_end().to_string()).map_err(|e| {
        match e.lines().next().filter(|l| l.contains(" crashed with ")) {
            Some(crash) => crash.to_string(),
            None => as_run_alone(e).unwrap_or_else(|| e.clone()),
        }
    })
}

/// Lowers the modules of `seeds` exported for `t`'s release with `args` nested, split
/// and (one in 16) alone, and checks that each case gets the same answer every way:
/// how many the nested run lowered, how many lowered, how many were refused.
fn differential(
    t: &Toolchain,
    seeds: std::ops::Range<u64>,
    index_bitwidth: u32,
    pass: PassOptions,
) -> [usize; 3] {
    assert!(nested::lowers_nested(t.release));
    let args = &pipeline_with(t.release, index_bitwidth, pass)[..];
    let texts = generated(t.release, seeds.clone(), pass);
    assert!(texts.len() * 4 > seeds.count(), "{} exported", texts.len());
    let split = upstream_release::batch::lower_batch_split(t, &texts, args);
    let nested_only = nested::lower_nested_by(t, &texts, args, false);
    let both = upstream_release::lower_batch(t, &texts, args);
    let mut from_nested = 0;
    for (k, text) in texts.iter().enumerate() {
        assert_eq!(trimmed(&both[k]), trimmed(&split[k]), "case {k}:\n{text}");
        if let Some(m) = &nested_only.modules[k] {
            assert_eq!(Ok(m.clone()), both[k], "case {k}:\n{text}");
            from_nested += 1;
        }
        // And what the text lowered alone prints, for some: byte for byte from the nested
        // run, as [`trimmed`] says from the split run.
        if k % 16 == 0 {
            let alone = run_tool(&t.tools.mlir_opt, args, text, TOOL_TIMEOUT);
            match nested_only.modules[k] {
                Some(_) => assert_eq!(both[k], alone, "case {k}:\n{text}"),
                None => assert_eq!(trimmed(&both[k]), trimmed(&alone), "case {k}:\n{text}"),
            }
        }
    }
    let lowered = split.iter().filter(|a| a.is_ok()).count();
    let refused = split.len() - lowered;
    eprintln!(
        "MLIR {}: {} cases: {lowered} lowered ({from_nested} by the nested run), {refused} refused",
        t.release.major(),
        texts.len()
    );
    [from_nested, lowered, refused]
}

#[test]
fn nested_modules_lower_as_the_split_run_lowers_each() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR22) else {
        return;
    };
    let [from_nested, lowered, _] = differential(&t, 0..160, 64, Default::default());
    // The nested run lowers the cases the split run lowers (all of them today; a few
    // refusals beyond its rounds would leave some to the split run).
    assert!(
        lowered > 40 && from_nested * 10 >= lowered * 9,
        "{from_nested} of {lowered}"
    );
}

/// MLIR 13, its pipeline anchored on the nested modules: with the default options, and
/// with the others the campaign gives it (aligned allocation and bare pointers).
#[test]
fn mlir13_nested_modules_lower_as_the_split_run_lowers_each() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let [from_nested, lowered, refused] = differential(&t, 0..160, 64, Default::default());
    // MLIR 13 refuses some (its documented bugs): they go to the split run, and nearly
    // all the others are lowered nested.
    assert!(
        lowered > 40 && refused > 5,
        "{lowered} lowered, {refused} refused"
    );
    assert!(
        from_nested * 10 >= lowered * 9,
        "{from_nested} of {lowered}"
    );
    let other = PassOptions {
        use_aligned_alloc: true,
        use_bare_ptr_memref_call_conv: true,
    };
    let [from_nested, lowered, _] = differential(&t, 160..320, 64, other);
    assert!(
        lowered > 10 && from_nested * 10 >= lowered * 9,
        "{from_nested} of {lowered}"
    );
}

/// MLIR 14, 15 and 16, anchored as 13 in their own syntax.
#[test]
fn mlir14_to_16_nested_modules_lower_as_the_split_run_lowers_each() {
    for major in 14..=16 {
        let release = Release::new(major).unwrap();
        let Some(t) = crate::common::upstream_toolchain(release) else {
            continue;
        };
        let [from_nested, lowered, _] = differential(&t, 0..96, 64, Default::default());
        assert!(
            lowered > 30 && from_nested * 10 >= lowered * 9,
            "MLIR {major}: {from_nested} of {lowered}"
        );
    }
}

/// Lowers `texts` nested, split and each alone, and checks that each case gets what it
/// gets alone; that the cases `bad` (positions) are the ones the nested runs' diagnostics
/// named, and that the cases `split` went to the split run instead.
fn told_apart(
    t: &Toolchain,
    texts: &[&str],
    bad: &[usize],
    split: &[usize],
) -> Vec<Result<String, String>> {
    let args = pipeline(t.release);
    let texts: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    let nested_only = nested::lower_nested_by(t, &texts, &args, false);
    let both = upstream_release::lower_batch(t, &texts, &args);
    let by_split = upstream_release::batch::lower_batch_split(t, &texts, &args);
    for (k, text) in texts.iter().enumerate() {
        assert_eq!(trimmed(&both[k]), trimmed(&by_split[k]), "case {k}");
        // Byte for byte what the case alone gives, but from the split run.
        let alone = run_tool(&t.tools.mlir_opt, &args, text, TOOL_TIMEOUT);
        match split.contains(&k) {
            true => assert_eq!(trimmed(&both[k]), trimmed(&alone), "case {k}"),
            false => assert_eq!(both[k], alone, "case {k}"),
        }
        assert_eq!(
            nested_only.modules[k].is_none(),
            bad.contains(&k) || split.contains(&k),
            "case {k}"
        );
        assert_eq!(
            nested_only.failed.contains(&k),
            bad.contains(&k),
            "case {k}"
        );
    }
    both
}

const GOOD: &str = "module {\n  func.func @g() -> i32 {\n    %0 = arith.constant 7 : i32\n    return %0 : i32\n  }\n}\n";

/// MLIR 22 refuses to read it: the parse stops at it, and no other case is reported.
const UNREADABLE: &str = "module {\n  func.func @u() -> i32 {\n    %0 = arith.constant 7 : i64\n    return %0 : i32\n  }\n}\n";

/// MLIR 22 reads it but its lowering does not verify (`free` of a pointer in memory
/// space 1).
const REFUSED: &str = "module {\n  func.func @d() {\n    %0 = memref.alloc() : memref<4xf32, 1>\n    memref.dealloc %0 : memref<4xf32, 1>\n    return\n  }\n}\n";

/// A named module with attributes: not nested (its header would not come out as the
/// module alone prints it), lowered by the split run, the attributes and name kept.
const NAMED: &str = "module @m attributes {test.x = 1 : i32} {\n  func.func @h() -> i32 {\n    %0 = arith.constant 9 : i32\n    return %0 : i32\n  }\n}\n";

#[test]
fn a_refused_case_among_nested_ones_is_told_apart() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR22) else {
        return;
    };
    let other = GOOD.replace("7 : i32", "8 : i32");
    let texts = [
        GOOD, REFUSED, &other, UNREADABLE, GOOD, NAMED, REFUSED, &other, GOOD,
    ];
    let both = told_apart(&t, &texts, &[1, 3, 6], &[5]);
    for (k, a) in both.iter().enumerate() {
        assert_eq!(a.is_err(), [1, 3, 6].contains(&k), "case {k}: {a:?}");
    }
    let msg = both[1].as_ref().unwrap_err();
    assert!(
        msg.contains("'llvm.call' op operand type mismatch"),
        "{msg}"
    );
    let msg = both[3].as_ref().unwrap_err();
    assert!(msg.contains("error:"), "{msg}");
    let named = both[5].as_ref().unwrap();
    assert!(named.starts_with("module @m attributes {"), "{named}");
    assert!(named.contains("test.x = 1 : i32"), "{named}");
    // The two good modules differ: each case gets its own.
    assert!(both[0].as_ref().unwrap().contains("(7 : i32)"));
    assert!(both[2].as_ref().unwrap().contains("(8 : i32)"));
}

const GOOD13: &str =
    "module {\n  func @g() -> i32 {\n    %0 = constant 7 : i32\n    return %0 : i32\n  }\n}\n";

/// MLIR 13 refuses to read it.
const UNREADABLE13: &str =
    "module {\n  func @u() -> i32 {\n    %0 = constant 7 : i64\n    return %0 : i32\n  }\n}\n";

/// MLIR 13 reads it, but its lowering fails (a memref with a non-identity layout, which
/// it does not lower).
const REFUSED13: &str = "module {\n  func @a() -> i32 {\n    %0 = memref.alloca() : memref<2xi32, affine_map<(d0) -> (d0 + 1)>>\n    %c0 = constant 0 : index\n    %1 = memref.load %0[%c0] : memref<2xi32, affine_map<(d0) -> (d0 + 1)>>\n    return %1 : i32\n  }\n}\n";

/// MLIR 13's documented bug `mlir13-multi-result-res-attrs.md`: not nested, refused by
/// the split run.
const KNOWN13: &str = "module {\n  func @two(%arg0: i32, %arg1: i32) -> (i32 {test.x}, i32) {\n    return %arg0, %arg1 : i32, i32\n  }\n}\n";

/// MLIR 13's `-convert-math-to-llvm`, which its flags run on the functions of the outer
/// module only: anchored on the nested modules, it lowers theirs.
const EXP13: &str = "module {\n  func @e(%arg0: f64) -> f64 {\n    %0 = math.exp %arg0 : f64\n    return %0 : f64\n  }\n}\n";

#[test]
fn mlir13_refused_cases_among_nested_ones_are_told_apart() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let other = GOOD13.replace("7 : i32", "8 : i32");
    let texts = [
        GOOD13,
        REFUSED13,
        &other,
        UNREADABLE13,
        KNOWN13,
        EXP13,
        &other,
        GOOD13,
    ];
    let both = told_apart(&t, &texts, &[1, 3], &[4]);
    for (k, a) in both.iter().enumerate() {
        assert_eq!(a.is_err(), [1, 3, 4].contains(&k), "case {k}: {a:?}");
    }
    let msg = both[1].as_ref().unwrap_err();
    assert!(
        msg.contains("<stdin>:5:10: error: failed to legalize"),
        "{msg}"
    );
    let msg = both[4].as_ref().unwrap_err();
    assert!(msg.contains("`res_attrs`"), "{msg}");
    let exp = both[5].as_ref().unwrap();
    assert!(
        !exp.contains("math.exp") && exp.contains("llvm.intr.exp"),
        "{exp}"
    );
    assert!(
        exp.starts_with("module attributes {llvm.data_layout = \""),
        "{exp}"
    );
    assert!(both[0].as_ref().unwrap().contains("(7 : i32)"));
    assert!(both[2].as_ref().unwrap().contains("(8 : i32)"));
}

/// Why MLIR 13's nested run is anchored: with the flags, on the outer module, its
/// `-convert-math-to-llvm` (a pass on functions) reaches the outer module's functions
/// only, and `math.exp` of a nested module stays unlowered.
#[test]
fn mlir13_flags_do_not_lower_nested_modules_as_each_alone() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let body = EXP13.strip_prefix("module {\n").unwrap();
    let input = format!("module {{\nmodule @n0 {{\n{body}}}\n");
    let flags = run_tool(
        &t.tools.mlir_opt,
        &pipeline(t.release),
        &input,
        TOOL_TIMEOUT,
    );
    assert!(
        flags.as_ref().is_ok_and(|m| m.contains("math.exp")),
        "{flags:?}"
    );
}
