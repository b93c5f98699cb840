//! LLVM 11's pass options as campaigns use them: the swarm configuration picks them per
//! case (with the index bit width), the generator keeps to what they allow, `gen`
//! writes them on a `// stdlower-options:` line, and `check` on a saved file lowers
//! and runs it with them, so a finding reproduces from its file.

use crate::common;
use common::{stdlower, TempDir};
use converter::lower::lower_module;

#[test]
fn swarm_cases_pick_every_option_and_lower_under_it() {
    let (mut bare, mut aligned, mut idx32, mut bare_sig) = (0, 0, 0, 0);
    for seed in 0..400u64 {
        let (cfg, m, opts) = crate::common::swarm_case(seed);
        // The generator produced only what the case's options accept.
        if let Err(ds) = lower_module(&m, &opts) {
            panic!("seed {seed} ({opts:?}) does not lower: {ds:?}");
        }
        bare += cfg.use_bare_ptr_memref_call_conv as usize;
        aligned += cfg.use_aligned_alloc as usize;
        idx32 += (cfg.index_bitwidth == 32) as usize;
        if cfg.use_bare_ptr_memref_call_conv {
            let f = generator::features(&m);
            if f.contains("memref_arg") || f.contains("memref_result") {
                bare_sig += 1;
            }
            assert!(!f.contains("emit_c_interface"), "seed {seed}");
            assert!(!f.contains("external_call"), "seed {seed}");
        }
        if cfg.index_bitwidth == 32 {
            assert!(!generator::features(&m).contains("external_call"));
        }
    }
    // About a quarter, a third and a quarter of the cases.
    assert!(
        bare > 50 && aligned > 70 && idx32 > 50,
        "{bare} {aligned} {idx32}"
    );
    assert!(
        bare_sig > 10,
        "only {bare_sig} bare-pointer cases pass memrefs"
    );
}

#[test]
fn gen_names_the_options_and_check_uses_those_of_the_file() {
    // The first seeds whose configuration picks bare pointers and a 32-bit index.
    let seed = (0..200u64)
        .find(|&s| {
            let (c, _) = generator::generate_swarm_from_seed(s);
            c.use_bare_ptr_memref_call_conv && c.index_bitwidth == 32
        })
        .expect("a seed with both options");
    let (ok, text, err) = stdlower(&["gen", "--swarm", "--seed", &seed.to_string()]);
    assert!(ok, "{err}");
    let line = text.lines().nth(1).unwrap_or("");
    assert!(
        line.starts_with("// stdlower-options: --index-bitwidth 32")
            && line.contains("--use-bare-ptr-memref-call-conv"),
        "{line}"
    );
    let dir = TempDir::new("pass-options");
    let saved = dir.file("case.mlir", &text);
    let (ok, out, err) = stdlower(&["check", saved.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("1 agree"), "{out}");

    // check takes the file's options: a dynamic memref in a signature is bad input
    // under bare pointers, and fine without them.
    let body = "func @main() -> index {\n  %c2 = constant 2 : index\n  %m = alloc(%c2) : memref<?xf32>\n  %r = call @n(%m) : (memref<?xf32>) -> index\n  dealloc %m : memref<?xf32>\n  return %r : index\n}\nfunc @n(%m: memref<?xf32>) -> index {\n  %c0 = constant 0 : index\n  %d = dim %m, %c0 : memref<?xf32>\n  return %d : index\n}\n";
    let plain = dir.file("plain.mlir", body);
    let (ok, out, _) = stdlower(&["check", plain.to_str().unwrap()]);
    assert!(ok && out.contains("1 agree"), "{out}");
    let with = dir.file(
        "bare.mlir",
        &format!("// stdlower-options: --use-bare-ptr-memref-call-conv\n{body}"),
    );
    let (ok, out, _) = stdlower(&["check", with.to_str().unwrap()]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("bare.mlir:5:8: error: cannot pass 'memref<?xf32>' under the bare pointer calling convention"),
        "{out}"
    );
    // The command line's options add to the file's; an unknown option is an error.
    let (ok, out, _) = stdlower(&[
        "check",
        "--use-bare-ptr-memref-call-conv",
        plain.to_str().unwrap(),
    ]);
    assert!(!ok && out.contains(", 1 invalid"), "{out}");
    let bad = dir.file(
        "bad.mlir",
        &format!("// stdlower-options: --frobnicate\n{body}"),
    );
    let (ok, out, _) = stdlower(&["check", bad.to_str().unwrap()]);
    assert!(
        !ok && out.contains("unknown option '--frobnicate'"),
        "{out}"
    );
}

/// Every combination of lowering options: its `// stdlower-options:` line reads back to
/// the same options, and `stdlower lower` given its flags prints what `lower_module`
/// lowers under them (so a reproducer or a child `lower` lowers as the campaign did).
#[test]
fn every_option_combination_survives_its_flags() {
    use harness::exec::ExecOptions;
    use stdlower_front::options::lower_flags;
    let src = "func @f(%a: memref<2xi32>, %i: index) -> i32 {\n  %v = load %a[%i] : memref<2xi32>\n  %b = alloc() {alignment = 16} : memref<4xf32>\n  dealloc %b : memref<4xf32>\n  return %v : i32\n}\n";
    let dir = TempDir::new("every_option_combination");
    let file = dir.file("f.mlir", src);
    let m = converter::syntax::parse_module("f.mlir", src.as_bytes()).expect("parses");
    for bits in 0..16u32 {
        let exec = ExecOptions {
            index_bitwidth: if bits & 1 == 1 { 32 } else { 64 },
            pass: harness::cmd::PassOptions {
                use_aligned_alloc: bits & 2 != 0,
                use_bare_ptr_memref_call_conv: bits & 4 != 0,
            },
            ..ExecOptions::default()
        };
        let line = exec.options_line();
        assert_eq!(line.is_empty(), bits & 7 == 0, "{line}");
        let back = ExecOptions::default()
            .with_file_options(&line)
            .expect("reads its own line");
        assert_eq!(
            (back.index_bitwidth, back.pass),
            (exec.index_bitwidth, exec.pass),
            "{line}"
        );
        let opts = exec.pass.lower_options(exec.index_bitwidth, bits & 8 != 0);
        let mut args = vec!["lower".to_string(), file.display().to_string()];
        args.extend(
            lower_flags(&opts)
                .iter()
                .flat_map(|f| f.split(' '))
                .map(str::to_string),
        );
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, out, err) = stdlower(&argv);
        assert!(ok, "{args:?}: {err}");
        let want = lower_module(&m, &opts).expect("lowers");
        assert_eq!(
            out,
            converter::llvm_print::print_llvm(&want, converter::llvm_print::Syntax::Modern),
            "{args:?}"
        );
    }
}
