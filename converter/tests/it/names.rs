//! Symbol names by MLIR's rules, through every printer: random names (spaces, quotes,
//! backslashes, tabs, non-ASCII, `$`, `.`, `-`, a leading digit) on a function that
//! is called, referenced by `constant @f` and given a C wrapper must
//! - read back unchanged from the Standard printer (custom and generic form) and the
//!   upstream export, which our parser reads;
//! - come out of the LLVM-dialect printers (modern and legacy) as a symbol token that
//!   our lexer reads back to the same name, on `llvm.func`, `llvm.call`,
//!   `llvm.mlir.addressof` and the `_mlir_ciface_` wrapper;
//! - on a sample, with MLIR 22 installed: the modern output translates with
//!   `mlir-translate --mlir-to-llvmir` (the LLVM IR defines each name), and the export
//!   goes through `mlir-opt`, whose printed module our parser reads to the same names.
//!   Without the tools the sample is skipped, unless `CI` is set.

use converter::ir::Module;
use converter::llvm_print::{print_llvm, Syntax};
use converter::lower::{lower_module, LowerOptions};
use converter::syntax::lexer::{is_bare_ident, unescape, Lexer, Tok};
use converter::syntax::{export_upstream, parse_module, print_module, PrintOptions};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use std::path::PathBuf;
use std::process::Command;

/// The text of a symbol as every printer writes it (`@name` or `@"..."`).
fn symbol(name: &str) -> String {
    let mut s = String::new();
    converter::syntax::printer::write_symbol(&mut s, name);
    s
}

/// A module in which `name` is defined, called, referenced and given a C wrapper.
fn module_text(name: &str) -> String {
    let s = symbol(name);
    format!(
        "func {s}(%a: i32) -> i32 attributes {{llvm.emit_c_interface}} {{\n  \
           return %a : i32\n}}\n\
         func @main() -> i32 {{\n  \
           %c = constant 7 : i32\n  \
           %r = call {s}(%c) : (i32) -> i32\n  \
           %f = constant {s} : (i32) -> i32\n  \
           %s = call_indirect %f(%r) : (i32) -> i32\n  \
           return %s : i32\n}}\n"
    )
}

fn names_of(m: &Module) -> Vec<String> {
    m.funcs.iter().map(|f| f.name.clone()).collect()
}

/// Every symbol token (`@...`) of `text`, decoded as our lexer reads it (an `@`
/// inside a quoted name is part of that name).
fn symbols_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(k) = text[pos..].find('@') {
        let i = pos + k;
        let mut lex = Lexer::new(&text.as_bytes()[i..]);
        let t = lex.next_token();
        assert_eq!(t.kind, Tok::AtIdent, "a symbol at byte {i} of:\n{text}");
        let spelled = &text[i + 1..i + t.end as usize];
        out.push(if spelled.starts_with('"') {
            unescape(spelled.as_bytes()).expect("a valid escape")
        } else {
            spelled.to_string()
        });
        pos = i + t.end as usize;
    }
    out
}

fn check_name(name: &str) -> Result<(), TestCaseError> {
    let text = module_text(name);
    let m = parse_module("n.mlir", text.as_bytes())
        .map_err(|d| TestCaseError::fail(format!("{}\n{text}", d.render("n.mlir", Some(&text)))))?;
    let want = vec![name.to_string(), "main".to_string()];
    prop_assert_eq!(names_of(&m), want.clone());
    // The Standard printer, both forms, and the export read back to the same names.
    let mut printed = Vec::new();
    for generic in [false, true] {
        printed.push(print_module(&m, &PrintOptions { generic }));
    }
    printed.push(export_upstream(&m).map_err(|d| TestCaseError::fail(d.to_string()))?);
    for p in &printed {
        let back = parse_module("p.mlir", p.as_bytes())
            .map_err(|d| TestCaseError::fail(format!("{}\n{p}", d.render("p.mlir", Some(p)))))?;
        prop_assert_eq!(names_of(&back), want.clone(), "{}", p);
        let syms = symbols_in(p);
        prop_assert!(syms.iter().filter(|s| *s == name).count() >= 3, "{}", p);
    }
    // The LLVM-dialect printers write symbols our lexer reads back to the names.
    let lowered = lower_module(&m, &LowerOptions::default())
        .map_err(|d| TestCaseError::fail(format!("{d:?}")))?;
    let wrapper = format!("_mlir_ciface_{name}");
    for syntax in [Syntax::Modern, Syntax::Legacy] {
        let out = print_llvm(&lowered, syntax);
        let syms = symbols_in(&out);
        for n in [name, "main", wrapper.as_str()] {
            prop_assert!(
                out.contains(&format!("llvm.func {}(", symbol(n))),
                "no llvm.func {}:\n{}",
                symbol(n),
                out
            );
            prop_assert!(syms.iter().any(|s| s == n), "{} not read back:\n{}", n, out);
        }
        // Defined, called (directly, from the wrapper) and its address taken.
        prop_assert!(syms.iter().filter(|s| *s == name).count() >= 4, "{}", out);
    }
    Ok(())
}

/// Names from characters that matter to the lexer and the escapes.
fn name_strategy() -> impl Strategy<Value = String> {
    let chars = prop::sample::select(vec![
        'a',
        'Z',
        '_',
        '0',
        '9',
        '$',
        '.',
        '-',
        ' ',
        '"',
        '\\',
        '\t',
        '\n',
        '\u{1}',
        'é',
        'ƒ',
        '\u{7f}',
        '\u{1F600}',
        '@',
        '%',
        '#',
        '!',
        '^',
        '(',
        ')',
        '{',
        '}',
        ':',
        ',',
        '=',
    ]);
    prop::collection::vec(chars, 1..12).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn random_names_print_and_read_back(name in name_strategy()) {
        check_name(&name)?;
    }
}

#[test]
fn bare_names_stay_bare_and_others_are_quoted() {
    for (name, text) in [
        ("f", "@f"),
        ("_x.y$1", "@_x.y$1"),
        ("f-g", "@\"f-g\""),
        ("9f", "@\"9f\""),
        ("$f", "@\"$f\""),
        ("add one!", "@\"add one!\""),
        ("a\"b\\c\nd é", "@\"a\\22b\\\\c\\0Ad \\C3\\A9\""),
    ] {
        assert_eq!(symbol(name), text);
        assert_eq!(is_bare_ident(name), !text.contains('"'));
        check_name(name).unwrap();
    }
}

/// An MLIR 22 tool, when installed; its absence fails under `CI`.
fn mlir_tool(name: &str) -> Option<PathBuf> {
    let dir = Command::new("llvm-config-22")
        .arg("--bindir")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok());
    let p = dir.map(|d| PathBuf::from(d.trim()).join(name));
    match p.filter(|p| p.exists()) {
        Some(p) => Some(p),
        None => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{name} 22 is not installed, and CI is set"
            );
            eprintln!("{name} 22 not installed: skipped");
            None
        }
    }
}

/// Runs `tool args... file` on `text`; its stdout, or the failure with its stderr.
fn run_tool(tool: &PathBuf, args: &[&str], text: &str, tag: &str) -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("stdlower-names-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.mlir");
    std::fs::write(&file, text).unwrap();
    let out = Command::new(tool).args(args).arg(&file).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The names LLVM IR text defines (`define ... @name(` or `@"..."(`), decoded.
fn llvm_ir_defines(ir: &str) -> Vec<String> {
    ir.lines()
        .filter(|l| l.starts_with("define "))
        .filter_map(|l| {
            let at = l.find('@')?;
            let rest = &l[at + 1..];
            if let Some(q) = rest.strip_prefix('"') {
                let end = q.find("\"(")?;
                unescape(format!("\"{}\"", &q[..end]).as_bytes()).ok()
            } else {
                Some(rest[..rest.find('(')?].to_string())
            }
        })
        .collect()
}

#[test]
fn mlir_22_reads_the_printed_names() {
    let (Some(translate), Some(opt)) = (mlir_tool("mlir-translate"), mlir_tool("mlir-opt")) else {
        return;
    };
    // A fixed sample: one module holding many names (one tool run each).
    let mut rng = proptest::test_runner::TestRunner::deterministic();
    let strategy = name_strategy();
    let mut names: Vec<String> = vec!["f-g".into(), "add one!".into(), "9x".into()];
    while names.len() < 40 {
        let n = strategy.new_tree(&mut rng).unwrap().current();
        if !names.contains(&n) && n != "main" {
            names.push(n);
        }
    }
    let mut text = String::new();
    for (i, n) in names.iter().enumerate() {
        let s = symbol(n);
        text.push_str(&format!(
            "func {s}(%a: i32) -> i32 attributes {{llvm.emit_c_interface}} {{\n  \
               %f = constant {s} : (i32) -> i32\n  \
               return %a : i32\n}}\n\
             func @caller{i}(%a: i32) -> i32 {{\n  \
               %r = call {s}(%a) : (i32) -> i32\n  \
               return %r : i32\n}}\n"
        ));
    }
    let m = parse_module("n.mlir", text.as_bytes()).unwrap();
    let lowered = lower_module(&m, &LowerOptions::default()).unwrap();
    let modern = print_llvm(&lowered, Syntax::Modern);
    let ir = run_tool(&translate, &["--mlir-to-llvmir"], &modern, "translate")
        .unwrap_or_else(|e| panic!("mlir-translate rejects the modern output:\n{e}"));
    let defined = llvm_ir_defines(&ir);
    for n in &names {
        assert!(defined.contains(n), "LLVM IR does not define {n:?}:\n{ir}");
        let w = format!("_mlir_ciface_{n}");
        assert!(defined.contains(&w), "LLVM IR does not define {w:?}");
    }
    let export = export_upstream(&m).unwrap();
    let printed = run_tool(&opt, &[], &export, "opt")
        .unwrap_or_else(|e| panic!("mlir-opt rejects the export:\n{e}\n{export}"));
    let back = parse_module("opt.mlir", printed.as_bytes())
        .unwrap_or_else(|d| panic!("{}", d.render("opt.mlir", Some(&printed))));
    assert_eq!(names_of(&back), names_of(&m));
}
