//! Memref arguments that alias (`--arg @J`, `--arg '@J(offset: O, sizes: [..], strides:
//! [..])'`, see `converter::arg_view`) through the callers the file test's `run:` lines
//! do not reach: a `_mlir_ciface_` wrapper called natively as C calls it, and the
//! C-interface oracle's C program compiled by clang. Each agrees with the interpreter;
//! a deliberately wrong caller that copies a view instead of aliasing it
//! (`arg_view::copied`) disagrees, natively and from C, so the comparison catches it.
//! Bad views are usage errors naming the problem.

use crate::common::stdlower;
use converter::arg_view;
use converter::ir::Module;
use converter::lower::{lower_module, LowerOptions};
use converter::value::RtValue;
use harness::exec::{parse_args, run_interp, ExecOptions, Outcome};
use harness::native::run_jit_in_process as run_jit;

const FILE: &str = "corpus/interp/memref_aliased_entry_arguments.mlir";

/// The negative-stride view's file (`@reverse`).
const REVERSE: &str = "corpus/interp/memref_aliased_negative_stride.mlir";

fn path_of(file: &str) -> String {
    format!("{}/../{file}", env!("CARGO_MANIFEST_DIR"))
}

fn path() -> String {
    path_of(FILE)
}

/// Both files' functions in one module.
fn module() -> Module {
    let mut text = std::fs::read(path()).expect("the corpus file");
    text.extend(std::fs::read(path_of(REVERSE)).expect("the corpus file"));
    converter::syntax::parse_module(FILE, &text).expect("parses")
}

/// The calls: an entry and its `--arg` texts (the file's `run:` lines).
const CALLS: &[(&str, &[&str])] = &[
    ("same", &["[1, 2, 3]", "@0"]),
    (
        "reverse",
        &["[1, 2, 3, 4]", "@0(offset: 3, sizes: [4], strides: [-1])"],
    ),
    (
        "grid",
        &[
            "[0, 0, 0, 0, 0, 0, 0, 0]",
            "@0(offset: 1, sizes: [2, 2], strides: [4, 2])",
            "@0(offset: 0, sizes: [3], strides: [0])",
        ],
    ),
    (
        "prefix",
        &["[1, 2, 3, 4]", "@0(offset: 0, sizes: [2], strides: [1])"],
    ),
];

fn args_of(m: &Module, entry: &str, texts: &[&str]) -> Vec<RtValue> {
    let texts: Vec<String> = texts.iter().map(|s| s.to_string()).collect();
    parse_args(m, entry, &texts).expect("the arguments parse")
}

/// Natively, directly and through the C wrapper: the interpreter's results with the
/// views aliased, and other results when the views are copied.
#[test]
fn the_jit_aliases_views_directly_and_through_c_wrappers() {
    let m = module();
    let opts = ExecOptions::default();
    for &(entry, texts) in CALLS {
        let args = args_of(&m, entry, texts);
        let want = run_interp(&m, entry, &args, &opts);
        assert!(matches!(want, Outcome::Values(_)), "@{entry}: {want:?}");
        let got = run_jit(&m, entry, &args, &opts);
        assert!(want.same_results(&got), "@{entry}: {want:?} vs {got:?}");
        let types = &m
            .func(entry)
            .and_then(|f| f.std_type())
            .expect("typed")
            .inputs;
        let copied = arg_view::copied(types, &args).expect("copies");
        assert!(copied.iter().all(|a| !matches!(a, RtValue::View(_))));
        let wrong = run_jit(&m, entry, &copied, &opts);
        assert!(
            !want.same_results(&wrong),
            "@{entry}: a copying caller agrees: {wrong:?}"
        );
    }
    // `@same` has a C interface: called as C calls it, through the descriptors' pointers.
    let args = args_of(&m, "same", CALLS[0].1);
    let want = run_interp(&m, "same", &args, &opts);
    let got = run_jit(&m, "_mlir_ciface_same", &args, &opts);
    assert!(want.same_results(&got), "{want:?} vs {got:?}");
}

/// Whether clang-22 is there to build C callers (a CI run requires it).
fn have_compiler() -> bool {
    let found = harness::abi::c_gen::find_program(harness::ciface::c_caller::COMPILER).is_some();
    assert!(
        found || std::env::var_os("CI").is_none(),
        "CI needs {}",
        harness::ciface::c_caller::COMPILER
    );
    found
}

/// The C-interface oracle's C program passes a view as its base's buffer: it agrees
/// with the interpreter; built from copied arguments (a C caller that copies), it does
/// not.
#[test]
fn the_c_caller_aliases_views() {
    if !have_compiler() {
        return;
    }
    let m = module();
    let opts = ExecOptions::default();
    let f = m.func("same").expect("defined");
    let args = args_of(&m, "same", CALLS[0].1);
    let want = run_interp(&m, "same", &args, &opts);
    let copied = arg_view::copied(&f.std_type().expect("typed").inputs, &args).expect("copies");
    let planned: Vec<harness::ciface::Planned<'_>> = [args, copied]
        .into_iter()
        .map(|args| harness::ciface::Planned {
            func: f,
            want: want.clone(),
            args,
            wrapper: "_mlir_ciface_same".into(),
        })
        .collect();
    let lowered = lower_module(
        &m,
        &LowerOptions {
            emit_c_interface: false,
            ..LowerOptions::default()
        },
    )
    .expect("lowers");
    // One program each (a program declares each wrapper once).
    let got: Vec<Outcome> = planned
        .iter()
        .map(|p| {
            let checks = [(0, p)];
            let program = harness::ciface::c_caller::program(&checks, 64).expect("a C program");
            let aliased = program.contains("a1.aligned = b0;");
            assert_eq!(aliased, matches!(p.args[1], RtValue::View(_)), "{program}");
            let mut out = harness::ciface::c_caller::run(&lowered, &checks, 64).expect("C calls");
            out.remove(0)
        })
        .collect();
    assert!(want.same_results(&got[0]), "{want:?} vs {:?}", got[0]);
    assert!(
        !want.same_results(&got[1]),
        "a copying C caller agrees: {:?}",
        got[1]
    );
}

/// A view that does not fit its base, names a later argument, or contradicts the
/// parameter's static layout is a usage error (exit 2) naming the problem, for
/// `interp`, `interp --level llvm` and `run`.
#[test]
fn bad_views_are_usage_errors() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "reverse",
            &["[1, 2, 3, 4]", "@0(offset: 2, sizes: [4], strides: [-1])"],
            "reaches elements -1 to 2",
        ),
        (
            "reverse",
            &["@1", "[1, 2, 3, 4]"],
            "does not come before it",
        ),
        (
            "prefix",
            &["[1, 2, 3, 4]", "@0(offset: 1, sizes: [2], strides: [1])"],
            "offset 1",
        ),
        (
            "same",
            &["[1, 2, 3]", "@0(offset: 0, sizes: [3]"],
            "a view is written",
        ),
    ];
    for (entry, args, msg) in cases {
        let p = path_of(if *entry == "reverse" { REVERSE } else { FILE });
        for cmd in [&["interp"][..], &["interp", "--level", "llvm"], &["run"]] {
            let mut v: Vec<&str> = cmd.to_vec();
            v.extend([p.as_str(), "--entry", entry]);
            for a in *args {
                v.extend(["--arg", a]);
            }
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
                .args(&v)
                .output()
                .expect("runs");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{v:?}: {err}");
            assert!(err.contains(msg), "{v:?}: {err}");
        }
    }
    // And a good one runs, printing the base's buffer as the view left it.
    let rev = path_of(REVERSE);
    let (ok, out, err) = stdlower(&[
        "run",
        &rev,
        "--entry",
        "reverse",
        "--arg",
        "[1, 2, 3, 4]",
        "--arg",
        "@0(offset: 3, sizes: [4], strides: [-1])",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out, "memref<4xi32> [21, 22, 12, 11]\n");
}
