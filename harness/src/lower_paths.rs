//! The `lower-paths` oracle: `stdlower lower` does not lower through `lower_module`,
//! which every other oracle checks, but one function at a time — straight from the
//! source text (`SourceLowering`, on several threads), or from the parsed module
//! (`lower_module_each`) where that gives up. Those paths must print exactly the text of
//! `print_llvm(lower_module(..))`, the module the oracles have run; otherwise a bug in the
//! streaming code reaches users while every campaign agrees. Comparing text costs a print
//! and a re-parse, so campaigns sample it, in one
//! syntax a case (the two printers share the streaming code).
//!
//! It also checks the error paths of the lowering that a valid generated module can
//! reach by a small change: a module that already has a function named like a C
//! wrapper the lowering must make ([`clash_is_rejected`]), or that declares a runtime
//! function the lowering calls (`malloc`, `free`, `aligned_alloc`) with another type
//! ([`runtime_clash_is_rejected`]), is rejected with an error naming it, never lowered
//! into a module that calls a function as what it is not.
//!
//! What `stdlower lower` prints is what users feed to `mlir-translate`, but every other
//! oracle judges the lowered module in memory. So the printed text must also read back
//! ([`reads_back`]): parse, verify as LLVM dialect, and print again to the same text;
//! and the module read back must run at the LLVM level as the one in memory does
//! (checked in `oracles`, where the case's call is). A printer that writes a wrong
//! predicate, constant or type would otherwise pass every campaign.
//!
//! And on a sample, [`big_variant_is_lowered`] runs `stdlower lower --jobs 2` itself, in
//! a process of its own, on the case made big ([`big_variant`]): attributes nested as
//! deep as the parser allows, and a function of more than ten thousand values. The
//! printer, the parser and the lowering recurse on nesting, and the threads the source
//! path starts must have the stack for it; a thread without it overflows and aborts the
//! process, which in the campaign's own process would end the campaign, and in a child
//! is a finding. The wide function's value names have five digits, which no generated
//! function reaches; its printing must read back too.

use converter::ir::Module;
use converter::llvm_print::{
    print_llvm, write_func, write_module_close, write_module_open, Syntax,
};
use converter::lower::{lower_module_each, LowerOptions, SourceLowering};

/// The oracle's name in reports.
pub const ORACLE: crate::oracles::Oracle = crate::oracles::Oracle::LowerPaths;

/// The text the source path makes of `src` on `jobs` threads, `None` where it gives up
/// (what `stdlower lower` prints when it takes that path).
pub fn from_source(src: &[u8], opts: &LowerOptions, syntax: Syntax, jobs: usize) -> Option<String> {
    let s = SourceLowering::new("case.mlir", src, opts)?;
    let mut text = String::new();
    write_module_open(&mut text, &s.headers().attrs, syntax);
    let lowered = s.run(jobs, |out, f| write_func(out, f, syntax))?;
    text.extend(lowered.pieces());
    write_module_close(&mut text);
    Some(text)
}

/// The first line where `a` and `b` differ, both shown.
fn first_difference(a: &str, b: &str) -> String {
    let (mut la, mut lb) = (a.lines(), b.lines());
    for n in 1.. {
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (None, None) => break,
            (x, y) => {
                return format!(
                    "line {n}:\n  lower_module: {}\n  streamed:     {}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                )
            }
        }
    }
    "the texts differ in line endings".into()
}

/// The module attribute both paths are checked with: generated modules have none, and a
/// path that lost the module's attributes would otherwise print the same text.
pub const PROBE_ATTR: &str = "stdlower.lower_paths";

/// Checks both one-function-at-a-time paths against `lowered` (`lower_module(m, opts)`)
/// in `syntax`: `Some(detail)` on a difference. The source path reads the Standard
/// printing of `m`; it may give up (an alias after a function, say) — `stdlower lower`
/// then takes the parsed-module path, checked too. Both read `m` with the module
/// attribute [`PROBE_ATTR`] added, which the lowering keeps, so each must print it as
/// `lowered` with it added.
pub fn check(
    m: &Module,
    lowered: &Module,
    opts: &LowerOptions,
    syntax: Syntax,
    jobs: usize,
) -> Option<String> {
    let probe = converter::ir::NamedAttr::new(PROBE_ATTR, converter::ir::Attribute::Unit);
    let (mut with_attr, mut lowered_with_attr) = (m.clone(), lowered.clone());
    with_attr.attrs.push(probe.clone());
    lowered_with_attr.attrs.push(probe);
    let (m, lowered) = (&with_attr, &lowered_with_attr);
    let src = converter::syntax::print_module(m, &Default::default());
    let whole = print_llvm(lowered, syntax);
    // As `lower --syntax` names it.
    let syntax_name = match syntax {
        Syntax::Modern => "modern syntax",
        Syntax::Legacy => "legacy syntax",
    };
    let mut each = String::new();
    write_module_open(&mut each, &m.attrs, syntax);
    match lower_module_each(m, opts, |f| write_func(&mut each, f, syntax)) {
        Ok(()) => write_module_close(&mut each),
        Err(ds) => {
            return Some(format!(
                "lower_module_each ({syntax_name}) fails where lower_module lowers: {}",
                crate::oracles::joined(&ds)
            ));
        }
    }
    if each != whole {
        return Some(format!(
            "lower_module_each ({syntax_name}) prints other text than lower_module, {}",
            first_difference(&whole, &each)
        ));
    }
    // The printer writes every alias before the functions, so the source path has no
    // reason to give up on the printed case: giving up would leave `stdlower lower` on
    // its slower path for every module, unseen.
    match from_source(src.as_bytes(), opts, syntax, jobs) {
        Some(streamed) if streamed != whole => Some(format!(
            "SourceLowering ({syntax_name}, {jobs} threads) prints other text than \
             lower_module, {}",
            first_difference(&whole, &streamed)
        )),
        Some(_) => None,
        None => Some(format!(
            "SourceLowering ({syntax_name}, {jobs} threads) gives up on a module \
             lower_module lowers"
        )),
    }
}

/// For the first function that asks for a C wrapper: the module with a declaration
/// `@_mlir_ciface_NAME` added must fail to lower, with a diagnostic naming it that is not
/// an internal error (the wrapper's name is taken: bad input, not a bug of ours). `Some(detail)` when it lowers or fails otherwise.
pub fn clash_is_rejected(m: &Module, opts: &LowerOptions) -> Option<String> {
    if opts.use_bare_ptr_memref_call_conv {
        return None; // no C wrappers are made
    }
    let f = m.funcs.iter().find(|f| {
        f.has_attr(converter::lower::EMIT_C_INTERFACE)
            && m.func(&format!("_mlir_ciface_{}", f.name)).is_none()
    })?;
    let name = format!("_mlir_ciface_{}", f.name);
    let mut clash = m.clone();
    clash.funcs.push(converter::ir::Func::new_std_decl(
        &name,
        Vec::new(),
        Vec::new(),
    ));
    match converter::lower::lower_module(&clash, opts) {
        Ok(_) => Some(format!(
            "with a declaration @{name} added, the module lowers: the C wrapper of @{} \
             and the declaration share a name",
            f.name
        )),
        // A user error naming the function: the lowering's own output check would also
        // reject two functions of one name, but as an internal error (a bug of ours).
        Err(ds)
            if ds
                .iter()
                .any(|d| d.message.contains(&name) && !d.message.starts_with("internal error")) =>
        {
            None
        }
        Err(ds) => Some(format!(
            "with a declaration @{name} added, the lowering fails without naming it: {}",
            crate::oracles::joined(&ds)
        )),
    }
}

/// The runtime functions the lowering may declare and call.
const RUNTIME: [&str; 3] = ["malloc", "free", "aligned_alloc"];

/// For the first runtime function `lowered` (the lowering of `m`) declares and `m` does
/// not: `m` with its own `llvm.func` declaration of that name, of another type (the
/// lowered declaration's with one more `i8` parameter), must fail to lower with MLIR's
/// "redefinition of reserved function" error naming it, not an internal error.
/// `Some(detail)` when it lowers or fails otherwise.
pub fn runtime_clash_is_rejected(
    m: &Module,
    lowered: &Module,
    opts: &LowerOptions,
) -> Option<String> {
    let decl = lowered.funcs.iter().find(|f| {
        RUNTIME.contains(&f.name.as_str()) && f.body.is_none() && m.func(&f.name).is_none()
    })?;
    let converter::ir::Type::LlvmFunc(ft) = &decl.ty else {
        return Some(format!(
            "@{} is declared with the type {}",
            decl.name, decl.ty
        ));
    };
    let mut params = ft.params.clone();
    params.push(converter::ir::Type::Int(8));
    let other = converter::ir::Type::llvm_func(ft.result.clone(), params);
    let mut clash = m.clone();
    clash
        .funcs
        .push(converter::ir::Func::new_llvm_decl(&decl.name, other));
    let want = format!("redefinition of reserved function '{}'", decl.name);
    match converter::lower::lower_module(&clash, opts) {
        Ok(_) => Some(format!(
            "with a declaration of @{} of another type added, the module lowers",
            decl.name
        )),
        Err(ds)
            if ds
                .iter()
                .any(|d| d.message.contains(&want) && !d.message.starts_with("internal error")) =>
        {
            None
        }
        Err(ds) => Some(format!(
            "with a declaration of @{} of another type added, the lowering fails without \
             saying \"{want}\": {}",
            decl.name,
            crate::oracles::joined(&ds)
        )),
    }
}

/// `text`, the modern-syntax printing of a lowered module, read back: it must parse,
/// pass the LLVM-dialect verifier, and print again to `text` itself. The module read
/// back, or the finding's detail.
pub fn reads_back(text: &str) -> Result<Module, String> {
    let back = converter::syntax::parse_module("printed.mlir", text.as_bytes()).map_err(|d| {
        format!(
            "the printed lowering (modern syntax) does not parse: {}",
            d.render("printed.mlir", Some(text))
        )
    })?;
    if let Err(ds) = converter::verify::verify_opaque_llvm_module(&back) {
        return Err(format!(
            "the printed lowering (modern syntax), read back, fails the LLVM-dialect \
             verifier: {}",
            ds[0].render("printed.mlir", Some(text))
        ));
    }
    let again = print_llvm(&back, Syntax::Modern);
    if again != text {
        return Err(format!(
            "the printed lowering (modern syntax), read back and printed again, is other \
             text, {}",
            first_difference(text, &again)
        ));
    }
    Ok(back)
}

/// How deep the deep variant's attribute nests: the parser's bound, less the levels
/// around it (the attribute dictionary).
pub const DEEP_NESTING: usize = converter::syntax::parser::MAX_DEPTH as usize - 4;

/// Declarations the deep variant adds, each with the deep attribute, so that every
/// thread of the source path lowers some whichever functions it takes.
pub const DEEP_DECLS: usize = 16;

/// The attribute name of the deep variant's nested attribute.
pub const DEEP_ATTR: &str = "stdlower.deep";

/// Values of the big variant's wide function: more than 10,000, so that its lowering
/// names values with five digits.
pub const WIDE_VALUES: usize = 10_050;

/// `m` made big: [`DEEP_ATTR`], an array nested [`DEEP_NESTING`] levels deep, on every
/// function, [`DEEP_DECLS`] declarations carrying it too, and a function of
/// [`WIDE_VALUES`] values (a chain of `addi` on its `i64` argument).
pub fn big_variant(m: &Module) -> Module {
    let mut deep = converter::ir::Attribute::Int {
        value: 1,
        ty: converter::ir::Type::Int(64),
    };
    for _ in 0..DEEP_NESTING {
        deep = converter::ir::Attribute::Array(vec![deep]);
    }
    let attr = converter::ir::NamedAttr::new(DEEP_ATTR, deep);
    let mut v = m.clone();
    let free = |v: &Module, stem: &str| {
        (0..)
            .map(|i| format!("{stem}_{i}"))
            .find(|n| v.func(n).is_none())
            .expect("a free name")
    };
    for k in 0..DEEP_DECLS {
        let name = free(&v, &format!("stdlower_deep{k}"));
        v.funcs.push(converter::ir::Func::new_std_decl(
            &name,
            Vec::new(),
            Vec::new(),
        ));
    }
    let i64t = converter::ir::Type::i64();
    let mut wide = converter::ir::Func::new_std(
        &free(&v, "stdlower_wide"),
        vec![i64t.clone()],
        vec![i64t.clone()],
    );
    let body = wide.body.as_mut().expect("a definition has a body");
    let entry = body.entry().expect("a definition has an entry block");
    let a = body.block_args(entry)[0];
    let mut last = a;
    for _ in 1..WIDE_VALUES {
        let op = body.append_op(
            entry,
            converter::ir::NewOp::new(converter::ir::OpKind::AddI)
                .operands([last, a])
                .result(i64t.clone()),
        );
        last = body.op(op).results[0];
    }
    body.append_op(
        entry,
        converter::ir::NewOp::new(converter::ir::OpKind::Return).operands([last]),
    );
    v.funcs.push(wide);
    for f in &mut v.funcs {
        f.attrs.push(attr.clone());
    }
    v
}

/// The `lower` flags of `opts` and `syntax`, as `stdlower lower` takes them.
fn lower_flags(opts: &LowerOptions, syntax: Syntax) -> Vec<String> {
    let mut v = vec![
        "--syntax".to_string(),
        match syntax {
            Syntax::Modern => "modern",
            Syntax::Legacy => "legacy",
        }
        .to_string(),
        "--index-bitwidth".to_string(),
        opts.index_bitwidth.to_string(),
    ];
    if opts.use_aligned_alloc {
        v.push("--use-aligned-alloc".into());
    }
    if opts.use_bare_ptr_memref_call_conv {
        v.push("--use-bare-ptr-memref-call-conv".into());
    }
    if opts.emit_c_interface {
        v.push("--emit-c-interface".into());
    }
    v
}

/// Runs `exe lower - --jobs 2` (an executable with `stdlower`'s `lower` command) on the
/// [`big_variant`] of `m` and compares what it prints with `lower_module`'s lowering of
/// that variant, printed in `syntax`, whose modern printing must also read back
/// ([`reads_back`]): `Some(detail)` when it does not, or the process crashes, fails,
/// or prints other text.
pub fn big_variant_is_lowered(
    m: &Module,
    opts: &LowerOptions,
    syntax: Syntax,
    exe: &std::path::Path,
) -> Option<String> {
    let deep = big_variant(m);
    let lowered = match converter::lower::lower_module(&deep, opts) {
        Ok(l) => l,
        Err(ds) => {
            return Some(format!(
                "made big (attributes nested {DEEP_NESTING} deep, a function of \
                 {WIDE_VALUES} values), the case fails to lower: {}",
                crate::oracles::joined(&ds)
            ))
        }
    };
    let modern = print_llvm(&lowered, Syntax::Modern);
    if let Err(e) = reads_back(&modern) {
        return Some(format!(
            "made big (attributes nested {DEEP_NESTING} deep, a function of {WIDE_VALUES} \
             values): {e}"
        ));
    }
    let want = match syntax {
        Syntax::Modern => modern,
        Syntax::Legacy => print_llvm(&lowered, syntax),
    };
    let src = converter::syntax::print_module(&deep, &Default::default());
    let flags = lower_flags(opts, syntax);
    let what = format!(
        "stdlower lower - --jobs 2 {} (the case with `{DEEP_ATTR}`, an array nested \
         {DEEP_NESTING} deep, on each function and {DEEP_DECLS} declarations, and a \
         function of {WIDE_VALUES} values)",
        flags.join(" ")
    );
    let out = match run_lower(exe, &flags, src.into_bytes()) {
        Ok(o) => o,
        Err(e) => return Some(format!("{what}: cannot run: {e}")),
    };
    use std::os::unix::process::ExitStatusExt;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some(sig) = out.status.signal() {
        return Some(format!(
            "{what} crashed with {}:\n{}",
            jit::worker::signal_name(sig),
            stderr.trim_end()
        ));
    }
    if !out.status.success() {
        return Some(format!(
            "{what} failed ({}):\n{}",
            out.status,
            stderr.trim_end()
        ));
    }
    let got = String::from_utf8_lossy(&out.stdout);
    (got != want).then(|| {
        format!(
            "{what} prints other text than lower_module, {}",
            first_difference(&want, &got)
        )
    })
}

/// `exe lower - --jobs 2 FLAGS` with `input` on its standard input, to its end.
fn run_lower(
    exe: &std::path::Path,
    flags: &[String],
    input: Vec<u8>,
) -> std::io::Result<std::process::Output> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(exe)
        .args(["lower", "-", "--jobs", "2"])
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    // Written from a thread: the child may fill its output pipe before reading all input.
    let stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(mut s) = stdin {
            let _ = s.write_all(&input);
        }
    });
    let out = child.wait_with_output();
    let _ = writer.join();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::lower::lower_module;

    #[test]
    fn generated_modules_agree_and_a_changed_text_is_reported() {
        let opts = LowerOptions::default();
        let mut checked = 0;
        for seed in 0..40u64 {
            let (_, m) = generator::generate_swarm_from_seed(seed);
            let Ok(lowered) = lower_module(&m, &opts) else {
                continue;
            };
            for syntax in [Syntax::Modern, Syntax::Legacy] {
                assert_eq!(
                    check(&m, &lowered, &opts, syntax, 1 + seed as usize % 2),
                    None
                );
            }
            checked += 1;
            // A lowering that differs from what the streaming paths print is reported:
            // here the "whole-module" side loses its last function.
            if lowered.funcs.len() > 1 {
                let mut wrong = lowered.clone();
                wrong.funcs.pop();
                let d = check(&m, &wrong, &opts, Syntax::Modern, 1).expect("a difference");
                assert!(d.contains("other text"), "{d}");
            }
        }
        assert!(checked > 30, "only {checked} modules lowered");
    }

    #[test]
    fn a_wrapper_name_taken_by_the_module_is_rejected() {
        let src =
            "func @f(%a: i32) -> i32 attributes {llvm.emit_c_interface} {\n  return %a : i32\n}\n";
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        assert_eq!(clash_is_rejected(&m, &LowerOptions::default()), None);
        // Without the attribute there is nothing to clash with.
        let plain = converter::syntax::parse_module(
            "t.mlir",
            src.replace(" attributes {llvm.emit_c_interface}", "")
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(clash_is_rejected(&plain, &LowerOptions::default()), None);
    }

    #[test]
    fn a_runtime_function_of_another_type_is_rejected() {
        let src = "func @f(%n: index) {\n  %m = alloc(%n) : memref<?xf32>\n  dealloc %m : memref<?xf32>\n  return\n}\n";
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        for aligned in [false, true] {
            let opts = LowerOptions {
                use_aligned_alloc: aligned,
                ..LowerOptions::default()
            };
            let lowered = lower_module(&m, &opts).unwrap();
            assert_eq!(runtime_clash_is_rejected(&m, &lowered, &opts), None);
        }
        // A module that declares the runtime function itself is left as it is, and one
        // that calls none has nothing to clash with.
        let own = format!("llvm.func @malloc(i64) -> !llvm.ptr\n{src}");
        let own = converter::syntax::parse_module("t.mlir", own.as_bytes()).unwrap();
        let lowered = lower_module(&own, &LowerOptions::default()).unwrap();
        let free_only = runtime_clash_is_rejected(&own, &lowered, &LowerOptions::default());
        assert_eq!(free_only, None);
        let none =
            converter::syntax::parse_module("t.mlir", b"func @g() {\n  return\n}\n").unwrap();
        let lowered = lower_module(&none, &LowerOptions::default()).unwrap();
        assert_eq!(
            runtime_clash_is_rejected(&none, &lowered, &LowerOptions::default()),
            None
        );
        // A lowering that declares what it did not call for is reported when the
        // module's own declaration of another type lowers without complaint: here the
        // lowered side names `@g`'s body-less copy as a runtime function it never is.
        let mut fake = lowered.clone();
        fake.funcs.push(converter::ir::Func::new_llvm_decl(
            "free",
            converter::ir::Type::llvm_func(converter::ir::Type::LlvmVoid, vec![]),
        ));
        let d =
            runtime_clash_is_rejected(&none, &fake, &LowerOptions::default()).expect("a finding");
        assert!(
            d.contains("@free of another type added, the module lowers"),
            "{d}"
        );
    }

    #[test]
    fn first_difference_names_the_line() {
        assert!(first_difference("a\nb\nc", "a\nx\nc").starts_with("line 2:"));
        assert!(first_difference("a\nb", "a").contains("<end>"));
    }
}
